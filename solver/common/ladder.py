"""Round-robin ladders for the two-player card games: every bot against every other.

Shared by Up-and-down and Crapette (``drez updown ladder``, ``drez crapette ladder``).  A
game's module supplies ``play_pair(a, b, games, seed) -> (a wins, b wins, draws)``; this
module runs each pair once, in a fixed order, with a seed derived from the ladder's seed and
the pair, so a ladder is reproducible from ``--seed`` alone.  Rates carry 95% Wilson
intervals; ratings are Elo-style (Bradley-Terry fitted by maximum likelihood).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

from drez.solver.common.stats import rate


@dataclass(frozen=True)
class PairResult:
    """Games of bot ``a`` against bot ``b``: wins of each and draws."""
    a: str
    b: str
    a_wins: int
    b_wins: int
    draws: int

    @property
    def games(self) -> int:
        return self.a_wins + self.b_wins + self.draws

    @property
    def a_score(self) -> float:
        """A's score share: a win counts 1, a draw 1/2."""
        return (self.a_wins + self.draws / 2) / self.games if self.games else 0.5


def pair_seed(seed: int, a: str, b: str) -> int:
    """The run seed of pair (a, b) in a ladder of seed ``seed`` (stable across Python runs)."""
    return seed * 1_000_003 + sum(ord(ch) * (i + 1) for i, ch in enumerate(f"{a}|{b}")) % 1_000_003


def round_robin(names: list[str], games: int, seed: int,
                play_pair: Callable[[str, str, int, int], tuple[int, int, int]],
                progress: Callable[[str, str], None] | None = None) -> list[PairResult]:
    """Every pair of ``names`` (in list order) plays ``games`` games; results in pair order."""
    out = []
    for a, b in combinations(names, 2):
        if progress:
            progress(a, b)
        wa, wb, d = play_pair(a, b, games, pair_seed(seed, a, b))
        out.append(PairResult(a, b, wa, wb, d))
    return out


def elo(names: list[str], results: list[PairResult], prior: float = 1.0,
        anchor: str | None = None) -> dict[str, float]:
    """Elo-style ratings: the Bradley-Terry maximum-likelihood fit, 400 * log10 of strength.

    A draw counts half a win for each side.  ``prior`` virtual drawn games are added to every
    pair so that a bot that never loses still gets a finite rating.  The ``anchor`` bot (the
    first name by default) is rated 0; differences are what matter: +200 means an expected
    score of about 76% against the other bot.
    """
    score = dict.fromkeys(names, 0.0)
    n = {}
    for r in results:
        score[r.a] += r.a_wins + r.draws / 2 + prior / 2
        score[r.b] += r.b_wins + r.draws / 2 + prior / 2
        n[(r.a, r.b)] = n[(r.b, r.a)] = r.games + prior
    gamma = dict.fromkeys(names, 1.0)
    for _ in range(2000):                      # minorization-maximization (Hunter 2004)
        new = {}
        for i in names:
            denom = sum(n.get((i, j), 0) / (gamma[i] + gamma[j]) for j in names if j != i)
            new[i] = score[i] / denom if denom else gamma[i]
        total = math.exp(sum(math.log(g) for g in new.values()) / len(new))
        new = {k: g / total for k, g in new.items()}
        done = max(abs(math.log(new[k] / gamma[k])) for k in names) < 1e-10
        gamma = new
        if done:
            break
    base = gamma[anchor or names[0]]
    return {k: 400 * math.log10(g / base) for k, g in gamma.items()}


def _pct(k: int, n: int) -> str:
    lo, hi = rate(k, n)["ci95"]
    return f"{100 * k / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]" if n else "-"


def ladder_lines(names: list[str], results: list[PairResult]) -> list[str]:
    """A Markdown report: one row per pair (wins with 95% Wilson intervals), then ratings."""
    lines = ["| A vs B | games | A wins | B wins | draws | A's score |",
             "|---|---:|---|---|---|---:|"]
    for r in results:
        lines.append(f"| {r.a} vs {r.b} | {r.games} | {_pct(r.a_wins, r.games)} | "
                     f"{_pct(r.b_wins, r.games)} | {_pct(r.draws, r.games)} | {100 * r.a_score:.1f}% |")
    ratings = elo(names, results)
    lines += ["", f"| bot | Elo-style rating ({names[0]} = 0) |", "|---|---:|"]
    for name in sorted(names, key=lambda k: -ratings[k]):
        lines.append(f"| {name} | {ratings[name]:+.0f} |")
    return lines


def parse_names(value: str, known) -> list[str]:
    """Distinct bot names from a comma list, each accepted by ``known(name)``; ValueError
    with a one-line reason otherwise."""
    names = [v.strip().lower() for v in value.split(",") if v.strip()]
    if len(names) < 2 or len(set(names)) != len(names):
        raise ValueError(f"{value!r}: give at least two different bots separated by commas")
    for name in names:
        if not known(name):
            raise ValueError(f"{name!r} is not a computer player here")
    return names
