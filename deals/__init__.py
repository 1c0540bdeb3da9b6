"""The deal index (`index.json`, written by `drez report --index`), shipped as package
data: `drez deal --pick` and the web app's "pick a deal" read it."""
from __future__ import annotations

from importlib import resources


def index_path() -> str:
    """The path of the shipped deal index, inside the installed package."""
    return str(resources.files(__name__) / "index.json")
