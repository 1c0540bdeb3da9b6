"""Computer players: legal moves, honest views (C16), and the behaviours each level promises."""
import random

from drez.solver.crapette.bots import RandomBot, RuleBot
from drez.solver.crapette.cards import HIDDEN
from drez.solver.crapette.reply import ReplySearchBot
from drez.solver.crapette.search import SearchBot
from drez.solver.crapette.state import HOME, GameState, Move, new_game, reserve, stock, waste
from tests.crapette.helpers import table


def midgame(seed, moves=80):
    g = new_game(seed)
    rng = random.Random(seed)
    bot = RuleBot()
    for _ in range(moves):
        if g.result is not None:
            break
        g.do(bot.choose(g.view(g.to_move), rng))
    return g


def test_c16_bots_choose_the_same_whatever_the_hidden_cards():
    """C16: permuting the face-down cards never changes any bot's decision."""
    for seed in range(6):
        g = midgame(seed)
        p = g.to_move
        hidden_slots = [(i, j) for i in (stock(0), reserve(0), stock(1), reserve(1))
                        for j in range(len(g.piles[i]) - 1)]
        for bot_cls in (RandomBot, RuleBot, SearchBot, ReplySearchBot):
            first = bot_cls().choose(g.view(p), random.Random(11))
            cards = [g.piles[i][j] for i, j in hidden_slots]
            random.Random(seed).shuffle(cards)
            for (i, j), c in zip(hidden_slots, cards):
                g.piles[i][j] = c
            assert bot_cls().choose(g.view(p), random.Random(11)) == first
            assert HIDDEN not in g.view(p).cards()


def test_c4_c11_every_bot_move_is_legal():
    """C4-C11: bots only return moves the rules accept."""
    for bot in (RandomBot(), RuleBot(), SearchBot()):
        for seed in range(4):
            g = midgame(seed, 30)
            rng = random.Random(seed)
            for _ in range(40):
                if g.result is not None:
                    break
                m = bot.choose(g.view(g.to_move), rng)
                assert g.check(m) is None
                g.play(m)


def test_c5_rule_bot_plays_home_first():
    """C5: with a home move available the rule bot takes it, second pile before work space."""
    g = table(reserve0="KS AH", work={0: "AC", 1: "KD"}, stock0="QC", reserve1="5H")
    assert RuleBot().choose(g.view(0), random.Random(0)) == Move(reserve(0), HOME[0])


def test_c7_rule_bot_loads_only_when_safe():
    """C7: onto the opponent's third pile yes; onto their second pile not a card they could use."""
    g = table(reserve0="KS 6H", stock0="2C", waste1="7H", reserve1="3C", work={0: "8C"})
    assert RuleBot().choose(g.view(0), random.Random(0)) == Move(reserve(0), waste(1))
    # 4C onto their 3C would give them a card that fits on the red 5 in work space 1
    g = table(reserve0="KS 4C", stock0="2C", reserve1="3C", work={0: "5H"})
    m = RuleBot().choose(g.view(0), random.Random(0))
    assert m != Move(reserve(0), reserve(1))


def test_c13_search_finds_a_winning_turn_the_rule_bot_misses():
    """C13: a three-move win (shift 4S, play 5C, play 9D) that the rule bot's list does not find."""
    def position():
        return table(reserve0="9D", stock0="5C", work={0: "6H 4S", 1: "5D", 2: "TS", 3: "KC",
                                                        4: "KD'", 5: "KS'", 6: "KH'", 7: "QC'"},
                     reserve1="KH", stock1="2C 3C")
    g = position()
    bot, rng = SearchBot(), random.Random(0)
    while g.to_move == 0 and g.result is None:
        g.play(bot.choose(g.view(0), rng))
    assert g.result is not None and g.result.winner == 0
    g = position()
    bot = RuleBot()
    while g.to_move == 0 and g.result is None:
        g.play(bot.choose(g.view(0), rng))
    assert g.result is None


def test_search_plan_is_a_legal_line():
    """The planned line is legal move after move and stops at a turn end or a turned-up card."""
    for seed in range(5):
        g = midgame(seed, 50)
        if g.result is not None:
            continue
        view = g.view(g.to_move)
        s = GameState.from_view(view)
        line = SearchBot().plan(s, view.unknown(), random.Random(seed))
        assert line
        for m in line:
            assert s.check(m) is None
            s.do(m)
        last = line[-1]
        assert (s.to_move != view.me or s.result is not None or
                (last.src in (stock(view.me), reserve(view.me)) and s.piles[last.src]
                 and s.piles[last.src][-1] == HIDDEN)
                or s.legal_moves()[-1] == s.turn_end_move())


def test_best_names_the_strongest_player():
    """`--bots best` is the reply-search player in Crapette and ISMCTS in Up-and-down."""
    from drez.solver.crapette.sim import make_bot
    from drez.solver.updown.ismcts import ISMCTSBot
    from drez.solver.updown.sim import make_bot as updown_bot
    assert isinstance(make_bot("best"), ReplySearchBot)
    assert isinstance(updown_bot("best"), ISMCTSBot)
