"""A deal's difficulty from the shipped measures (deals/measures.txt): `difficulty_of(n)`
reads one fixed-width line (a seek, not the whole file) and needs neither numpy nor
numba, so `drez solve`, `drez hint` and the web app answer with it at once.

measures.txt: a header line `drez-difficulty-measures first=F count=C plays=P`, then one
line of LINE_WIDTH bytes per deal F..F+C-1:

    verdict (W, L or U), minimal length (3), wins of each player (3 each), opening moves
    (3), losing opening moves (3), undecided opening moves (3), a space, the grade (6)

with '-' for a measure that is missing.
"""
from __future__ import annotations

from drez.deals import measures_path

from .grading import PLAYER_NAMES, why

HEADER_TAG = "drez-difficulty-measures"
VERDICT_CODES = {"WON": "W", "LOST": "L", "UNKNOWN": "U"}
VERDICTS = {v: k for k, v in VERDICT_CODES.items()}
NUMBERS = ("min_length",) + PLAYER_NAMES + ("opening_moves", "opening_lost", "opening_undecided")
LINE_WIDTH = 1 + 3 * len(NUMBERS) + 1 + 6 + 1


def _cell(value) -> str:
    return "  -" if value is None else f"{value:>3}"


def measures_line(row: dict) -> str:
    """The line of a difficulty row (measure.FIELDS), newline included; LINE_WIDTH long."""
    line = VERDICT_CODES.get(row["verdict"], "U") + "".join(_cell(row[k]) for k in NUMBERS) \
        + f" {row['grade']:<6}\n"
    assert len(line) == LINE_WIDTH, line
    return line


def header_line(first: int, count: int, plays: int) -> str:
    return f"{HEADER_TAG} first={first} count={count} plays={plays}\n"


def parse_header(line: str) -> dict[str, int]:
    """{first, count, plays} of a measures header; ValueError if it is not one."""
    parts = line.split()
    if not parts or parts[0] != HEADER_TAG:
        raise ValueError("not a drez difficulty measures file")
    values = dict(p.split("=", 1) for p in parts[1:] if "=" in p)
    try:
        return {k: int(values[k]) for k in ("first", "count", "plays")}
    except (KeyError, ValueError):
        raise ValueError("the measures header lacks first, count or plays") from None


def parse_line(line: str, plays: int) -> dict:
    """The difficulty object of one measures line (see difficulty_of)."""
    if len(line) != LINE_WIDTH or line[0] not in VERDICTS:
        raise ValueError("not a measures line")
    values = {}
    for i, name in enumerate(NUMBERS):
        cell = line[1 + 3 * i:4 + 3 * i].strip()
        values[name] = None if cell == "-" else int(cell)
    grade = line[1 + 3 * len(NUMBERS):].strip()
    wins = {name: values[name] for name in PLAYER_NAMES}
    rates = {name: w / plays for name, w in wins.items() if w is not None}
    out = {"grade": grade, "why": "", "verdict": VERDICTS[line[0]],
           "min_length": values["min_length"], "plays": plays, "wins": wins,
           "win_rates": rates,
           "skill": sum(rates.values()) / len(rates) if rates else None,
           "opening_moves": values["opening_moves"], "opening_lost": values["opening_lost"],
           "opening_undecided": values["opening_undecided"]}
    out["why"] = why(out)
    return out


def difficulty_of(n: int, path: str | None = None) -> dict | None:
    """{"grade", "why", "verdict", "min_length", "plays", "wins", "win_rates", "skill",
    "opening_moves", "opening_lost", "opening_undecided"} of deal n from the measures
    file (the shipped one by default), or None when the file does not hold deal n (or
    cannot be read)."""
    try:
        with open(path or measures_path(), "rb") as f:
            head = parse_header(f.readline(200).decode("ascii"))
            if not head["first"] <= n < head["first"] + head["count"]:
                return None
            f.seek(f.tell() + (n - head["first"]) * LINE_WIDTH)
            return parse_line(f.read(LINE_WIDTH).decode("ascii"), head["plays"])
    except (OSError, ValueError, UnicodeDecodeError):
        return None
