"""The Solodrez commands as a user meets them: deal, show, moves, apply, solve, verify,
bench (S16 text format, S17 move notation, S14 verdicts).  Every solution printed is
replayed by the reference verifier."""
import json

import pytest
from click.testing import CliRunner

from drez.cli.main import drez
from tests.solodrez import reference as ref


def run(*args, input=None):
    return CliRunner().invoke(drez, list(args), input=input, catch_exceptions=False)


def moves_of(payload):
    return [(m["from"] - 1, m["to"] - 1, m["cards"]) for m in payload["moves"]]


def test_S16_deal_output_feeds_every_command():
    dealt = run("deal", "42")
    assert dealt.exit_code == 0
    assert dealt.stdout == "\n".join(" ".join(col) for col in ref.deal(42)) + "\n"
    moves = run("moves", "-", "--json", input=dealt.output)
    listed = {(m["from"] - 1, m["to"] - 1, m["cards"]) for m in json.loads(moves.stdout)["moves"]}
    assert listed == set(ref.legal_moves(ref.settle(ref.deal(42))))
    shown = run("show", "-", "--no-color", input=dealt.output)
    assert shown.exit_code == 0 and "\x1b[" not in shown.output and "J5" in shown.output


def test_S17_apply_plays_moves_and_names_the_first_illegal_one():
    legal = ref.legal_moves(ref.settle(ref.deal(42)))
    src, dst, k = legal[0]
    out = run("apply", "42", f"{src + 1}>{dst + 1}:{k}")
    assert out.exit_code == 0
    expected = ref.apply(ref.settle(ref.deal(42)), (src, dst, k))
    assert out.stdout == "\n".join(" ".join(col) for col in expected) + "\n"
    bad = run("apply", "42", f"{src + 1}>{dst + 1}:{k}", "1>1")
    assert bad.exit_code == 2
    assert "move 2" in bad.output and bad.output.count("\n") == 1


@pytest.mark.parametrize("args, fragment", [
    (("deal", "18446744073709551616"), "outside"),
    (("deal", "x"), "not a deal number"),
    (("show", "no/such/file"), "cannot read"),
    (("solve", "no/such/file"), "cannot read"),
    (("moves", "-"), "column lines"),
    (("solve", "42", "--max-memory", "lots"), "not a size"),
    (("solve", "42", "--frobnicate"), "no such option"),
])
def test_bad_input_is_one_line_and_exit_2(args, fragment):
    out = run(*args, input="")
    assert out.exit_code == 2
    assert fragment in out.output.lower()
    assert out.output.strip().count("\n") == 0
    assert "Traceback" not in out.output


def test_S14_solve_won_prints_a_verified_solution():
    out = run("solve", "42", "--json")
    payload = json.loads(out.stdout)
    assert out.exit_code == 0 and payload["verdict"] == "WON"
    assert payload["length"] == len(payload["moves"])
    ok, why = ref.verify(ref.deal(42), moves_of(payload))
    assert ok, why


def test_S14_solve_optimal_is_verified_and_no_shorter_than_the_bound():
    out = run("solve", "11", "--optimal", "--json")
    payload = json.loads(out.stdout)
    assert payload["verdict"] == "WON" and payload["optimal"] is True
    assert payload["length"] == payload["lower_bound"]
    ok, why = ref.verify(ref.deal(11), moves_of(payload))
    assert ok, why
    plain = json.loads(run("solve", "11", "--json").stdout)
    assert plain["length"] >= payload["length"]


def test_S14_solve_lost_deal_exits_0_and_says_lost():
    out = run("solve", "179")            # no legal move in the deal as dealt
    assert out.exit_code == 0 and "LOST" in out.output
    assert ref.legal_moves(ref.settle(ref.deal(179))) == []


@pytest.mark.parametrize("limit, name", [(("--max-nodes", "200"), "nodes"),
                                         (("--max-memory", "1M"), "memory")])
def test_S14_limits_give_unknown_with_exit_3_never_lost(limit, name):
    out = run("solve", "104", "--json", *limit)   # deal 104 needs about 2M positions
    payload = json.loads(out.stdout)
    assert out.exit_code == 3
    assert payload["verdict"] == "UNKNOWN" and payload["limit"] == name


