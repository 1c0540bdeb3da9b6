"""Shared helpers for the Solodrez engine tests: converting between the engine's Position and
the reference's tuples of card strings, a memoised reference, and seeded position sources."""
from __future__ import annotations

import contextlib
import functools
import itertools
import os

import numpy as np

from drez.solver.solodrez.rules import engine, keys
from drez.solver.solodrez.rules.cards import card_name, parse_card
from drez.solver.solodrez.rules.moves import Move
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search.deadness import dead_memo, is_dead
from drez.solver.solodrez.search.solve import solve
from drez.solver.solodrez.search.tight import bound_not_exact, tight_scratch
from tests.solodrez import reference as ref

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


def P(*cols):
    """A reference position from up to nine columns written as strings, bottom card first."""
    cols = [tuple(c.split()) for c in cols]
    return tuple(cols + [()] * (9 - len(cols)))


def replayed(pos: Position, packed) -> int:
    """The length of the packed solution of pos, after reference.verify accepted it."""
    triples = [(m.src, m.dst, m.cards) for m in Move.unpack_all(packed)]
    ok, why = ref.verify(to_ref(pos), triples)
    assert ok, why
    return len(triples)


def to_engine(pos) -> Position:
    """The engine Position of a reference position (no settling)."""
    return Position(tuple(tuple(parse_card(c) for c in col) for col in pos))


def to_ref(position: Position):
    """The reference position (tuple of 9 tuples of card names) of an engine Position."""
    return tuple(tuple(card_name(c) for c in col) for col in position.columns)


def engine_moves(position: Position, prune=False) -> list:
    """The engine's moves as reference triples (src, dst, k)."""
    return [(m.src, m.dst, m.cards) for m in position.legal_moves(prune=prune)]


def engine_play(position: Position, move) -> Position:
    return position.play(Move(*move))


@contextlib.contextmanager
def fast_reference():
    """Memoise reference.legal_moves while inside (apply and verify call it again for the
    position they were just asked about).  Pure memoisation: answers are unchanged."""
    original = ref.legal_moves
    ref.legal_moves = functools.lru_cache(maxsize=200_000)(original)
    try:
        yield
    finally:
        ref.legal_moves = original


def fixes(pos, move) -> bool:
    """Whether move puts its first card where a complete series needs it (a real card onto
    the real card one rank higher, or a Joker onto an empty column)."""
    src, dst, k = move
    first = pos[src][-k]
    if ref.is_neutral(first):
        return False
    if not pos[dst]:
        return ref.rank_of(first) == 6
    top = pos[dst][-1]
    return not ref.is_neutral(top) and ref.rank_of(top) == ref.rank_of(first) + 1


def biased_game(n, rng, steps, bias):
    """Positions of one seeded game from deal n (settled): with probability `bias` a move is
    chosen among those that fix a card, otherwise among all legal moves."""
    cur = ref.settle(ref.deal(n))
    out = [cur]
    for _ in range(steps):
        moves = ref.legal_moves(cur)
        if not moves:
            break
        if rng.random() < bias:
            good = [m for m in moves if fixes(cur, m)]
            if good:
                moves = good
        cur = ref.apply(cur, rng.choice(moves))
        out.append(cur)
    return out


def random_walk(n, rng, most=90) -> Position:
    """Deal n after a random number (0 to most - 1) of random legal moves (the engine's),
    stopping early where none is left."""
    pos = Position.from_deal(n)
    for _ in range(rng.randrange(0, most)):
        moves = pos.legal_moves()
        if not moves:
            break
        pos = pos.play(rng.choice(moves))
    return pos


def random_small_position(rng, per_rank, fill_all):
    """A random mid-game position with `per_rank` cards of each rank and both neutrals,
    dealt at random over 9 columns (every column non-empty when fill_all)."""
    cards = [f"{r}{i}" for r in "JQRBNP" for i in range(1, per_rank + 1)] + ["X1", "X2"]
    rng.shuffle(cards)
    ncols = 9 if fill_all else rng.randint(3, 9)
    cols = [[] for _ in range(9)]
    for i, c in enumerate(cards):
        cols[i if i < ncols else rng.randrange(ncols)].append(c)
    rng.shuffle(cols)
    return tuple(tuple(c) for c in cols)


