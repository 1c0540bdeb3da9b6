"""Deal numbers: deal n (0 <= n < 2**64) gives the same layout everywhere (rulings, "Deal numbers")."""
from __future__ import annotations

from .cards import DECK_SIZE

MASK64 = (1 << 64) - 1
MAX_DEAL = MASK64


def deal_from_digits(digits: str) -> int | None:
    """The deal that ASCII `digits` names, or None when the number is past MAX_DEAL.  The
    length is judged first, so a number of any length (thousands of digits) is never
    converted whole."""
    significant = digits.lstrip("0") or "0"
    if len(significant) > len(str(MAX_DEAL)):
        return None
    n = int(significant)
    return n if n <= MAX_DEAL else None


def cut(text: str, limit: int = 40) -> str:
    """`text` for a message, cut after `limit` characters with its length said, so that a
    message quoting what a user typed stays one short line."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text):,} characters)"


def splitmix64(state: int) -> tuple[int, int]:
    """One splitmix64 step: returns (new_state, output), both in 0..2**64-1.  Not
    rules.splitmix, so that dealing loads no numba (position.py); test_splitmix ties them."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def shuffled_deck(n: int) -> list[int]:
    """The 56 card indices in the order deal n shuffles them (Fisher-Yates from the top)."""
    if not 0 <= n <= MAX_DEAL:
        raise ValueError(f"deal number {n} is outside 0..{MAX_DEAL}")
    deck = list(range(DECK_SIZE))
    state = n
    for i in range(DECK_SIZE - 1, 0, -1):
        state, r = splitmix64(state)
        j = r % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_columns(n: int) -> tuple[tuple[int, ...], ...]:
    """Deal n as dealt: nine columns of card indices, bottom card first."""
    deck = shuffled_deck(n)
    return tuple(tuple(deck[c::9]) for c in range(9))
