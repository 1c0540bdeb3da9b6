"""`drez crapette …`: the two-player Russian Bank patience."""
import json
import random
import sys

import click

from drez.cli.crapette.render import draw_table
from drez.cli.game_options import (
    color_option,
    deal_seed_option,
    json_option,
    progress_option,
    run_seed_option,
    workers_option,
)
from drez.cli.ladder import add_ladder
from drez.solver.crapette.sim import BOTS, make_bot, summarize
from drez.solver.crapette.sim import simulate as run_games
from drez.solver.crapette.state import TURN_MOVE_LIMIT, deal


def _bot_pair(ctx, param, value):
    names = [v.strip() for v in value.split(",")]
    if len(names) != 2 or any(n not in BOTS for n in names):
        raise click.BadParameter(
            f"{value!r}: give two of {', '.join(BOTS)} separated by a comma, e.g. search,rule")
    return tuple(names)


@click.group()
def crapette():
    """Crapette: simulate games between computer players, or play one."""


def _pct(r):
    lo, hi = r["ci95"]
    return f"{100 * r['rate']:5.1f}%  [{100 * lo:.1f}, {100 * hi:.1f}]  ({r['count']}/{r['of']})"


@crapette.command()
@click.option("--games", type=click.IntRange(min=1), default=1000, show_default=True,
              help="Number of games to play.")
@click.option("--bots", "names", default="search,rule", show_default=True, callback=_bot_pair,
              help=f"Two computer players A,B from: {', '.join(BOTS)}.")
@run_seed_option("Run seed; the same seed gives the same results for any worker count.")
@workers_option()
@json_option()
@progress_option()
def simulate(games, names, seed, workers, as_json, progress):
    """Play GAMES games between two computer players and report win/draw rates (95% Wilson
    intervals), the first player's advantage, game length and how often loading the
    opponent decided a game (rule C18 of seeds/crapette.md).  Seats alternate: A is player 0
    in even-numbered games."""
    if progress is None:
        progress = sys.stderr is not None and sys.stderr.isatty() and not as_json
    records = run_games(games, names, seed, workers=workers, progress=progress)
    s = summarize(records, names)
    s["seed"] = seed
    if as_json:
        click.echo(json.dumps(s, indent=2))
        return
    a, b = s["a"], s["b"]
    same = names[0] == names[1]
    la = f"{a['name']} (seat A)" if same else a["name"]
    lb = f"{b['name']} (seat B)" if same else b["name"]
    click.echo(f"crapette: {games} games, {names[0]} vs {names[1]}, seed {seed}")
    click.echo(f"  {la:<16} wins  {_pct(a['wins'])}")
    click.echo(f"  {lb:<16} wins  {_pct(b['wins'])}")
    click.echo(f"  {'draws':<16}       {_pct(s['draws'])}")
    click.echo(f"  {la:<16} share of decided games {_pct(a['wins_of_decided'])}")
    click.echo(f"  {la:<16} score wins (draws on cards) {_pct(a['score_wins'])}")
    adv = s["first_player_advantage"]
    click.echo(f"  first player wins {_pct(s['starter_wins_of_decided'])} of decided games"
               f" (advantage {100 * adv:+.1f} points)")
    t = s["turns"]
    click.echo(f"  turns: mean {t['mean']:.1f}, median {t['median']}, 90th pct {t['p90']}, max {t['max']};"
               f" moves per game {s['moves_mean']:.0f}; loads per game {s['loads_per_game']:.1f}")
    click.echo(f"  loading decided (C18) {_pct(s['decided_by_loading'])} of won games")
    click.echo("  endings: " + ", ".join(f"{k}: {v}" for k, v in sorted(s["endings"].items())))
    for name, e in s["work_to_work"].items():
        click.echo(f"  {name:<16} work space to work space {_pct(e['share'])} of its moves;"
                   f" turns at the {TURN_MOVE_LIMIT}-move limit: {e['capped_turns']}")


def _play_pair(a, b, games, seed, workers):
    from drez.solver.crapette.sim import play_pair
    return play_pair(a, b, games, seed, workers)


add_ladder(crapette, "Crapette", "random,rule,search,reply", 100, lambda n: n in BOTS, _play_pair)


@crapette.command()
@click.option("--bot", type=click.Choice(list(BOTS)), default="best", show_default=True,
              help="The computer opponent.")
@deal_seed_option("Deal seed")
@click.option("--two-players", is_flag=True,
              help="Human vs human at one keyboard, with the stop rule (C15).")
