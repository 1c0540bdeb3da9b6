"""The exactness test's third part, the move numbers of an exact win (tight.py rules
(10)-(12), `late`), against references that know the answer:

- the reference BFS distance (tests/solodrez/reference.py) on a hand-made cycle, plain A*'s
  (equal to BFS: test_optimal_bounds.py) on seeded small positions, and
  a plain-Python search for a win of exactly lower_bound moves (`exact_win_exists`: only
  moves that lower the independent bound by one) on positions of seeded games and of
  walks through the last f-layer of deals: wherever the test fires, no such win exists;
- never weaker than the test without it: it fires wherever that one does;
- A* and IDA* with it give the same minima as without it (every solution replayed by
  the reference verifier).
"""
from __future__ import annotations

import functools
import random

import numpy as np
import pytest

from drez.solver.solodrez.rules import engine
from drez.solver.solodrez.rules.keys import key_to_columns
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.rules.productive import generate_productive
from drez.solver.solodrez.search import astar, ida, late_choice
from drez.solver.solodrez.search.move_numbers import move_numbers_impossible
from drez.solver.solodrez.search.stats_slots import LENGTH
from drez.solver.solodrez.search.tight import (
    BY_MATCHING,
    BY_MOVE_NUMBERS,
    EXACT_MAYBE,
    _unschedulable,
    bound_not_exact,
    not_exact_by,
    tight_scratch,
)
from tests.solodrez.helpers import (
    P,
    biased_game,
    card_digit,
    fast_reference,
    independent_lower_bound,
    is_blocker,
    is_counted,
    plain_may_land,
    random_small_position,
    random_walk,
    ref,
    replayed,
    to_engine,
    to_ref,
)

SCRATCH = tight_scratch()


@pytest.fixture(scope="module", autouse=True)
def memoised_reference():
    with fast_reference():
        yield


def fires(words, late=True) -> bool:
    return bool(bound_not_exact(np.asarray(words, np.int64), *SCRATCH, late))


@functools.cache
def _exact_from(key) -> bool:
    pos = tuple(tuple(c + "1" for c in col) for col in key)     # colours do not matter
    return _exact(pos)


def _exact(pos) -> bool:
    h = independent_lower_bound(pos)
    if h == 0:
        return ref.is_won(pos)
    for m in ref.legal_moves(pos):
        nxt = ref.apply(pos, m)
        if independent_lower_bound(nxt) == h - 1 and _exact_from(ref.canonical(nxt)):
            return True
    return False


def exact_win_exists(pos) -> bool:
    """Whether reference position pos has a win of exactly independent_lower_bound moves:
    plain depth-first search through the reference's moves that lower the bound by one
    (in such a win every move does), memoised on the reference's canonical keys."""
    return _exact_from(ref.canonical(ref.settle(pos)))


def shortest(words, late, budget=400_000):
    a = astar.AStar(np.asarray(words, np.int64), 1 << 24, late=late)
    return a.run(budget), a


CYCLE = P("X1", "", "", "J1 R1 B1 N1 P1", "X2", "N2 Q1 Q2", "", "R2", "B2 J2 P2")


def test_fires_on_the_cycle_the_schedule_misses():
    """The module docstring's example: P2 must wait for the Knight under both Queens, and
    the Queen that lands on J2 (the other Joker waits for R1, which needs the top Queen)
    must wait for P2.  The first two tests see nothing; the third fires, and the reference
    BFS needs more than the bound."""
    pos = to_engine(CYCLE)
    h = pos.lower_bound()
    assert not fires(pos.words(), late=False)
    assert fires(pos.words())
    assert not exact_win_exists(CYCLE)
    d = ref.shortest_distance(CYCLE, max_nodes=400_000)
    assert isinstance(d, int) and d > h


def test_against_plain_astar_on_small_positions():
    """Seeded random positions of 12 real cards: plain A* (no exactness test; its lengths
    equal the reference BFS: test_optimal_bounds.py) gives the distance d; wherever the
    test fires d exceeds the bound, and A* with and without it finds d."""
    rng = random.Random(20261241)
    checked = fired = 0
    while checked < 200:
        p = ref.settle(random_small_position(rng, 2, rng.random() < 0.5))
        pos = to_engine(p)
        if pos.is_won():
            continue
        a = astar.AStar(pos.words(), 1 << 22, tight=False)
        if a.run(100_000) != astar.WON:
            continue
        d = int(a.stats[LENGTH])
        checked += 1
        h = pos.lower_bound()
        assert h <= d, p
        if fires(pos.words()):
            fired += 1
            assert d > h, p
        for late in (False, True):
            status, a = shortest(pos.words(), late, 100_000)
            assert status == astar.WON and replayed(pos, a.path()) == d, p
    assert fired >= 3


