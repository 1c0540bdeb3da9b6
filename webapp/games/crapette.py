"""Crapette in the web app: one match between a person and the computer, or two people at
one screen (then with the stop rule if they choose, C15).  Rule numbers: seeds/crapette.md.

Piles are named absolutely, the same for both seats: ``w1``-``w8`` work spaces,
``h1``-``h8`` home piles, ``f0 s0 t0`` / ``f1 s1 t1`` seat 0's / seat 1's first, second and
third piles.  A card is a code of rank, suit and pack: ``TH0`` is the ten of hearts of seat
0's pack.  A view is built from the engine's ``PlayerView`` only (face-up cards and pile
sizes, C16), so a face-down card never reaches it.
"""
from __future__ import annotations

import random
import secrets

from drez.solver.crapette import hints
from drez.solver.crapette.actions import IllegalMove, move_text
from drez.solver.crapette.cards import RANKS, SUITS
from drez.solver.crapette.match import Match
from drez.solver.crapette.piles import HOME, PASS, WORK, Move, end_move, flip_move, reserve, stock, waste
from drez.solver.crapette.sim import make_bot
from drez.webapp.bodies import BadRequest, choice, flag, whole

STRENGTHS = ("random", "rule", "search", "reply", "best")
OPPONENTS = (*STRENGTHS, "human")
MAX_MATCH = 9


