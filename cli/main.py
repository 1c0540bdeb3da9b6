"""The `drez` click group: every command of the project hangs from it."""
import click

from cli import crapette_cmds, updown_cmds


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def drez():
    """Solodrez solver and deal analyzer, with the Up-and-down and Crapette games."""


drez.add_command(updown_cmds.updown)
drez.add_command(crapette_cmds.crapette)