def _layer_walk(deal, rng, down_to):
    """A random walk from deal's opening through moves that lower the bound by one, to a
    bound of at most down_to: a position of the deal's last f-layer if the bound is
    exact at the opening.  None when the walk gets stuck first."""
    words = Position.from_deal(deal).words().astype(np.int64)
    out = np.empty(engine.MAX_MOVES, np.int64)
    while engine.lower_bound(words) > down_to:
        n = generate_productive(words, out)
        if n == 0:
            return None
        engine.apply_move(words, out[rng.randrange(n)])
    return words


def _ref_of(words):
    return to_ref(Position(tuple(tuple(c) for c in _columns(words))))


def _columns(words):
    """Card indices of a position's words, colours made up (one rank's cards numbered in
    turn), bottom card first: enough for the reference, for which colours do not matter."""
    used = dict.fromkeys(range(7), 0)
    cols = []
    for w in words:
        x = int(w)
        digits = []
        while x >= 7:
            digits.append(x % 7)
            x //= 7
        col = []
        for d in reversed(digits):
            if d == 0:
                col.append(54 + used[0])
            else:
                col.append((6 - d) * 9 + used[d])
            used[d] += 1
        cols.append(col)
    return cols


def test_never_fires_where_an_exact_win_exists():
    """Positions of random walks through deals' last f-layers (bound at most 8), and of
    seeded games: wherever the test fires, the plain search finds no win of exactly
    lower_bound moves, and it fires wherever the test without it does."""
    rng = random.Random(41)
    seen = fired = only_late = exact = 0
    cases = []
    for deal in range(150):
        for _ in range(12):
            words = _layer_walk(deal, rng, rng.choice([5, 7, 8]))
            if words is not None:
                cases.append(_ref_of(words))
    for n in range(200, 215):
        cases += biased_game(n, rng, 60, 0.9)[-12:]
    for p in cases:
        pos = to_engine(p).settled()
        if pos.is_won() or pos.lower_bound() > 8:
            continue
        seen += 1
        words = pos.words()
        old, new = fires(words, late=False), fires(words)
        assert new or not old, str(pos)
        has_exact = exact_win_exists(to_ref(pos))
        exact += has_exact
        if new:
            fired += 1
            only_late += not old
            assert not has_exact, str(pos)
    assert seen >= 200 and exact >= 100 and only_late >= 5 and fired >= 30


def test_never_weaker_on_middle_games():
    """Positions of seeded games from openings to late games: the test with the third
    part fires wherever it fires without it."""
    rng = random.Random(43)
    checked = more = 0
    for n in range(250):
        pos = random_walk(n, rng)
        old, new = fires(pos.words(), late=False), fires(pos.words())
        assert new or not old, str(pos)
        checked += 1
        more += new and not old
    assert checked == 250


@pytest.mark.parametrize("deal", [1, 3, 5, 12, 16, 143])
def test_astar_and_ida_same_minimum_with_and_without(deal):
    """Whole deals: A* and IDA* with the third part find the length A* finds without it;
    every solution replays."""
    pos = Position.from_deal(deal)
    s_old, a_old = shortest(pos.words(), False, 3_000_000)
    s_new, a_new = shortest(pos.words(), True, 3_000_000)
    assert s_old == s_new == astar.WON
    length = int(a_old.stats[LENGTH])
    assert replayed(pos, a_old.path()) == length
    assert replayed(pos, a_new.path()) == length
    s = ida.IdaStar(pos.words(), 1 << 24, late=True)
    while s.status == ida.RUNNING and s.expanded < 20_000_000:
        s.run(10_000)
    assert s.status == ida.WON and replayed(pos, s.path()) == length


def test_same_minima_on_middle_games():
    """Middle-game positions of seeded games: A* with and without the third part give the
    same verdict and length, and IDA* with it the same length; solutions replay."""
    rng = random.Random(47)
    compared = 0
    for n in range(400, 430):
        for p in biased_game(n, rng, 40, 0.8)[8::8]:
            pos = to_engine(p).settled()
            if pos.is_won():
                continue
            s1, a1 = shortest(pos.words(), False, 300_000)
            s2, a2 = shortest(pos.words(), True, 300_000)
            if astar.RUNNING in (s1, s2) or astar.FULL in (s1, s2):
                continue
            assert s1 == s2, p
            compared += 1
            if s1 != astar.WON:
                continue
            length = int(a1.stats[LENGTH])
            assert replayed(pos, a1.path()) == length
            assert replayed(pos, a2.path()) == length
            s = ida.IdaStar(pos.words(), 1 << 22, late=True)
            while s.status == ida.RUNNING and s.expanded < 3_000_000:
                s.run(10_000)
            assert s.status == ida.WON and replayed(pos, s.path()) == length, p
    assert compared >= 60


