"""The searches the web app runs, as plain functions of picklable values, so that they run
in worker processes (webapp.searches).  Each returns exactly the JSON object of its
command, built by the same drez.solver.solodrez.io.jsonout functions: `drez hint --json`,
`drez solve --json`, `drez review --json` (plus the summary line), or the HTML of `drez
solve --html`.  The positions come as text, not deal numbers, so no answer has a "deal"
key."""
from __future__ import annotations

from drez.solver.solodrez.hints import hint as make_hint
from drez.solver.solodrez.io.jsonout import hint_json, review_json, solve_json
from drez.solver.solodrez.io.sentences import describe, review_lines
from drez.solver.solodrez.kernels import ensure_compiled
from drez.solver.solodrez.pictures.stepper import steps_html
from drez.solver.solodrez.review import review as run_review
from drez.solver.solodrez.search.solve import solve as run_solve


def warm_up() -> None:
    """Load the compiled kernels once, when a worker process starts."""
    ensure_compiled()


def hint(limits, pos) -> dict:
    """The object of `drez hint --json` for pos."""
    return hint_json("", make_hint(pos, limits))


def solve(limits, pos, optimal: bool) -> dict:
    """The object of `drez solve --json` for pos."""
    return solve_json("", run_solve(pos, limits, optimal))


def review(limits, record) -> dict:
    """The object of `drez review --json` for record, with its summary line."""
    rv = run_review(record, limits)
    return {**review_json(rv), "summary": review_lines(rv)[-1]}


def steps(limits, pos, optimal: bool) -> str:
    """The step-through page of `drez solve --html` for pos."""
    r = run_solve(pos, limits, optimal)
    return steps_html("Solodrez solution", describe(r), pos, r.moves)
