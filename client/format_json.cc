// The CLI's JSON views (declared in client/format.h), all from one mapping: ProtoToJson walks a
// message's descriptor, so a field added to the proto appears in --json with no code here.
//   - every field, set or not, under its proto name, in declaration order (0, "", false, [] or
//     the sub-message's view where there is nothing: client/cli-json.schema.json);
//   - int64 as JSON numbers (protobuf's own printer quotes them), enums by value name, maps as
//     objects;
//   - kFieldRules below: the few fields shown otherwise, each with its reason.
#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <google/protobuf/reflection.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "client/format.h"

namespace symmbench::client {
namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;

enum class Rule {
  kSkip,          // internal to the coordinator and its workers, not part of the CLI's view
  kNullIfEmpty,   // a message shown as null when unset or empty (nothing applies)
  kTrueIfUnset,   // an optional bool whose absence means true
  kFailedRankOr,  // Job.failed_rank: -1 unless the job FAILED
};

struct FieldRule {
  std::string_view field;  // full name, e.g. "symmbench.v1.Job.plan"
  Rule rule;
};

constexpr FieldRule kFieldRules[] = {
    {"symmbench.v1.Job.plan", Rule::kSkip},          // what the workers read
    {"symmbench.v1.Job.run_instance", Rule::kSkip},  // names shared-memory segments
    {"symmbench.v1.JobSpec.check", Rule::kTrueIfUnset},
    // The all_reduce dispatch table the job ran with; null for the other kernels.
    {"symmbench.v1.SweepSpec.dispatch", Rule::kNullIfEmpty},
    {"symmbench.v1.JobSpec.inject_fault", Rule::kNullIfEmpty},  // null: no fault injected
    {"symmbench.v1.Job.failed_rank", Rule::kFailedRankOr},
};

const FieldRule* RuleFor(const FieldDescriptor* field) {
  for (const FieldRule& rule : kFieldRules) {
    if (rule.field == field->full_name()) return &rule;
  }
  return nullptr;
}

// One value of `field` (element `index` of a repeated field, -1 for a singular one).
Json Value(const Message& message, const FieldDescriptor* field, int index) {
  const Reflection* r = message.GetReflection();
  const bool repeated = index >= 0;
  switch (field->cpp_type()) {
    case FieldDescriptor::CPPTYPE_INT32:
      return repeated ? r->GetRepeatedInt32(message, field, index) : r->GetInt32(message, field);
    case FieldDescriptor::CPPTYPE_INT64:
      return repeated ? r->GetRepeatedInt64(message, field, index) : r->GetInt64(message, field);
    case FieldDescriptor::CPPTYPE_UINT32:
      return repeated ? r->GetRepeatedUInt32(message, field, index) : r->GetUInt32(message, field);
    case FieldDescriptor::CPPTYPE_UINT64:
      return repeated ? r->GetRepeatedUInt64(message, field, index) : r->GetUInt64(message, field);
    case FieldDescriptor::CPPTYPE_DOUBLE:
      return repeated ? r->GetRepeatedDouble(message, field, index) : r->GetDouble(message, field);
    case FieldDescriptor::CPPTYPE_FLOAT:
      return repeated ? r->GetRepeatedFloat(message, field, index) : r->GetFloat(message, field);
    case FieldDescriptor::CPPTYPE_BOOL:
      return repeated ? r->GetRepeatedBool(message, field, index) : r->GetBool(message, field);
    case FieldDescriptor::CPPTYPE_STRING:
      return repeated ? r->GetRepeatedString(message, field, index) : r->GetString(message, field);
    case FieldDescriptor::CPPTYPE_ENUM:
      return (repeated ? r->GetRepeatedEnum(message, field, index) : r->GetEnum(message, field))
          ->name();
    case FieldDescriptor::CPPTYPE_MESSAGE:
      return ProtoToJson(repeated ? r->GetRepeatedMessage(message, field, index)
                                  : r->GetMessage(message, field));
  }
  return nullptr;
}

// A map field: {key: value} (keys of our maps are strings).
Json MapValue(const Message& message, const FieldDescriptor* field) {
  Json object = Json::object();
  const Reflection* r = message.GetReflection();
  const FieldDescriptor* key = field->message_type()->map_key();
  const FieldDescriptor* value = field->message_type()->map_value();
  for (int i = 0; i < r->FieldSize(message, field); ++i) {
    const Message& entry = r->GetRepeatedMessage(message, field, i);
    object[Value(entry, key, -1).get<std::string>()] = Value(entry, value, -1);
  }
  return object;
}

// Whether a message field holds nothing: unset, or, for a message that has lists (a dispatch
// table's entries), set with every list empty. A set message without lists (ceilings) is not empty.
bool IsEmptyMessage(const Message& message, const FieldDescriptor* field) {
  const Reflection* r = message.GetReflection();
  if (!r->HasField(message, field)) return true;
  const Message& sub = r->GetMessage(message, field);
  const google::protobuf::Descriptor* type = sub.GetDescriptor();
  bool has_lists = false;
  for (int i = 0; i < type->field_count(); ++i) {
    const FieldDescriptor* f = type->field(i);
    if (!f->is_repeated()) continue;
    has_lists = true;
    if (sub.GetReflection()->FieldSize(sub, f) > 0) return false;
  }
  return has_lists;
}

}  // namespace

