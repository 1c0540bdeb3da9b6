"""The numba engine (solver/solodrez/rules/engine.py, through rules/position.py)
against the independent pure-Python reference (tests/solodrez/reference.py) and the
rulings, rule by rule (S-numbers of seeds/solodrez.md).

Most checks run over a corpus of settled positions reached by seeded play from many deals:
half of the games play uniformly random legal moves, half prefer moves that put a card
where a series needs it, so that series are completed and removed, columns empty and
neutrals end up inside runs and on tops.  Every successor of every corpus position is
checked too.
"""
import random

import numpy as np
import pytest

from drez.solver.solodrez.rules import columns, engine, keys
from drez.solver.solodrez.rules.moves import Move
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.rules.productive import generate_productive
from tests.solodrez.helpers import (
    P,
    biased_game,
    digit_counted,
    engine_moves,
    engine_play,
    fast_reference,
    independent_lower_bound,
    independent_misplaced,
    random_small_position,
    ref,
    to_engine,
    to_ref,
    words_key,
)

N_DEALS = 48
STEPS = 50


@pytest.fixture(scope="module", autouse=True)
def memoised_reference():
    with fast_reference():
        yield


@pytest.fixture(scope="module")
def corpus(memoised_reference):
    """(positions, successors): positions visited by seeded play, each with the list of
    (move, reference successor) for every reference-legal move."""
    rng = random.Random(20240611)
    positions = []
    for n in range(N_DEALS):
        bias = 0.0 if n % 2 == 0 else 0.85
        positions += biased_game(n * 7919 + 3, rng, STEPS, bias)
    for n in (259, 2 ** 64 - 1):      # 259 deals a complete series (S12)
        positions += biased_game(n, rng, STEPS, 0.85)
    for _ in range(60):               # later in a game: fewer cards, empty columns
        start = random_small_position(rng, rng.randint(1, 5), rng.random() < 0.3)
        positions += ref.random_playout(start, rng, 12)
    successors = [[(m, ref.apply(p, m)) for m in ref.legal_moves(p)] for p in positions]
    return positions, successors


@pytest.fixture(scope="module")
def played(corpus):
    """For each corpus position: the engine Position and {move: engine successor} over the
    engine's full move list (prune=False)."""
    positions, _ = corpus
    out = []
    for p in positions:
        pos = to_engine(p)
        out.append((pos, {(m.src, m.dst, m.cards): pos.play(m) for m in pos.legal_moves()}))
    return out


def test_corpus_covers_the_interesting_cases(corpus):
    """The corpus really exercises S7-S9 (neutrals on tops and inside runs), S8 (empty
    columns) and S11 (series removed by a move)."""
    positions, successors = corpus
    assert len(positions) > 2500
    neutral_top = sum(any(col and col[-1][0] == "X" for col in p) for p in positions)
    neutral_inside = sum(any("X" in (c[0] for c in col[:-1]) for col in p) for p in positions)
    empty = sum(any(not col for col in p) for p in positions)
    removals = sum(ref.real_card_count(q) < ref.real_card_count(p)
                   for p, succ in zip(positions, successors) for _, q in succ)
    neutral_runs = sum(1 for p, succ in zip(positions, successors) for (s, d, k), _ in succ
                       if k > 1 and any(c[0] == "X" for c in p[s][-k:]))
    few_cards = sum(ref.real_card_count(p) <= 36 for p in positions)
    print(len(positions), neutral_top, neutral_inside, empty, removals, neutral_runs, few_cards)
    assert neutral_top > 300 and neutral_inside > 300 and empty > 800
    assert removals > 100 and neutral_runs > 300 and few_cards > 500


def test_S4_S10_legal_moves_equal_reference(corpus):
    """S4-S10: the engine's full move list (prune=False) is exactly the reference's."""
    positions, _ = corpus
    for p in positions:
        mine = engine_moves(to_engine(p))
        assert len(mine) == len(set(mine)), p
        assert sorted(mine) == ref.legal_moves(p), p


