"""Whole Crapette games in Chromium against the rule player, every move made one way (click,
drag or keys) at a chosen size, counting the moves that never happen: the probe that found
why the phone game stalled in CI (the browser's own drag cancelled the page's).

    .venv/bin/python -m dev.crapette_stall [--games 20] [--size phone] [--how drag]

Uses the browser test's helpers (tests/web/test_games_browser.py) and its own `drez serve`;
for a stall it prints the move tried, what the page said, and the pointer and drag events
the page saw for that move.
"""
from __future__ import annotations

import random

import click

from tests.web import test_games_browser as game
from tests.web.local_server import Server

EVENTS = """
window.__events = [];
for (const t of ['pointerdown', 'pointerup', 'pointercancel', 'dragstart', 'scroll'])
  document.addEventListener(t, e => window.__events.push(
    `${t} at ${e.clientX | 0},${e.clientY | 0} on ${e.target.className || e.target.nodeName}`
    + ` scrollY ${window.scrollY | 0}`), true);
"""


@click.command()
@click.option("--games", default=20, show_default=True)
@click.option("--size", type=click.Choice(sorted(game.SIZES)), default="phone", show_default=True)
@click.option("--how", type=click.Choice(["click", "drag", "keys"]), default="drag",
              show_default=True)
@click.option("--wait", default=20.0, show_default=True, help="Seconds to wait for a move.")
def main(games, size, how, wait):
    from playwright.sync_api import sync_playwright
    game.WAIT_MS = int(wait * 1000)
    server = Server("--max-seconds", "3", "--max-memory", "128M")
    stalls = moves = 0
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=game.CHROMIUM, args=game.FLAGS)
            for g in range(games):
                page, _errors = game._page(browser, size)
                page.add_init_script(EVENTS)

                def choose(page=page):
                    page.select_option("#opponent", "rule")
                    page.select_option("#games", "1")
                view = game._start(page, server.url + "/crapette", choose)
                rng, n = random.Random(f"{size}{g}"), 0
                try:
                    while view["result"] is None and n < 400:
                        page.evaluate("window.__events = []")
                        tried = game._crapette_move(page, view, rng, how)
                        view = game._wait(page, tried)
                        n += 1
                    print(f"game {g}: {n} moves, no stall", flush=True)
                except AssertionError as e:
                    stalls += 1
                    print(f"game {g}: stalled after {n} moves: {e}", flush=True)
                    for line in page.evaluate("window.__events"):
                        print("   ", line)
                moves += n
                page.close()
    finally:
        server.stop()
    print(f"{stalls} stalls in {games} games ({moves} moves by {how} at {size} size)")


if __name__ == "__main__":
    main()
