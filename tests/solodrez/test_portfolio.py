"""The verdict portfolio of solver.solodrez.search.solve: its A* stage and its first-move
probes find wins that the whole-tree greedy search reaches only after many more positions,
every win replays in the reference, and neither the probes nor any limit ever turn into
LOST."""
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search import solve as solve_mod
from drez.solver.solodrez.search.solve import LOST, UNKNOWN, WON, Limits, probe_first_moves, solve
from drez.solver.solodrez.search.table import ENTRY_BYTES
from tests.solodrez.helpers import ref


def _replays(deal, moves):
    return ref.verify(ref.deal(deal), [(m.src, m.dst, m.cards) for m in moves])


def test_a_probe_win_starts_with_its_probe_move_and_replays():
    pos = Position.from_deal(9848)
    found, nodes, limit = probe_first_moves(pos, Limits(), 50_000)
    assert found.verdict == WON and limit is None and 0 < nodes == found.nodes
    assert found.moves[0] in pos.legal_moves(prune=True)
    assert _replays(9848, found.moves) == (True, "")


def test_probes_never_answer_lost_and_stop_at_the_node_limit():
    lost = Position.from_deal(2382)               # LOST after 837 positions
    assert solve(lost).verdict == LOST
    found, nodes, limit = probe_first_moves(lost, Limits(), 50_000)
    assert found is None and limit is None and nodes > 0
    found, nodes, limit = probe_first_moves(Position.from_deal(654), Limits(max_nodes=5_000),
                                            50_000)
    assert found is None and limit == "nodes" and nodes >= 5_000


def test_the_portfolio_reaches_its_probe_stage_and_its_wins_replay(monkeypatch):
    # Deal 12361: the greedy search of the whole tree needs about 23 million positions;
    # a probe one move in wins after about a thousand.  Small stages keep the test quick.
    monkeypatch.setattr(solve_mod, "GREEDY_FIRST_STAGE", 20_000)
    monkeypatch.setattr(solve_mod, "ASTAR_STAGE", 2_000)     # A* needs 836,266 here
    monkeypatch.setattr(solve_mod, "PROBE_FIRST", 5_000)
    monkeypatch.setattr(solve_mod, "PROBE_NODES", 5_000)
    result = solve(Position.from_deal(12361), Limits(max_nodes=3_000_000))
    assert result.verdict == WON and result.nodes < 3_000_000
    assert _replays(12361, result.moves) == (True, "")
    stopped = solve(Position.from_deal(12361), Limits(max_nodes=21_000))
    assert stopped.verdict == UNKNOWN and stopped.limit == "nodes"


def test_the_astar_stage_wins_shortest_where_greedy_order_sinks(monkeypatch):
    # Deal 22699: the greedy search stores over a million positions before it wins,
    # A* proves a 50-move minimum in about two thousand.
    monkeypatch.setattr(solve_mod, "GREEDY_FIRST_STAGE", 20_000)
    pos = Position.from_deal(22699)
    result = solve(pos)
    shortest = solve(pos, want_optimal=True)
    assert result.verdict == WON and result.optimal and result.limit is None
    assert len(result.moves) == result.lower_bound == shortest.length
    assert 20_000 < result.nodes < 20_000 + solve_mod.DFS_FIRST_STAGE + solve_mod.ASTAR_STAGE
    assert _replays(22699, result.moves) == (True, "")


def test_lost_is_proven_by_the_astar_stage_or_after_it(monkeypatch):
    """Deal 2357 is LOST (about 17,000 positions).  With a greedy stage too small to end,
    the A* stage exhausts the tree itself; with an A* stage too small as well, the
    greedy search resumed after the first probes does (stage 5), or, when its second
    stage is too small too, after the second probes (stage 7); each stage stores what it
    should; a node limit still gives UNKNOWN."""
    monkeypatch.setattr(solve_mod, "GREEDY_FIRST_STAGE", 1_000)
    pos = Position.from_deal(2357)
    first = solve(pos)
    assert first.verdict == LOST and first.nodes < 3_000 + 20_000
    monkeypatch.setattr(solve_mod, "ASTAR_STAGE", 1_000)
    monkeypatch.setattr(solve_mod, "PROBE_FIRST", 100)
    monkeypatch.setattr(solve_mod, "PROBE_NODES", 300)
    late = solve(pos)
    assert late.verdict == LOST and late.nodes > 4_000
    monkeypatch.setattr(solve_mod, "GREEDY_SECOND_STAGE", 2_000)
    last = solve(pos)
    assert last.verdict == LOST
    # the second round of probes ran in full, of 300 positions a probe, and nothing
    # else changed: the greedy search, exhaustive either way, stored the same positions
    _, second_round, _ = probe_first_moves(pos, Limits(), 300)
    assert last.nodes - late.nodes == second_round > 0
    stopped = solve(pos, Limits(max_nodes=last.nodes - 1))
    assert stopped.verdict == UNKNOWN and stopped.limit == "nodes"


def test_result_reports_the_largest_table():
    """A proven-shortest solve is one A* search: its table held every position stored,
    in slots of ENTRY_BYTES at most 7/8 full, so table_bytes is at least 8/7 of that."""
    r = solve(Position.from_deal(0), Limits(max_nodes=10**6), want_optimal=True)
    assert r.optimal and r.nodes > 1000
    assert r.table_bytes >= r.nodes * ENTRY_BYTES * 8 // 7
    assert r.table_bytes <= 1 << 30
