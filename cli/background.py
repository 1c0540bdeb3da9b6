"""Running a search while the person waits: after half a second a message on stderr shows
that it is working, and Ctrl-C stops the search (limit 'cancelled'), not the program."""
from __future__ import annotations

import dataclasses
import sys
import threading
import time

SHOW_AFTER = 0.5
_FRAMES = "|/-\\"


def run_cancellable(work, limits, what: str = "thinking", stream=None):
    """work(limits) in a worker thread, with limits.cancel set to a fresh Event.

    Returns what work returns.  A KeyboardInterrupt in the calling (main) thread sets the
    event; the search then stops at its next look at the clock and work's result (with
    limit 'cancelled') is returned.  Exceptions of work are raised here.
    """
    stream = stream if stream is not None else sys.stderr
    cancel = threading.Event()
    limits = dataclasses.replace(limits, cancel=cancel)
    box: dict = {}
    done = threading.Event()      # not Thread.join: a join cut by Ctrl-C can report a
                                  # running thread as finished (CPython gh-90882)

    def target():
        try:
            box["value"] = work(limits)
        except BaseException as e:
            box["error"] = e
        finally:
            done.set()

    worker = threading.Thread(target=target, name=f"drez-{what}", daemon=True)
    start = time.monotonic()
    worker.start()
    tty = stream is not None and hasattr(stream, "isatty") and stream.isatty()
    shown = False
    frame = 0
    while not done.is_set():
        try:
            done.wait(0.1 if shown else SHOW_AFTER)
            if not done.is_set() and stream is not None:
                if tty:
                    text = (f"\r{what} {_FRAMES[frame % 4]} {time.monotonic() - start:4.1f} s"
                            "  (Ctrl-C stops it)")
                    stream.write(text)
                    stream.flush()
                    frame += 1
                elif not shown:
                    stream.write(f"{what}... (Ctrl-C stops it)\n")
                    stream.flush()
                shown = True
        except KeyboardInterrupt:
            cancel.set()
    if shown and tty:
        stream.write("\r" + " " * 60 + "\r")
        stream.flush()
    if "error" in box:
        raise box["error"]
    return box["value"]
