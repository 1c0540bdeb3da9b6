"""`drez hint-latency`: how fast the web app's hints feel, measured on real games.

It starts `drez serve` (real HTTP, its own worker processes) and plays games the way the
page does: after each move a status check (/api/status), then a quick hint (/api/hint
with "quick"), and at every REFINE_EVERY-th position the full hint the page asks for when
the quick one says "refine" (the time until the proven refinement counts from the quick
request).  At the start of each game "show me the solution" is asked quick, then full.
The move played is the hint's move, or (one time in four, seeded) another legal move, so
the games leave the known win lines as people do.  The result is a Markdown report.
"""
from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request

import click

from drez.cli.solodrez.inputs import BadInput, check_writable_file

DEFAULT_DEALS = "292,54422,8461,87168,42,1000,31337,45"
REFINE_EVERY = 5


def _free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _Server:
    """`drez serve` on a free loopback port, answering when constructed."""

    def __init__(self, max_seconds: float):
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen([sys.executable, "-m", "drez", "serve", "--port", str(self.port),
                                      "--max-seconds", str(max_seconds)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 300
        while True:
            try:
                urllib.request.urlopen(self.url + "/api/deal/0", timeout=2).read()
                return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise BadInput("drez serve did not start") from None
                time.sleep(0.3)

    def post(self, path: str, body: dict) -> tuple[dict, float]:
        """The JSON answer and the seconds it took."""
        data = json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data,
                                     headers={"content-type": "application/json"})
        t = time.perf_counter()
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                answer = json.loads(r.read())
        except urllib.error.HTTPError as e:
            answer = json.loads(e.read() or b"{}")
        return answer, time.perf_counter() - t

    def get(self, path: str) -> dict:
        with urllib.request.urlopen(self.url + path, timeout=30) as r:
            return json.loads(r.read())

    def stop(self) -> None:
        import signal
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def _play_game(server: _Server, deal: int, moves: int, rng: random.Random) -> dict:
    pos = server.get(f"/api/deal/{deal}")["position"]
    pos = server.post("/api/position", {"position": pos})[0]["position"]
    out = {"deal": deal, "status": [], "quick": [], "refine": [], "sources": [], "verdicts": []}
    for k in range(moves):
        status, ts = server.post("/api/status", {"position": pos})
        out["status"].append(ts)
        hint, th = server.post("/api/hint", {"position": pos, "quick": True})
        out["quick"].append(th)
        out["sources"].append(hint.get("source"))
        out["verdicts"].append(hint.get("verdict"))
        if k % REFINE_EVERY == 0 and hint.get("refine"):
            full, tf = server.post("/api/hint", {"position": pos})
            out["refine"].append((th + tf, bool(full.get("proven")), k))
        if status.get("verdict") == "LOST" or hint.get("verdict") != "WON" or not hint.get("move"):
            break
        legal = server.post("/api/moves", {"position": pos})[0]["moves"]
        move = hint["move"] if rng.random() < 0.75 or not legal else rng.choice(legal)
        pos = server.post("/api/apply", {"position": pos, "move": move})[0]["position"]
    return out


def _solution(server: _Server, deal: int) -> tuple:
    """"Show me the solution" on the deal's start: quick, then full (seconds from quick)."""
    pos = server.get(f"/api/deal/{deal}")["position"]
    q, tq = server.post("/api/solve", {"position": pos, "optimal": True, "quick": True})
    full, tf = server.post("/api/solve", {"position": pos, "optimal": True})
    return tq, q.get("length"), q.get("proven"), tq + tf, full.get("length"), full.get("proven")


def _stats(xs: list[float]) -> str:
    if not xs:
        return "- | -"
    return f"{statistics.median(xs):.3f} | {max(xs):.3f}"


def _report(games: list[dict], command: str, max_seconds: float) -> str:
    lines = ["# Hint latency of the web app", "",
             f"Command: `{command}`", "",
             "Real HTTP to `drez serve` (its own worker processes: 2 for full searches, 1 for",
             "quick ones), on a shared 2-core machine.  Each position: a status check, then a",
             f"quick hint; every {REFINE_EVERY}th position also the full hint (time until the proven",
             "refinement, counted from the quick request).  The move played is the hint's move,",
             "or one time in four another legal move (seeded).  Seconds.", "",
             f"Server time cap for a full search: {max_seconds} s.", "",
             "| deal | positions | quick hint median | quick hint slowest | from memory | "
             "status median | status slowest | refine median | refine slowest | refined proven |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    allq, alls, allr = [], [], []
    for g in games:
        mem = sum(1 for s in g["sources"] if s == "memory")
        ref = [t for t, _, _ in g["refine"]]
        proven = sum(1 for _, p, _ in g["refine"] if p)
        lines.append(f"| {g['deal']} | {len(g['quick'])} | {_stats(g['quick'])} | "
                     f"{mem}/{len(g['sources'])} | {_stats(g['status'])} | {_stats(ref)} | "
                     f"{proven}/{len(ref)} |")
        allq += g["quick"]
        alls += g["status"]
        allr += ref
    over = sum(1 for t in allq if t > 1.0)
    refined = (f"refinement median {statistics.median(allr):.3f} s, slowest {max(allr):.3f} s"
               if allr else "no refinement asked")
    lines += ["", f"All positions: {len(allq)}; quick hint median {statistics.median(allq):.3f} s, "
              f"slowest {max(allq):.3f} s, {over} over 1 s; status median "
              f"{statistics.median(alls):.3f} s, slowest {max(alls):.3f} s; {refined}.",
              "", "## Show me the solution (each deal's start, on a fresh server)", "",
              "| deal | quick seconds | quick length | quick proven | full seconds (from quick) | "
              "full length | full proven |", "|---:|---:|---:|---:|---:|---:|---:|"]
    for g in games:
        tq, lq, pq, tf, lf, pf = g["solution"]
        lines.append(f"| {g['deal']} | {tq:.3f} | {lq} | {pq} | {tf:.3f} | {lf} | {pf} |")
    return "\n".join(lines) + "\n"


@click.command("hint-latency")
@click.option("--deals", default=DEFAULT_DEALS, show_default=True,
              help="Comma-separated deals to play (deal 292, the slowest proofs of "
                   "reports/deals-0-99999, ordinary deals and a lost one).")
@click.option("--moves", type=click.IntRange(1, 200), default=60, show_default=True,
              help="Positions per game at most.")
@click.option("--seed", type=int, default=38, show_default=True)
@click.option("--max-seconds", type=click.FloatRange(min=0.5), default=10.0, show_default=True,
              help="The server's time cap for a full search (drez serve's default).")
@click.option("--out", default=None, help="Write the Markdown report here (else print it).")
def hint_latency(deals, moves, seed, max_seconds, out):
    """Measure how fast the web app's quick hints, status checks and proven refinements
    answer on real games, through `drez serve` (needs the web extra)."""
    try:
        numbers = [int(d) for d in deals.split(",") if d.strip()]
    except ValueError:
        raise BadInput(f"--deals must be deal numbers separated by commas, not {deals[:40]!r}") from None
    if out:
        check_writable_file(out, "--out")
    command = "drez hint-latency " + " ".join(sys.argv[2:]) if len(sys.argv) > 2 else "drez hint-latency"
    rng = random.Random(seed)
    server = _Server(max_seconds)
    games = []
    try:
        for n in numbers:
            games.append(_play_game(server, n, moves, rng))
            g = games[-1]
            click.echo(f"deal {n}: {len(g['quick'])} positions, quick median "
                       f"{statistics.median(g['quick']):.3f} s, slowest {max(g['quick']):.3f} s",
                       err=True)
    finally:
        server.stop()
    server = _Server(max_seconds)        # a fresh memory: the games taught it nothing here
    try:
        for g in games:
            g["solution"] = _solution(server, g["deal"])
    finally:
        server.stop()
    text = _report(games, command, max_seconds)
    if out:
        with open(out, "w", encoding="utf-8") as f:
            f.write(text)
        click.echo(f"wrote {os.path.abspath(out)}", err=True)
    else:
        click.echo(text, nl=False)


COMMANDS = (hint_latency,)
