#!/usr/bin/env python3
"""Measure PyTorch's own symmetric-memory ops on one multi-GPU host (bf16 throughout).

all_reduce: torch.ops.symm_mem.one_shot_all_reduce (out of place, symmetric input),
  two_shot_all_reduce_ (in place, symmetric buffer) and NCCL dist.all_reduce, per size.
ag_gemm: symm_mem.fused_all_gather_matmul(A_shard, [B], 0, group) against
  dist.all_gather_into_tensor of A_shard alone and torch.matmul(A [M,K], B) alone.
matmul_rs: symm_mem.fused_matmul_reduce_scatter(A, B, "sum", 0, group) against
  torch.matmul alone and dist.reduce_scatter_tensor of an [M, N] tensor alone.

Each op is checked once (all-reduce on small integers, whose bf16 sums are exact; fused
GEMMs against the unfused pair, max|got-want|/max|want| <= 2e-2), warmed up, and `iters`
calls are captured in one CUDA graph (an eager loop if capture fails on any rank). After
one warm replay, each of `repeats` replays is timed with CUDA events once the ranks are
lined up (one-element all-reduce + synchronize). Per-op time = elapsed / iters; a row
gives the slowest rank's median in microseconds. NVLink multicast stays off.

    NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 \\
    python -m torch.distributed.run --standalone --nproc-per-node N deploy/torch_symm.py \\
        --out result.json [--sizes 2K,16K] [--shapes MxNxK,...] [--iters 20] \\
        [--warmup 5] [--repeats 5] [--what all_reduce,ag_gemm,matmul_rs]

Rank 0 writes --out and prints a table; exit status 1 if a row that ran is not ok.
"""

import argparse
import json
import math
import os
import statistics
import sys
import types
from datetime import timedelta

# Multicast (NVLS) must stay off whatever the caller's environment says.
os.environ.update(NCCL_NVLS_ENABLE="0", TORCH_SYMM_MEM_DISABLE_MULTICAST="1",
                  NVSHMEM_DISABLE_NVLS="1")

import torch  # noqa: E402
import torch.distributed as dist  # noqa: E402
import torch.distributed._symmetric_memory as symm_mem  # noqa: E402

BF16 = torch.bfloat16
REL_TOL = 2e-2
WHATS = ("all_reduce", "ag_gemm", "matmul_rs")
DEFAULT_SIZES = "2K,16K,256K,2M"
DEFAULT_SHAPES = "4096x6656x16384,8192x8192x8192,16384x8192x4096,2048x8192x8192"
C = types.SimpleNamespace()  # process-wide handles, filled in by setup()


def parse_size(text):
    """'16K' -> 16384 bytes (K = 1024, M = 1048576)."""
    mult = {"K": 1 << 10, "M": 1 << 20}.get(text[-1:].upper(), 1)
    digits = text[:-1] if mult > 1 else text
    if not digits.isdigit() or int(digits) == 0 or int(digits) * mult % 2:
        raise ValueError(f"'{text}' is not a byte count of whole bf16 elements like 16K")
    return int(digits) * mult


def parse_shape(text):
    """'MxNxK' -> (M, N, K)."""
    parts = text.lower().split("x")
    if len(parts) != 3 or not all(p.isdigit() and int(p) > 0 for p in parts):
        raise ValueError(f"'{text}' is not MxNxK")
    return tuple(int(p) for p in parts)


def parse_what(text):
    """Check one --what item."""
    if text not in WHATS:
        raise ValueError(f"'{text}' is not one of {','.join(WHATS)}")
    return text


