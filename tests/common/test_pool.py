"""stoppable_pool holds a stop that arrives while it forks its workers (a KeyboardInterrupt
raised in the parent's after-fork hooks would be printed and ignored, and the command would
run on) and delivers it as the block starts."""
from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

SCRIPT = textwrap.dedent("""
    import os, signal, sys, time
    from drez.solver.common.pool import stoppable_pool

    # Ctrl-C as in a terminal: a suite started in the background (`make test &`) starts
    # its processes with SIGINT ignored
    signal.signal(signal.SIGINT, signal.default_int_handler)

    sent = []
    def stop_once():
        if not sent:
            sent.append(1)
            os.kill(os.getpid(), signal.{sig})
    os.register_at_fork(after_in_parent=stop_once)
    try:
        with stoppable_pool(2) as pool:
            pool.map(abs, range(4))
            time.sleep(30)
    except KeyboardInterrupt:
        print("stopped", flush=True)
        sys.exit(130)
    print("ran on", flush=True)
""")


@pytest.mark.parametrize("sig", ["SIGTERM", "SIGINT"])
def test_a_stop_while_the_pool_forks_stops_the_block(sig):
    done = subprocess.run([sys.executable, "-c", SCRIPT.format(sig=sig)], capture_output=True,
                          text=True, timeout=120)
    assert (done.returncode, done.stdout.strip()) == (130, "stopped"), done.stderr[-800:]
    assert "Traceback" not in done.stderr, done.stderr[-800:]
