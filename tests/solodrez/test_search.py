"""The Solodrez searches against the reference (S13, S14): every win found by the DFS verdict
search (solver.solodrez.search.dfs.DfsState) and by A* (solver.solodrez.search.astar.AStar) is replayed by the
independent verifier reference.verify; A* is never longer than DFS, and on small late-game
positions (tests/solodrez/data/late_game.txt) A* finds exactly the reference BFS distance and both
searches prove LOST exactly where the reference does."""

import pytest

from drez.solver.solodrez.rules.moves import Move
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search import astar, dfs
from tests.solodrez.helpers import fast_reference, late_game_cases, ref, to_engine

DFS_DEALS = list(range(20)) + [259, 2 ** 64 - 1]
# deals whose A* search finishes within a small budget (found by a scan of deals 0..400)
ASTAR_DEALS = [11, 23, 76, 118, 169, 203, 209, 222, 230, 358, 361]


@pytest.fixture(scope="module", autouse=True)
def memoised_reference():
    with fast_reference():
        yield


LATE = late_game_cases()


def run_dfs(words, budget=2_000_000):
    state = dfs.DfsState(words, 1 << 25)
    status = state.run(budget)
    return status, state


def run_astar(words, budget=200_000):
    a = astar.AStar(words, 1 << 24)
    status = a.run(budget)
    return status, a


def replay(position: Position, packed):
    """The reference moves of a packed path, after checking the engine replays it to a win."""
    moves = [Move.unpack(m) for m in packed]
    cur = position
    for m in moves:
        cur = cur.play(m)
    assert cur.is_won()
    return [(m.src, m.dst, m.cards) for m in moves]


@pytest.fixture(scope="module")
def dfs_lengths():
    """{deal: DFS solution length}, every solution checked by reference.verify (S13)."""
    out = {}
    for n in sorted(set(DFS_DEALS + ASTAR_DEALS)):
        pos = Position.from_deal(n)
        status, state = run_dfs(pos.words())
        assert status == dfs.WON, n       # 97.86% of deals are winnable; these are
        moves = replay(pos, state.path())
        ok, why = ref.verify(ref.deal(n), moves)
        assert ok, (n, why)
        out[n] = len(moves)
    return out


def test_S13_dfs_solutions_replay_in_the_reference(dfs_lengths):
    """Every DFS win on the deals is legal move by move and ends won, by reference.verify
    (done in the fixture); a win needs at least one move per misplaced card."""
    assert len(dfs_lengths) == len(set(DFS_DEALS + ASTAR_DEALS))
    for n, length in dfs_lengths.items():
        assert length >= Position.from_deal(n).lower_bound()


@pytest.mark.parametrize("n", ASTAR_DEALS)
def test_S13_astar_solutions_replay_and_are_never_longer_than_dfs(n, dfs_lengths):
    pos = Position.from_deal(n)
    status, a = run_astar(pos.words())
    assert status == astar.WON
    moves = replay(pos, a.path())
    ok, why = ref.verify(ref.deal(n), moves)
    assert ok, why
    assert len(moves) == a.bound()
    assert pos.lower_bound() <= len(moves) <= dfs_lengths[n]
    assert 39 <= len(moves) <= 56       # the rulings' measured range of shortest wins


def test_late_game_file_is_the_reference_answer():
    """The pinned distances are what reference.shortest_distance says (recomputed)."""
    assert len(LATE) == 40 and sum(d == "LOST" for _, d in LATE) == 12
    for p, d in LATE:
        assert ref.validate(p) is None
        assert ref.shortest_distance(p, max_nodes=250) == d, p


@pytest.mark.parametrize("i", range(len(LATE)))
def test_S14_late_game_astar_exact_and_verdicts_agree(i):
    """A* length equals the reference BFS distance exactly; the lower bound never exceeds
    it; a LOST position of the reference is LOST for both searches (S14)."""
    p, d = LATE[i]
    pos = to_engine(p).settled()
    words = pos.words()
    a_status, a = run_astar(words)
    d_status, state = run_dfs(words)
    if d == "LOST":
        assert a_status == astar.LOST
        assert d_status == dfs.LOST
        return
    assert pos.lower_bound() <= d
    assert a_status == astar.WON
    moves = replay(pos, a.path())
    assert len(moves) == d
    assert ref.verify(p, moves) == (True, "")
    assert d_status == dfs.WON
    dmoves = replay(pos, state.path())
    assert ref.verify(p, dmoves) == (True, "")
    assert len(dmoves) >= d


def test_S14_position_without_moves_is_lost():
    """S14: real cards and no legal move at all (every top is a Joker or a Pawn, no column
    is empty, no run starts with a Queen): the reference lists no move, both searches LOST."""
    p = (("Q1", "R1", "J1"), ("Q2", "R2", "J2"), ("Q3", "R3", "J3"), ("Q4", "R4", "J4"),
         ("Q5", "R5", "J5"), ("B1", "N1", "P1"), ("B2", "N2", "P2"),
         ("B3", "N3", "B4", "N4", "P3"), ("X1", "X2", "B5", "N5", "P4", "P5"))
    assert ref.validate(p) is None
    assert ref.legal_moves(p) == [] and to_engine(p).legal_moves() == []
    assert ref.shortest_distance(p) == "LOST"
    words = to_engine(p).words()
    assert astar.AStar(words, 1 << 20).run(1000) == astar.LOST
    assert dfs.DfsState(words, 1 << 20).run(1000) == dfs.LOST


def test_ordering_a_subsequence_keeps_the_whole_lists_order():
    """Searches key every child first and sort only the ones they push: sort_scored and
    shuffle_ties on any subsequence (its carried slots along) give its moves in the order
    the whole sorted list has them, for every front."""
    import random

    import numpy as np

    from drez.solver.solodrez.rules import engine
    from drez.solver.solodrez.search.ordering import shuffle_ties, sort_scored
    rng = random.Random(5)
    ties = np.empty(engine.MAX_MOVES, np.int64)
    checked = 0
    for deal in range(40):
        pos = Position.from_deal(deal)
        words = pos.words()
        moves = np.empty(engine.MAX_MOVES, np.int64)
        scores = np.empty(engine.MAX_MOVES, np.int64)
        n = engine.generate_moves(words, moves, True, scores)
        for front in range(3):
            whole_m, whole_s = moves[:n].copy(), scores[:n].copy()
            sort_scored(whole_m, n, whole_s)
            if front:
                shuffle_ties(words, whole_m, n, whole_s, front, ties)
            pick = sorted(rng.sample(range(n), rng.randint(0, n)))
            sub_m, sub_s = moves[pick].copy(), scores[pick].copy()
            slots = sub_m * 10 + 1          # a payload tied to each move
            sort_scored(sub_m, len(pick), sub_s, slots)
            if front:
                shuffle_ties(words, sub_m, len(pick), sub_s, front, ties, slots)
            assert list(sub_m) == [m for m in whole_m if m in set(sub_m)]
            assert list(slots) == [m * 10 + 1 for m in sub_m]
            checked += len(pick) > 1
    assert checked > 60
