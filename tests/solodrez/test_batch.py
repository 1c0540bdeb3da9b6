"""solver.solodrez.batch's pure parts: ranges, chunks, settings, rows, difficulty, the output file."""
import json
import os

import pytest

from drez.solver.solodrez import batch
from drez.solver.solodrez.version import ENGINE_VERSION, RULES_VERSION


def settings(first=0, last=9, **kw):
    base = {"optimal": False, "max_nodes": 1000, "max_seconds": 5.0, "max_memory": 1 << 20}
    base.update(kw)
    return batch.Settings(first, last, **base)


@pytest.mark.parametrize("text, expected", [("0-99999", (0, 99999)), ("42", (42, 42)),
                                            ("7-7", (7, 7))])
def test_parse_range(text, expected):
    assert batch.parse_range(text) == expected


@pytest.mark.parametrize("text", ["5-3", "a-b", "1-2-3", "-4", "", "18446744073709551616",
                                  " 7-7 ", "4_2", "+5", "٤٢", "1 - 2"])
def test_parse_range_rejects_quoting_the_text(text):
    with pytest.raises(ValueError, match="range"):
        batch.parse_range(text)


def test_chunks_cover_the_range_once_and_skip_done_deals():
    assert list(batch.iter_chunks(3, 12, None, 4)) == [[3, 4, 5, 6], [7, 8, 9, 10], [11, 12]]
    done = batch.DoneSet(3, 12)
    for n in (3, 5, 6, 12):
        assert done.add(n)
    assert not done.add(5) and done.count == 4 and 5 in done and 4 not in done
    assert list(batch.iter_chunks(3, 12, done, 3)) == [[4, 7, 8], [9, 10, 11]]


@pytest.mark.parametrize("verdict, length, nodes, optimal, run_opt, grade", [
    ("LOST", None, 10, False, False, "lost"),
    ("UNKNOWN", None, 10, False, False, "unknown"),
    ("ERROR", None, 0, False, False, "unknown"),
    ("WON", 50, 200, False, False, "easy"),
    ("WON", 71, 10, False, False, "medium"),        # length decides
    ("WON", 50, 201, False, False, "medium"),       # nodes decide
    ("WON", 60, 5_001, False, False, "hard"),
    ("WON", 251, 10, False, False, "expert"),
    ("WON", 60, 200_001, False, False, "expert"),
    ("WON", 45, 10**7, True, True, "easy"),         # --optimal: length alone
    ("WON", 49, 10, True, True, "hard"),
    ("WON", 52, 10, True, True, "expert"),
    ("WON", 45, 10, False, True, "expert"),         # minimality not proven
])
def test_difficulty_thresholds(verdict, length, nodes, optimal, run_opt, grade):
    assert batch.difficulty(verdict, length, nodes, optimal, run_opt) == grade


@pytest.mark.parametrize("fmt", batch.FORMATS)
def test_rows_round_trip(fmt):
    rows = [{"deal": 7, "verdict": "WON", "length": 53, "optimal": True, "nodes": 1234,
             "seconds": 0.0123, "difficulty": "medium", "limit": None, "lower_bound": 49},
            {"deal": 8, "verdict": "UNKNOWN", "length": None, "optimal": False, "nodes": 9,
             "seconds": 1.5, "difficulty": "unknown", "limit": "nodes", "lower_bound": None}]
    for row in rows:
        line = batch.format_row(row, fmt)
        assert line.endswith("\n") and line.count("\n") == 1
        back = batch.parse_row(line, fmt)
        assert {k: back[k] for k in batch.FIELDS} == row
    assert batch.format_row(rows[0], "csv") == "7,WON,53,1,1234,0.0123,medium,,49\n"
    assert batch.format_row(rows[1], "csv") == "8,UNKNOWN,,0,9,1.5000,unknown,nodes,\n"
    # the columns of an older file: limit and lower_bound are not written, and read None
    old = batch.format_row(rows[1], "csv", batch.REQUIRED)
    assert old == "8,UNKNOWN,,0,9,1.5000,unknown\n"
    assert batch.parse_row(old, "csv", batch.REQUIRED) == {**rows[1], "limit": None,
                                                            "error": None}


def test_parse_row_rejects_garbage():
    with pytest.raises(ValueError):
        batch.parse_row("1,WON,3\n", "csv")
    with pytest.raises(ValueError, match="MAYBE"):
        batch.parse_row("1,MAYBE,,0,1,0.1,easy\n", "csv")


def test_settings_difference_names_the_setting():
    a = settings()
    assert a.difference(settings()) is None
    assert "range" in a.difference(settings(last=10))
    assert "max_nodes" in a.difference(settings(max_nodes=5))
    assert "optimal" in a.difference(settings(optimal=True))
    assert "rules_version" in a.difference(settings(rules_version="other"))
    assert a.rules_version == RULES_VERSION and a.engine_version == ENGINE_VERSION


def test_prepare_output_writes_header_and_meta(tmp_path):
    out = str(tmp_path / "r.csv")
    done, tally = batch.prepare_output(out, settings(), resume=False)
    assert open(out).read() == batch.HEADER + "\n"
    meta = json.load(open(out + ".meta.json"))
    assert meta["range"] == "0-9" and meta["rules_version"] == RULES_VERSION
    assert done.count == 0 and tally.total == 0


