"""The search's dead-position pruning (solver/solodrez/search/deadness.py): the same fixed point as the
documented detector in solver/solodrez/search/blocks.py, and verdicts unchanged with and without it
(S14: a lost position is one from which no sequence of moves wins)."""
import random

import pytest

from drez.solver.solodrez.rules.cards import card_digit
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search import blocks, deadness
from drez.solver.solodrez.search.astar import AStar
from drez.solver.solodrez.search.dfs import LOST, WON, DfsState
from tests.solodrez import reference as ref
from tests.solodrez.helpers import to_engine


def _positions(deals, steps, seed):
    rng = random.Random(seed)
    for n in deals:
        pos = Position.from_deal(n)
        for _ in range(steps):
            yield pos
            moves = pos.legal_moves()
            if not moves:
                break
            pos = pos.play(rng.choice(moves))


def test_S14_numba_dead_test_equals_the_blocks_detector():
    """is_dead answers True exactly when the blocks detector's fixed point leaves an
    out-of-place real card unmarked, with one memo over all positions (so columns are
    looked up as well as scanned)."""
    memo = deadness.dead_memo()
    seen = dead = 0
    for pos in _positions(range(150), 60, 7):
        cols = [[card_digit(c) for c in col] for col in pos.columns]
        expected = blocks.may_move_first(cols)
        stuck = any(d != 0 and not expected[c][i]
                    and (d != 6 if i == 0 else col[i - 1] != d + 1)
                    for c, col in enumerate(cols) for i, d in enumerate(col))
        answer = deadness.is_dead(pos.words(), memo)
        assert answer == stuck, str(pos)    # stopping early never changes the answer
        assert deadness.is_dead(pos.words(), deadness.dead_memo()) == stuck
        dead += answer
        seen += 1
    assert seen > 5000 and dead > 100      # the corpus exercises both answers


def test_S14_dead_positions_are_lost_by_reference_search():
    memo = deadness.dead_memo()
    checked = 0
    for pos in _positions(range(300, 700), 120, 11):
        if pos.card_count() > 26 or not deadness.is_dead(pos.words(), memo):
            continue
        assert ref.shortest_distance(ref_position(pos), max_nodes=50_000) in ("LOST", None)
        checked += 1
    assert checked > 20


def _series_blocked(pos):
    """Whether some column has a Joker at the bottom whose S (blocks.may_move_first) fails:
    the positions where is_dead denies an empty column that a Joker at the bottom used to
    grant."""
    cols = blocks._digits(pos)
    M = blocks.may_move_first(cols)
    return all(cols) and any(col[0] == 6 and not blocks._clearable(col, M[c])
                             for c, col in enumerate(cols))


def test_S14_a_joker_column_that_cannot_be_cleared_opens_no_empty_column():
    """Dead positions in which a column with a Joker at the bottom cannot be cleared (S
    fails) are lost, by the reference's plain breadth-first search of every position
    reachable (those with small reachable sets: random play strands many).  Measured: the
    test before S (any Joker at the bottom opened an empty column) called about nine in
    ten of them alive."""
    memo = deadness.dead_memo()
    found = []
    for pos in _positions(range(100), 150, 5):
        if deadness.is_dead(pos.words(), memo) and _series_blocked(pos):
            size = blocks.reachable(pos, 60)
            if size is not None:
                found.append((size[0], pos))
    assert len(found) > 500
    found.sort(key=lambda f: f[0])
    sample = found[::len(found) // 20]      # 3 to 60 positions reachable
    assert sample[-1][0] > 40
    for _, pos in sample:
        assert ref.shortest_distance(ref_position(pos), max_nodes=5000) == "LOST", str(pos)


def test_S14_no_position_of_a_solution_found_without_pruning_is_dead():
    """Greedy search without dead pruning wins deals; every position of each solution,
    replayed by the reference, is winnable, so is_dead must say False on each."""
    memo = deadness.dead_memo()
    checked = 0
    for n in range(0, 3000, 50):
        pos = Position.from_deal(n).settled()
        s = AStar(pos.words(), 1 << 24, greedy=True, prune_dead=False)
        if s.run(50_000) != WON:
            continue
        line = [ref_position(pos)]
        for m in s.path():      # ref.apply raises on an illegal move, and settles
            line.append(ref.apply(line[-1], (m & 15, (m >> 4) & 15, m >> 8)))
        assert ref.is_won(line[-1])
        for cur in line:
            assert not deadness.is_dead(to_engine(cur).words(), memo), cur
        checked += 1
    assert checked > 40


def ref_position(pos):
    return tuple(tuple(str(Position(((c,),) + ((),) * 8)).split()[0] for c in col)
                 for col in pos.columns)


@pytest.mark.parametrize("search", ["dfs", "greedy", "astar"])
def test_S14_verdicts_agree_with_and_without_dead_pruning(search):
    budget = {"dfs": 20_000, "greedy": 10_000, "astar": 2_000}[search]
    decided = 0
    for n, pos in enumerate(_positions(range(0, 2000, 20), 40, 5)):
        if n % 6:
            continue
        results = []
        for prune in (True, False):
            if search == "dfs":
                s = DfsState(pos.words(), 1 << 24, prune_dead=prune)
                results.append(s.run(budget))
            else:
                s = AStar(pos.words(), 1 << 24, greedy=search == "greedy", prune_dead=prune)
                results.append((s.run(budget), s.bound() if s.status == WON else None))
        with_pruning, without = results
        status_with = with_pruning if search == "dfs" else with_pruning[0]
        status_without = without if search == "dfs" else without[0]
        if status_with in (WON, LOST) and status_without in (WON, LOST):
            assert status_with == status_without, (search, str(pos))
            if search == "astar":
                assert with_pruning[1] == without[1]    # same proven-shortest length
            decided += 1
        assert not (status_with == LOST and status_without == WON)
    assert decided > (40 if search == "astar" else 100)
