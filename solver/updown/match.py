"""An Up-and-down match: a series of games at one table, the loser starting the next (U19).

Game ``g`` of a match with seed ``s`` is dealt from ``random.Random(f"updown-match/{s}/{g}")``.
The first game's starter is drawn by the deal (U6); every later game is started by the
loser of the game before.  The loser is the player left holding cards under the play-on
ending (U16); under the default ending (U15) it is the player with the most cards left in
hand and reserve, ties going to the first such seat after the winner in turn order.  The
match is scored by games won (and, under U16, games lost).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from drez.solver.updown.sim import make_bot
from drez.solver.updown.state import FIRST, GameState, new_game


def game_loser(state: GameState) -> int:
    """U19: the loser of the finished game ``state`` (see the module docstring)."""
    if state.loser is not None:
        return state.loser
    n, w = state.n, state.winner
    order = [(w + k) % n for k in range(1, n)]
    return max(order, key=lambda p: (state.cards_left(p), -order.index(p)))


@dataclass
class Match:
    """Running totals of a match of ``games`` games at ``players`` seats."""
    players: int
    games: int
    seed: int
    ending: str = FIRST
    wins: list[int] = field(default_factory=list)
    losses: list[int] = field(default_factory=list)
    played: list[tuple[int, int, int]] = field(default_factory=list)   # (starter, winner, loser)

    def __post_init__(self):
        self.wins = self.wins or [0] * self.players
        self.losses = self.losses or [0] * self.players

    def deal(self) -> GameState:
        """The next game, started by the previous game's loser (the deal decides the first)."""
        g = len(self.played)
        starter = self.played[-1][2] if self.played else None
        return new_game(self.players, random.Random(f"updown-match/{self.seed}/{g}"),
                        ending=self.ending, starter=starter)

    def record(self, state: GameState) -> int:
        """Add the finished game to the totals; returns its loser."""
        loser = game_loser(state)
        self.wins[state.winner] += 1
        self.losses[loser] += 1
        self.played.append((state.starter, state.winner, loser))
        return loser

    @property
    def over(self) -> bool:
        return len(self.played) >= self.games

    def leaders(self) -> list[int]:
        """Seats with the most games won (fewest lost breaking ties)."""
        best = max(zip(self.wins, (-x for x in self.losses)))
        return [p for p in range(self.players) if (self.wins[p], -self.losses[p]) == best]


def bot_match(specs: list[str], games: int, seed: int, ending: str = FIRST) -> Match:
    """A whole match between computer players (one spec per seat, fresh bots each game)."""
    match = Match(len(specs), games, seed, ending)
    while not match.over:
        g = len(match.played)
        state = match.deal()
        bots = [make_bot(s) for s in specs]
        rngs = [random.Random(f"updown-match/{seed}/{g}/bot{p}") for p in range(len(specs))]
        while not state.done:
            legal = state.legal_actions()
            p = state.turn
            state.apply(legal[0] if len(legal) == 1 else bots[p].choose(state.view(p), rngs[p]))
        match.record(state)
    return match
