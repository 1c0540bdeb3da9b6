"""The search players' fast parts do exactly what the plain versions do: the playouts (the
rollout policy's and the greedy player's), the tree's action lists, the hand sampler."""
import random

import pytest

from drez.solver.updown.actions import CONT, STOP
from drez.solver.updown.belief import _deal_hand
from drez.solver.updown.ismcts import _actions
from drez.solver.updown.montecarlo import playout, rollout_action
from drez.solver.updown.sim import make_bot
from drez.solver.updown.state import FIRST, LAST, new_game
from tests.updown.helpers import deal_hand_reference


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



@pytest.mark.parametrize("n_players,ending", [(2, FIRST), (4, FIRST), (3, LAST), (6, LAST)])
def test_greedy_playout_is_the_greedy_players_game_and_draws_no_random_numbers(n_players, ending):
    greedy, checked = make_bot("greedy"), 0
    for i, s in enumerate(_positions(n_players, ending, games=6)):
        slow = s.clone()
        while not slow.done:
            legal = slow.legal_actions()
            slow.do(legal[0] if len(legal) == 1 else greedy.choose(slow.view(slow.turn), None))
        rng = random.Random(i)
        before, state = str(s), rng.getstate()
        assert playout(s, rng, greedy=True) == (slow.winner, slow.loser)
        assert rng.getstate() == state
        assert str(s) == before
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_ismcts_root_searches_a_stop_while_a_card_fits_only_below_four_players(n_players):
    seen = 0
    for s in _positions(n_players, FIRST):
        view = s.view(s.turn)
        if view.phase != CONT or len(view.legal) < 2:
            continue
        bot = make_bot("ismcts:8")
        searched = {a for (p, a) in bot.search(view, random.Random(0)).children}
        if n_players <= 3:
            assert bot.root_actions(view) == list(view.legal) and STOP in searched
        else:
            assert bot.root_actions(view) == [a for a in view.legal if a != STOP]
            assert STOP not in searched
        bot.root_stop = True
        assert bot.root_actions(view) == list(view.legal)
        bot.root_stop = False
        assert STOP not in bot.root_actions(view)
        seen += 1
    assert seen > 10

def test_tree_actions_are_the_legal_actions_with_one_draw_from_the_largest_pile():
    draws = 0
    for s in _positions(3, FIRST):
        legal, acts = s.legal_actions(), _actions(s)
        if legal[0].kind == "draw":
            sizes = [len(p) for p in s.piles[s.turn]]
            assert acts == [legal[[a.arg for a in legal].index(sizes.index(max(sizes)))]]
            draws += 1
        else:
            assert acts == legal
    assert draws > 10


def test_deal_hand_takes_the_same_cards_as_the_plain_version():
    rng = random.Random(5)
    for _trial in range(3000):
        pool = list(range(52))
        rng.shuffle(pool)
        pool = pool[:rng.randrange(5, 45)]
        cons = [[(r, (r + 1) % 13), rng.randrange(0, 4)] for r in rng.sample(range(13), rng.randrange(0, 4))]
        size = rng.randrange(1, min(12, len(pool)) + 1)
        fast_pool, slow_pool = pool[:], pool[:]
        assert _deal_hand(fast_pool, size, [c[:] for c in cons]) == \
            deal_hand_reference(slow_pool, size, [c[:] for c in cons])
        assert fast_pool == slow_pool
