"""Fuzzing every route of the web API (issue 37): JSON bodies of any shape, hostile field
values, raw bytes and headers.  Whatever comes in, the answer is JSON, and an error is a
4xx (or a 503 when busy), never a 500; the searches' budget keeps each answer short."""
from __future__ import annotations

import json
import os

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from drez.solver.solodrez.rules.position import Position
from drez.webapp.app import create_app
from drez.webapp.searches import Budget

FUZZ = settings(max_examples=int(os.environ.get("DREZ_FUZZ_EXAMPLES", "40")), deadline=None,
                database=None, derandomize="DREZ_FUZZ_EXAMPLES" not in os.environ,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])
POST_ROUTES = ["/api/position", "/api/moves", "/api/apply", "/api/hint", "/api/status",
               "/api/solve", "/api/review", "/api/picture", "/api/steps", "/api/record",
               "/api/read-record", "/api/nothing"]
FIELDS = ["position", "move", "max_seconds", "optimal", "played", "record", "moves", "all",
          "quick", "deal"]
POSITION = str(Position.from_deal(42))

scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70),
                    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
                    st.sampled_from([POSITION, "3>6", "1>2:1", "deal 42\n3>6\n", "4>7:99",
                                     POSITION.replace("J", "Z"), "7" * 5000, 1e308, -0.0,
                                     3.7, 2**64, "deal 42\n1>9:5\n", ["3>6", "1>1"]]))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(["from", "to", "cards"])
                                                 | st.text(max_size=5), inner, max_size=4)),
                      max_leaves=10)
bodies = st.dictionaries(st.sampled_from(FIELDS), values, max_size=5)


@pytest.fixture(scope="module")
def client():
    app = create_app(Budget(max_seconds=0.5, max_nodes=20000, max_memory=32 << 20, workers=1))
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as c:
        yield c


def _assert_json_answer(r, what):
    assert r.status_code < 500 or r.status_code == 503, (what, r.status_code, r.text[:300])
    if r.headers.get("content-type", "").startswith("image/svg") or "html" in r.headers.get(
            "content-type", ""):
        assert r.status_code == 200, what
        return
    body = r.json()
    if r.status_code >= 400:
        assert isinstance(body.get("error"), str) and body["error"], (what, body)


@FUZZ
@given(route=st.sampled_from(POST_ROUTES), body=bodies)
def test_any_json_body_on_any_route_is_answered_json_never_500(client, route, body):
    r = client.post(route, content=json.dumps(body), headers={"content-type": "application/json"})
    _assert_json_answer(r, (route, body))


@FUZZ
@given(route=st.sampled_from(POST_ROUTES), raw=st.binary(max_size=200))
def test_any_bytes_as_a_body_are_answered_json_never_500(client, route, raw):
    r = client.post(route, content=raw, headers={"content-type": "application/json"})
    _assert_json_answer(r, (route, raw))


@FUZZ
@given(path=st.text(alphabet=st.characters(min_codepoint=33, max_codepoint=126,
                                          exclude_characters="/?#%"),
                    max_size=60),
       host=st.sampled_from(["127.0.0.1", "localhost", "evil.example", "localhost.evil.com",
                             "[::1]", "127.0.0.1:8000", ""]))
def test_any_path_and_host_on_the_get_routes_are_answered_json(client, path, host):
    for route in (f"/api/deal/{path}", f"/api/pick?difficulty={path}", f"/{path}",
                  f"/api/daily?date={path}", f"/api/pick?difficulty={path}&winnable=1",
                  f"/api/{path}", "/api/deal/", "/rules"):
        r = client.get(route, headers={"host": host})
        if r.status_code == 200 and not route.startswith("/api/"):
            continue                      # a page, or a static file
        _assert_json_answer(r, (route, host))
