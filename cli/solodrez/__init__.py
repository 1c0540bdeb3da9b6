"""The Solodrez commands of `drez` (deal, show, moves, apply, solve, verify, bench, hint,
review, play, analyze, report, runs, serve) and what only they use: input, limits, JSON,
drawing in the terminal, picture files."""
