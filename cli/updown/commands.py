"""`drez updown …`: the Latvian up-and-down shedding game."""
from __future__ import annotations

import json
import sys

import click

from drez.cli.game_options import (
    color_option,
    deal_seed_option,
    json_option,
    progress_option,
    run_seed_option,
    workers_option,
)
from drez.cli.ladder import add_ladder
from drez.cli.solodrez.inputs import BadInput
from drez.solver.updown.sim import make_bot
from drez.solver.updown.state import FIRST, LAST, new_game

ENDING = click.Choice([FIRST, LAST])
ENDING_HELP = "first: first player out wins (U15); last: play on, last holder loses (U16)."


def _bot_list(value: str, count: int, param: str) -> list[str]:
    """`count` bot names from a comma list (one name alone fills every seat)."""
    specs = [s.strip().lower() for s in value.split(",")]
    if len(specs) == 1:
        specs *= count
    if len(specs) != count:
        raise click.BadParameter(f"{len(specs)} bots given for {count} seats", param_hint=param)
    for spec in specs:
        try:
            make_bot(spec)
        except ValueError as err:
            raise click.BadParameter(str(err), param_hint=param) from None
    return specs


@click.group()
def updown():
    """Up-and-down: simulate games between computer players, or play one."""


@updown.command()
@click.option("--players", type=click.IntRange(2, 6), default=2, show_default=True,
              help="Players at the table (2 to 6).")
@click.option("--games", type=click.IntRange(min=1), default=1000, show_default=True,
              help="Number of games to play.")
@click.option("--bots", default=None,
              help="Comma list, one per seat: random, greedy, mc, infer, ismcts (each with "
                   "an optional :N budget) or best (one name fills every seat). "
                   "Default: greedy everywhere.")
@run_seed_option("Run seed; the same seed gives the same results for any worker count.")
@workers_option()
@click.option("--ending", type=ENDING, default=FIRST, show_default=True, help=ENDING_HELP)
@json_option()
@progress_option()
def simulate(players, games, bots, seed, workers, ending, as_json, progress):
    """Play many games between computer players and report win rates per seat and per bot
    (95% Wilson intervals), the first player's advantage, game length and how often the
    free lead happens."""
    from drez.solver.updown.actions import GameError
    from drez.solver.updown.sim import simulate as run
    specs = _bot_list(bots or "greedy", players, "--bots")
    if progress is None:
        progress = sys.stderr is not None and sys.stderr.isatty()
    try:
        summary = run(specs, games, seed, workers, ending, progress)
    except GameError as err:
        game = _failing_game(specs, games, seed, ending)
        where = f"game {game}" if game is not None else "a game"
        raise BadInput(
            f"{where} of seed {seed} ({', '.join(specs)}, ending {ending}) was stopped by a "
            f"rules guard: {err}; replay it with --games {game + 1 if game is not None else games}"
            " --workers 1") from None
    summary["seed"] = seed
    if as_json:
        click.echo(json.dumps(summary, indent=2))
    else:
        for line in _report_lines(summary):
            click.echo(line)


def _known_bot(name: str) -> bool:
    try:
        make_bot(name)
    except ValueError:
        return False
    return True


def _play_pair(a, b, games, seed, workers):
    from drez.solver.updown.sim import play_pair
    return play_pair(a, b, games, seed, workers)


add_ladder(updown, "Up-and-down", "random,greedy,mc,infer,ismcts", 200, _known_bot, _play_pair,
           " (2 players)")


def _failing_game(specs, games: int, seed: int, ending: str, budget: float = 30.0):
    """The index of the first game of the run that a GameError stops, found by replaying
    the games in order for at most `budget` seconds; None if not found in time."""
    import time

    from drez.solver.updown.actions import GameError
    from drez.solver.updown.sim import play_game
    start = time.monotonic()
    for i in range(games):
        if time.monotonic() - start > budget:
            return None
        try:
            play_game(list(specs), seed, i, ending)
        except GameError:
            return i
    return None