def independent_lower_bound(pos) -> int:
    """Misplaced real cards (independent_misplaced) plus neutrals lying directly on a
    real card."""
    h = independent_misplaced(pos)
    for col in pos:
        for below, card in itertools.pairwise(col):
            h += ref.is_neutral(card) and not ref.is_neutral(below)
    return h


def independent_misplaced(pos) -> int:
    """Real cards not lying on the real card one rank higher; Jokers not on the table."""
    h = 0
    for col in pos:
        for i, card in enumerate(col):
            if ref.is_neutral(card):
                continue
            r = ref.rank_of(card)
            if i == 0:
                h += r != 6
            else:
                below = col[i - 1]
                h += ref.is_neutral(below) or ref.rank_of(below) != r + 1
    return h


def words_key(words) -> tuple:
    key = np.zeros(keys.KEY_WORDS, np.int64)
    keys.canonical_key(words, np.empty(engine.NCOLS, np.int64), key)
    return tuple(int(v) for v in key)


def plain_layer(parents, g, target, late=True, dead_at_bound=True, tests=True):
    """Layer g + 1 of a search by depth under the bound `target`, in plain Python:
    {canonical key: child} of every child (Position.legal_moves with pruning, which drops
    a whole column onto an empty one: the parent again) of `parents` (at depth g) with
    g + 1 + h <= target, not dropped by the exactness test at g + 1 + h = target (its
    third part with `late`; none without `tests`), and not dead (below the bound only,
    without `dead_at_bound`); or None when a child is won."""
    memo, tight = dead_memo(), tight_scratch()
    out = {}
    for pos in parents:
        for move in pos.legal_moves(prune=True):
            child = pos.play(move)
            if child.is_won():
                return None
            h = child.lower_bound()
            w = child.words()
            f = g + 1 + h
            if f > target:
                continue
            if tests and f == target and h > 1 and bound_not_exact(w, *tight, late):
                continue
            if (f < target or dead_at_bound) and is_dead(w, memo):
                continue
            out.setdefault(words_key(w), child)
    return out


def near_the_end(deal, back) -> Position:
    """The position `back` moves before the end of solve()'s win of `deal` (or its
    start when it is lost or shorter)."""
    pos = Position.from_deal(deal)
    line = [pos]
    for m in solve(pos).moves:
        line.append(line[-1].play(m))
    return line[max(0, len(line) - 1 - back)]


def late_game_cases():
    """[(reference position, 'LOST' or distance)] from tests/solodrez/data/late_game.txt."""
    lines = open(os.path.join(DATA, "late_game.txt")).read().split("\n")
    out = []
    for i, line in enumerate(lines):
        if line.startswith("# distance "):
            d = line.split()[2]
            cols = tuple(tuple(text.split()) for text in lines[i + 1:i + 10])
            out.append((cols, d if d == "LOST" else int(d)))
    return out


def card_digit(card) -> int:
    """A reference card's digit: its rank, 0 for a neutral."""
    return 0 if ref.is_neutral(card) else ref.rank_of(card)


def digit_counted(d, below) -> bool:
    """Whether engine.lower_bound counts a card of digit d (0: a neutral) lying on digit
    `below` (-1: the table)."""
    if d == 0:
        return below > 0
    return d != 6 if below == -1 else below != d + 1


def is_counted(col, i) -> bool:
    """Whether engine.lower_bound counts card i of a reference column (bottom first)."""
    return digit_counted(card_digit(col[i]), card_digit(col[i - 1]) if i > 0 else -1)


def is_blocker(col, i) -> bool:
    """Rule (8) of tight.py: whether card i of a reference column is a blocker (a Joker, a
    counted real card lying on a real card, or a neutral lying on a real Pawn)."""
    d, below = card_digit(col[i]), (card_digit(col[i - 1]) if i > 0 else -1)
    return d == 6 or (d == 0 and below == 1) or (d != 0 and is_counted(col, i) and below > 0)


def plain_may_land(pos, c, i, e, j) -> bool:
    """Rule (4) of tight.py on a reference position: whether counted card (c, i) may land
    on card (e, j) in a win of exactly lower_bound moves."""
    if c != e:
        return True
    if j < i:
        return card_digit(pos[c][i - 1]) == 0 and any(is_counted(pos[c], k) for k in range(j + 1, i))
    return any(is_counted(pos[c], k) for k in range(i + 1, j + 1))
