# Kaboom on the 4x4 board over the protocol: a seeded random game to its end, bombs and all.
$ gamesman protocol kaboom --seed 2
> game
= kaboom(rows=4,cols=4,in_a_row=4,bombs=1,misere=false,super_bomb=false)

> showboard
=
4 - - - -
3 - - - -
2 - - - -
1 - - - -
  a b c d
bombs left: x 1, o 1; x to move

> genmove x
= a

> genmove o
= b

> genmove x
= b

> genmove o
= bomb-b

> genmove x
= c

> genmove o
= c

> genmove x
= bomb-a

> genmove o
= boom-b3

> genmove x
= b

> genmove o
= a

> genmove x
= boom-a2

> genmove o
= b

> genmove x
= d

> genmove o
= d

> genmove x
= c

> genmove o
= d

> genmove x
= c

> genmove o
= a

> genmove x
= a

> genmove o
= b

> genmove x
= b

> genmove o
= d

> genmove x
= a

> genmove o
= a

> showboard
=
4 o x x o
3 x o x o
2 x o o o
1 o o x x
  a b c d
bombs left: x 0, o 0; game over

> outcome
= tie: 0 0

> genmove
= resign
