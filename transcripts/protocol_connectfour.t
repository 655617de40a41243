# Connect Four (6x7) over the protocol: too large to solve here, so value and values are a search's
# estimate; then a seeded random game to its end.
$ gamesman protocol connectfour --seed 6
> game
= connectfour(rows=6,cols=7,in_a_row=4,misere=false)

> showboard
=
6 - - - - - - -
5 - - - - - - -
4 - - - - - - -
3 - - - - - - -
2 - - - - - - -
1 - - - - - - -
  a b c d e f g

> strategy mcts 100
= mcts 100

> value
= estimate by mcts 100: best d, win rate 77%, mean utility +0.54 over 24 of 100 iterations, 101 nodes

> values
= d estimate win rate 77%, mean utility +0.54, 24 visits
c estimate win rate 75%, mean utility +0.50, 20 visits
f estimate win rate 72%, mean utility +0.44, 18 visits
g estimate win rate 67%, mean utility +0.33, 15 visits
e estimate win rate 62%, mean utility +0.23, 13 visits
b estimate win rate 33%, mean utility -0.33, 6 visits
a estimate win rate 0%, mean utility -1.00, 4 visits
(estimates by mcts 100, 100 iterations, 101 nodes)

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
