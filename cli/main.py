"""The `drez` click group: every command of the project hangs from it.

The commands are loaded lazily (click's LazyGroup pattern): a command's module is imported
only when that command runs or shows its help, so `drez deal` and `drez show`, whose
modules need no numba, start without it.  `drez --help` lists the commands from
LAZY_COMMANDS without importing any of them.
"""
import errno
import importlib
import os
import re
import sys

import click

from drez.solver.solodrez.rules.deals import MAX_DEAL

# Every command: the module that defines it (as the function named like the command), and
# the first paragraph of its docstring, which `drez --help` shortens as click would (a test
# checks both against the commands themselves).
LAZY_COMMANDS = {
    "analyze": ("drez.cli.solodrez.analyze", "Decide every deal of RANGE (like 0-99999, inclusive, "
                "or one number) and write one row per deal to --out as soon as it is decided."),
    "apply": ("drez.cli.solodrez.position",
              "Play MOVEs (like 4>7 or 4>7:3) on FILE and print the resulting position."),
    "bench": ("drez.cli.solodrez.solve", "Solve a fixed list of deals and print nodes, nodes per "
              "second and deals per second."),
    "crapette": ("drez.cli.crapette.commands",
                 "Crapette: simulate games between computer players, or play one."),
    "deal": ("drez.cli.solodrez.position",
             "Print deal NUMBER (0..2**64-1) as dealt, in the position text format."),
    "hint": ("drez.cli.solodrez.hints", "The next move of a shortest solution for a deal or "
             "position FILE ('-' for stdin), how many moves remain with best play, and the "
             "position after that move."),
    "moves": ("drez.cli.solodrez.position", "List the legal moves of the position in FILE "
              "('-' for stdin, or a deal number)."),
    "play": ("drez.cli.solodrez.play", "Play a deal or a position FILE in the terminal, one "
             "command a line (no DEAL: a random deal)."),
    "report": ("drez.cli.solodrez.report", "Statistics of an analyze RESULTS file (CSV or JSON "
               "lines, optionally .gz)."),
    "review": ("drez.cli.solodrez.hints",
               "Replay the game record FILE ('-' for stdin) and judge every move."),
    "serve": ("drez.cli.solodrez.serve", "Serve the page to play Solodrez in a browser (hints, "
              "undo, solutions, review) and its JSON API (README: 'Web app'), until Ctrl-C."),
    "show": ("drez.cli.solodrez.position",
             "Draw the position in FILE ('-' for stdin, or a deal number) for people."),
    "solve": ("drez.cli.solodrez.solve", "Decide a deal number or a position FILE ('-' for "
              "stdin): WON, LOST or UNKNOWN."),
    "updown": ("drez.cli.updown.commands",
               "Up-and-down: simulate games between computer players, or play one."),
    "verify": ("drez.cli.solodrez.solve", "Check that MOVEs win from a deal or position: legal at "
               "every step, won at the end."),
}

_OUTPUT_ERRNOS = {errno.ENOSPC, errno.EPIPE, errno.EIO, errno.EFBIG, errno.EDQUOT}


def _silence_stdout() -> None:
    """Point standard output at /dev/null so the exit-time flush cannot fail again."""
    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def one_line(text: str, limit: int = 300) -> str:
    """text with control characters escaped (it stays one line) and cut to `limit`."""
    text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _fail(where: str, message: str, code: int = 2):
    try:
        click.echo(one_line(f"{where}error: {message}"), err=True)
    except OSError:
        pass
    sys.exit(code)


class DrezGroup(click.Group):
    """A group whose errors are one line on stderr: what is wrong, then exit 2 (1 for aborts),
    and whose commands (LAZY_COMMANDS) are imported when first looked up."""

    def list_commands(self, ctx):
        return sorted(LAZY_COMMANDS)

    def get_command(self, ctx, cmd_name):
        if cmd_name not in self.commands and cmd_name in LAZY_COMMANDS:
            module = importlib.import_module(LAZY_COMMANDS[cmd_name][0])
            self.add_command(getattr(module, cmd_name), cmd_name)
        return super().get_command(ctx, cmd_name)

    def resolve_command(self, ctx, args):
        if args and args[0] not in self.commands and args[0] not in LAZY_COMMANDS:
            for name in LAZY_COMMANDS:      # a misspelt name: click suggests from them all
                self.get_command(ctx, name)
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx, formatter):
        """The command list of `drez --help`, from LAZY_COMMANDS (nothing imported)."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = [(name, short_help(name, limit)) for name in names]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def main(self, args=None, prog_name=None, complete_var=None, **extra):
        extra.pop("standalone_mode", None)
        args = sys.argv[1:] if args is None else list(args)
        if not args:
            click.echo(self.get_help(click.Context(self, info_name=prog_name or "drez")))
            sys.exit(0)
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            sys.stdout.flush()
        except click.NoSuchOption as e:
            where = f"{e.ctx.command_path}: " if getattr(e, "ctx", None) else "drez: "
            if re.fullmatch(r"-[0-9]+", e.option_name or ""):
                _fail(where, f"deal number {e.option_name} is outside 0..{MAX_DEAL}")
            _fail(where, e.format_message(), e.exit_code)
        except click.ClickException as e:
            where = f"{e.ctx.command_path}: " if getattr(e, "ctx", None) else "drez: "
            _fail(where, e.format_message(), e.exit_code)
        except (click.Abort, KeyboardInterrupt):
            try:
                click.echo("drez: interrupted", err=True)
            except OSError:
                pass
            sys.exit(130)
        except ValueError as e:
            if "null byte" not in str(e):
                raise
            _fail("drez: ", "a file name has no NUL character")
        except OSError as e:
            if e.errno in _OUTPUT_ERRNOS:
                _silence_stdout()
                if e.errno == errno.EPIPE:
                    sys.exit(2)
                _fail("drez: ", f"cannot write the output: {e.strerror}")
            name = f"{e.filename}: " if e.filename else ""
            _fail("drez: ", f"{name}{e.strerror or e}")
        sys.exit(rv if isinstance(rv, int) else 0)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version  # 45 ms: only for --version
    try:
        return version("drez")
    except PackageNotFoundError:
        return "unknown"


def _print_version(ctx, param, value):
    if value and not ctx.resilient_parsing:
        click.echo(f"drez {_version()}")
        ctx.exit()


@click.group(cls=DrezGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", "-V", is_flag=True, expose_value=False, is_eager=True,
              callback=_print_version, help="Show the version and exit.")
def drez():
    """Solodrez solver and deal analyzer, with the Up-and-down and Crapette games."""




def short_help(name: str, limit: int) -> str:
    """The help line of command `name` in `drez --help`, from LAZY_COMMANDS."""
    return click.Command(name, help=LAZY_COMMANDS[name][1]).get_short_help_str(limit)
