"""The search player: plans its whole turn with a depth-first search over the visible cards.

The search runs on ``GameState.from_view(view)``, where face-down cards are HIDDEN.  A line
of play ends at the turn-ending move, or at a move that turns up a face-down card (the first-pile or
second-pile card underneath); there the card is unknown, so the position is valued as the
mean over a few cards sampled from the unseen ones (``view.unknown()``), each followed by the
home-pile moves it allows.  Home-pile moves are played first whenever one exists (they only
ever help the mover), which keeps the tree small.  The best line is followed move by move
and the turn is planned again once a card is turned up.

A *tidy* search (issue 39; the reply player uses it) does not shuffle cards between work
spaces for nothing: positions whose work spaces differ only in order are one position
(``position_key``), a work-space-to-work-space move that enables no new move is not tried
(``enables_something``), no line makes more than ``MAX_SHUFFLES`` such moves in a row
(counting those already made this turn) without a move that gets a card off the table or
out of the mover's piles, among lines of equal value the shortest is played, and the line
chosen is cut short where a card makes a detour between work spaces (``shortcut``).  Since
those other moves are bounded in number, so is a tidy turn.
"""
from __future__ import annotations

import random

from drez.solver.crapette.cards import HIDDEN
from drez.solver.crapette.piles import WORK, Move, flip_move, reserve, stock, waste
from drez.solver.crapette.rules import home_wants, load_accepts
from drez.solver.crapette.state import GameState
from drez.solver.crapette.view import PlayerView

WIN = 10_000.0
MAX_SHUFFLES = 3    # tidy: work-to-work moves in a row (digging a card out of a work space)
TIE = 1e-9          # values closer than this are equal (sampled values are float means)


def position_key(state: GameState) -> tuple:
    """The table as a hashable value in which the order of the eight work spaces, and of the
    eight home piles, does not count: every work space and home pile is open to both players
    (C5, C6), so tables that differ only in that order offer the same play."""
    piles = state.piles
    return (tuple(sorted(map(tuple, piles[:8]))), tuple(sorted(map(tuple, piles[8:16]))),
            *map(tuple, piles[16:]))


def is_shuffle(m: Move) -> bool:
    """A move from a work space to a work space."""
    return m.src in WORK and m.dst in WORK


def enables_something(state: GameState, m: Move) -> bool:
    """For a work-space-to-work-space move ``m`` just made in ``state``: True when the
    uncovered card (or the emptied space) gives the player a legal move that was not there
    before, other than putting the card back; always True for other moves.

    Only pile ``m.src`` changed its top (the moved card is still a top, now on ``m.dst``), so
    the new moves are those from ``m.src`` and those onto it, less the move back."""
    if m.src not in WORK or m.dst not in WORK:
        return True
    back = (m.dst, m.src)
    return any((x.src == m.src or x.dst == m.src) and tuple(x) != back
               for x in state.legal_moves()[:-1])


def _ends_at(state: GameState, line: list[Move], want: tuple) -> bool:
    """True when every move of ``line`` is legal in turn from ``state`` and the table it
    leads to has key ``want`` (``position_key`` and the player to move); ``state`` is left
    as it was."""
    n, ok = 0, True
    for m in line:
        if state.result is not None or state.check(m) is not None:
            ok = False
            break
        state.do(m)
        n += 1
    ok = ok and (position_key(state), state.to_move) == want
    for _ in range(n):
        state.undo()
    return ok


def shortcut(state: GameState, line: list[Move]) -> list[Move]:
    """``line`` (legal from ``state``) with detours cut: when a card goes from one work space
    to another and later moves on, it goes straight from the first to its next place instead
    (or stays, if it came back), whenever the shorter line is legal and leads to the same
    table.  The result has no more moves than ``line`` and ends where it ends."""
    n = 0
    cards = []
    for m in line:
        cards.append(state.piles[m.src][-1] if m.src >= 0 and state.piles[m.src] else None)
        state.do(m)
        n += 1
    want = (position_key(state), state.to_move)
    for _ in range(n):
        state.undo()
    changed = True
    while changed:
        changed = False
        for i, m in enumerate(line):
            if not is_shuffle(m):
                continue
            j = next((j for j in range(i + 1, len(line)) if cards[j] == cards[i]), None)
            if j is None or line[j].src not in WORK:
                continue
            direct = Move(m.src, line[j].dst)
            middle = line[i + 1:j]
            if direct.dst == m.src:
                cand = line[:i] + middle + line[j + 1:]
                cand_cards = cards[:i] + cards[i + 1:j] + cards[j + 1:]
            else:
                cand = line[:i] + middle + [direct] + line[j + 1:]
                cand_cards = cards[:i] + cards[i + 1:]
            if cand and _ends_at(state, cand, want):
                line, cards, changed = cand, cand_cards, True
                break
    return line


def burden(state: GameState, q: int) -> float:
    """Cards player q still has to get rid of, second-pile cards counting double."""
    piles = state.piles
    return 2 * len(piles[reserve(q)]) + len(piles[stock(q)]) + len(piles[waste(q)])


def evaluate(state: GameState, p: int) -> float:
    """Value for player p of a position where p's turn is over (higher is better for p).

    Card balance (``burden``), minus half a point for each chance p leaves the opponent at
    once: one of their visible pile tops that could go to a home pile or onto p's piles.
    """
    if state.result is not None:
        w = state.result.winner
        return 0.0 if w is None else (WIN if w == p else -WIN)
    o = 1 - p
    piles = state.piles
    v = burden(state, o) - burden(state, p)
    targets = [piles[t][-1] for t in (reserve(p), waste(p)) if piles[t] and piles[t][-1] >= 0]
    empty, want = home_wants(piles)
    for src in (reserve(o), stock(o)):
        if piles[src] and piles[src][-1] >= 0:
            c = piles[src][-1]
            if (c % 52 in want) if c % 13 else empty is not None:
                v -= 0.5
            v -= 0.5 * sum(1 for t in targets if load_accepts(t, c))
    return v


