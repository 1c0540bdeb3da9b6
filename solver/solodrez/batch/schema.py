"""The results file: one row schema for CSV and JSON lines, writing a row, and the one
strict reader every command and workflow uses.

A row has the fields of FIELDS, in that order (a CSV file's columns), and JSON rows also
carry `error`.  `limit` is a text ("nodes", "time", ...) or None, `lower_bound` a count
or None.  CSV files written before `limit` and `lower_bound` were added have the header
OLD_HEADER: the header says which columns a file has, and a column it lacks reads None.
"""
from __future__ import annotations

import csv
import json
import math

from ..grades import DIFFICULTIES
from ..rules.deals import MAX_DEAL, cut, deal_from_digits
from ..search.solve import LOST, UNKNOWN, WON

ERROR = "ERROR"
VERDICTS = (WON, LOST, UNKNOWN, ERROR)
FIELDS = ("deal", "verdict", "length", "optimal", "nodes", "seconds", "difficulty", "limit",
          "lower_bound")
REQUIRED = FIELDS[:7]            # every file has these; older CSV files have only these
HEADER = ",".join(FIELDS)
OLD_HEADER = ",".join(REQUIRED)
FORMATS = ("csv", "jsonl")


class RowError(ValueError):
    """A line of a results file that is not a row; the message names the line, the field
    and its value."""


# --- fields ----------------------------------------------------------------------------

def _count(value, limit: int | None = None) -> int:
    if isinstance(value, str) and value.isascii() and value.isdigit():
        value = deal_from_digits(value)      # None past 2**64-1, never converted whole
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 \
            or (limit is not None and value > limit):
        raise ValueError("not a count" if limit is None else f"not a count up to {limit}")
    return value


def _optional_count(value) -> int | None:
    return None if value in ("", None) else _count(value)


def _seconds(value) -> float:
    try:
        seconds = float(value) if isinstance(value, (str, int, float)) \
            and not isinstance(value, bool) else math.nan
    except ValueError:
        seconds = math.nan
    if not math.isfinite(seconds) or seconds < 0:
        raise ValueError("not a number of seconds")
    return seconds


_FLAGS = {"1": True, "0": False, "true": True, "false": False, "True": True, "False": False,
          True: True, False: False}


def _flag(value) -> bool:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        raise ValueError("not 1 or 0")
    try:
        return _FLAGS[value]
    except (KeyError, TypeError):
        raise ValueError("not 1 or 0") from None


def _one_of(choices):
    def check(value):
        if value not in choices:
            raise ValueError("not one of " + ", ".join(choices))
        return value
    return check


def _optional_text(value) -> str | None:
    if value in ("", None):
        return None
    if not isinstance(value, str):
        raise ValueError("not a text")
    return value


PARSERS = {"deal": lambda v: _count(v, MAX_DEAL), "verdict": _one_of(VERDICTS),
           "length": _optional_count, "optimal": _flag, "nodes": _count, "seconds": _seconds,
           "difficulty": _one_of(DIFFICULTIES), "limit": _optional_text,
           "lower_bound": _optional_count, "error": _optional_text}


def _checked(raw: dict, names) -> dict:
    """The row of raw field values (texts or JSON values), field by field in file order;
    ValueError naming the first field that is wrong and its value."""
    row = dict.fromkeys(FIELDS)
    row["error"] = None
    for name in names:
        try:
            row[name] = PARSERS[name](raw[name])
        except ValueError as e:
            raise ValueError(f"field {name!r} is {cut(repr(raw[name]))}, {e}") from None
    return row


# --- one line --------------------------------------------------------------------------

def format_row(row: dict, fmt: str, columns=FIELDS) -> str:
    """One output line, newline included.  JSON lines: the row as it is.  CSV: the fields
    of `columns`; optimal is 1/0, and None (no length, limit or bound) is empty."""
    if fmt == "jsonl":
        return json.dumps(row, separators=(",", ":")) + "\n"
    cells = []
    for name in columns:
        value = row.get(name)
        if name == "optimal":
            value = int(bool(value))
        elif name == "seconds":
            value = f"{value:.4f}"
        cells.append("" if value is None else str(value))
    return ",".join(cells) + "\n"


