#!/usr/bin/env node
// Offline, strict schema check of Kubernetes manifests (run through deploy/k8s/validate.sh).
//
//   node validate.cjs FILE...      (SYMMBENCH_K8S_VALIDATOR_DIR: where install-validator.sh put
//                                   the pinned npm packages; default: this file's directory)
//
// Each file may hold several YAML documents. Each document is checked against the JSON schema of
// its apiVersion/kind:
//   - Kubernetes' own kinds: the schemas that the npm package kubernetes-models ships (generated
//     from the Kubernetes API's OpenAPI document, see package.json for the version);
//   - monitoring.coreos.com kinds (ServiceMonitor, ...): @kubernetes-models/prometheus-operator
//     (generated from the prometheus-operator CRDs);
//   - kustomize.config.k8s.io/v1beta1 Kustomization: ../schemas/kustomization.schema.json.
// The packages' schemas leave objects open; here every object schema that lists its
// properties and says nothing about others gets additionalProperties: false, as kubeconform's
// "-strict" schemas do, so an unknown or misspelt field fails (the API server drops it, or
// refuses it with field validation Strict, the kubectl default since 1.27). Maps (labels,
// resources.limits, ...) keep their additionalProperties schema.
// YAML is read as YAML 1.1, as kubectl reads it (yes/no/on/off are booleans, 0600 is octal);
// duplicate keys are errors.
//
// Exit status: 0 every document is valid, 1 some document is not (one line per problem:
// FILE: document N (KIND NAME): PATH: MESSAGE), 2 usage error or validator not installed.
'use strict';

const fs = require('fs');
const path = require('path');
const Module = require('module');

const toolsDir = process.env.SYMMBENCH_K8S_VALIDATOR_DIR || __dirname;
const modulesDir = path.join(toolsDir, 'node_modules');
const schemasDir = path.join(__dirname, '..', 'schemas');

function die(message) {
  process.stderr.write(`validate: ${message}\n`);
  process.exit(2);
}

if (!fs.existsSync(path.join(modulesDir, 'kubernetes-models'))) {
  die(`the validator is not installed in ${toolsDir} (run deploy/k8s/install-validator.sh)`);
}
const toolsRequire = Module.createRequire(path.join(toolsDir, 'package.json'));
const Ajv = toolsRequire('ajv');
const addFormats = toolsRequire('ajv-formats');
const YAML = toolsRequire('yaml');

// ---------------------------------------------------------------------------------------------
// Schemas. The packages register them through @kubernetes-models/validate's register(id,
// schema) when a model's schema is first needed; a stand-in for that module collects them.
const collected = new Map();  // schema id -> schema
const standIn = {
  register(id, schema) {
    if (!collected.has(id)) collected.set(id, schema);
  },
  validate() {},
};
const originalLoad = Module._load;
Module._load = function load(request, ...rest) {
  if (request === '@kubernetes-models/validate') return standIn;
  return originalLoad.call(this, request, ...rest);
};

const kinds = new Map();  // "apiVersion/kind" -> schema id
function loadModels(dir) {
  for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '_schemas' && entry.name !== 'node_modules') loadModels(file);
      continue;
    }
    if (!entry.name.endsWith('.js') || entry.name === 'index.js') continue;
    for (const model of Object.values(require(file))) {
      if (typeof model !== 'function' || !model.apiVersion || !model.kind) continue;
      const symbols = Object.getOwnPropertySymbols(model.prototype);
      const idSymbol = symbols.find((s) => s.description === 'SCHEMA_ID');
      const addSymbol = symbols.find((s) => s.description === 'ADD_SCHEMA');
      if (!idSymbol || !addSymbol) continue;
      model.prototype[addSymbol]();
      kinds.set(`${model.apiVersion}/${model.kind}`, model.prototype[idSymbol]);
    }
  }
}
loadModels(path.join(modulesDir, 'kubernetes-models'));
loadModels(path.join(modulesDir, '@kubernetes-models', 'prometheus-operator', 'monitoring.coreos.com'));
Module._load = originalLoad;
if (!kinds.has('apps/v1/Deployment') || !kinds.has('monitoring.coreos.com/v1/ServiceMonitor')) {
  die(`no schemas found in ${modulesDir} (run deploy/k8s/install-validator.sh)`);
}

const kustomization = JSON.parse(
    fs.readFileSync(path.join(schemasDir, 'kustomization.schema.json'), 'utf8'));
const KUSTOMIZATION_ID = 'kustomize.config.k8s.io.v1beta1.Kustomization';
collected.set(KUSTOMIZATION_ID, kustomization);
kinds.set('kustomize.config.k8s.io/v1beta1/Kustomization', KUSTOMIZATION_ID);

// Strict copies: additionalProperties: false where a schema lists its properties, and
// {oneOf: [S, {type: null}]} (how the packages let an optional field be null) as
// {if: {type: null}, else: S}, so that an error inside S is reported once, not as "must match
// exactly one schema in oneOf" around it.
function isNullOnly(s) {
  return s && typeof s === 'object' && s.type === 'null' && Object.keys(s).length === 1;
}
function strict(schema) {
  if (Array.isArray(schema)) return schema.map(strict);
  if (!schema || typeof schema !== 'object') return schema;
  if (Array.isArray(schema.oneOf) && schema.oneOf.length === 2 && isNullOnly(schema.oneOf[1]) &&
      Object.keys(schema).length === 1) {
    return {if: {type: 'null'}, then: true, else: strict(schema.oneOf[0])};
  }
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties') {
      out.properties = {};
      for (const [name, sub] of Object.entries(value)) out.properties[name] = strict(sub);
    } else if (['items', 'additionalProperties', 'not', 'if', 'then', 'else'].includes(key) ||
               ['oneOf', 'anyOf', 'allOf'].includes(key)) {
      out[key] = strict(value);
    } else {
      out[key] = value;
    }
  }
  if (out.properties && !('additionalProperties' in out)) out.additionalProperties = false;
  return out;
}

