"""A real `drez serve` in a child process on a free loopback port, for the browser tests
and the load script (dev/web_load.py); stopped with SIGINT, as a person stops it."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`drez serve --port <free port> *args`, started and answering when constructed."""

    def __init__(self, *args: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        drez = os.path.join(os.path.dirname(sys.executable), "drez")
        self.proc = subprocess.Popen([drez, "serve", "--port", str(self.port), *args],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(self.url + "/api/deal/0", timeout=2).read()
                return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.proc.kill()
                    _, err = self.proc.communicate()
                    raise RuntimeError(f"drez serve did not start: {err.strip()}") from None
                time.sleep(0.2)

    def stop(self, timeout: float = 15, sig: int = signal.SIGINT) -> tuple[int, str, float]:
        """`sig` (Ctrl-C's by default), then wait; (exit code, stderr, seconds it took)."""
        t = time.perf_counter()
        self.proc.send_signal(sig)
        try:
            _, err = self.proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _, err = self.proc.communicate()
        return self.proc.returncode, err, time.perf_counter() - t
