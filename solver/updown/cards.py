"""Cards and ranks (U1, U2).

A card is an int 0..51: rank = card // 4 (0 is the 2, 12 is the Ace), suit = card % 4.
Suits never matter to the rules; they only make the text form readable.
"""
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("c", "d", "h", "s")
N_RANKS = 13
DECK_SIZE = 52

_RANK_ALIASES = {name: i for i, name in enumerate(RANKS)}
_RANK_ALIASES.update({"1": 12, "T": 8})


def rank_of(card: int) -> int:
    """Rank index 0..12 of a card id 0..51."""
    return card // 4


def fits(rank: int, table_rank: int) -> bool:
    """True exactly when `rank` is one above or below `table_rank` on the circle (U2)."""
    return (rank - table_rank) % N_RANKS in (1, N_RANKS - 1)


def neighbours(rank: int) -> tuple[int, int]:
    """The two ranks that fit on `rank` (U2): one below and one above, circularly."""
    return ((rank - 1) % N_RANKS, (rank + 1) % N_RANKS)


def card_text(card: int) -> str:
    """Text of a card id, e.g. '10h', 'As'."""
    return RANKS[rank_of(card)] + SUITS[card % 4]


def rank_text(rank: int) -> str:
    """Text of a rank index, e.g. '10', 'A'."""
    return RANKS[rank]


def parse_rank(text: str) -> int:
    """Rank index for '2'..'10', 'J', 'Q', 'K', 'A' (also '1' for the Ace); ValueError otherwise."""
    key = text.strip().upper()
    if key not in _RANK_ALIASES:
        raise ValueError(f"not a rank: {text!r} (use 2-10, J, Q, K, A)")
    return _RANK_ALIASES[key]
