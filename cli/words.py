"""Small pieces of English for messages: plurals and the names of search limits."""
from __future__ import annotations

_LIMITS = {
    "nodes": "it reached the position limit, --max-nodes",
    "time": "it reached the time limit, --max-seconds",
    "memory": "it reached the memory limit, --max-memory",
    "cancelled": "you cancelled it",
    "length": "it reached the solution-length limit",
}


def plural(n: int, noun: str) -> str:
    """'1 move', '2 moves' (the last word of noun takes the s)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def limit_words(limit: str | None) -> str:
    """What a Result/Hint.limit value means, for people."""
    if limit is None:
        return "no limit was hit"
    return _LIMITS.get(limit, f"it reached the {limit} limit")