def _plain_move_numbers_impossible(pos) -> bool:
    """Rules (10)-(12) of move_numbers.py's docstring written out in plain Python on a
    reference position (columns bottom card first): the least e >= 1 closed under the
    three rules, by raising until nothing changes (or some e passes h); True when some e
    passes h or the e cannot be placed one-to-one into 1..h."""
    cards = [(c, i) for c, col in enumerate(pos) for i in range(len(col)) if is_counted(col, i)]
    h = len(cards)
    if h == 0:
        return False

    def digit(c, i):
        return card_digit(pos[c][i])

    def on(c, i):                   # the card directly on (c, i), None for a top
        return (c, i + 1) if i + 1 < len(pos[c]) else None

    targets = [(c, i) for c, col in enumerate(pos) for i in range(len(col))
               if digit(c, i) >= 2 and (on(c, i) is None or is_counted(col, i + 1))]
    neutrals = [(c, i) for c, col in enumerate(pos) for i in range(len(col)) if digit(c, i) == 0]

    landers = {t: [(c, i) for c, i in cards if 1 <= digit(c, i) <= 5
                   and digit(*t) == digit(c, i) + 1 and plain_may_land(pos, c, i, *t)]
               for t in targets}
    allowed = {x: [t for t in targets if x in landers[t]] for x in cards}
    e = dict.fromkeys(cards, 1)

    def rel(t):                     # when target t is free: 0 if a top, else e of the card on it
        return 0 if on(*t) is None else e[on(*t)]

    lowest = {}                     # a column's lowest counted card, if any
    for c, i in cards:
        lowest.setdefault(c, (c, i))
    empty_now = any(not col or (digit(c, 0) == 6 and c not in lowest)
                    for c, col in enumerate(pos))

    def rel_empty():                # when some column is empty: rule (7)
        if empty_now:
            return 0
        return min((e[x] for c, x in lowest.items() if digit(c, 0) != 0), default=None)

    def landing(c, i):
        d = digit(c, i)
        if d == 6:
            return rel_empty()
        if d == 0:
            options = [rel_empty()]
            for n in neutrals:
                if n != (c, i):
                    above = on(*n)
                    if above is None:
                        options.append(0)
                    elif above in e:
                        options.append(e[above])
            options = [v for v in options if v is not None]
            return min(options, default=None)
        return min((rel(t) for t in allowed[(c, i)]), default=None)

    sinks = []                      # rule (12): (s, t)
    for t in targets:
        if on(*t) is None:
            continue
        ls = landers[t]
        if ls and len({c for c, _ in ls}) == 1:
            low = min(ls, key=lambda ci: ci[1])
            if all(is_blocker(pos[x[0]], x[1]) for x in ls if x != low):
                sinks.append((low, t))

    changed = True
    while changed:
        changed = False
        for c, i in cards:
            need = [e[(c, j)] + 1 for j in range(i + 1, len(pos[c]))
                    if (c, j) in e and is_blocker(pos[c], j)]
            land = landing(c, i)
            need.append(h + 1 if land is None else land + 1)
            for s, t in sinks:
                if s == (c, i):
                    need.append(e[on(*t)] + 1)
            v = max([e[(c, i)]] + need)
            if v > h:
                return True
            if v > e[(c, i)]:
                e[(c, i)] = v
                changed = True
    return any(sum(v >= k for v in e.values()) > h - k + 1 for k in range(1, h + 1))


