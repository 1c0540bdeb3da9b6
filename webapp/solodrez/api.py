"""Solodrez's JSON API: the routes (ROUTES) that webapp/app.py mounts.

The objects are exactly those the commands print with --json, built by the same functions
(drez.solver.solodrez.io.jsonout), with fields added for the page (README.md, "Web app").
Searches run through the app's `Searches` (worker processes, bounded in time and memory);
what they find feeds the server's memory (memory.py), from which hints, status checks and
solutions already known answer at once.  A "quick" request answers within about a second:
from the memory, else from a verdict search of at most QUICK_SECONDS.
"""
from __future__ import annotations

import asyncio
import dataclasses

from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from drez.solver.solodrez.difficulty.lookup import difficulty_of
from drez.solver.solodrez.grades import GRADES
from drez.solver.solodrez.io.errors import InputError
from drez.solver.solodrez.io.inputs import parse_deal_number, read_move, read_position
from drez.solver.solodrez.io.jsonout import moves_json
from drez.solver.solodrez.io.pick import PICK_DIFFICULTIES, pick_deal
from drez.solver.solodrez.io.records import format_record, read_record
from drez.solver.solodrez.pictures.svg import move_marks, played_marks, position_svg
from drez.solver.solodrez.rules.deals import MAX_DEAL
from drez.solver.solodrez.rules.moves import Move
from drez.solver.solodrez.rules.position import Position
from drez.webapp.bodies import BadRequest, flag, is_whole, read_json, seconds, text, whole
from drez.webapp.solodrez.answers import (
    better,
    feed_hint,
    feed_solve,
    hint_answer,
    hint_of,
    pending_hint,
    solution_of,
)
from drez.webapp.solodrez.board import board_json, removed_series, said
from drez.webapp.solodrez.daily import daily_deal, read_date
from drez.webapp.solodrez.memory import WinMemory

MAX_REVIEW_MOVES = 300
MAX_RECORD_MOVES = 1000
QUICK_SECONDS = 0.7           # a quick verdict search: with the answer's way, within 1 s
STATUS_SECONDS = 3.0          # a status check's verdict search
QUICK_WAIT = 0.9              # the longest a quick hint waits for a search under way
POSITION_WHAT = "a string in the position text format (nine lines)"
MOVE_HOW = '"move" must be like "4>7" or {"from": 4, "to": 7, "cards": 1}'


def _position(data: dict, key: str = "position") -> Position:
    return read_position(text(data, key, POSITION_WHAT), key)


def _move(pos: Position, value) -> Move:
    """The legal move named by "4>7" / "4>7:3" or {"from": 4, "to": 7, "cards": 3}."""
    if isinstance(value, dict):
        src, dst, cards = value.get("from"), value.get("to"), value.get("cards")
        if not (is_whole(src, 1, 9) and is_whole(dst, 1, 9)
                and (cards is None or is_whole(cards, 1, 56))):
            raise BadRequest(f'{MOVE_HOW}: "from" and "to" whole numbers 1-9, "cards" 1-56')
        value = f"{src}>{dst}" + (f":{cards}" if cards is not None else "")
    if not isinstance(value, str) or len(value) > 40:
        raise BadRequest(MOVE_HOW)
    return read_move(pos, value)


def _memory(request) -> WinMemory:
    state = request.app.state
    if getattr(state, "solodrez_memory", None) is None:
        state.solodrez_memory = WinMemory()
    return state.solodrez_memory


def _limits(request, data: dict, cap: float | None = None):
    searches = request.app.state.searches
    asked = seconds(data)
    if cap is not None:
        asked = cap if asked is None else min(asked, cap)
    return searches.limits(asked)


def _flights(request) -> dict:
    state = request.app.state
    if getattr(state, "solodrez_flights", None) is None:
        state.solodrez_flights = {}
    return state.solodrez_flights


