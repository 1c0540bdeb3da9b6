"""Issue 39, fair play at the table: undo never shows a face-down card, hints never change
the game and never go round in circles, the computer stops shuffling, and the person at
the terminal sees everything a computer player may see (C16)."""
import random
import re
from collections import Counter

from click.testing import CliRunner

from drez.cli.crapette.render import card_text, draw_table
from drez.cli.main import drez
from drez.solver.crapette.actions import IllegalMove
from drez.solver.crapette.hints import hint
from drez.solver.crapette.memory import PileMemory
from drez.solver.crapette.piles import HOME, end_move, flip_move, reserve, stock, waste
from drez.solver.crapette.search import MAX_SHUFFLES, enables_something, is_shuffle, position_key
from drez.solver.crapette.sim import make_bot
from drez.solver.crapette.state import GameState, new_game
from drez.solver.crapette.takeback import take_back, why_not_take_back
from tests.crapette.helpers import table


def run(*args, input=None):
    return CliRunner().invoke(drez, ["crapette", *args], input=input)


def _positions(games=3, seed=5):
    """Positions from rule-vs-random games (every decision), as independent copies."""
    out = []
    for g in range(games):
        state = new_game(seed + g)
        bots = [make_bot("rule"), make_bot("random")]
        rng = random.Random(g)
        while state.result is None and state.turn < 60:
            out.append(_copy(state))
            state.play(bots[state.to_move].choose(state.view(state.to_move), rng))
    return out


def _copy(state: GameState) -> GameState:
    s = GameState([list(p) for p in state.piles], state.to_move)
    for name in GameState._SCALARS:
        setattr(s, name, getattr(state, name))
    s.history = list(state.history)
    return s


# ---- undo -------------------------------------------------------------------------------

def test_c16_take_back_never_hides_a_card_that_was_shown():
    """Every move that shows a card not shown before (reference: the mover's view) cannot be
    taken back; every other move of the turn can, and taking it back restores the table."""
    refused = allowed = 0
    for state in _positions():
        p = state.to_move
        before = Counter(state.view(p).cards())
        for m in state.legal_moves()[:-1]:
            s = _copy(state)
            key = s.key()
            s.play(m)
            after = Counter(s.view(p).cards())
            after[s.piles[m.dst][-1]] -= 1          # the moved card itself was shown already
            shown = after - before
            why = why_not_take_back(s)
            if shown:
                assert why and "stands" in why, (m, shown)
                refused += 1
                try:
                    take_back(s)
                    raise AssertionError("take_back went past a card shown")
                except IllegalMove:
                    assert s.piles[m.dst]                   # unchanged
            elif why is None:
                take_back(s)
                assert s.key() == key
                allowed += 1
    assert refused > 20 and allowed > 100


def test_c16_undo_at_the_terminal_keeps_the_uncovered_card():
    """Issue 39's case: s-7 uncovers AD under JH in the second pile; undo is refused, with the
    reason, and the table still shows AD."""
    r = run("play", "--seed", "31337", "--no-color", input="7-h\n8-h\ns-7\nundo\nquit\n")
    assert r.exit_code == 0, r.output
    after_undo = r.output.split("you> undo")[1]
    assert "no: that move turned up a new card from your second pile, so it stands" in after_undo
    assert "second JH" not in after_undo
    last_table = r.output.split("you> s-7")[1].split("you> undo")[0]
    assert "second AD (12)" in last_table


def test_take_back_stays_in_the_turn():
    state = new_game(3)
    assert why_not_take_back(state) == "nothing to undo in this turn"
    state.play(state.turn_end_move())
    assert why_not_take_back(state) == "nothing to undo in this turn"


# ---- hints -----------------------------------------------------------------------------

def _computer_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if re.match(r"  \d+\. ", line)]


def test_hints_never_change_what_the_computer_does():
    """Seed 99: the computer's moves are the same whether the person asks for hints or not
    (hints draw from their own random source)."""
    plain = run("play", "--seed", "99", "--no-color", input="switch\n" * 4)
    hinted = run("play", "--seed", "99", "--no-color", input="hint\nhint\nswitch\n" * 4)
    assert plain.exit_code == hinted.exit_code == 0
    assert hinted.output.count("hint: ") == 8
    assert _computer_lines(plain.output) and _computer_lines(hinted.output) == _computer_lines(plain.output)