def header_columns(line: str) -> tuple[str, ...]:
    """The columns a CSV header line names; ValueError unless they are known fields, each
    once, including every REQUIRED one."""
    columns = tuple(line.strip().split(","))
    unknown = [c for c in columns if c not in FIELDS]
    if unknown or len(set(columns)) != len(columns) or not set(REQUIRED) <= set(columns):
        raise ValueError(f"it is not a results header like {HEADER!r}"
                         + (f" (unknown column {unknown[0]!r})" if unknown else ""))
    return columns


def parse_row(line: str, fmt: str, columns=FIELDS) -> dict:
    """The row of one output line (no header; `columns` are the CSV file's); ValueError
    naming the field that is wrong and its value, or the fields that are missing."""
    if fmt == "jsonl":
        try:
            raw = json.loads(line)
        except ValueError:
            raw = None
        if not isinstance(raw, dict):
            raise ValueError(f"not a JSON object: {line.strip()[:80]!r}")
        names = [k for k in (*FIELDS, "error") if k in raw]
    else:
        cells = next(csv.reader([line])) if '"' in line else line.rstrip("\r\n").split(",")
        raw = dict(zip(columns, cells))
        names = list(raw)
    row = _checked(raw, names)
    missing = [k for k in REQUIRED if k not in raw]
    if missing:
        raise ValueError(f"field {missing[0]!r} is missing")
    if fmt != "jsonl" and len(cells) != len(columns):
        raise ValueError(f"{len(cells)} fields; a row has {len(columns)} ({','.join(columns)})")
    return row


# --- the file --------------------------------------------------------------------------

def open_text(path: str):
    """Open a results file for reading, gzip-compressed when it ends in .gz."""
    if path.endswith(".gz"):
        import gzip
        return gzip.open(path, "rt", encoding="utf-8", newline="")
    return open(path, encoding="utf-8", newline="")


def guess_format(path: str) -> str:
    """'jsonl' for .jsonl, .json and .ndjson files (optionally .gz), else 'csv'."""
    base = path[:-3] if path.endswith(".gz") else path
    return "jsonl" if base.endswith((".jsonl", ".json", ".ndjson")) else "csv"


MAX_LINE = 1 << 16        # a row is some hundred characters; /dev/zero is one endless line


def read_rows(path: str, fmt: str | None = None):
    """Every row of a results file (CSV or JSON lines, optionally .gz), in file order, each
    with every field of FIELDS and `error`.  Blank lines are skipped, and so is a last line
    without its newline (an interrupted write).  RowError names the line, the field and
    its value at the first line that is not a row; OSError when the file cannot be read."""
    fmt = fmt or guess_format(path)
    columns = FIELDS
    lineno = 0
    try:
        with open_text(path) as f:
            for lineno, line in enumerate(iter(lambda: f.readline(MAX_LINE + 1), ""), 1):
                if len(line) > MAX_LINE:
                    raise ValueError(f"longer than {MAX_LINE:,} characters: not a results row")
                if not line.endswith("\n"):
                    break
                if lineno == 1 and fmt == "csv":
                    columns = header_columns(line)
                elif line.strip():
                    yield parse_row(line, fmt, columns)
    except UnicodeDecodeError:
        raise RowError(f"{path} line {lineno + 1}: not UTF-8 text") from None
    except ValueError as e:
        raise RowError(f"{path} line {lineno}: {e}") from None


def file_columns(path: str) -> tuple[str, ...]:
    """The columns of an existing CSV results file (FIELDS when it is empty)."""
    with open_text(path) as f:
        line = f.readline()
    return header_columns(line) if line.endswith("\n") else FIELDS
