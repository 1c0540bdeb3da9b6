"""Two results files compared deal by deal: every deal WON or LOST in both must have the
same verdict (each is a proof, so a disagreement is a bug in one of the searches)."""
from __future__ import annotations

import statistics
from collections import Counter

DECIDED = ("WON", "LOST")


def compare(rows_a: dict, rows_b: dict, a_name: str, b_name: str) -> tuple[str, list[int]]:
    """(the Markdown summary, the deals decided differently) of two runs' {deal: row}: the
    verdict pairs, the solutions of the deals both won, positions and difficulty words."""
    both = sorted(set(rows_a) & set(rows_b))
    pairs = Counter((rows_a[d]["verdict"], rows_b[d]["verdict"]) for d in both)
    clash = [d for d in both if rows_a[d]["verdict"] in DECIDED
             and rows_b[d]["verdict"] in DECIDED and rows_a[d]["verdict"] != rows_b[d]["verdict"]]
    out = [f"# Verdicts of `{a_name}` (A) against `{b_name}` (B)\n",
           f"{len(both):,} deals in both files.\n", "| A | B | deals |\n|---|---|---:|"]
    out += [f"| {va} | {vb} | {n:,} |" for (va, vb), n in sorted(pairs.items())]
    out += [""] + _details(rows_a, rows_b, both)
    if clash:
        out.append(f"**{len(clash)} deals decided differently:** {', '.join(map(str, clash[:50]))}")
    else:
        out.append("No deal is WON in one file and LOST in the other.")
    return "\n".join(out) + "\n", clash


def _details(rows_a, rows_b, both) -> list[str]:
    """The solutions of the deals won in both files, positions, difficulty words."""
    out = []
    won = [d for d in both if rows_a[d]["verdict"] == rows_b[d]["verdict"] == "WON"]
    if won:
        out.append(f"{len(won):,} deals won in both:\n\n| | A | B |\n|---|---:|---:|")
        for name, f in (("mean length", statistics.mean), ("median length", statistics.median),
                        ("longest", max)):
            out.append(f"| {name} | {f(rows_a[d]['length'] for d in won):.1f} | "
                       f"{f(rows_b[d]['length'] for d in won):.1f} |")
        out.append(f"| flagged shortest | {sum(rows_a[d]['optimal'] for d in won):,} | "
                   f"{sum(rows_b[d]['optimal'] for d in won):,} |")
        longer = sum(rows_b[d]["length"] > rows_a[d]["length"] for d in won)
        shorter = sum(rows_b[d]["length"] < rows_a[d]["length"] for d in won)
        out.append(f"\nB's solution is longer on {longer:,} of them and shorter on "
                   f"{shorter:,}.\n")
    moved = sum(rows_a[d]["nodes"] != rows_b[d]["nodes"] for d in both)
    out.append(f"Positions stored differ on {moved:,} deals.\n")
    count_a = Counter(rows_a[d]["difficulty"] for d in both)
    count_b = Counter(rows_b[d]["difficulty"] for d in both)
    out.append("| difficulty | A | B |\n|---|---:|---:|")
    out += [f"| {w} | {count_a[w]:,} | {count_b[w]:,} |"
            for w in sorted(set(count_a) | set(count_b))]
    return out + [""]
