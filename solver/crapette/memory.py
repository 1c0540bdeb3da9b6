"""What a person at the table remembers of the face-down cards (rule C16's note).

A ``PileMemory`` is fed the ``PlayerView`` of each of its player's decisions, in order, and
keeps, for the four first and second piles, the cards it has seen at each height of the
pile.  Two facts make that memory exact:

* a second pile only shrinks during its owner's turn and only grows (by loads) during the
  other player's, and a first pile only shrinks, except when a third pile is turned over
  (C10), which fills the empty first pile at once; so a card seen at some height stays
  there as long as the pile never gets lower than it;
* a third pile is whole in view, and between two looks the turned-over pile is the third
  pile as last seen: one's own is turned over at one's own decision, the opponent's during
  their turn, when nothing reaches their third pile before their turn ends (C9).

So after a third pile is turned over, the whole new first pile is known, in order, as a
person who watched would know it.  Nothing here reads a card that is face down now.
"""
from __future__ import annotations

from drez.solver.crapette.cards import HIDDEN
from drez.solver.crapette.piles import reserve, stock
from drez.solver.crapette.state import GameState
from drez.solver.crapette.view import PlayerView


class PileMemory:
    """Known cards by height in both players' first and second piles (see module doc)."""

    def __init__(self):
        self.known: dict[int, dict[int, int]] = {i: {} for i in (stock(0), reserve(0),
                                                                 stock(1), reserve(1))}
        self._last: PlayerView | None = None

    def update(self, view: PlayerView) -> None:
        """Take in the view of the next decision."""
        last = self._last
        for q in (0, 1):
            for idx, size, top in ((stock(q), view.stock_size[q], view.stock_top[q]),
                                   (reserve(q), view.reserve_size[q], view.reserve_top[q])):
                mem = self.known[idx]
                if idx == stock(q) and last is not None and size > last.stock_size[q]:
                    turned = list(reversed(last.waste[q]))      # C10: first card down is the top
                    mem = dict(enumerate(turned)) if len(turned) >= size else {}
                mem = {h: c for h, c in mem.items() if h < size}
                if size:
                    if mem.get(size - 1, top) != top:           # not what we thought: forget
                        mem = {}
                    mem[size - 1] = top
                self.known[idx] = mem
        self._last = view

    def state(self, view: PlayerView) -> GameState:
        """``GameState.from_view(view)`` with every remembered card in place of HIDDEN."""
        s = GameState.from_view(view)
        for idx, mem in self.known.items():
            pile = s.piles[idx]
            for h, c in mem.items():
                if h < len(pile) and pile[h] == HIDDEN:
                    pile[h] = c
        return s

    def cards(self) -> set[int]:
        """Every card remembered in a first or second pile."""
        return {c for mem in self.known.values() for c in mem.values()}