Json ProtoToJson(const Message& message) {
  Json object = Json::object();
  const Reflection* r = message.GetReflection();
  const google::protobuf::Descriptor* type = message.GetDescriptor();
  for (int i = 0; i < type->field_count(); ++i) {
    const FieldDescriptor* field = type->field(i);
    const FieldRule* rule = RuleFor(field);
    if (rule != nullptr) {
      switch (rule->rule) {
        case Rule::kSkip:
          continue;
        case Rule::kNullIfEmpty:
          if (IsEmptyMessage(message, field)) {
            object[field->name()] = nullptr;
            continue;
          }
          break;
        case Rule::kTrueIfUnset:
          object[field->name()] = !r->HasField(message, field) || r->GetBool(message, field);
          continue;
        case Rule::kFailedRankOr: {
          const auto& job = static_cast<const v1::Job&>(message);
          object[field->name()] = job.state() == v1::FAILED ? job.failed_rank() : -1;
          continue;
        }
      }
    }
    // A oneof's message members (JobSpec.sweep or .gemm; a row's gemm, GEMM + collective rows
    // only, or ceilings, calibrate's row only): null unless it is the one set.
    if (field->real_containing_oneof() != nullptr &&
        field->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE && !r->HasField(message, field)) {
      object[field->name()] = nullptr;
      continue;
    }
    if (field->is_map()) {
      object[field->name()] = MapValue(message, field);
    } else if (field->is_repeated()) {
      Json array = Json::array();
      for (int j = 0; j < r->FieldSize(message, field); ++j) {
        array.push_back(Value(message, field, j));
      }
      object[field->name()] = std::move(array);
    } else {
      object[field->name()] = Value(message, field, -1);
    }
  }
  return object;
}

Json SpecToJson(const v1::JobSpec& spec) { return ProtoToJson(spec); }
Json RowToJson(const v1::ResultRow& row) { return ProtoToJson(row); }
Json JobToJson(const v1::Job& job) { return ProtoToJson(job); }
Json MachineToJson(const v1::MachineInfo& machine) { return ProtoToJson(machine); }
Json DevicesToJson(const v1::ListDevicesResponse& response) { return ProtoToJson(response); }
Json DispatchTableToJson(const v1::DispatchTable& table) { return ProtoToJson(table); }
Json CeilingsToJson(const v1::Ceilings& ceilings) { return ProtoToJson(ceilings); }

Json JobListToJson(const v1::ListJobsResponse& response) {
  Json jobs = Json::array();
  for (const v1::Job& job : response.jobs()) jobs.push_back(JobToJson(job));
  return {{"jobs", jobs}};
}

Json ErrorToJson(const std::string& code, const std::string& message) {
  return {{"error", {{"code", code}, {"message", message}}}};
}

}  // namespace symmbench::client