def test_hint_reads_the_state_without_changing_it_and_repeats_with_the_same_source():
    for state in _positions(games=1)[::7]:
        key, hist = state.key(), list(state.history)
        a = hint(state, random.Random("x"))
        assert state.key() == key and state.history == hist
        assert a == hint(state, random.Random("x"))
        assert state.check(a) is None


def test_following_hints_never_returns_to_a_position_and_ends_the_turn():
    """A hint never leads back to a table seen earlier in the turn (nor undoes the last
    move); following hints ends every turn, with at most MAX_SHUFFLES work-to-work moves
    in a row."""
    for seed in (99, 31337, 5, 7, 11):
        state, rng = new_game(seed), random.Random(seed)
        for _ in range(6):
            p, seen, run_, n = state.to_move, {position_key(state)}, 0, 0
            while state.to_move == p and state.result is None:
                m = hint(state, rng)
                state.play(m)
                n += 1
                run_ = run_ + 1 if is_shuffle(m) else 0
                assert run_ <= MAX_SHUFFLES
                if state.to_move == p:
                    assert position_key(state) not in seen, (seed, n)
                    seen.add(position_key(state))
                assert n < 200
            if state.result is not None:
                break


# ---- the tidy player ----------------------------------------------------------------------

def test_position_key_ignores_the_order_of_work_spaces_and_home_piles():
    a = table(work={0: "9C", 1: "TH", 4: "KS QH"}, home={0: "AS", 2: "AD"}, reserve0="5C")
    b = table(work={3: "9C", 7: "TH", 1: "KS QH"}, home={5: "AS", 1: "AD"}, reserve0="5C")
    c = table(work={3: "9C TH"}, home={5: "AS", 1: "AD"}, reserve0="5C")
    assert position_key(a) == position_key(b) != position_key(c)
    assert a.key() != b.key()


def test_enables_something_only_for_moves_that_give_a_new_move():
    """9C from one red ten onto another enables nothing; uncovering an ace or a card the
    second pile fits on does."""
    s = table(work={0: "TH 9C", 1: "TD", 2: "KS"}, reserve0="2S")
    m = next(m for m in s.legal_moves() if m.src == 0 and m.dst == 1)
    s.do(m)
    assert not enables_something(s, m)
    s = table(work={0: "AH 9C", 1: "TD", 2: "KS"}, reserve0="2S")
    s.do(m)
    assert enables_something(s, m)
    s = table(work={0: "3H 9C", 1: "TD", 2: "KS"}, reserve0="2S")
    s.do(m)
    assert enables_something(s, m)


def _longest_shuffle_run(name: str, seed: int = 3) -> int:
    """The most work-to-work moves in a row that ``name`` makes in a game against rule."""
    state = new_game(seed)
    bots = {state.starter: make_bot(name), 1 - state.starter: make_bot("rule")}
    rngs = [random.Random(f"{seed}:{p}") for p in (0, 1)]
    run_, longest = 0, 0
    while state.result is None:
        p = state.to_move
        m = bots[p].choose(state.view(p), rngs[p])
        if bots[p].name == "reply":
            run_ = run_ + 1 if is_shuffle(m) else 0
            longest = max(longest, run_)
        state.play(m)
    return longest


def test_tidy_player_never_makes_more_than_max_shuffles_in_a_row():
    """The best player (tidy) never makes more than MAX_SHUFFLES work-to-work moves in a
    row; the pre-issue-39 player (reply-v1) does, so the test can fail."""
    assert _longest_shuffle_run("best") <= MAX_SHUFFLES
    assert _longest_shuffle_run("reply-v1") > MAX_SHUFFLES


# ---- what the person sees ------------------------------------------------------------------

def test_c16_the_table_shows_everything_a_computer_player_may_see():
    """At every decision of a rule-vs-rule game, every card of the view (homes below their
    tops aside: they follow from the top) and every card the pile memory holds is drawn on
    the table; the third piles are drawn whole."""
    state = new_game(21)
    bots = [make_bot("rule"), make_bot("rule")]
    memory = PileMemory()
    memory.update(state.view(0))
    rng = random.Random(1)
    flips = 0
    while state.result is None and state.turn < 150:
        view = state.view(state.to_move)
        text = draw_table(state, ("you", "computer (rule)"), memory=memory)
        shown = Counter(text.replace("(", " ").replace(")", " ").replace("]", " ").split())
        want = Counter(card_text(c, False) for c in view.cards()
                       if not any(c in state.piles[h][:-1] for h in HOME))
        known = Counter(card_text(c, False) for idx, mem in memory.known.items()
                        for h, c in mem.items() if h < len(state.piles[idx]))
        assert not (want - shown), want - shown
        assert not (known - shown), known - shown
        for q in (0, 1):
            t = state.piles[waste(q)]
            if t:
                assert " ".join(card_text(c, False) for c in t) in text
        m = bots[state.to_move].choose(view, rng)
        flips += m == flip_move(state.to_move)
        state.play(m)
        memory.update(state.view(0))
    assert flips, "the game never turned a third pile over: pick another seed"


