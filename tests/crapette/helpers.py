"""Build hand-made Crapette positions for the rules tests."""
from drez.solver.crapette.cards import HIDDEN, parse
from drez.solver.crapette.piles import HOME, MOVES, N_PILES, WORK, Move, reserve, stock, waste
from drez.solver.crapette.rules import load_accepts
from drez.solver.crapette.state import TURN_MOVE_LIMIT, GameState


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



def reference_legal_moves(self) -> list[Move]:
    """The engine's first, plain ``GameState.legal_moves``, kept as the reference.

    Every legal move for the player to move, one representative per equivalent group.

    Equivalent moves are merged: an Ace goes to the first empty home pile, a card to the
    first home pile that takes it and to the first empty work space; a lone work-space card
    is not offered a move to another empty space.  The turn-ending move (C9-C11) is always
    last.  Cards shown as HIDDEN are never offered.  Empty when the game is over.
    """
    if self.result is not None:
        return []
    p = self.to_move
    piles = self.piles
    moves: list[Move] = []
    if self.moves_in_turn < TURN_MOVE_LIMIT:
        o = 1 - p
        targets = [t for t in (reserve(o), waste(o)) if piles[t] and piles[t][-1] >= 0]
        empty_home = next((h for h in HOME if not piles[h]), None)
        empty_work = next((w for w in WORK if not piles[w]), None)
        home_for: dict[int, int] = {}          # card % 52 wanted -> first home pile wanting it
        for h in HOME:
            hp = piles[h]
            if hp and hp[-1] % 13 != 12:
                home_for.setdefault(hp[-1] % 52 + 1, h)
        work_for: dict[tuple, list] = {}       # (rank - 1, is red) wanted -> work spaces
        for w in WORK:
            wp = piles[w]
            if wp and wp[-1] >= 0 and wp[-1] % 13:
                t = wp[-1]
                work_for.setdefault((t % 13 - 1, t % 52 // 13 not in (1, 2)), []).append(w)
        for src in [reserve(p), stock(p), *WORK]:
            pile = piles[src]
            if not pile or pile[-1] < 0:
                continue
            c = pile[-1]
            if c % 13 == 0:
                if empty_home is not None:
                    moves.append(MOVES[src][empty_home])
            elif c % 52 in home_for:
                moves.append(MOVES[src][home_for[c % 52]])
            dests = [w for w in work_for.get((c % 13, c % 52 // 13 in (1, 2)), ()) if w != src]
            if empty_work is not None and not (src < 8 and len(pile) == 1):
                dests.append(empty_work)
                dests.sort()
            moves.extend([MOVES[src][w] for w in dests])
            for t in targets:
                if load_accepts(piles[t][-1], c):
                    moves.append(MOVES[src][t])
    moves.append(self.turn_end_move())
    return moves


def face_up(state: GameState) -> set[int]:
    """All cards face up on the table: home piles, work spaces, third piles, first- and second-pile tops."""
    piles = state.piles
    up = set()
    for i in list(WORK) + list(HOME) + [waste(0), waste(1)]:
        up.update(piles[i])
    for i in (stock(0), reserve(0), stock(1), reserve(1)):
        if piles[i]:
            up.add(piles[i][-1])
    up.discard(HIDDEN)
    return up
