"""The web app's JSON API (webapp/app.py), in process through Starlette's test client:
the same objects as the commands' --json, JSON 4xx errors, bounded bodies and searches."""
from __future__ import annotations

import json
import threading
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
import anyio
from click.testing import CliRunner
from starlette.testclient import TestClient

from drez.cli.main import drez
from drez.solver.solodrez.difficulty.lookup import difficulty_of
from drez.solver.solodrez.grades import GRADES
from drez.solver.solodrez.io.jsonout import solve_json
from drez.solver.solodrez.io.records import format_record
from drez.solver.solodrez.rules.moves import Move
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search.solve import solve
from drez.webapp.app import create_app
from drez.webapp.bodies import MAX_BODY
from drez.webapp.searches import Budget, Busy, Searches
from tests.solodrez import reference as ref
from tests.solodrez.helpers import to_ref
from tests.solodrez.hint_corpus import decided_positions, losing_move


@pytest.fixture(scope="module")
def client():
    app = create_app(Budget(max_seconds=2.0, max_memory=64 << 20))
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c


@pytest.fixture(scope="module")
def late():
    """Winnable corpus positions a few moves from the end, with their reference distance."""
    return [(p, d) for _, p, d in decided_positions() if d != "LOST" and 3 <= d <= 8][:4]


def _replay(pos, moves_json):
    moves = [(m["from"] - 1, m["to"] - 1, m["cards"]) for m in moves_json]
    return ref.verify(to_ref(pos), moves)


def test_deal_is_what_drez_deal_prints(client):
    from drez.solver.solodrez.io.pick import DEFAULT_INDEX
    with open(DEFAULT_INDEX) as f:
        groups = json.load(f)["difficulties"]
    r = client.get("/api/deal/42")
    assert r.status_code == 200
    got = r.json()
    grade = next(g for g, deals in groups.items() if 42 in deals)
    assert got.pop("difficulty") == json.loads(json.dumps(difficulty_of(42))) and grade in GRADES
    assert difficulty_of(42)["grade"] == grade
    assert got == {"deal": 42, "position": CliRunner().invoke(drez, ["deal", "42"]).output}
    assert client.get("/api/deal/abc").status_code == 400
    assert client.get("/api/deal/%C2%B2").status_code == 400      # digits are ASCII 0-9 only
    assert client.get(f"/api/deal/{2**64}").json()["error"].startswith("deal number")


def test_pick_is_a_deal_of_the_index(client):
    from drez.solver.solodrez.io.pick import DEFAULT_INDEX
    with open(DEFAULT_INDEX) as f:
        groups = json.load(f)["difficulties"]
    for _ in range(3):
        n = client.get("/api/pick?difficulty=hard&winnable=1").json()["deal"]
        assert n in groups["hard"]
    assert client.get("/api/pick?winnable=1").json()["deal"] not in groups.get("lost", [])
    r = client.get("/api/pick?difficulty=impossible")
    assert r.status_code == 400 and "difficulty must be one of" in r.json()["error"]
    r = client.get("/api/pick?difficulty=lost&winnable=1")
    assert r.status_code == 400 and "--" not in r.json()["error"]      # no CLI flags
    assert "winnable deal cannot be lost" in r.json()["error"]


def test_hint_is_what_drez_hint_json_prints(client, late, tmp_path):
    for pos, d in late:
        got = client.post("/api/hint", json={"position": str(pos)})
        assert got.status_code == 200
        path = tmp_path / "p.txt"
        path.write_text(str(pos))
        cli = json.loads(CliRunner().invoke(drez, ["hint", str(path), "--json"]).output)
        got = got.json()
        assert cli.pop("difficulty") is None       # a position, not a deal: /api/deal/N has it
        assert got.keys() >= cli.keys()
        assert {k: v for k, v in got.items() if k in cli and k != "seconds"} == \
               {k: v for k, v in cli.items() if k != "seconds"}
        assert (got["at_most"], got["at_least"]) == (got["length"], got["lower_bound"])
        assert got["verdict"] == "WON" and got["proven"] and got["distance"] == d
        after = pos.play(Move(got["move"]["from"] - 1, got["move"]["to"] - 1, got["move"]["cards"]))
        assert ref.shortest_distance(to_ref(after), max_nodes=5_000) == d - 1


