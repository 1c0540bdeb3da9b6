"""The local web app: the page that plays Solodrez, and the JSON API it (and scripts) use.

Built on Starlette (served by uvicorn, `drez serve`).  Every answer of the API is JSON,
errors too: `{"error": "what is wrong"}` with a 4xx status; never a traceback page.
Bad input found by the readers of drez.solver.solodrez.io (an InputError) answers 400
with its message.  Request bodies are limited to MAX_BODY bytes; every search runs
through `Searches` (off the request loop, bounded in time and memory).  The objects are
exactly those the commands print with --json, built by the same functions
(drez.solver.solodrez.io.jsonout): `drez hint --json`, `drez moves --json`, `drez solve
--json`, `drez review --json`.  README.md lists the routes.
"""
from __future__ import annotations

import contextlib
import dataclasses
import json
import os

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from drez.solver.solodrez.io.errors import InputError
from drez.solver.solodrez.io.inputs import parse_deal_number, read_move, read_position
from drez.solver.solodrez.io.jsonout import moves_json
from drez.solver.solodrez.io.pick import pick_deal
from drez.solver.solodrez.io.records import format_record, read_record
from drez.solver.solodrez.pictures.svg import move_marks, played_marks, position_svg
from drez.solver.solodrez.rules.moves import Move
from drez.solver.solodrez.rules.position import Position
from drez.webapp.games import games_routes
from drez.webapp.searches import Budget, Busy, Searches

MAX_BODY = 64 * 1024          # a position is ~200 bytes, a long game record ~2 KB
MAX_REVIEW_MOVES = 300
STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")


class BadRequest(HTTPException):
    def __init__(self, detail: str, status: int = 400):
        super().__init__(status, detail)


async def read_json(request) -> dict:
    """The request's JSON object; 413 past MAX_BODY bytes, 400 if it is not a JSON object."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > MAX_BODY:
        raise BadRequest(f"request body over {MAX_BODY} bytes", 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise BadRequest(f"request body over {MAX_BODY} bytes", 413)
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise BadRequest(f"the body is not JSON: {e}") from None
    except RecursionError:
        raise BadRequest("the body nests JSON too deeply") from None
    if not isinstance(data, dict):
        raise BadRequest('the body must be a JSON object, like {"position": "..."}')
    return data


def _position(data: dict, key: str = "position") -> Position:
    text = data.get(key)
    if not isinstance(text, str):
        raise BadRequest(f'"{key}" must be a string in the position text format (nine lines)')
    return read_position(text, key)


def _move(pos: Position, value) -> Move:
    """The legal move named by "4>7" / "4>7:3" or {"from": 4, "to": 7, "cards": 3}."""
    if isinstance(value, dict):
        src, dst, cards = value.get("from"), value.get("to"), value.get("cards")
        if not (_whole(src, 1, 9) and _whole(dst, 1, 9)
                and (cards is None or _whole(cards, 1, 56))):
            raise BadRequest('"move" must be like "4>7" or {"from": 4, "to": 7, "cards": 1}: '
                             '"from" and "to" whole numbers 1-9, "cards" 1-56')
        value = f"{src}>{dst}" + (f":{cards}" if cards is not None else "")
    if not isinstance(value, str):
        raise BadRequest('"move" must be like "4>7" or {"from": 4, "to": 7, "cards": 1}')
    return read_move(pos, value)


def _whole(value, low: int, high: int) -> bool:
    """value is a JSON whole number (not true/false, not 3.7) in low..high."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _seconds(data: dict) -> float | None:
    value = data.get("max_seconds")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < 1e9:
        raise BadRequest('"max_seconds" must be a positive number')
    return float(value)


