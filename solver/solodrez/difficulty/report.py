"""The difficulty report (`drez difficulty report`): the players' win rates with their
95% intervals beside perfect play, the calibration of the grades against the players,
the opening traps by grade, and the grade counts against the engine's old grades."""
from __future__ import annotations

import math
import os
from collections import Counter

from ...common.stats import Z95, wilson_interval
from ..grades import DIFFICULTIES, GRADES
from .grading import GRADE_CUTS, PLAYER_NAMES


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """(mean, low, high): the mean of per-deal values and its 95% normal interval with the
    deal as the unit (the games of one deal are not independent; deals are)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 1.0
    m = sum(values) / n
    var = sum((v - m) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n)
    return m, max(0.0, m - half), min(1.0, m + half)


def _pct(x: float) -> str:
    return f"{100 * x:.2f}%"


def _interval(lo: float, hi: float) -> str:
    return f"{100 * lo:.2f}-{100 * hi:.2f}%"


def player_table(rows: list[dict]) -> list[str]:
    """Per player: the share of its games won (deals as the unit) and the share of deals
    it wins at least once (Wilson), over every deal; perfect play last."""
    n = len(rows)
    plays = rows[0]["plays"]
    out = ["| player | games won (mean over deals) | 95% interval | deals won at least once "
           f"in {plays} games | 95% interval (Wilson) |", "|---|---:|---:|---:|---:|"]
    for name in PLAYER_NAMES:
        m, lo, hi = mean_interval([r[name] / r["plays"] for r in rows])
        k = sum(r[name] > 0 for r in rows)
        wlo, whi = wilson_interval(k, n)
        out.append(f"| {name} | {_pct(m)} | {_interval(lo, hi)} | {k:,} of {n:,} ({_pct(k / n)}) "
                   f"| {_interval(wlo, whi)} |")
    won = sum(r["verdict"] == "WON" for r in rows)
    lo, hi = wilson_interval(won, n)
    out.append(f"| perfect play (the hint player) | {_pct(won / n)} | {_interval(lo, hi)} | "
               f"{won:,} of {n:,} | {_interval(lo, hi)} |")
    return out


def calibration(rows: list[dict]) -> list[str]:
    """Per grade: deals, each player's mean game win rate (95% interval), the proven
    minimal length, and the opening traps."""
    head = ("| grade | deals | " + " | ".join(f"{p} wins" for p in PLAYER_NAMES)
            + " | min. length (mean) | opening moves that lose | deals with a losing opening "
              "move | undecided opening moves |")
    out = [head, "|---|---:|" + "---:|" * (len(PLAYER_NAMES) + 4)]
    for g in GRADES:
        rs = [r for r in rows if r["grade"] == g]
        if not rs:
            continue
        cells = []
        for p in PLAYER_NAMES:
            m, lo, hi = mean_interval([r[p] / r["plays"] for r in rs])
            cells.append(f"{_pct(m)} ({_interval(lo, hi)})")
        lengths = [r["min_length"] for r in rs if r["min_length"] is not None]
        measured = [r for r in rs if r["opening_moves"]]
        moves = sum(r["opening_moves"] for r in measured)
        lost = sum(r["opening_lost"] for r in measured)
        undecided = sum(r["opening_undecided"] for r in measured)
        trapped = sum(r["opening_lost"] > 0 for r in measured)
        out.append(f"| {g} | {len(rs):,} | " + " | ".join(cells)
                   + f" | {sum(lengths) / max(1, len(lengths)):.2f}"
                   + f" | {lost:,} of {moves:,} ({_pct(lost / max(1, moves))})"
                   + f" | {trapped:,} ({_pct(trapped / max(1, len(measured)))})"
                   + f" | {undecided:,} |")
    return out


def grade_counts(rows: list[dict], old: dict[str, Counter]) -> list[str]:
    """The new grade counts beside the old ones (a column per old source)."""
    new = Counter(r["grade"] for r in rows)
    out = ["| grade | players (this report) | " + " | ".join(old) + " |",
           "|---|---:|" + "---:|" * len(old)]
    for d in DIFFICULTIES:
        out.append(f"| {d} | {new[d]:,} | " + " | ".join(f"{c[d]:,}" for c in old.values()) + " |")
    return out


def first_trap_lines(rows: list[dict]) -> list[str]:
    """How the losing opening moves are spread over the winnable deals."""
    measured = [r for r in rows if r["opening_moves"]]
    hist = Counter(min(r["opening_lost"], 5) for r in measured)
    out = ["| losing opening moves | deals | share |", "|---:|---:|---:|"]
    for k in range(6):
        label = f"{k}" if k < 5 else "5 or more"
        out.append(f"| {label} | {hist[k]:,} | {_pct(hist[k] / max(1, len(measured)))} |")
    return out


def plot(rows: list[dict], path: str) -> bool:
    """Calibration plot: each player's mean win rate by grade, and the SKILL histogram
    with the grade cuts; False when matplotlib is missing."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
    grades = [g for g in GRADES if any(r["grade"] == g for r in rows)]
    for p in PLAYER_NAMES:
        means = [mean_interval([r[p] / r["plays"] for r in rows if r["grade"] == g]) for g in grades]
        a.errorbar(grades, [m[0] for m in means],
                   yerr=[[m[0] - m[1] for m in means], [m[2] - m[0] for m in means]],
                   marker="o", capsize=3, label=p)
    a.set_ylim(0, 1)
    a.set_ylabel("games won")
    a.set_title("Win rate of each simulated player by grade")
    a.legend()
    won = [r for r in rows if r["verdict"] == "WON"]
    skill = [sum(r[p] for p in PLAYER_NAMES) / (r["plays"] * len(PLAYER_NAMES)) for r in won]
    plays = rows[0]["plays"] * len(PLAYER_NAMES)
    b.hist(skill, bins=[(i - 0.5) / plays for i in range(plays + 2)], color="#4a7")
    for bound, _ in GRADE_CUTS:
        b.axvline(bound - 0.5 / plays, color="k", ls="--", lw=1)
    b.set_xlabel("mean win rate of the simulated players (SKILL)")
    b.set_ylabel("winnable deals")
    b.set_title("Grade cuts: expert | hard | medium | easy")
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return True


