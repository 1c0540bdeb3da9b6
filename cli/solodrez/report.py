"""`drez report`: statistics of an analyze results file, written as Markdown (and charts)."""
from __future__ import annotations

import io
import json
import os

import click

from drez.cli.solodrez.inputs import BadInput, check_writable_file
from drez.cli.solodrez.pictures import hardest_pictures, write_file
from drez.solver.solodrez import batch, stats
from drez.solver.solodrez.search.solve import DEFAULT_MAX_NODES


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
                     + ("no node limit, " if settings.max_nodes >= DEFAULT_MAX_NODES
                        else f"max {settings.max_nodes:,} nodes, ")
                     + f"{settings.max_seconds:g} s and {settings.max_memory >> 20} MiB per deal; "
                     f"{settings.rules_version}, {settings.engine_version}.")
        if n < settings.size:
            lines.append(f"**Incomplete run:** {settings.size - n:,} deals of the range "
                         "have no row yet.")
    lines += ["", "## Verdicts", "", "| verdict | deals | share |", "|---|---:|---:|"]
    for v in ("WON", "LOST", "UNKNOWN", "ERROR"):
        lines.append(f"| {v} | {c[v]:,} | {_pct(c[v] / n if n else None)} |")
    lines += ["", f"**Winnability: {_pct(s['winnability'])}** of decided deals; "
              f"95% Wilson interval {_pct(s['low'])} \u2013 {_pct(s['high'])} "
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
        png = io.BytesIO()
        fig.savefig(png, dpi=90, format="png")
        plt.close(fig)
        write_file(path, png.getvalue())       # whole or not at all; a full disk said so
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


@click.command("report")
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
def report_command(results, name, directory, index_path, charts, pictures):
    """Statistics of an analyze RESULTS file (CSV or JSON lines, optionally .gz).

    Prints the report and writes it to DIR/NAME.md: verdict counts, winnability with a
    95% Wilson interval, solution-length and effort percentiles, the hardest deals, and
    charts.
    """
    if name is None:
        name = os.path.basename(results)
        for ext in (".gz", ".csv", ".jsonl", ".json"):
            name = name[:-len(ext)] if name.endswith(ext) else name
    check_report_name(name)
    rows = read_result_rows(results)
    if not rows:
        raise BadInput(f"{results} has no result rows")
    settings = _stored_settings(results)
    s = stats.summarize_rows(rows)
    md = os.path.join(directory, f"{name}.md")
    refuse_foreign(md, _is_report, "a drez report")
    if index_path:
        check_writable_file(index_path, "--index")
        refuse_foreign(index_path, _is_index, "a drez deal index")
    try:
        os.makedirs(directory, exist_ok=True)
    except OSError as e:
        raise BadInput(f"--dir {directory}: cannot create it: {e.strerror or e}") from None
    check_writable_file(md, "--dir")
    planned = [f"{name}-{suffix}.png" for suffix in CHART_SUFFIXES if charts]
    planned += [f"{name}-deal-{r['deal']}.svg" for r in s["hardest"][:pictures]]
    refuse_unowned(directory, planned, md)
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
    try:
        with open(md, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise BadInput(f"cannot write {md}: {e.strerror or e}") from None
    click.echo(text, nl=False)
    click.echo(f"drez report: wrote {md}" + (f" and {len(paths)} charts" if paths else ""),
               err=True)
    if index_path:
        try:
            write_index(build_index(rows, results, settings), index_path)
        except OSError as e:
            raise BadInput(f"cannot write {index_path}: {e.strerror or e}") from None
        click.echo(f"drez report: wrote {index_path}", err=True)


def check_report_name(name: str) -> None:
    """BadInput for a --name that is empty or would leave --dir."""
    if not name.strip() or name in (".", "..") or "/" in name or "\\" in name \
            or name.startswith("."):
        raise BadInput(f"--name {name!r} must be a plain file name (no folder, not empty, "
                       "not starting with a dot)")


def read_result_rows(results: str) -> list[dict]:
    """Every row of an analyze results file; BadInput naming the line and field at fault."""
    try:
        return list(batch.read_rows(results))
    except batch.RowError as e:
        raise BadInput(str(e)) from None
    except (OSError, EOFError) as e:
        raise BadInput(f"cannot read {results}: {getattr(e, 'strerror', None) or e}") from None


def _is_report(text: str) -> bool:
    return text.startswith("# Solodrez deal analysis:")


def _is_index(text: str) -> bool:
    try:
        data = json.loads(text)
    except ValueError:
        return False
    return isinstance(data, dict) and isinstance(data.get("difficulties"), dict)


CHART_SUFFIXES = ("lengths", "nodes", "difficulty")


def refuse_unowned(directory: str, names: list[str], md: str) -> None:
    """BadInput, before anything is written, when a file this report would write already
    exists and the report it replaces (md) does not name it: it is someone else's."""
    try:
        with open(md, encoding="utf-8") as f:
            previous = f.read(1 << 20)
    except (OSError, UnicodeDecodeError):
        previous = ""
    for file_name in names:
        path = os.path.join(directory, file_name)
        if os.path.lexists(path) and f"({file_name})" not in previous:
            raise BadInput(f"{path} exists and is not a picture of this report; move it away "
                           "or choose another --name or --dir")


def refuse_foreign(path: str, is_ours, what: str) -> None:
    """BadInput when `path` exists and is not `what` (so it is never silently replaced)."""
    if not os.path.lexists(path):
        return
    if not os.path.isfile(path):
        raise BadInput(f"{path} exists and is not a regular file; choose another name")
    try:
        with open(path, encoding="utf-8") as f:
            head = f.read(1 << 20)
    except (OSError, UnicodeDecodeError):
        head = None
    if head is None or not is_ours(head):
        raise BadInput(f"{path} exists and is not {what}; move it away or choose another name")


COMMANDS = (report_command,)
