"""The `drez` click group: every command of the project hangs from it."""
import sys

import click

from cli import (analyze_cmds, crapette_cmds, hint_cmds, position_cmds, serve_cmds, solve_cmds,
                 updown_cmds)


class DrezGroup(click.Group):
    """A group whose errors are one line on stderr: what is wrong, then exit 2 (1 for aborts)."""

    def main(self, args=None, prog_name=None, complete_var=None, **extra):
        extra.pop("standalone_mode", None)
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.ClickException as e:
            where = f"{e.ctx.command_path}: " if getattr(e, "ctx", None) else "drez: "
            click.echo(f"{where}error: {e.format_message()}", err=True)
            sys.exit(e.exit_code)
        except click.Abort:
            click.echo("drez: interrupted", err=True)
            sys.exit(130)
        sys.exit(rv if isinstance(rv, int) else 0)


@click.group(cls=DrezGroup, context_settings={"help_option_names": ["-h", "--help"]})
def drez():
    """Solodrez solver and deal analyzer, with the Up-and-down and Crapette games."""


for command in (*position_cmds.COMMANDS, *solve_cmds.COMMANDS, *hint_cmds.COMMANDS,
                *analyze_cmds.COMMANDS, *serve_cmds.COMMANDS):
    drez.add_command(command)
drez.add_command(updown_cmds.updown)
drez.add_command(crapette_cmds.crapette)
