1796549520.362 drez: A*'s table reached the memory limit; iterative deepening (IDA*) from A*'s open positions looks for a shortest win, from 46 moves up (for at most 10,725,407 expansions)
1796549560.929 drez: a beam search of 16,384 positions a layer looks for a win of 47 moves
1796549577.203 drez: A*'s table reached the memory limit; a breadth-first search by depth layers (IDA* beside it) within the same memory proves the minimum, from 46 moves up to the 47 of the win found
1796549631.370 drez: the layered search: no solution of 46 moves (33,673,617 expansions so far)
