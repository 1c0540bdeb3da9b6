"""A deal's grade from how often simulated players win it, and the sentence that says why.

Plain Python (no numpy, no numba): `drez deal --pick`, the web app and `drez solve` read
grades through it.

The yardstick is the players' win rate: SKILL = the mean, over the simulated players
(players.PLAYERS), of the share of their games on the deal that they won.  A grade is a
fixed interval of SKILL (GRADE_CUTS), so it is monotone in every player's win rate: a deal
that some player wins more often, the others no less, never gets a harder grade.  Nothing
here reads the search engine: the players use the rules alone, and the measures shown
beside the grade (proven minimal length, losing opening moves) are facts of the deal.
"""
from __future__ import annotations

from ..grades import GRADES

PLAYER_NAMES = ("random", "greedy", "lookahead")     # players.PLAYERS, without numba
# SKILL at or above the bound: that grade (easiest first); below the last: expert.
GRADE_CUTS = ((0.75, "easy"), (0.5, "medium"), (0.25, "hard"))


def skill(wins: dict[str, int], plays: int) -> float:
    """The mean win rate of the simulated players: wins[name] of `plays` games each."""
    return sum(wins[name] for name in PLAYER_NAMES) / (plays * len(PLAYER_NAMES))


def grade(verdict: str, wins: dict[str, int] | None, plays: int) -> str:
    """'easy'..'expert' for a winnable deal by its SKILL (GRADE_CUTS), 'lost' for a deal
    proven lost, 'unknown' when the verdict or the players' games are missing."""
    if verdict == "LOST":
        return "lost"
    if verdict != "WON" or not wins or plays <= 0:
        return "unknown"
    s = skill(wins, plays)
    for bound, name in GRADE_CUTS:
        if s >= bound:
            return name
    return GRADES[-1]


def why(measures: dict) -> str:
    """One line: the grade and the measures behind it, e.g. 'hard: 7 of the 12 opening
    moves lose; greedy players win 31%; shortest win 49 moves'."""
    g = measures.get("grade")
    if g in (None, "unknown"):
        return "unknown: this deal has not been measured"
    if g == "lost":
        return "lost: no sequence of moves wins this deal (proven)"
    parts = []
    moves, lost, undecided = (measures.get(k) for k in ("opening_moves", "opening_lost",
                                                        "opening_undecided"))
    if moves is not None and lost is not None:
        if lost:
            parts.append(f"{lost} of the {moves} opening moves {'loses' if lost == 1 else 'lose'}")
        elif undecided:
            parts.append(f"no opening move is proven to lose ({undecided} of {moves} undecided)")
        else:
            parts.append(f"none of the {moves} opening moves loses")
        if lost and undecided:
            parts[-1] += f" ({undecided} undecided)"
    rates = measures.get("win_rates") or {}
    if rates:
        shown = ", ".join(f"{name} {round(100 * rate)}%" for name, rate in rates.items())
        parts.append(f"simulated players win {shown}")
    if measures.get("min_length") is not None:
        parts.append(f"shortest win {measures['min_length']} moves")
    return f"{g}: " + "; ".join(parts)
