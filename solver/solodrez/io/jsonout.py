"""The JSON vocabulary of every answer: each `--json` / `--json-lines` output and each
answer of the web API (documented in README.md, "JSON output"), built here and nowhere
else, so the same key means the same thing everywhere.

    deal         the deal number, present when the input was one
    verdict      WON, LOST or UNKNOWN (ERROR in analyze rows)
    moves        a list of move objects {"from": 4, "to": 7, "cards": 3} (1-based columns)
    move         one move object (hint), or null
    length       the number of moves of the win found, or null
    optimal      true when that length is proven shortest
    lower_bound  a win needs at least this many moves, or null
    nodes        positions the search stored
    seconds      time spent
    limit        the Limit that stopped the search (nodes, time, memory, cancelled, length,
                 unproven), or null
    error        why the input or the deal failed, or null
    difficulty   (solve and hint of a deal) the deal's grade and the measures behind it,
                 from the shipped deal measures (difficulty/lookup.py), or null
"""
from __future__ import annotations


def with_deal(label: str, body: dict) -> dict:
    """body with the deal number first when the input was a deal."""
    if label.startswith("deal "):
        return {"deal": int(label[5:]), **body}
    return body


def deal_difficulty(label: str) -> dict | None:
    """The difficulty object of a deal input (difficulty.lookup.difficulty_of), None for a
    position or a deal the shipped measures do not hold."""
    if not label.startswith("deal "):
        return None
    from ..difficulty.lookup import difficulty_of
    return difficulty_of(int(label[5:]))


def with_difficulty(label: str, body: dict) -> dict:
    """body with the key `difficulty` (deal_difficulty) added: `drez solve --json` and
    `drez hint --json`."""
    return {**body, "difficulty": deal_difficulty(label)}


def solve_json(label: str, result) -> dict:
    """`drez solve --json` and /api/solve: a Result."""
    return with_deal(label, {
        "verdict": result.verdict, "moves": [m.json() for m in result.moves],
        "length": result.length, "optimal": result.optimal, "nodes": result.nodes,
        "seconds": round(result.seconds, 6), "limit": result.limit,
        "lower_bound": result.lower_bound})


def hint_json(label: str, h) -> dict:
    """`drez hint --json` and /api/hint: the move, its distance and the shared keys; length
    counts the hinted move (a win of at most that many moves is known)."""
    return with_deal(label, {
        "verdict": h.verdict, "move": h.move.json() if h.move else None,
        "distance": h.distance, "length": h.at_most,
        "optimal": h.distance is not None, "lower_bound": h.at_least, "proven": h.proven,
        "blocked": h.blocked.kind if h.blocked else None,
        "blocked_positions": h.blocked.positions if h.blocked else None,
        "reason": (h.blocked.reason or None) if h.blocked else None,
        "nodes": h.nodes, "seconds": round(h.seconds, 6), "limit": h.limit})


def move_result_json(r) -> dict:
    """One entry of `drez hint --all --json`: the move and the game after it."""
    return {"move": r.move.json(), "verdict": r.hint.verdict, "distance": r.distance,
            "loses": r.loses, "length": r.at_most, "lower_bound": r.at_least,
            "optimal": r.distance is not None, "limit": r.hint.limit}


def moves_json(label: str, legal, won: bool) -> dict:
    """`drez moves --json` and /api/moves: the legal moves, and whether the game is won."""
    return with_deal(label, {"moves": [m.json() for m in legal], "won": won})


def applied_json(label: str, played, pos) -> dict:
    """`drez apply --json`: the moves played and the position they reached."""
    return with_deal(label, {"moves": [m.json() for m in played], "length": len(played),
                             "won": pos.is_won(), "position": str(pos)})


def verify_json(label: str, won: bool, played, illegal: int | None, why: str | None) -> dict:
    """`drez verify --json`: whether the moves win, those played, and the first illegal
    move's number and why they do not win (null when they do)."""
    return with_deal(label, {"win": won, "moves": [m.json() for m in played],
                             "length": len(played), "illegal": illegal, "error": why})


def review_json(rv) -> dict:
    """`drez review --json` and /api/review without its summary line."""
    return with_deal(rv.record.label, {
        "start": rv.record.label, "start_hint": hint_json("", rv.start),
        "moves": [{"number": s.number, "line": s.line, "move": s.move.json(),
                   "before": s.before.verdict, "after": s.after.verdict,
                   "distance_before": s.before.distance, "distance_after": s.after.distance,
                   "losing": s.losing, "slow": s.slow, "cost": s.cost,
                   "best": s.best.json() if s.best else None} for s in rv.steps],
        "played": len(rv.steps), "optimum": rv.start.distance,
        "first_losing": rv.mistakes[0].number if rv.mistakes else None,
        "mistakes": len(rv.mistakes), "slow": len(rv.slow_moves),
        "end": rv.end.verdict if not rv.end_position.is_won() else "won"})
