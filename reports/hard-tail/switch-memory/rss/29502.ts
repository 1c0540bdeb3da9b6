1796600100.187863932 drez: A*'s table reached the memory limit; iterative deepening (IDA*) from A*'s open positions looks for a shortest win, from 50 moves up (for at most 10,725,378 expansions)
1796600149.327534581 drez: a beam search of 16,384 positions a layer looks for a win of 51 moves
1796600170.395812678 drez: A*'s table reached the memory limit; a breadth-first search by depth layers (IDA* beside it) within the same memory proves the minimum, from 50 moves up to the 51 of the win found
1796600328.387424610 drez: the layered search: layer 24 outgrows the memory at 50 moves; the exactness tests on from here
1796600329.039538232 drez: the layered search: layer 24 outgrows the memory at 50 moves; the records give way to relays in layer 13 (IDA* from one would read a win back)
1796600997.555431591 drez: the layered search: a win of 50 moves, the shortest; IDA* from its relay in layer 13 reads its moves back
1796601000.211359473 956.72 s wall, 1380348 KB peak RSS
