"""A player's view of the table: every face-up card and no face-down one (rule C16).

Computer players receive only a ``PlayerView``.  It is built from the face-up cards and the
pile sizes, so a face-down card is simply not in it; ``to_state`` rebuilds a playable
``GameState`` in which every face-down card is ``HIDDEN``.
"""
from __future__ import annotations

from dataclasses import dataclass

from solver.crapette.cards import HIDDEN
from solver.crapette.game import GameState, HOME, N_PILES, WORK, reserve, stock, waste


def _top(pile: list) -> int | None:
    return pile[-1] if pile else None


@dataclass(frozen=True)
class PlayerView:
    """Face-up information for player ``me``; per-player fields are indexed by player (0, 1)."""
    me: int
    to_move: int
    work: tuple[tuple[int, ...], ...]
    homes: tuple[tuple[int, ...], ...]
    stock_top: tuple[int | None, int | None]
    stock_size: tuple[int, int]
    reserve_top: tuple[int | None, int | None]
    reserve_size: tuple[int, int]
    waste: tuple[tuple[int, ...], tuple[int, ...]]
    moves_in_turn: int
    quiet: int
    passes: int

    @classmethod
    def of(cls, state: GameState, me: int) -> "PlayerView":
        """The view of ``state`` for player ``me``; it holds face-up cards only."""
        piles = state.piles
        return cls(
            me=me, to_move=state.to_move,
            work=tuple(tuple(piles[w]) for w in WORK),
            homes=tuple(tuple(piles[h]) for h in HOME),
            stock_top=tuple(_top(piles[stock(p)]) for p in (0, 1)),
            stock_size=tuple(len(piles[stock(p)]) for p in (0, 1)),
            reserve_top=tuple(_top(piles[reserve(p)]) for p in (0, 1)),
            reserve_size=tuple(len(piles[reserve(p)]) for p in (0, 1)),
            waste=tuple(tuple(piles[waste(p)]) for p in (0, 1)),
            moves_in_turn=state.moves_in_turn, quiet=state.quiet, passes=state.passes)

    def cards(self) -> set[int]:
        """Every card this view shows."""
        seen = set()
        for pile in self.work + self.homes + self.waste:
            seen.update(pile)
        seen.update(c for c in self.stock_top + self.reserve_top if c is not None)
        return seen

    def unknown(self) -> list[int]:
        """The cards this view does not show (the face-down ones), in card order."""
        seen = self.cards()
        return [c for c in range(104) if c not in seen]

    def to_state(self) -> GameState:
        """A GameState matching this view with every face-down card replaced by HIDDEN."""
        piles: list[list[int]] = [[] for _ in range(N_PILES)]
        for w in WORK:
            piles[w] = list(self.work[w])
        for i, h in enumerate(HOME):
            piles[h] = list(self.homes[i])
        for p in (0, 1):
            for idx, top, size in ((stock(p), self.stock_top[p], self.stock_size[p]),
                                   (reserve(p), self.reserve_top[p], self.reserve_size[p])):
                piles[idx] = [HIDDEN] * (size - 1) + [top] if size else []
            piles[waste(p)] = list(self.waste[p])
        state = GameState(piles, self.to_move)
        state.moves_in_turn, state.quiet, state.passes = self.moves_in_turn, self.quiet, self.passes
        return state
