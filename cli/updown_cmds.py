"""`drez updown …`: the Latvian up-and-down shedding game."""
import click


@click.group()
def updown():
    """Up-and-down: simulate games between computer players, or play one."""
