"""Load test of `drez serve` on loopback: many concurrent hints, and the page during a slow search.

    .venv/bin/python -m dev.web_load [--requests 400] [--concurrency 50] [--slow-seconds 5]

Starts its own `drez serve --max-seconds S --workers 2` on a free 127.0.0.1 port (only
loopback traffic, a bounded number of requests), then:
1. burst: `--requests` POST /api/hint on late-game positions (6-10 moves from a win),
   `--concurrency` at a time; every answer must be HTTP 200 with a legal WON move;
2. slow search: one hint on deal SLOW_DEAL (its shortest-solution search runs to the time cap S)
   takes one worker; meanwhile the page (GET /, /static/play.js), /api/deal, /api/moves,
   /api/picture and fast hints are requested in a loop, each latency recorded.
Prints one JSON object with the counts and latencies; stops the server with SIGINT.
"""
from __future__ import annotations

import json

import click

from drez.solver.solodrez.kernels import ensure_compiled
from tests.web.loadtest import burst, late_positions, slow_search
from tests.web.local_server import Server


@click.command()
@click.option("--requests", default=400, show_default=True)
@click.option("--concurrency", default=50, show_default=True)
@click.option("--slow-seconds", default=5.0, show_default=True,
              help="The server's time cap per search (how long the slow hint runs).")
def main(requests, concurrency, slow_seconds):
    ensure_compiled()
    positions = late_positions()
    server = Server("--max-seconds", str(slow_seconds), "--workers", "2", "--max-memory", "256M")
    try:
        out = {"burst": burst(server.url, positions, requests, concurrency),
               "during_slow_search": slow_search(server.url, positions[0], slow_seconds)}
    finally:
        code, _err, seconds = server.stop()
    out["server_stop"] = {"exit": code, "seconds": round(seconds, 2)}
    click.echo(json.dumps(out))


if __name__ == "__main__":
    main()
