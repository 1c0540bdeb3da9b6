"""Helpers for the up-and-down tests: build a position from card text."""
from drez.solver.updown.actions import START
from drez.solver.updown.cards import RANKS, SUITS
from drez.solver.updown.state import FIRST, new_game


def card(text: str) -> int:
    """Card id from text like '10h' or 'As'."""
    return RANKS.index(text[:-1]) * 4 + SUITS.index(text[-1])


def cards(text: str) -> list[int]:
    """Card ids from space-separated card text."""
    return [card(t) for t in text.split()]


def position(hands, table, piles=None, turn=0, ending=FIRST, phase=START):
    """A state with the given hands (text per seat), table card and reserve piles
    (per seat, three texts, last card is the top); every other card is set aside."""
    n = len(hands)
    s = new_game(n, 0, ending=ending, starter=turn)
    s.hands = [cards(h) for h in hands]
    s.table = cards(table)
    piles = piles or [["", "", ""]] * n
    s.piles = [[cards(p) for p in ps] for ps in piles]
    used = {c for h in s.hands for c in h} | set(s.table)
    used |= {c for ps in s.piles for p in ps for c in p}
    assert len(used) == sum(map(len, s.hands)) + len(s.table) + sum(len(p) for ps in s.piles for p in ps)
    s.aside = [c for c in range(52) if c not in used]
    s.turn, s.phase = turn, phase
    return s


def deal_hand_reference(pool: list[int], size: int, cons: list[list]) -> list[int]:
    """The first, plain version of belief._deal_hand: take `size` cards from the end of
    `pool` (in place), setting aside any card that would break a constraint [ranks, k]."""
    hand, rejected, used = [], [], [0] * len(cons)
    while pool and len(hand) < size:
        card = pool.pop()
        r = card >> 2
        hits = [i for i, (ranks, k) in enumerate(cons) if r in ranks]
        if all(used[i] < cons[i][1] for i in hits):
            for i in hits:
                used[i] += 1
            hand.append(card)
        else:
            rejected.append(card)
    while len(hand) < size:
        hand.append(rejected.pop())
    pool.extend(rejected)
    return hand
