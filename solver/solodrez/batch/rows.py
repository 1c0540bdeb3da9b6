"""The rows of a run: difficulty grades, the row of a solve result or of an error, and
the tally of verdicts (the row schema and the reader are in schema.py)."""
from __future__ import annotations

from collections import Counter

from ..grades import DIFFICULTIES, GRADES  # noqa: F401  (DIFFICULTIES: re-exported by batch)
from ..search.solve import LOST, UNKNOWN, WON
from .schema import ERROR


class BatchError(Exception):
    """A run that cannot start or go on; the message is one line for the user."""


# --- difficulty ------------------------------------------------------------------------
# These are effort classes of our engine (they moved with ENGINE_VERSION): the grades a
# player sees (`drez deal --pick`, `drez solve`, the web page) are measured against
# simulated players instead (solver/solodrez/difficulty/, deals/index.json).

# Verdict-search runs (the default): a won deal gets the grade of its node count and the
# grade of its solution length, whichever is harder.  Upper bounds, inclusive.
NODE_GRADES = ((200, "easy"), (5_000, "medium"), (200_000, "hard"))
LENGTH_GRADES = ((70, "easy"), (120, "medium"), (250, "hard"))
# --optimal runs: a won deal whose length is proven minimal is graded by that length
# alone; one whose minimality was not proven within the limits is 'expert'.
OPTIMAL_LENGTH_GRADES = ((45, "easy"), (48, "medium"), (51, "hard"))


def _grade(value: int, table) -> int:
    for bound, name in table:
        if value <= bound:
            return GRADES.index(name)
    return len(GRADES) - 1


def difficulty(verdict: str, length: int | None, nodes: int, optimal: bool,
               optimal_run: bool = False) -> str:
    """The difficulty word of a row: easy/medium/hard/expert for won deals, 'lost', or
    'unknown' (a limit was hit, or the deal raised an error).  See NODE_GRADES."""
    if verdict == LOST:
        return "lost"
    if verdict != WON:
        return "unknown"
    if optimal_run:
        return GRADES[_grade(length, OPTIMAL_LENGTH_GRADES)] if optimal else "expert"
    return GRADES[max(_grade(nodes, NODE_GRADES), _grade(length, LENGTH_GRADES))]


# --- rows ------------------------------------------------------------------------------

def make_row(deal: int, result, optimal_run: bool) -> dict:
    """The row of a solve.Result: every field of the schema, and `error` None."""
    return {"deal": deal, "verdict": result.verdict, "length": result.length,
            "optimal": bool(result.optimal) if result.verdict == WON else False,
            "nodes": int(result.nodes), "seconds": round(float(result.seconds), 4),
            "difficulty": difficulty(result.verdict, result.length, result.nodes,
                                     result.optimal, optimal_run),
            "limit": _text(result.limit), "lower_bound": result.lower_bound, "error": None}


def _text(limit) -> str | None:
    """A limit as the text rows keep ("nodes", ...), whether it is a str or a str enum."""
    return None if limit is None else getattr(limit, "value", limit)


def error_row(deal: int, message: str) -> dict:
    """The row of a deal whose search raised an exception (`message` says which)."""
    return {"deal": deal, "verdict": ERROR, "length": None, "optimal": False, "nodes": 0,
            "seconds": 0.0, "difficulty": "unknown", "limit": None, "lower_bound": None,
            "error": message}


class Tally:
    """Running counts of verdicts, for the progress bar and the final summary."""

    def __init__(self):
        self.counts = Counter()

    def add(self, row: dict) -> None:
        self.counts[row["verdict"]] += 1

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def winnability(self) -> float | None:
        decided = self.counts[WON] + self.counts[LOST]
        return self.counts[WON] / decided if decided else None

    def postfix(self) -> str:
        w = self.winnability()
        text = f"won {w:.2%}" if w is not None else "won -"
        text += f" lost {self.counts[LOST]} unknown {self.counts[UNKNOWN]}"
        if self.counts[ERROR]:
            text += f" errors {self.counts[ERROR]}"
        return text
