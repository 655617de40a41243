# The text protocol with nim: variants, positions, the solver and the engine's strategies.
$ gamesman protocol
> game nim heaps=2 size=3
= nim(heaps=2,size=3,take=3,misere=false)

> solve
= lose 6

> setposition (o 3 1)
=

> showboard
=
heap 1: ||| (3)
heap 2: | (1)

> moves
= 1-1 1-2 1-3 2-1

> value
= win 3

> values
= 1-2 win 3
1-1 lose 4
1-3 lose 2
2-1 lose 2

> strategy perfect
= perfect

> genmove o
= 1-2

> position
= (x 1 1)

> value
= lose 2

> play x 1-1
=

> outcome
= none

> play 2-1
=

> outcome
= o wins: -1 1

> undo
=

> undo
=

> undo
=

> undo
? cannot undo

> game nim(heaps=3,size=5,take=3,misere=true)
= nim(heaps=3,size=5,take=3,misere=true)

> position
= (x 5 5 5)

> seed 7
=

> strategy random
= random

> genmove
= 2-3

> genmove
= 1-3

> clear_board
=

> seed 7
=

> genmove
= 2-3

> genmove
= 1-3
