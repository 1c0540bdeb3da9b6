1796551740.105 drez: A*'s table reached the memory limit; iterative deepening (IDA*) from A*'s open positions looks for a shortest win, from 50 moves up (for at most 1,000,421 expansions)
1796551777.054 drez: a beam search of 16,384 positions a layer looks for a win of 51 moves
1796551784.999 drez: A*'s table reached the memory limit; a breadth-first search by depth layers (IDA* beside it) within the same memory proves the minimum, from 50 moves up to the 51 of the win found
1796551885.947 drez: the layered search: no solution of 50 moves (6,253,450 expansions so far)