def parse_args(argv=None):
    """Command line; a bad value exits with a message naming its flag."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", required=True, help="JSON file that rank 0 writes")
    p.add_argument("--sizes", default=DEFAULT_SIZES, help="all-reduce bytes, K/M suffixes")
    p.add_argument("--shapes", default=DEFAULT_SHAPES, help="MxNxK list, M = gathered rows")
    p.add_argument("--iters", type=int, default=20, help="ops per graph or timed loop")
    p.add_argument("--warmup", type=int, default=5, help="untimed ops before capture")
    p.add_argument("--repeats", type=int, default=5, help="timed replays per op")
    p.add_argument("--what", default=",".join(WHATS), help="subset of " + ",".join(WHATS))
    a = p.parse_args(argv)

    def items(flag, text, conv):
        out = []
        for item in filter(None, (s.strip() for s in text.split(","))):
            try:
                out.append(conv(item))
            except ValueError as e:
                p.error(f"{flag}: {e}")
        return out or p.error(f"{flag}: the list is empty")

    a.sizes = items("--sizes", a.sizes, parse_size)
    a.shapes = items("--shapes", a.shapes, parse_shape)
    a.what = items("--what", a.what, parse_what)
    for flag, low in (("--iters", 1), ("--warmup", 0), ("--repeats", 1)):
        if getattr(a, flag[2:]) < low:
            p.error(f"{flag}: must be at least {low}, got {getattr(a, flag[2:])}")
    return a


def setup():
    """Start NCCL, a gloo group for host-side agreement, and symmetric memory."""
    local = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local)
    C.dev = torch.device("cuda", local)
    dist.init_process_group("nccl", timeout=timedelta(seconds=60), device_id=C.dev)
    C.rank, C.ws = dist.get_rank(), dist.get_world_size()
    C.cpu = dist.new_group(backend="gloo", timeout=timedelta(seconds=60))
    C.group_name = dist.group.WORLD.group_name
    C.side, C.flag = torch.cuda.Stream(), torch.ones(1, device=C.dev)
    symm_empty(64)  # registers the group with symmetric memory where torch needs that


def symm_empty(n):
    """A bf16 buffer of n elements in symmetric memory, rendezvoused on the world group."""
    try:
        t = symm_mem.empty(n, dtype=BF16, device=C.dev)
    except AttributeError:  # torch without symm_mem.empty
        from torch._C._distributed_c10d import _SymmetricMemory
        t = _SymmetricMemory.empty_strided_p2p((n,), (1,), BF16, C.dev, group_name=C.group_name)
    try:
        symm_mem.rendezvous(t, C.group_name)
    except RuntimeError:
        enable = getattr(symm_mem, "enable_symm_mem_for_group", None)
        if enable is None:
            raise
        enable(C.group_name)  # older torch: the group must be registered first
        symm_mem.rendezvous(t, C.group_name)
    return t


def describe(e):
    """One short line for an exception."""
    lines = str(e).strip().splitlines()
    return f"{type(e).__name__}: {lines[0][:300] if lines else ''}"


def worst(vals):
    """Largest value, or None (kept out of the JSON as NaN/inf) if any is not finite."""
    vals = list(vals)
    return max(vals) if all(math.isfinite(v) for v in vals) else None


def gather(obj):
    """Every rank's obj, on every rank, over gloo."""
    out = [None] * C.ws
    dist.all_gather_object(out, obj, group=C.cpu)
    return out


def agree(err):
    """The first error any rank reports, or None when all succeeded."""
    return next((e for e in gather(err) if e), None)


def attempt(fn):
    """(fn(), None) if it succeeds on every rank, else (None, the first error)."""
    try:
        out, err = fn(), None
    except Exception as e:  # noqa: BLE001 - reported in the row
        out, err = None, describe(e)
    err = agree(err)
    return (None, err) if err else (out, None)


def timed(launch, reset, iters, repeats):
    """Median and list of per-op microseconds; each repeat times one launch of iters ops."""
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    vals = []
    for _ in range(repeats):
        reset()
        dist.all_reduce(C.flag, op=dist.ReduceOp.MAX)  # line the ranks up
        torch.cuda.synchronize()
        start.record()
        launch()
        end.record()
        end.synchronize()
        vals.append(start.elapsed_time(end) * 1e3 / iters)
    return {"median": statistics.median(vals), "repeats": vals}


def measure(fn, reset, a, eager=False):
    """Warm fn up, then time it as a CUDA graph of iters ops (eager if capture fails)."""
    def loop():
        for _ in range(a.iters):
            fn()

    reset()
    C.side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(C.side):
        for _ in range(a.warmup):
            fn()
    torch.cuda.current_stream().wait_stream(C.side)
    torch.cuda.synchronize()
    res = {"eager": timed(loop, reset, a.iters, a.repeats)} if eager else {}
    graph, err = torch.cuda.CUDAGraph(), None
    try:
        with torch.cuda.graph(graph, stream=C.side, capture_error_mode="thread_local"):
            loop()
        torch.cuda.synchronize()
    except Exception as e:  # noqa: BLE001 - falls back to eager timing
        err = describe(e)
    err = agree(err)
    if err is None:
        graph.replay()
        torch.cuda.synchronize()
        res.update(mode="graph", **timed(graph.replay, reset, a.iters, a.repeats))
    else:
        res.setdefault("eager", timed(loop, reset, a.iters, a.repeats))
        res.update(mode="eager", capture_error=err, **res["eager"])
    del graph
    return res