const ajv = new Ajv({allErrors: true, verbose: true, strictTypes: false, strictRequired: false});
addFormats(ajv);
// Kubernetes' own formats (as @kubernetes-models/validate defines them).
const signed = /[+-]?(?:\d+|\d+\.\d+|\d+\.|\.\d+)/.source;
const quantity = new RegExp(
    `^${signed}(?:[KMGTPE]i|(?:[YZEPTGMkhdcmunpfazy]|da)|[eE]${signed})?$`);
ajv.addFormat('quantity', {type: 'string', validate: (v) => quantity.test(v)});
ajv.addFormat('string', {type: 'string', validate: () => true});
for (const [id, schema] of collected) ajv.addSchema(strict(schema), id);

// ---------------------------------------------------------------------------------------------
// Error messages.
function fieldPath(instancePath) {
  if (!instancePath) return '(document)';
  return instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
}
function show(value) {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
function typeOf(value) {
  return value === null ? 'null' : Array.isArray(value) ? 'array' :
      Number.isInteger(value) ? 'integer' : typeof value;
}
function describeBranch(s) {
  if (s.$ref) return s.$ref.replace(/#$/, '').split('.').pop();
  if (s.type) return s.format ? `${s.type} (${s.format})` : s.type;
  return JSON.stringify(s);
}
function describe(err) {
  switch (err.keyword) {
    case 'additionalProperties':
      return `unknown field "${err.params.additionalProperty}"`;
    case 'required':
      return `missing required field "${err.params.missingProperty}"`;
    case 'type':
      return `must be ${err.params.type}, not ${typeOf(err.data)} ${show(err.data)}`;
    case 'enum':
      return `must be one of ${err.params.allowedValues.map(show).join(', ')}, not ` +
          show(err.data);
    case 'format':
      return `must be a valid ${err.params.format}, not ${show(err.data)}`;
    case 'oneOf':
    case 'anyOf':
      return `must be one of: ${err.schema.map(describeBranch).join(' | ')}; got ` +
          `${typeOf(err.data)} ${show(err.data)}`;
    default:
      return `${err.message}${err.data !== undefined ? ` (got ${show(err.data)})` : ''}`;
  }
}
function report(errors) {
  // A oneOf/anyOf failure explains itself: drop its branches' errors; drop if/else wrappers.
  const unions = errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf');
  const lines = [];
  for (const e of errors) {
    if (e.keyword === 'if') continue;
    if (unions.some((u) => u !== e && u.instancePath === e.instancePath &&
                           e.schemaPath.startsWith(`${u.schemaPath}/`))) {
      continue;
    }
    const line = `${fieldPath(e.instancePath)}: ${describe(e)}`;
    if (!lines.includes(line)) lines.push(line);
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Checks beyond the schema that kubectl apply would fail on.
function extraChecks(doc, file) {
  const problems = [];
  if (doc.kind === 'Kustomization') {
    for (const r of doc.resources || []) {
      if (typeof r === 'string' && !/^[a-z]+:\/\//.test(r) &&
          !fs.existsSync(path.resolve(path.dirname(file), r))) {
        problems.push(`resources: "${r}" does not exist next to ${path.basename(file)}`);
      }
    }
  } else if (!doc.metadata) {
    problems.push('(document): missing required field "metadata"');
  } else if (typeof doc.metadata === 'object' && !doc.metadata.name &&
             !doc.metadata.generateName) {
    problems.push('metadata: missing required field "name"');
  }
  return problems;
}

function validateFile(file) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    return [`${file}: ${e.message}`];
  }
  const failures = [];
  const docs = YAML.parseAllDocuments(text, {version: '1.1', uniqueKeys: true, prettyErrors: true});
  let index = 0;
  let checked = 0;
  for (const doc of docs) {
    index += 1;
    const where = `${file}: document ${index}`;
    if (doc.errors.length) {
      for (const e of doc.errors) {
        failures.push(`${where}: YAML: ${e.message.split('\n')[0].replace(/:$/, '')}`);
      }
      continue;
    }
    const value = doc.toJS({maxAliasCount: 100});
    if (value === null || value === undefined) continue;  // empty document (comments, ---)
    checked += 1;
    if (typeof value !== 'object' || Array.isArray(value)) {
      failures.push(`${where}: not a mapping (a Kubernetes object)`);
      continue;
    }
    const label = `${value.kind || '?'}${value.metadata && value.metadata.name ?
        ` ${value.metadata.name}` : ''}`;
    const id = kinds.get(`${value.apiVersion}/${value.kind}`);
    if (!id) {
      failures.push(`${where} (${label}): no schema for apiVersion ${show(value.apiVersion)} ` +
                    `kind ${show(value.kind)}`);
      continue;
    }
    const validate = ajv.getSchema(id);
    const problems = validate(value) ? [] : report(validate.errors);
    problems.push(...extraChecks(value, file));
    for (const p of problems) failures.push(`${where} (${label}): ${p}`);
  }
  if (checked === 0 && failures.length === 0) failures.push(`${file}: no Kubernetes object in it`);
  return failures;
}

const files = process.argv.slice(2);
if (!files.length) die('usage: validate.cjs FILE...');
let bad = 0;
for (const file of files) {
  const failures = validateFile(file);
  if (failures.length) {
    bad += 1;
    for (const f of failures) process.stdout.write(`FAIL ${f}\n`);
  } else {
    process.stdout.write(`ok   ${file}\n`);
  }
}
process.stdout.write(`${files.length - bad} valid, ${bad} invalid\n`);
process.exit(bad ? 1 : 0);
