"""Build hand-made Crapette positions for the rules tests."""
from solver.crapette.cards import parse
from solver.crapette.game import HOME, N_PILES, WORK, GameState, reserve, stock, waste


def cards(text: str) -> list[int]:
    """'AS 2H' -> cards, bottom first; a trailing ' marks a card of deck 1 ("AS'")."""
    out = []
    for w in text.split():
        out.append(parse(w.rstrip("'"), 1 if w.endswith("'") else 0))
    return out


def table(to_move: int = 0, work=None, home=None, stop_rule: bool = False, **own) -> GameState:
    """A position: work/home map index (0-based) -> card text; own piles by keyword
    stock0, reserve0, waste0, stock1, reserve1, waste1 (bottom first)."""
    piles = [[] for _ in range(N_PILES)]
    for i, t in (work or {}).items():
        piles[WORK[i]] = cards(t)
    for i, t in (home or {}).items():
        piles[HOME[i]] = cards(t)
    where = {"stock": stock, "reserve": reserve, "waste": waste}
    for key, t in own.items():
        piles[where[key[:-1]](int(key[-1]))] = cards(t)
    return GameState(piles, to_move, stop_rule)
