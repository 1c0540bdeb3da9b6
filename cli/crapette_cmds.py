"""`drez crapette …`: the two-player Russian Bank patience."""
import click


@click.group()
def crapette():
    """Crapette: simulate games between computer players, or play one."""
