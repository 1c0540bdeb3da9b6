"""The page in a real browser: headless Debian Chromium driven by Playwright against a real
`drez serve`.  Load a deal, paste a position, move by clicking and by dragging, ask for a
hint and see it drawn, undo and redo, step through a solution, review the game.

Skipped, with the reason printed, where Chromium or Playwright is missing (`.ci/run`
installs both, so CI always runs these).  Screenshots go to $DREZ_SCREENSHOTS if set,
else to the test's temporary folder.
"""
from __future__ import annotations

import os
import shutil

import pytest

from tests.solodrez.hint_corpus import decided_positions, losing_move
from tests.web.local_server import Server

CHROMIUM = os.environ.get("DREZ_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _why_not() -> str | None:
    if not os.path.exists(CHROMIUM):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium chromium-driver)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install playwright)"
    return None


REASON = _why_not()
if REASON and os.environ.get("DREZ_REQUIRE_BROWSER"):   # set by .ci/run, which installs it
    raise RuntimeError(f"DREZ_REQUIRE_BROWSER is set but {REASON}")
if REASON:
    print(f"\ntests/web/test_browser.py skipped: {REASON}")
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")


@pytest.fixture(scope="module")
def server():
    s = Server("--max-seconds", "3", "--max-memory", "128M")
    yield s
    code, err, _seconds = s.stop()
    assert code == 0 and "stopped" in err and "Traceback" not in err, err


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


@pytest.fixture
def shots(tmp_path):
    folder = os.environ.get("DREZ_SCREENSHOTS") or str(tmp_path)
    os.makedirs(folder, exist_ok=True)
    return lambda page, name: page.screenshot(path=os.path.join(folder, name), full_page=True)


def _late():
    for _, pos, d in decided_positions():
        if d != "LOST" and 5 <= d <= 8 and sum(map(len, pos.columns)) > 12:
            return pos, d
    raise AssertionError("no late corpus position")


def _cards(page, col):
    return page.eval_on_selector_all(f'#board g.card[data-col="{col}"]',
                                     "els => els.map(e => e.dataset.card)")


# Waits are generous upper bounds on things that must happen, never the thing measured:
# a loaded machine may take seconds where an idle one takes milliseconds.
WAIT_MS = 120_000


def _new_page(browser):
    page = browser.new_page(viewport={"width": 900, "height": 1000})
    page.set_default_timeout(WAIT_MS)
    return page


def _status(page, text):
    page.wait_for_function("t => document.getElementById('status').textContent.includes(t)",
                           arg=text, timeout=WAIT_MS)


def _click_card(page, col, index):
    """Click the strip of a card that the cards on it leave visible (its top edge)."""
    page.locator(f'#board g.card[data-col="{col}"][data-index="{index}"]').click(
        position={"x": 30, "y": 8})


def _center(page, selector):
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + min(12, box["height"] / 2)


def test_play_a_position_in_the_browser(server, browser, shots):
    from drez.solver.solodrez.hints import hint
    page = _new_page(browser)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/?deal=42")
    page.wait_for_selector("#board g.card")
    assert page.locator("#board g.card").count() == 56
    assert page.inner_text("#title") == "deal 42"
    _status(page, "winnable")
    shots(page, "1-deal-42.png")

    pos, d = _late()
    page.click("#paste-toggle")
    page.fill("#position-text", str(pos))
    page.click("#paste button[type=submit]")
    _status(page, f"wins in {d} (proven)")
    start = {c: _cards(page, c) for c in range(1, 10)}

    # a move by clicking: the lowest card of the run, then the destination column
    best = hint(pos).move
    run_index = len(pos.columns[best.src]) - best.cards
    _click_card(page, best.src + 1, run_index)
    page.locator(f'#board rect.column[data-col="{best.dst + 1}"]').click(position={"x": 30, "y": 10})
    _status(page, f"wins in {d - 1} (proven)")
    assert page.inner_text("#played") == "1 move played"
    moved = start[best.src + 1][run_index:]
    assert _cards(page, best.dst + 1)[-len(moved):] == moved or not _cards(page, best.dst + 1)
    assert page.locator("#board g.card.marked").count() in (0, best.cards)
    shots(page, "2-after-a-click-move.png")

    # a hint, drawn on the board: the arrow and the run it moves
    page.click("#hint")
    page.wait_for_function("document.getElementById('message').textContent.startsWith('hint: play')")
    assert page.locator("#board path.arrow").count() == 1
    assert page.locator("#board g.card.marked").count() >= 1
    shots(page, "3-hint-drawn.png")

    # undo, then redo
    page.click("#undo")
    _status(page, f"wins in {d} (proven)")
    assert {c: _cards(page, c) for c in range(1, 10)} == start
    assert page.inner_text("#played") == "0 moves played"
    page.click("#redo")
    _status(page, f"wins in {d - 1} (proven)")
    page.click("#undo")
    _status(page, f"wins in {d} (proven)")

    # a move by dragging the run onto its destination
    x1, y1 = _center(page, f'#board g.card[data-col="{best.src + 1}"][data-index="{run_index}"]')
    x2, y2 = _center(page, f'#board rect.column[data-col="{best.dst + 1}"]')
    page.mouse.move(x1, y1)
    page.mouse.down()
    page.mouse.move(x2, y2 + 40, steps=5)
    page.mouse.up()
    _status(page, f"wins in {d - 1} (proven)")

    # the solution from here, as a step-through in the page
    page.click("#solution")
    frame = page.frame_locator("#solution-frame")
    frame.locator("#counter").wait_for()
    assert frame.locator("#counter").inner_text() == f"step 0 of {d - 1}"
    frame.locator("#next").click()
    assert frame.locator("#counter").inner_text() == f"step 1 of {d - 1}"
    frame.locator("body").press("ArrowRight")
    assert frame.locator("#counter").inner_text() == f"step 2 of {d - 1}"
    frame.locator("body").press("ArrowLeft")
    assert frame.locator("#counter").inner_text() == f"step 1 of {d - 1}"
    assert frame.locator(".step:not([hidden]) path.arrow").count() == 1
    shots(page, "4-solution-step-through.png")

    # the review of the game so far (one good move)
    page.click("#review")
    page.wait_for_selector("#review-panel:not([hidden])")
    text = page.inner_text("#review-text")
    assert "summary: 1 move played" in text and "no move lost the game" in text
    assert errors == []
    page.close()


def test_a_losing_move_is_named_by_the_review(server, browser):
    for _, pos, d in decided_positions():
        if d != "LOST" and 3 <= d <= 8:
            bad = losing_move(pos)
            if bad:
                break
    page = _new_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("#board g.card")
    page.click("#paste-toggle")
    page.fill("#position-text", str(pos))
    page.click("#paste button[type=submit]")
    _status(page, f"wins in {d} (proven)")
    run_index = len(pos.columns[bad.src]) - bad.cards
    _click_card(page, bad.src + 1, run_index)
    page.locator(f'#board rect.column[data-col="{bad.dst + 1}"]').click(position={"x": 30, "y": 10})
    _status(page, "lost")
    page.click("#review")
    page.wait_for_selector("#review-panel:not([hidden])")
    assert "first losing move: move 1" in page.inner_text("#review-text")
    page.close()
