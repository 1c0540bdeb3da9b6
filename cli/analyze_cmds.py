"""`drez analyze` (decide ranges of deals in parallel) and `drez report` (statistics)."""
from __future__ import annotations

import json
import os
import sys

import click

from cli.inputs import BadInput
from cli.limits import limit_options
from cli.picture_out import hardest_pictures
from solver import batch, stats

DEFAULT_INDEX = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                             "deals", "index.json")

DIFFICULTY_HELP = """
Difficulty (last column) of a deal:

\b
  lost     proven unwinnable
  unknown  a limit was hit (or the deal raised an error): not decided
  easy / medium / hard / expert for a won deal: the harder of two grades,
           one from the positions searched (nodes) and one from the
           solution length:
             grade    nodes up to   length up to
             easy         200            70
             medium     5,000           120
             hard     200,000           250
             expert   more          more
  With --optimal a won deal is graded by its proven-minimal length alone
  (easy <= 45, medium <= 48, hard <= 51, expert above); if minimality was not
  proven within the limits it is 'expert'.
"""


class DealRange(click.ParamType):
    name = "range"

    def convert(self, value, param, ctx):
        try:
            return batch.parse_range(value)
        except ValueError as e:
            self.fail(str(e), param, ctx)


def _batch_defaults(f):
    """Per-deal limits for batch work: 60 s per deal unless told otherwise."""
    for p in getattr(f, "__click_params__", []):
        if p.name == "max_seconds":
            p.default = 60.0
            p.show_default = True
    return f


@click.command(epilog=DIFFICULTY_HELP)
@click.argument("deal_range", metavar="RANGE", type=DealRange())
@click.option("--out", "out", required=True, type=click.Path(dir_okay=False),
              help="Results file (CSV; JSON lines with --json-lines).")
@click.option("--optimal", is_flag=True, help="Prove each won deal's shortest solution (A*).")
@click.option("--json-lines", "json_lines", is_flag=True,
              help="Write one JSON object per deal instead of CSV (adds limit, lower_bound, "
                   "error).")
@click.option("--resume", is_flag=True,
              help="Continue the run in --out: decide only the deals without a row yet.")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: all cores).")
@click.option("--chunk-size", type=click.IntRange(min=1), default=None,
              help="Deals sent to a worker at a time (default 8; 200 with --dask).")
@click.option("--dask", "dask_address", metavar="ADDRESS", default=None,
              help="Use the workers of this dask.distributed scheduler (tcp://host:8786).")
@click.option("--progress/--no-progress", default=True, help="Show a progress bar on stderr.")
@_batch_defaults
@limit_options
def analyze(deal_range, out, optimal, json_lines, resume, workers, chunk_size, dask_address,
            progress, max_nodes, max_seconds, max_memory):
    """Decide every deal of RANGE (like 0-99999, inclusive, or one number) and write one
    row per deal to --out as soon as it is decided.

    CSV columns: deal,verdict,length,optimal,nodes,seconds,difficulty.  verdict is WON,
    LOST, UNKNOWN (a per-deal limit was hit; never LOST) or ERROR (the solver failed on
    that deal; the reason goes to OUT.errors.log).  length is empty unless WON; optimal is
    1 when the length is proven minimal.  Rows are in the order deals finish, not in deal
    order.  The settings are kept in OUT.meta.json.

    Every row is flushed as it is written, so Ctrl-C, a killed worker or a killed run
    loses no finished row; --resume then continues with the same settings (it refuses
    different ones).  An existing non-empty OUT is never overwritten.
    """
    first, last = deal_range
    settings = batch.Settings(first, last, optimal, max_nodes, float(max_seconds), max_memory,
                              "jsonl" if json_lines else "csv")
    if dask_address:
        try:
            import dask.distributed  # noqa: F401
        except ImportError:
            raise BadInput("--dask needs dask.distributed: pip install 'drez[dask]'") from None
    try:
        tally = batch.run(settings, out, resume=resume, workers=workers, chunk_size=chunk_size,
                          dask=dask_address, progress=progress, stream=sys.stderr)
    except batch.BatchError as e:
        raise BadInput(str(e)) from None
    except KeyboardInterrupt:
        click.echo(f"drez analyze: stopped; every finished row is in {out}; "
                   "rerun with --resume to continue", err=True)
        raise
    c = tally.counts
    w = tally.winnability()
    click.echo(f"{tally.total} deals in {out}: {c['WON']} WON, {c['LOST']} LOST, "
               f"{c['UNKNOWN']} UNKNOWN, {c['ERROR']} ERROR"
               + (f"; winnable {w:.2%} of decided deals" if w is not None else ""), err=True)


