"""Helpers for the games' web API tests: the app with its game store, and a record of every
card each seat has been shown, kept from the engines' own states (not from the API)."""
from __future__ import annotations

import re

from starlette.testclient import TestClient

from drez.solver.crapette import state as crapette_state
from drez.solver.crapette.cards import ALL_CARDS
from drez.solver.updown import state as updown_state
from drez.webapp.app import create_app
from drez.webapp.games.crapette import card_code
from drez.webapp.games.updown import card_text


def client_and_store():
    """A TestClient of the real app (no lifespan: the games need no search workers) and the
    store that holds its games."""
    app = create_app()
    store = next(r.endpoint.__self__.store for r in app.routes
                 if hasattr(getattr(r, "endpoint", None), "__self__"))
    return TestClient(app, base_url="http://127.0.0.1"), store


class SeenCards:
    """Cards each seat of each stored game has ever been able to see, by the engine: after
    every move of a game's real state (GameState.do wrapped while the test runs) the seat's
    face-up cards (Crapette: the PlayerView's cards, C16) or its hand and the table
    (Up-and-down, U18) are added.  Only the states in the store are followed (computer
    players' search copies are not)."""

    def __init__(self, monkeypatch, store):
        self.store = store
        self.seen: dict[int, dict[int, set]] = {}        # id(state) -> seat -> codes
        self.states: dict[int, object] = {}
        for module, look in ((crapette_state, self._crapette), (updown_state, self._updown)):
            original = module.GameState.do

            def do(state, action, _original=original, _look=look):
                _original(state, action)
                if id(state) in self.states and self.states[id(state)] is state:
                    _look(state)
            monkeypatch.setattr(module.GameState, "do", do)

    def follow(self) -> None:
        """Start following every state now in the store (a new game or the next of a match)."""
        for entry in list(self.store._games.values()):
            s = entry.table.state
            if id(s) not in self.states or self.states[id(s)] is not s:
                self.states[id(s)] = s
                (self._crapette if entry.table.kind == "crapette" else self._updown)(s)

    def _crapette(self, s) -> None:
        seen = self.seen.setdefault(id(s), {0: set(), 1: set()})
        for p in (0, 1):
            seen[p] |= {card_code(c) for c in s.view(p).cards()}

    def _updown(self, s) -> None:
        seen = self.seen.setdefault(id(s), {p: set() for p in range(s.n)})
        for p in range(s.n):
            seen[p] |= {card_text(c) for c in s.hands[p]} | {card_text(c) for c in s.table}

    def hidden(self, table, seat: int) -> set[str]:
        """Every card code `seat` of `table` has never been shown."""
        s = table.state
        if table.kind == "crapette":
            every = {card_code(c) for c in ALL_CARDS}
        else:
            every = {card_text(c) for c in range(52)}
        return every - self.seen[id(s)][seat]


def codes_in(text: str, codes: set[str]) -> set[str]:
    """The codes of `codes` that appear in `text` as a word of their own."""
    if not codes:
        return set()
    pattern = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, sorted(codes))) + r")(?![A-Za-z0-9])")
    return set(pattern.findall(text))
