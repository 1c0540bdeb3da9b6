"""The searches the web app runs, as plain functions of picklable values, so that they run
in worker processes (webapp.searches).  Each returns exactly the JSON object of its
command, built by the same cli.solodrez.jsonout functions: `drez hint --json`, `drez solve --json`,
`drez review --json` (plus the summary line), or the HTML of `drez solve --html`.  The
positions come as text, not deal numbers, so no answer has a "deal" key."""
from __future__ import annotations

from drez.cli.solodrez.jsonout import hint_json, solve_json, with_deal
from drez.solver.solodrez.hints import hint as make_hint
from drez.solver.solodrez.kernels import ensure_compiled
from drez.solver.solodrez.pictures.stepper import steps_html
from drez.solver.solodrez.search.solve import solve as run_solve


def warm_up() -> None:
    """Load the compiled kernels once, when a worker process starts."""
    ensure_compiled()


def hint(limits, pos) -> dict:
    return hint_json("", make_hint(pos, limits))


def solve(limits, pos, optimal: bool) -> dict:
    return solve_json("", run_solve(pos, limits, optimal))


def review(limits, record) -> dict:
    from drez.cli.solodrez.jsonout import review_json
    from drez.cli.solodrez.text import review_lines
    from drez.solver.solodrez.review import review as run_review
    rv = run_review(record, limits)
    out = with_deal(rv.record.label, review_json(rv))
    out["summary"] = review_lines(rv)[-1]
    return out


def steps(limits, pos, optimal: bool) -> str:
    from drez.cli.solodrez.text import describe
    r = run_solve(pos, limits, optimal)
    return steps_html("Solodrez solution", describe(r), pos, r.moves)