async def _verdict(request, pos: Position, limits) -> tuple[dict, bool]:
    """The hint job's verdict search (want_optimal False) of pos in the quick lane, shared
    with a request already running one for the same position: (its answer, whether this
    request started it).  The answer feeds the memory when it lands, even if no request
    waits for it any more."""
    key, flights, memory = str(pos), _flights(request), _memory(request)
    task = flights.get(key)
    own = task is None
    if own:
        searches = request.app.state.searches
        task = asyncio.ensure_future(searches.run(request, "hint", limits, pos, False, lane="quick"))
        flights[key] = task

        def landed(t):
            if flights.get(key) is t:
                del flights[key]
            if not t.cancelled() and t.exception() is None:
                feed_hint(memory, pos, t.result())
        task.add_done_callback(landed)
    return await asyncio.shield(task), own


async def _hint_search(request, data: dict, pos: Position, quick: bool) -> tuple[dict, str]:
    """The best hint the server has for pos: (the hint job's keys, "memory" or "search").
    A quick one that finds a status check of pos running waits for it QUICK_SECONDS at most,
    then says what it knows ("pending": nothing yet)."""
    memory = _memory(request)
    known = memory.get(pos)
    if known is not None and (known.lost or known.proven or (quick and known.won)):
        return hint_of(known), "memory"
    searches = request.app.state.searches
    if quick:
        limits = _limits(request, data, QUICK_SECONDS)
        try:
            answer, _ = await asyncio.wait_for(_verdict(request, pos, limits), QUICK_WAIT)
        except asyncio.TimeoutError:        # a longer search of pos (a status) goes on
            known = memory.get(pos)
            if known is not None and (known.won or known.lost):
                return hint_of(known), "memory"
            return pending_hint(), "pending"
    else:
        answer = await searches.run(request, "hint", _limits(request, data), pos, True)
    feed_hint(memory, pos, answer)
    known = memory.get(pos)
    if better(known, answer):
        return hint_of(known), "memory"
    return answer, "search"


# ---- routes -------------------------------------------------------------------------

async def deal(request):
    """{"deal", "position"} as `drez deal N` prints it, and "difficulty" (the object of
    `drez solve N --json`: grade, why, win rates...) when the shipped measures hold the deal."""
    n = parse_deal_number(request.path_params["n"])    # the rules of `drez deal N`
    answer = {"deal": n, "position": str(Position.from_deal(n, settle=False))}
    difficulty = difficulty_of(n)
    if difficulty is not None:
        answer["difficulty"] = difficulty
    return JSONResponse(answer)


async def no_deal(request):
    raise BadRequest(f"give a deal number after /api/deal/, a whole number 0-{MAX_DEAL}")


async def pick(request):
    difficulty = request.query_params.get("difficulty") or None
    winnable = request.query_params.get("winnable", "") in ("1", "true", "yes")
    if difficulty is not None and difficulty not in PICK_DIFFICULTIES:
        raise BadRequest(f"the difficulty must be one of {', '.join(PICK_DIFFICULTIES)}, "
                         f"not {difficulty[:30]!r}")
    if winnable and difficulty in ("lost", "unknown"):
        raise BadRequest(f"a winnable deal cannot be {difficulty}: ask for a winnable deal "
                         f"of another difficulty ({', '.join(GRADES)}), or for a {difficulty} "
                         "deal without 'winnable'")
    try:
        n = pick_deal(difficulty, winnable, None, None)
    except InputError:
        raise BadRequest("the deal index has no such deal; try another difficulty", 404) from None
    return JSONResponse({"deal": n})


async def daily(request):
    """{"date", "deal", "difficulty"}: the deal of the day (daily.py gives the rule)."""
    try:
        day = read_date(request.query_params.get("date"))
    except ValueError as e:
        raise BadRequest(str(e)) from None
    try:
        return JSONResponse(daily_deal(day))
    except (InputError, ZeroDivisionError):
        raise BadRequest("the deal index has no winnable deal to pick from", 404) from None


def _settled(pos: Position) -> dict:
    """{"position": the text, "moves": its legal moves, "won"} (`drez moves --json` with
    the position), and the board: "columns", "runs", "names"."""
    return {"position": str(pos), **moves_json("", pos.legal_moves(), pos.is_won()),
            **board_json(pos)}


