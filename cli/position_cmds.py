"""`drez deal`, `drez show`, `drez moves`, `drez apply`: positions and moves."""
from __future__ import annotations

import json
import sys

import click

from cli.inputs import load_position, parse_deal_number, play_moves
from cli.render import draw
from solver.jit import ensure_compiled
from solver.moves import move_text
from solver.position import Position


@click.command()
@click.argument("number")
def deal(number):
    """Print deal NUMBER (0..2**64-1) as dealt, in the position text format.

    Nothing else is written to standard output, so the text can be fed to any command.
    """
    n = parse_deal_number(number)
    click.echo(str(Position.from_deal(n, settle=False)), nl=False)


def _color_option(f):
    return click.option("--color/--no-color", default=None,
                        help="Colour the cards (default: only on a terminal).")(f)


@click.command()
@click.argument("source", metavar="FILE")
@_color_option
def show(source, color):
    """Draw the position in FILE ('-' for stdin, or a deal number) for people."""
    pos, _ = load_position(source)
    use_color = sys.stdout.isatty() if color is None else color
    click.echo(draw(pos, use_color), color=use_color)


@click.command()
@click.argument("source", metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array of move objects.")
def moves(source, as_json):
    """List the legal moves of the position in FILE ('-' for stdin, or a deal number)."""
    ensure_compiled()
    pos, _ = load_position(source)
    legal = pos.legal_moves()
    if as_json:
        click.echo(json.dumps([m.json() for m in legal]))
    elif not legal:
        click.echo("no legal move" + (" (the game is won)" if pos.is_won() else ""))
    else:
        click.echo(" ".join(move_text(legal, m) for m in legal))


@click.command()
@click.argument("source", metavar="FILE")
@click.argument("move_texts", metavar="MOVE...", nargs=-1, required=True)
def apply(source, move_texts):
    """Play MOVEs (like 4>7 or 4>7:3) on FILE and print the resulting position."""
    ensure_compiled()
    pos, _ = load_position(source)
    pos, _ = play_moves(pos, move_texts)
    click.echo(str(pos), nl=False)


COMMANDS = (deal, show, moves, apply)
