"""`drez runs`: the workflows over finished analyze results files that built the committed
results (compare, join, redecide, merge, check-lost, summary); their logic is in
solver/solodrez/runs/."""
from __future__ import annotations

import os

import click

from drez.cli.solodrez.inputs import BadInput
from drez.cli.solodrez.limits import MemorySize
from drez.solver.solodrez import batch
from drez.solver.solodrez.rules.deals import MAX_DEAL, cut, deal_from_digits

RESULTS = click.Path(dir_okay=False)


def _rows(path: str) -> dict[int, dict]:
    """{deal: row} of a results file; BadInput when it cannot be read."""
    return _reading(lambda: {r["deal"]: r for r in batch.read_rows(path)}, path)


def _need(*paths: str | None) -> None:
    """BadInput naming the first of the paths given that is not a file."""
    for path in paths:
        if path is not None and not os.path.isfile(path):
            raise BadInput(f"no such results file: {path}")


def _reading(read, path: str):
    """read(), with a missing or unreadable file or a bad row as BadInput (exit 2)."""
    _need(path)
    try:
        return read()
    except OSError as e:
        raise BadInput(f"cannot read {e.filename or path}: {e.strerror or e}") from None
    except (EOFError, ValueError) as e:
        raise BadInput(str(e)) from None


@click.group("runs")
def runs_group():
    """Compare, join, re-decide, merge, cross-check and summarise analyze results files."""


@runs_group.command("compare")
@click.argument("a", type=RESULTS)
@click.argument("b", type=RESULTS)
def compare_command(a, b):
    """Compare the verdicts of the results files A and B deal by deal.

    Every deal WON or LOST in both files must have the same verdict (each is a proof, so a
    disagreement is a bug in one of the searches).  Prints a Markdown summary (verdicts;
    the solutions of the deals both won; positions and difficulty words); exit status 1 on
    any disagreement, 2 on a file that cannot be read.
    """
    from drez.solver.solodrez.runs.compare import compare
    text, clash = compare(_rows(a), _rows(b), a, b)
    click.echo(text, nl=False)
    if clash:
        raise click.exceptions.Exit(1)


@runs_group.command("join")
@click.argument("deal_range", metavar="RANGE")
@click.argument("parts", nargs=-1, required=True, type=RESULTS)
@click.option("--out", required=True, type=click.Path(dir_okay=False),
              help="The joined CSV (never overwritten); its sidecar is OUT.meta.json.")
def join_command(deal_range, parts, out):
    """Join results files PARTS that decide different deals into one file for RANGE.

    Every part must be made under the same rules and the same per-deal limits; a deal in
    two parts, or outside RANGE, is refused; rows are written sorted by deal.  The sidecar
    is the first part's settings with the range, the engine versions of the parts joined
    by '+', `parts` and `missing` (deals of RANGE no part has: the file is complete when it
    is empty).  `drez runs redecide` then takes the joined file as its results file.
    """
    from drez.solver.solodrez.runs.join import join
    try:
        first, last = batch.parse_range(deal_range)
    except ValueError as e:
        raise BadInput(str(e)) from None
    if os.path.exists(out):
        raise BadInput(f"{out} already exists")
    _need(*parts)
    rows, meta = _reading(lambda: join(first, last, list(parts)), parts[0])
    batch.write_sorted(out, rows, meta)
    click.echo(f"{len(rows):,} rows from {len(parts)} parts in {out}; "
               f"{len(meta['missing']):,} deals of {deal_range} missing")


def _deal_list(ctx, param, text):
    if text is None:
        return None
    deals = [deal_from_digits(d) if d.isascii() and d.isdigit() else None
             for d in text.split(",")]
    if None in deals:
        raise click.BadParameter(f"not a comma-separated list of deal numbers 0..{MAX_DEAL}: "
                                 f"{cut(text)!r}")
    return deals


def _part(ctx, param, text):
    k, _, n = text.partition("/")
    if not (k.isascii() and n.isascii() and k.isdigit() and n.isdigit() and len(k) < 10 and len(n) < 10
            and 1 <= int(k) <= int(n)):
        raise click.BadParameter(f"{cut(text)!r} is not k/n with 1 <= k <= n < 10**9")
    return int(k), int(n)


@runs_group.command("redecide")
@click.argument("results", type=RESULTS)
@click.option("--pass-file", required=True, type=click.Path(dir_okay=False),
              help="The CSV the redone rows are appended to (a rerun skips its deals).")
@click.option("--part", default="1/1", show_default=True, callback=_part,
              help="k/n: redo every n-th undecided deal from the k-th.")
@click.option("--max-nodes", type=click.IntRange(min=1), default=60_000_000,
              show_default=True, help="Positions stored per deal.")
@click.option("--max-memory", type=MemorySize(), default="4G", show_default=True,
              help="Memory per deal.")
@click.option("--deals", callback=_deal_list,
              help="Redo only these of the undecided deals (comma-separated, in this order).")