def test_verify_accepts_a_win_and_rejects_the_rest():
    payload = json.loads(run("solve", "42", "--json").stdout)
    texts = [f"{m['from']}>{m['to']}:{m['cards']}" for m in payload["moves"]]
    assert run("verify", "42", *texts).exit_code == 0
    short = run("verify", "42", *texts[:-1])
    assert short.exit_code == 1 and "NOT A WIN" in short.output
    assert run("verify", "42", "banana").exit_code == 2


def test_bench_reports_totals():
    out = run("bench", "--deals", "0,179")
    assert out.exit_code == 0
    assert "total: 2 deals" in out.output and "LOST" in out.output
    # the kernels load before the clock starts: the line comes before the table
    assert out.output.index("kernels loaded in ") < out.output.index("deal verdict")


def test_bench_repeat_prints_each_round_and_the_fastest():
    out = run("bench", "--deals", "0,179", "--repeat", "3")
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert sum(1 for line in lines if line.split()[:1] in (["0"], ["179"])) == 2   # one table
    total = next(line for line in lines if line.startswith("total:"))
    nodes = int(total.split()[3])
    rounds = next(line for line in lines if line.startswith("3 rounds,"))
    assert f"{nodes} nodes each" in rounds and len(rounds.split(": ")[1].split(", ")) == 3
    assert any(line.startswith("fastest round:") and "median:" in line for line in lines)
    assert run("bench", "--deals", "0", "--repeat", "0").exit_code == 2


# `drez bench` on its fixed list, positions stored: any change to what the searches store
# shows here, and must be deliberate (reports/bench/bench.md records each change and why).
# 771,510 since issue 13's table work: slices are no longer cut where a table filled (deal
# 104: 561,455 -> 567,182, what the earlier engine gives with a table that never fills).
# 417,252 since the portfolio's A* stage (engine 5): deal 104 567,182 -> 212,924.
# 414,192 since the depth-first stage keeps its 2,000-position cap when it grows its
# per-depth arrays (it restarted the budget, so 2117's stage stored 5,061): 2117 6,677 -> 3,617.
# 406,068 since greedy search skips the children a commuting move makes (engine 7,
# search/commute.py): won deals store their positions in another order (884: 191,918 ->
# 187,413, 104: 212,924 -> 209,639, 1214 and 2117 about 200 fewer each).
# 405,734 since it also skips moving the last move's run on where the parent could have
# moved it at once (engine 8, commute.py rule (iii)): 884 187,413 -> 187,458, 104
# 209,639 -> 209,658, 2117 3,404 -> 3,006.
# 405,152 since the dead-position test grants an empty column to a column with a Joker at
# the bottom only when it can be cleared (blocks.may_move_first's S): the lost deals store
# fewer (54 7 -> 1, 2414 51 -> 1, 1669 677 -> 258, 2382 837 -> 730), the won ones the same.
BENCH_NODE_TOTAL = 405_152


# `drez bench --optimal`, positions stored by the proven-shortest searches (A* with fronts),
# pinned the same way since A* too keys its children before sorting the ones it pushes.
# 1,148,476 since the dead-position test's S (2 fewer).
OPTIMAL_BENCH_NODE_TOTAL = 1_148_476


def test_optimal_bench_node_total_is_pinned():
    out = run("bench", "--optimal")
    assert out.exit_code == 0, out.output
    total = next(line for line in out.output.splitlines() if line.startswith("total:"))
    assert f" {OPTIMAL_BENCH_NODE_TOTAL} nodes," in total, total


def test_bench_node_total_is_pinned():
    out = run("bench")
    assert out.exit_code == 0, out.output
    total = next(line for line in out.output.splitlines() if line.startswith("total:"))
    assert f" {BENCH_NODE_TOTAL} nodes," in total, total
    rows = [line.split() for line in out.output.splitlines()[1:] if line.split()[0].isdigit()]
    # a LOST row has no length column: its node count is the third field
    assert sum(int(r[2] if r[1] == "LOST" else r[3]) for r in rows) == BENCH_NODE_TOTAL
    assert "bytes per stored position" in out.output
