"""Start-up: the commands that search nothing run as whole processes without importing
numba or numpy (issue 13: `drez deal N` and `drez show` in at most 0.3 s; numba alone
takes about half a second and 150 MB), and `drez --help` lists every command of
cli.registry.MODULES exactly as the commands themselves would."""
from __future__ import annotations

import importlib
import inspect
import subprocess
import sys

import click
import pytest

from drez.cli.main import drez
from drez.cli.registry import MODULES, help_text, short_help
from tests.cli.helpers import ROOT

# Runs drez in this process after the arguments, then prints the heavy modules it loaded.
_RUNNER = """
import sys
from drez.cli.main import drez
try:
    drez(sys.argv[1:], prog_name="drez")
except SystemExit:
    pass
print("loaded:", *sorted(m for m in ("numba", "numpy") if m in sys.modules), file=sys.stderr)
"""


def _loaded(args, stdin=""):
    run = subprocess.run([sys.executable, "-c", _RUNNER, *args], input=stdin, cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    last = run.stderr.strip().splitlines()[-1]
    assert last.startswith("loaded:"), run.stderr
    return run.stdout, last.split()[1:]


@pytest.mark.parametrize("args", [
    ["deal", "42"], ["show", "42", "--no-color"], ["--help"], [], ["deal", "--help"],
    ["show", "--help"], ["updown", "--help"], ["crapette", "--help"],
    ["deal", "--pick", "--seed", "1"], ["deal", "x"],
])
def test_commands_that_search_nothing_load_no_numba(args):
    _, loaded = _loaded(args)
    assert loaded == []


def test_show_reads_a_position_without_numba(tmp_path):
    deal = subprocess.run([sys.executable, "-m", "drez", "deal", "42"], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout
    assert len(deal.splitlines()) == 9
    out, loaded = _loaded(["show", "-", "--no-color"], stdin=deal)
    assert loaded == [] and out.startswith(" 1 ")
    (tmp_path / "p.txt").write_text(deal)
    assert _loaded(["show", str(tmp_path / "p.txt"), "--no-color"]) == (out, [])


def test_the_runner_sees_numba_when_a_command_needs_it():
    """The check above can fail: `drez moves` asks the kernels, and the runner sees numba."""
    out, loaded = _loaded(["moves", "42"])
    assert loaded == ["numba", "numpy"] and ">" in out


def test_the_help_list_is_each_commands_own():
    """MODULES names every command once, its module defines it under that name (whatever
    its function is called), and its line in `drez --help` is what click makes of the
    command's own docstring."""
    ctx = click.Context(drez)
    assert drez.list_commands(ctx) == sorted(MODULES)
    for name, module in MODULES.items():
        (command,) = [c for c in vars(importlib.import_module(module)).values()
                      if isinstance(c, click.Command) and c.name == name]
        assert drez.get_command(ctx, name) is command and command.name == name
        assert help_text(name) == inspect.cleandoc(command.help), name
        for limit in (30, 45, 70, 200):
            assert short_help(name, limit) == command.get_short_help_str(limit), (name, limit)


def test_a_command_function_need_not_share_its_commands_name():
    """`drez runs` is the function runs_group: no library function has to be renamed on
    import to make room for a command's name."""
    command = drez.get_command(click.Context(drez), "runs")
    assert command.callback.__name__ == "runs_group" and "compare" in command.commands
