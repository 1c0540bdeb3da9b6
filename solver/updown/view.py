"""A player's view (U18): everything one seat may see, and nothing else.

Computer players and the terminal game receive only a `PlayerView`, built by
`GameState.view(seat)`. Its only card ids are
the seat's own hand and the cards played on the table (also named in `history`).
"""
from __future__ import annotations

from dataclasses import dataclass

from drez.solver.updown.actions import Action
from drez.solver.updown.cards import card_text


@dataclass(frozen=True)
class PlayerView:
    """One seat's knowledge of the game at one moment.

    history holds public events (kind, seat, arg): ('play'|'lead', seat, card),
    ('stop'|'pass'|'out'|'freelead', seat, -1), ('draw', seat, pile), ('refill', seat, count).
    """
    seat: int
    n_players: int
    ending: str
    hand: tuple[int, ...]
    played: tuple[int, ...]            # table cards in order; played[0] is the first table card
    history: tuple[tuple[str, int, int], ...]
    hand_sizes: tuple[int, ...]
    pile_sizes: tuple[tuple[int, ...], ...]
    out: tuple[int, ...]
    turn: int
    phase: str
    starter: int
    last_player: int | None
    passes: int
    aside_count: int
    legal: tuple[Action, ...]

    @property
    def table_card(self) -> int:
        """The face-up table card."""
        return self.played[-1]

    def reserve_count(self, seat: int) -> int:
        """Cards left in `seat`'s reserve piles."""
        return sum(self.pile_sizes[seat])

    def cards_seen(self) -> set[int]:
        """Every card id this view names: own hand, the table, and the history."""
        seen = set(self.hand) | set(self.played)
        seen |= {arg for kind, _, arg in self.history if kind in ("play", "lead")}
        return seen

    def __str__(self) -> str:
        hand = " ".join(card_text(c) for c in self.hand)
        return f"seat {self.seat} table {card_text(self.table_card)} hand [{hand}]"
