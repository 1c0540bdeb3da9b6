"""The `drez` click group: every command of the project hangs from it."""
import errno
import os
import re
import sys
from importlib.metadata import PackageNotFoundError, version

import click

from cli.crapette import commands as crapette
from cli.solodrez import analyze, hints, play, position, report, serve, solve
from cli.updown import commands as updown
from solver.solodrez.rules.deals import MAX_DEAL

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
    """A group whose errors are one line on stderr: what is wrong, then exit 2 (1 for aborts)."""

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
    try:
        return version("drez")
    except PackageNotFoundError:
        return "unknown"


@click.group(cls=DrezGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(_version(), "--version", "-V", prog_name="drez",
                      message="%(prog)s %(version)s")
def drez():
    """Solodrez solver and deal analyzer, with the Up-and-down and Crapette games."""


for command in (*position.COMMANDS, *solve.COMMANDS, *hints.COMMANDS, *play.COMMANDS,
                *analyze.COMMANDS, *report.COMMANDS, *serve.COMMANDS):
    drez.add_command(command)
drez.add_command(updown.updown)
drez.add_command(crapette.crapette)
