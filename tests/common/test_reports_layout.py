"""The layout of reports/ that reports/README.md describes: an index and folders, every
results file with its sidecar beside it, every folder and report named in the index."""
from __future__ import annotations

import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REPORTS = os.path.join(ROOT, "reports")
RESULTS = (".csv", ".csv.gz", ".jsonl", ".jsonl.gz")


def _files():
    """Path relative to reports/ of every file below it."""
    for folder, _, names in os.walk(REPORTS):
        for name in names:
            yield os.path.relpath(os.path.join(folder, name), REPORTS).replace(os.sep, "/")


def test_reports_holds_its_index_and_folders_only():
    loose = [n for n in os.listdir(REPORTS)
             if n != "README.md" and not os.path.isdir(os.path.join(REPORTS, n))]
    assert loose == [], f"reports/ keeps files in folders (one per range or subject): {loose}"


def test_every_results_file_has_its_sidecar():
    for path in _files():
        if path.endswith(RESULTS):
            sidecar = path.removesuffix(".gz") + ".meta.json"
            assert os.path.exists(os.path.join(REPORTS, sidecar)), f"{path} has no {sidecar}"


def test_the_index_names_every_folder_and_report():
    index = open(os.path.join(REPORTS, "README.md"), encoding="utf-8").read()
    folders = [n for n in os.listdir(REPORTS) if os.path.isdir(os.path.join(REPORTS, n))]
    assert folders
    for folder in folders:
        assert f"`{folder}/`" in index, f"reports/README.md does not list {folder}/"
    for path in _files():
        if path.endswith(".md") and "/" in path:
            assert f"`{path}`" in index, f"reports/README.md does not list {path}"
