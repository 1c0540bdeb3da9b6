"""S14: LOST is a proof.  On lost deals every search, run to the end without the
dead-position pruning, must store exactly the whole reachable set, so the three searches
store the same number of positions; with the pruning they all still say LOST."""
import pytest

from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search.astar import LOST as A_LOST
from drez.solver.solodrez.search.astar import AStar
from drez.solver.solodrez.search.dfs import LOST, DfsState
from drez.solver.solodrez.search.solve import solve

# lost deals with reachable sets of about 20,000-27,000 positions (reports/deals-0-99999)
LOST_DEALS = (3193, 3647, 5182)


@pytest.mark.parametrize("deal", LOST_DEALS)
def test_S14_every_search_visits_the_whole_reachable_set(deal):
    words = Position.from_deal(deal).words()
    dfs = DfsState(words, 1 << 26, prune_dead=False)
    greedy = AStar(words, 1 << 26, greedy=True, prune_dead=False)
    astar = AStar(words, 1 << 26, prune_dead=False)
    assert dfs.run(10**7) == LOST
    assert greedy.run(10**7) == A_LOST and astar.run(10**7) == A_LOST
    assert dfs.nodes == greedy.stored == astar.stored > 10_000
    assert solve(Position.from_deal(deal)).verdict == "LOST"
