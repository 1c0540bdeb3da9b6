"""A Crapette match: a series of games between the same two seats, scores carried over (C19).

Game ``g`` of a match with seed ``s`` is dealt from ``random.Random(f"{s}:match:{g}")``; who
starts each game is decided by its deal (C3).  The winner of a game scores the cards the
loser has left, as Russian Bank players count them: one point per first- and third-pile
card, two per second-pile card.  A drawn game (C14) scores for the player ahead on cards:
the difference of the two counts.  Scores add up from game to game.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from drez.solver.crapette.piles import Move, reserve, stock, waste
from drez.solver.crapette.state import GameState, deal


def points_left(state: GameState, p: int) -> int:
    """C19: player p's cards left, second-pile cards counting double."""
    piles = state.piles
    return len(piles[stock(p)]) + len(piles[waste(p)]) + 2 * len(piles[reserve(p)])


def game_points(state: GameState) -> tuple[int, int]:
    """Points each player scores for the finished game ``state`` (C19)."""
    left = (points_left(state, 0), points_left(state, 1))
    w = state.result.winner
    if w is not None:
        return (left[1], 0) if w == 0 else (0, left[0])
    if left[0] == left[1]:
        return (0, 0)
    return (left[1] - left[0], 0) if left[0] < left[1] else (0, left[0] - left[1])


@dataclass
class Match:
    """Running totals of a match of ``games`` games from ``seed``."""
    games: int
    seed: int
    scores: list[int] = field(default_factory=lambda: [0, 0])
    played: list[tuple] = field(default_factory=list)   # (winner or None, points, reason)

    def deal(self, stop_rule: bool = False) -> GameState:
        """The deal of the next game."""
        return deal(random.Random(f"{self.seed}:match:{len(self.played)}"), stop_rule)

    def record(self, state: GameState) -> tuple[int, int]:
        """Add the finished game ``state`` to the totals; returns its points."""
        pts = game_points(state)
        self.scores[0] += pts[0]
        self.scores[1] += pts[1]
        self.played.append((state.result.winner, pts, state.result.reason))
        return pts

    @property
    def over(self) -> bool:
        return len(self.played) >= self.games

    @property
    def leader(self) -> int | None:
        """The seat ahead on points, None when level."""
        a, b = self.scores
        return None if a == b else (0 if a > b else 1)


def play_bots(state: GameState, bots: list, rngs: list[random.Random]) -> None:
    """Play ``state`` to the end between two computer players (each sees only its view)."""
    while state.result is None:
        p = state.to_move
        m: Move = bots[p].choose(state.view(p), rngs[p])
        state.play(m)


def bot_match(names: tuple[str, str], games: int, seed: int,
              make_bot: Callable[[str], object]) -> Match:
    """A whole match between two computer players (fresh bots each game)."""
    match = Match(games, seed)
    while not match.over:
        g = len(match.played)
        state = match.deal()
        play_bots(state, [make_bot(n) for n in names],
                  [random.Random(f"{seed}:match:{g}:p{p}") for p in (0, 1)])
        match.record(state)
    return match
