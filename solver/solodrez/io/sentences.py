"""The sentences the front ends say about results: a solve's verdict line, a hint's lines,
a review's lines (the web app's summary of a review is the last), and the words for a
limit; `drez play` and the web app's pages say the same."""
from __future__ import annotations

from ..hints import Hint
from ..rules.moves import Move, move_text
from ..rules.position import Position
from ..search.solve import LOST, WON
from ..search.status import Limit

_LIMITS = {
    Limit.NODES: "it reached the position limit, --max-nodes",
    Limit.TIME: "it reached the time limit, --max-seconds",
    Limit.MEMORY: "it reached the memory limit, --max-memory",
    Limit.CANCELLED: "you cancelled it",
    Limit.LENGTH: "it reached the solution-length limit",
    Limit.UNPROVEN: "it ended without proving the win shortest",
}


def plural(n: int, noun: str) -> str:
    """'1 move', '2 moves' (the last word of noun takes the s)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def limit_words(limit: Limit | None) -> str:
    """What a Result/Hint.limit value means, for people."""
    if limit is None:
        return "no limit was hit"
    return _LIMITS.get(limit, f"it reached the {limit} limit")


def describe_hint(h: Hint) -> str:
    """A short status: 'wins in 12', 'wins in <=14 (>=10, not proven)', 'LOST', ..."""
    if h.verdict == WON:
        if h.distance is not None:
            return "won" if h.distance == 0 else f"wins in {h.distance}"
        return f"wins in at most {h.at_most} (at least {h.at_least}; not proven shortest)"
    if h.verdict == LOST:
        return "LOST"
    return "UNKNOWN (limit reached)"


def describe(result) -> str:
    """The verdict line for people."""
    if result.verdict == WON:
        kind = "proven shortest" if result.optimal else "not proven shortest"
        if result.lower_bound is not None and not result.optimal:
            kind += f"; at least {result.lower_bound}"
        return f"WON in {result.length} move{'s' if result.length != 1 else ''} ({kind})"
    if result.verdict == LOST:
        return (f"LOST: no sequence of moves wins (all {plural(result.nodes, 'reachable position')}"
                " searched)")
    bound = f"; a win needs at least {result.lower_bound} moves" if result.lower_bound else ""
    return (f"UNKNOWN: the search stopped ({limit_words(result.limit)}) after "
            f"{plural(result.nodes, 'position')}{bound}")


def review_lines(rv) -> list[str]:
    """A review for people: a line per move (a losing or slow move noted), the first
    losing move, and the summary line last."""
    out = [f"{rv.record.label}: {describe_hint(rv.start)}"]
    pos = rv.record.start
    first_losing = None
    for s in rv.steps:
        legal = pos.legal_moves()
        note = ""
        if s.losing:
            note = f"  <- LOSING MOVE; play {move_text(legal, s.best)} instead"
            if first_losing is None:
                why = (f"wins in {s.before.distance}" if s.before.distance is not None
                       else "it keeps the game winnable")
                first_losing = (f"first losing move: {s.number}. {move_text(legal, s.move)} "
                                f"(line {s.line}); play {move_text(legal, s.best)} instead ({why})")
        elif s.slow:
            note = (f"  <- slow, costs {plural(s.cost, 'move')}; "
                    f"{move_text(legal, s.best)} wins in {s.before.distance}")
        out.append(f"{s.number:3}. {move_text(legal, s.move):7} (line {s.line}) "
                   f"{describe_hint(s.before)} -> {describe_hint(s.after)}{note}")
        pos = pos.play(s.move)
    played = len(rv.steps)
    if first_losing:
        out.append(first_losing)
    if rv.end_position.is_won():
        end = "the game was won"
    elif rv.end.verdict == LOST:
        end = f"the game ends {rv.end.blocked.describe()}"    # "... ends lost: why"
    else:
        end = f"the game is unfinished: {describe_hint(rv.end)}"
    opt = rv.start.distance
    opt_text = f"the optimum from the start is {opt}" if opt is not None else (
        "the start is lost" if rv.start.verdict == LOST else "the optimum is not proven")
    out.append(f"summary: {plural(played, 'move')} played, {opt_text}; "
               f"{plural(len(rv.mistakes), 'losing move')}, {len(rv.slow_moves)} slow; {end}")
    return out


def hint_lines(pos: Position, h) -> list[str]:
    """The hint for people, without the board; a limit that stopped it is named."""
    if h.verdict == WON and h.move is None:
        return ["the game is won"]
    if h.verdict == WON:
        text = move_text(pos.legal_moves(), h.move)
        if h.distance is not None:
            left = h.distance - 1
            return [f"play {text}: then {plural(left, 'more move')} "
                    f"{'wins' if left == 1 else 'win'} "
                    f"with best play ({h.distance} counting this one, proven shortest)"]
        return [f"play {text}: it keeps the game winnable; a win takes at most {h.at_most} "
                f"moves counting it (at least {h.at_least}), not proven shortest: "
                f"the shortest-solution search stopped ({limit_words(h.limit)})"]
    if h.verdict == LOST:
        return [h.blocked.describe()]
    bound = f"; a win needs at least {h.at_least} moves" if h.at_least else ""
    return [f"UNKNOWN: the search stopped ({limit_words(h.limit)}) after "
            f"{plural(h.nodes, 'position')}{bound}"]


def removed_series(before: Position, move: Move, after: Position) -> list[int]:
    """The columns (1-9) whose complete series the move removed: a column that should hold
    cards after the move and is empty (none when the move won the game: then every card
    left the table)."""
    if after.is_won():
        return []
    counts = [len(c) for c in before.columns]
    counts[move.src] -= move.cards
    counts[move.dst] += move.cards
    return [c + 1 for c in range(len(counts)) if counts[c] and not after.columns[c]]


def series_words(columns: list[int]) -> str:
    """'the series in column 7 is removed', '' when none."""
    if not columns:
        return ""
    if len(columns) == 1:
        return f"the series in column {columns[0]} is removed"
    return "the series in columns " + " and ".join(map(str, columns)) + " are removed"


def move_said(before: Position, move: Move, after: Position) -> str:
    """'3 cards from column 4 onto column 7; the series in column 7 is removed'."""
    text = f"{plural(move.cards, 'card')} from column {move.src + 1} onto column {move.dst + 1}"
    gone = series_words(removed_series(before, move, after))
    if gone:
        text += f"; {gone}"
    if after.is_won():
        text += "; the game is won"
    return text


def status_words(h: Hint) -> str:
    """The status `drez play` says after a move, from a short verdict search: 'still
    winnable (a win in at most 31)', 'lost: ...', or 'unknown: ...'."""
    if h.verdict == WON:
        if h.distance is not None:
            return f"still winnable (a win in {h.distance}, the shortest)"
        return f"still winnable (a win in at most {h.at_most})"
    if h.verdict == LOST:
        return h.blocked.describe()
    return "unknown: no verdict within a second (hint searches longer)"