async def position(request):
    """The position settled (series removed), its legal moves, and whether it is won."""
    return JSONResponse(_settled(_position(await read_json(request))))


async def moves(request):
    """The object `drez moves --json` prints: {"moves", "won"}."""
    pos = _position(await read_json(request))
    return JSONResponse(moves_json("", pos.legal_moves(), pos.is_won()))


async def apply(request):
    """The position after "move", as /api/position, with "removed_series" and "said"."""
    data = await read_json(request)
    pos = _position(data)
    move = _move(pos, data.get("move"))
    after = pos.play(move)
    return JSONResponse({**_settled(after), "move": move.json(),
                         "removed_series": removed_series(pos, move, after),
                         "said": said(pos, move, after)})


async def hint(request):
    """The hint: with "quick", the best known within about a second; else the proven one
    (within the server's caps)."""
    data = await read_json(request)
    pos, quick = _position(data), flag(data, "quick")
    answer, source = await _hint_search(request, data, pos, quick)
    return JSONResponse(hint_answer(answer, quick, source))


async def status(request):
    """Is the game still winnable: a verdict of a search of a few seconds, or the memory."""
    data = await read_json(request)
    pos = _position(data)
    memory = _memory(request)
    known = memory.get(pos)
    if known is not None and (known.won or known.lost):
        answer, source = hint_of(known), "memory"
    else:
        limits = _limits(request, data, STATUS_SECONDS)
        answer, own = await _verdict(request, pos, limits)
        if answer["verdict"] == "UNKNOWN" and not own:     # a shorter search's: search on
            answer, _ = await _verdict(request, pos, limits)
        known = memory.get(pos)
        answer, source = (hint_of(known), "memory") if better(known, answer) else (answer, "search")
    won = answer["verdict"] == "WON"
    return JSONResponse({
        "verdict": answer["verdict"], "at_most": answer["length"] if won else None,
        "at_least": answer["lower_bound"], "distance": answer["distance"],
        "proven": answer["proven"], "moves": answer["line"] if won else [],
        "lost_why": answer["lost_why"], "refine": won and not answer["proven"],
        "limit": answer["limit"], "source": source})


async def solve(request):
    """A solution: with "optimal" the proven-shortest one the caps allow; with "quick"
    the best known within about a second (then ask again without "quick")."""
    data = await read_json(request)
    pos, optimal, quick = _position(data), flag(data, "optimal"), flag(data, "quick")
    memory = _memory(request)
    known = memory.get(pos)
    if known is not None and (known.lost or known.proven or (known.won and (quick or not optimal))):
        answer, source = solution_of(known, optimal), "memory"
    else:
        searches = request.app.state.searches
        if quick:
            answer = await searches.run(request, "solve", _limits(request, data, QUICK_SECONDS),
                                        pos, False, lane="quick")
        else:
            answer = await searches.run(request, "solve", _limits(request, data), pos, optimal)
        feed_solve(memory, pos, answer)
        known = memory.get(pos)
        answer, source = {**answer, "lost_why": None}, "search"
        if known is not None and (known.lost or (known.won and (
                answer["verdict"] != "WON" or len(known.line) < answer["length"]
                or (known.proven and not answer["optimal"])))):
            answer, source = solution_of(known, optimal), "memory"
    proven = answer["verdict"] == "LOST" or (answer["verdict"] == "WON" and answer["optimal"])
    return JSONResponse({**answer, "proven": proven,
                         "refine": optimal and answer["verdict"] == "WON" and not proven,
                         "source": source})


