# Quixo 3x3 over the protocol: a position set by its text, the solver's values, a refused
# position, then a whole game between perfect players that ends as the value said it would.
# slow
$ gamesman protocol quixo --size 3 --strategy perfect --seed 4
> game
= quixo(size=3)

> showboard
=
  a b c
1 - - -
2 - - -
3 - - -

> value
= win 7

> setposition (o oo- --o xx-)
=

> values
= c1-a1 win 1
c1-c3 win 1
c2-c1 win 1
c3-c1 win 1
a2-a3 win 3
a1-a3 lose 4
a1-c1 lose 2
b1-a1 lose 2
b1-c1 lose 2
b1-b3 lose 2
a2-c2 lose 2
a2-a1 lose 2
c2-a2 lose 2
c2-c3 lose 2
c3-a3 lose 2

> setposition (o --- -x- ---)
? quixo: o is to move but x, who moved last, has no cube on the border (a pushed cube ends on the border) in "(o --- -x- ---)"

> setposition (x --- --- ---)
=

> genmove x
= a2-c2

> genmove o
= a2-a3

> genmove x
= a1-c1

> genmove o
= b1-c1

> genmove x
= b3-c3

> genmove o
= c1-c3

> genmove x
= a1-c1

> showboard
=
  a b c
1 x x x
2 - - x
3 o - o
