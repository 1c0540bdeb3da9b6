1796600887.231457617 drez: A*'s table reached the memory limit; iterative deepening (IDA*) from A*'s open positions looks for a shortest win, from 50 moves up (for at most 10,725,418 expansions)
1796600995.275516104 drez: a beam search of 16,384 positions a layer looks for a win of 51 moves
1796601025.760358434 drez: A*'s table reached the memory limit; a breadth-first search by depth layers (IDA* beside it) within the same memory proves the minimum, from 50 moves up to the 51 of the win found
1796601257.183479109 drez: the layered search: layer 24 outgrows the memory at 50 moves; the exactness tests on from here
1796601262.388005655 drez: the layered search: layer 24 outgrows the memory at 50 moves; the records give way to relays in layer 17 (IDA* from one would read a win back)
