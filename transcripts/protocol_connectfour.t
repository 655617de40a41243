# Connect Four (6x7) over the protocol: value and values are exact, answered on demand by a
# search (the board is too large to solve whole); then a seeded random game to its end.
# slow
$ gamesman protocol connectfour --seed 6
> game
= connectfour(rows=6,cols=7,in_a_row=4,misere=false)

> setposition (x -xoxox- -oxoxo- --xoxo- ------- ------- -------)
=

> value
= win 27

> values
= d win 27
c tie 28
e tie 28
a lose 26
b lose 26
f lose 26
g lose 26

> clear_board
=

> strategy random
= random

> genmove x
= g

> genmove o
= e

> genmove x
= g

> genmove o
= a

> genmove x
= d

> genmove o
= g

> genmove x
= c

> genmove o
= a

> genmove x
= a

> genmove o
= b

> genmove x
= f

> genmove o
= e

> genmove x
= d

> genmove o
= g

> genmove x
= f

> genmove o
= c

> genmove x
= c

> genmove o
= g

> genmove x
= a

> genmove o
= c

> genmove x
= d

> genmove o
= g

> showboard
=
6 - - - - - - o
5 - - - - - - o
4 x - o - - - o
3 x - x x - - o
2 o - o x o x x
1 o o x x o x x
  a b c d e f g

> outcome
= o wins: -1 1

> genmove
= resign
