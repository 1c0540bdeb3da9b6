"""The Crapette and Up-and-down pages in a real browser (headless Chromium, Playwright,
a real `drez serve`): a whole game against the computer at desktop (1280x800) and phone
(390x844) sizes, moves chosen from the page's own legal-move data (window.drezView) and
made by clicking, dragging and the keyboard; no sideways scroll; the rules one click away;
axe finds no serious or critical violation when axe-playwright-python is installed.

Skipped, with the reason printed, where Chromium or Playwright is missing (DREZ_REQUIRE_BROWSER
makes that an error, as in test_browser.py).  Screenshots go to $DREZ_SCREENSHOTS if set
(reports/web/ for the committed ones), else to the test's temporary folder.  Waits are
generous upper bounds (120 s), never measured.
"""
from __future__ import annotations

import os
import random
import shutil

import pytest

from tests.web.local_server import Server

CHROMIUM = os.environ.get("DREZ_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT_MS = 120_000
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
READY = ("() => { const v = window.drezView; return document.body.dataset.busy === '0' && v"
         " && (v.result || !v.computer_to_move) && window.drezView !== window.__before; }")


def _why_not() -> str | None:
    if not os.path.exists(CHROMIUM):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium chromium-driver)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install playwright)"
    return None


REASON = _why_not()
if REASON and os.environ.get("DREZ_REQUIRE_BROWSER"):
    raise RuntimeError(f"DREZ_REQUIRE_BROWSER is set but {REASON}")
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")


@pytest.fixture(scope="module")
def server():
    s = Server("--max-seconds", "3", "--max-memory", "128M")
    yield s
    code, err, _seconds = s.stop()
    assert code == 0 and "Traceback" not in err, err


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


def _page(browser, size):
    w, h = SIZES[size]
    page = browser.new_page(viewport={"width": w, "height": h})
    page.set_default_timeout(WAIT_MS)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def _wait(page, after=""):
    """The page's view once it is ready for the next move; when it never is, fail saying
    what was tried and what the page said (status and the live region)."""
    from playwright.sync_api import TimeoutError as PageTimeout
    try:
        page.wait_for_function(READY, timeout=WAIT_MS)
    except PageTimeout:
        said = page.evaluate("[document.getElementById('status').textContent,"
                             " (document.getElementById('live') || {}).textContent]")
        raise AssertionError(f"no new view after {after or 'the last action'}; "
                             f"the page says {said!r}") from None
    return page.evaluate("window.drezView")


def _mark(page):
    page.evaluate("window.__before = window.drezView")


def _fits(page):
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "sideways scroll"


def _table_top(page):
    """Where the home piles are: picking a card must not move them (a drag in progress
    would drop on whatever slid under the pointer)."""
    return page.evaluate("document.getElementById('homes').getBoundingClientRect().top")


def _no_native_drag(page, pile):
    """Whether the page refuses the browser's own drag (and text selection) on a card: when
    Chromium starts one, as it can when the page scrolls mid-drag, it cancels the pointer
    and the card stays picked instead of moving (the phone stall seen in CI)."""
    return page.evaluate("""name => {
        const card = document.querySelector(`.pile[data-pile="${name}"] .card:last-of-type`);
        const drag = new DragEvent("dragstart", {bubbles: true, cancelable: true});
        const down = new PointerEvent("pointerdown", {bubbles: true, cancelable: true, pointerId: 99});
        card.dispatchEvent(drag);
        card.dispatchEvent(down);
        document.dispatchEvent(new PointerEvent("pointercancel", {bubbles: true, pointerId: 99}));
        return drag.defaultPrevented && down.defaultPrevented;
    }""", pile)