def test_S11_S13_successors_equal_reference_card_for_card(corpus, played):
    """S4, S11-S13: every successor (Position.play) equals reference.apply, real card
    strings compared, and won detection agrees."""
    positions, successors = corpus
    for p, succ, (pos, mine) in zip(positions, successors, played):
        assert pos.is_won() == ref.is_won(p)
        assert len(mine) == len(succ)
        for m, q in succ:
            after = mine[m]
            assert to_ref(after) == q, (p, m)
            assert after.is_won() == ref.is_won(q)
            assert bool(engine.is_won(after.words())) == ref.is_won(q)


def test_S18_keys_equal_exactly_when_reference_canonical_equal(corpus, played):
    """S18: over every corpus position and successor, plus column permutations, recoloured
    copies and near misses (two cards of different ranks swapped), Position.key() is equal
    for two positions iff reference.canonical is (both directions, all pairs)."""
    positions, successors = corpus
    rng = random.Random(7)
    pairs = [(p, pos.key()) for p, (pos, _) in zip(positions, played)]
    pairs += [(q, mine[m].key()) for succ, (_, mine) in zip(successors, played) for m, q in succ]
    extra = []
    for p in positions[::3]:
        perm = list(p)
        rng.shuffle(perm)
        extra.append(tuple(perm))
        extra.append(recolour(p, rng))
        extra.append(near_miss(p, rng))
    pairs += [(q, to_engine(q).key()) for q in extra if q is not None]
    by_canon, by_key = {}, {}
    for q, k in pairs:
        c = ref.canonical(q)
        by_canon.setdefault(c, set()).add(k)
        by_key.setdefault(k, set()).add(c)
    assert all(len(v) == 1 for v in by_canon.values())
    assert all(len(v) == 1 for v in by_key.values())
    assert len(by_key) == len(by_canon) > 20000


def recolour(p, rng):
    """p with the numbers of same-rank cards permuted (colours changed, ranks kept)."""
    cards = [c for col in p for c in col]
    mapping = {}
    for r in "JQRBNPX":
        same = [c for c in cards if c[0] == r]
        shuffled = same[:]
        rng.shuffle(shuffled)
        mapping.update(zip(same, shuffled))
    return tuple(tuple(mapping[c] for c in col) for col in p)


def near_miss(p, rng):
    """p with two cards of different ranks exchanged (None if impossible)."""
    spots = [(i, j) for i, col in enumerate(p) for j in range(len(col))]
    for _ in range(20):
        (a, b), (c, d) = rng.sample(spots, 2)
        if p[a][b][0] != p[c][d][0]:
            cols = [list(col) for col in p]
            cols[a][b], cols[c][d] = cols[c][d], cols[a][b]
            return tuple(tuple(col) for col in cols)
    return None


def test_S18_key_to_columns_inverts_canonical_key(corpus):
    """S18: keys.key_to_columns(key) gives back the sorted column words."""
    positions, _ = corpus
    out = np.empty(engine.NCOLS, np.int64)
    for p in positions:
        words = to_engine(p).words()
        key = np.array(words_key(words), np.int64)
        keys.key_to_columns(key, out)
        assert list(out) == sorted(words)


def test_S8_pruned_moves_reach_the_same_canonical_successors(corpus, played):
    """S8, S18: generate_moves(prune=True) is a subset of the full list and yields the same
    SET of canonical successor keys."""
    positions, _ = corpus
    for p, (pos, mine) in zip(positions, played):
        keys = {m: q.key() for m, q in mine.items()}
        pruned = [(m.src, m.dst, m.cards) for m in pos.legal_moves(prune=True)]
        assert set(pruned) <= set(keys)
        keys_full = set(keys.values())
        keys_pruned = {keys[m] for m in pruned}
        # a whole column onto an empty column gives the position itself (S8); pruning may drop it
        keys_full_other = keys_full - {pos.key()}
        assert keys_full_other <= keys_pruned <= keys_full, p


def test_lower_bound_counts_misplaced_real_cards(corpus):
    """engine.lower_bound equals an independent count: real cards not lying on the real card
    one rank higher, Jokers not on the table, plus neutrals lying directly on a real card."""
    positions, _ = corpus
    for p in positions:
        assert int(engine.lower_bound(to_engine(p).words())) == independent_lower_bound(p), p


