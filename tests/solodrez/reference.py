"""Slow, obviously-correct pure-Python reference for the Solodrez rules.

Written only from the rulings in ``/work/shared/rules/solodrez.md``; it is used by the
test suite to cross-check the fast engine. Standard library only.

Representation
--------------
* A card is a string: rank letter + number, e.g. ``'J1'``, ``'Q7'``, ``'P9'``; the two
  neutral (wild) cards are ``'X1'`` and ``'X2'``.
* A position is a tuple of 9 tuples of cards (columns 0..8, 0-based), each column listed
  bottom to top (first card lies on the table, last card is the only one anything can be
  placed on).
* A move is a tuple ``(src, dst, k)``: 0-based columns, ``k`` = number of cards taken from
  the top of ``src``.

Decisions where the rulings leave room (see also the module functions' docstrings):
* ``legal_moves``/``apply`` work on the position exactly as given; only ``apply`` settles
  its *result*.  Callers starting from a deal should ``settle`` it first (``verify``,
  ``perft``, ``shortest_distance`` and ``random_playout`` do).
* A move with ``src == dst`` is never a move.
* ``validate`` accepts a position containing a not-yet-removed complete series (a deal as
  dealt is such a position), and, when no real card is left, accepts the neutrals either
  present or absent.
"""

from __future__ import annotations

import itertools
from collections import Counter

NCOLS = 9
MASK64 = (1 << 64) - 1

RANK_LETTERS = "JQRBNP"  # highest first
RANK_VALUE = {"J": 6, "Q": 5, "R": 4, "B": 3, "N": 2, "P": 1}
NEUTRALS = ("X1", "X2")
REAL_CARDS = tuple(f"{r}{i}" for r in RANK_LETTERS for i in range(1, 10))
ALL_CARDS = REAL_CARDS + NEUTRALS  # the deck order before shuffling (indices 0..55)
SERIES = ("J", "Q", "R", "B", "N", "P")  # a complete series, bottom to top


# ---------------------------------------------------------------------------
# cards
# ---------------------------------------------------------------------------

def is_neutral(card: str) -> bool:
    return card[0] == "X"


def rank_of(card: str) -> int:
    """Rank of a real card: J=6 .. P=1."""
    return RANK_VALUE[card[0]]


# ---------------------------------------------------------------------------
# deal
# ---------------------------------------------------------------------------

def splitmix64(state: int):
    """Generator of splitmix64 outputs for the initial state ``state`` (rulings, step 2)."""
    s = state & MASK64
    while True:
        s = (s + 0x9E3779B97F4A7C15) & MASK64
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        yield z ^ (z >> 31)


def deal(n: int) -> tuple:
    """Deal number ``n`` exactly as the rulings specify, AS DEALT (no series removal)."""
    if not (0 <= n < 2 ** 64):
        raise ValueError(f"deal number must satisfy 0 <= n < 2^64, got {n}")
    deck = list(ALL_CARDS)
    rng = splitmix64(n)
    for i in range(55, 0, -1):
        j = next(rng) % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    cols = [[] for _ in range(NCOLS)]
    for k, card in enumerate(deck):
        cols[k % NCOLS].append(card)  # goes on top of column k mod 9
    return tuple(tuple(c) for c in cols)


# ---------------------------------------------------------------------------
# series removal / end of game
# ---------------------------------------------------------------------------

def is_complete_series(column) -> bool:
    """Exactly six real cards J Q R B N P bottom to top, nothing else."""
    return len(column) == 6 and tuple(c[0] for c in column) == SERIES


def real_card_count(pos) -> int:
    return sum(1 for col in pos for c in col if not is_neutral(c))


def settle(pos) -> tuple:
    """Remove every complete series; if then no real card is left, remove the neutrals too."""
    cols = [() if is_complete_series(col) else tuple(col) for col in pos]
    if not any(not is_neutral(c) for col in cols for c in col):
        cols = [() for _ in cols]
    return tuple(cols)


def is_won(pos) -> bool:
    """Won: no real card is left on the table."""
    return real_card_count(pos) == 0


# ---------------------------------------------------------------------------
# moves
# ---------------------------------------------------------------------------