def test_moves_apply_and_position(client, late):
    pos, _ = late[0]
    r = client.post("/api/moves", json={"position": str(pos)}).json()
    assert r == json.loads(CliRunner().invoke(drez, ["moves", "-", "--json"], input=str(pos)).output)
    assert r.keys() == {"moves", "won"} and not r["won"]
    m = r["moves"][0]
    after = client.post("/api/apply", json={"position": str(pos), "move": m}).json()
    played = pos.play(Move(m["from"] - 1, m["to"] - 1, m["cards"]))
    assert {k: after[k] for k in ("position", "moves", "won", "move")} == {
        "position": str(played), "moves": [x.json() for x in played.legal_moves()],
        "won": played.is_won(), "move": m}
    assert after["columns"] == [line.split() for line in str(played).split("\n")[:9]]
    assert after["said"].startswith(f"{m['cards']} card") and "removed_series" in after
    text = client.post("/api/apply", json={"position": str(pos),
                                           "move": f"{m['from']}>{m['to']}:{m['cards']}"}).json()
    assert text == after
    bad = client.post("/api/apply", json={"position": str(pos), "move": "1>1"})
    assert bad.status_code == 400 and "onto itself" in bad.json()["error"]
    dealt = client.post("/api/position", json={"position": str(Position.from_deal(7, settle=False))})
    assert dealt.json()["position"] == str(Position.from_deal(7))


def test_solve_and_steps_replay(client, late):
    pos, d = late[1]
    r = client.post("/api/solve", json={"position": str(pos), "optimal": True}).json()
    assert r.keys() == {*solve_json("", solve(pos)).keys(), "proven", "refine", "source", "lost_why"}
    assert r["verdict"] == "WON" and r["optimal"] and r["length"] == d
    assert _replay(pos, r["moves"]) == (True, "")
    html = client.post("/api/steps", json={"position": str(pos), "optimal": True})
    assert html.headers["content-type"].startswith("text/html")
    assert html.text.count('class="step"') == d + 1


def test_review_finds_thelosing_move(client):
    for _, pos, d in decided_positions():
        if d != "LOST" and 3 <= d <= 8:
            bad = losing_move(pos)
            if bad:
                break
    record = format_record(str(pos), [bad.text()])
    r = client.post("/api/review", json={"record": record}).json()
    assert r["mistakes"] == 1 and r["moves"][0]["losing"] and r["optimum"] == d
    assert r["first_losing"] == 1 and r["moves"][0]["number"] == 1
    same = client.post("/api/review", json={"position": str(pos), "moves": [bad.text()]}).json()
    assert same["moves"] == r["moves"] and "summary: 1 move played" in same["summary"]
    assert "the game ends lost: " in same["summary"] and "lost: lost" not in same["summary"]
    cli = json.loads(CliRunner().invoke(drez, ["review", "-", "--json"], input=record).output)
    assert r.keys() == {*cli.keys(), "summary", "lines"}
    assert r["start_hint"].keys() == cli["start_hint"].keys()
    text = CliRunner().invoke(drez, ["review", "-"], input=record).output
    assert all(line in text for line in r["lines"][1:])      # what the CLI review shows
    assert r["lines"][0].split(": ", 1)[1] in text            # (the start named otherwise)
    move = r["moves"][0]
    assert move["note"].startswith("losing move;") and move["cost"] is None
    assert move["text"] in (bad.text(), bad.text(with_count=False))
    assert move["best_text"] and move["before_said"].startswith("wins in")


def test_the_page_reads_fields_the_api_answers(client, late):
    """The page's scripts read the hint answer's fields by name (h.xxx): each must be a
    key of /api/hint (the drez.solver.solodrez.io.jsonout vocabulary and the page's
    at_most, at_least, refine, source), not a name the API does not answer."""
    import pathlib
    import re

    from drez.webapp.app import STATIC
    page = (pathlib.Path(STATIC) / "index.html").read_text(encoding="utf-8")
    loaded = re.findall(r'<script src="/static/([^"]+)"', page)      # the Solodrez page's
    assert "play.js" in loaded
    script = "".join((pathlib.Path(STATIC) / name).read_text(encoding="utf-8") for name in loaded)
    used = set(re.findall(r"\bh\.([a-z_]+)", script))
    answer = client.post("/api/hint", json={"position": str(late[0][0])}).json()
    assert used <= answer.keys(), used - answer.keys()


