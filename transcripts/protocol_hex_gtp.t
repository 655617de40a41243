# Hex driven only by standard GTP commands, as a GTP Hex tool would drive it: the controller plays
# black (b) with play, the engine plays white (w) with genmove, perfectly, on a 3x3 board.  Black
# opens in the centre, which wins on 3x3, and keeps the win; white holds out as long as it can.
# A genmove on the finished board answers resign, as Hex engines (MoHex) do.
$ gamesman protocol hex --size 3 --strategy perfect
> 1 protocol_version
=1 2

> 2 name
=2 gamesman

> 3 boardsize 3
=3

> 4 clear_board
=4

> 5 play b b2
=5

> 6 play b c1
?6 it is o's turn, not x's

> 7 genmove w
=7 b3

> 8 play b a3
=8

> 9 genmove w
=9 a2

> 10 play b c1
=10

> 11 showboard
=11
  a b c
1 - - x 1
 2 o x - 2
  3 x o - 3
    a b c
x (black) joins rows 1 and 3; o (white) joins columns a and c

> 12 genmove w
=12 resign

> 13 quit
=13
