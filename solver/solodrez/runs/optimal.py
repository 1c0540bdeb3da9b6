"""The summary of a `drez analyze --optimal --json-lines` run: proven minimal lengths, how
the root bound compares with them, search effort, and agreement with a verdict run.

The root bound of each deal is recomputed here: engine.lower_bound and, on top of it,
tight.bound_not_exact (+1 when the bound cannot be exact).  Whatever follows KEEP_MARK in
an existing summary (how the rows were made, the later passes) is kept at its end."""
from __future__ import annotations

import collections
import os

from ..batch import DIFFICULTIES, read_rows
from ..rules.position import Position
from ..search.tight import bound_not_exact, tight_scratch

KEEP_MARK = "<!-- written by hand: drez runs summary keeps what follows -->"
# the mark as tools/optimal_summary.py wrote it, in summaries made before `drez runs`
KEEP_MARKS = (KEEP_MARK, "<!-- written by hand: tools/optimal_summary.py keeps what follows -->")


def rows_by_deal(path: str) -> dict[int, dict]:
    """{deal: row} of a results file (CSV or JSON lines, optionally .gz)."""
    return {r["deal"]: r for r in read_rows(path)}


def quantile(sorted_values, q):
    """The q-quantile of sorted values (the lower one), None when there are none."""
    if not sorted_values:
        return None
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def effort_lines(rows, title):
    """One row of the effort table: seconds and positions (median, 99th percentile, max)."""
    secs = sorted(r["seconds"] for r in rows)
    nodes = sorted(r["nodes"] for r in rows)
    return [f"| {title} | {len(rows):,} | {quantile(secs, .5) * 1000:.2f} ms | "
            f"{quantile(secs, .99) * 1000:.1f} ms | {secs[-1]:.2f} s | "
            f"{quantile(nodes, .5):,} | {quantile(nodes, .99):,} | {nodes[-1]:,} |"]


def _with_later(rows: dict, later: list[str]) -> dict:
    """{deal: the pass file} of the rows a later pass decided, replacing them in `rows`."""
    redecided = {}
    for path in later:
        for d, r in rows_by_deal(path).items():
            if r["verdict"] in ("WON", "LOST") and d in rows:
                rows[d] = {**rows[d], **r, "limit": None}
                redecided[d] = path
    return redecided


def _bound_shortfalls(proven) -> tuple[collections.Counter, collections.Counter]:
    scratch = tight_scratch()
    shortfall = collections.Counter()
    shortfall_tight = collections.Counter()
    for r in proven:
        pos = Position.from_deal(r["deal"])
        h = pos.lower_bound()
        ht = h + int(bound_not_exact(pos.words(), *scratch))
        shortfall[r["length"] - h] += 1
        shortfall_tight[r["length"] - ht] += 1
    return shortfall, shortfall_tight


def _comparison(rows, deals, verdicts: str) -> list[str]:
    ref = rows_by_deal(verdicts)
    disagree = [d for d in deals if d in ref and {rows[d]["verdict"], ref[d]["verdict"]}
                == {"WON", "LOST"}]
    ref_won = [d for d in deals if d in ref and ref[d]["verdict"] == "WON"]
    undecided = [d for d in ref_won if not (rows[d]["verdict"] == "WON" and rows[d]["optimal"])]
    return ["", f"Compared with `{verdicts}`: {len(disagree)} deals with opposite "
            f"verdicts{(' (' + ', '.join(map(str, disagree[:20])) + ')') if disagree else ''}; "
            f"of its {len(ref_won):,} winnable deals, **{len(undecided):,} "
            f"{'has' if len(undecided) == 1 else 'have'} no proven "
            f"minimum** here ({100 * len(undecided) / max(1, len(ref_won)):.3f}%)"
            + (": " + ", ".join(map(str, undecided[:60])) + (" ..." if len(undecided) > 60 else "")
               if undecided else "") + "."]


def summary(results: str, name: str, verdicts: str | None = None, command: str = "",
            later: tuple[str, ...] = ()) -> str:
    """The Markdown summary of the --optimal run `results` (rows a later pass file decided
    replace its own), compared with the verdict run `verdicts` when given."""
    rows = rows_by_deal(results)
    redecided = _with_later(rows, list(later))
    deals = sorted(rows)
    counts = collections.Counter()
    for r in rows.values():
        v = r["verdict"]
        counts["WON proven" if v == "WON" and r["optimal"] else
               "WON not proven shortest" if v == "WON" else v] += 1
    proven = [rows[d] for d in deals if rows[d]["verdict"] == "WON" and rows[d]["optimal"]]
    shortfall, shortfall_tight = _bound_shortfalls(proven)
    lengths = collections.Counter(r["length"] for r in proven)
    out = [f"# Solodrez proven minimal solutions: {name}", ""]
    if command:
        out += ["Made by:", "", "    " + command, ""]
    out += [f"Source: `{results}`, {len(rows):,} deals ({deals[0]}-{deals[-1]})."
            + (f"  {len(redecided):,} of its undecided deals were decided by a later pass "
               f"({', '.join(sorted({os.path.basename(p) for p in redecided.values()}))})"
               "; those rows come from it." if redecided else ""), "",
            "## Verdicts", "", "| verdict | deals |", "|---|---:|"]
    for k in ("WON proven", "WON not proven shortest", "LOST", "UNKNOWN", "ERROR"):
        out.append(f"| {k} | {counts[k]:,} |")
    if verdicts:
        out += _comparison(rows, deals, verdicts)
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
    out += ["", "## Difficulty by minimal length", "", "| grade | deals |", "|---|---:|"]
    grades = collections.Counter(r["difficulty"] for r in rows.values())
    out += [f"| {g} | {grades.get(g, 0):,} |" for g in DIFFICULTIES]
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
    return "\n".join(out) + "\n"


def write_summary(path: str, text: str) -> None:
    """Write the summary to `path`, keeping what follows the keep mark of the one there."""
    kept = ""
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            old = f.read()
        for mark in KEEP_MARKS:
            if mark in old:
                kept = "\n" + old[old.index(mark):]
                break
    with open(path, "w", encoding="utf-8") as f:
        f.write(text + kept)
