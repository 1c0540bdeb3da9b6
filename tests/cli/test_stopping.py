"""The companion games' long commands stop cleanly (issue 37): Ctrl-C to the terminal's
process group, SIGTERM to the command, or the command killed outright leaves no worker
running and prints no traceback."""
from __future__ import annotations

import os
import signal
import subprocess
import time

import pytest

from tests.cli.helpers import DREZ, children

LONG = {"updown simulate": ["updown", "simulate", "--games", "1000000", "--bots", "random,random",
                            "--no-progress"],
        "crapette simulate": ["crapette", "simulate", "--games", "1000000", "--bots",
                              "random,random", "--no-progress"],
        "updown ladder": ["updown", "ladder", "--games", "100000", "--bots", "random,greedy"]}




def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _start_with_workers(args):
    """The command, started in its own session (a terminal's group), once its two workers
    run; (process, worker pids)."""
    p = subprocess.Popen([*DREZ, *args, "--workers", "2"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 120                    # a generous bound on start-up
    while time.monotonic() < deadline and len(children(p.pid)) < 2 and p.poll() is None:
        time.sleep(0.05)
    workers = children(p.pid)
    assert len(workers) >= 2, f"no workers started: {p.poll()}"
    return p, workers


def _gone(pids, seconds=60.0) -> list[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and any(_alive(w) for w in pids):
        time.sleep(0.05)
    return [w for w in pids if _alive(w)]


@pytest.mark.parametrize("name", sorted(LONG))
@pytest.mark.parametrize("how", ["ctrl-c", "sigterm"])
def test_a_long_command_stops_with_its_workers_and_no_traceback(name, how):
    p, workers = _start_with_workers(LONG[name])
    try:
        if how == "ctrl-c":
            os.killpg(p.pid, signal.SIGINT)
        else:
            p.send_signal(signal.SIGTERM)
        _, err = p.communicate(timeout=120)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
    assert p.returncode == 130, (name, how, err[-500:])
    assert "Traceback" not in err and err.strip().splitlines()[-1] == "drez: interrupted", err
    assert _gone(workers) == []


@pytest.mark.parametrize("name", ["updown simulate", "crapette simulate"])
def test_workers_end_when_the_command_is_killed(name):
    p, workers = _start_with_workers(LONG[name])
    p.kill()
    p.communicate(timeout=60)
    try:
        assert _gone(workers) == []
    finally:
        for w in workers:
            if _alive(w):
                os.kill(w, signal.SIGKILL)
