"""`drez hint`, `drez review`, `drez play`: advice on a position, a game, and a live game."""
from __future__ import annotations

import json
import os
import sys

import click
from tqdm import tqdm

from cli.inputs import BadInput, load_position, read_text
from cli.limits import limit_options, limits_from
from cli.picture_out import write_review_html
from cli.render import draw
from solver.blocks import blocked, static_block
from solver.hints import all_moves, hint as make_hint
from solver.jit import ensure_compiled
from solver.moves import MoveError, move_text, resolve_move
from solver.position import Position
from solver.review import RecordError, describe_hint, format_record, parse_record, review as run_review
from solver.solve import LOST, WON, Limits, solve

EXIT_UNKNOWN = 3


def _use_color(color):
    return sys.stdout.isatty() if color is None else color


def _color_option(f):
    return click.option("--color/--no-color", default=None,
                        help="Colour the cards (default: only on a terminal).")(f)


def hint_lines(pos: Position, h) -> list[str]:
    """The hint for people, without the board."""
    if h.verdict == WON and h.move is None:
        return ["the game is won"]
    if h.verdict == WON:
        text = move_text(pos.legal_moves(), h.move)
        if h.distance is not None:
            left = h.distance - 1
            return [f"play {text}: then {left} more move{'s' if left != 1 else ''} win "
                    f"with best play ({h.distance} counting this one, proven shortest)"]
        return [f"play {text}: it keeps the game winnable; a win takes at most {h.at_most} "
                f"moves counting it (at least {h.at_least}), not proven shortest: "
                "the shortest-solution search hit a limit (raise --max-nodes/--max-seconds)"]
    if h.verdict == LOST:
        return [f"LOST: {h.blocked.describe()}"]
    bound = f"; a win needs at least {h.at_least} moves" if h.at_least else ""
    return [f"UNKNOWN: the {h.limit} limit was reached after {h.nodes} positions{bound}"]


@click.command()
@click.argument("source", metavar="DEAL|FILE")
@click.option("--all", "show_all", is_flag=True,
              help="List every legal move with its result (distance to a win, or loses).")
@click.option("--json", "as_json", is_flag=True, help="Print the hint as one JSON object.")
@_color_option
@limit_options
def hint(source, show_all, as_json, color, max_nodes, max_seconds, max_memory):
    """The next move of a shortest solution for a deal or position FILE ('-' for stdin),
    how many moves remain with best play, and the position after that move.

    When the shortest-solution search hits a limit but a win is known, the move given
    keeps the game winnable and the distance is reported as not proven (JSON distance
    null, with at_most/at_least).  Limits apply to each search.

    Exit status: 0 for a proven hint (or a proven LOST), 3 when a limit left the verdict
    or the distance unproven, 2 for bad input.
    """
    ensure_compiled()
    pos, label = load_position(source)
    limits = limits_from(max_nodes, max_seconds, max_memory)
    h = make_hint(pos, limits)
    results = all_moves(pos, limits) if show_all else None
    if as_json:
        out = h.json()
        if results is not None:
            out["all"] = [r.json() for r in results]
        click.echo(json.dumps(out))
    else:
        click.echo(f"{label}: " + "\n".join(hint_lines(pos, h)))
        if h.after is not None:
            use = _use_color(color)
            click.echo(f"after {move_text(pos.legal_moves(), h.move)}:")
            click.echo(draw(h.after, use), color=use)
        if results is not None:
            legal = pos.legal_moves()
            if not results:
                click.echo("no legal move")
            for r in results:
                text = move_text(legal, r.move)
                if r.loses:
                    what = "loses"
                elif r.distance is not None:
                    what = f"wins in {r.distance}"
                elif r.hint.verdict == WON:
                    what = f"wins in at most {r.hint.at_most + 1} (not proven shortest)"
                else:
                    what = "unknown (limit reached)"
                click.echo(f"  {text:7} {what}")
    if not h.proven or (results and any(not r.hint.proven for r in results)):
        raise SystemExit(EXIT_UNKNOWN)


