1796599128.107746862 drez: A*'s table reached the memory limit; iterative deepening (IDA*) from A*'s open positions looks for a shortest win, from 50 moves up (for at most 10,725,418 expansions)
1796599195.027434613 drez: a beam search of 16,384 positions a layer looks for a win of 51 moves
1796599214.727394654 drez: A*'s table reached the memory limit; a breadth-first search by depth layers (IDA* beside it) within the same memory proves the minimum, from 50 moves up to the 51 of the win found
1796599361.468001983 drez: the layered search: layer 24 outgrows the memory at 50 moves; the exactness tests on from here
1796599366.419742576 drez: the layered search: layer 24 outgrows the memory at 50 moves; the records give way to relays in layer 17 (IDA* from one would read a win back)
1796599487.000965711 drez: the layered search: layer 25 outgrows the memory at 50 moves; the relays are dropped too (IDA* from the root would read a win back)
1796600043.127143846 drez: the layered search: no solution of 50 moves (163,606,221 expansions so far)
1796600043.495487559 1020.44 s wall, 1499648 KB peak RSS