class SearchBot:
    """Depth-first search over the moves of its own turn (see module docstring); the
    reply-search player (reply.py) builds on it.

    ``nodes`` bounds the positions expanded per plan; ``samples`` is how many unseen cards
    stand in for a card that a move would turn up.
    """
    name = "search"

    def __init__(self, nodes: int = 250, samples: int = 3, tidy: bool = False):
        self.nodes = nodes
        self.samples = samples
        self.tidy = tidy
        self._plan: list[Move] = []
        self._expect: tuple | None = None
        self._shuffled = 0          # work-to-work moves in a row just made this turn

    def _made(self, view: PlayerView, m: Move) -> None:
        """Count the work-to-work moves in a row made this turn (``MAX_SHUFFLES``)."""
        if view.moves_in_turn == 0:
            self._shuffled = 0
        self._shuffled = self._shuffled + 1 if is_shuffle(m) else 0

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """First move of the best line found for the rest of this turn (always legal)."""
        state = GameState.from_view(view)
        key = state.key()
        if self._plan and key == self._expect:
            m = self._plan.pop(0)
        else:
            self._plan = self.plan(state, view.unknown(), rng, shuffled=self._shuffled_now(view))
            m = self._plan.pop(0)
        self._made(view, m)
        state.do(m)
        self._expect = state.key() if self._plan and state.to_move == view.me else None
        return m

    def _shuffled_now(self, view: PlayerView) -> int:
        return 0 if view.moves_in_turn == 0 else self._shuffled

    def plan(self, state: GameState, unknown: list[int], rng: random.Random,
             seen: frozenset | set = frozenset(), shuffled: int = 0) -> list[Move]:
        """Best line (non-empty list of legal moves) for the player to move, by ``evaluate``.

        No line passes through a position in ``seen`` (keys of ``self.key``) or repeats one;
        ``shuffled`` is how many work-to-work moves in a row the turn has just made (tidy)."""
        self._p = state.to_move
        self._unknown = unknown
        self._rng = rng
        self._budget = self.nodes
        self._seen: set = set(seen)
        if self.tidy:
            self._seen.add(self.key(state))
        _, line = self._dfs(state, shuffled)
        return shortcut(state, line) if self.tidy else line

    def key(self, state: GameState) -> tuple:
        """The key under which the search counts a position as seen: ``position_key`` when
        tidy, else the exact table."""
        return position_key(state) if self.tidy else state.key()

    def _better(self, v: float, line: list, best_v: float | None, best_line: list | None) -> bool:
        if best_v is None or v > best_v + (TIE if self.tidy else 0.0):
            return True
        return self.tidy and v >= best_v - TIE and len(line) < len(best_line)

    def _dfs(self, state: GameState, shuffled: int = 0) -> tuple[float, list[Move]]:
        p = self._p
        home = state.first_home_move()
        if home is not None:
            moves, end = [home], state.turn_end_move()
        else:
            moves = state.legal_moves()
            end = moves[-1]
        best_v, best_line = None, None
        if home is None and end != flip_move(p):
            state.do(end)
            best_v, best_line = self._value(state), [end]
            state.undo()
            moves = moves[:-1]
        self._budget -= 1
        tidy = self.tidy
        for m in moves:
            if self._budget <= 0 and best_line is not None:
                break
            shuffle = is_shuffle(m)
            if tidy and shuffle and shuffled >= MAX_SHUFFLES:
                continue
            reveals = m.src in (stock(p), reserve(p)) and len(state.piles[m.src]) > 1 \
                and state.piles[m.src][-2] == HIDDEN
            state.do(m)
            if state.result is not None or state.to_move != p:
                v, line = self._value(state), [m]
            elif reveals:
                v, line = self._sampled(state, m.src), [m]
            else:
                k = self.key(state)
                if k in self._seen or (tidy and shuffle and not enables_something(state, m)):
                    state.undo()
                    continue
                self._seen.add(k)
                v, rest = self._dfs(state, shuffled + 1 if shuffle else 0)
                line = [m] + rest
            state.undo()
            if self._better(v, line, best_v, best_line):
                best_v, best_line = v, line
        if best_line is None:          # only repeated positions: end the turn
            return self._end_value(state), [end]
        return best_v, best_line

    def _value(self, state: GameState) -> float:
        """Value of a position where the planner's turn is over (``evaluate``)."""
        return evaluate(state, self._p)

    def _end_value(self, state: GameState) -> float:
        n = 0
        while state.to_move == self._p and state.result is None:
            state.do(state.turn_end_move())
            n += 1
        v = self._value(state)
        for _ in range(n):
            state.undo()
        return v

    def _sampled(self, state: GameState, src: int) -> float:
        """Mean value over sampled cards for the HIDDEN card now on top of pile ``src``."""
        pile = state.piles[src]
        total = 0.0
        pool = self._pool(src)
        picks = self._rng.sample(pool, min(self.samples, len(pool)))
        for card in picks:
            pile[-1] = card
            n = 0
            while state.result is None:
                m = state.first_home_move()
                if m is None:
                    break
                state.do(m)
                n += 1
            total += self._end_value(state)
            for _ in range(n):
                state.undo()
        pile[-1] = HIDDEN
        return total / len(picks) if picks else self._end_value(state)

    def _pool(self, src: int) -> list[int]:
        """The unseen cards that may stand for a face-down card of pile ``src``."""
        return self._unknown
