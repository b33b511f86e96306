#!/usr/bin/env python3
"""NCCL as NVIDIA's nccl-tests times it beside NCCL as symmbench's reference times it.

usage: nccl_tests_compare.py DIR

DIR holds, per op and world size N, what `deploy/gpu-suite.sh nccl-tests` wrote:
  nt_OP_wsN_R0.json, nt_OP_wsN_R2.json   nccl-tests -J documents (-G launches; -R 0 / -R 2)
  sb_OP_wsN_launches.json                 a symmbench job record, --graph-launches (nccl-tests' -G N)
  sb_OP_wsN_graph.json                    the same sizes with --graph (a replay of iters / 10 ops per sample)
  sbk_OP_wsN_KERNEL.json                  optional: a job of one of the op's kernels, --graph-launches
Writes DIR/nccl_tests_compare.md and DIR/nccl_tests_compare.json (the same figures), and prints
the tables. Two tables per op and world size:
  NCCL against NCCL: a ratio is symmbench's time for NCCL over nccl-tests'; a -G ratio outside
    1 +- TOLERANCE is marked with *.
  ours against NCCL: the dispatcher's own time (and the algorithm it ran) and each kernel's,
    with the speedup over nccl-tests' best figure (the faster of -R 0 and -R 2): best / ours.
"""
import json
import os
import re
import sys

TOLERANCE = 0.05
OPS = ("all_reduce", "all_gather", "reduce_scatter")


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def nccl_tests_times(doc):
    """size -> out-of-place time per operation (us) of an nccl-tests -J document."""
    if not doc:
        return {}
    return {int(r["size"]): float(r["out_of_place"]["time"]) for r in doc.get("results", [])}


def service_times(job, reference):
    """size -> the named reference's graph time (us) in a symmbench job record's final rows."""
    if not job:
        return {}
    times = {}
    for row in job.get("rows", []):
        if row.get("partial"):
            continue
        for ref in row.get("references", []):
            if ref.get("name") == reference and ref.get("graph_time_us", 0) > 0:
                times[int(row["size_bytes"])] = float(ref["graph_time_us"])
    return times


def own_times(job):
    """size -> (graph time us, algorithm) of a symmbench job record's own final rows."""
    if not job:
        return {}
    return {int(r["size_bytes"]): (float(r["graph_time_us"]), r.get("algorithm", ""))
            for r in job.get("rows", [])
            if not r.get("partial") and r.get("graph_time_us", 0) > 0}


def kernel_jobs(directory, stem):
    """kernel name -> its job record, for every sbk_STEM_KERNEL.json in DIR, sorted by name."""
    prefix = f"sbk_{stem}_"
    jobs = {}
    for name in sorted(os.listdir(directory)):
        if name.startswith(prefix) and name.endswith(".json"):
            jobs[name[len(prefix):-len(".json")]] = load(os.path.join(directory, name))
    return jobs


def ours_against_best(directory, op, stem, plain, symmetric, launches):
    """Rows of the ours-against-NCCL table: per size, nccl-tests' best (of `plain` and
    `symmetric`) and every job of ours (the dispatcher's `launches`, the sbk_ kernel jobs)."""
    jobs = {op: launches}
    jobs.update(kernel_jobs(directory, stem))
    times = {name: own_times(job) for name, job in jobs.items()}
    rows = []
    for size in sorted(set(plain) | set(symmetric)):
        known = [t for t in (plain.get(size), symmetric.get(size)) if t]
        best = min(known) if known else None
        kernels = {}
        for name, by_size in times.items():
            if size in by_size:
                us, algorithm = by_size[size]
                kernels[name] = {"us": us, "speedup": ratio(best, us), "algorithm": algorithm}
        rows.append({"size_bytes": size, "nccl_tests_best_us": best, "kernels": kernels})
    return list(times), rows