def card_code(c: int | None) -> str | None:
    """``TH0``: rank, suit, pack (0 or 1); None stays None."""
    if c is None:
        return None
    return RANKS[c % 13] + SUITS[c % 52 // 13] + str(c // 52)


def pile_names() -> dict[str, int]:
    names = {f"w{i + 1}": w for i, w in enumerate(WORK)}
    names.update({f"h{i + 1}": h for i, h in enumerate(HOME)})
    for p in (0, 1):
        names.update({f"f{p}": stock(p), f"s{p}": reserve(p), f"t{p}": waste(p)})
    return names


PILES = pile_names()
NAMES = {i: name for name, i in PILES.items()}


class CrapetteTable:
    """A match of 1-9 games; seat 0 is a person, seat 1 a person or a computer player."""
    kind = "crapette"

    def __init__(self, data: dict):
        opponent = choice(data, "opponent", OPPONENTS, "best")
        self.stop_rule = flag(data, "stop_rule")
        if self.stop_rule and opponent != "human":
            raise BadRequest('"stop_rule" is for two people only (C15): the computer never calls stop')
        self.strength = None if opponent == "human" else opponent
        self.match = Match(whole(data, "games", 1, MAX_MATCH, 1), secrets.randbits(64))
        self._secret = secrets.token_hex(16)       # the bots' and the hints' random sources
        self._hints = 0
        self._deal()

    def _deal(self) -> None:
        g = len(self.match.played)
        self.state = self.match.deal(self.stop_rule)
        self.recorded = False
        self.bots = {} if self.strength is None else {1: make_bot(self.strength)}
        self.rngs = {p: random.Random(f"{self._secret}:{g}:bot{p}") for p in self.bots}

    def human_seats(self) -> list[int]:
        return [0] if self.bots else [0, 1]

    def computer_to_move(self) -> bool:
        return self.state.result is None and self.state.to_move in self.bots

    # ---- what a seat sees ------------------------------------------------------------
    def view(self, seat: int, brief: bool = False) -> dict:
        """Seat's view: face-up cards, pile sizes, its legal moves when it is to move."""
        s = self.state
        v = s.view(seat)
        mine = s.result is None and s.to_move == seat and seat not in self.bots
        out = {
            "kind": self.kind, "seat": seat, "to_move": s.to_move, "turn": s.turn,
            "moves_in_turn": v.moves_in_turn, "quiet": v.quiet, "passes": v.passes,
            "seats": [self._seat(p) for p in (0, 1)],
            "work": [[card_code(c) for c in pile] for pile in v.work],
            "homes": [[card_code(c) for c in pile] for pile in v.homes],
            "piles": [{"first": {"top": card_code(v.stock_top[p]), "count": v.stock_size[p]},
                       "second": {"top": card_code(v.reserve_top[p]), "count": v.reserve_size[p]},
                       "third": [card_code(c) for c in v.waste[p]]} for p in (0, 1)],
            "legal": self._legal() if mine else [],
            "end": self._end_word() if mine else None,
            "stop_rule": self.stop_rule, "stop_by": self._stop_caller(),
            "can_stop": self._stop_caller() == seat,
            "computer_to_move": self.computer_to_move(),
            "result": self._result(),
        }
        if not brief:
            out["match"] = self._match()
        return out

    def _seat(self, p: int) -> dict:
        if p in self.bots:
            return {"kind": "computer", "strength": self.strength, "name": f"Computer ({self.strength})"}
        return {"kind": "human", "name": "You" if self.bots else f"Player {p + 1}"}

    def _legal(self) -> list[dict]:
        """Every legal card move of the seat to move, each home pile and empty work space
        named (the engine's ``check``), then the turn-ending move."""
        s, p = self.state, self.state.to_move
        dests = [*WORK, *HOME, reserve(1 - p), waste(1 - p)]
        out = []
        for src in (reserve(p), stock(p), *WORK):
            for dst in dests:
                if dst != src and s.check(Move(src, dst)) is None:
                    out.append({"from": NAMES[src], "to": NAMES[dst], "text": move_text(Move(src, dst), p)})
        return out

    def _end_word(self) -> str:
        m, p = self.state.turn_end_move(), self.state.to_move
        return "pass" if m == PASS else "flip" if m == flip_move(p) else "switch"

    def _stop_caller(self) -> int | None:
        """The seat that may call stop now (C15), or None."""
        s = self.state
        if not s.can_stop:
            return None
        return 1 - s.to_move if s.fault else s.to_move

    def _result(self) -> dict | None:
        r = self.state.result
        if r is None:
            return None
        return {"winner": r.winner, "reason": r.reason, "cards_left": list(r.cards_left),
                "points": list(self.match.played[-1][1]) if self.recorded else None}

    def _match(self) -> dict:
        m = self.match
        return {"games": m.games, "scores": list(m.scores), "over": m.over, "leader": m.leader,
                "played": [{"winner": w, "points": list(pts), "reason": why} for w, pts, why in m.played]}

    # ---- moves -----------------------------------------------------------------------
    def _move(self, value, p: int) -> Move:
        if value in ("switch", "flip", "pass"):
            return {"switch": end_move(p), "flip": flip_move(p), "pass": PASS}[value]
        if not (isinstance(value, dict) and all(isinstance(value.get(k), str) and value[k] in PILES
                                                for k in ("from", "to"))):
            raise BadRequest('"move" must be "switch", "flip", "pass", "stop" or '
                             '{"from": pile, "to": pile} with piles w1-w8, h1-h8, f0, s0, t0, f1, s1, t1')
        return Move(PILES[value["from"]], PILES[value["to"]])

    def _step(self, p: int, m: Move) -> dict:
        """Make legal move ``m`` of seat p; the step as the page tells it."""
        s = self.state
        card = s.piles[m.src][-1] if m.src >= 0 and m not in (flip_move(p),) else None
        text = move_text(m, p)
        s.play(m)
        if s.result is not None and not self.recorded:
            self.match.record(s)
            self.recorded = True
        return {"seat": p, "move": {"from": NAMES.get(m.src), "to": NAMES.get(m.dst),
                                    "card": card_code(card), "text": text}}

    def act(self, seat: int, value) -> dict:
        """A person's move (or stop call); BadRequest 400 when the rules forbid it, 409 when
        it is not that seat's turn."""
        s = self.state
        if s.result is not None:
            raise BadRequest("the game is over", 409)
        if value == "stop":
            if self._stop_caller() != seat:
                raise BadRequest("stop needs the stop rule and a turn of the other player that "
                                 "left a card that could have gone home (C15)", 409)
            s.call_stop()
            return {"seat": seat, "move": {"from": None, "to": None, "card": None, "text": "stop"}}
        if s.to_move != seat:
            raise BadRequest("it is not your turn", 409)
        m = self._move(value, seat)
        why = s.check(m)
        if why:
            raise BadRequest(f"illegal move: {why}")
        return self._step(seat, m)

    def computer_step(self) -> dict:
        """One move of the computer seat to move."""
        p = self.state.to_move
        m = self.bots[p].choose(self.state.view(p), self.rngs[p])
        if self.state.check(m) is not None:            # never: bots play legal moves
            raise IllegalMove(f"computer move {m} is illegal")
        return self._step(p, m)

    def hint(self, seat: int) -> dict:
        """The strongest player's move for `seat` (solver.crapette.hints: never back to a
        position of this turn, never shuffling for long), from a fresh player and a random
        source of its own (the per-game secret and a counter): asking never changes the
        computer's play."""
        s = self.state
        if s.result is not None or s.to_move != seat or seat in self.bots:
            raise BadRequest("a hint is for the person to move", 409)
        self._hints += 1
        rng = random.Random(f"{self._secret}:hint:{self._hints}")
        m = hints.hint(s, rng)
        card = s.piles[m.src][-1] if m.src >= 0 and m != flip_move(seat) else None
        return {"from": NAMES.get(m.src), "to": NAMES.get(m.dst), "card": card_code(card),
                "text": move_text(m, seat)}

    def next_game(self) -> None:
        if self.state.result is None:
            raise BadRequest("the game is not over", 409)
        if self.match.over:
            raise BadRequest("the match is over: start a new one", 409)
        self._deal()
