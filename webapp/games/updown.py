"""Up-and-down in the web app: a match at a table of 2-6 seats, each a person or a computer
player of a chosen strength; the loser of a game starts the next (U19).  Rule numbers:
seeds/updown.md.

A card is its text (``10h``, ``As``).  A view is built from the engine's ``PlayerView``
(U18) only: the seat's own hand, the table, the public history, hand and pile sizes, so
no other hand, no reserve card and no set-aside card ever reaches it.
"""
from __future__ import annotations

import random
import secrets

from drez.solver.updown import hints
from drez.solver.updown.actions import GameError, parse_action
from drez.solver.updown.cards import card_text, rank_text
from drez.solver.updown.match import Match, game_loser
from drez.solver.updown.sim import make_bot
from drez.solver.updown.state import FIRST, LAST
from drez.webapp.bodies import BadRequest, choice, whole

STRENGTHS = ("random", "greedy", "mc", "infer", "ismcts", "best")
MAX_MATCH = 9
MAX_ACTION_TEXT = 24


def _event(kind: str, seat: int, arg: int) -> dict:
    """A public history event (U18) as JSON."""
    if kind in ("play", "lead"):
        return {"kind": kind, "seat": seat, "card": card_text(arg)}
    if kind == "draw":
        return {"kind": kind, "seat": seat, "pile": arg + 1}
    if kind == "refill":
        return {"kind": kind, "seat": seat, "count": arg}
    return {"kind": kind, "seat": seat}


def _action(a) -> dict:
    out = {"text": str(a), "kind": a.kind}
    if a.kind in ("play", "lead"):
        out["rank"] = rank_text(a.arg)
    elif a.kind == "draw":
        out["pile"] = a.arg + 1
    return out


class UpdownTable:
    """A match of 1-9 games at 2-6 seats (at least one a person)."""
    kind = "updown"

    def __init__(self, data: dict):
        seats = data.get("seats", [{"kind": "human"}, {"kind": "computer", "strength": "best"}])
        if not isinstance(seats, list) or not 2 <= len(seats) <= 6:
            raise BadRequest('"seats" must be a list of 2 to 6 seats, like '
                             '[{"kind": "human"}, {"kind": "computer", "strength": "best"}]')
        self.seats: list[str | None] = []          # None: a person; else the computer's strength
        for i, seat in enumerate(seats):
            if not isinstance(seat, dict):
                raise BadRequest(f'seat {i} must be an object like {{"kind": "human"}}')
            kind = choice(seat, "kind", ("human", "computer"))
            self.seats.append(None if kind == "human" else choice(seat, "strength", STRENGTHS, "best"))
        if all(s is not None for s in self.seats):
            raise BadRequest('at least one seat must be "human"')
        ending = choice(data, "ending", (FIRST, LAST), FIRST)
        self.match = Match(len(seats), whole(data, "games", 1, MAX_MATCH, 1), secrets.randbits(64), ending)
        self._secret = secrets.token_hex(16)
        self._hints = 0
        self._deal()

    def _deal(self) -> None:
        g = len(self.match.played)
        self.state = self.match.deal()
        self.recorded = False
        self.bots = {p: make_bot(s) for p, s in enumerate(self.seats) if s is not None}
        self.rngs = {p: random.Random(f"{self._secret}:{g}:bot{p}") for p in self.bots}

    def human_seats(self) -> list[int]:
        return [p for p, s in enumerate(self.seats) if s is None]

    def computer_to_move(self) -> bool:
        return not self.state.done and self.state.turn in self.bots

    # ---- what a seat sees ------------------------------------------------------------
    def view(self, seat: int, brief: bool = False) -> dict:
        """Seat's view (U18); `brief` leaves out the history and the match (for steps)."""
        s = self.state
        v = s.view(seat)
        mine = not s.done and v.turn == seat and seat not in self.bots
        out = {
            "kind": self.kind, "seat": seat, "n": v.n_players, "to_move": v.turn, "phase": v.phase,
            "ending": v.ending, "hand": [card_text(c) for c in v.hand],
            "table": card_text(v.table_card), "played": len(v.played), "aside": v.aside_count,
            "seats": [{"kind": "human" if self.seats[p] is None else "computer",
                       "strength": self.seats[p], "hand": v.hand_sizes[p],
                       "piles": list(v.pile_sizes[p]), "out": p in v.out} for p in range(v.n_players)],
            "legal": [_action(a) for a in v.legal] if mine else [],
            "computer_to_move": self.computer_to_move(),
            "result": self._result(),
        }
        if not brief:
            out["history"] = [_event(*e) for e in v.history]
            out["match"] = self._match()
        return out

    def _result(self) -> dict | None:
        s = self.state
        if not s.done:
            return None
        return {"winner": s.winner, "loser": game_loser(s), "order": list(s.out)}

    def _match(self) -> dict:
        m = self.match
        return {"games": m.games, "wins": list(m.wins), "losses": list(m.losses), "over": m.over,
                "played": [{"starter": a, "winner": w, "loser": lo} for a, w, lo in m.played]}

    # ---- moves -----------------------------------------------------------------------
    def _apply(self, p: int, action) -> dict:
        s = self.state
        before = len(s.history)
        s.apply(action)
        if s.done and not self.recorded:
            self.match.record(s)
            self.recorded = True
        return {"seat": p, "move": _action(action), "events": [_event(*e) for e in s.history[before:]]}

    def act(self, seat: int, value) -> dict:
        """A person's action ("play 10", "lead 7", "draw 2", "stop", "pass"): 400 with the
        rule when illegal, 409 when it is not that seat's turn."""
        s = self.state
        if s.done:
            raise BadRequest("the game is over", 409)
        if s.turn != seat:
            raise BadRequest("it is not your turn", 409)
        if not isinstance(value, str) or len(value) > MAX_ACTION_TEXT:
            raise BadRequest('"move" must be an action like "play 10", "lead 7", "draw 2", "stop" or "pass"')
        try:
            action = parse_action(value, s.view(seat))
        except GameError as e:
            raise BadRequest(str(e)) from None
        hand = list(s.hands[seat])
        step = self._apply(seat, action)
        if action.kind == "draw":                   # the drawer alone learns the card
            new = [c for c in s.hands[seat] if c not in hand]
            step["drew"] = card_text(new[0]) if new else None
        return step

    def computer_step(self) -> dict:
        """One action of the computer seat to move (the only legal one is made without asking)."""
        p = self.state.turn
        legal = self.state.legal_actions()
        action = legal[0] if len(legal) == 1 else self.bots[p].choose(self.state.view(p), self.rngs[p])
        return self._apply(p, action)

    def hint(self, seat: int) -> dict:
        """The strongest player's action for `seat`, from a fresh player and a random source
        of its own (per-game secret and a counter): asking never changes the computer's play."""
        s = self.state
        if s.done or s.turn != seat or seat in self.bots:
            raise BadRequest("a hint is for the person to move", 409)
        self._hints += 1
        rng = random.Random(f"{self._secret}:hint:{self._hints}")
        return _action(hints.hint(s.view(seat), rng))

    def next_game(self) -> None:
        if not self.state.done:
            raise BadRequest("the game is not over", 409)
        if self.match.over:
            raise BadRequest("the match is over: start a new one", 409)
        self._deal()
