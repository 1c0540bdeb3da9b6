"""Summarise a `drez analyze --optimal --json-lines` run: proven minimal lengths, how the
root bound compares with them, search effort, and agreement with a verdict run.

    python tools/optimal_summary.py reports/deals-0-99999/deals-0-99999-optimal.jsonl \
        --verdicts reports/deals-0-99999/deals-0-99999.csv.gz --name deals-0-99999-optimal \
        [--later PASS.csv ...]

Writes reports/NAME.md; whatever follows KEEP_MARK in an existing one (how the rows were
made, the later passes) is kept at its end.  The root bound of each deal is recomputed
here: engine.lower_bound and, on top of it, tight.bound_not_exact (+1 when the bound
cannot be exact).
"""
from __future__ import annotations

import argparse
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from drez.solver.solodrez import batch
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search.tight import bound_not_exact, tight_scratch

KEEP_MARK = "<!-- written by hand: tools/optimal_summary.py keeps what follows -->"


def read_rows(path: str) -> dict[int, dict]:
    """{deal: row} of a results file (CSV or JSON lines, optionally .gz)."""
    return {r["deal"]: r for r in batch.read_rows(path)}


def quantile(sorted_values, q):
    if not sorted_values:
        return None
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def effort_lines(rows, title):
    secs = sorted(r["seconds"] for r in rows)
    nodes = sorted(r["nodes"] for r in rows)
    return [f"| {title} | {len(rows):,} | {quantile(secs, .5) * 1000:.2f} ms | "
            f"{quantile(secs, .99) * 1000:.1f} ms | {secs[-1]:.2f} s | "
            f"{quantile(nodes, .5):,} | {quantile(nodes, .99):,} | {nodes[-1]:,} |"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results")
    ap.add_argument("--verdicts", help="a verdict run of the same range to compare with")
    ap.add_argument("--name", required=True)
    ap.add_argument("--command", default="", help="the command that made the results")
    ap.add_argument("--later", action="append", default=[],
                    help="a tools/redecide.py pass file whose decided rows replace the run's")
    args = ap.parse_args(argv)
    for path in [args.results, args.verdicts, *args.later]:
        if path and not os.path.isfile(path):
            ap.error(f"no such results file: {path}")
    rows = read_rows(args.results)
    redecided = {}
    for path in args.later:
        for d, r in read_rows(path).items():
            if r["verdict"] in ("WON", "LOST") and d in rows:
                rows[d] = {**rows[d], **r, "limit": None}
                redecided[d] = path
    deals = sorted(rows)
    counts = collections.Counter()
    for r in rows.values():
        v = r["verdict"]
        counts["WON proven" if v == "WON" and r["optimal"] else
               "WON not proven shortest" if v == "WON" else v] += 1
    proven = [rows[d] for d in deals if rows[d]["verdict"] == "WON" and rows[d]["optimal"]]
    scratch = tight_scratch()
    shortfall = collections.Counter()
    shortfall_tight = collections.Counter()
    for r in proven:
        pos = Position.from_deal(r["deal"])
        h = pos.lower_bound()
        ht = h + int(bound_not_exact(pos.words(), *scratch))
        shortfall[r["length"] - h] += 1
        shortfall_tight[r["length"] - ht] += 1
    lengths = collections.Counter(r["length"] for r in proven)
    out = [f"# Solodrez proven minimal solutions: {args.name}", ""]
    if args.command:
        out += ["Made by:", "", "    " + args.command, ""]
    out += [f"Source: `{args.results}`, {len(rows):,} deals ({deals[0]}-{deals[-1]})."
            + (f"  {len(redecided):,} of its undecided deals were decided by a later pass "
               f"({', '.join(sorted({os.path.basename(p) for p in redecided.values()}))})"
               "; those rows come from it." if redecided else ""), "",
            "## Verdicts", "", "| verdict | deals |", "|---|---:|"]
    for k in ("WON proven", "WON not proven shortest", "LOST", "UNKNOWN", "ERROR"):
        out.append(f"| {k} | {counts[k]:,} |")
    counts["WON proven"] + counts["WON not proven shortest"]
    if args.verdicts:
        ref = read_rows(args.verdicts)
        disagree = [d for d in deals if d in ref and {rows[d]["verdict"], ref[d]["verdict"]}
                    == {"WON", "LOST"}]
        ref_won = [d for d in deals if d in ref and ref[d]["verdict"] == "WON"]
        undecided = [d for d in ref_won if not (rows[d]["verdict"] == "WON" and rows[d]["optimal"])]
        out += ["", f"Compared with `{args.verdicts}`: {len(disagree)} deals with opposite "
                f"verdicts{(' (' + ', '.join(map(str, disagree[:20])) + ')') if disagree else ''}; "
                f"of its {len(ref_won):,} winnable deals, **{len(undecided):,} "
                f"{'has' if len(undecided) == 1 else 'have'} no proven "
                f"minimum** here ({100 * len(undecided) / max(1, len(ref_won)):.3f}%)"
                + (": " + ", ".join(map(str, undecided[:60])) + (" ..." if len(undecided) > 60 else "")
                   if undecided else "") + "."]
    out += ["", "## Minimal solution length (proven)", "",
            "| moves | deals | share |", "|---:|---:|---:|"]
    for n in sorted(lengths):
        out.append(f"| {n} | {lengths[n]:,} | {100 * lengths[n] / len(proven):.2f}% |")
    ls = sorted(r["length"] for r in proven)
    out += ["", f"Median {quantile(ls, .5)}, range {ls[0]}-{ls[-1]}, mean "
            f"{sum(ls) / len(ls):.2f}.", "",
            "## The root bound against the minimum", "",
            "`lower_bound` = engine.lower_bound of the deal; `+ exactness` adds 1 where "
            "tight.bound_not_exact proves the bound cannot be exact.", "",
            "| minimum - bound | lower_bound | + exactness |", "|---:|---:|---:|"]
    for k in sorted(set(shortfall) | set(shortfall_tight)):
        out.append(f"| {k} | {shortfall[k]:,} ({100 * shortfall[k] / len(proven):.2f}%) | "
                   f"{shortfall_tight[k]:,} ({100 * shortfall_tight[k] / len(proven):.2f}%) |")
    out += ["", "## Search effort per deal", "",
            "Seconds are wall time of one worker on a shared 2-core machine (other jobs "
            "were running); positions stored are deterministic.", "",
            "| deals | count | median | 99th percentile | max | median positions | "
            "99th pct positions | max positions |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    out += effort_lines(proven, "proven WON")
    first = [r for r in proven if r["deal"] < 10_000]
    if first and len(first) != len(proven):
        out += effort_lines(first, "proven WON, deals 0-9,999")
    decided = [r for r in rows.values() if r["verdict"] in ("WON", "LOST")]
    out += effort_lines(decided, "all decided")
    out += ["", "## Difficulty by minimal length", "",
            "| grade | deals |", "|---|---:|"]
    grades = collections.Counter(r["difficulty"] for r in rows.values())
    for g in batch.DIFFICULTIES:
        out.append(f"| {g} | {grades.get(g, 0):,} |")
    hardest = sorted(proven, key=lambda r: -r["nodes"])[:15]
    out += ["", "## Hardest proven deals (most positions)", "",
            "| deal | minimum | positions | seconds |", "|---:|---:|---:|---:|"]
    out += [f"| {r['deal']} | {r['length']} | {r['nodes']:,} | {r['seconds']:.2f} |"
            for r in hardest]
    rest = [d for d in deals if rows[d]["verdict"] == "UNKNOWN" or
            (rows[d]["verdict"] == "WON" and not rows[d]["optimal"])]
    out += ["", f"## Not proven here: {len(rest):,}", "",
            ", ".join(f"{d} ({rows[d]['verdict']}, " +
                      (rows[d].get("limit") or "not proven shortest") + ")" for d in rest[:200])
            or "None."]
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "reports",
                        args.name + ".md")
    kept = ""
    if os.path.exists(path):
        text = open(path, encoding="utf-8").read()
        if KEEP_MARK in text:
            kept = "\n" + text[text.index(KEEP_MARK):]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n" + kept)
    print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
