#!/usr/bin/env python3
"""How often each regression gate is wrong: a saved baseline against later runs of the same spec
(`symmbench gate --baseline`) beside A/B in one job (`symmbench gate --ab`, the kernel against
itself in the same passes), on a host that is busy while they run.

  deploy/gate_study.py --symmbench bazel-bin/client/symmbench --coordinator 127.0.0.1:7070 \
      --kernel example_one_shot_cpu:one_shot [--runs 20] [--detect-runs 5] [--busy 1]

The daemon must run with --allow-fault-injection. For each gate: `--runs` jobs with no change
(every REGRESSED case is a false alarm), then `--detect-runs` jobs with a delay of 10% and of 20%
of the kernel's time injected at the delayed size only (a REGRESSED verdict there is a detection;
one at the other size is a false alarm). `--busy N` keeps N processes that alternate 0.1-0.4 s of
spinning with as much idling on the host meanwhile (a machine whose speed drifts). Prints a
Markdown table and writes every gate report as JSON under --out.
"""
import argparse
import json
import multiprocessing
import os
import random
import subprocess
import sys
import time

SIZES = [4096, 65536]
DELAYED = 65536  # the size that gets the injected delay


def burn(seed):
    rng = random.Random(seed)
    while True:
        end = time.monotonic() + rng.uniform(0.1, 0.4)
        while time.monotonic() < end:
            pass
        time.sleep(rng.uniform(0.1, 0.4))


def client(args, *argv):
    cmd = [args.symmbench, "--coordinator", args.coordinator, *argv]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600)


def spec_file(args, name, compare, delay_us):
    spec = {"kernel": args.kernel, "world_size": args.world_size, "dtype": "bf16",
            "warmup_iters": 5, "iters": args.iters, "repeats": args.repeats,
            "sweep": {"sizes_bytes": SIZES}}
    if compare:
        spec["sweep"]["compare_kernel"] = args.kernel
    if delay_us > 0:
        spec["inject_delay_us"] = delay_us
        spec["inject_delay_min_bytes"] = DELAYED
        spec["inject_delay_max_bytes"] = DELAYED
    path = os.path.join(args.out, name + ".json")
    with open(path, "w") as f:
        json.dump(spec, f)
    return path


def gate(args, name, gate_args):
    r = client(args, "gate", *gate_args, "--max-slowdown", args.max_slowdown, "--json")
    with open(os.path.join(args.out, name + ".gate.json"), "w") as f:
        f.write(r.stdout)
    report = json.loads(r.stdout) if r.stdout.strip() else {}
    if r.returncode == 2 or "cases" not in report:
        sys.exit(f"{name}: the gate made no decision: {r.stderr}")
    return {c["size"]: c["verdict"] for c in report["cases"]}, report


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--symmbench", required=True)
    p.add_argument("--coordinator", required=True)
    p.add_argument("--kernel", required=True)
    p.add_argument("--world-size", type=int, default=2)
    p.add_argument("--iters", type=int, default=20)
    p.add_argument("--repeats", type=int, default=10)
    p.add_argument("--runs", type=int, default=20)
    p.add_argument("--detect-runs", type=int, default=5)
    p.add_argument("--busy", type=int, default=1)
    p.add_argument("--max-slowdown", default="5%")
    p.add_argument("--out", default="/tmp/gate-study")
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    burners = [multiprocessing.Process(target=burn, args=(i,), daemon=True)
               for i in range(args.busy)]
    for b in burners:
        b.start()

    # Baseline gate: one saved baseline, every candidate a later job of the same spec. The
    # baseline's median loop at the delayed size sizes the injected delays.
    r = client(args, "submit", "--spec", spec_file(args, "baseline", False, 0), "--wait", "--json")
    base = json.loads(r.stdout)
    client(args, "baseline", "save", base["job_id"], "--name", "gate-study", "--force")
    medians = next(row["repeat_medians_us"] for row in base["rows"]
                   if row["size_bytes"] == DELAYED)
    t_us = sorted(medians)[len(medians) // 2]
    results = {}
    for gate_name, compare in (("baseline", False), ("ab", True)):
        for label, fraction, runs in (("none", 0.0, args.runs), ("10%", 0.10, args.detect_runs),
                                      ("20%", 0.20, args.detect_runs)):
            delay = fraction * t_us
            path = spec_file(args, f"{gate_name}-{label}", compare, delay)
            tally = {"runs": runs, "false_alarms": 0, "detected": 0, "ratios": []}
            for i in range(runs):
                name = f"{gate_name}-{label}-{i}"
                gate_args = ["--ab", "--run", path] if compare else [
                    "--baseline", "gate-study", "--run", path]
                verdicts, report = gate(args, name, gate_args)
                delayed_case = next(c for c in report["cases"] if c["size"] == "64K")
                tally["ratios"].append(delayed_case["ratio"])
                other = [v for s, v in verdicts.items() if s != "64K"]
                if fraction == 0:
                    tally["false_alarms"] += any(v == "regressed" for v in verdicts.values())
                else:
                    tally["detected"] += verdicts["64K"] == "regressed"
                    tally["false_alarms"] += any(v == "regressed" for v in other)
            results[(gate_name, label)] = tally
            print(f"# {gate_name} {label}: {tally}", file=sys.stderr)

    print(f"kernel {args.kernel}, world size {args.world_size}, sizes 4K and 64K, "
          f"{args.repeats} loops of {args.iters} iterations per size, --max-slowdown "
          f"{args.max_slowdown}, {args.busy} bursty burner(s); 64K: the baseline's median loop "
          f"{t_us:.2f} us, so 10% = {0.1 * t_us:.2f} us and 20% = {0.2 * t_us:.2f} us\n")
    print("| gate | injected at 64K | jobs | gates that failed with no change (false alarms) "
          "| 64K regressed (detections) | 64K ratio min..max |")
    print("| --- | --- | ---: | ---: | ---: | --- |")
    for (gate_name, label), t in results.items():
        detected = "-" if label == "none" else f"{t['detected']} of {t['runs']}"
        ratios = t["ratios"]
        print(f"| {'saved baseline' if gate_name == 'baseline' else 'A/B in one job'} | {label} | "
              f"{t['runs']} | {t['false_alarms']} | {detected} | "
              f"{min(ratios):.3f}..{max(ratios):.3f} |")


if __name__ == "__main__":
    main()
