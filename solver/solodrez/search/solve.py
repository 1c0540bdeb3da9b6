"""Solving a position: the three verdicts, limits, and the search portfolio.

WON     a solution is given (every move legal, the last one wins); with `optimal`, it is
        proven to have the fewest moves.
LOST    proven: every position reachable from the start was searched and none is won.
UNKNOWN a limit (nodes, time or memory) stopped the search first; `limit` (a Limit) says
        which.

Memory: `Limits.max_memory` bounds the whole solve of a position, not each search in it.
The tables, their payloads and open lists of every search alive at once count, and so
does the peak of a growth (old and new table, and the slot map, are held together):
the greedy search kept alive during the A* stage and the probes leaves them only what
it does not hold, and a finished stage's table is freed before the next stage starts.
Tables grow fourfold while another fourfold step would still fit, then once to all that
is left (search/table.py `next_slots`).
"""
from __future__ import annotations

from dataclasses import replace

from ...common.allocator import give_back_freed_memory
from ..rules.moves import Move
from ..rules.position import Position
from . import astar as astar_mod
from . import beam as beam_mod
from . import dfs as dfs_mod
from . import frontier as frontier_mod
from . import ida as ida_mod
from . import race as race_mod
from .budget import (  # noqa: F401  (the defaults: importers read them here)
    DEFAULT_MAX_MEMORY,
    DEFAULT_MAX_NODES,
    LOST,
    UNKNOWN,
    WON,
    Clock,
    Limits,
    Result,
)
from .frontier_layers import FrontierLayers, room_beside
from .shortcut import shorten
from .stages import run_search, run_stage  # noqa: F401  (run_search: importers read it here)
from .status import Limit, verdict

FIRST_TABLE_BYTES = 1 << 20     # tables start small and grow in place
DFS_FIRST_STAGE = 2_000
DFS_FIRST_TABLE = 1 << 17       # 5,461 slots: the first stage's 2,000 positions at most
                                # 3/8 full (a table is cleared when made: 1 MB costs more
                                # than a whole ordinary deal's search)
GREEDY_FIRST_STAGE = 200_000
PROBE_FIRST = 10_000            # positions a probe may store in the first round
GREEDY_SECOND_STAGE = 2_000_000 # the greedy search's positions before the second round
PROBE_NODES = 50_000            # ... and a probe's in the second
ASTAR_STAGE = 200_000           # positions A* may store in the portfolio's third stage
FROM_FRONTIER = True            # past A*'s memory: the layers from A*'s frontier first
PROBE_AT_BOUND = True           # ... and before them IDA* from the root at A*'s bound
PROBE_SHARE = 32                # ... for at most A*'s stored positions / this expansions
PROBE_BYTES = 1 << 24           # ... in at most this beside A*'s table
MIN_FRONTIER_BYTES = 1 << 18    # past A*'s memory: the layers from its frontier run when
                                # the memory A*'s table leaves holds at least this (A*
                                # fills its budget with slots: at 4 MB about 0.95 MB is
                                # left, at 1 GB 170 MB besides the roots)
LAYERS = True                   # past A*'s memory: the layered search first (else IDA*)
OPTIMAL_TIME_SHARE = 0.8        # of a time limit, for A*: the rest lets the portfolio find
                                # a win to show when A* cannot prove the shortest one


def _first_table(clock: Clock) -> int:
    return min(FIRST_TABLE_BYTES, clock.avail())


def _found(search, status, nodes, clock, lower, optimal=False) -> Result | None:
    """The Result a finished search stage gives, or None if it was stopped."""
    if verdict(status) == WON:
        moves = Move.unpack_all(search.path())
        return Result(verdict=WON, moves=moves, optimal=optimal or len(moves) == lower,
                      nodes=nodes, seconds=clock.elapsed(),
                      lower_bound=len(moves) if optimal else lower)
    if verdict(status) == LOST:
        return Result(verdict=LOST, nodes=nodes, seconds=clock.elapsed())
    return None


