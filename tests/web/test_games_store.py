"""The games' store and API boundaries: bounded in number (the game idle longest goes
first) and in idle time, unguessable ids and tokens, one client never reaching another's
game, every error a JSON 4xx, every field checked, bodies bounded."""
from __future__ import annotations

import pytest

from drez.webapp.games.store import MAX_GAMES, Forbidden, GameStore, NotFound
from tests.web.games_helpers import client_and_store


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def test_the_store_drops_the_game_idle_longest_when_full():
    clock = Clock()
    store = GameStore(capacity=3, idle_seconds=100, clock=clock)
    games = []
    for name in "abc":
        clock.now += 1
        games.append(store.add(name, [0]))
    clock.now += 1
    store.get(games[0][0], games[0][1][0])        # "a" used again: "b" is now idle longest
    store.add("d", [0])
    assert len(store) == 3
    with pytest.raises(NotFound):
        store.get(games[1][0], games[1][1][0])
    for game_id, tokens in (games[0], games[2]):
        assert store.get(game_id, tokens[0])[1] == 0


def test_an_idle_game_expires_and_a_used_one_does_not():
    clock = Clock()
    store = GameStore(capacity=10, idle_seconds=100, clock=clock)
    old, kept = store.add("old", [0]), store.add("kept", [0, 1])
    clock.now += 60
    store.get(kept[0], kept[1][1])
    clock.now += 60
    with pytest.raises(NotFound):
        store.get(old[0], old[1][0])
    entry, seat = store.get(kept[0], kept[1][1])
    assert entry.table == "kept" and seat == 1 and len(store) == 1


def test_tokens_name_their_own_seat_of_their_own_game_only():
    store = GameStore()
    (a, ta), (b, tb) = store.add("a", [0, 1]), store.add("b", [0])
    assert store.get(a, ta[1])[1] == 1 and store.get(a, ta[0])[1] == 0
    for game, token in ((a, tb[0]), (b, ta[0]), (a, ""), (a, None), (a, 7), (a, ta[0] + "x")):
        with pytest.raises(Forbidden):
            store.get(game, token)
    for game in ("", "nope", None, a + "x"):
        with pytest.raises(NotFound):
            store.get(game, ta[0])
    ids = {store.add(i, [0])[0] for i in range(200)}
    assert len(ids) == 200 and all(len(i) >= 24 for i in ids)       # 144 random bits each


def test_the_api_store_is_bounded():
    client, store = client_and_store()
    assert store.capacity == MAX_GAMES and store.idle_seconds > 0
    store.capacity = 5
    made = [client.post("/api/updown/new", json={}).json() for _ in range(7)]
    assert len(store) == 5
    first = made[0]
    r = client.post(f"/api/updown/{first['game']}/view", json={"token": first["tokens"]["0"]})
    assert r.status_code == 404 and "error" in r.json()


def test_one_client_cannot_reach_another_game():
    client, _ = client_and_store()
    mine = client.post("/api/crapette/new", json={"opponent": "rule"}).json()
    theirs = client.post("/api/crapette/new", json={"opponent": "human"}).json()
    for route in ("view", "act", "computer", "hint", "next"):
        r = client.post(f"/api/crapette/{theirs['game']}/{route}",
                        json={"token": mine["tokens"]["0"], "move": "switch"})
        assert r.status_code == 403 and r.json() == {"error": "that token is not a seat of this game"}
        r = client.post(f"/api/updown/{mine['game']}x/{route}", json={"token": mine["tokens"]["0"]})
        assert r.status_code == 404 and "error" in r.json()
    # a Crapette game is not reachable through the Up-and-down routes
    r = client.post(f"/api/updown/{mine['game']}/view", json={"token": mine["tokens"]["0"]})
    assert r.status_code == 404 and "error" in r.json()


