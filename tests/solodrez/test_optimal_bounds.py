"""The admissible bound (engine.lower_bound), the exactness test (tight.bound_not_exact)
and A* built on them, against breadth-first search and along proven-shortest solutions.

- On seeded small positions the reference BFS distance d is known: the bound never
  exceeds d, the exactness test fires only where d > bound, and A* finds exactly d.
- From openings (no BFS reaches them) the suffixes of a shortest solution are shortest:
  the position i moves into a solution of length L is at distance exactly L - i.  The
  bound never exceeds that, the test never fires where it equals it, and the last
  positions of every such solution are checked by the reference BFS too.
- From middle games A* with and without the exactness test gives the same lengths.
"""
import random

import numpy as np
import pytest

from drez.solver.solodrez.rules import engine
from drez.solver.solodrez.rules.moves import Move
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search import astar
from drez.solver.solodrez.search.move_numbers import may_land
from drez.solver.solodrez.search.stats_slots import LENGTH
from drez.solver.solodrez.search.tight import (
    _surely_matched,
    _unschedulable,
    bound_not_exact,
    tight_scratch,
)
from tests.solodrez.helpers import (
    P,
    biased_game,
    card_digit,
    fast_reference,
    is_blocker,
    is_counted,
    late_game_cases,
    plain_may_land,
    random_small_position,
    random_walk,
    ref,
    to_engine,
    to_ref,
)

SCRATCH = tight_scratch()
LATE = late_game_cases()


@pytest.fixture(scope="module", autouse=True)
def memoised_reference():
    with fast_reference():
        yield


def not_exact(words) -> bool:
    return bool(bound_not_exact(words, *SCRATCH))


def schedule_test_fires(words) -> bool:
    """The second half of bound_not_exact alone (after a call has filled SCRATCH)."""
    bound_not_exact(words, *SCRATCH)
    digits, _, lengths, work = SCRATCH
    return bool(_unschedulable(digits, lengths, work))


def shortest(words, tight=True, budget=400_000):
    a = astar.AStar(np.asarray(words, np.int64), 1 << 24, tight=tight)
    status = a.run(budget)
    return status, a


def replayed(pos: Position, a) -> list:
    """The reference moves of A*'s solution, checked by reference.verify."""
    moves = [Move.unpack(m) for m in a.path()]
    triples = [(m.src, m.dst, m.cards) for m in moves]
    ok, why = ref.verify(to_ref(pos), triples)
    assert ok, why
    return moves


def test_exactness_test_fires_on_a_hand_made_position():
    """Column 8 holds Q2 B2 R1: the only Queen free for R1 lies beneath it, so R1 must
    move twice; A* without the test (exact, checked against BFS below) needs one move
    more than the bound."""
    p = P("J1", "B1", "N1", "P2", "N2", "J2", "X1 Q1 R2", "Q2 B2 R1", "P1 X2")
    pos = to_engine(p)
    h = pos.lower_bound()
    assert not_exact(pos.words())
    status, a = shortest(pos.words(), tight=False)
    assert status == astar.WON and len(replayed(pos, a)) == h + 1


@pytest.mark.parametrize("case", range(len(LATE)))
def test_against_bfs_on_the_late_game_corpus(case):
    """tests/solodrez/data/late_game.txt pins the reference BFS distance of 40 positions."""
    p, d = LATE[case]
    pos = to_engine(p).settled()
    status, a = shortest(pos.words())
    if d == "LOST":
        assert status == astar.LOST
        return
    h = pos.lower_bound()
    assert h <= d
    if not_exact(pos.words()):
        assert d > h
    assert status == astar.WON and len(replayed(pos, a)) == d


def test_against_plain_astar_on_small_positions():
    """Seeded random positions of 12 real cards: A* without the exactness test (whose
    lengths equal BFS on the corpus above) gives the distance d; the test fires only
    where d exceeds the bound, and A* with it finds d too."""
    rng = random.Random(20261201)
    checked = fired = 0
    while checked < 400:
        p = ref.settle(random_small_position(rng, 2, rng.random() < 0.5))
        pos = to_engine(p)
        words = pos.words()
        plain_status, plain = shortest(words, tight=False, budget=100_000)
        if plain_status not in (astar.WON, astar.LOST) or pos.is_won():
            continue
        checked += 1
        status, a = shortest(words)
        assert status == plain_status, p
        if status == astar.LOST:
            continue
        d = int(plain.stats[LENGTH])
        h = pos.lower_bound()
        assert h <= d, p
        if not_exact(words):
            fired += 1
            assert d > h, p
        assert len(replayed(pos, a)) == d, p
    assert fired >= 5       # the seed gives positions where the test matters


