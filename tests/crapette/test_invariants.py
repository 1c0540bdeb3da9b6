"""Invariants over thousands of simulated games (C1, C5, C13, C14, C16)."""
from collections import Counter

from drez.solver.crapette.sim import play_game
from drez.solver.crapette.state import HOME, QUIET_TURN_LIMIT
from tests.crapette.helpers import face_up


def checker():
    seen = Counter()

    def watch(state, view):
        piles = state.piles
        assert sum(map(len, piles)) == 104                       # C1: cards conserved
        for h in HOME:                                           # C5: home piles valid
            pile = piles[h]
            for i, c in enumerate(pile):
                assert c % 13 == i and c % 52 // 13 == pile[0] % 52 // 13
        assert view.cards() == face_up(state)                    # C16: nothing face down
        assert view.me == state.to_move
        seen["decisions"] += 1
    return watch, seen


def run(names, games, seed):
    watch, seen = checker()
    records = [play_game(seed, i, names, watch) for i in range(games)]
    return records, seen


def check_records(records):
    for r in records:
        assert r.reason                                          # C13/C14: every game ends
        if r.winner is not None:
            assert r.cards_left[r.winner] == 0
        else:
            assert r.turns >= QUIET_TURN_LIMIT or "passed" in r.reason


def test_invariants_rule_vs_rule_many_games():
    """C1, C5, C13, C14, C16 over 1500 rule-vs-rule games (each card conserved, all end)."""
    records, seen = run(("rule", "rule"), 1500, 101)
    check_records(records)
    assert sorted({r.index for r in records}) == list(range(1500))
    assert seen["decisions"] > 100_000


def test_invariants_with_random_and_search_players():
    """C1, C5, C13, C14, C16 with the random player (long, drawn games too) and the search player."""
    records, _ = run(("rule", "random"), 300, 202)
    records += run(("random", "random"), 50, 203)[0]
    records += run(("search", "rule"), 2, 204)[0]
    check_records(records)
    assert any(r.winner is None for r in records)                # the draw guard is exercised
