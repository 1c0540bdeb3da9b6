"""Positions with real cards: text format, validation, and the engine kernels wrapped.

Text format: nine lines, one per column, the cards bottom to top separated by single
spaces (`J1 Q7 X2`); an empty line for an empty column; lines starting with `#` are
comments.  `str(position)` writes exactly this format and `Position.parse` reads it back.

Dealing, parsing, validating and settling are plain Python (`packing`); numpy and the
numba kernels are imported only when a position is first asked a rules question, so
`drez deal` and `drez show` start without them.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .cards import NEUTRALS, RANK_NAMES, CardError, card_digit, card_name, parse_card
from .deals import deal_columns
from .moves import IllegalMoveError, Move
from .packing import EMPTY_WORD, MAX_COLUMN, NCOLS, column_word, is_won, remove_series


class PositionError(ValueError):
    """Text that is not a Solodrez position; the message says what and where (`line` is the
    1-based line at fault, or None when the fault is the whole position)."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line


def column_words(columns) -> list[int]:
    """The words of columns of card indices (bottom card first), as Python ints."""
    return [column_word(card_digit(card) for card in col) for col in columns]


def columns_to_words(columns):
    """The engine words of columns of card indices (bottom card first): an int64 array."""
    import numpy as np
    return np.array(column_words(columns), np.int64)


def validation_error(columns) -> str | None:
    """None if the columns form a position of the rulings, else a one-line reason."""
    where: dict[int, list[int]] = {}
    for c, col in enumerate(columns):
        for card in col:
            where.setdefault(card, []).append(c + 1)
    for card, cols in sorted(where.items()):
        if len(cols) > 1:
            times = "twice" if len(cols) == 2 else f"{len(cols)} times"
            places = sorted(set(cols))
            if len(places) == 1:
                return f"{card_name(card)} appears {times}, in column {places[0]}"
            return (f"{card_name(card)} appears {times}, in columns "
                    + ", ".join(map(str, places[:-1])) + f" and {places[-1]}")
    for c, col in enumerate(columns):
        if len(col) > MAX_COLUMN:
            return f"column {c + 1} holds {len(col)} cards; no position has more than {MAX_COLUMN}"
    counts = Counter(card_digit(card) for card in where if card_digit(card))
    per_rank = {r: counts.get(r, 0) for r in range(6, 0, -1)}
    if len(set(per_rank.values())) > 1:
        common = Counter(per_rank.values()).most_common(1)[0][0]
        odd = next(r for r, n in per_rank.items() if n != common)
        usual = next(r for r, n in per_rank.items() if n == common)
        text = (f"{per_rank[odd]} {RANK_NAMES[odd]}s but {common} {RANK_NAMES[usual]}s "
                "(every rank must appear equally often)")
        if common == 9 and per_rank[odd] < 9:
            base = (6 - odd) * 9
            missing = [card_name(c) for c in range(base, base + 9) if c not in where]
            text += f"; missing: {', '.join(missing)}"
        return text
    real_left = sum(per_rank.values())
    for x in NEUTRALS:
        if real_left and x not in where:
            return f"neutral {card_name(x)} is missing (both neutrals stay until no real card is left)"
    return None


