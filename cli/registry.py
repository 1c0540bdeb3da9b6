"""Every command of `drez` and the module that defines it.  A command is found in its
module by its click name, whatever its function is called (`solve_command` may be the
command `solve`), and its help line in `drez --help` is read from the module's source,
so listing the commands imports none of them (`drez --help` starts without numba)."""
from __future__ import annotations

import ast
import functools
import importlib
import importlib.util

import click

MODULES = {
    "analyze": "drez.cli.solodrez.analyze",
    "apply": "drez.cli.solodrez.position",
    "bench": "drez.cli.solodrez.solve",
    "crapette": "drez.cli.crapette.commands",
    "deal": "drez.cli.solodrez.position",
    "difficulty": "drez.cli.solodrez.difficulty",
    "hint": "drez.cli.solodrez.hints",
    "hint-latency": "drez.cli.solodrez.latency",
    "moves": "drez.cli.solodrez.position",
    "play": "drez.cli.solodrez.play",
    "report": "drez.cli.solodrez.report",
    "review": "drez.cli.solodrez.hints",
    "runs": "drez.cli.solodrez.runs",
    "serve": "drez.cli.solodrez.serve",
    "show": "drez.cli.solodrez.position",
    "solve": "drez.cli.solodrez.solve",
    "updown": "drez.cli.updown.commands",
    "verify": "drez.cli.solodrez.solve",
}


def load(name: str) -> click.Command:
    """The command `name`, imported from its module: the click command there of that name."""
    module = importlib.import_module(MODULES[name])
    found = [c for c in vars(module).values() if isinstance(c, click.Command) and c.name == name]
    if len(found) != 1:
        raise LookupError(f"{MODULES[name]} defines {len(found)} commands named {name!r}")
    return found[0]


@functools.cache
def _helps(module: str) -> dict[str, str]:
    """{command name: help} of the functions decorated @click.command or @click.group at the
    top of a module, from its source: the decorator's help= or the docstring."""
    with open(importlib.util.find_spec(module).origin, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    helps = {}
    for node in tree.body:
        for deco in getattr(node, "decorator_list", ()):
            if not (isinstance(deco, ast.Call) and isinstance(deco.func, ast.Attribute)
                    and isinstance(deco.func.value, ast.Name) and deco.func.value.id == "click"
                    and deco.func.attr in ("command", "group")):
                continue
            keywords = {k.arg: k.value for k in deco.keywords}
            name_node = deco.args[0] if deco.args else keywords.get("name")
            name = (ast.literal_eval(name_node) if name_node is not None
                    else node.name.replace("_", "-"))
            help_node = keywords.get("help")
            helps[name] = (ast.literal_eval(help_node) if help_node is not None
                           else ast.get_docstring(node) or "")
    return helps


def help_text(name: str) -> str:
    """The help of command `name`, read from its module's source without importing it."""
    return _helps(MODULES[name])[name]


def short_help(name: str, limit: int) -> str:
    """The help line of command `name` in `drez --help`, as click makes it of the command's
    own help."""
    return click.Command(name, help=help_text(name)).get_short_help_str(limit)
