"""The deal index and the measures file, built from a difficulty run's rows (`drez
difficulty index`), and the check that they match those rows."""
from __future__ import annotations

import json
import os

from ..grades import DIFFICULTIES
from .grading import grade
from .lookup import header_line, measures_line


def build_index(rows: list[dict], source: str, command: str | None) -> dict:
    """{"source", "command", "grades", "difficulties": {difficulty: sorted deals}}; each
    row's grade is recomputed from its wins (grading.grade) and must equal the one stored."""
    groups = {d: [] for d in DIFFICULTIES}
    for r in rows:
        g = grade(r["verdict"], {k: r[k] for k in ("random", "greedy", "lookahead")}, r["plays"])
        if g != r["grade"]:
            raise ValueError(f"deal {r['deal']}: the row says {r['grade']}, its wins say {g}")
        groups[g].append(r["deal"])
    return {"source": source, "command": command,
            "grades": "by the simulated players' mean win rate (drez difficulty)",
            "difficulties": {d: sorted(v) for d, v in groups.items()}}


def write_index(index: dict, path: str) -> None:
    """JSON with one difficulty per line, so diffs stay readable."""
    parts = [f"    {json.dumps(d)}: {json.dumps(v, separators=(',', ':'))}"
             for d, v in index["difficulties"].items()]
    head = {k: v for k, v in index.items() if k != "difficulties"}
    text = "{\n" + "".join(f"  {json.dumps(k)}: {json.dumps(v)},\n" for k, v in head.items())
    text += '  "difficulties": {\n' + ",\n".join(parts) + "\n  }\n}\n"
    _write(path, text)


def write_measures(rows: list[dict], path: str) -> None:
    """measures.txt (lookup.py) of rows that cover one range of deals without a gap."""
    rows = sorted(rows, key=lambda r: r["deal"])
    first = rows[0]["deal"]
    if [r["deal"] for r in rows] != list(range(first, first + len(rows))):
        raise ValueError("the rows do not cover one range of deals without a gap")
    plays = {r["plays"] for r in rows}
    if len(plays) != 1:
        raise ValueError("the rows do not all have the same number of plays")
    _write(path, header_line(first, len(rows), plays.pop()) + "".join(map(measures_line, rows)))


def _write(path: str, text: str) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="ascii", newline="\n") as f:
        f.write(text)
    os.replace(tmp, path)
