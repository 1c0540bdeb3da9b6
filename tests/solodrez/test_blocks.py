"""Static block detectors: sound on thousands of decided positions, and the block kinds."""
from __future__ import annotations

import pytest

from drez.solver.solodrez.kernels import ensure_compiled
from drez.solver.solodrez.search import blocks
from drez.solver.solodrez.search.solve import LOST, WON, solve
from tests.solodrez.helpers import P, ref, to_engine
from tests.solodrez.samples import decided_positions


@pytest.fixture(scope="module")
def decided():
    ensure_compiled()
    return list(decided_positions(seed=3, want_lost=1000, want_won=1000, max_nodes=100_000))


def test_detectors_never_call_a_winnable_position_blocked(decided):
    assert sum(v == WON for _, v in decided) == 1000
    for pos, verdict in decided:
        for name, detect in blocks.DETECTORS:
            if detect(pos):
                assert verdict == LOST, f"{name} called a winnable position blocked:\n{pos}"


def test_detectors_catch_lost_positions_and_explain(decided):
    caught = {name: 0 for name, _ in blocks.DETECTORS}
    for pos, verdict in decided:
        if verdict != LOST:
            continue
        for name, detect in blocks.DETECTORS:
            reason = detect(pos)
            if reason:
                caught[name] += 1
                assert "column" in reason or name == "no-moves"
    assert caught["stuck-card"] >= 800            # measured: see reports/bench/blocks.md
    assert caught["stuck-bottom"] <= caught["stuck-card"]


def test_may_move_first_never_says_never_for_a_card_that_moves(decided):
    """Every first card of every move of a solution had M True at the start."""
    for pos, verdict in decided[:300]:
        if verdict != WON:
            continue
        columns = blocks._digits(pos)
        M = blocks.may_move_first(columns)
        ids = {card: (c, i) for c, col in enumerate(pos.columns) for i, card in enumerate(col)}
        cur = pos
        for move in solve(pos).moves:
            col = cur.columns[move.src]
            first = col[len(col) - move.cards]
            c, i = ids[first]
            assert M[c][i], f"card {first} moved first but M said never:\n{pos}"
            cur = cur.play(move)


# The documented lose state of the original rules: the last cards cannot be removed.
LAST_CARDS_NO_MOVES = P("X2 J1 R1 Q1 N1 X1 B1 P1")
LAST_CARDS_CIRCLING = P("J1 Q1 N1 R1 X1 B1", "X2 P1")


def test_last_cards_that_cannot_be_removed_are_blocked_no_moves():
    pos = to_engine(LAST_CARDS_NO_MOVES).settled()
    assert ref.legal_moves(LAST_CARDS_NO_MOVES) == []
    b = blocks.blocked(pos)
    assert b.kind == blocks.NO_MOVES
    assert blocks.static_block(pos)[0] == "no-moves"
    assert b.describe() == "lost: no legal move is left"


def test_last_cards_going_round_in_circles_are_blocked_circling_with_the_reference_count():
    pos = to_engine(LAST_CARDS_CIRCLING).settled()
    b = blocks.blocked(pos)
    assert b.kind == blocks.CIRCLING
    sizes = ref.perft(LAST_CARDS_CIRCLING, 6)
    assert sizes[-1] == sizes[-2] == b.positions       # the whole reachable set
    assert ref.shortest_distance(LAST_CARDS_CIRCLING) == "LOST"
    assert f"only {b.positions} positions" in b.describe()
    assert blocks.static_block(pos) is not None         # N1 must move, R1 never leaves


def test_stuck_bottom_names_the_card_and_the_reason():
    # R1 on the table under P1; P1 needs a Knight or a neutral on top, but N1 lies under
    # B1 (which needs a Rook or neutral), X1 under Q1 (needs a Joker or neutral), X2 under
    # J1 (needs an empty column): the needs go round and none can ever be met
    cols = P("X2 J1 N1 B1", "X1 Q1", "R1 P1")
    assert ref.shortest_distance(cols) == "LOST"
    reason = blocks.detect_stuck_bottom(to_engine(cols))
    assert reason and "R1 in column 3" in reason and "P1" in reason


def test_a_won_or_winnable_small_position_is_not_blocked():
    won = to_engine(P("X1", "X2"))
    assert blocks.blocked(won) is None and blocks.static_block(won) is None
    winnable = to_engine(P("J1 Q1 R1 B1 N1", "P1", "X1", "X2"))
    assert blocks.blocked(winnable) is None and blocks.static_block(winnable) is None


def test_exhausted_kind_reports_the_search_size():
    b = blocks.Block(blocks.EXHAUSTED, 1234)
    assert "1234 positions" in b.describe()
