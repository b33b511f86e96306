#!/usr/bin/env python3
"""How often each regression gate is wrong: a saved baseline against later runs of the same spec
(`symmbench gate --baseline`; for a plugin op, whose baseline keeps its build, the candidate
timed A/B against that build) beside A/B in one job (`symmbench gate --ab`, the kernel against
itself in the same passes), on a host that is busy while they run.

  deploy/gate_study.py --symmbench bazel-bin/client/symmbench --coordinator 127.0.0.1:7070 \
      --kernel example_one_shot_cpu:one_shot [--runs 40] [--detect-runs 40] [--busy 1] \
      [--hog bursty|steady] [--fractions 0.1]

The daemon must run with --allow-fault-injection. For each gate: `--runs` gates of jobs with no
change (a REGRESSED case is a false alarm), then `--detect-runs` gates of jobs with a delay of each
of `--fractions` of the kernel's time injected at `--delayed-size` only (a REGRESSED verdict
there is a detection; one at `--control-size` is a false alarm). Every gate runs with its defaults: a case
left inconclusive is measured again, up to 3 jobs in all. `--busy N` keeps N processes beside the
jobs meanwhile: `bursty` alternates 0.1-0.4 s of spinning with as much idling (a machine whose
speed changes from loop to loop), `steady` spins all the time. Prints a Markdown table (exit
codes: 0 pass, 1 fail, 3 inconclusive) and writes every gate report as JSON under --out.
"""
import argparse
import json
import multiprocessing
import os
import random
import subprocess
import sys
import time



def size_label(size):
    """The size as the gate names a case: 65536 -> "64K" (client/sizes.cc FormatSize)."""
    for shift, suffix in ((40, "T"), (30, "G"), (20, "M"), (10, "K")):
        if size > 0 and size % (1 << shift) == 0:
            return f"{size >> shift}{suffix}"
    return str(size)


def burn(seed, steady):
    rng = random.Random(seed)
    while True:
        end = time.monotonic() + rng.uniform(0.1, 0.4)
        while time.monotonic() < end:
            pass
        if not steady:
            time.sleep(rng.uniform(0.1, 0.4))


def client(args, *argv):
    cmd = [args.symmbench, "--coordinator", args.coordinator, *argv]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600)


def spec_file(args, name, compare, delay_us):
    spec = {"kernel": args.kernel, "world_size": args.world_size, "dtype": "bf16",
            "warmup_iters": 5, "iters": args.iters, "repeats": args.repeats,
            "sweep": {"sizes_bytes": [args.control_size, args.delayed_size]}}
    if compare:
        spec["sweep"]["compare_kernel"] = args.kernel
    if delay_us > 0:
        spec["inject_delay_us"] = delay_us
        spec["inject_delay_min_bytes"] = args.delayed_size
        spec["inject_delay_max_bytes"] = args.delayed_size
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
    return {c["size"]: c["verdict"] for c in report["cases"]}, report, r.returncode


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--symmbench", required=True)
    p.add_argument("--coordinator", required=True)
    p.add_argument("--kernel", required=True)
    p.add_argument("--world-size", type=int, default=2)
    p.add_argument("--iters", type=int, default=20)
    p.add_argument("--repeats", type=int, default=10)
    p.add_argument("--runs", type=int, default=40)
    p.add_argument("--detect-runs", type=int, default=40)
    p.add_argument("--busy", type=int, default=1)
    p.add_argument("--hog", choices=["bursty", "steady"], default="bursty")
    p.add_argument("--fractions", type=float, nargs="+", default=[0.10])
    p.add_argument("--gates", nargs="+", choices=["baseline", "ab"], default=["baseline", "ab"])
    p.add_argument("--control-size", type=int, default=4096, help="bytes; never delayed")
    p.add_argument("--delayed-size", type=int, default=65536, help="bytes; the delays go here")
    p.add_argument("--max-slowdown", default="5%")
    p.add_argument("--out", default="/tmp/gate-study")
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    burners = [multiprocessing.Process(target=burn, args=(i, args.hog == "steady"), daemon=True)
               for i in range(args.busy)]
    for b in burners:
        b.start()

    # Baseline gate: one saved baseline, every candidate a later job of the same spec. The
    # baseline's median loop at the delayed size sizes the injected delays.
    r = client(args, "submit", "--spec", spec_file(args, "baseline", False, 0), "--wait", "--json")
    base = json.loads(r.stdout)
    client(args, "baseline", "save", base["job_id"], "--name", "gate-study", "--force")
    medians = next(row["repeat_medians_us"] for row in base["rows"]
                   if row["size_bytes"] == args.delayed_size)
    t_us = sorted(medians)[len(medians) // 2]
    delayed = size_label(args.delayed_size)
    results = {}
    for gate_name in args.gates:
        compare = gate_name == "ab"
        for fraction, runs in [(0.0, args.runs)] + [(f, args.detect_runs) for f in args.fractions]:
            if runs == 0:
                continue
            label = "none" if fraction == 0 else f"{fraction:.0%}"
            delay = fraction * t_us
            path = spec_file(args, f"{gate_name}-{label}", compare, delay)
            tally = {"runs": runs, "false_alarms": 0, "detected": 0, "inconclusive": 0,
                     "drift": 0, "more_runs": 0, "ratios": [], "against_build": 0}
            for i in range(runs):
                name = f"{gate_name}-{label}-{i}"
                gate_args = ["--ab", "--run", path] if compare else [
                    "--baseline", "gate-study", "--run", path]
                verdicts, report, code = gate(args, name, gate_args)
                delayed_case = next(c for c in report["cases"] if c["size"] == delayed)
                tally["ratios"].append(delayed_case["ratio"])
                other = [v for s, v in verdicts.items() if s != delayed]
                tally["inconclusive"] += code == 3
                tally["drift"] += any(v == "drift" for v in verdicts.values())
                tally["more_runs"] += len(report.get("more_runs", []))
                tally["against_build"] += bool(report.get("against_build"))
                if fraction == 0:
                    tally["false_alarms"] += any(v == "regressed" for v in verdicts.values())
                else:
                    tally["detected"] += verdicts[delayed] == "regressed"
                    tally["false_alarms"] += any(v == "regressed" for v in other)
            results[(gate_name, label)] = tally
            print(f"# {gate_name} {label}: {tally}", file=sys.stderr)

    print(f"kernel {args.kernel}, world size {args.world_size}, sizes "
          f"{size_label(args.control_size)} and {delayed}, "
          f"{args.repeats} loops of {args.iters} iterations per size, --max-slowdown "
          f"{args.max_slowdown}, {args.busy} {args.hog} hog(s); {delayed}: the baseline's median loop "
          f"{t_us:.2f} us; delays: " +
          ", ".join(f"{f:.0%} = {f * t_us:.2f} us" for f in args.fractions) + "\n")
    print(f"| gate | injected at {delayed} | gates | false REGRESSED | {delayed} regressed "
          f"(detections) | inconclusive | drift | jobs measured again | decided A/B against "
          f"the baseline's kept build | {delayed} ratio min..max |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for (gate_name, label), t in results.items():
        detected = "-" if label == "none" else f"{t['detected']} of {t['runs']}"
        ratios = t["ratios"]
        print(f"| {'saved baseline' if gate_name == 'baseline' else 'A/B in one job'} | {label} | "
              f"{t['runs']} | {t['false_alarms']} | {detected} | {t['inconclusive']} | "
              f"{t['drift']} | {t['more_runs']} | {t['against_build']} | "
              f"{min(ratios):.3f}..{max(ratios):.3f} |")


if __name__ == "__main__":
    main()
