"""The searches the web app runs, as plain functions of picklable values, so that they run
in worker processes (webapp.searches).  Each returns exactly the JSON object of its
command, built by the same drez.solver.solodrez.io.jsonout functions: `drez hint --json`,
`drez solve --json`, `drez review --json` (plus the summary line), or the HTML of `drez
solve --html`; the hints also return the whole win line they found ("line"), which the
server keeps in its memory (webapp/solodrez/memory.py).  The positions come as text, not
deal numbers, so no answer has a "deal" key."""
from __future__ import annotations

from drez.solver.solodrez.hints import hint_and_line
from drez.solver.solodrez.io.jsonout import hint_json, review_json, solve_json
from drez.solver.solodrez.io.sentences import describe, describe_hint, review_lines
from drez.solver.solodrez.kernels import ensure_compiled
from drez.solver.solodrez.pictures.stepper import steps_html
from drez.solver.solodrez.review import review as run_review
from drez.solver.solodrez.rules.moves import move_text
from drez.solver.solodrez.search.solve import solve as run_solve


def warm_up() -> None:
    """Load the compiled kernels once, when a worker process starts."""
    ensure_compiled()


def hint(limits, pos, want_optimal: bool = True) -> dict:
    """The object of `drez hint --json` for pos, with "line" (the win its move starts,
    [] unless WON) and "lost_why" (a sentence when LOST).  want_optimal False: a verdict
    search only (the quick hint and the status check)."""
    h, line = hint_and_line(pos, limits, want_optimal)
    return {**hint_json("", h), "line": [m.json() for m in line],
            "lost_why": h.blocked.describe() if h.blocked else None}


def solve(limits, pos, optimal: bool) -> dict:
    """The object of `drez solve --json` for pos."""
    return solve_json("", run_solve(pos, limits, optimal))


def review(limits, record) -> dict:
    """The object of `drez review --json` for record, with what `drez review` prints:
    "lines" (its text, line by line), "summary" (the last line), and for each move its
    text ("text"), the status before and after in words ("before_said", "after_said")
    and the remark the text review makes of it ("note", null for a good move)."""
    rv = run_review(record, limits)
    out = review_json(rv)
    lines = review_lines(rv)
    pos = record.start
    for step, entry in zip(rv.steps, out["moves"]):
        legal = pos.legal_moves()
        entry["text"] = move_text(legal, step.move)
        entry["before_said"] = describe_hint(step.before)
        entry["after_said"] = describe_hint(step.after)
        entry["at_most_before"] = step.before.at_most
        entry["at_most_after"] = step.after.at_most
        entry["note"] = None
        if step.losing:
            entry["note"] = f"losing move; {move_text(legal, step.best)} keeps the game winnable"
        elif step.slow:
            entry["note"] = (f"slow, costs {step.cost} move{'s' if step.cost != 1 else ''}; "
                             f"{move_text(legal, step.best)} wins in {step.before.distance}")
        entry["best_text"] = move_text(legal, step.best) if step.best else None
        pos = pos.play(step.move)
    return {**out, "lines": lines, "summary": lines[-1]}


def steps(limits, pos, optimal: bool) -> str:
    """The step-through page of `drez solve --html` for pos."""
    r = run_solve(pos, limits, optimal)
    return steps_html("Solodrez solution", describe(r), pos, r.moves)
