"""Versions that decide whether two batch results may be mixed (`drez analyze --resume`).

RULES_VERSION   bump when a ruling changes what a deal is or which moves are legal: every
                verdict may change, so old results must not be merged with new ones.
ENGINE_VERSION  bump when the solver's answers for the same limits change in kind (a
                different solution-length policy, a different node-counting rule, new
                difficulty thresholds).  Pure speed-ups that keep the verdicts need no bump.
"""
RULES_VERSION = "solodrez-rules-1"
ENGINE_VERSION = "drez-engine-10"  # 10: wins found are cut short (search/shortcut.py)
# 9: the dead-position test's cleared Joker columns (S)
# 8: ... and children that move the last move's run on
# 7: greedy search skips children a commuting move makes
# 6: probes in two rounds, the greedy search resumed to 2M between
# 5: an A* stage in the verdict portfolio (shortest wins, fewer positions)
# 4: bound counts neutrals on real cards (changes greedy order); A* exactness test
# 3: greedy stopped at 200k positions for first-move probes
