"""Compare the verdicts of two `drez analyze` results files deal by deal.

    python tools/compare_runs.py A.csv.gz B.csv.gz

Every deal WON or LOST in both files must have the same verdict (each is a proof, so a
disagreement is a bug in one of the searches).  Prints a markdown summary; exit status 1
on any disagreement, 2 on a file that cannot be read.
"""
from __future__ import annotations

import os
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from solver.solodrez import batch  # noqa: E402

DECIDED = ("WON", "LOST")


def main() -> int:
    if len(sys.argv) != 3:
        print("usage: compare_runs.py A B", file=sys.stderr)
        return 2
    a_path, b_path = sys.argv[1:]
    try:
        a = {r["deal"]: r["verdict"] for r in batch.read_rows(a_path)}
        b = {r["deal"]: r["verdict"] for r in batch.read_rows(b_path)}
    except (OSError, ValueError) as e:
        print(f"compare_runs: {e}", file=sys.stderr)
        return 2
    both = sorted(set(a) & set(b))
    pairs = Counter((a[d], b[d]) for d in both)
    clash = [d for d in both if a[d] in DECIDED and b[d] in DECIDED and a[d] != b[d]]
    print(f"# Verdicts of `{a_path}` (A) against `{b_path}` (B)\n")
    print(f"{len(both):,} deals in both files.\n")
    print("| A | B | deals |\n|---|---|---:|")
    for (va, vb), n in sorted(pairs.items()):
        print(f"| {va} | {vb} | {n:,} |")
    print()
    if clash:
        print(f"**{len(clash)} deals decided differently:** {', '.join(map(str, clash[:50]))}")
        return 1
    print("No deal is WON in one file and LOST in the other.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