def _record(data: dict):
    """A game record from {"record": text} or {"position": text, "moves": [...]}."""
    if "record" in data:
        record_text = text(data, "record", "the text of a game record")
    else:
        start, played = _position(data), data.get("moves", [])
        if not isinstance(played, list) or not all(isinstance(m, str) and len(m) <= 40
                                                    for m in played):
            raise BadRequest('"moves" must be a list of moves like "4>7"')
        if len(played) > MAX_RECORD_MOVES:
            raise BadRequest(f'"moves" may list at most {MAX_RECORD_MOVES} moves')
        record_text = format_record(str(start), played)
    return read_record(record_text, "record", base_dir=None)      # the API reads no file


async def review(request):
    data = await read_json(request)
    record = _record(data)
    if len(record.moves) > MAX_REVIEW_MOVES:
        raise BadRequest(f"a review takes at most {MAX_REVIEW_MOVES} moves")
    searches = request.app.state.searches
    limits = _limits(request, data)
    # one time budget for the whole game, shared out between its positions
    limits = dataclasses.replace(
        limits, max_seconds=max(0.2, limits.max_seconds / (len(record.moves) + 1)))
    return JSONResponse(await searches.run(request, "review", limits, record))


async def record(request):
    """{"record": the text of a game record} of {"position" or "deal", "moves"}; 400
    naming the bad line when a move is not legal where it is played."""
    data = await read_json(request)
    n = whole(data, "deal", 0, MAX_DEAL)
    played = data.get("moves", [])
    if not isinstance(played, list) or not all(isinstance(m, str) and len(m) <= 40
                                                for m in played):
        raise BadRequest('"moves" must be a list of moves like "4>7" or "4>7:2"')
    if len(played) > MAX_RECORD_MOVES:
        raise BadRequest(f'"moves" may list at most {MAX_RECORD_MOVES} moves')
    start = f"deal {n}" if n is not None else str(_position(data))
    record_text = format_record(start, [m.strip() for m in played])
    read_record(record_text, "record", base_dir=None)         # every move legal
    return JSONResponse({"record": record_text})


async def read_record_route(request):
    """{"deal": n or null, "position": the start, "moves": ["4>7:1", ...]} of a record."""
    data = await read_json(request)
    rec = read_record(text(data, "record", "the text of a game record"), "record", base_dir=None)
    deal_n = int(rec.label[5:]) if rec.label.startswith("deal ") else None
    return JSONResponse({"deal": deal_n, "position": str(rec.start),
                         "moves": [m.text() for _, m, _ in rec.moves],
                         "move_objects": [m.json() for _, m, _ in rec.moves]})


async def picture(request):
    """The SVG board: {"position"}, with {"move"} marked as a hint, or with
    {"played": true} the position after that move, the move marked where it landed."""
    data = await read_json(request)
    pos = _position(data)
    played = flag(data, "played")
    if data.get("move") is None:
        svg = position_svg(pos)
    elif played:
        move = _move(pos, data["move"])
        after = pos.play(move)
        svg = position_svg(after, played_marks(pos, move, after))
    else:
        move = _move(pos, data["move"])
        svg = position_svg(pos, move_marks(pos, move))
    return Response(svg, media_type="image/svg+xml")


async def steps(request):
    """The step-through page (as `drez solve --html` writes) of a solution from "position"."""
    data = await read_json(request)
    pos, optimal = _position(data), flag(data, "optimal")
    searches = request.app.state.searches
    return HTMLResponse(await searches.run(request, "steps", _limits(request, data), pos, optimal))


ROUTES = [Route("/api/deal/", no_deal), Route("/api/deal/{n}", deal),
          Route("/api/pick", pick), Route("/api/daily", daily),
          Route("/api/position", position, methods=["POST"]),
          Route("/api/moves", moves, methods=["POST"]),
          Route("/api/apply", apply, methods=["POST"]),
          Route("/api/hint", hint, methods=["POST"]),
          Route("/api/status", status, methods=["POST"]),
          Route("/api/solve", solve, methods=["POST"]),
          Route("/api/review", review, methods=["POST"]),
          Route("/api/record", record, methods=["POST"]),
          Route("/api/read-record", read_record_route, methods=["POST"]),
          Route("/api/picture", picture, methods=["POST"]),
          Route("/api/steps", steps, methods=["POST"])]
