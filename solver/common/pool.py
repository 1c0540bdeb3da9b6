"""Worker pools for the games' simulators and ladders that stop cleanly.

Ctrl-C reaches every process of the terminal's group, so workers ignore it and leave the
stopping to the parent, which terminates them when it leaves the pool early; SIGTERM to
the parent stops it as Ctrl-C does; and on Linux a worker ends with its parent however the
parent ends (SIGKILL included), instead of running on and writing to a closed pipe.
"""
from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading

_PR_SET_PDEATHSIG = 1
_STOPS = {signal.SIGINT, signal.SIGTERM}


def _worker_start(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPS)     # blocked by the fork, below
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:          # the parent ended before the line above ran
        os._exit(0)


def _interrupt(signum, frame):
    raise KeyboardInterrupt


@contextlib.contextmanager
def stoppable_pool(workers: int):
    """A fork-context multiprocessing Pool of `workers` as above: inside the block SIGTERM
    raises KeyboardInterrupt (in the main thread), and leaving the block, normally or by
    an exception, terminates the workers.

    Ctrl-C and SIGTERM are held back while the pool forks its workers: a KeyboardInterrupt
    raised in the parent's after-fork hooks is printed and ignored, and the command would
    run on.  One that arrived meanwhile is delivered as the block starts."""
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _interrupt) if main else None
    held = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
    try:
        with multiprocessing.get_context("fork").Pool(
                workers, initializer=_worker_start, initargs=(os.getpid(),)) as pool:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
            yield pool
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        if main:
            signal.signal(signal.SIGTERM, previous)
