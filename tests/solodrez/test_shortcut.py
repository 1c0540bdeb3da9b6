"""search.shortcut: a found win cut short over one-move shortcuts between its positions
replays in the reference and has exactly the fewest moves the reference finds over the
same graph; solve() returns such wins."""
import random

import pytest

from drez.solver.solodrez.rules.moves import Move
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search import dfs
from drez.solver.solodrez.search.shortcut import shorten
from drez.solver.solodrez.search.solve import WON, Limits, run_search, solve
from drez.solver.solodrez.search.status import verdict
from tests.solodrez.helpers import fast_reference, ref, to_engine


def _found_win(pos: Position) -> list[int] | None:
    """The packed moves of the depth-first search's first win from pos, as found."""
    search = dfs.DfsState(pos.words(), 1 << 20)
    status, _, _ = run_search(search, Limits(max_nodes=100_000))
    return search.path() if verdict(status) == WON else None


def _reference_fewest(start, moves) -> int:
    """The fewest moves from start to a win over the path's moves and every legal move
    from a path position to a later one (equal up to column order and colours) or to a
    won position, from the reference's rules alone."""
    states = [ref.settle(start)]
    for m in moves:
        states.append(ref.apply(states[-1], m))
    keys = [ref.canonical(s) for s in states]
    n = len(moves)
    left = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        left[i] = left[i + 1] + 1
        for m in ref.legal_moves(states[i]):
            child = ref.apply(states[i], m)
            if ref.is_won(child):
                left[i] = 1
                break
            key = ref.canonical(child)
            for j in range(i + 2, n + 1):
                if keys[j] == key:
                    left[i] = min(left[i], left[j] + 1)
    return left[0]


def _starts():
    """Deals and positions a few random moves into deals (seeded)."""
    rng = random.Random(5)
    starts = [ref.deal(n) for n in range(12)]
    for n in range(300, 312):
        starts.append(ref.random_playout(n, rng, rng.randrange(1, 12))[-1])
    return starts


def test_a_shortened_win_replays_and_has_the_reference_fewest_moves_over_its_path():
    found = shortened = checked = 0
    with fast_reference():
        for start in _starts():
            pos = to_engine(start)
            packed = _found_win(pos)
            if packed is None:
                continue
            moves = [(m.src, m.dst, m.cards) for m in Move.unpack_all(packed)]
            short = [(m.src, m.dst, m.cards) for m in Move.unpack_all(shorten(pos.words(),
                                                                                packed))]
            assert ref.verify(start, short) == (True, "")
            assert len(short) == _reference_fewest(start, moves)
            again = shorten(pos.words(), [Move(*m).pack() for m in short])
            assert len(again) == len(short)         # a fixed point
            found += len(moves)
            shortened += len(short)
            checked += 1
    assert checked >= 18
    assert shortened < 0.9 * found      # the test has detours to cut (0.75 when written)


@pytest.mark.parametrize("deal", [7, 42, 1234])
def test_solve_returns_a_shortened_win_and_flags_it_shortest_at_the_lower_bound(deal):
    pos = Position.from_deal(deal)
    packed = _found_win(pos)
    result = solve(pos)
    assert result.verdict == WON
    assert ref.verify(ref.deal(deal), [(m.src, m.dst, m.cards) for m in result.moves]) \
        == (True, "")
    assert len(result.moves) == len(shorten(pos.words(), packed)) <= len(packed)
    assert result.optimal == (len(result.moves) == result.lower_bound)


def test_a_win_of_one_move_or_none_is_kept():
    pos = Position.from_deal(3)
    assert shorten(pos.words(), []) == []
    one = [pos.legal_moves()[0].pack()]
    assert shorten(pos.words(), one) == one