def probe_first_moves(pos: Position, limits: Limits, per_probe: int, clock=None,
                      spent: int = 0) -> tuple[Result | None, int, Limit | None]:
    """Greedy best-first searches of at most `per_probe` positions (and the memory of
    `limits`) from each position one move in, the moves in generation order.  Returns
    (a WON Result whose first move is that move, or None; the positions stored, `spent`
    included; 'nodes' or 'time' if that limit of `limits` stopped the probes, else None).
    A probe that fails proves nothing, so this never answers LOST."""
    clock = clock or Clock(limits)
    for move in pos.legal_moves(prune=True):
        child = pos.play(move)
        if child.is_won():
            won = Result(verdict=WON, moves=[move], nodes=spent, seconds=clock.elapsed())
            return won, spent, None
        search = None       # the last probe's table is freed before the next one is made
        search = astar_mod.AStar(child.words(), _first_table(clock), greedy=True)
        search, status, spent, limit = run_stage(search, limits, clock, spent, per_probe)
        if verdict(status) == WON:
            moves = [move] + Move.unpack_all(search.path())
            won = Result(verdict=WON, moves=moves, nodes=spent, seconds=clock.elapsed())
            return won, spent, None
        if limit in (Limit.NODES, Limit.TIME, Limit.CANCELLED):
            return None, spent, limit
    return None, spent, None


def solve(pos: Position, limits: Limits | None = None, want_optimal: bool = False) -> Result:
    """Decide pos; with want_optimal, look for a proven-shortest solution.

    Verdict portfolio, of which stages 1, 3, 5 and 7 are exhaustive if let run, so each
    may prove LOST:
    1. a short depth-first search (search.DfsState; it wins most deals in under 200
       positions);
    2. a greedy best-first search (astar.AStar greedy; 2-6 times fewer positions than
       the depth-first search on hard deals), stopped after GREEDY_FIRST_STAGE positions;
    3. A* (astar.AStar) stopped after ASTAR_STAGE positions: on the hard won deals
       its admissible order finds a win where greedy order sinks (159 won deals of
       0-99,999 that reached this stage: A* wins 137 of them in at most 200,000
       positions, where the old portfolio stored 113M); a win it finds is shortest;
    4. probes: greedy searches of PROBE_FIRST positions from each position one move in
       (probe_first_moves) - the root search can sink millions of positions under one
       first move while another wins in a thousand;
    5. the greedy search of stage 2, resumed until it holds GREEDY_SECOND_STAGE
       positions: most lost deals end here (of the 63 lost deals of 0-99,999 that
       reach the probes, the greedy search alone proves 45 in at most 1.3M positions,
       where probes of PROBE_NODES each cost them about a million more);
    6. probes again, of PROBE_NODES positions each;
    7. the greedy search resumed and run to the end.
    The optimal search is A* (astar.AStar); when a limit stops it, the portfolio finds
    a (not proven shortest) solution and the result keeps A*'s proven lower bound.  Under
    a time limit A* gets OPTIMAL_TIME_SHARE of it, so that the portfolio has time left.
    A win that is not proven shortest is cut short where it can be (shortcut.shorten),
    and is flagged optimal when that brings it down to the proven lower bound.
    When it was memory that stopped A*, at its bound F, IDA* from the root at F looks for a
    win of F moves within a budget (_probe_at_bound: a win it meets is shortest); then
    breadth-first layers by depth from A*'s open positions, with A*'s table kept while they
    have room, finish A*'s last f-layer, at F (frontier_layers.FrontierLayers: a win they
    meet is a shortest one); where they prove none, a beam looks for a win of F + 1 moves,
    then shortest (beam.win_within); else (or where a layer outgrows the memory) the
    portfolio finds a win, a beam looks for a win of the proven lower bound plus one move
    (beam.shorter_win), and with the best win known the layered search
    (layers.LayeredSearch: breadth first by depth, exhaustive below the win's length) proves
    it shortest or finds a shorter one within max_memory, from A*'s proven lower bound, with
    IDA* beside it (race.LayersWithIda: the first win either meets); when a layer outgrows
    the memory, the records of the line give way to relays, then to nothing (IDA* then reads
    a win back: relay.py), then a walk depth first from the layer before takes the iteration
    over (walk.py); only where not even a walk fits does IDA* from the root (ida.IdaStar) go
    on from the bound they proved.
    Time, cancel or max_nodes (counting their expansions) may stop them first; then the
    win stays, with the lower bound they proved.
    """
    limits = limits or Limits()
    clock = Clock(limits)
    result = replace(_solve(pos, limits, want_optimal, clock), table_bytes=clock.peak_bytes)
    if result.verdict == WON and not result.optimal:
        packed = shorten(pos.words(), [m.pack() for m in result.moves])
        result = replace(result, seconds=clock.elapsed())
        if len(packed) < len(result.moves):
            result = replace(result, moves=Move.unpack_all(packed),
                             optimal=len(packed) == result.lower_bound)
    if want_optimal and result.verdict == WON and not result.optimal \
            and result.limit == Limit.MEMORY:
        result = replace(_deepen(pos, result, limits, clock), table_bytes=clock.peak_bytes)
    return result


