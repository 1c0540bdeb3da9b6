"""A player's view (U18): everything one seat may see, and nothing else.

Computer players and the terminal game receive only a `PlayerView`. Its only card ids are
the seat's own hand and the cards played on the table (also named in `history`).
"""
from __future__ import annotations

from dataclasses import dataclass

from solver.updown.cards import card_text
from solver.updown.state import Action, GameState, deal_shares


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


def make_view(state: GameState, seat: int) -> PlayerView:
    """The view of `seat` (U18); `legal` is filled only when it is that seat's move."""
    mine = state.turn == seat and not state.done
    return PlayerView(
        seat=seat, n_players=state.n, ending=state.ending,
        hand=tuple(sorted(state.hands[seat])),
        played=tuple(state.table),
        history=tuple(state.history),
        hand_sizes=tuple(len(h) for h in state.hands),
        pile_sizes=tuple(tuple(len(p) for p in ps) for ps in state.piles),
        out=tuple(state.out), turn=state.turn, phase=state.phase, starter=state.starter,
        last_player=state.last_player, passes=state.passes,
        aside_count=deal_shares(state.n)[1],
        legal=tuple(state.legal_actions()) if mine else (),
    )