@dataclass(frozen=True)
class Position:
    """A Solodrez position: nine columns of card indices, bottom card first.

    Immutable and hashable.  Rules questions go to the numba kernels in `engine`; this
    class only keeps the real cards (colours) in step with the kernels' answers.  The
    packed engine words are made once, when first needed (not part of its value).
    """
    columns: tuple

    @property
    def _words(self):
        """The engine words (int64 array), made on first use and kept."""
        words = self.__dict__.get("_packed_words")
        if words is None:
            words = columns_to_words(self.columns)
            object.__setattr__(self, "_packed_words", words)
        return words

    @classmethod
    def _packed(cls, columns: tuple, words) -> Position:
        """The position of `columns` whose engine words are already known to be `words`."""
        pos = cls.__new__(cls)
        object.__setattr__(pos, "columns", columns)
        object.__setattr__(pos, "_packed_words", words)
        return pos

    # ---- construction -------------------------------------------------------------
    @classmethod
    def from_deal(cls, n: int, settle: bool = True) -> Position:
        """Deal n; with settle, complete series dealt in a column are removed at once."""
        pos = cls(deal_columns(n))
        return pos.settled() if settle else pos

    @classmethod
    def parse(cls, text: str, settle: bool = True) -> Position:
        """Read the text format; raises PositionError naming the bad card and line."""
        columns = []
        for lineno, line in enumerate(text.lstrip("\ufeff").splitlines(), 1):
            stripped = line.strip()
            if stripped.startswith("#"):
                continue
            if len(columns) == NCOLS:
                if stripped:
                    raise PositionError(f"line {lineno}: more than nine columns", lineno)
                continue
            col = []
            for token in stripped.split():
                try:
                    col.append(parse_card(token.upper()))
                except CardError:
                    raise PositionError(
                        f"unknown card {token[:20]!r} on line {lineno} (column {len(columns) + 1}); "
                        "cards are written like J1, Q7 or X2", lineno) from None
            columns.append(tuple(col))
        if len(columns) < NCOLS:
            raise PositionError(
                f"only {len(columns)} column lines; a position has nine (an empty line for an empty column)")
        problem = validation_error(columns)
        if problem:
            raise PositionError(problem)
        pos = cls(tuple(columns))
        return pos.settled() if settle else pos

    def __str__(self) -> str:
        return "\n".join(" ".join(card_name(c) for c in col) for col in self.columns) + "\n"

    def __repr__(self) -> str:
        return f"Position.parse({str(self)!r})"

    # ---- engine views --------------------------------------------------------------
    def words(self):
        """The engine's column words (a fresh array the caller may change)."""
        return self._words.copy()

    def key(self) -> tuple:
        """The canonical key: equal for positions equal up to column order and colours."""
        import numpy as np

        from . import keys
        key = np.zeros(keys.KEY_WORDS, np.int64)
        keys.canonical_key(self._words, np.empty(NCOLS, np.int64), key)
        return tuple(int(v) for v in key)

    def is_won(self) -> bool:
        """No real card left on the table."""
        from . import engine
        return bool(engine.is_won(self._words))

    def card_count(self) -> int:
        return sum(len(col) for col in self.columns)

    def lower_bound(self) -> int:
        """Admissible estimate of the moves still needed (see engine.lower_bound)."""
        from . import engine
        return int(engine.lower_bound(self._words))

    def settled(self) -> Position:
        """This position with complete series removed (and neutrals, once won): plain
        Python, the rules engine.remove_series and engine.is_won are compiled from."""
        words = column_words(self.columns)
        remove_series(words)
        after = _after(self.columns, words, is_won(words))
        return self if after == self.columns else Position(after)

    def legal_moves(self, prune: bool = False) -> list[Move]:
        """Every legal move (0-based columns inside Move), in generation order."""
        import numpy as np

        from . import engine
        out = np.empty(engine.MAX_MOVES, np.int64)
        n = engine.generate_moves(self._words, out, prune)
        return Move.unpack_all(out[:n].tolist())

    def play(self, move: Move) -> Position:
        """The position after a legal move (series removed); IllegalMoveError if illegal."""
        if move not in self.legal_moves():
            raise IllegalMoveError(f"move {move} is not legal here")
        from . import engine
        words = self.words()
        engine.apply_move(words, move.pack())
        s, d, k = move.src, move.dst, move.cards
        cols = list(self.columns)
        cols[d] = cols[d] + cols[s][len(cols[s]) - k:]
        cols[s] = cols[s][:len(cols[s]) - k]
        won = bool(engine.is_won(words))
        after = _after(tuple(cols), words, won)
        return Position(after) if won else Position._packed(after, words)


def _after(columns: tuple, words, won: bool) -> tuple:
    """The columns once their words became `words` (series removed by the rules): the
    real cards of the columns emptied are dropped, and the table is cleared once won."""
    if won:
        return tuple(() for _ in range(NCOLS))
    return tuple(() if w == EMPTY_WORD else col for w, col in zip(words, columns))
