"""The search player: determinized Monte Carlo over the seat's view (U18).

For each decision with a real choice, it samples `budget // choices` full deals consistent
with the view (belief.py); in each, it tries every legal action and plays the game out with
a fast rule-based policy for all seats, sharing one random stream across the actions
(common random numbers). It picks the action with the most rollout wins; ties go to the
greedy player's choice. Drawing is not searched: pile contents are unknown, so it draws
from the largest pile.
"""
from __future__ import annotations

import random

from solver.updown.belief import action_count, hand_constraints, sample_state
from solver.updown.bots import GreedyBot, forced_action
from solver.updown.cards import N_RANKS
from solver.updown.state import CONT, FIRST, LEAD, PASS, STOP, Action, GameState

DEFAULT_BUDGET = 96


def rollout_action(s: GameState, rng: random.Random) -> Action:
    """Fast policy on a full state: keep playing while a card fits, choosing the rank with
    most follow-ups in hand; lead the rank with most neighbours; else draw or pass."""
    hand = s.hands[s.turn]
    counts = [0] * N_RANKS
    for c in hand:
        counts[c >> 2] += 1
    if s.phase == LEAD:
        best = max((counts[(r - 1) % N_RANKS] + counts[(r + 1) % N_RANKS], rng.random(), r)
                   for r in range(N_RANKS) if counts[r])
        return Action("lead", best[2])
    t = s.table[-1] >> 2
    options = [r for r in ((t - 1) % N_RANKS, (t + 1) % N_RANKS) if counts[r]]
    if options:
        if len(options) == 1:
            return Action("play", options[0])
        a, b = options
        fa = counts[(a - 1) % N_RANKS] + counts[(a + 1) % N_RANKS]
        fb = counts[(b - 1) % N_RANKS] + counts[(b + 1) % N_RANKS]
        pick = a if fa > fb or (fa == fb and rng.random() < 0.5) else b
        return Action("play", pick)
    if s.phase == CONT:
        return STOP
    piles = s.piles[s.turn]
    sizes = [len(p) for p in piles]
    if max(sizes):
        return Action("draw", sizes.index(max(sizes)))
    return PASS


def rollout(s: GameState, seat: int, rng: random.Random) -> float:
    """Play `s` to the end with `rollout_action`; 1.0 if `seat` won (ending 'first') or did
    not lose (ending 'last'), else 0.0."""
    while not s.done:
        s.do(rollout_action(s, rng))
    if s.ending == FIRST:
        return 1.0 if s.winner == seat else 0.0
    return 0.0 if s.loser == seat else 1.0


class MonteCarloBot:
    """Determinized Monte Carlo player with `budget` rollouts per decision."""
    name = "mc"

    stops = False          # read a stop as "held no fitting card" (see hand_constraints)

    def __init__(self, budget: int = DEFAULT_BUDGET):
        self.budget = budget
        self._greedy = GreedyBot()

    def choose(self, view, rng: random.Random) -> Action:
        """A legal action with the best rollout score over sampled deals (see module doc)."""
        forced = forced_action(view)
        if forced is not None:
            return forced
        legal = list(view.legal)
        scores = self.scores(view, rng)
        prior = self._greedy.choose(view, rng)
        return max(legal, key=lambda a: (scores[a], a == prior))

    def scores(self, view, rng: random.Random) -> dict[Action, float]:
        """Rollout wins per legal action over `budget // len(legal)` sampled deals."""
        legal = list(view.legal)
        totals = dict.fromkeys(legal, 0.0)
        cons, n_actions = hand_constraints(view, self.stops), action_count(view)
        for _ in range(max(1, self.budget // len(legal))):
            base = sample_state(view, rng, cons, n_actions)
            seed = rng.getrandbits(64)
            for a in legal:
                s = base.clone()
                s.do(a)
                totals[a] += rollout(s, view.seat, random.Random(seed))
        return totals


class InferenceBot(MonteCarloBot):
    """`mc` with stronger inference of the others' hands: a player who stopped is taken to
    have held no card fitting the table it stopped on, as a player who drew or passed."""
    name = "infer"
    stops = True
