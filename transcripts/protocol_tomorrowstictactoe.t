# Tomorrow's tic-tac-toe (3x4, the sheet's starting position) over the protocol: the solver says
# tie in 10, and perfect players (x and o) play it out to that tie.
$ gamesman protocol tomorrowstictactoe --strategy perfect --seed 2
> game
= tomorrowstictactoe(rows=3,cols=4,misere=false,diagonals=false,empty_start=false)

> showboard
=
  a b c d
1 - - - -
2 x - - -
3 - - o -
x to move

> value
= tie 10

> values
= a1 tie 10
c2 tie 10
a3 tie 10
b3 tie 10
d3 tie 10
b2 lose 6
b1 lose 4
c1 lose 4
d1 lose 4
d2 lose 4

> genmove x
= a1

> genmove o
= a3

> genmove x
= b3

> genmove o
= b2

> genmove x
= c1

> genmove o
= b1

> genmove x
= d2

> genmove o
= d3

> genmove x
= d1

> genmove o
= c2

> showboard
=
  a b c d
1 x o x x
2 x o o x
3 o x o o
a tie

> outcome
= tie: 0 0

> genmove
= resign
