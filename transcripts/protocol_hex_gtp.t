# Hex driven only by standard GTP commands, as a GTP Hex tool would: a whole 3x3 game to its end.
$ gamesman protocol hex
> 1 protocol_version
=1 2

> 2 boardsize 3
=2

> 3 clear_board
=3

> 4 strategy perfect
=4 perfect

> 5 play b a1
=5

> 6 play b b1
?6 it is o's turn, not x's

> 7 genmove w
=7 b2

> 8 genmove b
=8 c3

> 9 genmove w
=9 a3

> 10 genmove b
=10 b1

> 11 genmove w
=11 c2

> 12 genmove b
?12 the game is over

> 13 showboard
=13
  a b c
1 x x - 1
 2 - o o 2
  3 o - x 3
    a b c
x (black) joins rows 1 and 3; o (white) joins columns a and c

> 14 outcome
=14 o wins: -1 1
