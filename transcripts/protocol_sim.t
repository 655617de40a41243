# Sim for three players (x, o, z) on K5 over the protocol: three random moves, then the solver's
# utilities (one per player: whoever completes a triangle of their own colour is out, and the
# players still in at the end share the win), then perfect players play it out as the value said.
$ gamesman protocol sim --players 3 --nodes 5 --seed 2
> game
= sim(nodes=5,players=3,coalition=none)

> showboard
=
  1 2 3 4 5
1 \ - - - -
2 - \ - - -
3 - - \ - -
4 - - - \ -
5 - - - - \
x to move

> genmove x
= 1-2

> genmove o
= 1-4

> genmove z
= 1-5

> value
= utilities 0 0.5 0.5 in 7

> values
= 1-3 utilities 0 0.5 0.5 in 7
2-3 utilities 0 0.5 0.5 in 7
2-4 utilities 0 0.5 0.5 in 7
2-5 utilities 0 0.5 0.5 in 7
3-4 utilities 0 0.5 0.5 in 7
3-5 utilities 0 0.5 0.5 in 7
4-5 utilities 0 0.5 0.5 in 7

> strategy perfect
= perfect

> genmove x
= 2-4

> genmove o
= 1-3

> genmove z
= 3-5

> genmove x
= 3-4

> genmove o
= 2-5

> genmove z
= 4-5

> genmove x
= 2-3

> showboard
=
  1 2 3 4 5
1 \ x o o z
2 x \ x x o
3 o x \ x z
4 o x x \ z
5 z o z z \
out: x
game over

> outcome
= tie between o and z: 0 0.5 0.5

> genmove
= resign
