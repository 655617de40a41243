# Chopsticks (two hands of five fingers) over the protocol: values from the solver, then a seeded
# random game to its end, with a wrong-turn play and an illegal move refused on the way.
$ gamesman protocol chopsticks --hands 2 --seed 1
> game
= chopsticks(hands=2,fingers=5,misere=false,wrap_around=false)

> showboard
=
     1     2
L  |.... |....
R  |.... |....
L to move

> moves
= 1-1 1-2 2-1 2-2

> value
= win 9

> values
= 1-1 win 9
1-2 win 9
2-1 win 9
2-2 win 9

> genmove L
= 1-2

> genmove R
= 1-1

> moves
= 1-1 1-2 2-1 2-2

> play R 1-1
? it is L's turn, not R's

> play zz
? illegal move: chopsticks: 'zz' is not a move (write MINE-THEIRS, e.g. 1-2: my hand 1 taps the opponent's hand 2)

> value
= win 7

> genmove L
= 2-1

> genmove R
= 1-1

> genmove L
= 2-2

> genmove R
= 2-2

> genmove L
= 2-2

> genmove R
= 1-2

> genmove L
= 1-1

> showboard
=
     1     2
L  ||||.  out
R   out   out
L wins

> outcome
= L wins: 1 -1

> genmove
= resign
