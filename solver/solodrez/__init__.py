"""Solodrez, the solitaire of the Pokerdrez deck: `rules/` (cards, deals, moves, the packed
engine, positions), `search/` (the depth-first, A* and greedy searches and the verdicts of
`solve`), `hints`, `review`, `batch/` (ranges of deals), `pictures/` (SVG and HTML)."""