def _pct(entry: dict) -> str:
    lo, hi = entry["ci95"]
    return f"{100 * entry['rate']:5.1f}%  [{100 * lo:4.1f}, {100 * hi:4.1f}]"


def _report_lines(s: dict) -> list[str]:
    last = s["ending"] == LAST
    lines = [f"{s['players']} players, {s['games']} games, seed {s['seed']}, ending {s['ending']}",
             "", "seat  bot         wins   win rate [95% CI]" + ("    lose rate [95% CI]" if last else "")]
    for e in s["per_seat"]:
        extra = f"   {_pct(e['lose'])}" if last else ""
        lines.append(f"{e['seat']:>4}  {e['bot']:<10} {e['wins']:>5}   {_pct(e)}{extra}")
    lines += ["", "bot         seats  games won  share [95% CI]          per seat"]
    for name, e in s["per_bot"].items():
        seats = ",".join(map(str, e["seats"]))
        lines.append(f"{name:<11} {seats:<6} {e['wins']:>9}  {_pct(e)}   {100 * e['per_seat_rate']:5.1f}%")
    fp = s["first_player"]
    lines += ["", f"first player (starter) wins {_pct(fp)}  (fair share {100 * fp['fair_share']:.1f}%)",
              "by position after the starter: " + ", ".join(
                  f"+{e['position']}: {100 * e['rate']:.1f}%" for e in s["by_position"])]
    ln, fl = s["length"], s["free_lead"]
    lines += [f"length: turns mean {ln['turns_mean']:.1f}, median {ln['turns_median']:g}, "
              f"max {ln['turns_max']}; cards drawn per game {ln['drawn_mean']:.1f}; "
              f"most actions in a game {ln['actions_max']}",
              f"free lead: in {_pct(fl)} of games, {fl['per_game_mean']:.3f} per game"]
    return lines


@updown.command()
@click.option("--players", type=click.IntRange(2, 6), default=2, show_default=True,
              help="Players at the table, you included (2 to 6).")
@click.option("--bots", default="best", show_default=True,
              help="Computer players for the other seats: one name for all, or a comma list "
                   "(random, greedy, mc, infer, ismcts, best).")
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat (0 = first).")
@deal_seed_option("Deal seed")
@click.option("--ending", type=ENDING, default=FIRST, show_default=True, help=ENDING_HELP)
@color_option()
def play(players, bots, seat, seed, ending, color):
    """Play against computer players in the terminal, seeing only your own view (U18).
    Reads moves line by line from stdin, so it also works with piped input."""
    import random

    from drez.cli.solodrez.inputs import stdin_lines
    from drez.cli.solodrez.render import use_color
    from drez.cli.updown.human import HELP, set_color
    stdin = stdin_lines()
    set_color(use_color(color))
    if not 0 <= seat < players:
        raise click.BadParameter(f"must be 0..{players - 1}", param_hint="--seat")
    others = _bot_list(bots, players - 1, "--bots")
    specs = others[:seat] + ["you"] + others[seat:]
    seed = random.SystemRandom().randrange(10**9) if seed is None else seed
    state = new_game(players, random.Random(f"updown-play/{seed}"), ending=ending)
    computer = {p: make_bot(specs[p]) for p in range(players) if p != seat}
    rngs = {p: random.Random(f"updown-play/{seed}/bot{p}") for p in range(players)}
    hint_rng = random.Random(f"updown-play/{seed}/hints")
    click.echo(f"Up-and-down, seed {seed}. You are seat {seat}. "
               + ", ".join(f"seat {p}: {specs[p]}" for p in computer) + ".")
    click.echo(f"Seat {state.starter} starts." if state.starter != seat else "You start.")
    click.echo(HELP)
    labels = [f"seat {p} ({specs[p]})" for p in range(players)]
    if not _play_game(state, {seat}, computer, rngs, stdin, hint_rng, labels):
        return
    if ending == FIRST:
        click.echo("You win!" if state.winner == seat else f"Seat {state.winner} wins.")
    else:
        click.echo("You lose." if state.loser == seat else f"Seat {state.loser} loses; "
                   f"order out: {', '.join(map(str, state.out))}.")