def test_lower_bound_on_columns_of_every_length():
    """engine.lower_bound, which reads a column three cards at a time, equals a card by
    card count on columns of 0 to 22 cards of any digits (every split of a column into
    its windows and its last one to three cards, the bottom card on the table)."""
    rng = random.Random(20261206)
    for _ in range(3000):
        digit_cols = [[rng.choice((0, 1, 2, 3, 4, 5, 6, 6)) for _ in range(rng.randint(0, 22))]
                      for _ in range(engine.NCOLS)]
        words = np.array([7 ** len(c) + sum(d * 7 ** (len(c) - 1 - i) for i, d in enumerate(c))
                          for c in digit_cols], np.int64)
        expected = sum(digit_counted(c[i], c[i - 1] if i > 0 else -1)
                       for c in digit_cols for i in range(len(c)))        # c bottom first
        assert int(engine.lower_bound(words)) == expected, digit_cols


def test_lower_bound_move_delta_is_exact_and_consistent(corpus, played):
    """engine.misplaced_delta(m) is the change of the misplaced-card count for every move,
    lower_bound changes by at most one per move (consistency, relied on by A*) and is 0
    exactly when the position is won."""
    positions, successors = corpus
    for p, succ, (pos, mine) in zip(positions, successors, played):
        words = pos.words()
        lb = int(engine.lower_bound(words))
        assert (lb == 0) == ref.is_won(p) or lb > 0
        for m, q in succ:
            after = int(engine.lower_bound(mine[m].words()))
            assert -1 <= after - lb <= 1, (p, m)
            delta = int(engine.misplaced_delta(words, Move(*m).pack()))
            assert delta == independent_misplaced(q) - independent_misplaced(p), (p, m)
            if ref.is_won(q):
                assert after == 0


# --------------------------------------------------------------------------------------
# Hand-made positions for each neutral-card and series-removal case of the rulings.
# Columns 1.. as given; a filler keeps every position valid (equal rank counts, both
# neutrals) without touching the columns under test.
# --------------------------------------------------------------------------------------

def fill(*cols):
    """A valid position: the given columns, then the remaining cards so that every rank
    appears equally often (the most of any rank given, at least 1) and both neutrals are
    present, in columns after the given ones (never forming a complete series)."""
    used = [c for col in cols for c in col.split()]
    counts = {r: sum(c[0] == r for c in used) for r in "JQRBNP"}
    need = max(max(counts.values()), 1)
    rest = [f"{r}{i}" for r in "PNBRQJ" for i in range(1, 10) if f"{r}{i}" not in used]
    extra = []
    for r in "PNBRQJ":  # Pawns first: a Pawn at the bottom blocks nothing we test
        extra += [c for c in rest if c[0] == r][:need - counts[r]]
    extra += [x for x in ("X1", "X2") if x not in used]
    cols = list(cols)
    if extra:
        cols.append(" ".join(extra))
    return P(*cols)


def legal(pos, move):
    mine = set(engine_moves(to_engine(pos)))
    theirs = set(ref.legal_moves(pos))
    assert mine == theirs, pos
    return tuple(move) in mine


# (run on top of a blocker, destination column, legal?) -- from the rulings' text
NEUTRAL_CASES = [
    # S9 [X, B, N]: the neutral plays Rook, so only onto a Queen or a neutral
    ("X1 B1 N1", "J2 Q1", True),
    ("X1 B1 N1", "J2 X2", True),
    ("X1 B1 N1", "J2 Q1 R1", False),
    ("X1 B1 N1", "J2", False),
    ("X1 B1 N1", "", False),
    # S9 [B, X, P]: the neutral plays Knight
    ("B1 X1 P1", "J2 Q1 R1", True),
    ("B1 X1 P1", "J2 X2", True),
    ("B1 X1 P1", "J2 Q1", False),
    # S9 [P, X] and [X, J] are not ordered
    ("P1 X1", "J2 Q1 R1 B1 N1", False),
    ("P1 X1", "J2 X2", False),
    ("X1 J1", "", False),
    ("X1 J1", "J2 X2", False),
    # S9 runs of neutrals only: [X] any rank, [X, X] from Joker down to Knight
    ("X1", "", True),
    ("X1", "J1 Q1 R1 B1 N1", True),
    ("X1 X2", "", True),
    ("X1 X2", "J1 Q1 R1 B1", True),
    ("X1 X2", "J1 Q1 R1 B1 N1", False),
    ("X1 X2", "J1 Q1 R1 B1 N1 P1", False),
    # S6 nothing on a Pawn, even a neutral
    ("X1", "J1 Q1 R1 B1 N1 P1", False),
    # S7 a neutral on top accepts up to Queen whatever lies beneath it
    ("Q1", "P2 X1", True),
    ("X2 Q1", "P2 X1", False),   # [X, Q]: first card must play Joker
    ("J1", "P2 X1", False),
    ("J1 Q1", "P2 X1", False),
    ("Q1 R1 X2 N1 P1", "P2 X1", True),
    # S8 empty column: a real Joker or a neutral playing Joker
    ("J1 Q1 R1", "", True),
    ("X1 Q1 R1", "", True),
    ("Q1 R1", "", False),
    ("X1 R1", "", False),        # the neutral could only play Queen
    # S5 two neutrals inside a run
    ("R1 X1 X2 P1", "J2 Q2", True),
    ("R1 X1 X2 N1", "J2 Q2", False),
    ("X1 R1 X2 N1", "J2", True),
    ("X1 R1 X2 N1", "J2 Q2", False),
]


