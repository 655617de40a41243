# The text protocol with 1,2,...,10, played as a referee plays it: the player's view, its
# legal moves, then genmove.
$ gamesman protocol onetwoten --strategy perfect
> 1 game onetwoten target=10 step=2 misere=false
=1 onetwoten(target=10,step=2,misere=false)

> 2 setposition (L 0)
=2

> 3 legal_moves 1 2
=3

> 4 genmove L
=4 1

> 5 setposition (R 7)
=5

> 6 legal_moves 1 2
=6

> 7 genmove R
=7 2

> 8 outcome
=8 none

> 9 view L
=9 (L 9)

> 10 setposition (L 9)
=10

> 11 values
=11 1 win 1

> 12 play 1
=12

> 13 outcome
=13 L wins: 1 -1

> 14 game onetwoten target=20 step=3
=14 onetwoten(target=20,step=3,misere=false)

> 15 value
=15 lose 10

> 16 boardsize 5
?16 unacceptable size: onetwoten has no board size option

> 17 quit
=17
