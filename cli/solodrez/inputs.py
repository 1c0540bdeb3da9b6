"""Bad input on the command line: `BadInput`, the one click exception of the commands (one
line, exit status 2), and the readers of drez.solver.solodrez.io with their InputError
turned into it.  This is the one place that turns; no command parses input itself."""
from __future__ import annotations

import functools
import os
import stat

import click

from drez.solver.solodrez.io import inputs, pick, records
from drez.solver.solodrez.io.errors import InputError


class BadInput(click.ClickException):
    """Input that is not what the command needs; one line, exit status 2."""
    exit_code = 2

    def __init__(self, message: str):
        super().__init__(message)
        self.ctx = click.get_current_context(silent=True)


def exits_2(reader):
    """reader, its InputError (which names the bad input) raised as BadInput."""
    @functools.wraps(reader)
    def read(*args, **kwargs):
        try:
            return reader(*args, **kwargs)
        except InputError as e:
            raise BadInput(str(e)) from None
    return read


stdin_lines = exits_2(inputs.stdin_lines)
read_text = exits_2(inputs.read_text)
parse_deal_number = exits_2(inputs.parse_deal_number)
load_position = exits_2(inputs.load_position)
play_moves = exits_2(inputs.play_moves)
play_until_unplayable = exits_2(inputs.play_until_unplayable)
read_record = exits_2(records.read_record)
pick_deal = exits_2(pick.pick_deal)


def why_not_writable(path: str) -> str | None:
    """Why `path` may not be written as an output a user named, or None when it may: it
    must name a regular file that its owner may write (a read-only file is refused even
    for root), or nothing yet in a folder that can be written; a symlink counts as its
    target, and one that leads nowhere is refused."""
    if "\0" in path or not path:
        return "is not a file name"
    if os.path.islink(path) and not os.path.exists(path):
        return "is a symlink that leads to no file (a loop, or a missing target)"
    if os.path.isdir(path):
        return "is a folder; name a file"
    if os.path.exists(path):
        if not os.path.isfile(path):
            return "is not a regular file"
        if not os.access(path, os.W_OK) or not os.stat(path).st_mode & stat.S_IWUSR:
            return "is a read-only file"
    folder = os.path.dirname(os.path.abspath(os.path.realpath(path)))
    if not os.path.isdir(folder):
        return f"cannot be made: the folder {folder} does not exist"
    if not os.access(folder, os.W_OK | os.X_OK):
        return "cannot be made: no permission to write in its folder"
    return None


def check_writable_file(path: str, option: str) -> None:
    """BadInput, before anything is written, when `path` cannot be created or replaced
    (why_not_writable)."""
    why = why_not_writable(path)
    if why is not None:
        shown = repr(path) if why == "is not a file name" else path
        raise BadInput(f"{option} {shown} {why}")
