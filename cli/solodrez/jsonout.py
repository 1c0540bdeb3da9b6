"""Printing an answer's JSON object (drez.solver.solodrez.io.jsonout builds them all)."""
from __future__ import annotations

import json

import click


def echo_json(obj: dict) -> None:
    """obj as one line of JSON on standard output."""
    click.echo(json.dumps(obj))
