"""Picking a deal from the deal index (deals/index.json, written by `drez report --index`):
`drez deal --pick`, `new hard winnable` in `drez play`, and the web app's /api/pick."""
from __future__ import annotations

import json
import random

from drez.deals import index_path

from ..grades import DIFFICULTIES, GRADES
from .errors import DealIndexError, PickError

DEFAULT_INDEX = index_path()

PICK_DIFFICULTIES = DIFFICULTIES


def pick_deal(difficulty: str | None, winnable: bool, seed: int | None,
              index_path: str | None) -> int:
    """A deal number from the index: of `difficulty` if given, won if `winnable`;
    DealIndexError if the index cannot be read, PickError if it has no such deal."""
    if difficulty is not None and difficulty not in PICK_DIFFICULTIES:
        raise PickError(f"difficulty must be one of {', '.join(PICK_DIFFICULTIES)}")
    path = index_path or DEFAULT_INDEX
    try:
        with open(path, encoding="utf-8") as f:
            groups = json.load(f)["difficulties"]
    except FileNotFoundError:
        raise DealIndexError(f"no deal index at {path}; build one with "
                             "`drez report RESULTS --index PATH`") from None
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise DealIndexError(f"cannot read the deal index {path}: {e}") from None
    if winnable and difficulty in ("lost", "unknown"):
        raise PickError(f"--winnable and --difficulty {difficulty} exclude each other")
    names = [difficulty] if difficulty else (GRADES if winnable else list(groups))
    pool = sorted(n for d in names for n in groups.get(d, []))
    if not pool:
        what = f"{difficulty} " if difficulty else ("winnable " if winnable else "")
        raise PickError(f"the deal index {path} has no {what}deal")
    return random.Random(seed).choice(pool)