@click.command()
@click.argument("source", metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print the review as one JSON object.")
@click.option("--html", "html_path", type=click.Path(dir_okay=False), default=None,
              help="Also write a self-contained HTML step-through of the game, mistakes noted.")
@limit_options
def review(source, as_json, html_path, max_nodes, max_seconds, max_memory):
    """Replay the game record FILE ('-' for stdin) and judge every move.

    A record starts with 'deal N' or 'position' (nine column lines follow) or
    'position PATH', then one move per line; '#' starts a comment.  For each move:
    the distance to a win with best play before and after it, and the losing move (the
    one that turned a winnable position into a lost one) with the move to play instead.

    Exit status: 0 when reviewed, 2 for an unreadable record or an illegal move (its
    line is named), 3 when a limit left some position undecided.
    """
    ensure_compiled()
    text = read_text(source)
    base = os.path.dirname(source) if source != "-" else "."
    try:
        record = parse_record(text, base)
    except RecordError as e:
        raise BadInput(f"{'standard input' if source == '-' else source}: {e}") from None
    limits = limits_from(max_nodes, max_seconds, max_memory)
    with tqdm(total=len(record.moves) + 1, desc="review", unit="pos", file=sys.stderr,
              disable=None, leave=False) as bar:
        rv = run_review(record, limits, progress=lambda: bar.update(1))
    if html_path:
        write_review_html(html_path, rv, review_lines(rv)[-1])
    if as_json:
        click.echo(json.dumps(_review_json(rv)))
    else:
        for line in review_lines(rv):
            click.echo(line)
    if any(not s.after.proven for s in rv.steps) or not rv.start.proven:
        raise SystemExit(EXIT_UNKNOWN)


def _review_json(rv) -> dict:
    return {"start": rv.record.label, "start_hint": rv.start.json(),
            "moves": [{"number": s.number, "line": s.line, "move": s.move.json(),
                       "before": s.before.verdict, "after": s.after.verdict,
                       "distance_before": s.before.distance, "distance_after": s.after.distance,
                       "losing": s.losing, "slow": s.slow,
                       "best": s.best.json() if s.best else None} for s in rv.steps],
            "played": len(rv.steps), "optimum": rv.start.distance,
            "mistakes": len(rv.mistakes), "slow": len(rv.slow_moves),
            "end": rv.end.verdict if not rv.end_position.is_won() else "won"}


def review_lines(rv) -> list[str]:
    out = [f"{rv.record.label}: {describe_hint(rv.start)}"]
    pos = rv.record.start
    for s in rv.steps:
        legal = pos.legal_moves()
        note = ""
        if s.losing:
            note = f"  <- LOSING MOVE; play {move_text(legal, s.best)} instead"
        elif s.slow:
            note = f"  <- slow; {move_text(legal, s.best)} wins in {s.before.distance}"
        out.append(f"{s.number:3}. {move_text(legal, s.move):7} (line {s.line}) "
                   f"{describe_hint(s.before)} -> {describe_hint(s.after)}{note}")
        pos = pos.play(s.move)
    played = len(rv.steps)
    if rv.end_position.is_won():
        end = "the game was won"
    elif rv.end.verdict == LOST:
        end = f"the game ends lost: {rv.end.blocked.describe()}"
    else:
        end = f"the game is unfinished: {describe_hint(rv.end)}"
    opt = rv.start.distance
    opt_text = f"the optimum from the start is {opt}" if opt is not None else (
        "the start is lost" if rv.start.verdict == LOST else "the optimum is not proven")
    out.append(f"summary: {played} moves played, {opt_text}; {len(rv.mistakes)} losing "
               f"move{'s' if len(rv.mistakes) != 1 else ''}, {len(rv.slow_moves)} slow; {end}")
    return out


# ---- play --------------------------------------------------------------------------------

PLAY_HELP = "moves like 4>7 or 4>7:3; undo, hint, solve, save FILE, board, help, quit"


def _quick_block(pos: Position):
    """A block shown during play: no moves, a small reachable set, or a static detector;
    then a short verdict search (2 s) so most lost positions are announced at once."""
    b = blocked(pos)
    if b is not None:
        return b
    found = static_block(pos)
    r = solve(pos, Limits(max_seconds=2.0, max_memory=1 << 27))
    if r.verdict == LOST:
        return blocked(pos, searched=r.nodes)
    if found:  # a limit stopped the search, but the detector's proof stands
        from solver.blocks import STUCK, Block
        return Block(STUCK, 0, found[1])
    return None


@click.command()
@click.argument("source", metavar="DEAL|FILE")
@_color_option
@limit_options
def play(source, color, max_nodes, max_seconds, max_memory):
    """Play a deal or a position FILE in the terminal, one command a line.

    Commands: a move (4>7, or 4>7:3 to name the card count), undo, hint, solve (the rest
    of a shortest solution), save FILE (a game record `drez review` reads), board,
    help, quit.  Won and blocked positions are announced as they happen.  Reads piped
    input too; the game ends at the end of the input.
    """
    ensure_compiled()
    pos, label = load_position(source)
    start_text = label if label.startswith("deal ") else str(pos)
    limits = limits_from(max_nodes, max_seconds, max_memory)
    use = _use_color(color)
    history: list[tuple[Position, str]] = []   # (position before, move text)
    stdin = sys.stdin

    def show():
        click.echo(draw(pos, use), color=use)

    def announce():
        if pos.is_won():
            click.echo(f"WON in {len(history)} moves!")
            return
        b = _quick_block(pos)
        if b is not None:
            click.echo(f"{b.describe()}. Type undo to take moves back, or quit.")

    click.echo(f"{label}. Type {PLAY_HELP}.")
    show()
    announce()
    while True:
        click.echo("> ", nl=False)
        line = stdin.readline()
        if not line:
            click.echo()
            break
        cmd = line.split("#", 1)[0].strip()
        if not cmd:
            continue
        word, _, arg = cmd.partition(" ")
        arg = arg.strip()
        if word in ("quit", "exit", "q"):
            break
        if word in ("help", "?"):
            click.echo(PLAY_HELP)
        elif word == "board":
            show()
        elif word == "undo":
            if not history:
                click.echo("nothing to undo")
                continue
            pos, _ = history.pop()
            show()
        elif word == "hint":
            h = make_hint(pos, limits)
            click.echo("\n".join(hint_lines(pos, h)))
        elif word == "solve":
            r = solve(pos, limits, want_optimal=True)
            if r.verdict == WON:
                cur, texts = pos, []
                for m in r.moves:
                    texts.append(move_text(cur.legal_moves(), m))
                    cur = cur.play(m)
                kind = "shortest" if r.optimal else "not proven shortest"
                click.echo(f"{len(texts)} moves win ({kind}): " + " ".join(texts)
                           if texts else "the game is won")
            elif r.verdict == LOST:
                click.echo("LOST: no sequence of moves wins from here")
            else:
                click.echo(f"UNKNOWN: the {r.limit} limit was reached")
        elif word == "save":
            if not arg:
                click.echo("save needs a file name: save FILE")
                continue
            text = format_record(start_text, [t for _, t in history])
            try:
                with open(arg, "w", encoding="utf-8") as f:
                    f.write(text)
            except OSError as e:
                click.echo(f"cannot write {arg}: {e.strerror}")
                continue
            click.echo(f"saved {len(history)} moves to {arg}")
        else:
            try:
                move = resolve_move(pos.legal_moves(), cmd)
            except MoveError as e:
                click.echo(f"{e}" if "is not a move" not in str(e)
                           else f"{e}; commands: {PLAY_HELP}")
                continue
            history.append((pos, move_text(pos.legal_moves(), move)))
            pos = pos.play(move)
            show()
            announce()


COMMANDS = (hint, review, play)
