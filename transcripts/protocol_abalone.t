# Abalone on the 4x4 board over the protocol: a seeded random game to its end (two captures win).
$ gamesman protocol abalone --seed 3
> game
= abalone(rows=4,cols=4,captures=2,misere=false,freeze=false)

> showboard
=
4 - w w w
3 b - - w
2 b - - w
1 b b b -
  a b c d
captures: b 0, w 0 (of 2); b to move

> genmove b
= b1-n

> genmove w
= c4-s

> genmove b
= a2-se

> genmove w
= c3-n

> genmove b
= b2-e

> genmove w
= c4-w

> genmove b
= a3-se

> genmove w
= b4-s

> genmove b
= a1-e

> genmove w
= a4-e

> genmove b
= b1-ne

> genmove w
= b4-se

> genmove b
= d1-nw

> genmove w
= c3-nw

> genmove b
= b2-e

> showboard
=
4 w w - w
3 - b - b
2 - - b b
1 - - b -
  a b c d
captures: b 2, w 0 (of 2); game over

> outcome
= b wins: 1 -1

> genmove
= resign
