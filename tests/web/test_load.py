"""Load on loopback (tests/web/loadtest.py, as dev/web_load.py runs it, smaller): many
concurrent hints, all answered and right, none lost; the page and the API stay responsive
while a slow search runs; the server stops quietly."""
from __future__ import annotations

import json
import signal
import socket
import threading
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from drez.solver.solodrez.rules.position import Position
from tests.web import loadtest as web_load
from tests.web.local_server import Server


def _send_slow_hint(port: int) -> socket.socket:
    """A hint request on SLOW_DEAL sent on a raw connection that is not read: the search
    holds a worker until the server's cap (far away here) or until the connection closes."""
    body = json.dumps({"position": str(Position.from_deal(web_load.SLOW_DEAL))}).encode()
    conn = socket.create_connection(("127.0.0.1", port), timeout=60)
    conn.sendall(b"POST /api/hint HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                 b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
                 % (len(body), body))
    return conn


def _unanswered(conn: socket.socket) -> bool:
    """No byte of an answer has come back on conn yet."""
    conn.setblocking(False)
    try:
        conn.recv(1, socket.MSG_PEEK)         # an answer, or b"" when the server closed
        return False
    except BlockingIOError:
        return True
    finally:
        conn.setblocking(True)


def test_concurrent_hints_and_a_responsive_page_during_a_slow_search():
    """200 hints, 40 at a time, all right; then, while a search that only a closed
    connection can end holds one worker, the page, the API and a hint on the other worker
    are answered (an order of events, not a latency: the latencies are printed), and hints
    are still answered once the slow client has left.  Nothing here depends on the machine's
    speed: the slow search's cap (600 s) is never reached."""
    positions = web_load.late_positions()
    server = Server("--max-seconds", "600", "--workers", "2", "--max-memory", "4G")
    try:
        burst = web_load.burst(server.url, positions, requests=200, concurrency=40)
        slow = _send_slow_hint(server.port)
        answers = {}
        for name, path, body in (("page", "/", None), ("script", "/static/play.js", None),
                                 ("deal", "/api/deal/7", None),
                                 ("moves", "/api/moves", {"position": str(positions[0])}),
                                 ("picture", "/api/picture", {"position": str(positions[0])}),
                                 ("fast_hint", "/api/hint", {"position": str(positions[0])})):
            status, _, seconds = web_load.call(server.url, path, body)
            answers[name] = (status, round(1000 * seconds, 1), _unanswered(slow))
        slow.close()                              # the slow client leaves: its search stops
        after = web_load.call(server.url, "/api/hint", {"position": str(positions[1])})
    finally:
        code, err, _ = server.stop(timeout=60)
    print("burst:", burst)
    print("during a slow search (status, ms, slow search still unanswered):", answers)
    assert burst["ok"] == 200 and burst["lost"] == burst["error"] == burst["wrong"] == 0
    assert all(status == 200 and during for status, _, during in answers.values()), answers
    assert after[0] == 200 and after[1]["verdict"] == "WON"
    assert code == 0 and "Traceback" not in err, err


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_and_kill_stop_the_server_quietly_with_exit_0(sig):
    server = Server("--workers", "1")
    code, err, _ = server.stop(timeout=60, sig=sig)
    assert code == 0 and "drez serve: stopped" in err and "Traceback" not in err, err


def test_idle_connections_lock_no_one_out_and_are_closed():
    """250 connections that send nothing (uvicorn's own limit was 200, and it never closed
    them): a client is still answered, and the server closes each idle one after
    protocol.IDLE_SECONDS.  A malformed request gets a JSON 400 from the server layer."""
    from drez.webapp.protocol import IDLE_SECONDS
    server = Server("--workers", "1")
    idle = []
    try:
        idle = [socket.create_connection(("127.0.0.1", server.port), timeout=5)
                for _ in range(250)]
        status, answer, _ = web_load.call(server.url, "/api/deal/1")
        assert status == 200 and answer["deal"] == 1
        for conn in idle:                      # closed by the server: EOF, well within 60 s
            conn.settimeout(IDLE_SECONDS + 60)
            assert conn.recv(1) == b""
        with socket.create_connection(("127.0.0.1", server.port), timeout=30) as bad:
            bad.sendall(b"NOT HTTP AT ALL\r\n\r\n")
            raw = b""
            while chunk := bad.recv(4096):
                raw += chunk
        head, _, body = raw.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 400") and b"application/json" in head.lower()
        assert "error" in json.loads(body)
    finally:
        for conn in idle:
            conn.close()
        code, err, _ = server.stop(timeout=60)
    assert code == 0 and "Traceback" not in err, err


def test_a_stop_with_searches_in_flight_answers_them_json_503_without_traceback():
    """Six searches that only the stop can end (two running, four waiting), then Ctrl-C:
    each is answered with a JSON 503, or (had its request not reached the server yet) its
    connection closes; never a 500, and no traceback in the log."""
    server = Server("--max-seconds", "600", "--workers", "2", "--max-memory", "4G")
    answers = []

    def slow_hint():
        try:
            answers.append(web_load.call(server.url, "/api/hint", {
                "position": str(Position.from_deal(web_load.SLOW_DEAL))}, timeout=120)[:2])
        except OSError as e:
            answers.append(("closed", repr(e)))

    threads = [threading.Thread(target=slow_hint) for _ in range(6)]
    for t in threads:
        t.start()
    time.sleep(2)                        # room for the searches to start; not measured
    code, err, _ = server.stop(timeout=60)
    for t in threads:
        t.join(timeout=120)
    print("answers:", answers)
    assert code == 0 and "Traceback" not in err, err
    assert len(answers) == 6
    for status, body in answers:
        assert status == "closed" or (status == 503 and "the server is stopping" in body["error"])
