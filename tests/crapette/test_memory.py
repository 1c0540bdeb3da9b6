"""C16 note: the reply-search player's memory of face-down cards, and its honesty."""
import copy
import random

from drez.solver.crapette.bots import RuleBot
from drez.solver.crapette.memory import PileMemory
from drez.solver.crapette.reply import ReplySearchBot, rule_reply
from drez.solver.crapette.sim import play_game
from drez.solver.crapette.state import new_game, reserve, stock

PILES = [stock(0), reserve(0), stock(1), reserve(1)]


def test_memory_only_holds_true_cards_and_knows_a_turned_over_pile():
    """Fed its player's views in order, the memory never names a wrong card, and after a
    third pile is turned over it knows the whole new first pile."""
    checked = whole = 0
    for seed in range(6):
        g = new_game(seed)
        bots, rng = [RuleBot(), RuleBot()], random.Random(seed)
        memory = [PileMemory(), PileMemory()]
        while g.result is None and g.turn < 120:
            p = g.to_move
            view = g.view(p)
            memory[p].update(view)
            for idx, known in memory[p].known.items():
                for h, c in known.items():
                    assert g.piles[idx][h] == c
                    checked += 1
                if idx in (stock(0), stock(1)) and len(g.piles[idx]) > 3 \
                        and len(known) == len(g.piles[idx]):
                    whole += 1
            g.play(bots[p].choose(view, rng))
    assert checked > 2000 and whole > 50


def test_reply_bot_decides_the_same_whatever_the_hidden_cards():
    """C16: at every decision of the reply-search player in real games, shuffling every
    face-down card leaves its decision (memory included) unchanged."""
    decisions = 0

    def watch(state, view):
        nonlocal decisions
        bot = watch.bots.get(state.to_move)
        if bot is None or decisions >= 150:
            return
        slots = [(i, j) for i in PILES for j in range(len(state.piles[i]) - 1)]
        cards = [state.piles[i][j] for i, j in slots]
        first = copy.deepcopy(bot).choose(view, random.Random(3))
        saved = copy.deepcopy(state.piles)
        random.Random(decisions).shuffle(cards)
        for (i, j), c in zip(slots, cards):
            state.piles[i][j] = c
        assert copy.deepcopy(bot).choose(state.view(state.to_move), random.Random(3)) == first
        state.piles[:] = saved
        decisions += 1

    import drez.solver.crapette.sim as sim
    original = sim.make_bot

    def spy(name):
        bot = original(name)
        if isinstance(bot, ReplySearchBot):
            watch.bots[len(watch.made)] = bot
        watch.made.append(bot)
        return bot

    sim.make_bot = spy
    try:
        watch.bots, watch.made = {}, []
        play_game(11, 0, ("reply", "rule"), watch=watch)
    finally:
        sim.make_bot = original
    assert decisions == 150


def test_rule_reply_is_undone_exactly():
    g = new_game(4)
    g.do(g.turn_end_move())
    before = [p[:] for p in g.piles]
    n = rule_reply(g)
    for _ in range(n):
        g.undo()
    assert g.piles == before
