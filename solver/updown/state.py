"""The game state of Up-and-down: deal, legal actions, apply (rules U3-U17).

A `GameState` is the whole truth of a game (all hands, piles, set-aside cards). Players and
computer players never read it directly: they get `state.view(seat)` (U18, see view.py).

It implements the games' protocol (solver/common/protocol.py); actions, their text and
the phases of the player to move (`state.phase`) are in actions.py.
"""
from __future__ import annotations

import random

from drez.solver.updown.actions import (
    CONT,
    LEAD,
    N_PILES,
    PASS,
    START,
    STOP,
    Action,
    GameError,
    IllegalActionError,
    parse_action,
)
from drez.solver.updown.cards import DECK_SIZE, N_RANKS, card_text
from drez.solver.updown.view import PlayerView

FIRST, LAST = "first", "last"          # endings: U15 first out wins; U16 last holder loses
HAND_SIZE = 5
REFILL = 3
MAX_ACTIONS = 1000                      # U17


def deal_shares(n_players: int) -> tuple[int, int]:
    """(reserve share per player, set-aside count) for n players (U4)."""
    rest = DECK_SIZE - HAND_SIZE * n_players - 1
    return rest // n_players, rest % n_players


class GameState:
    """Full state of one game; `apply` enforces every rule and raises GameError if illegal."""

    __slots__ = (
        "aside",
        "ending",
        "hands",
        "history",
        "last_player",
        "loser",
        "n",
        "n_actions",
        "out",
        "passes",
        "phase",
        "piles",
        "record",
        "starter",
        "stats",
        "table",
        "turn",
        "winner",
    )

    def clone(self, record: bool = False) -> GameState:
        """Independent copy; history is kept only if `record` (search copies skip it)."""
        s = GameState.__new__(GameState)
        s.n, s.ending = self.n, self.ending
        s.hands = [h[:] for h in self.hands]
        s.piles = [[p[:] for p in ps] for ps in self.piles]
        s.aside = self.aside[:]
        s.table = self.table[:]
        s.turn, s.phase, s.passes = self.turn, self.phase, self.passes
        s.last_player, s.out, s.starter = self.last_player, self.out[:], self.starter
        s.record = record
        s.history = self.history[:] if record else []
        s.n_actions, s.winner, s.loser = self.n_actions, self.winner, self.loser
        s.stats = dict(self.stats)
        return s

    def copy_from(self, other: GameState) -> None:
        """Become `other` (a clone of this game taken earlier): how a person's move is
        taken back.  `other` must not be used afterwards."""
        for name in GameState.__slots__:
            setattr(self, name, getattr(other, name))

    # ---- queries -------------------------------------------------------------------
    @property
    def done(self) -> bool:
        """True once the game has ended (U15 or U16)."""
        return self.winner is not None if self.ending == FIRST else self.loser is not None

    @property
    def table_card(self) -> int:
        """The face-up card on top of the table."""
        return self.table[-1]

    def reserve_count(self, seat: int) -> int:
        """Cards left in `seat`'s three reserve piles."""
        return sum(len(p) for p in self.piles[seat])

    def active(self) -> list[int]:
        """Seats still holding cards, in seat order."""
        return [p for p in range(self.n) if p not in self.out]

    def cards_left(self, seat: int) -> int:
        """Hand plus reserve of `seat`: what it still has to shed."""
        return len(self.hands[seat]) + self.reserve_count(seat)

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to move, each distinct (suits never matter)."""
        if self.done:
            return []
        hand = self.hands[self.turn]
        if self.phase == LEAD:
            return [Action("lead", r) for r in sorted({c >> 2 for c in hand})]
        t = self.table[-1] >> 2
        lo, hi = (t - 1) % N_RANKS, (t + 1) % N_RANKS
        plays = [Action("play", r) for r in sorted({c >> 2 for c in hand} & {lo, hi})]
        if self.phase == CONT:
            return plays + [STOP]
        if plays:
            return plays
        draws = [Action("draw", i) for i, p in enumerate(self.piles[self.turn]) if p]
        return draws or [PASS]

    # ---- the rules ------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Apply a legal action of the player to move; IllegalActionError (a GameError, state
        unchanged) if illegal."""
        if action not in self.legal_actions():
            raise IllegalActionError(f"illegal action {action} for seat {self.turn} in phase {self.phase}")
        self.do(action)

    def do(self, action: Action) -> None:
        """Apply `action` without checking it is legal: only for callers that took it from
        `legal_actions()` or an equivalent rule (search rollouts)."""
        self.n_actions += 1
        if self.n_actions > MAX_ACTIONS:
            raise GameError(f"game exceeded {MAX_ACTIONS} actions (U17)")
        kind, p = action.kind, self.turn
        if kind == "play" or kind == "lead":
            self._play(p, action.arg, kind)
        elif kind == "stop":
            self._log("stop", p, -1)
            self._next_turn()
        elif kind == "draw":
            self.hands[p].append(self.piles[p][action.arg].pop())
            self.stats["drawn"] += 1
            self.passes = 0
            self._log("draw", p, action.arg)
            self._next_turn()
        else:
            self._log("pass", p, -1)
            self.passes += 1
            if self.passes >= self.n - len(self.out):
                self._free_lead()
            else:
                self._next_turn()

    def _play(self, p: int, rank: int, kind: str) -> None:
        hand = self.hands[p]
        card = min(c for c in hand if c >> 2 == rank)
        hand.remove(card)
        self.table.append(card)
        self.last_player, self.passes, self.phase = p, 0, CONT
        self._log(kind, p, card)
        if hand:
            return
        taken = self._refill(p)                                   # U12
        if taken:
            self._log("refill", p, taken)
            return
        self.out.append(p)                                        # U13
        self._log("out", p, -1)
        if self.ending == FIRST:                                  # U15
            self.winner = p
        elif self.n - len(self.out) == 1:                         # U16
            self.loser = self.active()[0]
            self.winner = self.out[0]
        else:
            self._next_turn()

    def _refill(self, p: int) -> int:
        piles, hand, taken = self.piles[p], self.hands[p], 0
        while taken < REFILL and any(piles):
            for pile in piles:
                if pile and taken < REFILL:
                    hand.append(pile.pop())
                    taken += 1
        self.stats["refilled"] += taken
        return taken

    def _free_lead(self) -> None:
        leader = self.starter if self.last_player is None else self.last_player
        if leader in self.out:
            leader = self._next_active(leader)
        self.turn, self.phase, self.passes = leader, LEAD, 0
        self.stats["free_leads"] += 1
        self.stats["turns"] += 1
        self._log("freelead", leader, -1)

    def _next_active(self, p: int) -> int:
        q = (p + 1) % self.n
        while q in self.out:
            q = (q + 1) % self.n
        return q

    def _next_turn(self) -> None:
        self.turn, self.phase = self._next_active(self.turn), START
        self.stats["turns"] += 1

    def _log(self, kind: str, seat: int, arg: int) -> None:
        if self.record:
            self.history.append((kind, seat, arg))

    # ---- views and text -------------------------------------------------------------
    def view(self, seat: int) -> PlayerView:
        """What `seat` may see (U18): a PlayerView holding no hidden card; `legal` is
        filled only when it is that seat's move."""
        mine = self.turn == seat and not self.done
        return PlayerView(
            seat=seat, n_players=self.n, ending=self.ending,
            hand=tuple(sorted(self.hands[seat])),
            played=tuple(self.table),
            history=tuple(self.history),
            hand_sizes=tuple(len(h) for h in self.hands),
            pile_sizes=tuple(tuple(len(p) for p in ps) for ps in self.piles),
            out=tuple(self.out), turn=self.turn, phase=self.phase, starter=self.starter,
            last_player=self.last_player, passes=self.passes,
            aside_count=deal_shares(self.n)[1],
            legal=tuple(self.legal_actions()) if mine else (),
        )

    @property
    def to_move(self) -> int:
        """The seat to move (the protocol's name for `turn`)."""
        return self.turn

    def action_text(self, action: Action) -> str:
        """The text of `action`, read back by `parse_action`."""
        return str(action)

    def parse_action(self, text: str) -> Action:
        """The legal action `text` names for the seat to move (see actions.parse_action)."""
        return parse_action(text, self.view(self.turn))

    def all_cards(self) -> list[int]:
        """Every card in every zone (hands, piles, table, set aside); 52 distinct if sound."""
        cards = [c for h in self.hands for c in h] + [c for ps in self.piles for p in ps for c in p]
        return cards + self.table + self.aside

    def __str__(self) -> str:
        lines = [f"table {card_text(self.table[-1])}  turn {self.turn} ({self.phase})"]
        for p in range(self.n):
            hand = " ".join(card_text(c) for c in sorted(self.hands[p]))
            sizes = "/".join(str(len(x)) for x in self.piles[p])
            lines.append(f"seat {p}: hand [{hand}] piles {sizes}" + (" out" if p in self.out else ""))
        return "\n".join(lines)


