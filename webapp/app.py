"""The local web app: the pages that play the games, and the JSON API they (and scripts) use.

Built on Starlette (served by uvicorn, `drez serve`).  This module builds the app: the
Host check, the error handlers, the searches' lifespan, the pages and static files, and
the routes each game gives (Solodrez's in webapp/solodrez/api.py): `create_app` mounts
every list of GAME_ROUTES.  Every answer of the API is JSON, errors too: `{"error":
"what is wrong"}` with a 4xx status (an unknown /api path too); never a traceback page.
Bad input found by the readers of drez.solver.solodrez.io (an InputError) answers 400 with
its message.  Request bodies are limited to MAX_BODY bytes (webapp/bodies.py); every
search runs through `Searches` (off the request loop, bounded in time and memory).
README.md lists the routes.
"""
from __future__ import annotations

import contextlib
import os

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Match, Mount, Route
from starlette.staticfiles import StaticFiles

from drez.solver.solodrez.io.errors import InputError
from drez.webapp.bodies import BadRequest
from drez.webapp.games import games_routes
from drez.webapp.searches import Budget, Busy, Searches
from drez.webapp.solodrez.api import ROUTES as SOLODREZ_ROUTES

STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")
GAME_ROUTES = [SOLODREZ_ROUTES]          # each game's API routes, mounted by create_app


async def page(request):
    return FileResponse(os.path.join(STATIC, "index.html"))


async def rules(request):
    """The rules page (webapp/static/rules.html)."""
    return FileResponse(os.path.join(STATIC, "rules.html"))


async def api_not_found(request):
    """404 for a path no route serves; 405 for one served with another method."""
    for route in request.app.router.routes:
        other = getattr(route, "endpoint", None) is not api_not_found
        if other and route.matches(request.scope)[0] == Match.PARTIAL:
            raise BadRequest(f"{request.method[:10]} is not allowed on {request.url.path[:80]}", 405)
    raise BadRequest(f"no such API route: {request.url.path[:80]}", 404)


async def http_error(request, exc: HTTPException):
    detail = exc.detail
    if exc.status_code == 404 and detail == "Not Found":
        detail = f"nothing is served at {request.url.path[:80]}"
    elif exc.status_code == 405:
        detail = f"{request.method[:10]} is not allowed on {request.url.path[:80]}"
    return JSONResponse({"error": detail}, status_code=exc.status_code,
                        headers=getattr(exc, "headers", None))


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
    routes = [Route("/", page), Route("/rules", rules)]
    for game_routes in GAME_ROUTES:
        routes += game_routes
    routes += games_routes()   # Crapette and Up-and-down
    routes += [Route("/api/{rest:path}", api_not_found,
                     methods=["GET", "POST", "PUT", "DELETE", "PATCH"]),
               Mount("/static", StaticFiles(directory=STATIC), name="static")]
    app = Starlette(routes=routes,
                    middleware=[Middleware(HostCheck, allowed=allowed_hosts)],
                    exception_handlers={HTTPException: http_error, InputError: bad_input,
                                        Busy: busy, Exception: server_error},
                    lifespan=_lifespan(searches))
    app.state.searches = searches
    return app
