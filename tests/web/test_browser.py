"""The Solodrez page in a real browser: headless Debian Chromium driven by Playwright against a
real `drez serve`.  Whole games of deal 42 (the server's shortest solution, played move by move)
by mouse, by touch and by keyboard alone, on a desktop (1280x800) and a phone (390x844); the
game kept in the address (a shared link replays it, reload, back and forward) and in
localStorage; hints, solutions and reviews following the game; the won and lost screens; the
first-visit guide and the rules page; and axe-core (axe-playwright-python) finding no serious
or critical accessibility violation on any of these screens.

Skipped, with the reason printed, where Chromium, Playwright or axe-playwright-python is
missing (`.ci/run` installs them, so CI always runs these).  Screenshots go to
$DREZ_SCREENSHOTS if set (reports/web/ holds the committed ones), else to a temporary folder.
"""
from __future__ import annotations

import json
import os
import shutil
import urllib.request

import pytest

from drez.solver.solodrez.io.inputs import read_move
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search.solve import LOST, solve
from tests.web.local_server import Server

CHROMIUM = os.environ.get("DREZ_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
GUIDE_SEEN = "localStorage.setItem('drez.solodrez.guide-seen', '1')"


def _why_not() -> str | None:
    if not os.path.exists(CHROMIUM):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium chromium-driver)"
    try:
        import axe_playwright_python  # noqa: F401
        import playwright.sync_api  # noqa: F401
    except ImportError as e:
        return f"{e.name} is not installed (pip install -e '.[test]')"
    return None


REASON = _why_not()
if REASON and os.environ.get("DREZ_REQUIRE_BROWSER"):   # set by .ci/run, which installs it
    raise RuntimeError(f"DREZ_REQUIRE_BROWSER is set but {REASON}")
if REASON:
    print(f"\ntests/web/test_browser.py skipped: {REASON}")
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")

# Waits are generous upper bounds on things that must happen, never the thing measured:
# a loaded machine may take seconds where an idle one takes milliseconds.
WAIT_MS = 120_000


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


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    folder = os.environ.get("DREZ_SCREENSHOTS") or str(tmp_path_factory.mktemp("shots"))
    os.makedirs(folder, exist_ok=True)
    # a dialog's screen is the window (its backdrop covers the window, not the whole page)
    return lambda page, name, full=True: page.screenshot(path=os.path.join(folder, name), full_page=full)


@pytest.fixture(scope="module")
def win42(server):
    """The server's shortest win of deal 42, as move objects."""
    body = json.dumps({"position": str(Position.from_deal(42)), "optimal": True}).encode()
    req = urllib.request.Request(server.url + "/api/solve", body, {"Content-Type": "application/json"})
    answer = json.loads(urllib.request.urlopen(req, timeout=120).read())
    assert answer["verdict"] == "WON" and answer["optimal"], answer
    return answer["moves"]


def _page(browser, size="desktop", touch=False, guide_seen=True):
    ctx = browser.new_context(viewport=SIZES[size], has_touch=touch, is_mobile=touch,
                              reduced_motion="reduce")
    if guide_seen:
        ctx.add_init_script(GUIDE_SEEN)
    page = ctx.new_page()
    page.set_default_timeout(WAIT_MS)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def _open(page, url):
    page.goto(url)
    page.wait_for_selector("html[data-ready]", state="attached")


def _played(page, n):
    page.wait_for_function("n => window.drezGame() && window.drezGame().moves.length === n", arg=n)


def _columns(page):
    return page.evaluate("""() => [...document.querySelectorAll('#board li.col')].map(
        li => [...li.querySelectorAll('.card')].map(c => c.dataset.card))""")


def _expected(deal, moves):
    pos = Position.from_deal(deal)
    for m in moves:
        pos = pos.play(read_move(pos, f"{m['from']}>{m['to']}:{m['cards']}"))
    return _cols_of(pos), pos


def _cols_of(pos):
    return [ln.split() for ln in str(pos).split("\n")[:9]]


def _status(page, words):
    page.wait_for_function("t => document.getElementById('status').textContent.includes(t)", arg=words)


def _axe(page, screen):
    """axe-core over the page as it is: no serious or critical violation."""
    from axe_playwright_python.sync_playwright import Axe
    found = Axe().run(page).response["violations"]
    bad = [v for v in found if v.get("impact") in ("serious", "critical")]
    assert not bad, f"{screen}: " + "; ".join(
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}" for v in bad)


