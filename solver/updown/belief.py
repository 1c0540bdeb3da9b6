"""Sampling the hidden cards from one seat's view (U18), consistently with what it saw.

Hidden cards are all 52 minus the seat's hand and the table. A sample deals them to the
other hands, to every reserve pile (the seat's own included) and to the set-aside cards,
with the sizes the view shows. It also respects what the history proves: a player who drew
or passed held no card fitting the table then (U8); of the cards such a player holds now,
at most as many as arrived since (draws, refills) can be of those two ranks.
"""
from __future__ import annotations

import random

from drez.solver.updown.cards import DECK_SIZE, N_RANKS
from drez.solver.updown.state import GameState
from drez.solver.updown.view import PlayerView

_ACTION_KINDS = ("play", "lead", "stop", "draw", "pass")


def hand_constraints(view: PlayerView, stops: bool = False) -> dict[int, list[list]]:
    """Per other seat, constraints [ranks, k]: its hand holds at most k cards of `ranks`.

    Sound: derived only from public events (draw and pass need no fitting card, U8/U10/U11).
    With `stops`, a stop is read like a pass too: the player held no card fitting the table
    it stopped on.  That is an assumption about the other players (true of greedy and of
    the search players' rollouts, which never stop early), not a rule; a sample that cannot
    meet it falls back to the closest deal it can make (`_deal_hand`).
    """
    cons: dict[int, list[list]] = {p: [] for p in range(view.n_players) if p != view.seat}
    table = view.played[0] >> 2
    for kind, seat, arg in view.history:
        mine = cons.get(seat)
        if kind in ("play", "lead"):
            table = arg >> 2
            for c in mine or ():
                if table in c[0] and c[1] > 0:
                    c[1] -= 1
        elif mine is None:
            continue
        elif kind in ("draw", "pass") or (stops and kind == "stop"):
            mine.append([((table - 1) % N_RANKS, (table + 1) % N_RANKS), 0])
            if kind == "draw":
                for c in mine:
                    c[1] += 1
        elif kind == "refill":
            for c in mine:
                c[1] += arg
    for p, lst in cons.items():
        cons[p] = [c for c in lst if c[1] < view.hand_sizes[p]]
    return cons


def action_count(view: PlayerView) -> int:
    """Actions taken so far in the game (the U17 counter), from the public history."""
    return sum(1 for e in view.history if e[0] in _ACTION_KINDS)


def _deal_hand(pool: list[int], size: int, cons: list[list]) -> list[int]:
    """Take `size` cards from shuffled `pool` (in place) obeying `cons` where possible."""
    if not cons:                                  # every card fits: the last `size` of pool
        k = min(size, len(pool))
        hand = pool[len(pool) - k:][::-1]
        del pool[len(pool) - k:]
        return hand
    hand, rejected, left = [], [], [k for _, k in cons]
    by_rank: list[list[int]] = [[] for _ in range(N_RANKS)]
    for i, (ranks, _) in enumerate(cons):
        for r in ranks:
            by_rank[r].append(i)
    while pool and len(hand) < size:
        card = pool.pop()
        hits = by_rank[card >> 2]
        for i in hits:
            if left[i] <= 0:
                rejected.append(card)
                break
        else:
            for i in hits:
                left[i] -= 1
            hand.append(card)
    while len(hand) < size:                       # inconsistent history: should not happen
        hand.append(rejected.pop())
    pool.extend(rejected)
    return hand


def sample_state(view: PlayerView, rng: random.Random,
                 cons: dict[int, list[list]] | None = None,
                 n_actions: int | None = None) -> GameState:
    """A full GameState agreeing with `view` on everything it shows, hidden cards sampled.

    The seat's own hand, the table, sizes, turn, phase and counters are copied exactly;
    history is not kept (record=False), so the sample is meant for search rollouts.
    `cons` and `n_actions` are `hand_constraints(view)` and `action_count(view)` when the
    caller has them already (they are not changed): a search drawing many samples for one
    decision then reads the history once.
    """
    known = set(view.hand) | set(view.played)
    pool = [c for c in range(DECK_SIZE) if c not in known]
    rng.shuffle(pool)
    if cons is None:
        cons = hand_constraints(view)
    hands: list[list[int]] = [[] for _ in range(view.n_players)]
    hands[view.seat] = list(view.hand)
    order = sorted(cons, key=lambda p: -len(cons[p]))
    for p in order:
        hands[p] = _deal_hand(pool, view.hand_sizes[p], cons[p])
    rng.shuffle(pool)
    piles = []
    for sizes in view.pile_sizes:
        piles.append([[pool.pop() for _ in range(k)] for k in sizes])
    s = GameState.__new__(GameState)
    s.n, s.ending, s.record, s.history = view.n_players, view.ending, False, []
    s.hands, s.piles, s.aside, s.table = hands, piles, pool, list(view.played)
    s.turn, s.phase, s.passes = view.turn, view.phase, view.passes
    s.last_player, s.out, s.starter = view.last_player, list(view.out), view.starter
    s.n_actions = action_count(view) if n_actions is None else n_actions
    s.winner = s.loser = None
    s.stats = {"turns": 0, "drawn": 0, "refilled": 0, "free_leads": 0}
    return s