@pytest.mark.parametrize("run,dest,expected", NEUTRAL_CASES)
def test_S5_S9_neutral_cases_of_the_rulings(run, dest, expected):
    """S5-S9: each neutral case, the run lying on a blocker (P9) in column 1, the
    destination in column 2; engine and reference agree with the rulings."""
    pos = fill("P9 " + run, dest)
    k = len(run.split())
    assert legal(pos, (0, 1, k)) is expected


def test_S10_several_run_lengths_onto_a_neutral():
    """S10: from `Q B X` onto a neutral both [X] and [B, X] move, and they are two moves."""
    pos = fill("P9 Q1 B1 X1", "J2 X2")
    assert legal(pos, (0, 1, 1)) and legal(pos, (0, 1, 2))
    assert not legal(pos, (0, 1, 3))


def test_S8_whole_column_onto_empty_column_is_legal_and_changes_nothing():
    """S8: a whole column onto an empty column is listed (prune=False), may be pruned
    (prune=True), and the result is the same position up to column order."""
    pos = fill("J1 Q1 X1", "", "P1 X2")
    assert legal(pos, (0, 1, 3))
    e = to_engine(pos)
    assert Move(0, 1, 3) not in e.legal_moves(prune=True)
    assert e.play(Move(0, 1, 3)).key() == e.key()


SERIES_CASES = [
    # (columns under test, move, expected columns under test after; None: nothing removed).
    # fill() completes each position; the filler column after them never changes.
    # the destination completes
    (("J1 Q1 R1 B1 N1", "Q2 P1"), (1, 0, 1), ("", "Q2")),
    # the source completes (moving X off J Q R B N P X)
    (("J1 Q1 R1 B1 N1 P1 X1", "P2 Q2"), (0, 1, 1), ("", "P2 Q2 X1")),
    # a run of several cards completes the destination
    (("J1 Q1 R1", "P2 B1 N1 P1"), (1, 0, 3), ("", "P2")),
    # a whole series moved off a card onto an empty column completes there
    (("P2 J1 Q1 R1 B1 N1 P1", ""), (0, 1, 6), ("P2", "")),
    # not a series: something beneath the Joker
    (("P2 J1 Q1 R1 B1 N1", "Q2 P1"), (1, 0, 1), None),
    # not a series: a neutral plays the Bishop
    (("J1 Q1 R1 X1 N1", "Q2 P1"), (1, 0, 1), None),
    # not a series: a neutral on top of it
    (("J1 Q1 R1 B1 N1 P1 X1", "Q2 P2"), (1, 0, 1), None),
    # not a series: a Queen missing
    (("J1 R1 B1 N1", "Q2 P1"), (1, 0, 1), None),
    # both columns complete at once; no real card is left, so the neutrals go too (S13)
    (("J1 Q1 R1 B1 N1 P1 P2", "J2 Q2 R2 B2 N2", "X1 X2"), (0, 1, 1), "won"),
    # the last series removed wins: the neutrals go wherever they lie (S13)
    (("J1 Q1 R1 B1 N1", "X1 X2 P1"), (1, 0, 1), "won"),
]