def _no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), \
        page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")


def _points(page, m):
    """Where the run of move m shows (its lowest card's visible strip) and where it goes (the
    destination's top card strip, or its empty slot), in page coordinates."""
    return page.evaluate("""m => {
        const cards = c => [...document.querySelectorAll(`#board li.col[data-col='${c}'] .card`)];
        const src = cards(m.from), run = src[src.length - m.cards].getBoundingClientRect();
        const dst = cards(m.to), slot = dst.length ? dst[dst.length - 1]
            : document.querySelector(`#board li.col[data-col='${m.to}'] .cards`);
        const to = slot.getBoundingClientRect();
        return [run.left + run.width / 2, run.top + 6, to.left + to.width / 2, to.top + 8];
    }""", m)


def _mouse_move(page, i, m):
    x1, y1, x2, y2 = _points(page, m)
    if i % 4 == 3:        # every fourth move dragged, the others clicked
        page.mouse.move(x1, y1)
        page.mouse.down()
        page.mouse.move(x2, y2, steps=6)
        page.mouse.up()
        return
    page.mouse.click(x1, y1)
    x2, y2 = _points(page, m)[2:]     # a longer message may have moved the table
    if i % 9 == 0:        # a picked run lights up where it may go
        assert page.evaluate("c => document.querySelector(`#board li.col[data-col='${c}']`)"
                             ".classList.contains('target')", m["to"])
    page.mouse.click(x2, y2)


def _touch_move(page, i, m):
    x1, y1 = _points(page, m)[:2]
    page.touchscreen.tap(x1, y1)
    if i % 5 == 4:        # a second tap on the picked run sends it to its only destination
        options = page.evaluate("""([f, k]) => window.drezGame().steps.at(-1).legal.filter(
            x => x.from === f && x.cards === k).length""", [m["from"], m["cards"]])
        if options == 1:
            page.touchscreen.tap(*_points(page, m)[:2])
            return
    page.touchscreen.tap(*_points(page, m)[2:])

def _keyboard_move(page, i, m):
    run = page.evaluate("c => window.drezGame().steps.at(-1).runs[c - 1]", m["from"])
    page.keyboard.press(str(m["from"]))               # picks the column's whole run
    for _ in range(run - m["cards"]):
        page.keyboard.press("ArrowDown")              # fewer cards
    if i % 2:
        page.keyboard.press(str(m["to"]))
    else:                                             # arrows to the destination, then Enter
        step = "ArrowRight" if m["to"] > m["from"] else "ArrowLeft"
        for _ in range(abs(m["to"] - m["from"])):
            page.keyboard.press(step)
        page.keyboard.press("Enter")


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("how", ["mouse", "touch", "keyboard"])
def test_a_whole_game(server, browser, shots, win42, how, size):
    """Deal 42 won with the server's shortest solution, every move made by `how`; the board
    matches the rules' position after each move; the won screen compares with the optimum."""
    page = _page(browser, size, touch=how == "touch")
    _open(page, server.url + "/?deal=42")
    _status(page, "winnable")
    _no_sideways_scroll(page)
    if how == "mouse":
        assert page.locator("#board li.col").count() == 9
        assert page.locator("#board .card").count() == 56
        shots(page, f"board-{size}.png")
        _axe(page, f"board ({size})")
        label = page.get_attribute('#board li.col[data-col="1"] .colhead', "aria-label")
        assert label.startswith("column 1, 7 cards: Knight 8, Pawn 9, Joker 7") and "top Queen 8" in label
        page.locator('#board li.col[data-col="1"] .card').first.click(position={"x": 10, "y": 6})
        assert page.inner_text("#message") == \
            "Knight 8 cannot move with the cards above it: not an ordered run"
        assert page.locator("#board .card.picked").count() == 0
    do = {"mouse": _mouse_move, "touch": _touch_move, "keyboard": _keyboard_move}[how]
    for i, m in enumerate(win42):
        do(page, i, m)
        _played(page, i + 1)
        if i % 9 == 0 or i == len(win42) - 1:
            expected, _ = _expected(42, win42[:i + 1])
            assert _columns(page) == expected, f"after move {i + 1}"
    page.wait_for_selector("#won[open]")
    page.wait_for_function("document.getElementById('won-best').textContent.includes('perfect game')")
    assert f"in {len(win42)} moves" in page.inner_text("#won-text")
    assert page.locator("#board .card").count() == 0
    assert "won" in page.inner_text("#status")
    if how == "mouse":
        shots(page, f"won-{size}.png", full=False)
        _axe(page, f"won screen ({size})")
    stats = page.evaluate("JSON.parse(localStorage.getItem('drez.solodrez.stats'))")
    assert stats["won"] == 1 and stats["streak"] == 1 and stats["best"]["42"] == len(win42)
    page.click("#won-next")
    page.wait_for_function("location.search === '?deal=43'")
    assert page.errors == []
    page.context.close()


