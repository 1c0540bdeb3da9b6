"""The rows of a run: fields, difficulty grades, formatting and parsing (CSV or JSON
lines), and the tally of verdicts."""
from __future__ import annotations

import csv
import json
from collections import Counter

from ..grades import DIFFICULTIES, GRADES  # noqa: F401  (DIFFICULTIES: re-exported by batch)
from ..search.solve import LOST, UNKNOWN, WON

ERROR = "ERROR"
FIELDS = ("deal", "verdict", "length", "optimal", "nodes", "seconds", "difficulty")
HEADER = ",".join(FIELDS)
FORMATS = ("csv", "jsonl")


class BatchError(Exception):
    """A run that cannot start or go on; the message is one line for the user."""


# --- difficulty ------------------------------------------------------------------------

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
    """The row for a solve.Result."""
    return {"deal": deal, "verdict": result.verdict, "length": result.length,
            "optimal": bool(result.optimal) if result.verdict == WON else False,
            "nodes": int(result.nodes), "seconds": round(float(result.seconds), 4),
            "difficulty": difficulty(result.verdict, result.length, result.nodes,
                                     result.optimal, optimal_run),
            "limit": result.limit, "lower_bound": result.lower_bound, "error": None}


def error_row(deal: int, message: str) -> dict:
    return {"deal": deal, "verdict": ERROR, "length": None, "optimal": False, "nodes": 0,
            "seconds": 0.0, "difficulty": "unknown", "limit": None, "lower_bound": None,
            "error": message}


def format_row(row: dict, fmt: str) -> str:
    """One output line, newline included.  CSV: optimal is 1/0, length empty unless WON."""
    if fmt == "jsonl":
        return json.dumps(row, separators=(",", ":")) + "\n"
    length = "" if row["length"] is None else str(row["length"])
    return (f"{row['deal']},{row['verdict']},{length},{int(bool(row['optimal']))},"
            f"{row['nodes']},{row['seconds']:.4f},{row['difficulty']}\n")


def parse_row(line: str, fmt: str) -> dict:
    """The row of one output line (no header); ValueError if it is not one."""
    if fmt == "jsonl":
        row = json.loads(line)
        if not isinstance(row, dict) or not row.keys() >= FIELDS_SET:
            raise ValueError(f"not a result row: {line.strip()!r}")
    else:
        cells = next(csv.reader([line]))
        if len(cells) != len(FIELDS):
            raise ValueError(f"not a result row: {line.strip()!r}")
        row = dict(zip(FIELDS, cells))
        row["length"] = int(row["length"]) if row["length"] else None
        row["optimal"] = row["optimal"] in ("1", "true", "True")
        row["nodes"] = int(row["nodes"])
        row["seconds"] = float(row["seconds"])
    row["deal"] = int(row["deal"])
    if row["verdict"] not in (WON, LOST, UNKNOWN, ERROR):
        raise ValueError(f"unknown verdict {row['verdict']!r} in {line.strip()!r}")
    return row


FIELDS_SET = frozenset(FIELDS)


def open_text(path: str):
    """Open a results file for reading, gzip-compressed when it ends in .gz."""
    if path.endswith(".gz"):
        import gzip
        return gzip.open(path, "rt", encoding="utf-8", newline="")
    return open(path, encoding="utf-8", newline="")


def guess_format(path: str) -> str:
    base = path[:-3] if path.endswith(".gz") else path
    return "jsonl" if base.endswith((".jsonl", ".json", ".ndjson")) else "csv"


def read_rows(path: str, fmt: str | None = None):
    """Every row of a results file (CSV or JSON lines, optionally .gz), in file order.
    A last line without its newline (an interrupted write) is skipped."""
    fmt = fmt or guess_format(path)
    with open_text(path) as f:
        for i, line in enumerate(f, 1):
            if not line.endswith("\n"):
                break
            if i == 1 and fmt == "csv":
                if line.strip() != HEADER:
                    raise ValueError(f"{path}: first line is not the header {HEADER!r}")
                continue
            if line.strip():
                yield parse_row(line, fmt)


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