def role_assignments(run):
    """Every tuple of roles (1..6) the run's cards can play: real cards play their own
    rank, each neutral any single rank (brute force)."""
    choices = [range(1, 7) if is_neutral(c) else (rank_of(c),) for c in run]
    return itertools.product(*choices)


def roles_ordered(roles) -> bool:
    """Each role exactly one below the one before it, every role between Pawn and Joker."""
    if not all(1 <= r <= 6 for r in roles):
        return False
    return all(roles[i + 1] == roles[i] - 1 for i in range(len(roles) - 1))


def accepts(dest_column, first_role: int) -> bool:
    """Does the destination column accept a run whose first card plays ``first_role``?"""
    if len(dest_column) == 0:
        return first_role == 6  # empty column: only a card playing Joker
    top = dest_column[-1]
    if is_neutral(top):
        return first_role <= 5  # neutral plays the rank just above: anything up to Queen
    return first_role == rank_of(top) - 1  # real card of rank t: t - 1 (none on a Pawn)


def run_is_ordered(run) -> bool:
    return any(roles_ordered(r) for r in role_assignments(run))


def run_fits(run, dest_column) -> bool:
    """Is there SOME role assignment making the run ordered AND accepted by dest?"""
    return any(roles_ordered(r) and accepts(dest_column, r[0])
               for r in role_assignments(run))


def legal_moves(pos) -> list:
    """Every legal (src, dst, k), sorted. Includes moving a whole column onto an empty one."""
    moves = []
    for src in range(NCOLS):
        col = pos[src]
        for k in range(1, len(col) + 1):
            run = col[len(col) - k:]
            for dst in range(NCOLS):
                if dst == src:
                    continue
                if run_fits(run, pos[dst]):
                    moves.append((src, dst, k))
    return sorted(moves)


def apply(pos, move) -> tuple:
    """Successor position: move the run (same order) then ``settle``.
    Raises ValueError if the move is not legal in ``pos``."""
    move = tuple(move)
    if move not in legal_moves(pos):
        raise ValueError(f"illegal move {move}: {why_illegal(pos, move)}")
    src, dst, k = move
    cols = [list(c) for c in pos]
    run = cols[src][len(cols[src]) - k:]
    del cols[src][len(cols[src]) - k:]
    cols[dst].extend(run)
    return settle(tuple(tuple(c) for c in cols))


def why_illegal(pos, move) -> str:
    """Human-readable reason why ``move`` is not legal in ``pos`` ('' if it is legal)."""
    try:
        src, dst, k = move
    except (TypeError, ValueError):
        return f"malformed move {move!r}"
    if not all(isinstance(v, int) for v in (src, dst, k)):
        return f"malformed move {move!r}"
    if not (0 <= src < NCOLS and 0 <= dst < NCOLS):
        return f"column out of range in {move!r}"
    if src == dst:
        return "source and destination are the same column"
    col = pos[src]
    if k < 1 or k > len(col):
        return f"column {src + 1} holds {len(col)} cards, cannot take {k}"
    run = col[len(col) - k:]
    if not run_is_ordered(run):
        return f"run {list(run)} from column {src + 1} is not ordered"
    if not run_fits(run, pos[dst]):
        top = pos[dst][-1] if pos[dst] else "empty column"
        return f"column {dst + 1} (top: {top}) does not accept run {list(run)}"
    return ""


# ---------------------------------------------------------------------------
# canonical key, verification, search
# ---------------------------------------------------------------------------

def canonical(pos) -> tuple:
    """Key equal for positions differing only by column order and colours:
    sorted tuple of columns, each a tuple of rank letters ('J', ..., 'P', 'X')."""
    return tuple(sorted(tuple(c[0] for c in col) for col in pos))


def verify(pos, moves) -> tuple:
    """Replay ``moves`` from ``settle(pos)``. (True, '') if every move is legal and the end
    is won, else (False, reason) naming the 1-based step number and why."""
    cur = settle(pos)
    for i, move in enumerate(moves, start=1):
        reason = why_illegal(cur, move)
        if reason == "" and tuple(move) not in legal_moves(cur):
            reason = "not in legal_moves"  # cannot happen; belt and braces
        if reason:
            return False, f"step {i}: move {move!r} is illegal: {reason}"
        cur = apply(cur, move)
    if not is_won(cur):
        return False, (f"after step {len(moves)}: position not won "
                       f"({real_card_count(cur)} real cards left)")
    return True, ""


