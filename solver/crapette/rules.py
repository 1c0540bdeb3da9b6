"""Crapette's placing rules: which card a pile takes (C5-C7), where cards are wanted at
home, and who starts (C3).  Plain functions over the pile lists of ``GameState.piles``;
rule numbers refer to ``seeds/crapette.md``.
"""
from __future__ import annotations

import random

from drez.solver.crapette.cards import rank
from drez.solver.crapette.piles import HOME, reserve

RED = [c % 52 // 13 in (1, 2) for c in range(104)]     # is_red by card, for the hot loops


def work_accepts(top: int, card: int) -> bool:
    """C6: descending by one rank, alternating red and black."""
    return (top % 13 == card % 13 + 1
            and (top % 52 // 13 in (1, 2)) != (card % 52 // 13 in (1, 2)))


def home_accepts(pile: list, card: int) -> bool:
    """C5: an Ace on an empty home pile, else same suit one rank up."""
    if not pile:
        return card % 13 == 0
    return card % 13 != 0 and pile[-1] % 52 == card % 52 - 1


def load_accepts(top: int, card: int) -> bool:
    """C7: same suit, exactly one rank higher or lower (no wrap)."""
    return top % 52 // 13 == card % 52 // 13 and abs(top % 13 - card % 13) == 1


def home_wants(piles: list) -> tuple[int | None, dict[int, int]]:
    """C5 at a glance: (first empty home pile or None, {card % 52 wanted: first home pile
    wanting it}); an Ace goes to the empty pile, any other card where it is wanted."""
    empty = None
    want: dict[int, int] = {}
    for h in HOME:
        hp = piles[h]
        if not hp:
            if empty is None:
                empty = h
        elif hp[-1] % 13 != 12:
            want.setdefault(hp[-1] % 52 + 1, h)
    return empty, want


def first_player(piles: list, rng: random.Random) -> int:
    """C3: higher second-pile top starts (Ace low); ties go to the work cards in deal order, then rng."""
    for a, b in [(piles[reserve(0)][-1], piles[reserve(1)][-1])] + \
            [(piles[i][0], piles[4 + i][0]) for i in range(4)]:
        if rank(a) != rank(b):
            return 0 if rank(a) > rank(b) else 1
    return rng.randrange(2)