# --- report ----------------------------------------------------------------------------

def _pct(x) -> str:
    return "-" if x is None else f"{100 * x:.2f}%"


def _num(x) -> str:
    if x is None:
        return "-"
    if isinstance(x, float) and not x.is_integer():
        return f"{x:,.3f}" if abs(x) < 100 else f"{x:,.0f}"
    return f"{int(x):,}"


def _dist_table(title: str, summ: dict | None) -> list[str]:
    if summ is None:
        return [f"{title}: no values.", ""]
    qs = [k for k in summ if k.startswith("p")]
    lines = [f"| {title} | count | mean | " + " | ".join(q[1:] + "%" for q in qs) + " |",
             "|---|---:|---:|" + "---:|" * len(qs),
             f"| | {summ['count']:,} | {_num(summ['mean'])} | "
             + " | ".join(_num(summ[q]) for q in qs) + " |", ""]
    return lines


def _stored_settings(path: str) -> batch.Settings | None:
    for out in (path, path[:-3] if path.endswith(".gz") else None):
        if out:
            try:
                s = batch.read_meta(out)
            except batch.BatchError:
                s = None
            if s is not None:
                return s
    return None


def render_report(name: str, source: str, s: dict, settings, charts: list[str]) -> str:
    c, n = s["counts"], s["deals"]
    lines = [f"# Solodrez deal analysis: {name}", "",
             f"Source: `{source}`, {n:,} deals"
             + (f" ({s['first']}-{s['last']})" if n else "") + "."]
    if settings is not None:
        lines.append(f"Settings: range {batch.range_text(settings.first, settings.last)}, "
                     f"{'--optimal' if settings.optimal else 'verdict search'}, "
                     f"max {settings.max_nodes:,} nodes, "
                     f"{settings.max_seconds:g} s and {settings.max_memory >> 20} MiB per deal; "
                     f"{settings.rules_version}, {settings.engine_version}.")
        if n < settings.size:
            lines.append(f"**Incomplete run:** {settings.size - n:,} deals of the range "
                         "have no row yet.")
    lines += ["", "## Verdicts", "", "| verdict | deals | share |", "|---|---:|---:|"]
    for v in ("WON", "LOST", "UNKNOWN", "ERROR"):
        lines.append(f"| {v} | {c[v]:,} | {_pct(c[v] / n if n else None)} |")
    lines += ["", f"**Winnability: {_pct(s['winnability'])}** of decided deals; "
              f"95% Wilson interval {_pct(s['low'])} – {_pct(s['high'])} "
              "(UNKNOWN and ERROR deals counted as lost for the lower end, as won for the "
              "upper end).", "", "## Difficulty", "",
              "| difficulty | deals | share |", "|---|---:|---:|"]
    for d in batch.DIFFICULTIES:
        k = s["difficulties"].get(d, 0)
        lines.append(f"| {d} | {k:,} | {_pct(k / n if n else None)} |")
    lines += ["", "Grades are defined in `reports/README.md` and `drez analyze --help`.", "",
              "## Solution length (won deals)", ""]
    if settings is not None and not settings.optimal:
        lines += ["Lengths of the first solution the verdict search found, not minimal "
                  "ones (minimal where `optimal` is 1: "
                  f"{_pct(s['optimal_share'])} of won deals).", ""]
    lines += _dist_table("moves", s["length"])
    lines += ["## Effort (WON and LOST deals)", ""]
    lines += _dist_table("nodes", s["nodes"])
    lines += _dist_table("seconds", s["seconds"])
    lines += ["## Hardest won deals (most nodes)", "",
              "| deal | length | nodes | seconds | difficulty |", "|---:|---:|---:|---:|---|"]
    for r in s["hardest"]:
        lines.append(f"| {r['deal']} | {r['length']} | {r['nodes']:,} | {r['seconds']:.3f} | "
                     f"{r['difficulty']} |")
    for title, deals in (("Lost deals", s["lost"]), ("Undecided deals (UNKNOWN, ERROR)",
                                                     s["unknown"])):
        shown = ", ".join(str(d) for d in deals[:100])
        more = f" … and {len(deals) - 100:,} more" if len(deals) > 100 else ""
        lines += ["", f"## {title}: {len(deals):,}", "", (shown + more) if deals else "None."]
    if charts:
        lines += ["", "## Charts", ""]
        lines += [f"![{os.path.basename(p)}]({os.path.basename(p)})" for p in charts]
    return "\n".join(lines) + "\n"


