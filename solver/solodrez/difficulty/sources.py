"""The committed results a difficulty run starts from: each deal's verdict (the verdict
run) and its proven minimal length (the --optimal run and its later passes)."""
from __future__ import annotations

import glob
import os

from ..batch import read_rows

RESULTS_DIR = os.path.join("reports", "deals-0-99999")
VERDICTS = "deals-0-99999-engine10.csv.gz"
OPTIMAL = "deals-0-99999-optimal.jsonl.gz"
OPTIMAL_PASSES = "deals-0-99999-optimal-pass-*.csv"


def committed_files(directory: str = RESULTS_DIR) -> dict[str, list[str]]:
    """{"verdicts": [file], "optimal": [file, pass files...]} under `directory`."""
    return {"verdicts": [os.path.join(directory, VERDICTS)],
            "optimal": [os.path.join(directory, OPTIMAL)]
            + sorted(glob.glob(os.path.join(directory, OPTIMAL_PASSES)))}


def committed_results(directory: str = RESULTS_DIR) -> dict[int, tuple[str, int | None]]:
    """{deal: (verdict, proven minimal length or None)}: the verdict of the verdict run,
    the length of the optimal run's row when it is WON and proven optimal (a later pass's
    row replaces an undecided one)."""
    files = committed_files(directory)
    out = {r["deal"]: (r["verdict"], None) for r in read_rows(files["verdicts"][0])}
    for path in files["optimal"]:
        for r in read_rows(path):
            d = r["deal"]
            if d in out and r["verdict"] == "WON" and r["optimal"]:
                out[d] = (out[d][0], r["length"])
    return out
