"""`drez deal`, `drez show`, `drez moves`, `drez apply`: positions and moves.

`deal` and `show` need no kernel, so this module imports none: `moves` and `apply` import
`ensure_compiled` when they run.
"""
from __future__ import annotations

import click

from drez.cli.solodrez.inputs import BadInput, load_position, parse_deal_number, pick_deal, play_moves
from drez.cli.solodrez.jsonout import echo_json
from drez.cli.solodrez.pictures import write_position_pictures
from drez.cli.solodrez.render import draw, use_color
from drez.solver.solodrez.io.jsonout import applied_json, moves_json
from drez.solver.solodrez.io.pick import PICK_DIFFICULTIES
from drez.solver.solodrez.rules.moves import move_text
from drez.solver.solodrez.rules.position import Position


@click.command()
@click.argument("number", required=False)
@click.option("--pick", is_flag=True,
              help="Print a deal number from the deal index instead (see --difficulty).")
@click.option("--difficulty", type=click.Choice(PICK_DIFFICULTIES), default=None,
              help="With --pick: a deal of this difficulty.")
@click.option("--winnable", is_flag=True, help="With --pick: a deal proven winnable.")
@click.option("--seed", type=int, default=None, help="With --pick: reproducible choice.")
@click.option("--index", "index_path", default=None, type=click.Path(dir_okay=False),
              help="With --pick: the index file (default: deals/index.json of the project).")
def deal(number, pick, difficulty, winnable, seed, index_path):
    """Print deal NUMBER (0..2**64-1) as dealt, in the position text format.

    Nothing else is written to standard output, so the text can be fed to any command.
    With --pick (and no NUMBER), print only a deal number chosen from the deal index
    built by `drez report --index`: `drez deal $(drez deal --pick --difficulty hard)`.
    """
    if pick:
        if number is not None:
            raise BadInput("give either NUMBER or --pick, not both")
        click.echo(pick_deal(difficulty, winnable, seed, index_path))
        return
    if number is None:
        raise BadInput("missing NUMBER (or use --pick)")
    if difficulty or winnable or seed is not None or index_path:
        raise BadInput("--difficulty, --winnable, --seed and --index go with --pick")
    n = parse_deal_number(number)
    click.echo(str(Position.from_deal(n, settle=False)), nl=False)


def _color_option(f):
    return click.option("--color/--no-color", default=None,
                        help="Colour the cards (default: only on a terminal).")(f)


@click.command()
@click.argument("source", metavar="FILE")
@_color_option
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False), default=None,
              help="Also write the position as an SVG picture to this file.")
@click.option("--png", "png_path", type=click.Path(dir_okay=False), default=None,
              help="Also write it as a PNG picture (needs the optional 'png' extra).")
def show(source, color, svg_path, png_path):
    """Draw the position in FILE ('-' for stdin, or a deal number) for people."""
    pos, label = load_position(source)
    if svg_path or png_path:
        write_position_pictures(pos, label, svg_path, png_path)
    use = use_color(color)
    click.echo(draw(pos, use), color=use)


@click.command()
@click.argument("source", metavar="FILE")
@click.option("--json", "as_json", is_flag=True,
              help='Print {"moves": [move objects], "won": ...} (see README, JSON output).')
def moves(source, as_json):
    """List the legal moves of the position in FILE ('-' for stdin, or a deal number)."""
    from drez.solver.solodrez.kernels import ensure_compiled
    ensure_compiled()
    pos, label = load_position(source)
    legal = pos.legal_moves()
    if as_json:
        echo_json(moves_json(label, legal, pos.is_won()))
    elif not legal:
        click.echo("no legal move" + (" (the game is won)" if pos.is_won() else ""))
    else:
        click.echo(" ".join(move_text(legal, m) for m in legal))


@click.command()
@click.argument("source", metavar="FILE")
@click.argument("move_texts", metavar="MOVE...", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True,
              help='Print {"moves", "length", "won", "position"} instead of the position.')
def apply(source, move_texts, as_json):
    """Play MOVEs (like 4>7 or 4>7:3) on FILE and print the resulting position."""
    from drez.solver.solodrez.kernels import ensure_compiled
    ensure_compiled()
    pos, label = load_position(source)
    pos, played = play_moves(pos, move_texts)
    if as_json:
        echo_json(applied_json(label, played, pos))
    else:
        click.echo(str(pos), nl=False)


COMMANDS = (deal, show, moves, apply)
