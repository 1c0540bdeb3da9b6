"""Hidden information stays on the server (Crapette C16, Up-and-down U18): seeded games of
both games played through the HTTP API with random legal actions, computer turns, hints,
views by every person's token, wrong tokens and illegal moves; every answer body is
scanned for a card the asking seat has never been shown (worked out from the engine's own
states, tests/web/games_helpers.SeenCards) and for the game's secrets (the match seed, the
random-source secret).  The totals are printed (pytest -s) for the report."""
from __future__ import annotations

import base64
import json
import random
import secrets

import pytest

from drez.webapp.games import crapette as crapette_table
from drez.webapp.games import store as game_store
from drez.webapp.games import updown as updown_table
from tests.web.games_helpers import SeenCards, client_and_store, codes_in

CRAPETTE = [{"opponent": "random", "games": 2}, {"opponent": "rule"}, {"opponent": "best"},
            {"opponent": "search"}, {"opponent": "human", "stop_rule": True, "games": 2},
            {"opponent": "human"}]
UPDOWN_SEATS = ["human", "random", "greedy", "mc", "best"]
TOTALS = {"games": 0, "responses": 0, "stops": 0, "next": 0}


def _updown_options(rng: random.Random) -> dict:
    n = rng.randint(2, 6)
    kinds = [rng.choice(UPDOWN_SEATS) for _ in range(n)]
    kinds[rng.randrange(n)] = "human"
    seats = [{"kind": "human"} if k == "human" else {"kind": "computer", "strength": k} for k in kinds]
    return {"seats": seats, "ending": rng.choice(["first", "last"]), "games": rng.choice([1, 2])}


def without_names(text: str, game: str, tokens) -> str:
    """text without the game's id and tokens: random letters that may spell a card
    ("..._7s", a false alarm seen in CI), and no card."""
    for name in (game, *tokens):
        text = text.replace(name, "")
    return text


class Player:
    """Plays one game through the API and checks every answer it gets."""

    def __init__(self, client, store, seen, kind, options, rng):
        self.client, self.store, self.seen, self.kind, self.rng = client, store, seen, kind, rng
        r = client.post(f"/api/{kind}/new", json=options)
        assert r.status_code == 200, r.text
        body = r.json()
        self.game, self.tokens = body["game"], {int(s): t for s, t in body["tokens"].items()}
        self.entry = store._games[self.game]
        seen.follow()
        self.check(r, min(self.tokens))

    def post(self, route: str, seat: int, expect=(200,), **fields):
        r = self.client.post(f"/api/{self.kind}/{self.game}/{route}",
                             json={"token": self.tokens[seat], **fields})
        assert r.status_code in expect, (route, fields, r.status_code, r.text)
        assert r.headers["content-type"].startswith("application/json")
        self.seen.follow()
        self.check(r, seat)
        return r.json()

    def check(self, r, seat: int) -> None:
        TOTALS["responses"] += 1
        text = r.text
        table = self.entry.table
        leaked = codes_in(without_names(text, self.game, self.tokens.values()),
                          self.seen.hidden(table, seat))
        assert not leaked, f"seat {seat} was sent cards it cannot see: {sorted(leaked)}"
        for secret in (str(table.match.seed), table._secret):
            assert secret not in text, "an answer holds the game's secret seed"
        others = [t for s, t in self.tokens.items() if s != seat]
        if r.request.url.path.endswith("/new"):
            others = []                      # the one screen that starts a game holds its seats
        assert not any(t in text for t in others)

    def play(self, max_actions: int) -> None:
        view = self.post("view", min(self.tokens))["view"]
        for _ in range(max_actions):
            if view["result"] is not None:
                if view["match"]["over"]:
                    return
                view = self.post("next", self.rng.choice(list(self.tokens)))["view"]
                TOTALS["next"] += 1
                continue
            if view["computer_to_move"]:
                asker = self.rng.choice(list(self.tokens))
                body = self.post("computer", asker)
                nxt = body["view"]["to_move"]
                view = self.post("view", nxt)["view"] if nxt in self.tokens else body["view"]
                continue
            seat = view["to_move"]
            view = self.post("view", seat)["view"]
            self.extras(view, seat)
            view = self.post("act", seat, move=self.pick(view))["view"]
            view = self.after(view)

    def after(self, view):
        return view

    def extras(self, view, seat: int) -> None:
        """Now and then: a hint, another seat's view, a wrong token, a move out of turn."""
        roll = self.rng.random()
        if roll < 0.1:
            self.post("hint", seat)
        elif roll < 0.15:
            r = self.client.post(f"/api/{self.kind}/{self.game}/view", json={"token": "x" * 24})
            assert r.status_code == 403 and "error" in r.json()
        elif roll < 0.2 and len(self.tokens) > 1:
            other = self.rng.choice([s for s in self.tokens if s != seat])
            self.post("view", other)
            self.post("act", other, expect=(400, 409), move=self.pick(view))
        elif roll < 0.25:
            self.post("act", seat, expect=(400,), move=self.illegal(view))

    def pick(self, view):
        raise NotImplementedError

    def illegal(self, view):
        raise NotImplementedError


