"""The games in play on the server, each under an unguessable id, each human seat with its
own secret token; bounded in number and in idle time.

A client names a game by its id and proves its seat by the token; a wrong id (or one that
has expired) is `NotFound` (404), a right id with a token that is no seat of it is
`Forbidden` (403).  Ids and tokens come from `secrets.token_urlsafe`, and tokens are
compared in constant time.  When the store is full the game idle longest goes first; a
game idle for more than `idle_seconds` is gone.  Every operation on one game holds that
game's lock, so two requests never change one game at once.
"""
from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from starlette.exceptions import HTTPException

MAX_GAMES = 500
IDLE_SECONDS = 6 * 3600


class NotFound(HTTPException):
    def __init__(self):
        super().__init__(404, "no such game (it may have expired): start a new one")


class Forbidden(HTTPException):
    def __init__(self):
        super().__init__(403, "that token is not a seat of this game")


@dataclass
class Entry:
    """One game: the table object and the token of each human seat."""
    table: object
    tokens: dict[str, int]                    # token -> seat
    used: float
    lock: threading.Lock = field(default_factory=threading.Lock)


class GameStore:
    """At most `capacity` games; the one idle longest is dropped to make room, and games
    idle over `idle_seconds` are dropped when next looked at."""

    def __init__(self, capacity: int = MAX_GAMES, idle_seconds: float = IDLE_SECONDS,
                 clock: Callable[[], float] = time.monotonic):
        self.capacity, self.idle_seconds, self.clock = capacity, idle_seconds, clock
        self._games: OrderedDict[str, Entry] = OrderedDict()     # least recently used first
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            self._expire()
            return len(self._games)

    def add(self, table, seats: list[int]) -> tuple[str, dict[int, str]]:
        """Store `table`; returns its new id and a fresh token for each of `seats`."""
        tokens = {secrets.token_urlsafe(18): seat for seat in seats}
        with self._lock:
            self._expire()
            while len(self._games) >= self.capacity:
                self._games.popitem(last=False)
            game_id = secrets.token_urlsafe(18)
            while game_id in self._games:          # never in practice; 144 random bits
                game_id = secrets.token_urlsafe(18)
            self._games[game_id] = Entry(table, tokens, self.clock())
        return game_id, {seat: token for token, seat in tokens.items()}

    def get(self, game_id, token) -> tuple[Entry, int]:
        """The game and the seat `token` names in it; NotFound or Forbidden otherwise."""
        with self._lock:
            self._expire()
            entry = self._games.get(game_id) if isinstance(game_id, str) else None
            if entry is None:
                raise NotFound()
            seat = None
            if isinstance(token, str):
                for known, s in entry.tokens.items():     # constant time per comparison
                    if secrets.compare_digest(known.encode(), token.encode("utf-8", "replace")):
                        seat = s
            if seat is None:
                raise Forbidden()
            entry.used = self.clock()
            self._games.move_to_end(game_id)
            return entry, seat

    def _expire(self) -> None:
        limit = self.clock() - self.idle_seconds
        while self._games:
            game_id, entry = next(iter(self._games.items()))
            if entry.used >= limit:
                break
            del self._games[game_id]
