"""What the server's memory (memory.py) is told by each search's answer, and the answers
it gives in turn, with the keys of `drez hint --json` and `drez solve --json`."""
from __future__ import annotations

from drez.solver.solodrez.rules.position import Position
from drez.webapp.solodrez.memory import Known, WinMemory


def feed_hint(memory: WinMemory, pos: Position, answer: dict) -> None:
    """What a hint job's answer proves, into the memory."""
    if answer["verdict"] == "WON":
        memory.record_line(pos, answer["line"], answer["proven"], answer["lower_bound"])
    elif answer["verdict"] == "LOST":
        memory.record_lost(pos, answer["lost_why"], blocked_of(answer))
    else:
        memory.record_bound(pos, answer["lower_bound"])


def feed_solve(memory: WinMemory, pos: Position, answer: dict) -> None:
    if answer["verdict"] == "WON":
        memory.record_line(pos, answer["moves"], answer["optimal"], answer["lower_bound"])
    elif answer["verdict"] == "LOST":
        memory.record_lost(pos, f"lost: no sequence of moves wins (all {answer['nodes']} "
                                "reachable positions searched)", ("exhausted", answer["nodes"], None))
    else:
        memory.record_bound(pos, answer["lower_bound"])


def blocked_of(answer: dict):
    return (answer["blocked"], answer["blocked_positions"], answer["reason"])


def hint_of(known: Known) -> dict:
    """The hint answer (the keys of `drez hint --json`) that the memory gives."""
    if known.lost:
        kind, positions, reason = known.blocked or (None, None, None)
        return {"verdict": "LOST", "move": None, "distance": None, "length": None,
                "optimal": False, "lower_bound": None, "proven": True, "blocked": kind,
                "blocked_positions": positions, "reason": reason, "nodes": 0, "seconds": 0.0,
                "limit": None, "line": [], "lost_why": known.lost_why}
    n = len(known.line)
    return {"verdict": "WON", "move": known.line[0].json() if known.line else None,
            "distance": n if known.proven else None, "length": n, "optimal": known.proven,
            "lower_bound": n if known.proven else known.at_least, "proven": known.proven,
            "blocked": None, "blocked_positions": None, "reason": None, "nodes": 0,
            "seconds": 0.0, "limit": None if known.proven else "unproven",
            "line": [m.json() for m in known.line], "lost_why": None}


def pending_hint() -> dict:
    """The hint answer while nothing is known yet of a position (its search goes on)."""
    return {"verdict": "UNKNOWN", "move": None, "distance": None, "length": None,
            "optimal": False, "lower_bound": None, "proven": False, "blocked": None,
            "blocked_positions": None, "reason": None, "nodes": 0, "seconds": 0.0,
            "limit": "time", "line": [], "lost_why": None}


def hint_answer(answer: dict, refine: bool, source: str) -> dict:
    """A hint answer with the page's names: at_most, at_least, refine, source."""
    return {**answer, "at_most": answer["length"], "at_least": answer["lower_bound"],
            "refine": refine and not answer["proven"], "source": source}


def better(known: Known | None, answer: dict) -> bool:
    """The memory knows more than a search's unproven answer."""
    if known is None or answer["proven"]:
        return False
    if known.lost or known.proven:
        return True
    return bool(known.line) and (answer["verdict"] != "WON" or len(known.line) < answer["length"])


def solution_of(known: Known, optimal: bool) -> dict:
    """The answer of `drez solve --json` that the memory gives."""
    if known.lost:
        return {"verdict": "LOST", "moves": [], "length": None, "optimal": False, "nodes": 0,
                "seconds": 0.0, "limit": None, "lower_bound": None, "lost_why": known.lost_why}
    n = len(known.line)
    return {"verdict": "WON", "moves": [m.json() for m in known.line], "length": n,
            "optimal": known.proven, "nodes": 0, "seconds": 0.0,
            "limit": None if known.proven or not optimal else "unproven",
            "lower_bound": n if known.proven else known.at_least, "lost_why": None}
