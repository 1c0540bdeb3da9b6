"""One JSON API shape for both two-or-more-player games (Crapette, Up-and-down).

For a game KIND (``crapette`` or ``updown``), every route is a POST of a JSON object:

    /api/KIND/new            {options}  -> {"game": id, "tokens": {seat: token}, "view"}
    /api/KIND/ID/view        {"token"}  -> {"view"}
    /api/KIND/ID/act         {"token", "move"}  -> {"played", "view"}
    /api/KIND/ID/computer    {"token"}  -> {"steps": [{"seat", "move", "view"}], "view", "more"}
    /api/KIND/ID/hint        {"token"}  -> {"hint"}
    /api/KIND/ID/next        {"token"}  -> {"view"}     (the next game of the match)

Every "view" is the view of the seat whose token was sent: the cards that seat may see and
nothing else; no answer holds a seed.  The computer's moves come as steps, each with the
asking seat's view after it, a bounded number per answer ("more": ask again).  A table
class (crapette.CrapetteTable, updown.UpdownTable) holds one game and a match; this module
only routes, checks tokens and bounds the work of one request.
"""
from __future__ import annotations

import time

from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse
from starlette.routing import Route

from drez.webapp.bodies import BadRequest, read_json
from drez.webapp.games.store import GameStore, NotFound

MAX_STEPS = 60           # computer moves in one answer
STEP_SECONDS = 1.0       # ... and the time to compute them (at least one move is made)


class GamesAPI:
    """The routes of one game kind over a `GameStore`; `table_class(data)` builds a table
    from the new-game options (BadRequest when they are wrong)."""

    def __init__(self, kind: str, table_class, store: GameStore):
        self.kind, self.table_class, self.store = kind, table_class, store

    def routes(self) -> list[Route]:
        base = f"/api/{self.kind}"
        return [Route(f"{base}/new", self.new, methods=["POST"]),
                Route(base + "/{game}/view", self.view, methods=["POST"]),
                Route(base + "/{game}/act", self.act, methods=["POST"]),
                Route(base + "/{game}/computer", self.computer, methods=["POST"]),
                Route(base + "/{game}/hint", self.hint, methods=["POST"]),
                Route(base + "/{game}/next", self.next_game, methods=["POST"])]

    async def _entry(self, request):
        data = await read_json(request)
        entry, seat = self.store.get(request.path_params["game"], data.get("token"))
        if entry.table.kind != self.kind:          # a game of the other kind: not here
            raise NotFound()
        return data, entry, seat

    @staticmethod
    async def _locked(entry, work, *args):
        def run():
            with entry.lock:
                return work(*args)
        return await run_in_threadpool(run)

    async def new(self, request):
        data = await read_json(request)
        table = self.table_class(data)
        game_id, tokens = self.store.add(table, table.human_seats())
        first = min(tokens)
        view = await run_in_threadpool(table.view, first)
        return JSONResponse({"game": game_id, "tokens": {str(s): t for s, t in tokens.items()},
                             "view": view})

    async def view(self, request):
        _, entry, seat = await self._entry(request)
        return JSONResponse({"view": await self._locked(entry, entry.table.view, seat)})

    async def act(self, request):
        data, entry, seat = await self._entry(request)
        if "move" not in data:
            raise BadRequest('"move" is missing')

        def work():
            played = entry.table.act(seat, data["move"])
            return {"played": played, "view": entry.table.view(seat)}
        return JSONResponse(await self._locked(entry, work))

    async def computer(self, request):
        _, entry, seat = await self._entry(request)

        def work():
            table, steps = entry.table, []
            start = time.monotonic()
            while (table.computer_to_move() and len(steps) < MAX_STEPS
                   and (not steps or time.monotonic() - start < STEP_SECONDS)):
                step = table.computer_step()
                step["view"] = table.view(seat, brief=True)
                steps.append(step)
            return {"steps": steps, "view": table.view(seat), "more": table.computer_to_move()}
        return JSONResponse(await self._locked(entry, work))

    async def hint(self, request):
        _, entry, seat = await self._entry(request)
        return JSONResponse({"hint": await self._locked(entry, entry.table.hint, seat)})

    async def next_game(self, request):
        _, entry, seat = await self._entry(request)

        def work():
            entry.table.next_game()
            return {"view": entry.table.view(seat)}
        return JSONResponse(await self._locked(entry, work))
