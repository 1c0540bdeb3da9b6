"""Crapette game state: legal moves, do/undo, turns, win and draw rules, and what each
player may see of it (``view``, rule C16).  The pile layout and ``Move`` are in
``solver.crapette.piles``, the placing rules in ``rules``, the move notation and the errors
in ``actions``.  It implements the games' protocol (solver/common/protocol.py).  Rule
numbers refer to ``seeds/crapette.md``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from operator import attrgetter

from drez.solver.crapette.actions import IllegalMove, move_text, parse_move
from drez.solver.crapette.cards import HIDDEN
from drez.solver.crapette.piles import (
    HOME,
    MOVES,
    N_PILES,
    PASS,
    STOP,
    WORK,
    Move,
    end_move,
    flip_move,
    reserve,
    sources,
    stock,
    waste,
)
from drez.solver.crapette.rules import RED, first_player, home_accepts, home_wants, load_accepts, work_accepts
from drez.solver.crapette.view import PlayerView

QUIET_TURN_LIMIT = 200   # C13: turns in a row with no card reaching a home pile -> draw
TURN_MOVE_LIMIT = 300    # C12: moves in one turn before only turn-ending moves stay legal


@dataclass(frozen=True)
class Result:
    """How a game ended.  ``winner`` is None for a draw (C13, C14)."""
    winner: int | None
    reason: str
    cards_left: tuple[int, int]

    @property
    def points_winner(self) -> int | None:
        """The outright winner, or for a draw the player with fewer cards left (None if equal)."""
        if self.winner is not None:
            return self.winner
        a, b = self.cards_left
        return None if a == b else (0 if a < b else 1)


class GameState:
    """The whole table plus turn bookkeeping; ``do``/``undo`` keep an exact history."""

    _SCALARS = ("to_move", "turn", "quiet", "passes", "moves_in_turn", "home_in_turn",
                "fault", "prev_fault", "turn_start", "prev_turn_start", "result")
    __slots__ = ("piles", "starter", "stop_rule", "history") + _SCALARS

    def __init__(self, piles: list, to_move: int, stop_rule: bool = False):
        self.piles = piles
        self.starter = to_move
        self.stop_rule = stop_rule
        self.history: list = []
        self.to_move = to_move
        self.turn = 0            # turns completed so far
        self.quiet = 0           # completed turns in a row with no card reaching a home pile
        self.passes = 0          # C14: turns in a row that ended by a pass with no card moved
        self.moves_in_turn = 0
        self.home_in_turn = False
        self.fault = False       # C15: this turn left a card that could have gone home
        self.prev_fault = False
        self.turn_start = 0
        self.prev_turn_start = 0
        self.result: Result | None = None

    # ----------------------------------------------------------------- queries
    def cards_left(self, p: int) -> int:
        """Cards in player p's first, second and third piles (C14 counts these)."""
        return sum(len(self.piles[i]) for i in (stock(p), reserve(p), waste(p)))

    def legal_moves(self) -> list[Move]:
        """Every legal move for the player to move, one representative per equivalent group.

        Equivalent moves are merged: an Ace goes to the first empty home pile, a card to the
        first home pile that takes it and to the first empty work space; a lone work-space card
        is not offered a move to another empty space.  The turn-ending move (C9-C11) is always
        last.  Cards shown as HIDDEN are never offered.  Empty when the game is over.
        """
        if self.result is not None:
            return []
        if self.moves_in_turn >= TURN_MOVE_LIMIT:
            return [self.turn_end_move()]
        p = self.to_move
        piles = self.piles
        moves: list[Move] = []
        loads = [(t, piles[t][-1]) for t in (reserve(1 - p), waste(1 - p))
                 if piles[t] and piles[t][-1] >= 0]
        empty_home, home_for = home_wants(piles)
        empty_work = None
        work_for: dict[int, list] = {}         # 2 * rank wanted + (red wanted) -> work spaces
        for w in WORK:
            wp = piles[w]
            if not wp:
                if empty_work is None:
                    empty_work = w
            else:
                t = wp[-1]
                if t >= 0 and t % 13:
                    work_for.setdefault(2 * (t % 13) - 2 + (not RED[t]), []).append(w)
        for src in sources(p):
            pile = piles[src]
            if not pile:
                continue
            c = pile[-1]
            if c < 0:
                continue
            r = c % 13
            if r == 0:
                if empty_home is not None:
                    moves.append(MOVES[src][empty_home])
            else:
                h = home_for.get(c % 52)
                if h is not None:
                    moves.append(MOVES[src][h])
            row = MOVES[src]
            fits = work_for.get(2 * r + RED[c], ())
            if empty_work is not None and not (src < 8 and len(pile) == 1):
                dests = sorted([w for w in fits if w != src] + [empty_work])
                moves.extend([row[w] for w in dests])
            else:
                moves.extend([row[w] for w in fits if w != src])
            for t, top in loads:
                if top % 52 // 13 == c % 52 // 13 and abs(top % 13 - r) == 1:
                    moves.append(row[t])
        moves.append(self.turn_end_move())
        return moves

    def first_home_move(self) -> Move | None:
        """The first move to a home pile in ``legal_moves()`` order, or None; much cheaper."""
        if self.result is not None or self.moves_in_turn >= TURN_MOVE_LIMIT:
            return None
        piles = self.piles
        empty, want = home_wants(piles)
        p = self.to_move
        for src in sources(p):
            pile = piles[src]
            if pile and pile[-1] >= 0:
                c = pile[-1]
                h = want.get(c % 52) if c % 13 else empty
                if h is not None:
                    return MOVES[src][h]
        return None

    def turn_end_move(self) -> Move:
        """The one move that ends (or, for a flip, continues) the turn when nothing else is wanted."""
        p = self.to_move
        if self.piles[stock(p)]:
            return end_move(p)
        if self.piles[waste(p)]:
            return flip_move(p)
        return PASS

    def home_move_available(self) -> bool:
        """True when some card available to the player to move could go to a home pile now."""
        piles = self.piles
        for src in sources(self.to_move):
            pile = piles[src]
            if pile and pile[-1] >= 0 and any(home_accepts(piles[h], pile[-1]) for h in HOME):
                return True
        return False

    def check(self, m: Move) -> str | None:
        """Why move ``m`` is illegal for the player to move, as one line; None when it is legal."""
        if self.result is not None:
            return "the game is over"
        p = self.to_move
        piles = self.piles
        end = self.turn_end_move()
        if m in (PASS, end_move(p), flip_move(p)):
            if m == end:
                return None
            if m == PASS:
                return "you can only pass when your first and third piles are empty"
            if m == end_move(p):
                return "your first pile is empty: turn the third pile over first"
            return "you can only turn the third pile over when the first pile is empty"
        if self.moves_in_turn >= TURN_MOVE_LIMIT:
            return f"{TURN_MOVE_LIMIT} moves this turn: you must end the turn"
        if m.src not in (reserve(p), stock(p)) and m.src not in WORK:
            return "you can only move your first-pile top, your second-pile top or a work-space top"
        src = piles[m.src]
        if not src:
            return "that pile is empty"
        c = src[-1]
        if m.dst == m.src:
            return "a card cannot move onto its own pile"
        if m.dst in HOME:
            return None if home_accepts(piles[m.dst], c) else \
                "a home pile takes an Ace, then the same suit one rank up"
        if m.dst in WORK:
            dst = piles[m.dst]
            return None if not dst or work_accepts(dst[-1], c) else \
                "a work space takes one rank lower in the other colour"
        if m.dst in (reserve(1 - p), waste(1 - p)):
            dst = piles[m.dst]
            if not dst:
                return "an empty pile of the opponent cannot be loaded"
            return None if load_accepts(dst[-1], c) else \
                "the opponent's pile takes the same suit one rank higher or lower"
        return "cards cannot go there"

    @property
    def can_stop(self) -> bool:
        """C15: stop may be called (stop rule on, and the turn in play or the one just ended left
        a home move)."""
        return (self.stop_rule and self.result is None
                and (self.fault or (self.moves_in_turn == 0 and self.prev_fault)))

    def key(self) -> tuple:
        """The table as a hashable value (equal tables, equal keys); bookkeeping left out."""
        return tuple(map(tuple, self.piles))

    # ----------------------------------------------------------------- the games' protocol
    @property
    def done(self) -> bool:
        """True once the game has ended (``result`` is set)."""
        return self.result is not None

    def legal_actions(self) -> list[Move]:
        """The protocol's name for ``legal_moves``."""
        return self.legal_moves()

    def apply(self, m: Move) -> None:
        """The protocol's name for ``play``: IllegalMove (state unchanged) when illegal."""
        self.play(m)

    def action_text(self, m: Move) -> str:
        """Move ``m`` of the player to move in the notation (C17); ``parse_action`` reads it back."""
        return move_text(m, self.to_move)

    def parse_action(self, text: str) -> Move:
        """The legal move ``text`` names for the player to move: MoveTextError when it names
        none, IllegalMove (with the reason) when the rules forbid it now."""
        m = parse_move(text, self)
        why = self.check(m)
        if why:
            raise IllegalMove(why)
        return m

    # ----------------------------------------------------------------- changes
    def _scalars(self) -> tuple:
        return _snapshot(self)

    def play(self, m: Move) -> None:
        """Make move ``m`` after checking it; raises IllegalMove with a one-line reason."""
        why = self.check(m)
        if why:
            raise IllegalMove(why)
        self.do(m)

    def do(self, m: Move) -> None:
        """Make move ``m``, which must be legal (unchecked; use ``play`` for untrusted input)."""
        p = self.to_move
        piles = self.piles
        self.history.append((m, self._scalars()))
        if self.stop_rule and not self.fault and m.dst not in HOME and self.home_move_available():
            self.fault = True
        if m == PASS:
            # C14: only a turn in which no card moved at all counts towards the draw
            self.passes = self.passes + 1 if self.moves_in_turn == 0 else 0
            self._end_turn()
            if self.passes >= 2 and self.result is None:
                self._finish(None, "both players passed")
            return
        if m.src == waste(p) and m.dst == stock(p):          # C10: turn the third pile over
            piles[m.dst].extend(reversed(piles[m.src]))
            piles[m.src].clear()
            self.moves_in_turn += 1
            return
        piles[m.dst].append(piles[m.src].pop())
        if m.src == stock(p) and m.dst == waste(p):          # C9: end the turn
            self.passes = 0
            self._end_turn()
            return
        self.moves_in_turn += 1
        if m.dst in HOME:
            self.home_in_turn = True
        if not (piles[stock(p)] or piles[reserve(p)] or piles[waste(p)]):
            self._finish(p, "emptied all three piles")

    def _end_turn(self) -> None:
        self.quiet = 0 if self.home_in_turn else self.quiet + 1
        self.prev_fault, self.fault = self.fault, False
        self.prev_turn_start, self.turn_start = self.turn_start, len(self.history)
        self.to_move = 1 - self.to_move
        self.turn += 1
        self.moves_in_turn = 0
        self.home_in_turn = False
        if self.quiet >= QUIET_TURN_LIMIT:
            self._finish(None, f"no card reached a home pile in {QUIET_TURN_LIMIT} turns")

    def _finish(self, winner: int | None, reason: str) -> None:
        self.result = Result(winner, reason, (self.cards_left(0), self.cards_left(1)))

    def undo(self) -> Move:
        """Take back the last move exactly (piles and bookkeeping); returns it."""
        m, saved = self.history.pop()
        for name, value in zip(self._SCALARS, saved):
            setattr(self, name, value)
        if m.src >= 0:
            piles = self.piles
            if m.src == waste(self.to_move) and m.dst == stock(self.to_move):
                piles[m.src].extend(reversed(piles[m.dst]))
                piles[m.dst].clear()
            else:
                piles[m.src].append(piles[m.dst].pop())
        return m

    def call_stop(self) -> int:
        """C15: take back the faulty turn's moves and give the turn to the caller; returns the caller.

        Raises IllegalMove when stop cannot be called now (see ``can_stop``).
        """
        if not self.stop_rule:
            raise IllegalMove("the stop rule is not in use in this game")
        if not self.can_stop:
            raise IllegalMove("stop needs a turn that left a card that could have gone home")
        target = self.turn_start if self.fault else self.prev_turn_start
        while len(self.history) > target:
            self.undo()
        self.history.append((STOP, self._scalars()))
        self.passes = 0
        self._end_turn()
        return self.to_move

    def view(self, me: int) -> PlayerView:
        """What player ``me`` may see: face-up cards only (C16)."""
        piles = self.piles
        return PlayerView(
            me=me, to_move=self.to_move,
            work=tuple(tuple(piles[w]) for w in WORK),
            homes=tuple(tuple(piles[h]) for h in HOME),
            stock_top=tuple(_top(piles[stock(p)]) for p in (0, 1)),
            stock_size=tuple(len(piles[stock(p)]) for p in (0, 1)),
            reserve_top=tuple(_top(piles[reserve(p)]) for p in (0, 1)),
            reserve_size=tuple(len(piles[reserve(p)]) for p in (0, 1)),
            waste=tuple(tuple(piles[waste(p)]) for p in (0, 1)),
            moves_in_turn=self.moves_in_turn, quiet=self.quiet, passes=self.passes)

    @classmethod
    def from_view(cls, view: PlayerView) -> GameState:
        """A GameState matching ``view`` with every face-down card replaced by HIDDEN."""
        piles: list[list[int]] = [[] for _ in range(N_PILES)]
        for w in WORK:
            piles[w] = list(view.work[w])
        for i, h in enumerate(HOME):
            piles[h] = list(view.homes[i])
        for p in (0, 1):
            for idx, top, size in ((stock(p), view.stock_top[p], view.stock_size[p]),
                                   (reserve(p), view.reserve_top[p], view.reserve_size[p])):
                piles[idx] = [HIDDEN] * (size - 1) + [top] if size else []
            piles[waste(p)] = list(view.waste[p])
        state = cls(piles, view.to_move)
        state.moves_in_turn, state.quiet, state.passes = view.moves_in_turn, view.quiet, view.passes
        return state


_snapshot = attrgetter(*GameState._SCALARS)     # the bookkeeping kept with every move


def deal(rng: random.Random, stop_rule: bool = False) -> GameState:
    """C2-C3: a fresh layout dealt from ``rng``; the same rng state always gives the same deal."""
    piles: list[list[int]] = [[] for _ in range(N_PILES)]
    for p in (0, 1):
        pack = list(range(52 * p, 52 * p + 52))
        rng.shuffle(pack)
        piles[reserve(p)] = pack[:13]
        for i in range(4):
            piles[4 * p + i] = [pack[13 + i]]
        piles[stock(p)] = pack[17:]
    return GameState(piles, first_player(piles, rng), stop_rule)


def new_game(seed: int, stop_rule: bool = False) -> GameState:
    """The deal for an integer seed (``random.Random(seed)``)."""
    return deal(random.Random(seed), stop_rule)


def _top(pile: list) -> int | None:
    return pile[-1] if pile else None
