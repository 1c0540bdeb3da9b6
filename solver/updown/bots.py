"""Computer players, weakest to strongest: random, greedy, mc, ismcts (see ismcts.py).

A bot is called as `bot.choose(view, rng)` with only the seat's PlayerView (U18) and an
explicit random source, and returns one of `view.legal`.
"""
from __future__ import annotations

import random

from drez.solver.updown.actions import STOP, Action
from drez.solver.updown.chains import best_chain, best_lead, rank_counts
from drez.solver.updown.view import PlayerView


def unseen_counts(view: PlayerView) -> list[int]:
    """Per rank, how many cards the seat has not seen (4 minus own hand minus table)."""
    seen = rank_counts(view.hand)
    for c in view.played:
        seen[c >> 2] += 1
    return [4 - k for k in seen]


def largest_pile_draw(view: PlayerView) -> Action:
    """Draw from the seat's largest reserve pile (first on ties); pile contents are unknown,
    so the choice only keeps piles even."""
    sizes = view.pile_sizes[view.seat]
    return Action("draw", max(range(len(sizes)), key=lambda i: (sizes[i], -i)))


def forced_action(view: PlayerView) -> Action | None:
    """The action a searching player need not search for: the only legal one, or the
    draw from the largest pile when drawing is the choice; None otherwise."""
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    if legal[0].kind == "draw":
        return largest_pile_draw(view)
    return None


class RandomBot:
    """Uniformly random legal action."""
    name = "random"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """A legal action drawn uniformly from `view.legal`."""
        return rng.choice(view.legal)


class GreedyBot:
    """Rule-based: play the longest chain the hand allows, ending where opponents are least
    likely to fit; lead the card that starts the longest chain; never stop early."""
    name = "greedy"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """A legal action: the first card of the best chain, else draw/pass/stop."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        kind = legal[0].kind
        if kind == "draw":
            return largest_pile_draw(view)
        counts, unseen = rank_counts(view.hand), unseen_counts(view)
        if kind == "lead":
            return Action("lead", best_lead(counts, unseen))
        length, _, first = best_chain(counts, view.table_card >> 2, unseen)
        return Action("play", first) if length else STOP
