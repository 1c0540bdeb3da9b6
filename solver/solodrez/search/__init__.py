"""The searches over Solodrez positions: depth-first (`dfs`), A* (`astar`, with `tight`),
the transposition table, move ordering, static lost proofs (`deadness`, `blocks`), and
`solve`, the one entry point that turns them into verdicts."""
