"""`drez hint`, `drez review`, `drez play`: advice on a position, a game, and a live game."""
from __future__ import annotations

import os
import sys

import click
from tqdm import tqdm

from drez.cli.solodrez.inputs import load_position, read_record, read_text
from drez.cli.solodrez.jsonout import echo_json
from drez.cli.solodrez.limits import default_seconds, limit_options, limits_from
from drez.cli.solodrez.pictures import write_review_html
from drez.cli.solodrez.render import draw, use_color
from drez.solver.solodrez.hints import DEFAULT_HINT_SECONDS, hint, hint_all
from drez.solver.solodrez.io.jsonout import (
    deal_difficulty,
    hint_json,
    move_result_json,
    review_json,
    with_difficulty,
)
from drez.solver.solodrez.io.sentences import hint_lines, limit_words, review_lines
from drez.solver.solodrez.kernels import ensure_compiled
from drez.solver.solodrez.review import review
from drez.solver.solodrez.rules.moves import move_text
from drez.solver.solodrez.search.solve import WON

EXIT_UNKNOWN = 3


def _color_option(f):
    return click.option("--color/--no-color", default=None,
                        help="Colour the cards (default: only on a terminal, and not with "
                             "NO_COLOR).")(f)


@click.command("hint")
@click.argument("source", metavar="DEAL|FILE")
@click.option("--all", "show_all", is_flag=True,
              help="List every legal move with its result (distance to a win, or loses).")
@click.option("--json", "as_json", is_flag=True, help="Print the hint as one JSON object.")
@_color_option
@default_seconds(DEFAULT_HINT_SECONDS)
@limit_options
def hint_command(source, show_all, as_json, color, max_nodes, max_seconds, max_memory):
    """The next move of a shortest solution for a deal or position FILE ('-' for stdin),
    how many moves remain with best play, and the position after that move.

    When the shortest-solution search hits a limit but a win is known, the move given
    keeps the game winnable and the distance is reported as not proven (JSON distance
    null, with length and lower_bound).  --max-seconds is the budget of the whole hint, --all
    included (the list shares it; the recommended move is the best the list shows).

    Exit status: 0 for a proven hint (or a proven LOST), 3 when a limit left the verdict
    or the distance unproven, 2 for bad input.
    """
    ensure_compiled()
    pos, label = load_position(source)
    limits = limits_from(max_nodes, max_seconds, max_memory)
    if show_all:
        h, results = hint_all(pos, limits)
    else:
        h, results = hint(pos, limits), None
    if as_json:
        out = hint_json(label, h)
        if results is not None:
            out["all"] = [move_result_json(r) for r in results]
        echo_json(with_difficulty(label, out))
    else:
        click.echo(f"{label}: " + "\n".join(hint_lines(pos, h)))
        grade = deal_difficulty(label)
        if grade is not None:
            click.echo(f"difficulty: {grade['why']}")
        if h.after is not None:
            use = use_color(color)
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
                    what = f"wins in at most {r.at_most} (not proven shortest)"
                else:
                    what = f"unknown ({limit_words(r.hint.limit)})"
                click.echo(f"  {text:7} {what}")
    if not h.proven or (results and any(not r.hint.proven for r in results)):
        raise SystemExit(EXIT_UNKNOWN)


@click.command("review")
@click.argument("source", metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print the review as one JSON object.")
@click.option("--html", "html_path", type=click.Path(dir_okay=False), default=None,
              help="Also write a self-contained HTML step-through of the game, mistakes noted.")
@default_seconds(DEFAULT_HINT_SECONDS)
@limit_options
def review_command(source, as_json, html_path, max_nodes, max_seconds, max_memory):
    """Replay the game record FILE ('-' for stdin) and judge every move.

    A record starts with 'deal N' or 'position' (nine column lines follow) or
    'position PATH', then one move per line; '#' starts a comment.  For each move:
    the distance to a win with best play before and after it, how many moves it cost
    against best play, and the losing move (the one that turned a winnable position into
    a lost one) with the move to play instead.  --max-seconds applies to each position.

    Exit status: 0 when reviewed, 2 for an unreadable record or an illegal move (its
    line is named), 3 when a limit left some position undecided.
    """
    ensure_compiled()
    text = read_text(source)
    base = os.path.dirname(source) if source != "-" else "."
    record = read_record(text, "standard input" if source == "-" else source, base)
    limits = limits_from(max_nodes, max_seconds, max_memory)
    with tqdm(total=len(record.moves) + 1, desc="review", unit="pos", file=sys.stderr,
              disable=None, leave=False) as bar:
        rv = review(record, limits, progress=lambda: bar.update(1))
    if html_path:
        write_review_html(html_path, rv, review_lines(rv)[-1])
    if as_json:
        echo_json(review_json(rv))
    else:
        for line in review_lines(rv):
            click.echo(line)
    if any(not s.after.proven for s in rv.steps) or not rv.start.proven:
        raise SystemExit(EXIT_UNKNOWN)


COMMANDS = (hint_command, review_command)
