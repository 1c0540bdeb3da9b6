"""Cards of the two 52-card packs, as small ints.

A card is an int 0..103: ``deck * 52 + suit * 13 + (rank - 1)``.  Deck 0 is the
first player's pack, deck 1 the second's (the back colours).  Suits are ordered
spades, hearts, diamonds, clubs; hearts and diamonds are red.  ``HIDDEN`` (-1)
stands for a face-down card whose identity a player does not know.
"""
HIDDEN = -1
RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
ALL_CARDS = tuple(range(104))


def make(rank: int, suit: int, deck: int = 0) -> int:
    """Card with rank 1..13, suit 0..3 (S H D C) and deck 0..1."""
    if not (1 <= rank <= 13 and 0 <= suit <= 3 and deck in (0, 1)):
        raise ValueError(f"no such card: rank {rank!r}, suit {suit!r}, deck {deck!r}")
    return deck * 52 + suit * 13 + rank - 1


def rank(card: int) -> int:
    """Rank 1 (Ace) .. 13 (King)."""
    return card % 13 + 1


def suit(card: int) -> int:
    """Suit index 0..3 (spades, hearts, diamonds, clubs)."""
    return card % 52 // 13


def deck(card: int) -> int:
    """Which pack (0 or 1) the card belongs to."""
    return card // 52


def is_red(card: int) -> bool:
    """True for hearts and diamonds."""
    return card % 52 // 13 in (1, 2)


def text(card: int, symbols: bool = False) -> str:
    """Two-character text such as ``TH`` (ten of hearts); ``??`` for a hidden card."""
    if card == HIDDEN:
        return "??"
    return RANKS[card % 13] + (SUIT_SYMBOLS if symbols else SUITS)[card % 52 // 13]


def parse(word: str, deck_no: int = 0) -> int:
    """Inverse of :func:`text` (ranks ``A23456789TJQK``, ``10`` accepted for ten)."""
    w = word.strip().upper().replace("10", "T")
    if len(w) != 2 or w[0] not in RANKS or w[1] not in SUITS:
        raise ValueError(f"not a card: {word!r}")
    return make(RANKS.index(w[0]) + 1, SUITS.index(w[1]), deck_no)