def int_input(n, rank):
    """Rank `rank`'s check input: small integers (exact bf16 sums), drawn on CPU."""
    g = torch.Generator().manual_seed(7919 + rank)
    return torch.randint(-4, 5, (n,), generator=g).to(device=C.dev, dtype=BF16)


def rand_input(shape, salt):
    """This rank's random bf16 input."""
    g = torch.Generator(device=C.dev).manual_seed(1000 * C.rank + salt)
    return torch.randn(shape, generator=g, device=C.dev, dtype=BF16)


def all_reduce_row(a, op, nbytes, load, run, check, want, data):
    """Check one all-reduce op on exact integer sums, then time it as a graph and eagerly."""
    row = {"op": op, "bytes": nbytes, "dtype": "bf16"}

    def verify():
        load(check)
        return (run().float() - want).abs().max().item()

    err, skip = attempt(verify)
    if skip is None:
        res, skip = attempt(lambda: measure(run, lambda: load(data), a, eager=True))
    if skip:
        return {**row, "skipped": skip}
    per = gather((err, res))
    slow = max((r for _, r in per), key=lambda r: r["median"])
    row.update(mode=slow["mode"], time_us=slow["median"],
               eager_time_us=max(r["eager"]["median"] for _, r in per),
               repeat_us=slow["repeats"], rank_time_us=[r["median"] for _, r in per],
               max_abs_err=worst(e for e, _ in per))
    if "capture_error" in slow:
        row["capture_error"] = slow["capture_error"]
    row["ok"] = row["max_abs_err"] == 0.0
    return row


def all_reduce_rows(a, nbytes, sym1, sym2):
    """Rows for one message size: one_shot, two_shot and nccl."""
    n, gn = nbytes // 2, C.group_name
    one, two, plain = sym1[:n], sym2[:n], torch.empty(n, dtype=BF16, device=C.dev)
    ops = {  # op: (load data in, run one sum and return its result)
        "one_shot": (one.copy_, lambda: torch.ops.symm_mem.one_shot_all_reduce(one, "sum", gn)),
        "two_shot": (two.copy_, lambda: torch.ops.symm_mem.two_shot_all_reduce_(two, "sum", gn)),
        "nccl": (plain.copy_, lambda: (dist.all_reduce(plain), plain)[1]),
    }
    want = sum(int_input(n, r).float() for r in range(C.ws))
    check, data = int_input(n, C.rank), rand_input((n,), 1)
    return [all_reduce_row(a, op, nbytes, load, run, check, want, data)
            for op, (load, run) in ops.items()]


def bench_all_reduce(a):
    """All-reduce rows for every size, on two symmetric buffers of the largest size."""
    nmax = max(a.sizes) // 2
    sym1, sym2 = symm_empty(nmax), symm_empty(nmax)
    rows = [row for nbytes in a.sizes for row in all_reduce_rows(a, nbytes, sym1, sym2)]
    del sym1, sym2
    torch.cuda.synchronize()
    torch.cuda.empty_cache()
    return rows


def rel_error(got, want):
    """max |got - want| / max |want|, computed in fp32."""
    got, want = got.float(), want.float()
    return ((got - want).abs().max() / want.abs().max()).item()


