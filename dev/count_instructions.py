"""Instructions greedy search executes per expansion, counted by callgrind: a yardstick
that a noisy machine does not move.

    python -m dev.count_instructions [--deals 2357,3193]

Wall-clock times on this machine swing 1.5-2.7 times between runs minutes apart
(reports/bench/bench.md); instruction counts do not swing at all.  On lost deals greedy search
expands the same positions whatever order it keys children in, so two engines that store
the same positions can be compared exactly (a change to the search shows in the
positions expanded, printed beside the count).  Instructions are not time: memory stalls
and branch misses are not in them, so confirm a gain with a timed comparison.

Runs itself under `valgrind --tool=callgrind`, counting only inside compiled kernels
(`--toggle-collect` on numba's entry points), and prints the total per expansion and
each kernel's share (kernels named from the perf map dev/perf_kernels.py writes).  The
kernels are compiled for a fixed CPU (NUMBA_CPU_NAME and NUMBA_CPU_FEATURES below), once
natively before valgrind starts: under valgrind numba would see another CPU and compile
everything again, 20 minutes and more.  Needs valgrind.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CPU = {"NUMBA_CPU_NAME": "haswell",
       "NUMBA_CPU_FEATURES": "+64bit,+avx,+avx2,+bmi,+bmi2,+cmov,+cx16,+f16c,+fma,+fsgsbase,"
                             "+lzcnt,+mmx,+movbe,+pclmul,+popcnt,+sse,+sse2,+sse3,+sse4.1,"
                             "+sse4.2,+ssse3,+xsave"}


def _search(deals: list[int], map_path: str | None) -> None:
    """Greedy search on each deal to its end; prints deal, verdict code, stored, expanded."""
    sys.path.insert(0, ROOT)
    from drez.solver.solodrez.rules.position import Position
    from drez.solver.solodrez.search import astar
    from drez.solver.solodrez.search.solve import Limits, run_search
    for deal in deals:
        search = astar.AStar(Position.from_deal(deal).words(), 1 << 20, greedy=True)
        run_search(search, Limits(max_memory=1 << 30))
        print(f"searched {deal} {search.status} {search.stored} {search.expanded}", flush=True)
    if map_path:
        from dev import perf_kernels
        perf_kernels.write_perf_map()
        shutil.copy(f"/tmp/perf-{os.getpid()}.map", map_path)
        os.remove(f"/tmp/perf-{os.getpid()}.map")


def _kernel_counts(out_path: str, map_path: str) -> dict[str, int]:
    """Instructions by kernel name, from callgrind's per-function totals."""
    spans = []
    with open(map_path) as f:
        for line in f:
            start, size, name = line.split(None, 2)
            spans.append((int(start, 16), int(size, 16), name.strip()))
    report = subprocess.run(["callgrind_annotate", "--threshold=100", out_path],
                            capture_output=True, text=True).stdout
    counts: dict[str, int] = {}
    for m in re.finditer(r"^\s*([\d,]+) \([^)]*\)\s+\S*?:?0x([0-9a-f]+)", report, re.M):
        n, address = int(m.group(1).replace(",", "")), int(m.group(2), 16)
        name = next((s[2] for s in spans if s[0] <= address < s[0] + s[1]), "other")
        counts[name] = counts.get(name, 0) + n
    return counts


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", default="2357,3193", help="lost deals (default: 2357,3193)")
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--map", help=argparse.SUPPRESS)
    args = ap.parse_args()
    try:
        deals = [int(d) for d in args.deals.split(",")]
    except ValueError:
        ap.error(f"--deals takes deal numbers separated by commas, not {args.deals!r}")
    if args.inner:
        _search(deals, args.map)
        return 0
    if shutil.which("valgrind") is None or shutil.which("callgrind_annotate") is None:
        print("count_instructions: no valgrind on this machine (apt-get install valgrind)",
              file=sys.stderr)
        return 2
    env = dict(os.environ, **CPU)
    me = [sys.executable, os.path.abspath(__file__), "--deals", args.deals, "--inner"]
    native = [sys.executable, os.path.abspath(__file__), "--deals", str(deals[0]), "--inner"]
    subprocess.run(native, env=env, check=True, stdout=subprocess.DEVNULL)  # compiles, if need be
    with tempfile.TemporaryDirectory() as tmp:
        out, kmap = os.path.join(tmp, "callgrind.out"), os.path.join(tmp, "kernels.map")
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                              "--toggle-collect=*call_cfunc*", *me, "--map", kmap],
                             env=env, capture_output=True, text=True, check=True)
        expanded = stored = 0
        for line in run.stdout.splitlines():
            if line.startswith("searched "):
                _, deal, status, s, e = line.split()
                stored += int(s)
                expanded += int(e)
                print(f"deal {deal}: status {status}, {int(s):,} stored, {int(e):,} expanded")
        counts = _kernel_counts(out, kmap)
    total = sum(counts.values())
    print(f"{total:,} instructions in the kernels, {total / expanded:,.0f} an expansion "
          f"({expanded:,} expansions, {stored:,} positions stored)")
    for name, n in sorted(counts.items(), key=lambda kv: -kv[1])[:12]:
        print(f"  {n / expanded:>8,.0f}  {100 * n / total:5.1f}%  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
