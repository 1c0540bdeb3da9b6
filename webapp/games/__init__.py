"""Crapette and Up-and-down in the web app: their pages, rules pages and JSON API (api.py),
over one bounded store of games in play (store.py).  `create_app` mounts them with
``routes += games_routes()``."""
from __future__ import annotations

import os

from starlette.responses import FileResponse, HTMLResponse
from starlette.routing import Route

from drez.webapp.games.api import GamesAPI
from drez.webapp.games.crapette import CrapetteTable
from drez.webapp.games.rules import rules_page
from drez.webapp.games.store import GameStore
from drez.webapp.games.updown import UpdownTable

STATIC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "static")
TABLES = {"crapette": CrapetteTable, "updown": UpdownTable}


def _page(kind: str):
    async def page(request):
        return FileResponse(os.path.join(STATIC, kind, "index.html"))
    return page


def _rules(kind: str):
    async def rules(request):
        return HTMLResponse(rules_page(kind))
    return rules


def games_routes(store: GameStore | None = None) -> list[Route]:
    """The pages (/crapette, /updown), rules pages (/KIND/rules) and API routes of both
    games, over one bounded store of games in play."""
    store = store or GameStore()
    routes = []
    for kind, table in TABLES.items():
        routes += [Route(f"/{kind}", _page(kind)), Route(f"/{kind}/rules", _rules(kind))]
        routes += GamesAPI(kind, table, store).routes()
    return routes
