"""Load-testing `drez serve` over HTTP: concurrent hints on late-game positions (`burst`)
and the page's latency while a slow search holds a worker (`slow_search`).  Used by
dev/web_load.py (reports/web/web.md) and tests/web/test_load.py; only loopback traffic."""
from __future__ import annotations

import json
import statistics
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

from drez.solver.solodrez.rules.moves import Move
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search.solve import WON
from tests.solodrez import samples


def late_positions(deals=range(8)) -> list[Position]:
    """Positions on the solver's winning line of each deal, 6-10 moves before its end
    (samples.late_positions, without its random deviations, which may lose)."""
    return [pos for label, pos in samples.late_positions(tuple(deals)) if "random" not in label]


def call(url: str, path: str, body: dict | None = None, timeout: float = 60):
    """(HTTP status, decoded body, seconds)."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url + path, data=data,
                                 headers={"Content-Type": "application/json"})
    t = time.perf_counter()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            status, raw = r.status, r.read()
    except urllib.error.HTTPError as e:
        status, raw = e.code, e.read()
    seconds = time.perf_counter() - t
    kind = raw[:1]
    return status, (json.loads(raw) if kind in (b"{", b"[") else raw.decode()), seconds


def _stats(xs: list[float]) -> dict:
    xs = sorted(xs)
    return {"n": len(xs), "p50_ms": round(1000 * statistics.median(xs), 1),
            "p95_ms": round(1000 * xs[int(0.95 * (len(xs) - 1))], 1),
            "max_ms": round(1000 * xs[-1], 1)}


def burst(url: str, positions: list[Position], requests: int, concurrency: int) -> dict:
    """`requests` hints, `concurrency` at a time; counts answers that are right."""
    def one(i):
        pos = positions[i % len(positions)]
        try:
            status, h, s = call(url, "/api/hint", {"position": str(pos)})
        except OSError as e:
            return "lost", str(e), 0.0
        if status != 200:
            return "error", f"HTTP {status}: {h}", s
        m = h.get("move")
        ok = h["verdict"] == WON and m and Move(m["from"] - 1, m["to"] - 1, m["cards"]) in pos.legal_moves()
        return ("ok" if ok else "wrong"), h, s

    t = time.perf_counter()
    with ThreadPoolExecutor(concurrency) as pool:
        results = list(pool.map(one, range(requests)))
    wall = time.perf_counter() - t
    counts = {k: sum(1 for r in results if r[0] == k) for k in ("ok", "wrong", "error", "lost")}
    return {"requests": requests, "concurrency": concurrency, **counts,
            "proven": sum(1 for r in results if r[0] == "ok" and r[1]["proven"]),
            "wall_s": round(wall, 2), "per_s": round(requests / wall, 1),
            "latency": _stats([r[2] for r in results if r[0] == "ok"]),
            "problems": [r[1] for r in results if r[0] != "ok"][:3]}


# A deal whose shortest-solution search outlasts any cap used here: 54422's proof stored
# 220,610,725 positions (an 18 GB table), so with a memory cap of a few GiB only the time
# cap can end it on any machine.  (Deal 292, used before, fills a 128 MB cap first on a
# fast machine.)
SLOW_DEAL = 54422


def slow_search(url: str, fast: Position, slow_seconds: float) -> dict:
    """Latencies of page and API requests while one hint search runs to the time cap, and
    how many of each were answered while it still ran (`answered_during`)."""
    slow = {}

    def run_slow():
        slow["status"], slow["hint"], slow["seconds"] = call(
            url, "/api/hint", {"position": str(Position.from_deal(SLOW_DEAL))})

    thread = threading.Thread(target=run_slow)
    thread.start()
    time.sleep(0.3)                          # the slow search is under way
    lat = {"page": [], "deal": [], "moves": [], "picture": [], "fast_hint": []}
    bad = 0
    during = dict.fromkeys(lat, 0)
    while thread.is_alive():
        for name, path, body in (("page", "/", None), ("page", "/static/play.js", None),
                                 ("deal", "/api/deal/7", None),
                                 ("moves", "/api/moves", {"position": str(fast)}),
                                 ("picture", "/api/picture", {"position": str(fast)}),
                                 ("fast_hint", "/api/hint", {"position": str(fast)})):
            status, _, s = call(url, path, body)
            bad += status != 200
            lat[name].append(s)
            during[name] += status == 200 and thread.is_alive()
        time.sleep(0.05)
    thread.join()
    h = slow["hint"]
    return {"slow_hint": {"status": slow["status"], "seconds": round(slow["seconds"], 2),
                          "verdict": h.get("verdict"), "limit": h.get("limit")},
            "failed_during": bad, "answered_during": during,
            **{k: _stats(v) for k, v in lat.items() if v}}