def test_the_game_lives_in_the_address(server, browser, win42):
    page = _page(browser)
    link = server.url + "/?deal=42&moves=" + ",".join(
        f"{m['from']}-{m['to']}" + (f":{m['cards']}" if m["cards"] > 1 else "") for m in win42[:6])
    _open(page, link)                                        # a shared link replays the game
    _played(page, 6)
    expected, _ = _expected(42, win42[:6])
    assert _columns(page) == expected
    assert page.input_value("#deal-number") == "42" and "deal 42" in page.inner_text("#title")
    page.keyboard.press("u")
    page.keyboard.press("Control+z")
    _played(page, 4)
    assert "moves=" in page.url and page.url.count("-") == 4   # the address follows
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    _played(page, 4)
    assert _columns(page) == _expected(42, win42[:4])[0]
    page.fill("#deal-number", "292")
    page.click("#open-deal button[type=submit]")
    page.wait_for_function("location.search === '?deal=292'")
    _played(page, 0)
    assert page.input_value("#deal-number") == "292"
    page.go_back()                                           # back: deal 42 as it was left
    page.wait_for_function("location.search.startsWith('?deal=42&')")
    _played(page, 4)
    assert _columns(page) == _expected(42, win42[:4])[0]
    page.go_forward()
    page.wait_for_function("location.search === '?deal=292'")
    _played(page, 0)
    assert _columns(page) == _cols_of(Position.from_deal(292))
    assert page.input_value("#deal-number") == "292"
    _open(page, server.url + "/")                            # no query: the game is resumed
    page.wait_for_function("location.search === '?deal=292'")
    assert "welcome back" in page.inner_text("#message")
    _open(page, server.url + "/?deal=abc")                   # a bad deal: a clear error
    assert "not a deal number" in page.inner_text("#message")
    assert page.is_disabled("#undo") and page.is_disabled("#redo") and page.is_disabled("#hint")
    assert page.input_value("#deal-number") == "abc"
    page.fill("#deal-number", "")
    page.click("#open-deal button[type=submit]")
    assert "type a deal number first" in page.inner_text("#message")
    page.select_option("#difficulty", "lost")                # no "--winnable" combination
    assert page.is_disabled("#winnable")
    page.click("#pick")
    page.wait_for_function("window.drezGame() !== null")
    assert "--" not in page.inner_text("#message")
    assert page.errors == []
    page.context.close()


