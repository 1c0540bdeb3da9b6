"""`drez difficulty`: grades measured against simulated players (run, report, index)."""
from __future__ import annotations

import json
import os
import shlex
import sys
import time

import click

from drez.cli.solodrez.inputs import BadInput, check_writable_file


class DealRange(click.ParamType):
    """A deal range A-B or N, as `drez analyze` reads it (batch.parse_range)."""
    name = "range"

    def convert(self, value, param, ctx):
        from drez.solver.solodrez.batch.files import parse_range
        try:
            return parse_range(value)
        except ValueError as e:
            self.fail(str(e), param, ctx)


@click.group("difficulty")
def difficulty_group():
    """Grade deals by how often simulated players win them (run, report, index)."""


def _command_line() -> str:
    return "drez " + " ".join(shlex.quote(a) for a in sys.argv[1:])


@difficulty_group.command("run")
@click.argument("deal_range", metavar="RANGE", type=DealRange())
@click.option("--out", required=True, type=click.Path(dir_okay=False),
              help="The difficulty file (CSV, one row a deal).")
@click.option("--resume", is_flag=True, help="Continue the run in --out after its last row.")
@click.option("--plays", type=click.IntRange(1, 1000), default=None,
              help="Games each simulated player plays on each deal (default 4).")
@click.option("--max-nodes", type=click.IntRange(1), default=None,
              help="Positions each opening move's verdict search may store (default 20,000).")
@click.option("--results", "results_dir", default=None, type=click.Path(file_okay=False),
              help="The committed verdicts and minimal lengths (default reports/deals-0-99999).")
@click.option("--chunk", type=click.IntRange(1, 100_000), default=500, show_default=True,
              help="Deals measured and written at a time.")
def run_command(deal_range, out, resume, plays, max_nodes, results_dir, chunk):
    """Measure every deal of RANGE: the simulated players' wins, the opening moves that
    lose, the proven minimal length, the grade.  Rows are written a chunk at a time;
    --resume goes on after the last one (the file keeps its first command's settings)."""
    from drez.solver.solodrez.difficulty import measure, sources
    from drez.solver.solodrez.difficulty.traps import TRAP_NODES
    from drez.solver.solodrez.kernels import ensure_compiled

    first, last = deal_range
    meta_path = out + ".meta.json"
    start = first
    if resume:
        try:
            rows = measure.read_difficulty_rows(out)
            with open(meta_path, encoding="utf-8") as f:
                meta = json.load(f)
        except (OSError, ValueError) as e:
            raise BadInput(f"cannot resume {out}: {e}") from None
        if (meta.get("first"), meta.get("last")) != (first, last):
            raise BadInput(f"{out} is a run of {meta.get('first')}-{meta.get('last')}, not "
                           f"{first}-{last}")
        plays, max_nodes = meta["plays"], meta["max_nodes"]
        start = rows[-1]["deal"] + 1 if rows else first
    else:
        check_writable_file(out, "--out")
        if os.path.exists(out):
            raise BadInput(f"{out} exists; use --resume to continue it or choose another --out")
        plays = plays or measure.DEFAULT_PLAYS
        max_nodes = max_nodes or TRAP_NODES
        meta = {"command": _command_line(), "first": first, "last": last, "plays": plays,
                "max_nodes": max_nodes, "players": list(measure.PLAYER_NAMES),
                "created": time.strftime("%Y-%m-%dT%H:%M:%S%z")}
        with open(meta_path, "w", encoding="utf-8") as f:
            json.dump(meta, f, indent=1)
            f.write("\n")
        with open(out, "w", encoding="utf-8") as f:
            f.write(",".join(measure.FIELDS) + "\n")
    ensure_compiled()
    committed = sources.committed_results(results_dir or sources.RESULTS_DIR)
    began = time.perf_counter()
    done = 0
    for lo in range(start, last + 1, chunk):
        deals = list(range(lo, min(last, lo + chunk - 1) + 1))
        rows = measure.measure_deals(deals, committed, plays, max_nodes)
        with open(out, "a", encoding="utf-8") as f:
            f.write("".join(measure.format_row(r) for r in rows))
        done += len(deals)
        click.echo(f"drez difficulty: {deals[-1] - first + 1:,}/{last - first + 1:,} deals "
                   f"({time.perf_counter() - began:.0f} s)", err=True)
    if resume:
        meta.setdefault("resumed", []).append(_command_line())
        with open(meta_path, "w", encoding="utf-8") as f:
            json.dump(meta, f, indent=1)
            f.write("\n")


def _rows_and_meta(path: str):
    from drez.solver.solodrez.difficulty import measure
    try:
        rows = measure.read_difficulty_rows(path)
        with open(measure.meta_path(path), encoding="utf-8") as f:
            meta = json.load(f)
    except (OSError, ValueError) as e:
        raise BadInput(f"cannot read {path}: {e}") from None
    if not rows:
        raise BadInput(f"{path} has no rows")
    return rows, meta


@difficulty_group.command("index")
@click.argument("rows_path", metavar="FILE", type=click.Path(exists=True, dir_okay=False))
@click.option("--index", "index_path", default=None, type=click.Path(dir_okay=False),
              help="The deal index to write (default: the shipped deals/index.json).")
@click.option("--measures", "measures_path", default=None, type=click.Path(dir_okay=False),
              help="The measures file to write (default: the shipped deals/measures.txt).")
