"""One set of search status codes (solver/solodrez/search/status.py) and one mapping to
verdicts: both searches return the same codes, and only WON and LOST are verdicts."""
from drez.solver.solodrez.search import astar, dfs
from drez.solver.solodrez.search.status import Status, verdict


def test_both_searches_return_the_one_set_of_codes():
    for name in ("RUNNING", "WON", "LOST", "FULL"):
        assert getattr(dfs, name) == getattr(astar, name) == Status[name]
    assert dfs.DEEP == Status.DEEP and astar.TOO_LONG == Status.TOO_LONG
    assert len(set(Status)) == 6


def test_only_won_and_lost_are_verdicts():
    assert verdict(Status.WON) == "WON" and verdict(Status.LOST) == "LOST"
    for s in (Status.RUNNING, Status.FULL, Status.DEEP, Status.TOO_LONG):
        assert verdict(s) == "UNKNOWN"


def test_limits_are_one_enum_whose_values_are_the_text_of_json_and_csv():
    import csv
    import io
    import json

    from drez.solver.solodrez.search.status import Limit
    assert [str(limit) for limit in Limit] == [limit.value for limit in Limit]
    assert Limit.NODES == "nodes" and Limit("time") is Limit.TIME
    assert {"memory": 1}[Limit.MEMORY] == 1 and Limit.CANCELLED in {"cancelled"}
    assert json.dumps({"limit": Limit.LENGTH}) == '{"limit": "length"}'
    out = io.StringIO()
    csv.writer(out).writerow([Limit.UNPROVEN, None])
    assert out.getvalue().strip() == "unproven,"


def test_every_limit_a_user_can_see_has_words_and_a_line_in_the_readme():
    import os

    from drez.solver.solodrez.io.sentences import limit_words
    from drez.solver.solodrez.search.status import Limit
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    json_section = readme.split("## JSON output", 1)[1].split("\n## ", 1)[0]
    for limit in Limit:
        if limit is Limit.STAGE:        # internal to solve(): never in a result
            continue
        assert f"| `{limit.value}` |" in json_section, limit
        assert limit_words(limit) != f"it reached the {limit.value} limit", limit   # not the fallback
