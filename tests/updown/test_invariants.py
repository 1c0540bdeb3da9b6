"""Invariants over thousands of simulated games (U1, U13, U17, U18) and the soundness of
the search player's sampling of hidden cards."""
import random

import pytest

from drez.solver.updown.belief import hand_constraints, sample_state
from drez.solver.updown.sim import make_bot
from drez.solver.updown.state import FIRST, LAST, MAX_ACTIONS, new_game


def hidden_cards(state, seat):
    """Cards `seat` must not see: other hands, every reserve pile, the set-aside cards."""
    hidden = {c for p, h in enumerate(state.hands) if p != seat for c in h}
    hidden |= {c for ps in state.piles for pile in ps for c in pile}
    return hidden | set(state.aside)


def play_checked(n, seed, bots, ending, check):
    """Play one game with bots, calling check(state) before every action."""
    state = new_game(n, seed, ending=ending)
    rng = random.Random(seed)
    while not state.done:
        check(state)
        legal = state.legal_actions()
        bot = bots[state.turn]
        state.apply(legal[0] if len(legal) == 1 else bot.choose(state.view(state.turn), rng))
    check(state)
    return state


@pytest.mark.parametrize("ending", [FIRST, LAST])
def test_U1_U13_U17_conservation_and_bound_over_thousands_of_games(ending):
    random_bot, greedy = make_bot("random"), make_bot("greedy")

    def check(s):
        cards = s.all_cards()
        assert len(cards) == 52 and set(cards) == set(range(52))        # U1: 52 conserved
        for p in range(s.n):                                            # U13: empty = out
            assert (s.cards_left(p) == 0) == (p in s.out)

    lengths = []
    for seed in range(1000):
        n = 2 + seed % 5
        bots = [greedy if (seed + p) % 2 else random_bot for p in range(n)]
        s = play_checked(n, seed, bots, ending, check)
        lengths.append(s.n_actions)
        if ending == LAST:
            assert len(s.out) == n - 1 and s.loser not in s.out
        else:
            assert s.out == [s.winner]
    assert max(lengths) < MAX_ACTIONS                                   # U17


def test_U18_no_view_ever_names_a_hidden_card():
    bots = [make_bot("greedy")] * 6
    views = 0

    def check(s):
        nonlocal views
        for seat in range(s.n):
            v = s.view(seat)
            assert not v.cards_seen() & hidden_cards(s, seat)
            assert v.hand == tuple(sorted(s.hands[seat]))
            assert (v.legal != ()) == (seat == s.turn and not s.done)
            views += 1

    for seed in range(200):
        play_checked(2 + seed % 5, seed, bots, FIRST if seed % 3 else LAST, check)
    assert views > 10000


def test_U18_view_fields_are_the_reviewed_public_ones():
    """Adding a field to PlayerView must be a reviewed change: only these are public."""
    from dataclasses import fields

    from drez.solver.updown.view import PlayerView
    assert {f.name for f in fields(PlayerView)} == {
        "seat", "n_players", "ending", "hand", "played", "history", "hand_sizes",
        "pile_sizes", "out", "turn", "phase", "starter", "last_player", "passes",
        "aside_count", "legal"}


def test_U18_bots_are_handed_only_a_player_view():
    from drez.solver.updown.view import PlayerView
    seen_types = set()

    class Spy:
        def choose(self, view, rng):
            seen_types.add(type(view))
            return make_bot("greedy").choose(view, rng)

    import drez.solver.updown.sim as sim
    original = sim.make_bot
    sim.make_bot = lambda spec: Spy()
    try:
        sim.play_game(["x", "y", "z"], seed=3, index=0)
    finally:
        sim.make_bot = original
    assert seen_types == {PlayerView}


def test_belief_constraints_hold_for_the_true_hands():
    """Every constraint the search player infers is satisfied by the real hidden hands."""
    bots = [make_bot("greedy"), make_bot("random"), make_bot("greedy")]
    assert constraints_checked(bots, 100, stops=False) > 500


def constraints_checked(bots, games, stops):
    """Play `games` 3-player games asserting, before every action, that each constraint
    `hand_constraints` infers holds for the true hands; returns how many were checked."""
    checked = 0

    def check(s):
        nonlocal checked
        for p, cons in hand_constraints(s.view(s.turn), stops=stops).items():
            ranks = [c >> 2 for c in s.hands[p]]
            for pair, k in cons:
                assert sum(r in pair for r in ranks) <= k
                checked += 1

    for seed in range(games):
        play_checked(3, seed, bots, FIRST, check)
    return checked


def test_belief_samples_agree_with_the_view_and_obey_constraints():
    rng = random.Random(1)
    state = new_game(3, 8)
    bots = [make_bot("greedy")] * 3
    for _step in range(60):
        if state.done:
            break
        v = state.view(state.turn)
        sample = sample_state(v, rng)
        assert sorted(sample.all_cards()) == list(range(52))
        w = sample.view(state.turn)
        assert (w.hand, w.played, w.hand_sizes, w.pile_sizes, w.legal) == \
               (v.hand, v.played, v.hand_sizes, v.pile_sizes, v.legal)
        for p, cons in hand_constraints(v).items():
            for pair, k in cons:
                assert sum(c >> 2 in pair for c in sample.hands[p]) <= k
        legal = state.legal_actions()
        state.apply(legal[0] if len(legal) == 1 else bots[state.turn].choose(v, rng))


def test_stop_inference_holds_when_nobody_stops_early():
    """The `infer` player's extra constraint (a stop means no fitting card was held) is true
    of the true hands when every other player is greedy (greedy never stops early)."""
    assert constraints_checked([make_bot("greedy")] * 3, 60, stops=True) > 2000


def shuffled_hidden(state, seat, rng):
    """A copy of `state` in which every card `seat` cannot see changed places at random."""
    s = state.clone(record=True)
    zones = [h for p, h in enumerate(s.hands) if p != seat] + \
            [pile for ps in s.piles for pile in ps] + [s.aside]
    cards = [c for z in zones for c in z]
    rng.shuffle(cards)
    for z in zones:
        z[:] = [cards.pop() for _ in z]
    return s


@pytest.mark.parametrize("spec", ["mc:24", "infer:24", "ismcts:24", "greedy"])
def test_U18_decisions_do_not_change_when_hidden_cards_are_shuffled(spec):
    """U18: at every decision of real games, shuffling every hidden card (other hands, every
    reserve pile, the set-aside cards) leaves the decision unchanged."""
    bot, others = make_bot(spec), make_bot("greedy")
    decisions = changed = 0
    for seed in range(4):
        state = new_game(3, seed)
        rng = random.Random(seed)
        while not state.done:
            legal = state.legal_actions()
            p = state.turn
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            if p != 0:
                state.apply(others.choose(state.view(p), rng))
                continue
            other = shuffled_hidden(state, p, random.Random(decisions))
            changed += other.hands != state.hands or other.piles != state.piles
            choice = bot.choose(state.view(p), random.Random(decisions))
            assert bot.choose(other.view(p), random.Random(decisions)) == choice
            decisions += 1
            state.apply(choice)
    assert changed > 20