class CrapettePlayer(Player):
    def after(self, view):
        """Two people with the stop rule: the other player calls stop now and then (C15)."""
        caller = view.get("stop_by")
        if caller is not None and caller in self.tokens and self.rng.random() < 0.5:
            TOTALS["stops"] += 1
            return self.post("act", caller, move="stop")["view"]
        return view

    def pick(self, view):
        if view["can_stop"] and self.rng.random() < 0.5:
            TOTALS["stops"] += 1
            return "stop"
        homes = [m for m in view["legal"] if m["to"].startswith("h")]
        if homes and self.rng.random() < 0.6:
            m = self.rng.choice(homes)
        elif view["legal"] and self.rng.random() < 0.6:
            m = self.rng.choice(view["legal"])
        else:
            return view["end"]
        return {"from": m["from"], "to": m["to"]}

    def illegal(self, view):
        return self.rng.choice([{"from": "h1", "to": "w1"}, {"from": "t0", "to": "w2"},
                                {"from": "w1", "to": "f1"}, "dance", {"from": 3, "to": "h1"}])


class UpdownPlayer(Player):
    def pick(self, view):
        return self.rng.choice(view["legal"])["text"]

    def illegal(self, view):
        return self.rng.choice(["play 1x", "draw 9", "fly", 7, "lead"])


class SeededSecrets:
    """Stands in for `secrets` in the tables' modules so that the run is the same every time
    (the deals and the computer's random sources come from these numbers)."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def randbits(self, k: int) -> int:
        return self.rng.getrandbits(k)

    def token_hex(self, n: int) -> str:
        return self.rng.randbytes(n).hex()

    def token_urlsafe(self, n: int) -> str:
        return base64.urlsafe_b64encode(self.rng.randbytes(n)).rstrip(b"=").decode()

    compare_digest = staticmethod(secrets.compare_digest)


def test_no_answer_shows_a_hidden_card_or_a_seed(monkeypatch):
    monkeypatch.setattr(crapette_table, "secrets", SeededSecrets(1))
    monkeypatch.setattr(updown_table, "secrets", SeededSecrets(2))
    monkeypatch.setattr(game_store, "secrets", SeededSecrets(3))    # ids and tokens
    client, store = client_and_store()
    seen = SeenCards(monkeypatch, store)
    rng = random.Random(39)
    for options in CRAPETTE:
        CrapettePlayer(client, store, seen, "crapette", options, rng).play(250)
        TOTALS["games"] += 1
    for _ in range(16):
        UpdownPlayer(client, store, seen, "updown", _updown_options(rng), rng).play(600)
        TOTALS["games"] += 1
    print(f"\nhidden-information scan: {TOTALS['games']} matches ({TOTALS['games'] + TOTALS['next']} games), "
          f"{TOTALS['responses']} answers, "
          f"{TOTALS['stops']} stops called")
    assert TOTALS["responses"] > 1000 and TOTALS["stops"] > 0


def test_the_scan_finds_a_hidden_card_when_there_is_one(monkeypatch):
    """The check above can fail: a hidden card written into an answer is found."""
    client, store = client_and_store()
    seen = SeenCards(monkeypatch, store)
    for kind, options in (("crapette", {"opponent": "best"}),
                          ("updown", {"seats": [{"kind": "human"}, {"kind": "computer"}]})):
        body = client.post(f"/api/{kind}/new", json=options).json()
        seen.follow()
        table = store._games[body["game"]].table
        hidden = seen.hidden(table, 0)
        assert hidden                    # face-down cards, other hands: there are always some
        text = without_names(json.dumps(body), body["game"], body["tokens"].values())
        assert not codes_in(text, hidden)
        card = sorted(hidden)[0]
        assert codes_in(text.replace('"view"', f'"view {card}"'), hidden) == {card}


@pytest.mark.parametrize("kind", ["crapette", "updown"])
def test_hints_do_not_change_the_computers_play(kind, monkeypatch):
    """Two copies of one game, one asking a hint before each move: the computer plays the
    same moves in both (hints have their own random source)."""
    client, store = client_and_store()
    options = {"opponent": "best"} if kind == "crapette" else \
        {"seats": [{"kind": "human"}, {"kind": "computer", "strength": "best"},
                   {"kind": "computer", "strength": "mc"}]}
    games = []
    for _ in range(2):
        body = client.post(f"/api/{kind}/new", json=options).json()
        games.append((body["game"], body["tokens"]["0"]))
    a, b = (store._games[g].table for g, _ in games)
    b.match, b._secret = a.match, a._secret           # the same deal and random sources
    b.state = a.match.deal(False) if kind == "crapette" else a.match.deal()
    a.state = a.match.deal(False) if kind == "crapette" else a.match.deal()
    logs = []
    for i, (game, token) in enumerate(games):
        table = store._games[game].table
        table.bots = {p: type(bot)() for p, bot in table.bots.items()}
        table.rngs = {p: random.Random(f"same:{p}") for p in table.bots}
        log, rng = [], random.Random(5)
        for _ in range(60):
            view = client.post(f"/api/{kind}/{game}/view", json={"token": token}).json()["view"]
            if view["result"] is not None:
                break
            if view["computer_to_move"]:
                steps = client.post(f"/api/{kind}/{game}/computer", json={"token": token}).json()["steps"]
                log += [json.dumps(s["move"]) for s in steps]
                continue
            if i == 1:
                assert client.post(f"/api/{kind}/{game}/hint", json={"token": token}).status_code == 200
            move = (view["end"] if kind == "crapette" else rng.choice(view["legal"])["text"])
            client.post(f"/api/{kind}/{game}/act", json={"token": token, "move": move})
        logs.append(log)
    assert logs[0] and logs[0] == logs[1]
