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

from drez.solver.updown.actions import CONT, LEAD, PASS, START, STOP, Action, GameError
from drez.solver.updown.belief import action_count, hand_constraints, sample_state
from drez.solver.updown.bots import GreedyBot, forced_action
from drez.solver.updown.cards import N_RANKS
from drez.solver.updown.chains import best_chain, best_lead
from drez.solver.updown.state import FIRST, MAX_ACTIONS, REFILL, GameState

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


_LO = [(r - 1) % N_RANKS for r in range(N_RANKS)]
_HI = [(r + 1) % N_RANKS for r in range(N_RANKS)]


def playout(s: GameState, rng: random.Random,
            greedy: bool = False) -> tuple[int | None, int | None]:
    """(winner, loser) of `s` played to the end by every seat with `rollout_action`, or
    with `GreedyBot`'s choices when `greedy`.

    The same game as ``while not s.done: s.do(rollout_action(s, rng))``, drawing the same
    random numbers in the same order, but on rank counts and local variables instead of
    Action objects and GameState calls (suits never matter, U2), several times faster; `s`
    itself is not changed.  With `greedy`, the same game as every seat playing
    ``GreedyBot().choose(s.view(seat), rng)`` (longest chain, least danger, no early stop,
    largest pile), drawing no random numbers at all.  Both are checked against those loops
    in tests/updown/test_search.py.  GameError past the U17 bound, as `GameState.do`.
    """
    if s.done:
        return s.winner, s.loser
    n, first = s.n, s.ending == FIRST
    counts = []
    for h in s.hands:
        c = [0] * N_RANKS
        for card in h:
            c[card >> 2] += 1
        counts.append(c)
    sizes = [len(h) for h in s.hands]
    piles = [[[card >> 2 for card in pile] for pile in ps] for ps in s.piles]
    table = s.table[-1] >> 2
    played = [0] * N_RANKS                  # table cards per rank: greedy's unseen counts
    for card in s.table:
        played[card >> 2] += 1
    turn, phase, passes, last = s.turn, s.phase, s.passes, s.last_player
    out, starter, actions = list(s.out), s.starter, s.n_actions
    random_ = rng.random
    lo_, hi_ = _LO, _HI
    while True:
        actions += 1
        if actions > MAX_ACTIONS:
            raise GameError(f"game exceeded {MAX_ACTIONS} actions (U17)")
        cnt = counts[turn]
        if phase == LEAD:
            if greedy:
                play = best_lead(cnt, [4 - k - m for k, m in zip(cnt, played)])
            else:
                best = max((cnt[lo_[r]] + cnt[hi_[r]], random_(), r)
                           for r in range(N_RANKS) if cnt[r])
                play = best[2]
        else:
            a, b = lo_[table], hi_[table]
            if cnt[a] and cnt[b]:
                if greedy:
                    play = best_chain(cnt, table, [4 - k - m for k, m in zip(cnt, played)])[2]
                else:
                    fa, fb = cnt[lo_[a]] + cnt[hi_[a]], cnt[lo_[b]] + cnt[hi_[b]]
                    play = a if fa > fb or (fa == fb and random_() < 0.5) else b
            elif cnt[a]:
                play = a
            elif cnt[b]:
                play = b
            else:
                play = -1
        if play >= 0:                                       # play or lead (U8, U9, U14)
            cnt[play] -= 1
            played[play] += 1
            sizes[turn] -= 1
            table, last, passes, phase = play, turn, 0, CONT
            if sizes[turn]:
                continue
            ps, taken = piles[turn], 0                      # refill (U12)
            while taken < REFILL and any(ps):
                for pile in ps:
                    if pile and taken < REFILL:
                        cnt[pile.pop()] += 1
                        taken += 1
            if taken:
                sizes[turn] = taken
                continue
            out.append(turn)                                # out (U13, U15, U16)
            if first:
                return turn, None
            if n - len(out) == 1:
                return out[0], next(p for p in range(n) if p not in out)
        elif phase == START:
            ps = piles[turn]
            longest = max(len(pile) for pile in ps)
            if longest:                                     # draw (U10)
                pile = next(pile for pile in ps if len(pile) == longest)
                cnt[pile.pop()] += 1
                sizes[turn] += 1
                passes = 0
            else:                                           # pass (U11)
                passes += 1
                if passes >= n - len(out):                  # free lead (U14)
                    turn = starter if last is None else last
                    while turn in out:
                        turn = (turn + 1) % n
                    phase, passes = LEAD, 0
                    continue
        turn = (turn + 1) % n                               # stop, or the turn ends
        while turn in out:
            turn = (turn + 1) % n
        phase = START


def rollout(s: GameState, seat: int, rng: random.Random) -> float:
    """Play `s` to the end with `rollout_action` (`playout`); 1.0 if `seat` won (ending
    'first') or did not lose (ending 'last'), else 0.0."""
    winner, loser = playout(s, rng)
    if s.ending == FIRST:
        return 1.0 if winner == seat else 0.0
    return 0.0 if loser == seat else 1.0


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