def _deepen(pos: Position, won: Result, limits: Limits, clock: Clock) -> Result:
    """Past A*'s memory: from won's proven lower bound up to won's length (or a shorter
    win's that a beam finds first), the layered search (walking from a layer where the
    next outgrows max_memory), then IDA* if not even a walk fits: a proven-shortest
    Result, or won (or the beam's win) with the lower bound they reached and the limit
    that stopped them."""
    if clock.out_of_time() or clock.cancelled():
        return won
    start = won.lower_bound or 0
    packed, kept = _beamed(pos, start, [m.pack() for m in won.moves], limits, clock)
    won = replace(won, moves=Move.unpack_all(packed), nodes=won.nodes + kept)
    nodes, limit = won.nodes, None
    stages = ((race_mod.LayersWithIda, "a breadth-first search by depth layers (IDA* beside it)"),
              (ida_mod.IdaStar, "iterative deepening (IDA*)"))
    for make, name in stages[0 if LAYERS else 1:]:
        if limits.notify:
            limits.notify(f"A*'s table reached the memory limit; {name} within the same "
                          f"memory proves the minimum, from {start} moves up to the "
                          f"{len(packed)} of the win found")
        search = make(pos.words(), clock.avail(), start=start, upper=packed,
                      notify=limits.notify)
        search, status, nodes, limit = run_stage(search, limits, clock, nodes)
        if verdict(status) == WON:
            moves = Move.unpack_all(search.path())
            return replace(won, moves=moves, optimal=True, nodes=nodes,
                           seconds=clock.elapsed(), lower_bound=len(moves), limit=None)
        start = max(start, search.bound())
        search = None
        give_back_freed_memory()
        if limit != Limit.MEMORY:
            break
    return replace(won, nodes=nodes, seconds=clock.elapsed(), lower_bound=start,
                   limit=limit or won.limit)


def _beamed(pos: Position, lower: int, packed: list, limits: Limits, clock: Clock):
    """packed (a win), or a shorter one that beams find in the memory left
    (beam.shorter_win); and the positions they kept."""
    line, kept, peak = beam_mod.shorter_win(pos.words(), lower, packed, clock.avail(),
                                            lambda: clock.out_of_time() or clock.cancelled(),
                                            limits.notify, limits.progress)
    clock.note(peak)
    give_back_freed_memory()        # the beams' blocks, before the next search maps its own
    return line, kept