@pytest.mark.parametrize("cols,move,expected", SERIES_CASES)
def test_S11_S13_series_removal_cases(cols, move, expected):
    """S11, S13: each series-removal case; engine and reference give the stated result."""
    pos = fill(*cols)
    assert ref.validate(pos) is None
    assert legal(pos, move)
    theirs = ref.apply(pos, move)
    mine = to_ref(engine_play(to_engine(pos), move))
    assert mine == theirs
    if expected == "won":
        assert mine == P() and ref.is_won(pos) is False
    elif expected is None:
        assert ref.real_card_count(mine) == ref.real_card_count(pos)
        assert mine[move[1]][-move[2]:] == pos[move[0]][-move[2]:]
    else:
        assert mine[:len(expected)] == P(*expected)[:len(expected)]
        assert mine[len(expected):] == pos[len(expected):]
        assert ref.real_card_count(mine) == ref.real_card_count(pos) - 6


def test_S12_complete_series_in_a_deal_is_removed_before_the_first_move():
    """S12: deal 259 deals J9 Q9 R3 B5 N1 P2 in column 9; settling empties it."""
    dealt = Position.from_deal(259, settle=False)
    assert to_ref(dealt)[8] == ("J9", "Q9", "R3", "B5", "N1", "P2")
    settled = Position.from_deal(259)
    assert to_ref(settled)[8] == ()
    assert to_ref(settled) == ref.settle(ref.deal(259))
    assert Position.parse(str(dealt)) == settled      # a text's series is removed on reading


# --------------------------------------------------------------------------------------
# S15: the longest column, built by legal moves
# --------------------------------------------------------------------------------------

LONG_START = P(
    "P1 P2 P3 P4 P5 P6 J1",
    "X1 N2 B2 R2 Q2",
    "X2 N3 B3 R3 Q3",
    "P7 N4 B4 R4 Q4",
    "J2 J3 J4 J5 J6 J7 J8 J9",
    "Q1 Q5 Q6 Q7 Q8 Q9",
    "R1 R5 R6 R7 R8 R9",
    "B1 B5 B6 B7 B8 B9",
    "N1 N5 N6 N7 N8 N9 P8 P9",
)
LONG_SOURCES = [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3]   # Q R B N X Q R B N X Q R B N P


def test_S15_22_card_column_built_by_legal_moves():
    """S15: a Joker dealt on top of a 7-card column, then Q R B N X Q R B N X Q R B N P, by
    legal moves through Position.play; each step agrees with the reference; the position
    round-trips through words, key and text."""
    assert ref.validate(LONG_START) is None
    pos = to_engine(LONG_START)
    cur = LONG_START
    for src in LONG_SOURCES:
        assert set(engine_moves(pos)) == set(ref.legal_moves(cur))
        pos = pos.play(Move(src, 0, 1))
        cur = ref.apply(cur, (src, 0, 1))
        assert to_ref(pos) == cur
    assert len(pos.columns[0]) == 22
    assert " ".join(to_ref(pos)[0]) == ("P1 P2 P3 P4 P5 P6 J1 Q2 R2 B2 N2 X1 Q3 R3 B3 N3 X2 "
                                        "Q4 R4 B4 N4 P7")
    words = pos.words()
    assert words[0] > 7 ** 22 and columns.column_length(words[0]) == 22
    key = np.array(words_key(words), np.int64)
    back = np.empty(engine.NCOLS, np.int64)
    keys.key_to_columns(key, back)
    assert list(back) == sorted(words)
    assert Position.parse(str(pos)) == pos
    # the whole 16-card run from the Joker up moves only onto an empty column; none here
    assert set(engine_moves(pos)) == set(ref.legal_moves(cur))


def test_S15_23_cards_is_not_a_position():
    """S15: no column holds more than 22 cards."""
    cols = ["P1 P2 P3 P4 P5 P6 P7 P8 J1 Q2 R2 B2 N2 X1 Q3 R3 B3 N3 X2 Q4 R4 B4 N4",
            "J2 J3 J4 J5 J6 J7 J8 J9", "Q1 Q5 Q6 Q7 Q8 Q9", "R1 R5 R6 R7 R8 R9",
            "B1 B5 B6 B7 B8 B9", "N1 N5 N6 N7 N8 N9 P9", "", "", ""]
    from drez.solver.solodrez.rules.position import PositionError
    with pytest.raises(PositionError, match=r"column 1 holds 23 cards"):
        Position.parse("\n".join(cols) + "\n")


