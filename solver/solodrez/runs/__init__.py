"""Workflows over finished `drez analyze` results files, as `drez runs` runs them:
`compare` (two runs deal by deal), `join` (parts of one range into one file), `redecide`
(later passes over the undecided deals, and merging them), `check_lost` (LOST verdicts
re-searched by the plain depth-first search) and `optimal` (the summary of an --optimal
run).  Each returns text or data; printing and exit codes belong to the command."""