def test_move_numbers_kernel_equals_rules_10_to_12_in_plain_python():
    """move_numbers_impossible (cards and targets read off the pass's bit masks, sinks
    from each target's landers as bits, the fixed point in sweeps) answers as rules
    (10)-(12) written out in plain Python where the first two tests find nothing: on the
    cycle above, on positions of seeded walks from openings to late games, and on
    positions A* stored on three hard deals; not_exact_by names the test that fired on
    each."""
    rng = random.Random(53)
    cases = [to_engine(CYCLE).words()] + [random_walk(n, rng).words() for n in range(400)]
    for deal in (292, 97899, 82533):   # hard deals' A* layers, where the test fires often
        cases += _stored_by_astar(deal, 20_000, 400, rng)
    checked = fired = 0
    digits, counted, lengths, work = SCRATCH
    for words in cases:
        if fires(words, late=False):
            continue
        want = _plain_move_numbers_impossible(_ref_of(words))
        assert bool(move_numbers_impossible(digits, counted, lengths, work)) == want, \
            str(_ref_of(words))
        checked += 1
        fired += want
    assert checked >= 400 and 100 <= fired <= checked - 100
    # not_exact_by names the test that fired, as bound_not_exact answers
    by_tests = set()
    for words in cases:
        old, new = fires(words, late=False), fires(words)
        by_old = not_exact_by(words, digits, counted, lengths, work, False)
        by_new = not_exact_by(words, digits, counted, lengths, work, True)
        assert by_old == (BY_MATCHING if old else EXACT_MAYBE), str(_ref_of(words))
        assert (by_new > 0) == new and (new or not old), str(_ref_of(words))
        assert by_new != BY_MATCHING or old     # (the matching: one of the first two)
        by_tests.add(by_new)
    assert by_tests == {EXACT_MAYBE, BY_MATCHING, BY_MOVE_NUMBERS}


def test_the_move_numbers_subsume_the_schedule():
    """move_numbers.py's rule (13): on the positions of seeded walks and of hard deals' A*
    layers, wherever the schedule (tight._unschedulable) proves a bound not exact, the
    move numbers do too (on the same pass over the cards), so with them the schedule is
    not run."""
    rng = random.Random(59)
    cases = [to_engine(CYCLE).words()] + [random_walk(n, rng).words() for n in range(400)]
    for deal in (292, 97899, 82533, 31197):
        cases += _stored_by_astar(deal, 20_000, 400, rng)
    digits, counted, lengths, work = SCRATCH
    scheduled = 0
    for words in cases:
        if not_exact_by(words, digits, counted, lengths, work, False) < 0:
            continue
        if _unschedulable(digits, lengths, work):
            scheduled += 1
            assert move_numbers_impossible(digits, counted, lengths, work), \
                str(_ref_of(words))
    assert scheduled >= 50, scheduled


def _stored_by_astar(deal, expansions, n, rng) -> list:
    """n positions A* (without the third test) stored in its first `expansions`."""
    a = astar.AStar(Position.from_deal(deal).words(), 1 << 24, late=False)
    a.run(expansions)
    keys = a.keys[a.keys[:, 0] != 0]
    out = []
    for k in rng.sample(range(len(keys)), n):
        cols = np.zeros(engine.NCOLS, np.int64)
        key_to_columns(keys[k], cols)
        out.append(cols)
    return out


@pytest.mark.parametrize("deal", [143, 306])
def test_astar_chooses_the_tests_from_its_threshold(deal):
    """By default A* runs the first two tests until it has stored late_after positions (a
    million; here 300), then all three as late_choice chooses them, from the next slice
    on (the third on until measured); it finds the length A* finds without the third
    test, and the solution replays."""
    pos = Position.from_deal(deal)
    s_old, a_old = shortest(pos.words(), False, 3_000_000)
    a = astar.AStar(pos.words(), 1 << 24)
    tests = a.work[5]
    assert not a.chosen and a.late_after == 1_000_000
    assert tests[late_choice.LATE] == tests[late_choice.SAMPLE] == 0 < tests[late_choice.TIGHT]
    a.late_after = 300
    while a.status == astar.RUNNING:
        before = a.stored
        late_ran = int(tests[late_choice.LATE_RAN])
        a.run(50)
        assert a.chosen == (before >= 300)
        assert (tests[late_choice.LATE_RAN] > late_ran) <= (before >= 300)
    assert a.chosen and a.status == s_old == astar.WON
    assert tests[late_choice.TESTS] > 0
    assert replayed(pos, a.path()) == int(a_old.stats[LENGTH])


def test_astar_with_chosen_tests_finds_the_shortest_length():
    """A* choosing the tests from its first slice finds the same length as A* with the
    first two tests only, on deals where the choice goes both ways; every line replays."""
    off = on = 0
    for deal in range(40, 90):
        pos = Position.from_deal(deal)
        s_old, a_old = shortest(pos.words(), False, 400_000)
        if s_old != astar.WON:
            continue
        a = astar.AStar(pos.words(), 1 << 24)
        a.late_after = 1         # the root is stored: chosen from the first slice
        while a.status == astar.RUNNING:
            a.run(200)
            on += int(a.work[5][late_choice.LATE] != 0)
            off += int(a.work[5][late_choice.LATE] == 0)
        assert a.status == astar.WON
        assert replayed(pos, a.path()) == int(a_old.stats[LENGTH])
    assert on > 0 and off > 0