def draw_charts(s: dict, directory: str, name: str) -> list[str] | None:
    """PNG charts next to the report; None when matplotlib is not installed."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    import math
    paths = []

    def save(fig, suffix):
        path = os.path.join(directory, f"{name}-{suffix}.png")
        fig.tight_layout()
        fig.savefig(path, dpi=90)
        plt.close(fig)
        paths.append(path)

    if s["lengths_won"]:
        fig, ax = plt.subplots(figsize=(7, 3.5))
        cap = stats.percentile(s["lengths_won"], 99)
        ax.hist([x for x in s["lengths_won"] if x <= cap], bins=60, color="#4a7")
        ax.set_xlabel("solution length (moves)")
        ax.set_ylabel("won deals")
        ax.set_title(f"Solution lengths (up to the 99th percentile, {cap:.0f})")
        save(fig, "lengths")
    if s["nodes_won"]:
        fig, ax = plt.subplots(figsize=(7, 3.5))
        ax.hist([math.log10(max(1, x)) for x in s["nodes_won"]], bins=50, color="#47a")
        ax.set_xlabel("log10(positions searched)")
        ax.set_ylabel("won deals")
        ax.set_title("Search effort")
        save(fig, "nodes")
    fig, ax = plt.subplots(figsize=(7, 3.5))
    names = list(batch.DIFFICULTIES)
    ax.bar(names, [s["difficulties"].get(d, 0) for d in names], color="#a74")
    ax.set_ylabel("deals")
    ax.set_title("Difficulty")
    save(fig, "difficulty")
    return paths


def build_index(rows, source: str, settings) -> dict:
    """difficulty -> sorted deal numbers (each deal's first row)."""
    seen, groups = set(), {d: [] for d in batch.DIFFICULTIES}
    for row in rows:
        if row["deal"] not in seen:
            seen.add(row["deal"])
            groups.setdefault(row["difficulty"], []).append(row["deal"])
    return {"source": source,
            "rules_version": settings.rules_version if settings else None,
            "engine_version": settings.engine_version if settings else None,
            "difficulties": {d: sorted(v) for d, v in groups.items()}}


def write_index(index: dict, path: str) -> None:
    """JSON with one difficulty per line, so diffs stay readable."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    parts = [f"  {json.dumps(d)}: {json.dumps(v, separators=(',', ':'))}"
             for d, v in index["difficulties"].items()]
    head = {k: v for k, v in index.items() if k != "difficulties"}
    text = "{\n" + "".join(f"  {json.dumps(k)}: {json.dumps(v)},\n" for k, v in head.items())
    text += '  "difficulties": {\n' + ",\n".join("  " + p for p in parts) + "\n  }\n}\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


@click.command()
@click.argument("results", type=click.Path(exists=True, dir_okay=False))
@click.option("--name", default=None,
              help="Report name: writes DIR/NAME.md and DIR/NAME-*.png (default: the "
                   "results file name without extensions).")
@click.option("--dir", "directory", default="reports", show_default=True,
              type=click.Path(file_okay=False), help="Where to write the report.")
@click.option("--index", "index_path", default=None, type=click.Path(dir_okay=False),
              help="Also write a difficulty -> deal numbers index (for drez deal --pick).")
@click.option("--charts/--no-charts", default=True, help="Draw PNG charts (matplotlib).")
@click.option("--pictures", type=click.IntRange(min=0), default=0, show_default=True,
              help="Also draw the N hardest won deals as SVG pictures (DIR/NAME-deal-D.svg).")
def report(results, name, directory, index_path, charts, pictures):
    """Statistics of an analyze RESULTS file (CSV or JSON lines, optionally .gz).

    Prints the report and writes it to DIR/NAME.md: verdict counts, winnability with a
    95% Wilson interval, solution-length and effort percentiles, the hardest deals, and
    charts.
    """
    if name is None:
        name = os.path.basename(results)
        for ext in (".gz", ".csv", ".jsonl", ".json"):
            name = name[:-len(ext)] if name.endswith(ext) else name
    try:
        rows = list(batch.read_rows(results))
    except (OSError, ValueError, EOFError) as e:
        raise BadInput(f"cannot read {results}: {e}") from None
    if not rows:
        raise BadInput(f"{results} has no result rows")
    settings = _stored_settings(results)
    s = stats.summarize_rows(rows)
    os.makedirs(directory, exist_ok=True)
    paths = []
    if charts:
        paths = draw_charts(s, directory, name)
        if paths is None:
            click.echo("drez report: matplotlib is not installed; charts skipped "
                       "(pip install 'drez[charts]')", err=True)
            paths = []
    text = render_report(name, results, s, settings, paths)
    if pictures:
        text += hardest_pictures([r["deal"] for r in s["hardest"][:pictures]], directory, name)
    md = os.path.join(directory, f"{name}.md")
    with open(md, "w", encoding="utf-8") as f:
        f.write(text)
    click.echo(text, nl=False)
    click.echo(f"drez report: wrote {md}" + (f" and {len(paths)} charts" if paths else ""),
               err=True)
    if index_path:
        write_index(build_index(rows, results, settings), index_path)
        click.echo(f"drez report: wrote {index_path}", err=True)


COMMANDS = (analyze, report)


# --- picking a deal from the index (used by `drez deal --pick`) --------------------------

PICK_DIFFICULTIES = batch.DIFFICULTIES


def pick_deal(difficulty: str | None, winnable: bool, seed: int | None,
              index_path: str | None) -> int:
    """A deal number from the index: of `difficulty` if given, won if `winnable`."""
    import random
    path = index_path or DEFAULT_INDEX
    try:
        with open(path, encoding="utf-8") as f:
            groups = json.load(f)["difficulties"]
    except FileNotFoundError:
        raise BadInput(f"no deal index at {path}; build one with "
                       "`drez report RESULTS --index PATH`") from None
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise BadInput(f"cannot read the deal index {path}: {e}") from None
    if winnable and difficulty in ("lost", "unknown"):
        raise BadInput(f"--winnable and --difficulty {difficulty} exclude each other")
    names = [difficulty] if difficulty else (batch.GRADES if winnable else list(groups))
    pool = sorted(n for d in names for n in groups.get(d, []))
    if not pool:
        what = f"{difficulty} " if difficulty else ("winnable " if winnable else "")
        raise BadInput(f"the deal index {path} has no {what}deal")
    return random.Random(seed).choice(pool)
