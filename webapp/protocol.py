"""uvicorn's HTTP/1.1 protocol, hardened for `drez serve`.

uvicorn times out a connection only while it idles between two requests; one that opens
and sends nothing, or trickles a request head, holds its place forever, and with
`limit_concurrency` 200 such connections locked every client out.  Here a connection
that is not being served (no request yet, or its last answer sent) is closed after
IDLE_SECONDS; more than MAX_CONNECTIONS open at once are turned away; and the server
layer's own errors (a malformed request, too many connections) are JSON, as the app's.
"""
from __future__ import annotations

import json

from uvicorn.protocols.http.h11_impl import H11Protocol

IDLE_SECONDS = 10.0
MAX_CONNECTIONS = 1000


def _raw_json(status: int, reason: str, error: str) -> bytes:
    body = json.dumps({"error": error}).encode()
    return (f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n").encode() + body


class HardenedH11(H11Protocol):
    """H11Protocol with an idle deadline from the first byte on, a connection cap, and
    JSON errors; everything else is uvicorn's."""

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        if len(self.connections) > MAX_CONNECTIONS:
            transport.write(_raw_json(503, "Service Unavailable",
                                      "the server has too many connections; try again soon"))
            transport.close()
            return
        self._idle = self.loop.call_later(IDLE_SECONDS, self._close_if_idle)

    def _close_if_idle(self) -> None:
        serving = self.cycle is not None and not self.cycle.response_complete
        if serving:
            self._idle = self.loop.call_later(IDLE_SECONDS, self._close_if_idle)
        elif not self.transport.is_closing():
            self.transport.close()

    def connection_lost(self, exc) -> None:
        idle = getattr(self, "_idle", None)
        if idle is not None:
            idle.cancel()
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        self.transport.write(_raw_json(400, "Bad Request", msg))
