"""drez against an independent solver: tests/solodrez/plain_solver.c, a plain depth-first search in C
written from the rulings, sharing no code with drez, on 200 deals of a range no report
covers.  Every deal it decides must get the same verdict from drez."""
import os
import random
import shutil
import subprocess

import pytest

from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search.solve import Limits, solve

SOURCE = os.path.join(os.path.dirname(__file__), "plain_solver.c")


@pytest.fixture(scope="module")
def plain_solver(tmp_path_factory):
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler (.ci/run installs one)")
    exe = tmp_path_factory.mktemp("plain") / "plain_solver"
    subprocess.run([cc, "-O2", "-o", str(exe), SOURCE], check=True)
    return exe


def test_plain_c_solver_agrees_with_drez(plain_solver):
    first = random.Random(20261202).randrange(10 ** 9, 10 ** 12)
    out = subprocess.run([str(plain_solver), str(first), str(first + 199), "200000"],
                         check=True, capture_output=True, text=True).stdout
    verdicts = {}
    for line in out.splitlines():
        deal, verdict, _nodes, _seconds = line.split()
        verdicts[int(deal)] = verdict
    assert sorted(verdicts) == list(range(first, first + 200))
    decided = {d: v for d, v in verdicts.items() if v != "UNKNOWN"}
    assert len(decided) >= 180 and "LOST" in decided.values() and "WON" in decided.values()
    limits = Limits(max_nodes=5_000_000)
    for deal, verdict in decided.items():
        assert solve(Position.from_deal(deal), limits).verdict == verdict, deal