def test_records_copy_daily_and_stop(server, browser, win42, tmp_path):
    """A downloaded record is one `drez review` reads, and opening it replays the game; the
    position is copied as text; the deal of the day opens; stop ends a search, game intact."""
    from drez.solver.solodrez.io.records import read_record
    page = _page(browser)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    moves = ",".join(f"{m['from']}-{m['to']}:{m['cards']}" for m in win42[:8])
    _open(page, server.url + "/?deal=42&moves=" + moves)
    _played(page, 8)
    with page.expect_download() as got:
        page.click("#download")
    path = tmp_path / "game.txt"
    got.value.save_as(path)
    text = path.read_text()
    record = read_record(text, "game.txt", base_dir=None)
    assert record.label == "deal 42" and len(record.moves) == 8
    assert [(m.src + 1, m.dst + 1, m.cards) for _, m, _ in record.moves] == \
        [(m["from"], m["to"], m["cards"]) for m in win42[:8]]
    page.click("#copy-position")
    page.wait_for_function("document.getElementById('message').textContent.includes('copied')")
    assert page.evaluate("navigator.clipboard.readText()") == str(_expected(42, win42[:8])[1])
    page.click("#daily")
    page.wait_for_function("document.getElementById('title').textContent.includes('deal of the day')")
    _played(page, 0)
    assert "deal=" in page.url
    _paste(page, text)                                       # a record pasted: the game again
    page.wait_for_function("location.search.startsWith('?deal=42&')")
    _played(page, 8)
    assert _columns(page) == _expected(42, win42[:8])[0]
    page.fill("#deal-number", "292")                         # a search, stopped
    page.click("#open-deal button[type=submit]")
    page.wait_for_function("location.search === '?deal=292'")
    _played(page, 0)
    held = []                            # the search is held: it ends only when it is stopped,
    page.route("**/api/solve", lambda route: held.append(route))   # however fast the machine is
    page.click("#solution")
    page.wait_for_selector("#stop:not([hidden])")
    page.click("#stop")
    page.wait_for_function("document.getElementById('message').textContent.includes('stopped')")
    assert page.is_hidden("#stop") and page.is_hidden("#solution-panel") and len(held) == 1
    assert _columns(page) == _cols_of(Position.from_deal(292))
    assert page.errors == []
    page.context.close()


# A late position of a real game (tests/solodrez/hint_corpus.py) and a move that loses it; the
# fixture checks both verdicts with the solver, whose LOST is exhaustive.
LATE = "X1 Q7 R2 X2\n\n\nP6 Q9 R9 B9 N7\n\n\n\nJ1 J3 B2 N5 P3\n\n"


@pytest.fixture(scope="module")
def lost_case():
    """(position, a move that loses it)."""
    pos = Position.parse(LATE)
    won = solve(pos, want_optimal=True)
    bad = read_move(pos, "8>1:3")
    assert won.verdict == "WON" and won.optimal and solve(pos.play(bad)).verdict == LOST
    return pos, bad