@pytest.mark.parametrize("deal", [1, 3, 5, 12, 16])
def test_along_shortest_solutions_from_openings(deal):
    pos = Position.from_deal(deal)
    status, a = shortest(pos.words(), budget=2_000_000)
    assert status == astar.WON
    moves = replayed(pos, a)
    plain_status, plain = shortest(pos.words(), tight=False, budget=5_000_000)
    assert plain_status == astar.WON and int(plain.stats[LENGTH]) == len(moves)
    length = len(moves)
    cur = pos
    for i, m in enumerate(moves):
        words = cur.words()
        h = int(engine.lower_bound(words))
        assert h <= length - i
        if h == length - i:
            assert not not_exact(words), (deal, i)
        if length - i <= 3:
            assert ref.shortest_distance(to_ref(cur), max_nodes=20_000) == length - i
        nxt = cur.play(m)
        assert abs(int(engine.lower_bound(nxt.words())) - h) <= 1
        cur = nxt
    assert cur.is_won()


def test_middle_games_same_length_with_and_without_the_exactness_test():
    rng = random.Random(7)
    compared = 0
    for n in range(40, 52):
        game = biased_game(n, rng, 30, 0.8)
        for p in game[10::10]:
            pos = to_engine(p).settled()
            s1, a1 = shortest(pos.words(), tight=True, budget=300_000)
            s2, a2 = shortest(pos.words(), tight=False, budget=300_000)
            if astar.RUNNING in (s1, s2):
                continue
            assert s1 == s2, p
            if s1 == astar.WON:
                assert a1.stats[LENGTH] == a2.stats[LENGTH], p
                replayed(pos, a1)
            compared += 1
    assert compared >= 10


def test_fronts_change_the_walk_not_the_answer():
    """A* with one front and with several gives the same verdict and length on middle
    games and small positions; the fronts really ran (they stored a different number
    of positions on some of them), and every solution replays."""
    rng = random.Random(11)
    cases = [ref.settle(random_small_position(rng, 3, rng.random() < 0.5)) for _ in range(60)]
    for n in range(60, 72):
        cases += biased_game(n, rng, 30, 0.8)[8::8]
    compared = differed = 0
    for p in cases:
        pos = to_engine(p).settled()
        if pos.is_won():
            continue
        runs = []
        for fronts in (1, 2, astar.FRONTS):
            a = astar.AStar(pos.words(), 1 << 24, fronts=fronts)
            runs.append((a.run(300_000), a))
        if {s for s, _ in runs} - {astar.WON, astar.LOST}:
            continue            # a run stopped at its budget or table size
        compared += 1
        statuses = {s for s, _ in runs}
        assert len(statuses) == 1, p
        if runs[0][0] == astar.WON:
            assert len({a.bound() for _, a in runs}) == 1, p
            for _, a in runs:
                assert len(replayed(pos, a)) == a.bound()
        differed += len({a.stored for _, a in runs}) > 1
    assert compared >= 40 and differed >= 3


def test_schedule_test_against_plain_astar():
    """Middle-game positions of seeded games where the schedule half of the test fires
    (tight module docstring, (5)-(9)): A* without the test needs more moves than the
    bound wherever it finishes."""
    rng = random.Random(5)
    checked = set()
    for n in range(100, 140):
        for p in biased_game(n, rng, 40, 0.9)[5:]:
            pos = to_engine(p).settled()
            words = pos.words()
            if pos.is_won() or pos.key() in checked or not schedule_test_fires(words):
                continue
            status, plain = shortest(words, tight=False, budget=20_000)
            if status == astar.WON:
                checked.add(pos.key())
                assert int(plain.stats[LENGTH]) > pos.lower_bound(), p
        if len(checked) >= 30:
            break
    assert len(checked) >= 30


def _perfect_matching(cards, targets, allowed) -> bool:
    """Kuhn's algorithm in plain Python: whether every card of `cards` gets its own
    target, card (c, i) only a target (e, j) with allowed(c, i, e, j) (rule (4))."""
    match = {}

    def augment(u, seen):
        for v, t in enumerate(targets):
            if v not in seen and allowed(*cards[u], *t):
                seen.add(v)
                if v not in match or augment(match[v], seen):
                    match[v] = u
                    return True
        return False
    return all(augment(u, set()) for u in range(len(cards)))


