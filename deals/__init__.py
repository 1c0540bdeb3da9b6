"""The deal index (`index.json`: the deals of each grade) and the measures behind the
grades (`measures.txt`: one fixed-width line a deal), written by `drez difficulty index`,
shipped as package data: `drez deal --pick`, `drez solve`, `drez hint` and the web app
read them."""
from __future__ import annotations

from importlib import resources


def index_path() -> str:
    """The path of the shipped deal index, inside the installed package."""
    return str(resources.files(__name__) / "index.json")


def measures_path() -> str:
    """The path of the shipped per-deal measures, inside the installed package."""
    return str(resources.files(__name__) / "measures.txt")
