"""The `drez` click group: every command of the project hangs from it.

The commands are loaded lazily (click's LazyGroup pattern): a command's module is imported
only when that command runs or shows its help, so `drez deal` and `drez show`, whose
modules need no numba, start without it.  `drez --help` reads each command's help from
its module's source (registry.py), importing none of them.
"""
import errno
import os
import re
import sys

import click

from drez.cli import registry
from drez.solver.solodrez.rules.deals import MAX_DEAL

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
    and whose commands (registry.MODULES) are imported when first looked up."""

    def list_commands(self, ctx):
        return sorted(registry.MODULES)

    def get_command(self, ctx, cmd_name):
        if cmd_name not in self.commands and cmd_name in registry.MODULES:
            self.add_command(registry.load(cmd_name), cmd_name)
        return super().get_command(ctx, cmd_name)

    def resolve_command(self, ctx, args):
        if args and args[0] not in self.commands and args[0] not in registry.MODULES:
            for name in registry.MODULES:   # a misspelt name: click suggests from them all
                self.get_command(ctx, name)
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx, formatter):
        """The command list of `drez --help`, from the modules' sources (nothing imported)."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = [(name, registry.short_help(name, limit)) for name in names]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def main(self, args=None, prog_name=None, complete_var=None, **extra):
        extra.pop("standalone_mode", None)
        args = sys.argv[1:] if args is None else list(args)
        if sys.stdout is None:           # started with standard output closed (`>&-`)
            _fail("drez: ", "cannot write the output: standard output is closed")
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
