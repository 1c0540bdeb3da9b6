"""Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012), SO-ISMCTS.

One tree per decision, over the actions of every seat as the deciding seat sees them.  Each
iteration samples a deal of the hidden cards consistent with the seat's view (belief.py, with
the history read once per decision), walks down the tree choosing among the actions legal in
that deal by UCB1 with availability counts, adds one node, plays out and credits every node
on the path to the seat that chose it (max-n: each seat maximises its own wins).  The seat
plays its most visited root action.

Two priors, both from the measurements in reports/games/updown.md (issue 16):

- the playout is the greedy player's game for every seat (`playout(..., greedy=True)`), not
  the cheaper `rollout_action` policy, which loses to greedy (20.7% against greedy's 25.1%
  at a table of greedy players) and so modelled the other seats as weaker than they are;
- at four or more players, the seat does not consider stopping at the root while a card
  fits (greedy never does, nor does any playout): there 200 noisy playouts picked a stop
  in about a fifth of such decisions, and the searched stops cost about two points.  At
  two and three players the stop is searched: keeping a card back to leave the next
  player a table it cannot fit is worth a lot there (without it the search lost its lead
  over `mc` head to head, and 7 points at a 3-player greedy table).

Draws are not branched on (pile contents are unknown to everyone): a drawing seat draws from
its largest pile, as in the playouts.
"""
from __future__ import annotations

import math
import random

from drez.solver.updown.actions import CONT, LEAD, N_PILES, PASS, STOP, Action
from drez.solver.updown.belief import action_count, hand_constraints, sample_state
from drez.solver.updown.bots import forced_action, largest_pile_draw
from drez.solver.updown.cards import N_RANKS
from drez.solver.updown.montecarlo import playout
from drez.solver.updown.state import FIRST, GameState

DEFAULT_ITERATIONS = 200


class _Node:
    __slots__ = ("avail", "children", "visits", "wins")

    def __init__(self):
        self.children: dict[tuple[int, Action], _Node] = {}
        self.visits = 0
        self.wins = 0.0
        self.avail = 1


_LEAD = [Action("lead", r) for r in range(N_RANKS)]
_PLAY = [Action("play", r) for r in range(N_RANKS)]
_DRAW = [Action("draw", i) for i in range(N_PILES)]


def _actions(s: GameState) -> list[Action]:
    """`s.legal_actions()` in the same order, draws cut to the largest pile's (first on ties)."""
    hand = s.hands[s.turn]
    if s.phase == LEAD:
        return [_LEAD[r] for r in sorted({c >> 2 for c in hand})]
    t = s.table[-1] >> 2
    ranks = {c >> 2 for c in hand}
    plays = [_PLAY[r] for r in sorted({(t - 1) % N_RANKS, (t + 1) % N_RANKS}) if r in ranks]
    if s.phase == CONT:
        plays.append(STOP)
        return plays
    if plays:
        return plays
    sizes = [len(p) for p in s.piles[s.turn]]
    longest = max(sizes)
    return [_DRAW[sizes.index(longest)]] if longest else [PASS]


class ISMCTSBot:
    """SO-ISMCTS with ``iterations`` sampled deals per decision (see module docstring)."""
    name = "ismcts"

    def __init__(self, iterations: int = DEFAULT_ITERATIONS, exploration: float = 0.7,
                 greedy_playout: bool = True, root_stop: bool | None = None):
        self.iterations = iterations
        self.c = exploration
        self.greedy = greedy_playout
        self.root_stop = root_stop

    def root_actions(self, view) -> list[Action]:
        """The root actions searched: ``view.legal``, draws cut to the largest pile's (as
        `_actions`), without STOP while a card fits unless ``root_stop`` (by default: at two
        and three players, see the module docstring)."""
        legal = list(view.legal)
        if legal[0].kind == "draw":
            return [largest_pile_draw(view)]
        stop = view.n_players <= 3 if self.root_stop is None else self.root_stop
        if not stop and view.phase == CONT and len(legal) > 1:
            legal.remove(STOP)
        return legal

    def choose(self, view, rng: random.Random) -> Action:
        """The most visited root action (always one of ``view.legal``)."""
        forced = forced_action(view)
        if forced is not None:
            return forced
        legal = self.root_actions(view)
        if len(legal) == 1:
            return legal[0]
        root = self.search(view, rng)
        seat = view.seat
        return max(legal, key=lambda a: (root.children[(seat, a)].visits
                                         if (seat, a) in root.children else -1))

    def search(self, view, rng: random.Random) -> _Node:
        """The tree after ``iterations`` iterations from the seat's view; every iteration
        visits one child of the root, one per action of `root_actions`."""
        cons, n_actions = hand_constraints(view), action_count(view)
        root_acts = self.root_actions(view)
        root = _Node()
        c, first, greedy = self.c, view.ending == FIRST, self.greedy
        for _ in range(self.iterations):
            s = sample_state(view, rng, cons, n_actions)
            node, path = root, []
            while not s.done:
                acts = root_acts if node is root else _actions(s)
                if len(acts) == 1 and node is not root:
                    s.do(acts[0])
                    continue
                p = s.turn
                kids = node.children
                untried = []
                for a in acts:
                    child = kids.get((p, a))
                    if child is None:
                        untried.append(a)
                    else:
                        child.avail += 1
                if untried:
                    a = untried[rng.randrange(len(untried))]
                    node = kids[(p, a)] = _Node()
                    s.do(a)
                    path.append((node, p))
                    break
                best, best_u = None, -1.0
                for a in acts:
                    ch = kids[(p, a)]
                    u = ch.wins / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if u > best_u:
                        best, best_u = a, u
                node = kids[(p, best)]
                s.do(best)
                path.append((node, p))
            winner, loser = playout(s, rng, greedy)
            for nd, p in path:
                nd.visits += 1
                nd.wins += (winner == p) if first else (loser != p)
        return root