def new_game(n_players: int = 2, seed: int | random.Random = 0, ending: str = FIRST,
             starter: int | None = None, record: bool = True) -> GameState:
    """Deal a game (U3-U7): the same (n_players, seed) always gives the same deal and starter.

    `starter` overrides the random starter (a match passes the previous loser, U6).
    """
    if not 2 <= n_players <= 6:
        raise GameError(f"players must be 2 to 6, got {n_players}")
    if ending not in (FIRST, LAST):
        raise GameError(f"ending must be 'first' or 'last', got {ending!r}")
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    deck = list(range(DECK_SIZE))
    rng.shuffle(deck)
    drawn = rng.randrange(n_players)
    if starter is not None and not 0 <= starter < n_players:
        raise GameError(f"starter must be a seat 0..{n_players - 1}, got {starter}")
    s = GameState.__new__(GameState)
    s.n, s.ending, s.record = n_players, ending, record
    s.hands = [deck[HAND_SIZE * p:HAND_SIZE * (p + 1)] for p in range(n_players)]
    pos = HAND_SIZE * n_players
    s.table = [deck[pos]]
    share, _ = deal_shares(n_players)
    rest = deck[pos + 1:]
    shares = [rest[p:share * n_players:n_players] for p in range(n_players)]   # round-robin
    s.piles = [[sh[i::N_PILES] for i in range(N_PILES)] for sh in shares]     # U5
    s.aside = rest[share * n_players:]
    s.starter = drawn if starter is None else starter
    s.turn, s.phase, s.passes, s.last_player = s.starter, START, 0, None
    s.out, s.history, s.n_actions = [], [], 0
    s.winner = s.loser = None
    s.stats = {"turns": 1, "drawn": 0, "refilled": 0, "free_leads": 0}
    return s