def _probe_at_bound(words, fr, limits: Limits, clock: Clock, spent: int):
    """After A*'s table reached max_memory at its bound F = fr.through, with `spent`
    positions: IDA* from the root at F (ida.IdaStar, start=F) in at most PROBE_BYTES beside
    the Frontier fr (A*'s table), for at most spent / PROBE_SHARE expansions.  Depth first,
    children best first, it often meets a win of F moves at once (83820: in 46
    expansions), where the layers from A*'s frontier meet it only in their last layer.
    A win it finds is shortest by IDA*'s proof (it starts at a proven lower bound, and an
    iteration it completes proves the next).  Returns (a proven-shortest Result or None,
    nodes, the lower bound proven, the limit that stopped it: None when its budget ran
    out, or it did not fit)."""
    lower, budget, held = fr.through, max(1, spent // PROBE_SHARE), fr.held_bytes()
    room = min(PROBE_BYTES, clock.avail() - held)
    if room < MIN_FRONTIER_BYTES + ida_mod.FIRST_DEPTH * ida_mod.STACK_LEVEL_BYTES:
        return None, spent, lower, None
    if limits.notify:
        limits.notify(f"A*'s table reached the memory limit; iterative deepening (IDA*) "
                      f"from the start looks for a win of {lower} moves, the shortest there "
                      f"can be, for at most {budget:,} expansions")
    clock.held = held
    probe = ida_mod.IdaStar(words, room, start=lower)
    probe, status, nodes, limit = run_stage(probe, limits, clock, spent, budget)
    clock.held = 0
    lower = max(lower, probe.bound())
    done = _found(probe, status, nodes, clock, lower, optimal=True)
    return done, nodes, lower, None if limit == Limit.STAGE else limit


def _from_frontier(fr, limits: Limits, clock: Clock, spent: int):
    """After A*'s table reached max_memory at its bound F = fr.through: the layered search
    from A*'s open positions, A*'s table kept while the layers have room
    (frontier_layers.FrontierLayers), from fr, a frontier.Frontier that holds the only
    reference to A*'s table.  Returns (a proven-shortest Result or None, nodes, the lower
    bound proven: F + 1 where the layers ran out with no win, the limit that stopped A*
    or, if it stopped first, the layers)."""
    lower = fr.through
    clock.note(fr.held_bytes())
    if room_beside(fr, clock.avail()) < MIN_FRONTIER_BYTES:
        return None, spent, lower, Limit.MEMORY
    if limits.notify:
        limits.notify(f"A*'s table reached the memory limit; breadth-first layers by "
                      f"depth from A*'s open positions ({len(fr.roots):,} of them) look "
                      f"for a win of {lower} moves, the shortest there can be")
    layers = FrontierLayers(fr, clock.avail(), notify=limits.notify)
    layers, status, nodes, limit = run_stage(layers, limits, clock, spent)
    lower = max(lower, layers.bound())
    done = _found(layers, status, nodes, clock, lower, optimal=True)
    return done, nodes, lower, limit or Limit.MEMORY


def _beam_at_bound(pos: Position, lower: int, limits: Limits, clock: Clock, spent: int):
    """After the layers from A*'s frontier proved `lower` a lower bound, with A*'s table
    freed: a win of `lower` moves that a beam finds (beam.win_within), which is then
    shortest, as a Result (else None); and the nodes with the positions the beam kept."""
    give_back_freed_memory()
    line, kept, peak = beam_mod.win_within(
        pos.words(), lower, clock.avail(), lambda: clock.out_of_time() or clock.cancelled(),
        limits.notify, limits.progress)
    clock.note(peak)
    give_back_freed_memory()
    if line is None:
        return None, spent + kept
    return Result(verdict=WON, moves=Move.unpack_all(line), optimal=True, nodes=spent + kept,
                  seconds=clock.elapsed(), lower_bound=lower), spent + kept


def _solve(pos: Position, limits: Limits, want_optimal: bool, clock: Clock) -> Result:
    if pos.is_won():
        return Result(verdict=WON, optimal=True, seconds=clock.elapsed(), lower_bound=0)
    words = pos.words()
    nodes = 0
    lower = pos.lower_bound()
    optimal_limit = None
    if want_optimal:
        a_limits = replace(limits, max_seconds=limits.max_seconds * OPTIMAL_TIME_SHARE)
        a_clock = Clock(a_limits)
        a_clock.start = clock.start
        search, status, nodes, optimal_limit = run_stage(
            astar_mod.AStar(words, _first_table(a_clock)), a_limits, a_clock, 0)
        clock.peak_bytes = a_clock.peak_bytes
        lower = max(lower, search.bound())
        done = _found(search, status, nodes, clock, lower, optimal=True)
        if done:
            return done
        if optimal_limit == Limit.MEMORY and FROM_FRONTIER:
            a_bound, stopped = lower, None
            fr = frontier_mod.Frontier(search, through=lower)    # the AStar cannot go on
            search = None       # A*'s table is the Frontier's alone, for the layers to free
            if PROBE_AT_BOUND:
                done, nodes, lower, stopped = _probe_at_bound(words, fr, a_limits, a_clock,
                                                              nodes)
            if done is None and stopped is None and lower == a_bound:
                done, nodes, lower, optimal_limit = _from_frontier(fr, a_limits, a_clock,
                                                                   nodes)
            optimal_limit = stopped or optimal_limit
            clock.peak_bytes = a_clock.peak_bytes
            fr = None
            if done:
                return done
            if lower > a_bound:     # A*'s last f-layer holds no win (the layers or probe)
                done, nodes = _beam_at_bound(pos, lower, limits, clock, nodes)
                if done:
                    return done
        if optimal_limit == Limit.CANCELLED or nodes >= limits.max_nodes:
            return Result(verdict=UNKNOWN, nodes=nodes, seconds=clock.elapsed(),
                          limit=optimal_limit, lower_bound=lower)

    def finish(done: Result) -> Result:
        if done.verdict == WON and not done.optimal:
            return replace(done, limit=optimal_limit)   # what stopped the shortest-path search
        return done

    search, status, nodes, limit = run_stage(
        dfs_mod.DfsState(words, min(DFS_FIRST_TABLE, _first_table(clock))), limits, clock,
        nodes, DFS_FIRST_STAGE)
    done = _found(search, status, nodes, clock, lower)
    if done:
        return finish(done)
    if limit == Limit.STAGE:
        spent = nodes
        search = None       # free the depth-first table before the greedy one is made
        greedy = astar_mod.AStar(words, _first_table(clock), greedy=True)
        search, status, nodes, limit = run_stage(greedy, limits, clock, spent,
                                                  GREEDY_FIRST_STAGE)
        if limit == Limit.STAGE and not want_optimal:   # (A* has run already if wanted)
            clock.held = greedy.table_bytes()       # kept for stages 5 and 7
            search, status, nodes, limit = run_stage(
                astar_mod.AStar(words, _first_table(clock)), limits, clock, nodes,
                ASTAR_STAGE)
            clock.held = 0
            lower = max(lower, search.bound())
            done = _found(search, status, nodes, clock, lower, optimal=True)
            if done:
                return done
            search = None       # free A*'s table before the probes make theirs
            if limit in (Limit.LENGTH, Limit.MEMORY):
                limit = Limit.STAGE     # A* alone could not go on; the portfolio still can
        for per_probe, greedy_until in ((PROBE_FIRST, GREEDY_SECOND_STAGE),
                                        (PROBE_NODES, None)):
            if limit != Limit.STAGE:
                break
            clock.held = greedy.table_bytes()       # kept, to be resumed
            probed, nodes, limit = probe_first_moves(pos, limits, per_probe, clock, nodes)
            clock.held = 0
            if probed:
                return finish(replace(probed, optimal=len(probed.moves) == lower,
                                      lower_bound=lower))
            if limit is not None:
                break
            cap = None if greedy_until is None else max(1, greedy_until - greedy.nodes)
            search, status, nodes, limit = run_stage(greedy, limits, clock,
                                                      nodes - greedy.nodes, cap)
        done = _found(search, status, nodes, clock, lower)
        if done:
            return finish(done)
    return Result(verdict=UNKNOWN, nodes=nodes, seconds=clock.elapsed(), limit=limit,
                  lower_bound=lower)
