"""`drez crapette simulate` and `drez crapette play` through click's CliRunner (C14-C17)."""
import json

from click.testing import CliRunner

from drez.cli.crapette.render import card_text
from drez.cli.main import drez
from drez.solver.crapette.state import new_game


def run(*args, input=None):
    return CliRunner().invoke(drez, ["crapette", *args], input=input)


def test_simulate_json_adds_up():
    """C14: JSON summary; wins of both bots and draws add up to the games played."""
    r = run("simulate", "--games", "12", "--bots", "rule,random", "--seed", "3", "--json",
            "--workers", "1")
    assert r.exit_code == 0, r.output
    s = json.loads(r.output)
    assert s["games"] == 12 and s["bots"] == ["rule", "random"]
    assert s["a"]["wins"]["count"] + s["b"]["wins"]["count"] + s["draws"]["count"] == 12
    lo, hi = s["a"]["wins"]["ci95"]
    assert lo <= s["a"]["wins"]["rate"] <= hi


def test_simulate_text_report():
    """The text report names the first player's advantage and the C18 measure."""
    r = run("simulate", "--games", "6", "--bots", "rule,rule", "--no-progress")
    assert r.exit_code == 0, r.output
    assert "first player wins" in r.output and "loading decided (C18)" in r.output


def test_simulate_bad_input_is_a_usage_error():
    """Bad --bots or --games: exit 2, one-line reason, no traceback."""
    for args in (["--bots", "rule"], ["--bots", "rule,chess"], ["--games", "0"]):
        r = run("simulate", *args)
        assert r.exit_code == 2
        assert "Traceback" not in r.output and "error" in r.output.lower()


def test_c17_play_illegal_input_gets_a_reason_and_game_goes_on():
    """C17: unreadable and illegal moves get one line each; hint and switch work; EOF ends cleanly."""
    r = run("play", "--seed", "3", "--bot", "rule", "--no-color",
            input="nonsense\ns-os\nhint\nswitch\n")
    assert r.exit_code == 0, r.output
    assert "no: cannot read 'nonsense'" in r.output
    assert "no: the opponent's pile takes the same suit" in r.output
    assert "hint: " in r.output
    assert "computer's turn:" in r.output and "ends its turn" in r.output
    assert "end of input" in r.output
    assert "\x1b[" not in r.output


def test_c17_play_a_legal_move_changes_the_table():
    """C17: a hinted move typed back is accepted and the table is drawn again."""
    first = run("play", "--seed", "11", "--bot", "rule", "--no-color", input="hint\n")
    hint = first.output.split("hint: ")[1].split()[0]
    r = run("play", "--seed", "11", "--bot", "rule", "--no-color", input=f"{hint}\nquit\n")
    assert r.exit_code == 0
    assert "no:" not in r.output and "game abandoned" in r.output
    assert r.output.count("home  h1") >= 2 or hint == "switch"


def test_c15_stop_in_two_player_mode():
    """C15: ending the turn with a home move left lets the other player call stop."""
    seed = next(s for s in range(500)
                if new_game(s).home_move_available() and new_game(s).piles[16 + 3 * new_game(s).to_move])
    r = run("play", "--seed", str(seed), "--two-players", "--no-color", input="switch\nstop\n")
    assert r.exit_code == 0, r.output
    assert "stop! the faulty turn is taken back" in r.output
    r = run("play", "--seed", str(seed), "--no-color", input="stop\n")
    assert "only for human-vs-human" in r.output


def test_colour_cards_use_symbols_and_red():
    """Colour mode: suit symbols, red suits in red; plain mode: letters only."""
    assert card_text(13, True) == "\x1b[31m\x1b[1mA♥\x1b[0m"   # ace of hearts
    assert card_text(13, False) == "AH"
    assert "\x1b[31m" not in card_text(0, True)
