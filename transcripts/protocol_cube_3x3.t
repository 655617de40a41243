# The 3x3x3 cube over the protocol: a seeded 25-move scramble, then Kociemba's two-phase solver
# (strategy twophase) plays its solution one move per genmove until the cube is solved.
# slow
$ gamesman protocol
> game cube size=3 scramble=25 seed=2
= cube(size=3,metric=htm,scramble=25,seed=2)

> position
= RUBDUDLURDLLRRLDBDUFFDFUDBFRLLBDDBRLFRFBLFURBULUFBUBFR

> showboard
=
       R U B
       D U D
       L U R
F R F  U F F  D L L  U L U
B L F  D F U  R R L  F B U
U R B  D B F  D B D  B F R
       R L L
       B D D
       B R L

> strategy twophase
= twophase

> genmove
= R2

> genmove
= U'

> genmove
= R2

> genmove
= B

> genmove
= D'

> genmove
= F2

> genmove
= R'

> genmove
= D'

> genmove
= B

> genmove
= R

> genmove
= L2

> genmove
= B2

> genmove
= R'

> genmove
= F2

> genmove
= L

> genmove
= F2

> genmove
= B2

> genmove
= U2

> genmove
= R'

> genmove
= U2

> genmove
= resign

> position
= UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB

> outcome
= solved: 1

> genmove
= resign