@color_option()
def play(bot, seed, two_players, color):
    """Play Crapette in the terminal against the computer (you are player 0).

    Type moves in the notation of seeds/crapette.md rule C17; `help` lists it.  Reads moves
    from stdin line by line, so it also works with piped input.
    """
    from drez.cli.solodrez.inputs import stdin_lines
    from drez.cli.solodrez.render import use_color
    stdin = stdin_lines()
    if seed is None:
        seed = random.SystemRandom().randrange(10**9)
    color = use_color(color)
    state = deal(random.Random(seed), stop_rule=two_players)
    names = ("player 0", "player 1") if two_players else ("you", f"computer ({bot})")
    bots = {} if two_players else {1: make_bot(bot)}
    click.echo(f"Crapette, deal {seed}. {_says(names[state.starter], 'starts')}.  "
               "Type help for the notation.")
    rng = random.Random(f"{seed}:computer")
    if _play_game(state, names, bots, {0: rng, 1: rng}, color, stdin,
                  hint_rng=random.Random(f"{seed}:hints")):
        _show_result(state, names, color)


def _says(who: str, verb: str) -> str:
    """'computer (best) starts', but 'you start'."""
    return f"{who} {verb[:-1] if who == 'you' else verb}"


def _seats(ctx, param, value):
    seats = [v.strip().lower() for v in value.split(",")]
    if len(seats) != 2 or any(s != "human" and s not in BOTS for s in seats):
        raise click.BadParameter(f"{value!r}: give two seats, each human or one of {', '.join(BOTS)}")
    return tuple(seats)


@crapette.command()
@click.option("--seats", default="human,best", show_default=True, callback=_seats,
              help=f"Player 0 and player 1: human or a computer player ({', '.join(BOTS)}).")
@click.option("--games", type=click.IntRange(min=1), default=3, show_default=True,
              help="Games in the match.")
@deal_seed_option("Match seed")
@color_option()
def match(seats, games, seed, color):
    """Play a match of GAMES games; scores carry over (rule C19 of seeds/crapette.md): the
    winner of a game scores the loser's cards left, second-pile cards counting double.

    Seats may be human (moves typed as in `drez crapette play`) or computer players; with
    two humans the stop rule (C15) is in use.  Two computer seats play the match unattended.
    """
    from drez.cli.solodrez.inputs import stdin_lines
    from drez.cli.solodrez.render import use_color
    from drez.solver.crapette.match import Match
    humans = [p for p in (0, 1) if seats[p] == "human"]
    stdin = stdin_lines() if humans else None      # two computers need no input
    if seed is None:
        seed = random.SystemRandom().randrange(10**9)
    color = use_color(color)
    names = tuple(("you" if len(humans) == 1 else f"player {p}") if seats[p] == "human"
                  else (f"computer ({seats[p]})" if humans else f"computer {p} ({seats[p]})")
                  for p in (0, 1))
    m = Match(games, seed)
    click.echo(f"Crapette match, {games} games, seed {seed}: {names[0]} vs {names[1]}.")
    while not m.over:
        g = len(m.played)
        state = m.deal(stop_rule=len(humans) == 2)
        bots = {p: make_bot(seats[p]) for p in (0, 1) if p not in humans}
        click.echo(f"\ngame {g + 1} of {games}: {_says(names[state.starter], 'starts')}.")
        rngs = {p: random.Random(f"{seed}:match:{g}:p{p}") for p in (0, 1)}
        if not _play_game(state, names, bots, rngs, color, stdin, quiet=not humans,
                          hint_rng=random.Random(f"{seed}:match:{g}:hints")):
            click.echo(f"match left after {g} game{'' if g == 1 else 's'}; "
                       f"score {m.scores[0]}-{m.scores[1]}")
            return
        if humans:
            _show_result(state, names, color)
        pts = m.record(state)
        r = state.result
        how = f"{names[r.winner]} won" if r.winner is not None else "draw"
        click.echo(f"game {g + 1}: {how} ({r.reason}); points {pts[0]}-{pts[1]}; "
                   f"match score {m.scores[0]}-{m.scores[1]}")
    lead = m.leader
    click.echo("match drawn" if lead is None else
               f"{_says(names[lead], 'wins')} the match {max(m.scores)}-{min(m.scores)}")


def _play_game(state, names, bots, rngs, color, stdin, quiet=False, hint_rng=None) -> bool:
    """Play ``state`` to its end (see cli/crapette/session.py); False when a person quits or
    input ends (game left unfinished).  Hints draw from ``hint_rng`` only."""
    from drez.cli.crapette.session import Session
    return Session(state, names, bots, rngs, color, stdin, quiet, hint_rng).run()


def _show_result(state, names, color) -> None:
    r = state.result
    click.echo(draw_table(state, names, color), color=color)
    if r.winner is None:
        pw = r.points_winner
        lead = f"{names[pw]} ahead on cards" if pw is not None else "level on cards"
        click.echo(f"draw ({r.reason}); cards left {r.cards_left[0]}-{r.cards_left[1]}, {lead}")
    else:
        click.echo(f"{_says(names[r.winner], 'wins')}: {r.reason}")
