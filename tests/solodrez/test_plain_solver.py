"""drez against an independent solver: tests/solodrez/plain_solver.c, a plain depth-first search
and a textbook A* in C written from the rulings, sharing no code with drez, on deals of
ranges no report covers.  Every deal it decides must get the same verdict from drez, and
every shortest win it proves the same length from `drez solve --optimal`."""
import os
import random
import shutil
import subprocess

import pytest

from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search.solve import Limits, solve
from tests.solodrez.helpers import replayed

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


def test_plain_c_astar_agrees_with_drez_on_shortest_wins(plain_solver):
    """The C A* stops at 1,500,000 stored positions (its 600 s cap is a generous upper
    bound, never reached here), so what it decides does not depend on the machine."""
    first = random.Random(20261204).randrange(10 ** 12, 10 ** 15)
    out = subprocess.run([str(plain_solver), "-o", "600", str(first), str(first + 79),
                          "1500000"], check=True, capture_output=True, text=True).stdout
    found = {}
    for line in out.splitlines():
        deal, verdict, _nodes, _seconds, length = line.split()
        found[int(deal)] = (verdict, None if length == "-" else int(length))
    assert sorted(found) == list(range(first, first + 80))
    decided = {d: f for d, f in found.items() if f[0] != "UNKNOWN"}
    assert len(decided) >= 60 and "WON" in {v for v, _ in decided.values()}
    for deal, (verdict, length) in decided.items():
        pos = Position.from_deal(deal)
        result = solve(pos, Limits(max_nodes=20_000_000), want_optimal=True)
        assert result.verdict == verdict, deal
        if verdict == "WON":
            assert result.optimal, deal
            assert replayed(pos, [m.pack() for m in result.moves]) == length, deal
