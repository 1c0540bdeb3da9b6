"""The search players' fast playout plays exactly the rollout policy's game."""
import random

import pytest

from solver.updown.bots import make_bot
from solver.updown.montecarlo import playout, rollout_action
from solver.updown.state import FIRST, LAST, new_game


def _positions(n_players, ending, games=12):
    """Positions met in real games of greedy and random players (every 3rd decision)."""
    rng = random.Random(f"{n_players}/{ending}")
    bots = [make_bot("greedy"), make_bot("random")]
    for g in range(games):
        s = new_game(n_players, g, ending=ending)
        k = 0
        while not s.done:
            k += 1
            if k % 3 == 0:
                yield s.clone()
            legal = s.legal_actions()
            s.apply(legal[0] if len(legal) == 1 else bots[s.turn % 2].choose(s.view(s.turn), rng))


@pytest.mark.parametrize("n_players,ending", [(2, FIRST), (3, FIRST), (4, LAST), (5, LAST)])
def test_playout_is_the_rollout_policy_game_with_the_same_random_numbers(n_players, ending):
    checked = 0
    for i, s in enumerate(_positions(n_players, ending)):
        slow, r_slow, r_fast = s.clone(), random.Random(i), random.Random(i)
        while not slow.done:
            slow.do(rollout_action(slow, r_slow))
        before = str(s)
        assert playout(s, r_fast) == (slow.winner, slow.loser)
        assert r_fast.getstate() == r_slow.getstate()       # same random numbers drawn
        assert str(s) == before                              # the state is not changed
        checked += 1
    assert checked > 100