def redecide_command(results, pass_file, part, max_nodes, max_memory, deals):
    """Decide the UNKNOWN and ERROR deals of RESULTS again with larger limits.

    Each redone row is appended (and flushed) to the pass file as it is decided, and a
    rerun skips the deals already there, so an interrupted pass loses nothing.  The pass
    file keeps its limits and engine version in PASS.meta.json; a rerun with other ones is
    refused.  `drez runs merge` then merges the pass files into the results.
    """
    import time

    from drez.solver.solodrez.runs.redecide import describe, redo
    start = time.perf_counter()
    rows = redo(results, pass_file, part, max_nodes, max_memory, deals)
    while (step := _reading(lambda: next(rows, None), results)) is not None:
        i, count, row = step
        click.echo(f"[{i}/{count}] deal {row['deal']}: {describe(row)} {row['nodes']} nodes "
                   f"{row['seconds']:.1f} s")
    click.echo(f"part {part[0]}/{part[1]} done in {time.perf_counter() - start:.0f} s")


@runs_group.command("merge")
@click.argument("results", type=RESULTS)
@click.argument("pass_files", metavar="PASS_FILE...", nargs=-1, required=True, type=RESULTS)
@click.option("--out", required=True, type=click.Path(dir_okay=False),
              help="The merged CSV, sorted by deal; its sidecar is OUT.meta.json.")
def merge_command(results, pass_files, out):
    """Merge the PASS_FILEs of `drez runs redecide` into RESULTS, written to --out.

    Rows already WON or LOST are kept as they are (their verdicts are proofs whatever the
    limits); a pass file given later overrides an earlier one.  The sidecar is the first
    run's with a `later_passes` entry (each pass file's limits and the deals it decided)
    and the list of deals `still_undecided`.
    """
    from drez.solver.solodrez.runs.redecide import merge
    _need(results, *pass_files)
    meta = _reading(lambda: merge(results, list(pass_files), out), results)
    click.echo(f"merged {len(meta['later_passes'])} pass files; "
               f"{len(meta['still_undecided'])} deals still undecided")


@runs_group.command("check-lost")
@click.argument("results", type=RESULTS)
@click.option("--min-nodes", type=click.IntRange(min=0), default=0,
              help="Only rows that recorded more positions than this.")
@click.option("--max-nodes", type=click.IntRange(min=0), default=1 << 62,
              help="Only rows that recorded at most this many positions.")
@click.option("--no-dead-pruning", is_flag=True,
              help="Drop the (proven) dead-position test from the depth-first search too.")
def check_lost_command(results, min_nodes, max_nodes, no_dead_pruning):
    """Cross-check the LOST verdicts of RESULTS with the plain exhaustive depth-first search.

    No verdict then rests on the greedy search alone.  Prints a Markdown summary; exit
    status 1 if the plain search wins any of the deals.
    """
    from drez.solver.solodrez.runs import check_lost
    deals = _reading(lambda: check_lost.lost_deals(results, min_nodes, max_nodes), results)
    bad, total, wall = check_lost.check(deals, not no_dead_pruning,
                                        lambda text: click.echo(text, err=True))
    command = " ".join(["drez runs check-lost", results]
                       + ([f"--min-nodes {min_nodes}"] if min_nodes else [])
                       + ([f"--max-nodes {max_nodes}"] if max_nodes != 1 << 62 else [])
                       + (["--no-dead-pruning"] if no_dead_pruning else []))
    click.echo(check_lost.report(results, command, deals, bad, total, wall, min_nodes,
                                 max_nodes, not no_dead_pruning), nl=False)
    if any(what == "WON" for _, what in bad):
        raise click.exceptions.Exit(1)


@runs_group.command("summary")
@click.argument("results", type=RESULTS)
@click.option("--name", required=True, help="Writes DIR/NAME.md.")
@click.option("--dir", "directory", default="reports", show_default=True,
              type=click.Path(file_okay=False), help="Where to write the summary.")
@click.option("--verdicts", type=RESULTS, help="A verdict run of the same range to compare with.")
@click.option("--command", default="", help="The command that made the results.")
@click.option("--later", multiple=True, type=RESULTS,
              help="A `drez runs redecide` pass file whose decided rows replace the run's.")
def summary_command(results, name, directory, verdicts, command, later):
    """Summarise a `drez analyze --optimal --json-lines` run RESULTS in DIR/NAME.md.

    Proven minimal lengths, how the root bound compares with them, search effort, and
    agreement with a verdict run.  Whatever follows the keep mark in an existing summary
    (how the rows were made, the later passes) is kept at its end.
    """
    from drez.solver.solodrez.runs.optimal import summary, write_summary
    _need(results, verdicts, *later)
    text = _reading(lambda: summary(results, name, verdicts, command, later), results)
    path = os.path.join(directory, name + ".md")
    try:
        os.makedirs(directory, exist_ok=True)
        write_summary(path, text)
    except OSError as e:
        raise BadInput(f"cannot write {path}: {e.strerror or e}") from None
    click.echo(path)


COMMANDS = (runs_group,)