def _axe(page):
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        return
    results = Axe().run(page)
    bad = [v["id"] for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, bad


def _start(page, url, choose):
    page.goto(url)
    page.wait_for_selector("dialog#setup[open]")
    choose()
    page.select_option("#pace", "fastest")
    _mark(page)
    page.click("#start")
    return _wait(page)


def _crapette_move(page, view, rng, how):
    """A move from the page's legal moves: home piles first, sometimes another card move,
    else the turn-ending button; made by click, drag or keyboard.  Returns what it did."""
    legal = view["legal"]
    homes = [m for m in legal if m["to"].startswith("h")]
    others = [m for m in legal if not m["to"].startswith("h")]
    move = homes[0] if homes else (rng.choice(others) if others and rng.random() < 0.25
                                   and view["moves_in_turn"] < 6 else None)
    _mark(page)
    if move is None:
        page.click("#end")
        return "the end-of-turn button"
    src, dst = (f'.pile[data-pile="{move[k]}"]' for k in ("from", "to"))
    if how == "drag":
        page.locator(f"{src} .card:last-of-type").drag_to(page.locator(dst))
    elif how == "keys":
        page.focus(src)
        page.keyboard.press("Enter")
        page.wait_for_selector(f"{dst}.target")
        page.focus(dst)
        page.keyboard.press("Enter")
    else:
        page.click(src)
        page.wait_for_selector(f"{dst}.target")
        page.click(dst)
    return f"{move['from']} to {move['to']} by {how}"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_whole_crapette_game_against_the_computer(server, browser, shots, size):
    page, errors = _page(browser, size)

    def choose():
        shots(page, f"crapette-{size}-setup.png")
        page.select_option("#opponent", "rule")     # short turns: the test stays short
        page.select_option("#games", "1")
    view = _start(page, server.url + "/crapette", choose)
    assert "#g=" in page.url                            # the game is kept in the address
    shots(page, f"crapette-{size}-start.png")
    _fits(page)
    _axe(page)
    rng, n, shot_mid = random.Random(size), 0, False
    ways = ["click", "drag", "keys"]
    while view["result"] is None:
        if not shot_mid and view["legal"] and n >= 6:
            first = view["legal"][0]["from"]
            before = _table_top(page)
            page.click(f'.pile[data-pile="{first}"]')          # picked: its targets are marked
            page.wait_for_selector(".pile.target")
            assert _table_top(page) == before, "picking a card moved the table"
            assert _no_native_drag(page, first), "a native drag would cancel the page's own"
            shots(page, f"crapette-{size}-picked.png")
            page.keyboard.press("Escape")
            shot_mid = True
        if n == 3:
            _mark(page)
            page.click("#hint")
            page.wait_for_function("document.getElementById('status').textContent.startsWith('Hint')")
        tried = _crapette_move(page, view, rng, ways[n % 3])
        view = _wait(page, tried)
        n += 1
        assert n < 2000
    page.wait_for_selector("#result .result")
    assert page.locator("#log li").count() > n / 2
    assert page.inner_text("#live")
    _fits(page)
    shots(page, f"crapette-{size}-end.png")
    # the address brings the same game back
    page.reload()
    page.wait_for_selector("#result .result")
    assert not errors, errors
    page.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_whole_updown_game_against_the_computer(server, browser, shots, size):
    page, errors = _page(browser, size)

    def choose():
        page.select_option("#nseats", "3")
        page.select_option("#seat1", "best")
        page.select_option("#seat2", "greedy")
        page.select_option("#games", "1")
        shots(page, f"updown-{size}-setup.png")
    view = _start(page, server.url + "/updown", choose)
    shots(page, f"updown-{size}-start.png")
    _fits(page)
    _axe(page)
    rng, n = random.Random(size), 0
    while view["result"] is None:
        legal = view["legal"]
        action = rng.choice(legal)
        if n == 1:
            page.click("#hint")
            page.wait_for_function("document.getElementById('status').textContent.startsWith('Hint')")
        if n == 2:
            shots(page, f"updown-{size}-play.png")
        kind = action["kind"]
        target = {"stop": "#stop", "pass": "#pass"}.get(kind) or (
            f'#reserve button[data-action="{action["text"]}"]' if kind == "draw"
            else f'#hand button[data-action="{action["text"]}"] >> nth=0')
        _mark(page)
        if n % 2:
            page.focus(target)
            page.keyboard.press("Enter")
        else:
            page.click(target)
        view = _wait(page)
        n += 1
        assert n < 500
    page.wait_for_selector("#result .result")
    assert page.locator("#log li").count() >= n
    _fits(page)
    shots(page, f"updown-{size}-end.png")
    assert not errors, errors
    page.close()


def test_the_rules_are_one_click_away(server, browser, shots):
    page, errors = _page(browser, "phone")
    for kind, rule in (("crapette", "C15"), ("updown", "U18")):
        page.goto(server.url + f"/{kind}")
        page.wait_for_selector("dialog#setup[open]")
        page.keyboard.press("Escape")
        with page.expect_popup() as popup:
            page.click("header a.button")
        rules = popup.value
        rules.wait_for_load_state()
        assert rule in rules.inner_text("main")
        assert rules.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        shots(rules, f"{kind}-rules.png")
        rules.close()
    assert not errors, errors
    page.close()


def test_two_people_at_one_screen_call_stop(server, browser, shots):
    """Crapette for two people with the stop rule (C15): a player who ends the turn while a
    card could go home is stopped by the other, whose turn it then is."""
    page, errors = _page(browser, "desktop")

    def choose():
        page.select_option("#opponent", "human")
        page.check("#stop_rule")
        page.select_option("#games", "1")
    view = _start(page, server.url + "/crapette", choose)
    for _ in range(60):
        faulty = any(m["to"].startswith("h") for m in view["legal"])
        mover = view["to_move"]
        _mark(page)
        page.click("#end")
        view = _wait(page)
        if faulty:
            break
    else:
        pytest.fail("no card could go home in 60 turns")
    assert view["stop_by"] == 1 - mover and view["to_move"] == 1 - mover
    page.wait_for_selector("#stop:not([hidden])")
    shots(page, "crapette-two-people-stop.png")
    _mark(page)
    page.click("#stop")
    view = _wait(page)
    assert view["to_move"] == 1 - mover and view["moves_in_turn"] == 0
    assert "calls stop" in page.locator("#log li").last.inner_text()
    assert not errors, errors
    page.close()


def test_people_at_one_screen_pass_it_on(server, browser, shots):
    """Up-and-down with two people and a computer: between two people's turns the hand is
    hidden until the next person asks to see theirs."""
    page, errors = _page(browser, "phone")

    def choose():
        page.select_option("#nseats", "3")
        page.select_option("#seat1", "human")
        page.select_option("#seat2", "greedy")
        page.select_option("#games", "1")
    view = _start(page, server.url + "/updown", choose)
    handoffs, n = 0, 0
    rng = random.Random(3)
    while view["result"] is None:
        if page.is_visible("#handoff"):
            assert page.is_hidden("#hand")
            if not handoffs:
                shots(page, "updown-pass-the-screen.png")
            handoffs += 1
            _mark(page)
            page.click("#reveal")
            view = _wait(page)
            assert view["seat"] == view["to_move"]
            continue
        action = rng.choice(view["legal"])
        target = {"stop": "#stop", "pass": "#pass"}.get(action["kind"]) or (
            f'#reserve button[data-action="{action["text"]}"]' if action["kind"] == "draw"
            else f'#hand button[data-action="{action["text"]}"] >> nth=0')
        _mark(page)
        page.click(target)
        view = _wait(page)
        n += 1
        assert n < 500
    assert handoffs > 0
    assert not errors, errors
    page.close()
