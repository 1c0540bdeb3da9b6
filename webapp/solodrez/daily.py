"""The deal of the day: a winnable deal of the shipped deal index, the same for everyone on
a date, its difficulty fixed by the weekday.

Rule: Monday and Tuesday easy, Wednesday and Thursday medium, Friday and Sunday hard,
Saturday expert.  The deal is the entry number int(sha256("drez daily YYYY-MM-DD"), 16)
mod n of the n deals of that difficulty in the index, in increasing order (a new index
may change the deals of dates to come).
"""
from __future__ import annotations

import datetime
import functools
import hashlib
import re

from drez.solver.solodrez.grades import GRADES
from drez.solver.solodrez.io.pick import DEFAULT_INDEX, read_index

BY_WEEKDAY = ("easy", "easy", "medium", "medium", "hard", "expert", "hard")   # Monday first
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def read_date(text: str | None) -> datetime.date:
    """The date YYYY-MM-DD (today, UTC, when None); ValueError with a sentence otherwise."""
    if text is None:
        return datetime.datetime.now(datetime.timezone.utc).date()
    try:
        if not _DATE.match(text):
            raise ValueError
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"the date must be a day written YYYY-MM-DD, like 2026-12-04, "
                         f"not {text[:30]!r}") from None


@functools.lru_cache(maxsize=1)
def _pools() -> dict[str, tuple[int, ...]]:
    groups = read_index(DEFAULT_INDEX)
    return {g: tuple(sorted(groups.get(g, []))) for g in GRADES}


def daily_deal(day: datetime.date) -> dict:
    """{"date", "deal", "difficulty"} of `day` (the rule in the module docstring)."""
    pools = _pools()
    difficulty = BY_WEEKDAY[day.weekday()]
    pool = pools[difficulty]
    if not pool:                  # an index without that grade: any winnable deal
        difficulty, pool = "winnable", tuple(sorted(n for p in pools.values() for n in p))
    digest = int(hashlib.sha256(f"drez daily {day.isoformat()}".encode()).hexdigest(), 16)
    return {"date": day.isoformat(), "deal": pool[digest % len(pool)], "difficulty": difficulty}
