"""Writing pictures for the commands: `show --svg/--png`, `solve --html`, `review --html`.

Files are written whole or not at all (a temporary file renamed into place), so a failed
write never leaves half a picture over an old one.
"""
from __future__ import annotations

import errno
import os
import stat
import tempfile

import click

from drez.cli.solodrez.inputs import BadInput, why_not_writable
from drez.solver.solodrez.pictures.stepper import steps_html
from drez.solver.solodrez.pictures.svg import position_svg
from drez.solver.solodrez.rules.moves import move_text


def write_file(path: str, data: bytes) -> None:
    """Write data to the file a user named, whole or not at all (a temporary file renamed
    into place).  It may replace a regular file it can write, keeping that file's mode, and
    writes through a symlink to its target; it refuses, before writing anything, a folder,
    a device, a FIFO, a read-only file or a symlink loop.  BadInput names the path and the
    reason (a full disk as such); no temporary file is left behind."""
    why = why_not_writable(path)
    if why is not None:
        raise BadInput(f"cannot write {path}: it {why}")
    target = os.path.realpath(path)
    if os.path.exists(target):
        mode = stat.S_IMODE(os.stat(target).st_mode)
    else:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    folder = os.path.dirname(target)
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".drez-", suffix=".tmp")
    except OSError as e:
        raise BadInput(f"cannot write {path}: {e.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except OSError as e:
        reason = "the disk is full" if e.errno == errno.ENOSPC else e.strerror
        raise BadInput(f"cannot write {path}: {reason}") from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def svg_to_png(svg: str) -> bytes:
    """PNG bytes of an SVG text, through cairosvg (the optional 'png' extra)."""
    try:
        import cairosvg
    except (ImportError, OSError) as e:
        raise BadInput("--png needs cairosvg and the cairo library: pip install 'drez[png]' "
                       f"({e.__class__.__name__}: {e})") from None
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"))


def write_position_pictures(pos, label: str, svg_path: str | None, png_path: str | None) -> None:
    """The picture of pos, as SVG and/or PNG files."""
    svg = position_svg(pos, title=label)
    if svg_path:
        write_file(svg_path, svg.encode("utf-8"))
        click.echo(f"wrote {svg_path}", err=True)
    if png_path:
        write_file(png_path, svg_to_png(svg))
        click.echo(f"wrote {png_path}", err=True)


def write_solution_html(path: str, pos, label: str, headline: str, moves) -> None:
    """A step-through of a solution (moves from pos) into path."""
    write_file(path, steps_html(f"Solodrez {label}", headline, pos, list(moves)).encode("utf-8"))
    click.echo(f"wrote {path}", err=True)


def review_notes(rv) -> dict:
    """A remark for each losing or slow move of a review, by move number."""
    notes, pos = {}, rv.record.start
    for s in rv.steps:
        legal = pos.legal_moves()
        if s.losing:
            notes[s.number] = f"LOSING MOVE; {move_text(legal, s.best)} keeps the game winnable"
        elif s.slow:
            notes[s.number] = f"slow; {move_text(legal, s.best)} wins in {s.before.distance}"
        pos = pos.play(s.move)
    return notes


def write_review_html(path: str, rv, headline: str) -> None:
    """A step-through of a reviewed game, its losing and slow moves noted."""
    html = steps_html(f"Solodrez review: {rv.record.label}", headline, rv.record.start,
                      [s.move for s in rv.steps], review_notes(rv))
    write_file(path, html.encode("utf-8"))
    click.echo(f"wrote {path}", err=True)


def hardest_pictures(deals, directory: str, name: str) -> str:
    """SVG pictures of deals (as dealt, series removed) in directory; the report section
    that shows them."""
    from drez.solver.solodrez.rules.position import Position
    lines = ["", "## Pictures of the hardest deals", ""]
    for n in deals:
        path = os.path.join(directory, f"{name}-deal-{n}.svg")
        write_file(path, position_svg(Position.from_deal(n), title=f"deal {n}").encode("utf-8"))
        lines += [f"deal {n}:", "", f"![deal {n}]({os.path.basename(path)})", ""]
    return "\n".join(lines)