def _play_game(state, humans: set[int], computer: dict, rngs: dict, stdin, hint_rng=None,
               labels=None) -> bool:
    """Play ``state`` to the end (see cli/updown/session.py); False when a person quits or
    input ends (game left unfinished).  Hints draw from ``hint_rng`` only."""
    from drez.cli.updown.session import Session
    return Session(state, humans, computer, rngs, stdin, hint_rng, labels).run()


def _says(who: str, verb: str) -> str:
    """'seat 1 (greedy) wins', but 'you win'."""
    return f"{who} {verb[:-1] if who == 'you' else verb}"


@updown.command()
@click.option("--seats", default="human,best", show_default=True,
              help="One entry per seat (2 to 6 seats): human, or a computer player "
                   "(random, greedy, mc, infer, ismcts, each with an optional :N budget, or best).")
@click.option("--games", type=click.IntRange(min=1), default=5, show_default=True,
              help="Games in the match.")
@deal_seed_option("Match seed")
@click.option("--ending", type=ENDING, default=FIRST, show_default=True, help=ENDING_HELP)
@color_option()
def match(seats, games, seed, ending, color):
    """Play a match of GAMES games at one table; the loser of each game starts the next
    (rule U19 of seeds/updown.md) and the match is scored by games won.  Human seats type
    their moves as in `drez updown play`; computer seats play on their own."""
    import random

    from drez.cli.solodrez.inputs import stdin_lines
    from drez.cli.solodrez.render import use_color
    from drez.cli.updown.human import set_color
    from drez.solver.updown.match import Match
    specs = [x.strip().lower() for x in seats.split(",")]
    if not 2 <= len(specs) <= 6:
        raise click.BadParameter(f"{len(specs)} seats given: use 2 to 6", param_hint="--seats")
    humans = {p for p, x in enumerate(specs) if x == "human"}
    for x in specs:
        if x != "human":
            _bot_list(x, 1, "--seats")
    stdin = stdin_lines() if humans else None      # computers only: no input needed
    set_color(use_color(color))
    seed = random.SystemRandom().randrange(10**9) if seed is None else seed
    m = Match(len(specs), games, seed, ending)
    label = [("you" if len(humans) == 1 else f"seat {p} (human)") if p in humans
             else f"seat {p} ({x})" for p, x in enumerate(specs)]
    click.echo(f"Up-and-down match, {games} games, seed {seed}: " + ", ".join(label) + ".")
    while not m.over:
        g = len(m.played)
        state = m.deal()
        computer = {p: make_bot(x) for p, x in enumerate(specs) if p not in humans}
        rngs = {p: random.Random(f"updown-match/{seed}/{g}/bot{p}") for p in range(len(specs))}
        click.echo(f"\ngame {g + 1} of {games}: {_says(label[state.starter], 'starts')}.")
        if not _play_game(state, humans, computer, rngs, stdin,
                          random.Random(f"updown-match/{seed}/{g}/hints"), label):
            click.echo(f"match left after {g} game{'' if g == 1 else 's'}")
            break
        if not humans:
            from drez.cli.updown.human import final_lines
            for line in final_lines(state, labels=label):
                click.echo(line)
        loser = m.record(state)
        nxt = "" if m.over else \
            f" (and start{'' if label[loser] == 'you' else 's'} the next game)"
        click.echo(f"game {g + 1}: {_says(label[state.winner], 'wins')}, "
                   f"{_says(label[loser], 'loses')}{nxt}")
        click.echo("games won: " + ", ".join(f"{label[p]} {m.wins[p]}" for p in range(len(specs))))
    if m.over:
        top = m.leaders()
        click.echo("match won by " + " and ".join(label[p] for p in top) if len(top) == 1 else
                   "match tied between " + " and ".join(label[p] for p in top))