@pytest.mark.parametrize("body, status, words", [
    (b"not json", 400, "not JSON"),
    (b"[1, 2]", 400, "JSON object"),
    (b'{"position": 5}', 400, "string"),
    (b'{"position": "J1 J1\\n\\n\\n\\n\\n\\n\\n\\n\\n"}', 400, "appears twice"),
    (b'{"position": "' + b"Q1 " * (MAX_BODY // 3) + b'"}', 413, "over"),
])
def test_bad_requests_get_json_4xx(client, body, status, words):
    r = client.post("/api/hint", content=body, headers={"content-type": "application/json"})
    assert r.status_code == status and words in r.json()["error"]


def test_routes_and_record_files(client):
    r = client.get("/api/nothing")
    assert r.status_code == 404 and r.json() == {"error": "no such API route: /api/nothing"}
    r = client.get("/api/deal/")                      # an empty deal box
    assert r.status_code == 400 and "give a deal number" in r.json()["error"]
    assert client.post("/api/deal/12").status_code == 405
    assert client.get("/nothing/here").json()["error"].startswith("nothing is served")
    assert client.get("/api/hint").status_code == 405 and "error" in client.get("/api/hint").json()
    r = client.post("/api/review", json={"record": "position /etc/passwd\n"})
    assert r.status_code == 400 and "reads no file" in r.json()["error"]
    assert client.post("/api/hint", json={"position": str(Position.from_deal(1)),
                                          "max_seconds": -1}).status_code == 400
    assert client.get("/").status_code == 200 and "play.js" in client.get("/").text
    evil = TestClient(client.app, base_url="http://evil.example")
    assert evil.get("/api/deal/1").status_code == 400


# A deal whose shortest solution no cap used here lets the search prove: 54422 needed
# 220,610,725 stored positions (an 18 GB table) for its proof, yet its first win comes
# within a hundred positions.  With a 4 GiB memory cap, only the time cap can stop a search
# of it: filling 4 GiB (about 50M positions) within 2 s would take 25M positions/s, some
# fifty times this project's fastest measured rate.  The table grows only as it fills.
SLOW_DEAL = 54422
ROOMY = 4 << 30


def test_a_search_is_bounded_by_the_server_time_cap():
    """The server's time cap applies whatever the request asked (30 s here): the search
    ends with limit 'time' and the best win it knows, not proven shortest."""
    app = create_app(Budget(max_seconds=2.0, max_memory=ROOMY))
    with TestClient(app, base_url="http://127.0.0.1") as c:
        r = c.post("/api/solve", json={"position": str(Position.from_deal(SLOW_DEAL)),
                                       "optimal": True, "max_seconds": 30}).json()
    assert r["limit"] == "time" and r["verdict"] == "WON" and not r["optimal"]
    assert r["seconds"] < 30                      # the cap, not the request, ended it
    assert _replay(Position.from_deal(SLOW_DEAL), r["moves"]) == (True, "")


class _Request:
    """Stands in for a Starlette request: disconnects after `after` seconds."""

    def __init__(self, after=None):
        self.t, self.after = time.perf_counter(), after

    async def is_disconnected(self):
        return self.after is not None and time.perf_counter() - self.t > self.after


@pytest.mark.parametrize("how", ["disconnect", "shutdown"])
def test_searches_are_cancelled_by_disconnect_and_shutdown(how):
    searches = Searches(Budget(max_seconds=60.0, max_memory=ROOMY))
    pos = Position.from_deal(SLOW_DEAL)
    request = _Request(0.3 if how == "disconnect" else None)
    if how == "shutdown":
        threading.Timer(0.3, searches.shutdown).start()
    t = time.perf_counter()
    try:
        if how == "disconnect":          # the client left: its search stops, said as such
            r = anyio.run(searches.run, request, "solve", searches.limits(), pos, True)
            assert r["limit"] == "cancelled"
        else:                            # the server stops: the answer is a 503 (Busy)
            with pytest.raises(Busy, match="the server is stopping"):
                anyio.run(searches.run, request, "solve", searches.limits(), pos, True)
    finally:
        searches.shutdown()
    assert time.perf_counter() - t < 50                                 # before the cap


def test_serve_refuses_an_address_in_use_in_one_line():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        r = CliRunner().invoke(drez, ["serve", "--port", str(port)])
    assert r.exit_code == 2 and "cannot listen on 127.0.0.1" in r.output
    assert "Traceback" not in r.output


@pytest.mark.parametrize("move", [{"from": 1e400, "to": 1}, {"from": 1, "to": 1e400},
                                  {"from": 1, "to": 2, "cards": 1e400}, {"from": 3.7, "to": 1},
                                  {"from": True, "to": 2}, {"from": 0, "to": 2},
                                  {"from": 10, "to": 2}, {"from": "1", "to": 2},
                                  {"from": 1, "to": 2, "cards": 0}, {"to": 2}, [1, 2], None])
@pytest.mark.parametrize("route", ["/api/apply", "/api/picture"])
def test_a_move_object_must_name_whole_columns(client, route, move):
    body = json.dumps({"position": str(Position.from_deal(42)), "move": move})
    if route == "/api/picture" and move is None:
        return                                    # no move: the plain board, rightly
    r = client.post(route, content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400 and '"move"' in r.json()["error"], (move, r.text)


def test_hostile_bodies_and_headers_get_json_4xx(client):
    deep = "[" * 30000
    r = client.post("/api/hint", content=deep, headers={"content-type": "application/json"})
    assert r.status_code == 400 and "error" in r.json()
    r = client.get("/api/deal/" + "7" * 5000)
    assert r.status_code == 400 and len(r.json()["error"]) < 200
    for host in ("localhost.evil.com", "evil.example:8000", ""):
        r = client.get("/api/deal/1", headers={"host": host})
        assert r.status_code == 400 and r.headers["content-type"] == "application/json"
        assert "does not serve" in r.json()["error"]
    for seconds in (1e400, float("nan"), 1e12):
        r = client.post("/api/hint", content=json.dumps({"position": str(Position.from_deal(1)),
                                                         "max_seconds": seconds}),
                        headers={"content-type": "application/json"})
        assert r.status_code == 400 and "max_seconds" in r.json()["error"]


def _after(pos, move_json):
    return pos.play(Move(move_json["from"] - 1, move_json["to"] - 1, move_json["cards"]))


def test_status_then_quick_hint_comes_from_the_memory_and_keeps_the_game_winnable():
    """Deal 292 as the page plays it: a status check finds a win; the quick hint that
    follows answers from the server's memory with that line's first move; the position
    after it is winnable (a fresh search says so) and the line replays; the full hint
    then refines it to a proven distance."""
    app = create_app(Budget(max_seconds=20.0, max_memory=256 << 20, workers=1))
    pos = Position.from_deal(292)
    with TestClient(app, base_url="http://127.0.0.1") as c:
        st = c.post("/api/status", json={"position": str(pos)}).json()
        assert st["verdict"] == "WON" and st["at_most"] == len(st["moves"]) and st["lost_why"] is None
        assert _replay(pos, st["moves"]) == (True, "")
        h = c.post("/api/hint", json={"position": str(pos), "quick": True}).json()
        assert h["source"] == "memory" and h["move"] == st["moves"][0]
        assert h["verdict"] == "WON" and h["at_most"] <= st["at_most"]
        assert h["refine"] == (not h["proven"])
        after = _after(pos, h["move"])
        assert solve(after).verdict == "WON"
        # every position along the line is known: the next quick hint is the next move
        nxt = c.post("/api/hint", json={"position": str(after), "quick": True}).json()
        assert nxt["source"] == "memory" and nxt["at_most"] == h["at_most"] - 1
        sol = c.post("/api/solve", json={"position": str(pos), "optimal": True,
                                         "quick": True}).json()
        assert sol["verdict"] == "WON" and _replay(pos, sol["moves"]) == (True, "")
        assert sol["refine"] == (not sol["proven"])


def test_quick_hints_and_solutions_match_full_ones(client, late):
    """On late positions (reference distances known): a quick hint's move keeps the game
    winnable, a full hint proves the distance, and after it the memory answers the quick
    hint with that proven distance; every solution replays."""
    for pos, d in late:
        q = client.post("/api/hint", json={"position": str(pos), "quick": True}).json()
        assert q["verdict"] == "WON" and q["at_most"] >= d
        if q["proven"]:
            assert q["distance"] == d
        assert ref.shortest_distance(to_ref(_after(pos, q["move"])), max_nodes=5_000) != "LOST"
        full = client.post("/api/hint", json={"position": str(pos)}).json()
        assert full["proven"] and full["distance"] == d and not full["refine"]
        again = client.post("/api/hint", json={"position": str(pos), "quick": True}).json()
        assert again["source"] == "memory" and again["distance"] == d and again["proven"]
        sol = client.post("/api/solve", json={"position": str(pos), "optimal": True,
                                              "quick": True}).json()
        assert sol["proven"] and sol["length"] == d and _replay(pos, sol["moves"]) == (True, "")


def test_status_of_a_lost_position_says_why_once(client):
    pos = next(p for _, p, d in decided_positions() if d == "LOST")
    st = client.post("/api/status", json={"position": str(pos)}).json()
    assert st["verdict"] == "LOST" and st["proven"] and st["moves"] == []
    assert st["lost_why"].startswith("lost: ") and "lost: lost" not in st["lost_why"]
    h = client.post("/api/hint", json={"position": str(pos), "quick": True}).json()
    assert h["verdict"] == "LOST" and h["move"] is None


def test_daily_is_one_deal_a_date_of_the_weekday_difficulty(client):
    import datetime

    from drez.solver.solodrez.io.pick import DEFAULT_INDEX
    from drez.webapp.solodrez.daily import BY_WEEKDAY
    with open(DEFAULT_INDEX) as f:
        groups = json.load(f)["difficulties"]
    seen = set()
    for day in range(1, 15):
        date = f"2026-03-{day:02d}"
        a = client.get(f"/api/daily?date={date}").json()
        assert a == client.get(f"/api/daily?date={date}").json()
        grade = BY_WEEKDAY[datetime.date(2026, 3, day).weekday()]
        assert a["date"] == date and a["difficulty"] == grade and a["deal"] in groups[grade]
        seen.add(a["deal"])
    assert len(seen) > 7
    assert client.get("/api/daily").json()["date"] == datetime.datetime.now(
        datetime.timezone.utc).date().isoformat()
    for bad in ("2026-02-30", "tomorrow", "2026-1-1", "9" * 500):
        r = client.get(f"/api/daily?date={bad}")
        assert r.status_code == 400 and "YYYY-MM-DD" in r.json()["error"]


def test_record_and_read_record_go_round(client):
    pos = Position.from_deal(292)
    moves = [m.text() for m in solve(pos).moves[:5]]
    r = client.post("/api/record", json={"deal": 292, "moves": moves}).json()
    assert r["record"].startswith("deal 292\n")
    back = client.post("/api/read-record", json={"record": r["record"]}).json()
    assert back == {"deal": 292, "position": str(pos), "moves": moves,
                    "move_objects": [Move.from_text(m).json() for m in moves]}
    from drez.solver.solodrez.io.records import parse_record  # what `drez review` reads
    assert [m.text() for _, m, _ in parse_record(r["record"]).moves] == moves
    by_pos = client.post("/api/record", json={"position": str(pos), "moves": moves}).json()
    assert client.post("/api/read-record", json=by_pos).json()["deal"] is None
    bad = client.post("/api/record", json={"deal": 292, "moves": moves[:2] + ["1>1"]})
    assert bad.status_code == 400 and "line 4" in bad.json()["error"]
    bad = client.post("/api/read-record", json={"record": "deal 292\n1>9:5\n"})
    assert bad.status_code == 400 and "line 2" in bad.json()["error"]


def test_pages_rules_and_the_page(client):
    import os

    from drez.webapp.app import STATIC
    page = client.get("/")
    assert page.status_code == 200 and page.text == open(os.path.join(STATIC, "index.html")).read()
    r = client.get("/rules")
    if os.path.isfile(os.path.join(STATIC, "rules.html")):
        assert r.status_code == 200 and "html" in r.headers["content-type"]
    else:
        assert r.status_code == 404 and "rules page" in r.json()["error"]


def test_a_quick_hint_asked_while_the_status_search_runs_shares_it():
    """The page asks the status and, at once, a quick hint of the same position: both are
    answered (the hint shares the status's search, or says nothing is known yet), and a
    hint's move keeps the game winnable."""
    app = create_app(Budget(max_seconds=5.0, max_memory=256 << 20, workers=1))
    pos = Position.from_deal(8461)
    answers = {}
    with TestClient(app, base_url="http://127.0.0.1") as c:
        def ask(route, body):
            answers[route] = c.post(route, json=body)
        threads = [threading.Thread(target=ask, args=("/api/status", {"position": str(pos)})),
                   threading.Thread(target=ask, args=("/api/hint", {"position": str(pos),
                                                                    "quick": True}))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        st, h = answers["/api/status"].json(), answers["/api/hint"].json()
        assert st["verdict"] == "WON" and _replay(pos, st["moves"]) == (True, "")
        assert h["verdict"] in ("WON", "UNKNOWN") and h["refine"]
        if h["verdict"] == "WON":
            assert solve(_after(pos, h["move"])).verdict == "WON"
        else:
            assert h["source"] == "pending" and h["move"] is None
        again = c.post("/api/hint", json={"position": str(pos), "quick": True}).json()
        assert again["source"] == "memory" and again["move"] == st["moves"][0]


def test_hint_latency_refuses_bad_deals_in_one_line():
    r = CliRunner().invoke(drez, ["hint-latency", "--deals", "292,abc"])
    assert r.exit_code == 2 and "--deals must be deal numbers" in r.output
    assert "Traceback" not in r.output
