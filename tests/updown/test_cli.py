"""`drez updown simulate` and `drez updown play`, driven with click's CliRunner."""
import json
import random

import pytest
from click.testing import CliRunner

from drez.cli.main import drez
from drez.solver.common.stats import wilson_interval as wilson
from drez.solver.updown.cards import RANKS, neighbours
from drez.solver.updown.sim import play_game, simulate
from drez.solver.updown.state import new_game


def run(*args, input=None):
    return CliRunner().invoke(drez, ["updown", *args], input=input)


def test_wilson_interval_known_values():
    lo, hi = wilson(50, 100)
    assert round(lo, 4) == 0.4038 and round(hi, 4) == 0.5962
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_simulate_json_counts_add_up():
    res = run("simulate", "--players", "3", "--games", "60", "--bots", "greedy,random,random",
              "--seed", "4", "--workers", "1", "--json", "--no-progress")
    assert res.exit_code == 0, res.output
    s = json.loads(res.output)
    assert s["games"] == 60 and s["players"] == 3 and s["seed"] == 4
    assert sum(e["wins"] for e in s["per_seat"]) == 60
    assert s["per_bot"]["random"]["seats"] == [1, 2]
    assert s["per_bot"]["random"]["wins"] == s["per_seat"][1]["wins"] + s["per_seat"][2]["wins"]
    assert sum(e["wins"] for e in s["by_position"]) == 60
    assert s["first_player"]["wins"] == s["by_position"][0]["wins"]
    for e in s["per_seat"]:
        lo, hi = e["ci95"]
        assert lo <= e["rate"] <= hi


def test_simulate_same_seed_same_results_for_any_worker_count():
    specs = ["greedy", "random", "random", "greedy"]
    one = simulate(specs, 40, seed=9, workers=1)
    two = simulate(specs, 40, seed=9, workers=2)
    assert one == two
    assert simulate(specs, 40, seed=10, workers=1) != one


def test_simulate_text_report_and_last_ending():
    res = run("simulate", "--games", "30", "--bots", "greedy,random", "--ending", "last",
              "--workers", "1", "--no-progress")
    assert res.exit_code == 0, res.output
    for phrase in ("win rate", "lose rate", "first player", "free lead", "turns mean"):
        assert phrase in res.output


@pytest.mark.parametrize("args,needle", [
    (["--bots", "greedy,bogus"], "unknown bot"),
    (["--bots", "greedy,random,random"], "3 bots given for 2 seats"),
    (["--players", "7"], "2<=x<=6"),
    (["--games", "0"], "x>=1"),
    (["--bots", "mc:0,greedy"], "bad budget"),
])
def test_simulate_bad_input_is_one_line_usage_error(args, needle):
    res = run("simulate", *args, "--no-progress")
    assert res.exit_code == 2
    assert needle in res.output and "Traceback" not in res.output


def test_play_game_record_is_reproducible():
    a = play_game(["mc:6", "greedy"], seed=2, index=5)
    assert a == play_game(["mc:6", "greedy"], seed=2, index=5)
    assert a["winner"] in (0, 1) and a["out"] == [a["winner"]]


def test_play_whole_game_with_piped_input():
    res = run("play", "--players", "3", "--seed", "5", input="auto\n" * 400)
    assert res.exit_code == 0, res.output
    last = res.output.strip().splitlines()[-1]
    assert last == "You win!" or last.endswith("wins.")
    assert "Your hand:" in res.output


def _first_prompt_hand(seed, players=2):
    """The person's (seat 0) hand and table card at their first prompt, from the engine."""
    state = new_game(players, random.Random(f"updown-play/{seed}"))
    return state


def test_play_illegal_input_gets_a_one_line_reason_and_the_game_goes_on():
    seed = next(s for s in range(200) if _starts_with_a_play(s))
    state = _first_prompt_hand(seed)
    held = {c >> 2 for c in state.hands[0]}
    missing = next(r for r in range(13) if r not in held)
    lines = ["zz", RANKS[missing], "s", "d"] + ["auto"] * 400
    res = run("play", "--seed", str(seed), "--bots", "random", input="\n".join(lines) + "\n")
    assert res.exit_code == 0, res.output
    out = res.output
    assert "Not understood: 'zz'" in out
    assert f"You hold no {RANKS[missing]}." in out
    assert "You must play at least one card first (U8)." in out
    assert "You can play, so you must (U8); no drawing." in out
    assert out.strip().splitlines()[-1] in ("You win!", "Seat 1 wins.")


def _starts_with_a_play(seed):
    state = _first_prompt_hand(seed)
    lo, hi = neighbours(state.table[-1] >> 2)
    return state.starter == 0 and any(c >> 2 in (lo, hi) for c in state.hands[0])


def test_play_shows_only_the_persons_own_cards():
    seed = 11
    res = run("play", "--seed", str(seed), "--players", "2", input="quit\n")
    assert res.exit_code == 0
    state = _first_prompt_hand(seed)
    from drez.solver.updown.cards import card_text
    others = [card_text(c) for c in state.hands[1]]
    hand_line = next(line for line in res.output.splitlines() if line.startswith("Your hand:"))
    assert all(card_text(c) in hand_line for c in state.hands[0])
    for line in res.output.splitlines():
        if line.startswith(("Your hand", "Table")):
            assert not any(f" {t} " in f" {line} " for t in others)


def test_play_input_ending_early_ends_like_the_other_games():
    res = run("play", "--seed", "3", input="")
    assert res.exit_code == 0
    assert "end of input: game left unfinished" in res.output and "Traceback" not in res.output


def test_play_bad_seat_is_a_usage_error():
    res = run("play", "--players", "2", "--seat", "2")
    assert res.exit_code == 2 and "--seat" in res.output