def gemm_case(kind, m, n, k):
    """(tensors, ops, check) for one shape; ops are fused first, then the unfused parts."""
    t, gn, ws = {}, C.group_name, C.ws
    if kind == "ag_gemm":
        ops = {"fused": lambda: torch.ops.symm_mem.fused_all_gather_matmul(
                   t["shard"], [t["b"]], 0, gn)[1][0],
               "all_gather": lambda: dist.all_gather_into_tensor(t["full"], t["shard"]),
               "gemm": lambda: torch.matmul(t["full"], t["b"])}

        def check():
            t.update(shard=rand_input((m // ws, k), 2), b=rand_input((k, n), 3),
                     full=torch.empty(m, k, dtype=BF16, device=C.dev))
            ops["all_gather"]()
            return rel_error(ops["fused"](), ops["gemm"]())
    else:
        ops = {"fused": lambda: torch.ops.symm_mem.fused_matmul_reduce_scatter(
                   t["a"], t["b"], "sum", 0, gn),
               "reduce_scatter": lambda: dist.reduce_scatter_tensor(t["out"], t["prod"]),
               "gemm": lambda: torch.matmul(t["a"], t["b"])}

        def check():
            t.update(a=rand_input((m, k // ws), 4), b=rand_input((k // ws, n), 5),
                     out=torch.empty(m // ws, n, dtype=BF16, device=C.dev))
            t["prod"] = torch.matmul(t["a"], t["b"])
            ops["reduce_scatter"]()
            return rel_error(ops["fused"](), t["out"])
    return t, ops, check


def gemm_row(a, kind, shape):
    """Check the fused op once, then time it and each unfused part alone."""
    m, n, k = shape
    name = "x".join(map(str, shape))
    if m % C.ws or k % C.ws:
        return {"shape": name, "skipped": f"M={m} or K={k} does not divide by {C.ws} ranks"}
    tensors, ops, check = gemm_case(kind, m, n, k)
    rel, skip = attempt(check)
    times, ranks, modes = {}, {}, {}
    if skip is None:
        rel = worst(gather(rel))
        for op, fn in ops.items():
            res, skip = attempt(lambda: measure(fn, lambda: None, a))
            if skip:
                skip = f"{op}: {skip}"
                break
            per = gather(res)
            times[op] = max(r["median"] for r in per)
            ranks[op], modes[op] = [r["median"] for r in per], per[0]["mode"]
    tensors.clear()  # free this shape's big tensors before the next one
    torch.cuda.synchronize()
    torch.cuda.empty_cache()
    if skip:
        return {"shape": name, "skipped": skip}
    fused, *parts = ops
    return {"shape": name, **{f"{op}_us": times[op] for op in ops},
            "ratio": times[fused] / max(times[p] for p in parts), "rel_error": rel,
            "ok": rel is not None and rel <= REL_TOL, "mode": modes, "rank_us": ranks}


def num(v):
    """A short number for the table, or n/a."""
    return "n/a" if v is None else f"{v:.3g}"


def print_table(res):
    """A readable summary of the result on stdout."""
    print(f"torch {res['torch']}, {res['world_size']} x {res['device']}, symm_mem backend "
          f"{res['symm_mem_backend']}, iters/warmup/repeats {res['iters']}/{res['warmup']}/"
          f"{res['repeats']}; us per op, slowest rank")
    for kind in WHATS:
        for r in res.get(kind, []):
            head = f"{kind:>10} " + (f"{r['op']:>8} {r['bytes']:>9} B" if "op" in r
                                     else f"{r['shape']:>17}")
            if "skipped" in r:
                print(f"{head}  skipped: {r['skipped']}")
            elif "op" in r:
                print(f"{head}  {r['time_us']:10.2f} ({r['mode']})  eager "
                      f"{r['eager_time_us']:10.2f}  max_abs_err {num(r['max_abs_err'])}  "
                      f"{'ok' if r['ok'] else 'FAIL'}")
            else:
                times = "  ".join(f"{k[:-3]} {v:9.1f}" for k, v in r.items()
                                  if k.endswith("_us") and isinstance(v, float))
                print(f"{head}  {times}  ratio {r['ratio']:.3f}  rel_error {num(r['rel_error'])}"
                      f"  {'ok' if r['ok'] else 'FAIL'}")


def main():
    """Run the selected benchmarks; rank 0 writes the JSON and prints the table."""
    a = parse_args()
    setup()
    backend = getattr(symm_mem, "get_backend", lambda dev: None)(C.dev)
    res = {"torch": torch.__version__, "world_size": C.ws, "device": torch.cuda.get_device_name(),
           "symm_mem_backend": backend, "iters": a.iters, "warmup": a.warmup,
           "repeats": a.repeats}
    if "all_reduce" in a.what:
        res["all_reduce"] = bench_all_reduce(a)
    for kind in ("ag_gemm", "matmul_rs"):
        if kind in a.what:
            res[kind] = [gemm_row(a, kind, s) for s in a.shapes]
    bad = [r for k in WHATS for r in res.get(k, []) if "skipped" not in r and not r["ok"]]
    if C.rank == 0:
        with open(a.out, "w") as f:
            json.dump(res, f, indent=2, allow_nan=False)
            f.write("\n")
        print_table(res)
    dist.barrier(group=C.cpu)
    dist.destroy_process_group()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
