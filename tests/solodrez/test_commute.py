"""The commute rule of greedy search (search/commute.py): its premises checked against the
pure-Python reference on seeded positions, and its effect on whole searches: on lost deals
the positions expanded are exactly those expanded without it, and those stored a subset."""
import random

import numpy as np
import pytest

from drez.solver.solodrez.rules import engine
from drez.solver.solodrez.rules.keys import KEY_WORDS, canonical_key, key_to_columns
from drez.solver.solodrez.rules.moves import Move
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search.astar import LOST, AStar
from drez.solver.solodrez.search.commute import NO_RULE, came_code, came_words, covered
from drez.solver.solodrez.search.stats_slots import SKIPPED
from tests.solodrez.helpers import biased_game, fast_reference, ref, to_engine

NCOLS = engine.NCOLS


def _frame(x):
    """X in its sorted frame (the column order key_to_columns gives for its key): the
    engine words and the reference position, its columns in that order."""
    words = to_engine(x).words()
    key = np.empty(KEY_WORDS, np.int64)
    canonical_key(words, np.empty(NCOLS, np.int64), key)
    cols = np.empty(NCOLS, np.int64)
    key_to_columns(key, cols)
    left = list(range(NCOLS))
    order = []
    for w in cols:
        c = next(c for c in left if words[c] == w)
        left.remove(c)
        order.append(c)
    return cols, tuple(x[c] for c in order)


def _ref_move(m):
    """The reference's (src, dst, k) of packed move m."""
    mv = Move.unpack(int(m))
    return (mv.src, mv.dst, mv.cards)


def _column_with(words, word, avoid):
    """A column holding `word` (in engine words `words`) that is not in avoid, or None."""
    for c in range(NCOLS):
        if words[c] == word and c not in avoid:
            return c
    return None


def _corpus():
    rng = random.Random(20261202)
    out = []
    for n in range(24):
        for pos in biased_game(n, rng, 40, 0.5)[::4]:
            out.append(pos)
    return out


def test_rule_premises_hold_against_the_reference():
    """For each position Y, each legal move a of Y and X = Y + a: the move back from X,
    when legal, leads to Y; every move b of X that `covered` skips as moving a's run on
    leads to Y, or to Y + (a's source -> b's destination), a legal move of Y of rank at
    least b's; and every other move b it skips is a move of Y on two columns a left
    alone, ranked below a, with the same bound change in Y as in X, and Y + b + a is
    X + b (all in the reference's rules)."""
    checked = skipped = backs = onward = 0
    moves = np.empty(engine.MAX_MOVES, np.int64)
    with fast_reference():
        for y in _corpus():
            y_words = to_engine(y).words()
            for a in ref.legal_moves(y):
                x = ref.apply(y, a)
                code = came_code(y_words, engine.move_pack(*a))
                if len(x) and sum(map(len, x)) < sum(map(len, y)):
                    assert code == NO_RULE      # a series was removed
                if code == NO_RULE:
                    continue
                cols, x_frame = _frame(x)
                xa, xb, wa, wb, ka, back = came_words(cols, code)
                assert sorted(list(cols[[c for c in range(NCOLS)
                                         if c not in (code & 15, (code >> 4) & 15)]])
                              + [wa, wb]) == sorted(y_words)
                if _ref_move(back) in ref.legal_moves(x_frame):
                    backs += 1
                    assert ref.canonical(ref.apply(x_frame, _ref_move(back))) \
                        == ref.canonical(y)
                n = engine.generate_moves(cols, moves, True)
                for m in moves[:n]:
                    checked += 1
                    if m == back or not covered(cols, m, xa, xb, wa, wb, ka, back):
                        continue
                    skipped += 1
                    s, d, k = _ref_move(m)
                    if cols[s] == xb and k == ka:      # (iii): a's run moved on
                        onward += 1
                        child = ref.canonical(ref.apply(x_frame, (s, d, k)))
                        if cols[d] == xa:
                            assert child == ref.canonical(y)
                            continue
                        yd = _column_with(y_words, cols[d], (a[0], a[1]))
                        assert yd is not None
                        m_y = (a[0], yd, k)
                        assert m_y in ref.legal_moves(y)
                        assert (y_words[a[0]], y_words[yd], k) >= (cols[s], cols[d], k)
                        assert ref.canonical(ref.apply(y, m_y)) == child
                        continue
                    # b's columns, untouched by a, in Y
                    ys = _column_with(y_words, cols[s], (a[0], a[1]))
                    yd = _column_with(y_words, cols[d], (a[0], a[1], ys))
                    assert ys is not None and yd is not None
                    b_y = (ys, yd, k)
                    assert b_y in ref.legal_moves(y)
                    assert (y_words[ys], y_words[yd], k) < (y_words[a[0]], y_words[a[1]],
                                                           a[2])
                    assert engine.bound_delta(y_words, engine.move_pack(*b_y)) == \
                        engine.bound_delta(cols, m)
                    assert ref.canonical(ref.apply(ref.apply(y, b_y), a)) == \
                        ref.canonical(ref.apply(x_frame, (s, d, k)))
    assert skipped > 1000 and checked > 2 * skipped and backs > 100 and onward > 100


# lost deals of 50,000-200,000 positions with dead positions among them
@pytest.mark.parametrize("deal", (80, 3927, 4436))
def test_rule_expands_the_same_positions_on_lost_deals(deal):
    words = Position.from_deal(deal).words()
    plain = AStar(words, 1 << 26, greedy=True, commute=False)
    fast = AStar(words, 1 << 26, greedy=True)
    assert plain.run(10 ** 7) == LOST and fast.run(10 ** 7) == LOST
    assert fast.expanded == plain.expanded
    assert int(fast.stats[SKIPPED]) > fast.expanded      # the rule skipped children

    def stored(s):
        return set(map(tuple, s.keys[s.keys[:, 0] != 0].tolist()))
    assert stored(fast) <= stored(plain)
    assert plain.stats[SKIPPED] == 0
