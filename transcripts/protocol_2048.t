# 2048 over the protocol: chance moves drawn by the seeded engine, moves, and the exact solver on a
# 2x2 board; then the greedy strategy plays the game to its end (genmove draws the new tiles too).
$ gamesman protocol
> game 2048 rows=2 cols=2
= 2048(rows=2,cols=2,target=0)

> seed 3
=

> genmove
= 4@a1

> genmove
= 2@a2

> showboard
=
score 0, player to move
     a    b
1    4    -
2    2    -

> moves
= right

> value
= utilities 64.0061 in 46

> values
= right utilities 64.0061 in 46

> play left
? illegal move: 2048: left moves no tile here (legal: right)

> genmove
= right

> position
= (chance 0 -,4 -,2)

> outcome
= none

> strategy greedy
= greedy

> genmove
= 2@a2

> genmove
= right

> genmove
= 2@a2

> genmove
= up

> genmove
= 2@b2

> genmove
= down

> genmove
= 2@a1

> genmove
= up

> genmove
= 2@a2

> genmove
= right

> genmove
= 2@a2

> showboard
=
score 20: game over
     a    b
1    4    8
2    2    4

> outcome
= game over: 20

> genmove
= resign
