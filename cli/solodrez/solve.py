"""`drez solve`, `drez verify`, `drez bench`."""
from __future__ import annotations

import sys

import click
from tqdm import tqdm

from drez.cli.solodrez.inputs import BadInput, load_position, parse_deal_number, play_until_unplayable
from drez.cli.solodrez.jsonout import echo_json
from drez.cli.solodrez.limits import limit_options, limits_from
from drez.cli.solodrez.pictures import write_solution_html
from drez.cli.solodrez.render import draw, use_color
from drez.solver.solodrez.io.jsonout import deal_difficulty, solve_json, verify_json, with_difficulty
from drez.solver.solodrez.io.sentences import describe, plural
from drez.solver.solodrez.kernels import ensure_compiled, warm_up
from drez.solver.solodrez.rules.cards import is_neutral
from drez.solver.solodrez.rules.moves import move_text
from drez.solver.solodrez.search.solve import UNKNOWN, solve

EXIT_UNKNOWN = 3


@click.command("solve")
@click.argument("source", metavar="DEAL|FILE")
@click.option("--optimal", is_flag=True, help="Find a proven-shortest solution (A*; then IDA*,\n"
              "within --max-memory, when A*'s table fills).")
@click.option("--show", is_flag=True, help="Draw the position after each move.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
@click.option("--color/--no-color", default=None, help="Colour the cards with --show.")
@click.option("--html", "html_path", type=click.Path(dir_okay=False), default=None,
              help="Also write a self-contained HTML step-through of the solution.")
@limit_options
def solve_command(source, optimal, show, as_json, color, html_path, max_nodes, max_seconds,
                  max_memory):
    """Decide a deal number or a position FILE ('-' for stdin): WON, LOST or UNKNOWN.

    Exit status: 0 for WON and LOST, 3 for UNKNOWN (a limit was hit), 2 for bad input.
    """
    ensure_compiled()
    pos, label = load_position(source)
    limits = limits_from(max_nodes, max_seconds, max_memory)
    # A long search shows it is working (on a terminal, after two seconds); IDA*'s
    # bounds are said as lines above the counter.
    with tqdm(desc="searching", unit=" positions", unit_scale=True, file=sys.stderr,
              delay=2.0, leave=False, disable=not sys.stderr.isatty()) as bar:
        limits.notify = lambda text: tqdm.write(f"drez: {text}", file=sys.stderr)
        limits.progress = bar.update
        result = solve(pos, limits, optimal)
    if html_path:
        write_solution_html(html_path, pos, label, f"{label}: {describe(result)}", result.moves)
    if as_json:
        echo_json(with_difficulty(label, solve_json(label, result)))
    else:
        click.echo(f"{label}: {describe(result)}")
        grade = deal_difficulty(label)
        if grade is not None:
            click.echo(f"difficulty: {grade['why']}")
        click.echo(f"{plural(result.nodes, 'position')}, {result.seconds:.3f} s")
        cur = pos
        for i, move in enumerate(result.moves, 1):
            legal = cur.legal_moves()
            click.echo(f"{i:3}. {move_text(legal, move)}")
            cur = cur.play(move)
            if show:
                use = use_color(color)
                click.echo(draw(cur, use), color=use)
                click.echo()
    if result.verdict == UNKNOWN:
        raise SystemExit(EXIT_UNKNOWN)


@click.command()
@click.argument("source", metavar="DEAL|FILE")
@click.argument("move_texts", metavar="MOVE...", nargs=-1)
@click.option("--json", "as_json", is_flag=True,
              help='Print {"win", "moves", "length", "illegal", "error"} as one JSON object.')
def verify(source, move_texts, as_json):
    """Check that MOVEs win from a deal or position: legal at every step, won at the end.

    Exit status 0 when they win, 1 when they do not, 2 for bad input (a MOVE that is not
    written like 4>7 or 4>7:3).
    """
    ensure_compiled()
    pos, label = load_position(source)
    pos, played, unplayable = play_until_unplayable(pos, move_texts)
    illegal, why = None, None
    if unplayable is not None:
        illegal, why = unplayable.number, f"move {unplayable.number} is illegal: {unplayable.reason}"
    won = illegal is None and pos.is_won()
    if illegal is None and not won:
        left = sum(1 for col in pos.columns for c in col if not is_neutral(c))
        why = (f"after {len(move_texts)} move{'s' if len(move_texts) != 1 else ''} "
               f"{left} real card{'s are' if left != 1 else ' is'} left")
    if as_json:
        echo_json(verify_json(label, won, played, illegal, why))
    elif won:
        click.echo(f"WIN: {len(move_texts)} legal move{'s' if len(move_texts) != 1 else ''} "
                   f"win {label}")
    else:
        click.echo(f"NOT A WIN: {why}")
    if not won:
        raise SystemExit(1)


# A fixed list: easy wins, proven losses of several sizes, and wins the first search
# stage misses.  Node counts are deterministic, so the total shows any change in search.
BENCH_DEALS = (0, 1, 2, 11, 42, 179, 54, 45, 2414, 1669, 2382, 884, 1214, 2117, 104)
# For --optimal: easy deals, deals whose minimum exceeds the root bound by 1 or 2
# (360, 882, 957, 208), deals where A* needs 10^5-10^6 positions (143, 306, 498, 897),
# and proven losses; deals 0-2, 42, 7 and 14 are the ones A* missed in 30 s before.
OPTIMAL_BENCH_DEALS = (0, 1, 2, 11, 42, 7, 9, 14, 360, 882, 957, 208, 143, 306, 498, 897,
                       179, 54, 80)


@click.command()
@click.option("--deals", "deal_list", default=None,
              help="Comma-separated deal numbers (default: the fixed list, "
                   "BENCH_DEALS or with --optimal OPTIMAL_BENCH_DEALS in cli/solodrez/solve.py).")
@click.option("--optimal", is_flag=True, help="Time the proven-shortest search instead.")
@click.option("--repeat", type=click.IntRange(1, 100), default=1, show_default=True,
              help="Solve the list this many times in one process and also print the "
                   "fastest and the median round (for a machine whose speed wanders).")
@limit_options
def bench(deal_list, optimal, repeat, max_nodes, max_seconds, max_memory):
    """Solve a fixed list of deals and print nodes, nodes per second and deals per second."""
    import statistics
    import time

    from drez.solver.solodrez.rules.position import Position

    if deal_list is None:
        deal_list = ",".join(map(str, OPTIMAL_BENCH_DEALS if optimal else BENCH_DEALS))
    deals = [parse_deal_number(t.strip()) for t in deal_list.split(",") if t.strip()]
    if not deals:
        raise BadInput("--deals names no deal")
    ensure_compiled()
    loading = time.perf_counter()
    warm_up()       # each kernel loads from the cache on its first call: not search time
    click.echo(f"kernels loaded in {time.perf_counter() - loading:.2f} s, before the clock "
               "starts (the seconds below are search alone)")
    limits = limits_from(max_nodes, max_seconds, max_memory)
    click.echo(f"{'deal':>6} {'verdict':8} {'length':>6} {'nodes':>10} {'seconds':>8} "
               f"{'nodes/s':>9} {'table MB':>8}")
    walls = []
    for round_ in range(repeat):
        total_nodes, total_bytes, start = 0, 0, time.perf_counter()
        for n in deals:
            r = solve(Position.from_deal(n), limits, optimal)
            total_nodes += r.nodes
            total_bytes += r.table_bytes
            if round_ == 0:
                _bench_row(n, r)
        walls.append(time.perf_counter() - start)
        if round_ == 0:
            first_nodes = total_nodes
            _bench_total(deals, total_nodes, walls[0], optimal)
            click.echo(f"memory: {total_bytes / max(1, total_nodes):.0f} bytes per stored "
                       "position (the most each solve held at once, growth peaks included, "
                       "summed, over all positions stored; a table is never more than 7/8 full)")
        elif total_nodes != first_nodes:   # the searches are deterministic: never expected
            raise click.ClickException(f"round {round_ + 1} stored {total_nodes} positions, "
                                       f"round 1 {first_nodes}")
    if repeat > 1:
        rates = ", ".join(f"{first_nodes / w:,.0f}" for w in walls)
        click.echo(f"{repeat} rounds, {first_nodes} nodes each; nodes/s by round: {rates}")
        fastest, median = min(walls), statistics.median(walls)
        click.echo(f"fastest round: {fastest:.2f} s, {first_nodes / fastest:,.0f} nodes/s; "
                   f"median: {median:.2f} s, {first_nodes / median:,.0f} nodes/s")


def _bench_row(n: int, r) -> None:
    length = "" if r.length is None else str(r.length) + ("*" if r.optimal else "")
    rate = f"{r.nodes / r.seconds:,.0f}" if r.seconds > 0 else "-"
    click.echo(f"{n:>6} {r.verdict:8} {length:>6} {r.nodes:>10} {r.seconds:>8.3f} "
               f"{rate:>9} {r.table_bytes / 2**20:>8.1f}")


def _bench_total(deals: list[int], nodes: int, wall: float, optimal: bool) -> None:
    click.echo(f"total: {len(deals)} deal{'s' if len(deals) != 1 else ''}, {nodes} nodes, "
               f"{wall:.2f} s, {nodes / wall:,.0f} nodes/s, {len(deals) / wall:.2f} deals/s"
               + ("  (* proven shortest)" if optimal else ""))


COMMANDS = (solve_command, verify, bench)