def successors(pos):
    return [apply(pos, m) for m in legal_moves(pos)]


def perft(pos, depth: int) -> list:
    """For d = 1..depth: ``len(set of canonical keys of all positions reachable from
    settle(pos) in 0..d moves)`` -- the start position's key is always included."""
    start = settle(pos)
    seen = {canonical(start): start}
    frontier = [start]
    out = []
    for _ in range(depth):
        nxt = []
        for p in frontier:
            for q in successors(p):
                key = canonical(q)
                if key not in seen:
                    seen[key] = q
                    nxt.append(q)
        frontier = nxt
        out.append(len(seen))
    return out


def shortest_distance(pos, max_nodes: int = 2_000_000):
    """Plain level-by-level BFS over canonical keys from ``settle(pos)``.

    Returns the exact length of a shortest win (0 if already won), ``'LOST'`` if the whole
    reachable space was explored without a win, or ``None`` if storing one more distinct
    position would exceed ``max_nodes`` before the answer was known."""
    start = settle(pos)
    seen = {canonical(start)}
    level = [start]
    dist = 0
    while level:
        if any(is_won(p) for p in level):
            return dist
        nxt = []
        for p in level:
            for q in successors(p):
                key = canonical(q)
                if key not in seen:
                    if len(seen) >= max_nodes:
                        return None
                    seen.add(key)
                    nxt.append(q)
        level = nxt
        dist += 1
    return "LOST"


def random_playout(n_deal_or_pos, rng, steps: int) -> list:
    """From a deal number (int) or a position, play up to ``steps`` uniformly random legal
    moves (``rng`` is a ``random.Random``). Returns the visited positions, all settled,
    starting with the settled start position (so at most ``steps + 1`` entries); stops
    early when no move is legal."""
    if isinstance(n_deal_or_pos, int):
        cur = settle(deal(n_deal_or_pos))
    else:
        cur = settle(n_deal_or_pos)
    visited = [cur]
    for _ in range(steps):
        moves = legal_moves(cur)
        if not moves:
            break
        cur = apply(cur, rng.choice(moves))
        visited.append(cur)
    return visited


# ---------------------------------------------------------------------------
# validation
# ---------------------------------------------------------------------------

def validate(pos):
    """None if ``pos`` is a valid position ("Positions in the middle of a game"), else a
    one-line message naming the problem."""
    if not isinstance(pos, (tuple, list)) or len(pos) != NCOLS:
        return f"a position must have {NCOLS} columns"
    where = {}  # card -> list of 1-based columns
    for ci, col in enumerate(pos, start=1):
        if not isinstance(col, (tuple, list)):
            return f"column {ci} is not a sequence of cards"
        for card in col:
            if card not in ALL_CARDS:
                return f"unknown card {card!r} in column {ci}"
            where.setdefault(card, []).append(ci)
    for card in ALL_CARDS:
        cols = where.get(card, [])
        if len(cols) > 1:
            return (f"card {card} appears {len(cols)} times "
                    f"(columns {', '.join(map(str, cols))})")
    counts = Counter(card[0] for card in where if not is_neutral(card))
    per_rank = {r: counts.get(r, 0) for r in RANK_LETTERS}
    if len(set(per_rank.values())) > 1:
        # expected count: the most common count (ties: the larger one)
        freq = Counter(per_rank.values())
        expected = max(freq, key=lambda c: (freq[c], c))
        problems = []
        for r in RANK_LETTERS:
            c = per_rank[r]
            if c == expected:
                continue
            detail = f"rank {r} appears {c} times"
            if expected == 9 and c < 9:
                missing = [f"{r}{i}" for i in range(1, 10) if f"{r}{i}" not in where]
                detail += f" (missing {', '.join(missing)})"
            problems.append(detail)
        return (f"rank counts differ: {'; '.join(problems)}; "
                f"other ranks appear {expected} times")
    if real_card_count(pos) > 0:
        missing = [x for x in NEUTRALS if x not in where]
        if missing:
            return (f"neutral card{'s' if len(missing) > 1 else ''} "
                    f"{' and '.join(missing)} missing while real cards remain")
    return None