def test_S9_neutral_role_lasts_one_move():
    """S9: after [X] moved onto a Knight as a Pawn, it is again a neutral: a Queen may go
    onto it, and it may leave as a Joker onto an empty column."""
    start = fill("J1 Q1 R1 B1 N1", "P9 X1", "P8 Q2", "")
    pos = ref.apply(start, (1, 0, 1))
    assert to_ref(engine_play(to_engine(start), (1, 0, 1))) == pos
    assert pos[0] == ("J1", "Q1", "R1", "B1", "N1", "X1")
    assert legal(pos, (2, 0, 1))       # Q2 onto X1
    assert legal(pos, (0, 3, 1))       # X1 as a Joker onto the empty column 4


def test_bound_delta_is_the_change_of_lower_bound(corpus, played):
    """engine.bound_delta(m), which A* uses instead of recomputing the bound, equals
    lower_bound(after m) - lower_bound(before) for every legal move, and
    engine.move_outlook(m) marks exactly the moves onto an empty column."""
    positions, successors = corpus
    for p, succ, (pos, mine) in zip(positions, successors, played):
        words = pos.words()
        lb = int(engine.lower_bound(words))
        for m, _q in succ:
            after = int(engine.lower_bound(mine[m].words()))
            assert int(engine.bound_delta(words, Move(*m).pack())) == after - lb, (p, m)
            outlook = int(engine.move_outlook(words, Move(*m).pack()))
            assert (outlook >> 2) & 3 == int(words[m[1]] == engine.EMPTY_WORD), (p, m)


def test_generated_outlooks_are_move_outlook(corpus, played):
    """generate_moves(..., outlooks) lists the same moves as without them, and writes
    each move's engine.move_outlook (which the test above checks against lower_bound)."""
    out = np.empty(engine.MAX_MOVES, np.int64)
    again = np.empty(engine.MAX_MOVES, np.int64)
    outlooks = np.empty(engine.MAX_MOVES, np.int64)
    seen = set()
    for pos, _ in played:
        words = pos.words()
        for prune in (True, False):
            n = engine.generate_moves(words, out, prune, outlooks)
            assert n == engine.generate_moves(words, again, prune)
            assert list(out[:n]) == list(again[:n])
            want = [int(engine.move_outlook(words, m)) for m in out[:n]]
            assert list(outlooks[:n]) == want, pos
            seen.update(want)
    assert len(seen) >= 8       # every kind of move: fixing, neutral, misplacing, onto empty


