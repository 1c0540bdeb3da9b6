"""Blocked positions: static detectors that prove a position lost without searching, and
the kind of block a lost position shows (no moves, circling, exhausted search).

Words used below
----------------
* A card *moves first* when it is the first (lowest-lying) card of the run of a move.
* A real card of rank r is *out of place* when it does not lie on a real card of rank
  r + 1 (for a Joker: when it does not lie on the table).

Fact A (the argument of engine.lower_bound).  The card directly beneath a card changes
only when that card moves first: a run taken from a column always contains every card
above its first card, so cards above keep their neighbour below; and nothing is ever
slid under a card.  Real cards leave the table only inside a complete series, where every
card lies on the rank just above it and the Joker on the table.  So *every out-of-place
real card moves first at least once before the game can be won.*

Fact B.  A card that moves first has, at that moment, only an ordered run above it (so
every card directly on another plays the rank just below it), and the destination's top
accepts its role: a real card of rank r + 1 or a neutral (roles up to Queen), or an empty
column (role Joker).

The detectors below never search; each is a sufficient condition for "lost", proved in
its docstring, and tests/solodrez/test_blocks.py checks them against exhaustive search on
thousands of positions.  They are deliberately cheap, so `play` can run them every move.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np

from ..rules import engine, keys
from ..rules.cards import RANK_NAMES, card_digit, card_name
from ..rules.position import Position

NO_MOVES, CIRCLING, EXHAUSTED, STUCK = "no-moves", "circling", "exhausted", "stuck"
CIRCLE_LIMIT = 5000  # reachable sets up to this size count as "going round in circles"


@dataclass(frozen=True)
class Block:
    """Why a position is lost: `kind` is no-moves, circling or exhausted (see blocked()),
    or stuck when a search limit stopped the search but a static detector proves the loss;
    `positions` the size of the reachable set (circling) or of the search (exhausted);
    `reason` a sentence for a player, from a static detector when one applies."""
    kind: str
    positions: int = 0
    reason: str = ""

    def describe(self) -> str:
        if self.kind == NO_MOVES:
            text = "lost: no legal move is left"
        elif self.kind == CIRCLING:
            text = (f"lost: every move goes round in circles; only "
                    f"{self.positions} positions can be reached and none is won")
        elif self.kind == STUCK:
            text = "lost: a card can never move again"
        else:
            text = (f"lost: an exhaustive search of {self.positions} "
                    "positions found no win")
        return text + (f"; {self.reason}" if self.reason else "")

    def json(self) -> dict:
        return {"kind": self.kind, "positions": self.positions, "reason": self.reason or None}


# ---- the "can it ever move first" analysis -------------------------------------------

def _first_roles(stack) -> range:
    """The roles the lowest card of digits stack (lowest first) can play in an ordered
    run of exactly these cards (empty when the stack is not ordered)."""
    n = len(stack)
    top = None
    for i, d in enumerate(reversed(stack)):
        if d:
            if top is None:
                top = d - i
            elif d - i != top:
                return range(0)
    if top is None:
        return range(n, 7)
    if top < 1 or top + n - 1 > 6:
        return range(0)
    return range(top + n - 1, top + n)


def _ordered(stack) -> bool:
    """Whether digits stack (lowest card first) form an ordered run."""
    return bool(_first_roles(stack))


def may_move_first(columns) -> list[list[bool]]:
    """For columns of digits (bottom first): M[c][i] is False only when the card can
    never again move first, whatever is played.

    M is the least fixed point of the rules below, started from all False and grown until
    nothing changes (each round can only add True, so it ends):

      M(x)   = for some card j at or above x: the cards from x up to j form an ordered
               run in which x can play a role r with D(r), and j is the top card or
               M(card directly above j)
      T(y)   = y is the top card, or M(card directly above y)      ("y can be a top")
      D(r)   = for r <= 5: T(some neutral) or T(some real card of rank r + 1);
               for r = 6 (Joker): a column is empty, or M(some bottom card), or S(some
               column whose bottom card is a Joker) (a series could be removed there)
      S(c)   = no card above c's bottom Joker is a neutral or out of place, or M holds
               for some card above the Joker at or below the lowest such card ("c can
               be cleared down to an ordered part on its Joker")

    Proof that every card that ever moves first has M = True (soundness).  Take any
    sequence of moves and its earliest move whose first card x has M(x) False; every
    earlier first card has M True.
    * The destination: if its top is a card y, y became a top at some point.  If y was
      not a top at the start, the card then directly above y had to leave, and the card
      above y changes only when that card moves first (Fact A): an earlier first card,
      so M is True for it and T(y) holds.  If the destination is empty and no column was
      empty at the start, the first column to become empty did so because its bottom card
      moved first (a start bottom card: cards only reach the bottom by moving into an
      empty column) or by a series removal in a column c whose bottom card is a Joker
      (again a start bottom card, which has not moved).  In the second case let b be the
      lowest start card above that Joker which is a neutral or out of place, if any.  The
      removed series has every card on the rank just above it, so b left c before; until
      b first moved, no card under it had moved (a card moves only with every card above
      it), so b first left c in a move whose first card was a start card of c at or
      below b, above the Joker: an earlier first card, so M holds for it and S(c) holds.
      Either way D holds for x's role in the run.
    * The run: let j + 1 be the lowest start card above x that has moved first before
      (an earlier first card, so M(j + 1)), or let j be the start top if none has.
      Cards x..j never moved first, so they still lie on one another in their start
      order (runs are moved whole), and they are the bottom part
      of the run now above x, which is ordered; a bottom part of an ordered run is
      ordered, with x in the role the destination accepts.  So M(x) holds.
    So M(x) is True: a contradiction.  Hence M False means "never moves first again".
    """
    ncols = len(columns)
    M = [[False] * len(col) for col in columns]
    has_empty = any(len(col) == 0 for col in columns)
    joker_columns = [c for c, col in enumerate(columns) if col and col[0] == 6]
    while True:
        # T for every card, from the current M
        def is_top_ever(c, i):
            return i == len(columns[c]) - 1 or M[c][i + 1]
        neutral_top = any(is_top_ever(c, i) for c in range(ncols)
                          for i, d in enumerate(columns[c]) if d == 0)
        rank_top = [False] * 8
        for c in range(ncols):
            for i, d in enumerate(columns[c]):
                if d and is_top_ever(c, i):
                    rank_top[d] = True
        empty_ever = (has_empty or any(_clearable(columns[c], M[c]) for c in joker_columns)
                      or any(col and M[c][0] for c, col in enumerate(columns)))
        dest = [False] * 7
        for r in range(1, 6):
            dest[r] = neutral_top or rank_top[r + 1]
        dest[6] = empty_ever
        changed = False
        for c in range(ncols):
            col = columns[c]
            n = len(col)
            for i in range(n - 1, -1, -1):
                new = False
                for j in range(i, n):
                    roles = _first_roles(col[i:j + 1])
                    if not roles:
                        break
                    if (j == n - 1 or M[c][j + 1]) and any(dest[r] for r in roles):
                        new = True
                        break
                if new and not M[c][i]:
                    M[c][i] = True
                    changed = True
        if not changed:
            return M


def _clearable(col, marks) -> bool:
    """S of may_move_first for a column of digits col (bottom first, a Joker at the
    bottom) and its marks M: no card above the Joker is a neutral or out of place, or
    some card above the Joker at or below the lowest such card has M."""
    for i in range(1, len(col)):
        if marks[i]:
            return True
        if col[i] == 0 or _out_of_place(col, i):
            return False
    return True


def _digits(pos: Position):
    return [[card_digit(card) for card in col] for col in pos.columns]


def _analysis(pos: Position):
    """(digits of the columns, may_move_first of them): what every stuck-detector reads,
    computed once per position by static_block."""
    columns = _digits(pos)
    return columns, may_move_first(columns)


def _out_of_place(col, i) -> bool:
    d = col[i]
    return d != 0 and bool(engine.is_bad(d, col[i - 1] if i > 0 else -1))


def _reason_stuck(pos, columns, M, c, i) -> str:
    """Why card (c, i) can never move first, in words."""
    col = columns[c]
    card = card_name(pos.columns[c][i])
    d = col[i]
    where = "lies on the table" if i == 0 else f"lies on {card_name(pos.columns[c][i - 1])}"
    # find the card above that holds it down, if any
    j = i
    while j + 1 < len(col) and _ordered(col[i:j + 2]):
        j += 1
    if j + 1 < len(col):
        above = card_name(pos.columns[c][j + 1])
        return (f"{card} in column {c + 1} {where}, so it must move, but {above} above it "
                "can never move away and cannot be carried along")
    need = ("an empty column" if d == 6 else
            f"a {RANK_NAMES[d + 1]} or a neutral on top of a column")
    return (f"{card} in column {c + 1} {where}, so it must move, but it needs {need} "
            "and no such place can ever appear")


# ---- detectors -----------------------------------------------------------------------

def detect_no_moves(pos: Position, analysis=None) -> str | None:
    """Real cards are left and no move is legal.

    Proof: nothing changes without a move, and a position with real cards is not won."""
    if pos.is_won() or pos.legal_moves():
        return None
    return "no legal move is left and real cards remain on the table"


def detect_stuck_bottom(pos: Position, analysis=None) -> str | None:
    """A column's bottom card is a real card other than a Joker and can never move again.

    Proof: such a card is out of place (a series has a Joker on the table), so by Fact A
    it must move first before a win; may_move_first() proves it never will."""
    columns, M = analysis or _analysis(pos)
    for c, col in enumerate(columns):
        if col and col[0] not in (0, 6) and not M[c][0]:
            return _reason_stuck(pos, columns, M, c, 0)
    return None


def detect_stuck_card(pos: Position, analysis=None) -> str | None:
    """Some out-of-place real card (anywhere in a column) can never move first again.

    Proof: Fact A says it must move first before a win; may_move_first() proves it never
    will.  (This includes detect_stuck_bottom; it is listed apart to measure both.)"""
    columns, M = analysis or _analysis(pos)
    for c, col in enumerate(columns):
        for i in range(len(col)):
            if _out_of_place(col, i) and not M[c][i]:
                return _reason_stuck(pos, columns, M, c, i)
    return None


def detect_stuck_neutral(pos: Position, analysis=None) -> str | None:
    """A neutral lies on a real card and can never move again.

    Proof: the real card beneath must leave the table, which it does only inside a
    complete series (six real cards, nothing on them), so the neutral must stop lying on
    it; by Fact A that happens only when the neutral moves first, and may_move_first()
    proves it never will."""
    columns, M = analysis or _analysis(pos)
    for c, col in enumerate(columns):
        for i in range(1, len(col)):
            if col[i] == 0 and col[i - 1] != 0 and not M[c][i]:
                x = card_name(pos.columns[c][i])
                below = card_name(pos.columns[c][i - 1])
                return (f"neutral {x} lies on {below} in column {c + 1} and can never move "
                        f"away, so {below} can never be part of a series")
    return None


DETECTORS = (
    ("no-moves", detect_no_moves),
    ("stuck-bottom", detect_stuck_bottom),
    ("stuck-card", detect_stuck_card),
    ("stuck-neutral", detect_stuck_neutral),
)


def static_block(pos: Position) -> tuple[str, str] | None:
    """(detector name, reason) of the first detector that proves pos lost, or None.  The
    stuck-detectors share one may_move_first fixed point (`analysis`, made once)."""
    analysis = None
    for name, detect in DETECTORS:
        if name != "no-moves" and analysis is None:
            analysis = _analysis(pos)
        reason = detect(pos, analysis)
        if reason:
            return name, reason
    return None


# ---- the reachable set ---------------------------------------------------------------

def reachable(pos: Position, limit: int = CIRCLE_LIMIT):
    """(count, won) over the positions reachable from pos (pos included, up to column
    order and colours), or None when there are more than `limit`.  won is True as soon
    as a won position is seen (the count is then only a partial one)."""
    start = pos.words()
    out = np.empty(engine.MAX_MOVES, np.int64)
    scratch = np.empty(engine.NCOLS, np.int64)
    key = np.zeros(keys.KEY_WORDS, np.int64)

    def key_of(words):
        keys.canonical_key(words, scratch, key)
        return key.tobytes()

    seen = {key_of(start)}
    queue = deque([start])
    while queue:
        words = queue.popleft()
        if engine.is_won(words):
            return len(seen), True
        n = engine.generate_moves(words, out, True)
        for m in out[:n]:
            child = words.copy()
            engine.apply_move(child, m)
            k = key_of(child)
            if k not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(k)
                queue.append(child)
    return len(seen), False


def blocked(pos: Position, searched: int | None = None, found=False) -> Block | None:
    """The kind of block of a position, without a full search when possible.

    no-moves   real cards and no legal move;
    circling   the whole reachable set has at most CIRCLE_LIMIT positions and none is won;
    exhausted  lost by an exhaustive search of `searched` positions (the caller's solve()
               said LOST); without `searched`, None is returned for this case.
    None       not (known to be) blocked.
    The reason names a static detector's finding when one applies; `found` is
    static_block(pos) when the caller has it already (it is not computed again).
    """
    if pos.is_won():
        return None
    if found is False:
        found = static_block(pos)
    reason = found[1] if found and found[0] != "no-moves" else ""
    if not pos.legal_moves():
        return Block(NO_MOVES, 1, "")
    reach = reachable(pos)
    if reach is not None and not reach[1]:
        return Block(CIRCLING, reach[0], reason)
    if searched is not None:
        return Block(EXHAUSTED, searched, reason)
    return None
