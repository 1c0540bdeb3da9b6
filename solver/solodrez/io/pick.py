"""Picking a deal from the deal index (deals/index.json, written by `drez difficulty index`
from the players' grades; `drez report --index` writes one of the engine's grades):
`drez deal --pick`, `new hard winnable` in `drez play`, the web app's /api/pick, and the
deal of the day (webapp/solodrez/daily.py)."""
from __future__ import annotations

import json
import random

from drez.deals import index_path

from ..grades import DIFFICULTIES, GRADES
from ..rules.deals import MAX_DEAL
from .errors import DealIndexError, PickError

DEFAULT_INDEX = index_path()

PICK_DIFFICULTIES = DIFFICULTIES


MAX_INDEX_BYTES = 64 << 20


def read_index(path: str) -> dict[str, list[int]]:
    """The index's {difficulty: [deal, ...]}, every deal a whole number 0..MAX_DEAL;
    DealIndexError naming the file and what is wrong, read no further than
    MAX_INDEX_BYTES (a device or an endless file is refused at once)."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(MAX_INDEX_BYTES + 1)
    except FileNotFoundError:
        raise DealIndexError(f"no deal index at {path}; build one with "
                             "`drez report RESULTS --index PATH`") from None
    except (OSError, UnicodeDecodeError) as e:
        raise DealIndexError(f"cannot read the deal index {path}: {e}") from None
    if len(text) > MAX_INDEX_BYTES:
        raise DealIndexError(f"the deal index {path} is larger than {MAX_INDEX_BYTES:,} bytes")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise DealIndexError(f"the deal index {path} is not JSON: {e}") from None
    groups = data.get("difficulties") if isinstance(data, dict) else None
    if not isinstance(groups, dict):
        raise DealIndexError(f"the deal index {path} has no \"difficulties\" object")
    for name, deals in groups.items():
        if not isinstance(deals, list) or not all(
                isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_DEAL
                for n in deals):
            raise DealIndexError(f"the deal index {path}: \"difficulties\".{name} is not a "
                                 f"list of deal numbers 0..{MAX_DEAL}")
    return groups


def pick_deal(difficulty: str | None, winnable: bool, seed: int | None,
              index_path: str | None) -> int:
    """A deal number from the index: of `difficulty` if given, won if `winnable`;
    DealIndexError if the index cannot be read, PickError if it has no such deal."""
    if difficulty is not None and difficulty not in PICK_DIFFICULTIES:
        raise PickError(f"difficulty must be one of {', '.join(PICK_DIFFICULTIES)}")
    path = index_path or DEFAULT_INDEX
    groups = read_index(path)
    if winnable and difficulty in ("lost", "unknown"):
        raise PickError(f"--winnable and --difficulty {difficulty} exclude each other")
    names = [difficulty] if difficulty else (GRADES if winnable else list(groups))
    pool = sorted(n for d in names for n in groups.get(d, []))
    if not pool:
        what = f"{difficulty} " if difficulty else ("winnable " if winnable else "")
        raise PickError(f"the deal index {path} has no {what}deal")
    return random.Random(seed).choice(pool)