def ours_table(op, world_size, names, rows):
    lines = [
        f"### {op}, {world_size} ranks, bf16, -G: ours against nccl-tests' best (us per operation)",
        "",
        "| size (B) | nccl-tests best | " + " | ".join(f"{n} | speedup" for n in names) + " |",
        "| ---: | ---: |" + " ---: | ---: |" * len(names),
    ]
    for r in rows:
        cells = []
        for n in names:
            k = r["kernels"].get(n)
            if k is None:
                cells += ["-", "-"]
                continue
            shown = fmt(k["us"]) + (f" ({k['algorithm']})" if k["algorithm"] else "")
            cells += [shown, fmt(k["speedup"]) + "x" if k["speedup"] else "-"]
        lines.append(f"| {r['size_bytes']} | {fmt(r['nccl_tests_best_us'])} | " +
                     " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def ratio(a, b):
    return a / b if a and b else None


def fmt(value, digits=2):
    return "-" if value is None else f"{value:.{digits}f}"


def compare(directory, op, stem, plain, symmetric, launches):
    """Rows of the NCCL-against-NCCL table: nccl-tests' `plain` (-R 0) and `symmetric` (-R 2)
    times beside the service's NCCL references in `launches` and in the --graph job."""
    graph = load(os.path.join(directory, f"sb_{stem}_graph.json"))
    primary = f"nccl_{op}"
    ours = service_times(launches, primary)
    ours_symmetric = service_times(launches, "nccl_symmetric")
    ours_graph = service_times(graph, primary)
    rows = []
    for size in sorted(set(plain) | set(ours)):
        row = {
            "size_bytes": size,
            "nccl_tests_us": plain.get(size),
            "symmbench_us": ours.get(size),
            "ratio": ratio(ours.get(size), plain.get(size)),
            "symmbench_graph_us": ours_graph.get(size),
            "graph_ratio": ratio(ours_graph.get(size), plain.get(size)),
            "nccl_tests_symmetric_us": symmetric.get(size),
            "symmbench_symmetric_us": ours_symmetric.get(size),
            "symmetric_ratio": ratio(ours_symmetric.get(size), symmetric.get(size)),
        }
        row["within_tolerance"] = all(
            r is None or abs(r - 1) <= TOLERANCE for r in (row["ratio"], row["symmetric_ratio"]))
        rows.append(row)
    return rows


def table(op, world_size, rows):
    lines = [
        f"### {op}, {world_size} ranks, bf16, graph mode (us per operation)",
        "",
        "| size (B) | nccl-tests -G | symmbench -G | ratio | symmbench --graph | ratio | "
        "nccl-tests -R 2 -G | symmbench nccl_symmetric -G | ratio |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    def marked(value):
        outside = value is not None and abs(value - 1) > TOLERANCE
        return fmt(value, 3) + (" *" if outside else "")

    for r in rows:
        lines.append(
            f"| {r['size_bytes']} | {fmt(r['nccl_tests_us'])} | {fmt(r['symmbench_us'])} | "
            f"{marked(r['ratio'])} | {fmt(r['symmbench_graph_us'])} | {fmt(r['graph_ratio'], 3)} | "
            f"{fmt(r['nccl_tests_symmetric_us'])} | {fmt(r['symmbench_symmetric_us'])} | "
            f"{marked(r['symmetric_ratio'])} |")
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    directory = sys.argv[1]
    found = set()
    for name in os.listdir(directory):
        m = re.fullmatch(r"nt_(\w+?)_ws(\d+)_R0\.json", name)
        if m and m.group(1) in OPS:
            found.add((m.group(1), int(m.group(2))))
    if not found:
        sys.exit(f"nccl_tests_compare: no nt_*_R0.json in {directory}")
    document = {"tolerance": TOLERANCE, "tables": []}
    text = [f"* : outside 1 +- {TOLERANCE} (symmbench's time over nccl-tests')\n"]
    for op, world_size in sorted(found, key=lambda k: (OPS.index(k[0]), k[1])):
        stem = f"{op}_ws{world_size}"
        plain = nccl_tests_times(load(os.path.join(directory, f"nt_{stem}_R0.json")))
        symmetric = nccl_tests_times(load(os.path.join(directory, f"nt_{stem}_R2.json")))
        launches = load(os.path.join(directory, f"sb_{stem}_launches.json"))
        rows = compare(directory, op, stem, plain, symmetric, launches)
        names, ours = ours_against_best(directory, op, stem, plain, symmetric, launches)
        document["tables"].append({"op": op, "world_size": world_size, "rows": rows,
                                   "ours": ours})
        text.append(table(op, world_size, rows))
        text.append(ours_table(op, world_size, names, ours))
    with open(os.path.join(directory, "nccl_tests_compare.json"), "w") as f:
        json.dump(document, f, indent=1)
    with open(os.path.join(directory, "nccl_tests_compare.md"), "w") as f:
        f.write("\n".join(text))
    print("\n".join(text))


if __name__ == "__main__":
    main()