def write_report(rows: list[dict], meta: dict, source: str, old: dict[str, Counter],
                 path: str, extra_lines: tuple[str, list[dict]] | None = None) -> None:
    """reports/difficulty/NAME.md and its plot NAME-calibration.png beside it."""
    png = os.path.splitext(path)[0] + "-calibration.png"
    drew = plot(rows, png)
    first, last = rows[0]["deal"], rows[-1]["deal"]
    lines = [f"# Solodrez difficulty measured against players: deals {first}-{last}", "",
             f"Source: `{source}` ({len(rows):,} deals), made by", "",
             f"    {meta.get('command')}", ""]
    for again in meta.get("resumed", []):
        lines += [f"    {again}", ""]
    lines += [f"Each of the simulated players ({', '.join(PLAYER_NAMES)}; solver/solodrez/"
              f"difficulty/players.py) played each deal {meta.get('plays')} times with seeded "
              "randomness.  A deal's grade is cut from the players' mean win rate (SKILL): "
              + ", ".join(f"{name} at least {bound:.0%}" for bound, name in GRADE_CUTS)
              + ", expert below.  Opening traps: the legal first moves whose position an "
              f"exhaustive verdict search proves LOST (at most {meta.get('max_nodes'):,} "
              "positions a move; undecided moves counted apart).  Minimal lengths and "
              "verdicts: the committed runs in reports/deals-0-99999/.", "",
              "## How often players win", ""]
    lines += player_table(rows)
    lines += ["", "Games won: the mean over deals of each deal's share of games won, its "
              "interval with the deal as the unit.  Deals won at least once: a Wilson interval.",
              "", "## Calibration: the grades against the players", ""]
    lines += calibration(rows)
    if drew:
        lines += ["", f"![calibration]({os.path.basename(png)})"]
    lines += ["", "## Losing opening moves (winnable deals)", ""]
    lines += first_trap_lines(rows)
    if extra_lines is not None:
        lines += [""] + lines_section(extra_lines[1], {r["deal"]: r["grade"] for r in rows},
                                      extra_lines[0])
    lines += ["", "## Grade counts against the engine's grades", ""]
    lines += grade_counts(rows, old)
    lines += [""]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def read_lines(path: str) -> list[dict]:
    """The rows of a `drez difficulty lines` file (traps.LINE_FIELDS; empty cells None)."""
    from .traps import LINE_FIELDS
    with open(path, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split(",")
        if tuple(header) != LINE_FIELDS:
            raise ValueError(f"{path}: line 1 is not the header {','.join(LINE_FIELDS)}")
        out = []
        for line in f:
            cells = line.rstrip("\n").split(",")
            row = {k: (None if v == "" else v if k == "line" else int(v))
                   for k, v in zip(LINE_FIELDS, cells)}
            out.append(row)
    return out


def lines_section(lines: list[dict], grades: dict[int, str], source: str) -> list[str]:
    """Per grade and line kind: deals, losing moves per position along the line, the share
    of deals whose line passes a losing move, the median first trap, and (for a player's
    line) the share of games the player lost from a won position."""
    deals = sorted({r["deal"] for r in lines})
    out = ["## Traps along the lines", "",
           f"From `{source}` (winnable deals {deals[0]}-{deals[-1]}, {len(deals):,} deals): "
           "'shortest' is a proven-shortest solution, 'lookahead' the look-ahead player's "
           "first game, followed until the move that lost it.", "",
           "| grade | line | deals | legal moves that lose | deals with a losing move on "
           "the line | first trap (median ply) | undecided moves | games lost |",
           "|---|---|---:|---:|---:|---:|---:|---:|"]
    for g in GRADES:
        for kind in ("shortest", "lookahead"):
            rs = [r for r in lines if r["line"] == kind and grades.get(r["deal"]) == g]
            if not rs:
                continue
            moves = sum(r["moves"] for r in rs)
            lost = sum(r["lost"] for r in rs)
            firsts = sorted(r["first_trap"] for r in rs if r["first_trap"] is not None)
            median = str(firsts[len(firsts) // 2]) if firsts else "-"
            caught = sum(r["caught"] is not None for r in rs)
            out.append(f"| {g} | {kind} | {len(rs):,} | {lost:,} of {moves:,} "
                       f"({_pct(lost / max(1, moves))}) | {len(firsts):,} "
                       f"({_pct(len(firsts) / len(rs))}) | {median} | "
                       f"{sum(r['undecided'] for r in rs):,} | "
                       + (f"{caught:,} ({_pct(caught / len(rs))})" if kind != "shortest" else "-")
                       + " |")
    return out
