"""Small statistics for batch reports: winnability bounds, percentiles, summaries (the
Wilson score interval is solver.common.stats.wilson_interval).

Pure Python on purpose: the numbers in `drez report` are checked by hand in tests/solodrez/test_stats.py.
"""
from __future__ import annotations

import math

from drez.solver.common.stats import Z95, wilson_interval


def winnability_bounds(won: int, lost: int, unknown: int, z: float = Z95):
    """(point, low, high) for the share of winnable deals.

    point = won / (won + lost) over decided deals (None if none is decided);
    low   = Wilson lower bound counting every undecided deal as lost;
    high  = Wilson upper bound counting every undecided deal as won.
    """
    n = won + lost + unknown
    point = won / (won + lost) if won + lost else None
    low = wilson_interval(won, n, z)[0]
    high = wilson_interval(won + unknown, n, z)[1]
    return point, low, high


def percentile(values, q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation between closest ranks
    (numpy's default 'linear' method).  ValueError for an empty sequence."""
    xs = sorted(values)
    if not xs:
        raise ValueError("percentile of no values")
    if not 0 <= q <= 100:
        raise ValueError(f"percentile {q} is outside 0..100")
    pos = (len(xs) - 1) * q / 100
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


PERCENTILES = (0, 10, 25, 50, 75, 90, 99, 100)


def summary(values, qs=PERCENTILES) -> dict | None:
    """count, mean and the percentiles qs of values; None for no values."""
    xs = list(values)
    if not xs:
        return None
    out = {"count": len(xs), "mean": sum(xs) / len(xs)}
    for q in qs:
        out[f"p{q:g}"] = percentile(xs, q)
    return out


def summarize_rows(rows) -> dict:
    """The numbers of `drez report` from result rows (dicts as solver.solodrez.batch.read_rows gives).

    A deal with several rows counts once (its first row).  Winnability: point estimate over
    decided deals; the interval counts UNKNOWN and ERROR deals as lost for its lower end and
    as won for its upper end.
    """
    seen = set()
    kept = []
    for row in rows:
        if row["deal"] not in seen:
            seen.add(row["deal"])
            kept.append(row)
    counts = dict.fromkeys(("WON", "LOST", "UNKNOWN", "ERROR"), 0)
    difficulties: dict[str, int] = {}
    for row in kept:
        counts[row["verdict"]] = counts.get(row["verdict"], 0) + 1
        difficulties[row["difficulty"]] = difficulties.get(row["difficulty"], 0) + 1
    won = [r for r in kept if r["verdict"] == "WON"]
    point, low, high = winnability_bounds(counts["WON"], counts["LOST"],
                                          counts["UNKNOWN"] + counts["ERROR"])
    hardest = sorted(won, key=lambda r: (-r["nodes"], r["deal"]))[:10]
    return {
        "deals": len(kept),
        "first": min(seen) if seen else None,
        "last": max(seen) if seen else None,
        "counts": counts,
        "difficulties": difficulties,
        "winnability": point, "low": low, "high": high,
        "length": summary(r["length"] for r in won),
        "optimal_share": (sum(1 for r in won if r["optimal"]) / len(won)) if won else None,
        "nodes": summary(r["nodes"] for r in kept if r["verdict"] in ("WON", "LOST")),
        "seconds": summary(r["seconds"] for r in kept if r["verdict"] in ("WON", "LOST")),
        "nodes_won": [r["nodes"] for r in won],
        "lengths_won": [r["length"] for r in won],
        "hardest": hardest,
        "lost": sorted(r["deal"] for r in kept if r["verdict"] == "LOST"),
        "unknown": sorted(r["deal"] for r in kept if r["verdict"] in ("UNKNOWN", "ERROR")),
    }
