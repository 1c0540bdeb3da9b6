"""Compare the verdicts of two `drez analyze` results files deal by deal.

    python tools/compare_runs.py A.csv.gz B.csv.gz

Every deal WON or LOST in both files must have the same verdict (each is a proof, so a
disagreement is a bug in one of the searches).  Prints a markdown summary (verdicts; the
solutions of the deals both won; positions and difficulty words); exit status 1 on any
disagreement, 2 on a file that cannot be read.
"""
from __future__ import annotations

import os
import statistics
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from drez.solver.solodrez import batch

DECIDED = ("WON", "LOST")


def main() -> int:
    if len(sys.argv) != 3:
        print("usage: compare_runs.py A B", file=sys.stderr)
        return 2
    a_path, b_path = sys.argv[1:]
    try:
        rows_a = {r["deal"]: r for r in batch.read_rows(a_path)}
        rows_b = {r["deal"]: r for r in batch.read_rows(b_path)}
    except (OSError, ValueError) as e:
        print(f"compare_runs: {e}", file=sys.stderr)
        return 2
    a = {d: r["verdict"] for d, r in rows_a.items()}
    b = {d: r["verdict"] for d, r in rows_b.items()}
    both = sorted(set(a) & set(b))
    pairs = Counter((a[d], b[d]) for d in both)
    clash = [d for d in both if a[d] in DECIDED and b[d] in DECIDED and a[d] != b[d]]
    print(f"# Verdicts of `{a_path}` (A) against `{b_path}` (B)\n")
    print(f"{len(both):,} deals in both files.\n")
    print("| A | B | deals |\n|---|---|---:|")
    for (va, vb), n in sorted(pairs.items()):
        print(f"| {va} | {vb} | {n:,} |")
    print()
    _details(rows_a, rows_b, both)
    if clash:
        print(f"**{len(clash)} deals decided differently:** {', '.join(map(str, clash[:50]))}")
        return 1
    print("No deal is WON in one file and LOST in the other.")
    return 0


def _details(rows_a, rows_b, both) -> None:
    """The solutions of the deals won in both files, positions, difficulty words."""
    won = [d for d in both if rows_a[d]["verdict"] == rows_b[d]["verdict"] == "WON"]
    if won:
        print(f"{len(won):,} deals won in both:\n\n| | A | B |\n|---|---:|---:|")
        for name, f in (("mean length", statistics.mean), ("median length", statistics.median),
                        ("longest", max)):
            print(f"| {name} | {f(rows_a[d]['length'] for d in won):.1f} | "
                  f"{f(rows_b[d]['length'] for d in won):.1f} |")
        print(f"| flagged shortest | {sum(rows_a[d]['optimal'] for d in won):,} | "
              f"{sum(rows_b[d]['optimal'] for d in won):,} |")
        longer = sum(rows_b[d]["length"] > rows_a[d]["length"] for d in won)
        shorter = sum(rows_b[d]["length"] < rows_a[d]["length"] for d in won)
        print(f"\nB's solution is longer on {longer:,} of them and shorter on {shorter:,}.\n")
    moved = sum(rows_a[d]["nodes"] != rows_b[d]["nodes"] for d in both)
    print(f"Positions stored differ on {moved:,} deals.\n")
    count_a = Counter(rows_a[d]["difficulty"] for d in both)
    count_b = Counter(rows_b[d]["difficulty"] for d in both)
    print("| difficulty | A | B |\n|---|---:|---:|")
    for w in sorted(set(count_a) | set(count_b)):
        print(f"| {w} | {count_a[w]:,} | {count_b[w]:,} |")
    print()


if __name__ == "__main__":
    sys.exit(main())