def test_the_hall_shortcut_claims_only_matchings_that_exist():
    """tight._surely_matched skips the matching search; wherever it does, a perfect
    matching under rule (4) exists, on positions from openings to late games."""
    rng = random.Random(17)
    digits, counted, lengths, _ = SCRATCH
    claimed = 0
    for n in range(250):
        pos = random_walk(n, rng)
        bound_not_exact(pos.words(), *SCRATCH)      # fills digits and counted
        for r in range(1, 6):
            cards, targets = [], []
            for c in range(9):
                n_c = int(lengths[c])
                for i in range(n_c):
                    if digits[c, i] == r and counted[c, i]:
                        cards.append((c, i))
                    elif digits[c, i] == r + 1 and (i == n_c - 1 or counted[c, i + 1]):
                        targets.append((c, i))
            if len(cards) != len(targets) or not cards:
                continue
            bcount = np.bincount([c for c, _ in cards], minlength=9)
            tcount = np.bincount([c for c, _ in targets], minlength=9)
            if _surely_matched(bcount, tcount, len(cards)):
                assert _perfect_matching(cards, targets,
                                         lambda *pair: may_land(digits, counted, *pair)), \
                    (str(pos), r)
                claimed += 1
    assert claimed > 500


def _schedule_misses(pos) -> bool:
    """Rule (9) of the tight module docstring in plain Python, on a reference position
    (columns bottom card first): whether the least closed set M leaves a counted card out."""
    cards = [(c, i) for c, col in enumerate(pos) for i in range(len(col)) if is_counted(col, i)]
    m = set()

    def free(c, i):                 # card (c, i) is a top in P or the card on it is in M
        return i == len(pos[c]) - 1 or (c, i + 1) in m

    def can_empty(c):
        col = pos[c]
        mine = [i for i in range(len(col)) if is_counted(col, i)]
        return not col or (not mine and card_digit(col[0]) == 6) or (mine and (c, mine[0]) in m)

    grew = True
    while grew:
        grew = False
        for c, i in cards:
            col = pos[c]
            if (c, i) in m or any(is_blocker(col, j) and (c, j) not in m
                                  for j in range(i + 1, len(col))):
                continue
            d = card_digit(col[i])
            spots = [(e, j) for e, other in enumerate(pos) for j in range(len(other))
                     if (e, j) != (c, i) and free(e, j)]
            if d == 6:
                ok = any(can_empty(e) for e in range(9))
            elif d == 0:
                ok = any(can_empty(e) for e in range(9)) or \
                    any(card_digit(pos[e][j]) == 0 for e, j in spots)
            else:
                ok = any(card_digit(pos[e][j]) == d + 1 for e, j in spots)
            if ok:
                m.add((c, i))
                grew = True
    return len(m) < len(cards)


def test_schedule_kernel_equals_rule_9_in_plain_python():
    """tight._unschedulable (bit masks, sweeps that stop at a blocker) computes the same
    closure as rule (9) written out in plain Python, on positions of seeded games from
    openings to late games: it fires exactly where the plain closure leaves a card out."""
    rng = random.Random(9)
    fired = agreed = 0
    for n in range(300, 330):
        for p in biased_game(n, rng, 60, 0.85)[::3]:
            pos = to_engine(p).settled()
            if pos.is_won():
                continue
            want = _schedule_misses(to_ref(pos))
            assert schedule_test_fires(pos.words()) == want, str(pos)
            fired += want
            agreed += 1
    assert agreed >= 400 and 40 <= fired <= agreed - 40


def _plain_not_exact(pos) -> bool:
    """bound_not_exact in plain Python on a reference position: some rank's counted cards
    have no perfect matching to its targets under rule (4), or rule (9) leaves a counted
    card out (_schedule_misses)."""
    for r in range(1, 6):
        cards = [(c, i) for c, col in enumerate(pos) for i in range(len(col))
                 if card_digit(col[i]) == r and is_counted(col, i)]
        targets = [(c, i) for c, col in enumerate(pos) for i in range(len(col))
                   if card_digit(col[i]) == r + 1 and (i == len(col) - 1 or is_counted(col, i + 1))]
        if len(cards) != len(targets):
            return False
        if not _perfect_matching(cards, targets, lambda *pair: plain_may_land(pos, *pair)):
            return True
    return _schedule_misses(pos)


def test_exactness_kernel_equals_the_plain_test_on_random_positions():
    """bound_not_exact (counts, Hall's shortcut, Kuhn's algorithm, the schedule) answers
    as the plain-Python test does on random middle-game positions, where the matching
    half decides some and the schedule half others."""
    rng = random.Random(11)
    fired = by_matching = checked = 0
    while checked < 3000:
        p = random_small_position(rng, rng.randint(2, 5), True)
        pos = to_engine(p).settled()
        if pos.is_won():
            continue
        want = _plain_not_exact(to_ref(pos))
        assert not_exact(pos.words()) == want, str(pos)
        fired += want
        by_matching += want and not _schedule_misses(to_ref(pos))
        checked += 1
    assert fired >= 10 and by_matching >= 2
