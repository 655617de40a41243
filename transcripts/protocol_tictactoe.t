# The text protocol: a game of tic-tac-toe between a controller and the engine.
# Lines starting with "> " are sent to the engine; each reply ends with an empty line.
$ gamesman protocol tictactoe
> 1 protocol_version
=1 2

> 2 name
=2 gamesman

> game
= tictactoe(misere=false)

> options
= misere=false  three in a row loses (true or false; default false)

> play b2
=

> showboard
=
  a b c
1 - - -
2 - x -
3 - - -

> moves
= a1 b1 c1 a2 c2 a3 b3 c3

> values
= a1 tie 8
c1 tie 8
a3 tie 8
c3 tie 8
b1 lose 6
a2 lose 6
c2 lose 6
b3 lose 6

> play x a1
? it is o's turn, not x's

> play o a1
=

> 3 genmove
=3 c3

> position
= (o o-- -x- --x)

> undo
=

> strategy perfect
= perfect

> genmove o
? it is x's turn, not o's

> play black c3
=

> genmove
= a3

> view x
= (x o-- -x- o-x)

> value
= tie 5

> outcome
= none

> genmove x
= a2

> genmove o
= c2

> genmove
= c1

> genmove
= b3

> genmove
= b1

> outcome
= tie: 0 0

> moves
=

> genmove
= resign

> quit
=