def test_prepare_output_refuses_to_overwrite(tmp_path):
    out = str(tmp_path / "r.csv")
    batch.prepare_output(out, settings(), resume=False)
    with pytest.raises(batch.BatchError, match=r"r\.csv already exists.*--resume"):
        batch.prepare_output(out, settings(), resume=False)


def test_resume_cuts_a_half_written_row_and_counts_the_rest(tmp_path):
    out = str(tmp_path / "r.csv")
    batch.prepare_output(out, settings(), resume=False)
    with open(out, "a") as f:
        f.write("3,WON,50,0,10,0.0010,easy,,48\n4,LOST,,0,20,0.0020,lost,,\n5,WON,5")
    done, tally = batch.prepare_output(out, settings(), resume=True)
    assert open(out).read().endswith("lost,,\n")
    assert done.count == 2 and 3 in done and 4 in done and 5 not in done
    assert tally.counts["WON"] == 1 and tally.counts["LOST"] == 1


def test_resume_refuses_rows_outside_range_and_missing_meta(tmp_path):
    out = str(tmp_path / "r.csv")
    batch.prepare_output(out, settings(), resume=False)
    with open(out, "a") as f:
        f.write("30,WON,50,0,10,0.0010,easy,,\n")
    with pytest.raises(batch.BatchError, match="deal 30 is outside"):
        batch.prepare_output(out, settings(), resume=True)
    os.remove(out + ".meta.json")
    with pytest.raises(batch.BatchError, match=r"settings file .* is missing"):
        batch.prepare_output(out, settings(), resume=True)


def test_resuming_an_older_file_keeps_its_seven_columns(tmp_path):
    out = str(tmp_path / "r.csv")
    batch.prepare_output(out, settings(), resume=False)
    with open(out, "w") as f:
        f.write(batch.OLD_HEADER + "\n3,WON,50,0,10,0.0010,easy\n")
    done, _ = batch.prepare_output(out, settings(), resume=True)
    assert 3 in done
    w = batch.RowWriter(out, "csv")
    w.write(batch.error_row(4, "x"))
    w.close()
    assert open(out).read().endswith("easy\n4,ERROR,,0,0,0.0000,unknown\n")
    assert [r["limit"] for r in batch.read_rows(out)] == [None, None]


def _write(path, text):
    path.write_text(text)
    return str(path)


def test_read_rows_names_the_line_the_field_and_its_value(tmp_path):
    good = "0,WON,40,0,100,0.0100,easy,,38\n"
    cases = [("1,WON,40,0,many,0.01,easy,,\n", "line 3: field 'nodes' is 'many'"),
             ("1,WON,40,2,9,0.01,easy,,\n", "line 3: field 'optimal' is '2'"),
             ("1,WON,40,0,9,nan,easy,,\n", "line 3: field 'seconds' is 'nan'"),
             ("1,WON,40,0,9,0.01,simple,,\n", "line 3: field 'difficulty' is 'simple'"),
             ("1,WON,40,0,9,0.01,easy,,-3\n", "line 3: field 'lower_bound' is '-3'"),
             ("1,WON,40,0,9,0.01,easy\n", "line 3: 7 fields; a row has 9")]
    for row, message in cases:
        path = _write(tmp_path / "r.csv", batch.HEADER + "\n" + good + row)
        with pytest.raises(batch.RowError, match=message):
            list(batch.read_rows(path))
    with pytest.raises(batch.RowError, match="line 1: it is not a results header"):
        list(batch.read_rows(_write(tmp_path / "x.csv", "a,b\n1,2\n")))
    jsonl = tmp_path / "r.jsonl"
    jsonl.write_text('{"deal": 1, "verdict": "WON"}\n')
    with pytest.raises(batch.RowError, match="line 1: field 'length' is missing"):
        list(batch.read_rows(str(jsonl)))
    jsonl.write_text('{"deal": 1, "verdict": "WON", "length": 3, "optimal": 1, "nodes": 1, '
                     '"seconds": 0, "difficulty": "easy"}\n')
    with pytest.raises(batch.RowError, match="line 1: field 'optimal' is 1"):
        list(batch.read_rows(str(jsonl)))


def test_read_rows_reads_both_headers_and_skips_a_cut_last_line(tmp_path):
    new = _write(tmp_path / "new.csv", batch.HEADER + "\n\n0,UNKNOWN,,0,9,1.0000,unknown,"
                 "memory,41\n1,WON,4")
    old = _write(tmp_path / "old.csv", batch.OLD_HEADER + "\n0,UNKNOWN,,0,9,1.0000,unknown\n")
    (row,) = batch.read_rows(new)
    assert row["limit"] == "memory" and row["lower_bound"] == 41 and row["error"] is None
    (row,) = batch.read_rows(old)
    assert row["limit"] is None and row["lower_bound"] is None and row["nodes"] == 9
    assert list(batch.read_rows(_write(tmp_path / "e.csv", ""))) == []


def test_output_cannot_be_gzip(tmp_path):
    with pytest.raises(batch.BatchError, match="compressed"):
        batch.prepare_output(str(tmp_path / "r.csv.gz"), settings(), resume=False)


def test_error_rows_are_logged_with_their_reason(tmp_path):
    out = str(tmp_path / "r.csv")
    w = batch.RowWriter(out, "csv")
    w.write(batch.error_row(4, "RuntimeError: x"))
    w.close()
    assert open(out).read() == "4,ERROR,,0,0,0.0000,unknown,,\n"
    assert open(out + ".errors.log").read() == "deal 4: RuntimeError: x\n"
