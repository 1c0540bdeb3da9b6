"""Click options for search limits, shared by the commands that search."""
from __future__ import annotations

import math
import os
import re

import click

from drez.solver.solodrez.search.solve import DEFAULT_MAX_MEMORY, DEFAULT_MAX_NODES, Limits

MAX_NODES = DEFAULT_MAX_NODES

_SIZE = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)\s*([KMGT]?)(?:I?B)?\s*$", re.I | re.ASCII)
_SCALE = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
UNITS = "K, M, G or T (KiB, MB... mean the same: powers of 1024)"
MAX_SECONDS = 10_000_000          # about four months: beyond it a limit is a typing slip


def physical_memory() -> int | None:
    """Bytes of RAM of this machine, or None when the system does not say."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None


class MemorySize(click.ParamType):
    """A byte count like 512M, 2GiB, 1T or 1000000; at least 1M, at most the machine's RAM."""
    name = "size"

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            return value
        m = _SIZE.match(str(value))
        if not m:
            self.fail(f"{value!r} is not a size (a number with one of the units {UNITS}, "
                      "like 512M or 2G)", param, ctx)
        size = int(float(m.group(1)) * _SCALE[m.group(2).upper()])
        if size < 1 << 20:
            self.fail(f"{value!r} is too small (at least 1M)", param, ctx)
        ram = physical_memory()
        if ram and size > ram:
            self.fail(f"{value!r} is more than this machine's memory ({ram / (1 << 30):.1f}G)",
                      param, ctx)
        return size


class Seconds(click.ParamType):
    """A finite number of seconds, 0 (no limit) up to MAX_SECONDS."""
    name = "seconds"

    def convert(self, value, param, ctx):
        try:
            x = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not math.isfinite(x) or not 0 <= x <= MAX_SECONDS:
            self.fail(f"{value!r} is not a time limit (0 for none, up to {MAX_SECONDS:,} s)",
                      param, ctx)
        return x


def limit_options(f):
    """Add --max-nodes, --max-seconds and --max-memory to a command."""
    f = click.option("--max-memory", type=MemorySize(), default=DEFAULT_MAX_MEMORY,
                     show_default="1G",
                     help=f"Table memory for the whole solve of a position (all its searches, "
                          f"growth peaks included); units {UNITS}.")(f)
    f = click.option("--max-seconds", type=Seconds(), default=0.0,
                     help="Time limit per search in seconds (0: none).")(f)
    f = click.option("--max-nodes", type=click.IntRange(min=1, max=MAX_NODES),
                     default=DEFAULT_MAX_NODES, show_default="none",
                     help="Positions the searches may store and IDA* may expand, all "
                          "together (default: no limit; --max-memory bounds what is stored, "
                          "--max-seconds the time).")(f)
    return f


def default_seconds(seconds: float):
    """A decorator (put above @limit_options) giving --max-seconds another default."""
    def set_default(f):
        for p in getattr(f, "__click_params__", []):
            if p.name == "max_seconds":
                p.default = seconds
                p.show_default = True
        return f
    return set_default


def limits_from(max_nodes, max_seconds, max_memory) -> Limits:
    return Limits(max_nodes=max_nodes, max_seconds=max_seconds, max_memory=max_memory)
