"""A player's view of the table: every face-up card and no face-down one (rule C16).

Computer players receive only a ``PlayerView``.  It is built from the face-up cards and the
pile sizes (``GameState.view``), so a face-down card is simply not in it;
``GameState.from_view`` rebuilds a playable state in which every face-down card is ``HIDDEN``.
"""
from __future__ import annotations

from dataclasses import dataclass


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