def test_a_turned_over_first_pile_is_shown_as_remembered():
    s = table(stock0="", waste0="2H 3S 4D", reserve0="KC", work={0: "QS"})
    memory = PileMemory()
    memory.update(s.view(0))
    s.play(flip_move(0))
    memory.update(s.view(0))
    assert len(s.piles[stock(0)]) == 3
    text = draw_table(s, ("you", "computer"), memory=memory)
    assert "first 2H ( 3) [under it: 3S 4D]" in text
    s.play(end_move(0))
    memory.update(s.view(0))
    assert "first 3S ( 2) [under it: 4D]" in draw_table(s, ("you", "computer"), memory=memory)


def test_two_players_label_work_spaces_by_player_and_wording():
    seed = next(s for s in range(50) if new_game(s).starter == 1)
    r = run("play", "--seed", str(seed), "--two-players", "--no-color", input="quit\n")
    assert re.search(r"^  1 player 0: ", r.output, re.M) and re.search(r"^  5 player 1: ", r.output, re.M)
    assert "player 1 starts." in r.output and "(s)" not in r.output
    seed = next(s for s in range(50) if new_game(s).starter == 0)
    r = run("play", "--seed", str(seed), "--bot", "rule", "--no-color", input="quit\n")
    assert "you start." in r.output and "(s)" not in r.output


def test_the_computer_turn_is_told_move_by_move():
    """One numbered line per computer move, never a summary of work-space moves."""
    r = run("play", "--seed", "99", "--bot", "search", "--no-color", input="switch\n" * 3)
    assert r.exit_code == 0, r.output
    turns = r.output.split("computer's turn:")[1:]
    assert turns
    for turn in turns:
        told = [line for line in turn.split("computer (search)")[0].splitlines()
                if re.match(r"  \d+\. ", line)]
        assert [int(line.split(".")[0]) for line in told] == list(range(1, len(told) + 1))
        assert told[-1].endswith("ends its turn") or "passes" in told[-1] or "home pile" in told[-1]
    assert "between work spaces" not in r.output
    assert max(len(_computer_lines(t)) for t in turns) > 8       # long turns too, every move


def test_c16_hints_are_the_same_whatever_the_hidden_cards():
    """A hint reads only the view: permuting the face-down cards never changes it."""
    for state in _positions(games=2)[::11]:
        first = hint(state, random.Random(4))
        slots = [(i, j) for q in (0, 1) for i in (stock(q), reserve(q))
                 for j in range(len(state.piles[i]) - 1)]
        cards = [state.piles[i][j] for i, j in slots]
        random.Random(len(slots)).shuffle(cards)
        for (i, j), c in zip(slots, cards):
            state.piles[i][j] = c
        assert hint(state, random.Random(4)) == first


def test_shortcut_cuts_a_detour_between_work_spaces():
    """9C from W1 to W2 then on to W4 becomes W1 to W4 at once; a card that comes back is
    not moved at all; a detour that uncovers a card used on the way is kept."""
    from drez.solver.crapette.piles import MOVES
    from drez.solver.crapette.search import shortcut
    s = table(work={0: "TD 9C", 1: "TH", 3: "TH'", 2: "KS"}, stock0="5S 4S", reserve0="2S")
    end = s.turn_end_move()
    assert shortcut(s, [MOVES[0][1], MOVES[1][3], end]) == [MOVES[0][3], end]
    assert shortcut(s, [MOVES[0][1], MOVES[1][0], MOVES[0][1], end]) == [MOVES[0][1], end]
    s = table(work={0: "AH 9C", 1: "TH", 3: "TH'", 2: "KS"}, stock0="5S 4S", reserve0="2S")
    line = [MOVES[0][1], MOVES[0][8], MOVES[1][3], end]       # the ace goes home on the way
    assert shortcut(s, line) == line
