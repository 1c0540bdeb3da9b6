"""`drez analyze` (decide ranges of deals in parallel) and `drez report` (statistics)."""
from __future__ import annotations

import os
import signal
import sys
import threading

import click

from drez.cli.solodrez.inputs import BadInput, check_writable_file
from drez.cli.solodrez.limits import default_seconds, limit_options
from drez.solver.solodrez import batch
from drez.solver.solodrez.io.sentences import plural

DASK_CONNECT_TIMEOUT = "5s"

def _difficulty_help() -> str:
    """The epilog of `drez analyze`: the grade tables of batch.rows, as the code uses them."""
    rows = "".join(f"             {name:<6}{nodes:>10,}{length:>14}\n"
                   for (nodes, name), (length, _) in zip(batch.NODE_GRADES, batch.LENGTH_GRADES))
    optimal = ", ".join(f"{name} <= {bound}" for bound, name in batch.OPTIMAL_LENGTH_GRADES)
    return ("""
Difficulty (last column) of a deal:

\b
  lost     proven unwinnable
  unknown  a limit was hit (or the deal raised an error): not decided
  easy / medium / hard / expert for a won deal: the harder of two grades,
           one from the positions searched (nodes) and one from the
           solution length:
             grade    nodes up to   length up to
""" + rows + """             expert   more          more
  With --optimal a won deal is graded by its proven-minimal length alone
  (""" + optimal + """, expert above); if minimality was not
  proven within the limits it is 'expert'.
""")


DIFFICULTY_HELP = _difficulty_help()


class DealRange(click.ParamType):
    name = "range"

    def convert(self, value, param, ctx):
        try:
            return batch.parse_range(value)
        except ValueError as e:
            self.fail(str(e), param, ctx)


@click.command("analyze", epilog=DIFFICULTY_HELP)
@click.argument("deal_range", metavar="RANGE", type=DealRange())
@click.option("--out", "out", required=True, type=click.Path(dir_okay=False),
              help="Results file (CSV; JSON lines with --json-lines).")
@click.option("--optimal", is_flag=True, help="Prove each won deal's shortest solution (A*).")
@click.option("--json-lines", "json_lines", is_flag=True,
              help="Write one JSON object per deal instead of CSV (adds error).")
@click.option("--resume", is_flag=True,
              help="Continue the run in --out: decide only the deals without a row yet.")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: all cores).")
@click.option("--chunk-size", type=click.IntRange(min=1), default=None,
              help="Deals sent to a worker at a time (default 8; 200 with --dask).")
@click.option("--dask", "dask_address", metavar="ADDRESS", default=None,
              help="Use the workers of this dask.distributed scheduler (tcp://host:8786).")
@click.option("--progress/--no-progress", default=None,
              help="Show a progress bar on stderr (default: only when it is a terminal).")
@default_seconds(60.0)        # per deal, for batch work
@limit_options
def analyze_command(deal_range, out, optimal, json_lines, resume, workers, chunk_size, dask_address,
            progress, max_nodes, max_seconds, max_memory):
    """Decide every deal of RANGE (like 0-99999, inclusive, or one number) and write one
    row per deal to --out as soon as it is decided.

    CSV columns: deal,verdict,length,optimal,nodes,seconds,difficulty,limit,lower_bound.
    verdict is WON, LOST, UNKNOWN (a per-deal limit was hit; never LOST) or ERROR (the
    solver failed on that deal; the reason goes to OUT.errors.log).  length is empty
    unless WON; optimal is 1 when the length is proven minimal; limit names the limit
    that stopped the search and lower_bound the moves a win needs at least, when known.
    Rows are in the order deals finish, not in deal order.  The settings are kept in
    OUT.meta.json.

    Every row is flushed as it is written, so Ctrl-C, a killed worker or a killed run
    loses no finished row; --resume then continues with the same settings (it refuses
    different ones).  An existing non-empty OUT is never overwritten.
    """
    first, last = deal_range
    settings = batch.Settings(first, last, optimal, max_nodes, float(max_seconds), max_memory,
                              "jsonl" if json_lines else "csv")
    check_writable_file(out, "--out")
    if progress is None:
        progress = sys.stderr is not None and sys.stderr.isatty()
    client = connect_dask(dask_address) if dask_address else None
    fresh = (not os.path.exists(out), not os.path.exists(batch.meta_path(out)))
    # `kill PID` (SIGTERM) stops the run as Ctrl-C does: the workers are stopped with it
    # instead of going on alone until their deal ends
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _interrupt) if main_thread else None
    try:
        tally = batch.run(settings, out, resume=resume, workers=workers, chunk_size=chunk_size,
                          progress=progress, stream=sys.stderr, dask_client=client)
    except batch.OutputBusy as e:            # the other run's files: leave them be
        raise BadInput(str(e)) from None
    except batch.BatchError as e:
        _remove_if_empty(out, fresh)
        raise BadInput(str(e)) from None
    except OSError as e:
        _remove_if_empty(out, fresh)
        raise BadInput(f"cannot write {e.filename or out}: {e.strerror or e}") from None
    except KeyboardInterrupt:
        click.echo(f"drez analyze: stopped; every finished row is in {out}; "
                   "rerun with --resume to continue", err=True)
        raise SystemExit(130) from None
    finally:
        if main_thread:
            signal.signal(signal.SIGTERM, previous)
        if client is not None:
            client.close()
    c = tally.counts
    w = tally.winnability()
    click.echo(f"{plural(tally.total, 'deal')} in {out}: {c['WON']} WON, {c['LOST']} LOST, "
               f"{c['UNKNOWN']} UNKNOWN, {c['ERROR']} ERROR"
               + (f"; winnable {w:.2%} of decided deals" if w is not None else ""), err=True)


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def _remove_if_empty(out: str, fresh: tuple[bool, bool]) -> None:
    """After a failed start: remove the output and the settings file this run created
    (fresh says which did not exist before) when the output holds no result row, so the
    same command can simply be run again."""
    try:
        with open(out, encoding="utf-8", errors="replace") as f:     # any byte is content
            if any(line.strip() and line.strip() != batch.HEADER for line in f):
                return
    except OSError:
        pass
    for path, new in zip((out, batch.meta_path(out)), fresh):
        if new:
            try:
                os.remove(path)
            except OSError:
                pass


def connect_dask(address: str):
    """A dask.distributed client for `address`; BadInput (nothing written yet) if the
    library is missing, the address is malformed or no scheduler answers."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise BadInput("--dask needs dask.distributed: pip install 'drez[dask]'") from None
    if "://" not in address and ":" not in address:
        raise BadInput(f"--dask {address!r} is not a scheduler address (like tcp://host:8786)")
    import logging
    for name in ("distributed", "distributed.client", "distributed.comm"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    try:
        return Client(address, timeout=DASK_CONNECT_TIMEOUT)
    except Exception as e:
        reason = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise BadInput(f"cannot connect to the dask scheduler {address}: "
                       f"{reason[:200]}") from None


COMMANDS = (analyze_command,)