def index_command(rows_path, index_path, measures_path):
    """Write the deal index (grade -> deals) and the per-deal measures from a difficulty
    FILE of `drez difficulty run`."""
    from drez.deals import index_path as shipped_index
    from drez.deals import measures_path as shipped_measures
    from drez.solver.solodrez.difficulty.index import build_index, write_index, write_measures

    rows, meta = _rows_and_meta(rows_path)
    index_path = index_path or shipped_index()
    measures_path = measures_path or shipped_measures()
    for path, flag in ((index_path, "--index"), (measures_path, "--measures")):
        check_writable_file(path, flag)
    try:
        index = build_index(rows, rows_path, meta.get("command"))
    except ValueError as e:
        raise BadInput(str(e)) from None
    write_index(index, index_path)
    write_measures(rows, measures_path)
    click.echo(f"drez difficulty: wrote {index_path} and {measures_path}", err=True)


@difficulty_group.command("report")
@click.argument("rows_path", metavar="FILE", type=click.Path(exists=True, dir_okay=False))
@click.option("--out", required=True, type=click.Path(dir_okay=False),
              help="The report (Markdown); its plot NAME-calibration.png goes beside it.")
@click.option("--old", "old_files", multiple=True, type=click.Path(exists=True, dir_okay=False),
              help="An engine results file or deal index whose grades to count beside ours "
                   "(repeatable).")
@click.option("--lines", "lines_path", default=None, type=click.Path(exists=True, dir_okay=False),
              help="A file of `drez difficulty lines` to summarise by grade.")
def report_command(rows_path, out, old_files, lines_path):
    """Write the difficulty report of a FILE of `drez difficulty run`: the players' win
    rates with 95% intervals, the calibration table and plot, the grade counts."""
    from collections import Counter

    from drez.solver.solodrez.batch import read_rows
    from drez.solver.solodrez.difficulty.report import write_report
    from drez.solver.solodrez.io.pick import read_index

    rows, meta = _rows_and_meta(rows_path)
    check_writable_file(out, "--out")
    deals = {r["deal"] for r in rows}
    old = {}
    for path in old_files:
        if path.endswith(".json"):
            groups = read_index(path)
            old[f"`{os.path.basename(path)}`"] = Counter(
                {d: sum(n in deals for n in v) for d, v in groups.items()})
        else:
            old[f"`{os.path.basename(path)}`"] = Counter(
                r["difficulty"] for r in read_rows(path) if r["deal"] in deals)
    extra = None
    if lines_path:
        from drez.solver.solodrez.difficulty.report import read_lines
        try:
            extra = (lines_path, read_lines(lines_path))
        except (OSError, ValueError) as e:
            raise BadInput(f"cannot read {lines_path}: {e}") from None
    write_report(rows, meta, rows_path, old, out, extra)
    click.echo(f"drez difficulty: wrote {out}", err=True)


@difficulty_group.command("lines")
@click.argument("deal_range", metavar="RANGE", type=DealRange())
@click.option("--out", required=True, type=click.Path(dir_okay=False),
              help="The lines file (CSV, a row per deal and line).")
@click.option("--max-nodes", type=click.IntRange(1), default=20_000, show_default=True,
              help="Positions each move's verdict search may store.")
@click.option("--optimal-nodes", type=click.IntRange(1), default=2_000_000, show_default=True,
              help="Positions the shortest-solution search (A*) may store per deal.")
def lines_command(deal_range, out, max_nodes, optimal_nodes):
    """Count the losing moves along the lines of each winnable deal of RANGE: a proven-
    shortest solution ('shortest') and the look-ahead player's first game ('lookahead')."""
    import numpy as np

    from drez.solver.solodrez.difficulty import players as pl
    from drez.solver.solodrez.difficulty import sources
    from drez.solver.solodrez.difficulty.traps import LINE_FIELDS, line_row, line_traps
    from drez.solver.solodrez.kernels import ensure_compiled
    from drez.solver.solodrez.rules.moves import Move
    from drez.solver.solodrez.rules.position import Position
    from drez.solver.solodrez.search.solve import Limits, solve

    check_writable_file(out, "--out")
    if os.path.exists(out):
        raise BadInput(f"{out} exists; choose another --out")
    ensure_compiled()
    committed = sources.committed_results()
    with open(out + ".meta.json", "w", encoding="utf-8") as f:
        json.dump({"command": _command_line(), "max_nodes": max_nodes,
                   "optimal_nodes": optimal_nodes}, f, indent=1)
        f.write("\n")
    first, last = deal_range
    q = pl.PLAYERS.index("lookahead")
    with open(out, "w", encoding="utf-8") as f:
        f.write(",".join(LINE_FIELDS) + "\n")
        for n in range(first, last + 1):
            if committed.get(n, ("UNKNOWN",))[0] != "WON":
                continue
            pos = Position.from_deal(n)
            lines = []
            r = solve(pos, Limits(max_nodes=optimal_nodes, max_memory=1 << 29), want_optimal=True)
            if r.optimal:
                lines.append(("shortest", r.moves))
            moves, *work = pl.work_arrays()
            _, k = pl.play_game(pos.words(), q, np.uint64(pl.game_seed(n, q, 0)), moves, *work)
            lines.append(("lookahead", [Move.unpack(int(m)) for m in moves[:k]]))
            for kind, line in lines:
                row = line_row(n, kind, *line_traps(pos, line, max_nodes))
                f.write(",".join("" if row[c] is None else str(row[c]) for c in LINE_FIELDS) + "\n")
            f.flush()
            click.echo(f"drez difficulty lines: deal {n}", err=True)