def test_productive_moves_are_the_pruned_moves_that_lower_the_bound(corpus, played):
    """rules.productive.generate_productive (what A* expands in a position's own layer)
    lists exactly the moves of generate_moves(prune=True) after which lower_bound is one
    less, in the same order; the corpus has such moves of every kind of first card."""
    _positions, _ = corpus
    out = np.empty(engine.MAX_MOVES, np.int64)
    kinds = set()
    for pos, mine in played:
        words = pos.words()
        lb = int(engine.lower_bound(words))
        pruned = [Move.unpack(int(m)) for m in out[:engine.generate_moves(words, out, True)]]
        want = [m.pack() for m in pruned
                if int(engine.lower_bound(mine[(m.src, m.dst, m.cards)].words())) == lb - 1]
        got = [int(m) for m in out[:generate_productive(words, out)]]
        assert got == want, pos
        for m in got:
            first = int(words[m & 15] // engine.POW7[(m >> 8) - 1] % 7)
            kinds.add("neutral" if first == 0 else "joker" if first == 6 else "real")
    assert kinds == {"neutral", "joker", "real"}
    # two equal columns: a neutral onto the other one's neutral is one of them
    pos = to_engine(P("J1", "J2", "Q1 X1", "Q2 X2", "R1", "R2", "B1", "B2", "N1 P1"))
    words = pos.words()
    got = {Move.unpack(int(m)) for m in out[:generate_productive(words, out)]}
    assert (2, 3, 1) in {(m.src, m.dst, m.cards) for m in got}, got


def test_a_position_keeps_the_words_of_its_columns():
    """Position packs its columns once; every position that play() and settled() make
    (series removed, won tables cleared) holds exactly the words of its own columns."""
    from drez.solver.solodrez.rules.position import columns_to_words
    rng = random.Random(12)
    seen = 0
    for n in range(40):
        cur = Position.from_deal(n)
        for _ in range(150):
            assert (cur.words() == columns_to_words(cur.columns)).all()
            again = Position.parse(str(cur), settle=False)
            assert again == cur and (again.words() == cur.words()).all()
            moves = cur.legal_moves()
            if not moves:
                break
            cur = cur.play(rng.choice(moves))
            seen += 1
    assert seen > 2000


def _unsettled_position(rng) -> Position:
    """A seeded position as the rules may meet it before settling: some ranks' cards already
    gone in series, 0-4 complete series lying in columns, the other cards anywhere, and
    sometimes no real card but the series (a won table with the neutrals left)."""
    per_rank = rng.choice((9, 9, 6, 3, 1, 0))
    numbers = rng.sample(range(9), per_rank)
    cards = [r * 9 + k for r in range(6) for k in numbers]
    series = [[r * 9 + k for r in range(6)] for k in numbers[:rng.randint(0, min(4, per_rank))]]
    loose = [c for c in cards if not any(c in s for s in series)]
    if rng.random() < 0.25:
        loose = []       # only the series and the neutrals
        cards = [c for s in series for c in s]
    if cards:
        loose += [54, 55]
    rng.shuffle(loose)
    columns = [list(s) for s in series] + [[] for _ in range(9 - len(series))]
    for card in loose:
        col = rng.randrange(len(series), 9) if len(series) < 9 else rng.randrange(9)
        columns[col].append(card)
    rng.shuffle(columns)
    cols = tuple(tuple(col) for col in columns)
    assert all(len(col) <= engine.MAX_COLUMN for col in cols)
    return Position(cols)


def test_settling_in_plain_python_is_the_engines():
    """Position.settled() runs the plain-Python rules of rules/packing (so `drez show` needs
    no numba); on seeded positions with series lying in columns and won tables it gives the
    columns the compiled kernels give, and those of the reference."""
    rng = random.Random(1313)
    removed = cleared = 0
    for _ in range(4000):
        pos = _unsettled_position(rng)
        words = pos.words()
        removed += engine.remove_series(words)
        won = engine.is_won(words)
        cleared += bool(won and pos.card_count())
        expected = tuple(() if won or words[c] == engine.EMPTY_WORD else col
                         for c, col in enumerate(pos.columns))
        settled = pos.settled()
        assert settled.columns == expected, pos
        assert to_ref(settled) == ref.settle(to_ref(pos)), pos
        assert (settled.words() == engine_words(settled.columns)).all()
    assert removed > 3000 and cleared > 200


def engine_words(columns) -> np.ndarray:
    """The words of columns computed the engine's way, digit by digit (engine.POW7)."""
    from drez.solver.solodrez.rules.cards import card_digit
    out = np.empty(engine.NCOLS, np.int64)
    for c, col in enumerate(columns):
        out[c] = engine.POW7[len(col)] + sum(int(engine.POW7[len(col) - 1 - i]) * card_digit(card)
                                             for i, card in enumerate(col))
    return out


def test_column_length_counts_the_cards_of_every_word_size():
    """column_length (bit length and one comparison) against counting the digits one by
    one, on each side of every power of 7 up to the 22-card maximum and on random words."""
    def count(w):
        n = 0
        while w >= 7:
            w //= 7
            n += 1
        return n
    rng = random.Random(7)
    words = [1, 2 * 7 ** 22 - 1]
    for n in range(1, 23):
        words += [7 ** n - 1, 7 ** n, 7 ** n + 1, 2 * 7 ** n - 1,
                  7 ** n + rng.randrange(7 ** n)]
    words += [7 ** n + rng.randrange(7 ** n) for n in (rng.randrange(23) for _ in range(2000))]
    for w in words:
        assert columns.column_length(w) == count(w), w


def _long_column_positions():
    """The positions on the way to LONG_START's 22-card column (21 and 22 cards too)."""
    pos = to_engine(LONG_START)
    out = [pos]
    for src in LONG_SOURCES:
        pos = pos.play(Move(src, 0, 1))
        out.append(pos)
    return out


def test_children_keys_from_symbol_words_are_canonical_keys(played):
    """search/children.key_children (keys from symbol words, two shifts a move) writes
    for every generated move exactly canonical_key of the successor the engine plays,
    and stops at the first move that wins; over the corpus (series removed by a move,
    empty columns, neutrals) and the columns of 19 to 22 cards (keyed from their words)."""
    from drez.solver.solodrez.rules.keys import KEY_WORDS
    from drez.solver.solodrez.search.children import children_work, key_children
    from drez.solver.solodrez.search.table import new_table
    table, _ = new_table(1 << 10)
    ckeys = np.empty((engine.MAX_MOVES, KEY_WORDS), np.int64)
    homes = np.empty(engine.MAX_MOVES, np.int64)
    work = children_work()
    scratch = np.empty(engine.NCOLS, np.int64)
    moves = np.empty(engine.MAX_MOVES, np.int64)
    want = np.empty(KEY_WORDS, np.int64)
    wins = long_keyed = 0
    last_moves = [to_engine(P("J1 Q1 R1 B1 N1", "P1", "X1 X2")),   # P1 wins, neutrals together
                  to_engine(P("J1 Q1 R1 B1 N1", "P1", "X1", "X2"))]
    for pos in [p for p, _ in played] + _long_column_positions() + last_moves:
        cols = np.empty(engine.NCOLS, np.int64)
        syms = np.empty(engine.NCOLS, np.int64)     # the columns in key order, as searched
        whole = keys.key_to_columns_and_symbols(np.array(words_key(pos.words()), np.int64),
                                                cols, syms)
        n = engine.generate_moves(cols, moves, False)
        won = key_children(cols, syms, whole, moves, 0, n, 1, table, ckeys, homes, work)
        first_win = -1
        for i in range(n):
            after = cols.copy()
            engine.apply_move(after, moves[i])
            if engine.is_won(after):
                first_win = i
                break
            keys.canonical_key(after, scratch, want)
            assert list(ckeys[i]) == list(want), (pos, i)
            long_keyed += max(map(columns.column_length, after)) > keys.SYMBOL_CARDS
        assert won == first_win, pos
        wins += won >= 0
    assert wins > 0 and long_keyed > 0          # both ways out were taken


def test_ida_children_keys_from_symbol_words_are_canonical_keys(played):
    """search/ida's _next_child keys a child from its parent's symbol words (kept on the
    stack, a level a position) and the two columns the move changed: every child it
    keys, two levels down, gets exactly canonical_key of the columns it made; over the
    corpus and the columns of 19 to 22 cards (keyed from their words)."""
    from drez.solver.solodrez.search import ida
    bound = 1000                    # every move listed, no child past the bound
    stack = ida.new_stack(4)
    st = np.zeros(ida.ST_SLOTS, np.int64)
    work = ida.table_and_work(1 << 17)[2]
    scratch = np.empty(engine.NCOLS, np.int64)
    want = np.empty(keys.KEY_WORDS, np.int64)
    counts = {"keyed": 0, "long": 0}

    def check(d):
        keys.canonical_key(stack[0][d], scratch, want)
        assert list(work[0]) == list(want), (d, list(stack[0][d]))
        counts["keyed"] += 1
        counts["long"] += max(map(columns.column_length, stack[0][d])) > keys.SYMBOL_CARDS

    for pos in [p for p, _ in played] + _long_column_positions():
        stack[0][0] = pos.words()
        ida._descend(0, engine.lower_bound(stack[0][0]), bound, stack, st)
        for i in range(stack[3][0]):
            made, h2 = ida._next_child(0, i, bound, stack, work)
            if made != ida.NEW_CHILD:
                continue
            check(1)
            ida._descend(1, h2, bound, stack, st)
            for j in range(stack[3][1]):
                if ida._next_child(1, j, bound, stack, work)[0] == ida.NEW_CHILD:
                    check(2)
    assert counts["keyed"] > 1000 and counts["long"] > 0    # both ways of keying taken