def _paste(page, text):
    page.click("#open-toggle")
    page.fill("#open-text", text)
    page.click("#open-form button[type=submit]")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_panels_follow_the_game(server, browser, shots, win42, lost_case, size):
    """Hint, solution and review, each shown, checked by axe, then cleared or stepped on by
    the next move; the lost screen names the losing move and undoes to it."""
    page = _page(browser, size)
    moves = ",".join(f"{m['from']}-{m['to']}:{m['cards']}" for m in win42[:30])
    _open(page, server.url + "/?deal=42&moves=" + moves)
    _played(page, 30)
    _status(page, "winnable")
    page.keyboard.press("h")                                 # hint: the move, marked, then proven
    page.wait_for_function("t => document.getElementById('message').textContent.includes(t)",
                           arg=f"(proven: {len(win42) - 30} moves to win)")
    assert page.inner_text("#message").startswith("hint: ")
    assert page.locator("#board .card.hint").count() >= 1 and page.locator("#board .hint-to").count() == 1
    shots(page, f"hint-{size}.png")
    page.click("#solution")                                  # the solution, whole, stepped
    page.wait_for_selector("#step-counter:has-text('step 0 of')")
    rest = len(win42) - 30
    assert page.inner_text("#step-counter") == f"step 0 of {rest}"
    assert page.locator("#solution-list li").count() == rest
    page.click("#step-next")
    assert page.inner_text("#step-counter") == f"step 1 of {rest}"
    page.locator("#step-next").press("ArrowRight")
    assert page.inner_text("#step-counter") == f"step 2 of {rest}"
    shots(page, f"solution-{size}.png")
    _axe(page, f"solution panel ({size})")
    page.click("#step-first")
    page.click("#step-play")                                 # its first move, played: it steps on
    _played(page, 31)
    assert page.locator("#board .card.hint").count() == 0
    page.wait_for_selector(f"#step-counter:has-text('step 0 of {rest - 1}')")
    page.keyboard.press("u")                                 # an undo clears it
    _played(page, 30)
    assert page.is_hidden("#solution-panel")
    page.click("#review")                                    # the review of 30 moves
    page.wait_for_selector("#review-panel:not([hidden])")
    assert page.locator("#review-list li").count() == 30
    assert "no move lost the game" in page.inner_text("#review-summary")
    assert "!" not in page.inner_text("#review-panel")
    shots(page, f"review-{size}.png")
    _axe(page, f"review panel ({size})")
    page.keyboard.press("r")
    _played(page, 31)
    assert page.is_hidden("#review-panel")

    pos, bad = lost_case                                     # a losing move: the lost screen
    _paste(page, str(pos))
    page.wait_for_function("window.drezGame().label === 'pasted position'")
    _played(page, 0)
    _status(page, "winnable")
    page.keyboard.press(str(bad.src + 1))
    run = page.evaluate("c => window.drezGame().steps.at(-1).runs[c - 1]", bad.src + 1)
    for _ in range(run - bad.cards):
        page.keyboard.press("ArrowDown")
    page.keyboard.press(str(bad.dst + 1))
    page.wait_for_selector("#lost[open]")
    page.wait_for_selector("#lost-undo-there:not([hidden])")
    assert "Move 1 lost the game" in page.inner_text("#lost-move")
    shots(page, f"lost-{size}.png", full=False)
    _axe(page, f"lost screen ({size})")
    page.click("#lost-undo-there")
    _played(page, 0)
    _status(page, "winnable")
    page.keyboard.press("r")                                 # redo: lost again; no solution
    _played(page, 1)
    page.wait_for_selector("#lost[open]")
    page.click("#lost-close")
    page.click("#review")                                    # the review names it too
    page.wait_for_selector("#review-panel:not([hidden])")
    assert "move 1 lost the game" in page.inner_text("#review-summary")
    assert "loses the game" in page.inner_text("#review-list")
    page.click("#solution")
    page.wait_for_selector("#solution-summary:has-text('No solution')")
    assert page.is_hidden("#stepper") and "below" not in page.inner_text("#solution-panel")
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_guide_and_rules(server, browser, shots, size):
    page = _page(browser, size, guide_seen=False)
    _open(page, server.url + "/?deal=7")
    page.wait_for_selector("#guide[open]")                   # the first visit shows the guide
    shots(page, f"guide-{size}.png", full=False)
    _axe(page, f"first-visit guide ({size})")
    page.click("#guide-close")
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    assert not page.evaluate("document.getElementById('guide').open")
    page.click("#help")                                      # "?" brings it back
    page.wait_for_selector("#guide[open]")
    page.keyboard.press("Escape")
    page.click("#stats")                                     # statistics, none yet
    page.wait_for_selector("#stats-dialog[open]")
    assert "games finished" in page.inner_text("#stats-list")
    _axe(page, f"statistics ({size})")
    page.click("#stats-close")
    page.click("a.button[href*=rules]")                      # the rules, with pictures
    page.wait_for_selector(".pic-box")
    _no_sideways_scroll(page)
    assert page.locator("figure.pic").count() >= 5
    assert page.locator("figure.pic .card").count() > 30
    assert "series in column 1 is removed" in page.inner_text("main")
    shots(page, f"rules-{size}.png")
    _axe(page, f"rules ({size})")
    page.context.close()


@pytest.mark.parametrize("w, h", [(360, 640), (640, 360), (844, 390)])
def test_small_screens_fit(server, browser, w, h):
    """No sideways scrolling; covered cards show their letter and number; targets a thumb hits."""
    ctx = browser.new_context(viewport={"width": w, "height": h}, has_touch=True, is_mobile=True)
    ctx.add_init_script(GUIDE_SEEN)
    page = ctx.new_page()
    page.set_default_timeout(WAIT_MS)
    _open(page, server.url + "/?deal=42")
    page.wait_for_selector("#board .card")
    _no_sideways_scroll(page)
    strips = page.evaluate("""() => [...document.querySelectorAll('#board li.col')].flatMap(li => {
        const cs = [...li.querySelectorAll('.card')];
        const top = c => c.getBoundingClientRect().top;
        return cs.slice(0, -1).map((c, i) => top(cs[i + 1]) - top(c));
    })""")
    font = page.evaluate("parseFloat(getComputedStyle(document.querySelector('#board .corner')).fontSize)")
    assert min(strips) >= font + 4, (min(strips), font)
    sizes = page.evaluate("""() => [...document.querySelectorAll('.bar button:not([hidden])')].map(
        b => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])""")
    assert all(wd >= 44 and ht >= 44 for wd, ht in sizes), sizes
    ctx.close()