@pytest.mark.parametrize(("route", "body", "status"), [
    ("/api/crapette/new", {"opponent": "god"}, 400),
    ("/api/crapette/new", {"opponent": 3}, 400),
    ("/api/crapette/new", {"games": 0}, 400),
    ("/api/crapette/new", {"games": 10}, 400),
    ("/api/crapette/new", {"games": True}, 400),
    ("/api/crapette/new", {"games": 2.5}, 400),
    ("/api/crapette/new", {"stop_rule": True}, 400),             # the computer never calls stop
    ("/api/crapette/new", {"opponent": "human", "stop_rule": "yes"}, 400),
    ("/api/updown/new", {"seats": []}, 400),
    ("/api/updown/new", {"seats": [{"kind": "human"}]}, 400),
    ("/api/updown/new", {"seats": [{"kind": "human"}] * 7}, 400),
    ("/api/updown/new", {"seats": [{"kind": "computer"}, {"kind": "computer"}]}, 400),
    ("/api/updown/new", {"seats": [{"kind": "human"}, {"kind": "computer", "strength": "x"}]}, 400),
    ("/api/updown/new", {"seats": [{"kind": "human"}, "bot"]}, 400),
    ("/api/updown/new", {"seats": "two"}, 400),
    ("/api/updown/new", {"ending": "middle"}, 400),
    ("/api/updown/new", {"games": -1}, 400),
])
def test_bad_options_are_refused_in_one_json_line(route, body, status):
    client, store = client_and_store()
    r = client.post(route, json=body)
    assert r.status_code == status and set(r.json()) == {"error"} and "\n" not in r.json()["error"]
    assert len(store) == 0


def test_bad_bodies_and_moves_are_json_4xx():
    client, _ = client_and_store()
    game = client.post("/api/crapette/new", json={"opponent": "human"}).json()
    url, token = f"/api/crapette/{game['game']}", game["tokens"][str(game["view"]["to_move"])]
    cases = [(client.post(url + "/view", content=b"[1, 2]"), 400),
             (client.post(url + "/view", content=b"{not json"), 400),
             (client.post(url + "/view", content=b"x" * 70_000), 413),
             (client.post(url + "/act", json={"token": token}), 400),
             (client.post(url + "/act", json={"token": token, "move": {"from": "w9", "to": "h1"}}), 400),
             (client.post(url + "/act", json={"token": token, "move": ["s0", "h1"]}), 400),
             (client.post(url + "/act", json={"token": token, "move": {"from": ["s0"], "to": {}}}), 400),
             (client.post(url + "/act", json={"token": ["x"], "move": "switch"}), 403),
             (client.post(url + "/next", json={"token": token}), 409),
             (client.get(url + "/view"), 405)]
    for r, status in cases:
        assert r.status_code == status, r.text
        assert "error" in r.json()
    up = client.post("/api/updown/new", json={"seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    url = f"/api/updown/{up['game']}"
    seat = up["view"]["to_move"]
    other = up["tokens"][str(1 - seat)]
    for move, status in (("play 7" * 10, 400), (None, 400), ("fly", 400), ("draw 9", 400)):
        r = client.post(url + "/act", json={"token": up["tokens"][str(seat)], "move": move})
        assert r.status_code == status and "error" in r.json()
    r = client.post(url + "/act", json={"token": other, "move": "pass"})
    assert r.status_code == 409 and r.json() == {"error": "it is not your turn"}


def test_no_body_gets_a_server_error():
    """Random JSON in every field of every route: always a JSON answer below 500."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    client, _ = client_and_store()
    crap = client.post("/api/crapette/new", json={"opponent": "human", "stop_rule": True}).json()
    up = client.post("/api/updown/new", json={"seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    words = st.sampled_from(["switch", "stop", "s0", "h1", "play 7", "draw 1", "human", "best"])
    json_values = st.recursive(st.none() | st.booleans() | st.integers()
                               | st.floats(allow_nan=False, allow_infinity=False)
                               | st.text(max_size=12) | words,
                               lambda inner: st.lists(inner, max_size=4)
                               | st.dictionaries(st.sampled_from(["from", "to", "kind", "strength"]), inner,
                                                 max_size=3), max_leaves=8)
    fields = st.dictionaries(st.sampled_from(["move", "opponent", "stop_rule", "games", "seats", "ending"]),
                             json_values, max_size=4)

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(game=st.sampled_from([crap, up]), route=st.sampled_from(["act", "view", "hint", "next", "new"]),
           body=fields, seat=st.sampled_from(["0", "1"]))
    def check(game, route, body, seat):
        kind = game["view"]["kind"]
        url = f"/api/{kind}/new" if route == "new" else f"/api/{kind}/{game['game']}/{route}"
        r = client.post(url, json={"token": game["tokens"][seat], **body})
        assert r.status_code < 500, (url, body, r.text)
        assert r.headers["content-type"].startswith("application/json")
        assert r.status_code == 200 or set(r.json()) == {"error"}

    check()
