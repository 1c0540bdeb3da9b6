"""Measuring deals: the simulated players' games and the opening traps of each deal, as
the rows of a difficulty file (one CSV row a deal, FIELDS), written in chunks so that a
long run can stop and `--resume`."""
from __future__ import annotations

import numpy as np

from ..rules.position import Position
from . import players as pl
from .grading import PLAYER_NAMES, grade
from .traps import TRAP_NODES, traps

FIELDS = ("deal", "verdict", "min_length", "plays") + PLAYER_NAMES + (
    "opening_moves", "opening_lost", "opening_undecided", "grade")
DEFAULT_PLAYS = 4
INT_FIELDS = ("deal", "min_length", "plays") + PLAYER_NAMES + (
    "opening_moves", "opening_lost", "opening_undecided")


def play_deals(deals: list[int], plays: int) -> dict[int, dict[str, int]]:
    """{deal: {player name: games won of `plays`}}: every player plays every deal `plays`
    times, game p of player q on deal n seeded by players.game_seed(n, q, p)."""
    starts, who, seeds = [], [], []
    for n in deals:
        words = Position.from_deal(n).words()
        for q in range(len(PLAYER_NAMES)):
            for p in range(plays):
                starts.append(words)
                who.append(q)
                seeds.append(pl.game_seed(n, q, p))
    count = len(who)
    won = np.zeros(count, np.bool_)
    lengths = np.zeros(count, np.int64)
    if count:
        pl.play_many(np.array(starts, np.int64), np.array(who, np.int64),
                     np.array(seeds, np.uint64), won, lengths, *pl.work_arrays())
    out = {}
    g = 0
    for n in deals:
        out[n] = {}
        for name in PLAYER_NAMES:
            out[n][name] = int(won[g:g + plays].sum())
            g += plays
    return out


def measure_deals(deals: list[int], committed: dict, plays: int = DEFAULT_PLAYS,
                  max_nodes: int = TRAP_NODES, decide=None) -> list[dict]:
    """The rows (FIELDS) of `deals`; committed maps a deal to (verdict, minimal length)
    (sources.committed_results).  Opening traps are searched for winnable deals only
    (every move of a lost deal loses)."""
    wins = play_deals(deals, plays)
    rows = []
    for n in deals:
        verdict, minimum = committed.get(n, ("UNKNOWN", None))
        row = {"deal": n, "verdict": verdict, "min_length": minimum, "plays": plays,
               **wins[n], "opening_moves": None, "opening_lost": None,
               "opening_undecided": None}
        if verdict == "WON":
            t = traps(Position.from_deal(n), max_nodes, decide=decide)
            row.update(opening_moves=t.moves, opening_lost=t.lost, opening_undecided=t.undecided)
        row["grade"] = grade(verdict, wins[n], plays)
        rows.append(row)
    return rows


def format_row(row: dict) -> str:
    return ",".join("" if row[f] is None else str(row[f]) for f in FIELDS) + "\n"


def parse_row(line: str) -> dict:
    """A row of a difficulty file; ValueError naming the field when it is not one."""
    cells = line.rstrip("\n").split(",")
    if len(cells) != len(FIELDS):
        raise ValueError(f"{len(cells)} fields, not {len(FIELDS)}")
    row = {}
    for name, cell in zip(FIELDS, cells):
        if name in INT_FIELDS:
            if cell == "":
                row[name] = None
            elif cell.isascii() and cell.isdigit() and len(cell) < 21:
                row[name] = int(cell)
            else:
                raise ValueError(f"field {name!r} is {cell[:30]!r}, not a count")
        else:
            row[name] = cell
    return row


def meta_path(path: str) -> str:
    """The settings sidecar of a difficulty file: FILE.meta.json (FILE without .gz)."""
    return (path[:-3] if path.endswith(".gz") else path) + ".meta.json"


def read_difficulty_rows(path: str) -> list[dict]:
    """Every row of a difficulty file (gzip-compressed when it ends in .gz), checked;
    ValueError naming the line."""
    from ..batch.schema import open_text
    with open_text(path) as f:
        header = f.readline().rstrip("\n")
        if header != ",".join(FIELDS):
            raise ValueError(f"{path}: line 1 is not the header {','.join(FIELDS)}")
        rows = []
        for i, line in enumerate(f, 2):
            try:
                rows.append(parse_row(line))
            except ValueError as e:
                raise ValueError(f"{path}: line {i}: {e}") from None
    return rows
