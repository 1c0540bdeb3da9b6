"""The slots of the searches' `stats` arrays: one int64 array a search, written by its
kernels and read by the Python class that wraps them.  Kernels read these module-level
ints as constants, so a named slot costs nothing."""

# A* (astar.AStar.stats), in both modes
SKIPPED = 0         # children greedy search skipped by the commute rule (commute.py)
EXPANDED = 1        # positions expanded (what AStar.run's budget counts)
WIN_PARENT = 2      # after WON: the slot of the win's parent (-1 when the root is won)
LENGTH = 3          # after WON: the solution's length (greedy search: 1, not a length)
TURN = 4            # the front to take from next (open_list.next_front)
ASTAR_STATS = 5     # slots in all

# depth-first search (dfs.DfsState.stats)
DEPTH = 0           # the current depth (after WON: the path's length)
STORED = 1          # positions stored, the root included
DFS_STATS = 2       # slots in all
