# Othello 4x4 over the protocol: the solver's values, then a whole game between perfect players
# (GTP colours b and w) that ends as the value said it would.
$ gamesman protocol othello --strategy perfect --seed 4
> game
= othello(rows=4,cols=4,misere=false,place_anywhere=false)

> showboard
=
  a b c d
1 - - - -
2 - w b -
3 - b w -
4 - - - -
black 2, white 2; b to move

> value
= lose 12

> values
= b1 lose 12
a2 lose 12
d3 lose 12
c4 lose 12

> genmove b
= a2

> genmove w
= a1

> genmove b
= b1

> genmove w
= a3

> genmove b
= b4

> genmove w
= c1

> genmove b
= d1

> genmove w
= d2

> genmove b
= d3

> genmove w
= a4

> genmove b
= pass

> genmove w
= c4

> showboard
=
  a b c d
1 w w w b
2 w w w b
3 w w w b
4 w w w -
black 3, white 12; game over

> outcome
= w wins: -1 1

> genmove b
= resign
