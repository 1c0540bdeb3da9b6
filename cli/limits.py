"""Click options for search limits, shared by the commands that search."""
from __future__ import annotations

import re

import click

from solver.solve import DEFAULT_MAX_MEMORY, DEFAULT_MAX_NODES, Limits

_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([KMG]?)B?\s*$", re.I)


class MemorySize(click.ParamType):
    """A byte count like 512M, 2G or 1000000."""
    name = "size"

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            return value
        m = _SIZE.match(str(value))
        if not m:
            self.fail(f"{value!r} is not a size (write it like 512M or 2G)", param, ctx)
        scale = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}[m.group(2).upper()]
        size = int(float(m.group(1)) * scale)
        if size < 1 << 20:
            self.fail(f"{value!r} is too small (at least 1M)", param, ctx)
        return size


def limit_options(f):
    """Add --max-nodes, --max-seconds and --max-memory to a command."""
    f = click.option("--max-memory", type=MemorySize(), default=DEFAULT_MAX_MEMORY,
                     show_default="1G", help="Transposition-table memory per search.")(f)
    f = click.option("--max-seconds", type=click.FloatRange(min=0), default=0.0,
                     help="Time limit per search in seconds (0: none).")(f)
    f = click.option("--max-nodes", type=click.IntRange(min=1), default=DEFAULT_MAX_NODES,
                     show_default=True, help="Positions a search may store.")(f)
    return f


def limits_from(max_nodes, max_seconds, max_memory) -> Limits:
    return Limits(max_nodes=max_nodes, max_seconds=max_seconds, max_memory=max_memory)