def _flag(data: dict, key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise BadRequest(f'"{key}" must be true or false')
    return value


# ---- routes -------------------------------------------------------------------------

async def page(request):
    return FileResponse(os.path.join(STATIC, "index.html"))


async def deal(request):
    n = parse_deal_number(request.path_params["n"])    # the rules of `drez deal N`
    return JSONResponse({"deal": n, "position": str(Position.from_deal(n, settle=False))})


async def pick(request):
    difficulty = request.query_params.get("difficulty") or None
    winnable = request.query_params.get("winnable", "") in ("1", "true", "yes")
    return JSONResponse({"deal": pick_deal(difficulty, winnable, None, None)})


def _settled(pos: Position) -> dict:
    """{"position": the text, "moves": its legal moves, "won"}: `drez moves --json` with
    the position."""
    return {"position": str(pos), **moves_json("", pos.legal_moves(), pos.is_won())}


async def position(request):
    """The position settled (series removed), its legal moves, and whether it is won."""
    return JSONResponse(_settled(_position(await read_json(request))))


async def moves(request):
    """The object `drez moves --json` prints: {"moves", "won"}."""
    pos = _position(await read_json(request))
    return JSONResponse(moves_json("", pos.legal_moves(), pos.is_won()))


async def apply(request):
    data = await read_json(request)
    pos = _position(data)
    return JSONResponse(_settled(pos.play(_move(pos, data.get("move")))))


async def hint(request):
    data = await read_json(request)
    pos = _position(data)
    searches = request.app.state.searches
    return JSONResponse(await searches.run(request, "hint", searches.limits(_seconds(data)), pos))


async def _solution(request, job: str):
    """Run `job` ("solve" or "steps") on {"position", "optimal"}."""
    data = await read_json(request)
    pos, optimal = _position(data), _flag(data, "optimal")
    searches = request.app.state.searches
    return await searches.run(request, job, searches.limits(_seconds(data)), pos, optimal)


async def solve(request):
    return JSONResponse(await _solution(request, "solve"))


def _record(data: dict):
    """A game record from {"record": text} or {"position": text, "moves": [...]}."""
    if "record" in data:
        text = data["record"]
        if not isinstance(text, str):
            raise BadRequest('"record" must be the text of a game record')
    else:
        start, played = _position(data), data.get("moves", [])
        if not isinstance(played, list) or not all(isinstance(m, str) for m in played):
            raise BadRequest('"moves" must be a list of moves like "4>7"')
        text = format_record(str(start), played)
    record = read_record(text, "record", base_dir=None)      # the API reads no file
    if len(record.moves) > MAX_REVIEW_MOVES:
        raise BadRequest(f"a review takes at most {MAX_REVIEW_MOVES} moves")
    return record


async def review(request):
    data = await read_json(request)
    record = _record(data)
    searches = request.app.state.searches
    limits = searches.limits(_seconds(data))
    # one time budget for the whole game, shared out between its positions
    limits = dataclasses.replace(
        limits, max_seconds=max(0.2, limits.max_seconds / (len(record.moves) + 1)))
    return JSONResponse(await searches.run(request, "review", limits, record))


async def picture(request):
    """The SVG board: {"position"}, with {"move"} marked as a hint, or with
    {"played": true} the position after that move, the move marked where it landed."""
    data = await read_json(request)
    pos = _position(data)
    if data.get("move") is None:
        svg = position_svg(pos)
    elif _flag(data, "played"):
        move = _move(pos, data["move"])
        after = pos.play(move)
        svg = position_svg(after, played_marks(pos, move, after))
    else:
        move = _move(pos, data["move"])
        svg = position_svg(pos, move_marks(pos, move))
    return Response(svg, media_type="image/svg+xml")


async def steps(request):
    """The step-through page (as `drez solve --html` writes) of a solution from "position"."""
    return HTMLResponse(await _solution(request, "steps"))


async def http_error(request, exc: HTTPException):
    return JSONResponse({"error": exc.detail}, status_code=exc.status_code)


async def bad_input(request, exc: InputError):
    return JSONResponse({"error": str(exc)}, status_code=400)


async def busy(request, exc: Busy):
    return JSONResponse({"error": str(exc)}, status_code=503)


async def server_error(request, exc: Exception):
    return JSONResponse({"error": f"internal error: {exc.__class__.__name__}"}, status_code=500)


class HostCheck:
    """Refuses a request whose Host header names no allowed host (DNS rebinding) with a JSON
    400 like every other error of the API; an allowed "*" accepts any host."""

    def __init__(self, app, allowed):
        self.app, self.allowed = app, set(allowed)

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and "*" not in self.allowed:
            host = Headers(scope=scope).get("host", "")
            name = host[:host.find("]") + 1] if host.startswith("[") else host.split(":")[0]
            if name not in self.allowed:
                shown = repr(host[:60]) if host else "requests without a Host header"
                answer = JSONResponse({"error": f"this server does not serve {shown}"}, 400)
                await answer(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _lifespan(searches: Searches):
    @contextlib.asynccontextmanager
    async def lifespan(app):
        await searches.start()
        yield
        searches.shutdown()       # Ctrl-C: running searches stop at their next slice
    return lifespan


def create_app(budget: Budget | None = None, allowed_hosts=("127.0.0.1", "localhost")) -> Starlette:
    """The app; `allowed_hosts` guards against DNS rebinding (["*"] to accept any)."""
    searches = Searches(budget or Budget())
    routes = [Route("/", page), Route("/api/deal/{n}", deal), Route("/api/pick", pick),
              Route("/api/position", position, methods=["POST"]),
              Route("/api/moves", moves, methods=["POST"]),
              Route("/api/apply", apply, methods=["POST"]),
              Route("/api/hint", hint, methods=["POST"]),
              Route("/api/solve", solve, methods=["POST"]),
              Route("/api/review", review, methods=["POST"]),
              Route("/api/picture", picture, methods=["POST"]),
              Route("/api/steps", steps, methods=["POST"]),
              Mount("/static", StaticFiles(directory=STATIC), name="static")]
    routes += games_routes(read_json)
    app = Starlette(routes=routes,
                    middleware=[Middleware(HostCheck, allowed=allowed_hosts)],
                    exception_handlers={HTTPException: http_error, InputError: bad_input,
                                        Busy: busy, Exception: server_error},
                    lifespan=_lifespan(searches))
    app.state.searches = searches
    return app
