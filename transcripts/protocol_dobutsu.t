# Dobutsu shogi over the protocol: the start, moves (a capture into the hand and a drop, one
# of them refused), positions refused for what play cannot reach, then an endgame study where
# the seeded Monte-Carlo tree search plays both sides.
$ gamesman protocol dobutsu --strategy "mcts 200" --seed 3
> game
= dobutsu()

> showboard
=
w's hand: -
  a b c
1 g l e
2 - c -
3 - C -
4 E L G
b's hand: -
b to move

> moves
= b3-b2 b4-a3 b4-c3 c4-c3

> play b b3-b2
=

> play w c1-b2
=

> play b C*b2
? illegal move: dobutsu: 'C*b2' is not a legal move here (legal: a4-b3 b4-a3 b4-b3 b4-c3 c4-c3 C*c1 C*a2 C*c2 C*a3 C*b3 C*c3)

> play b C*a3
=

> position
= (w gl- -e- C-- ELG - c)

> setposition (b gle -c- -C- ELG - - x)
? dobutsu: 8 fields, expected 7: the turn, 4 rows, b's hand and w's hand in "(b gle -c- -C- ELG - - x)"

> setposition (b gle -c- -C- ELG H -)
? dobutsu: b's hand holds 'H'; a hand holds G E C (upper case), or is - in "(b gle -c- -C- ELG H -)"

> setposition (w gle -c- -C- E-G - -)
? dobutsu: b's lion is gone but w is to move (capturing a lion ends the game) in "(w gle -c- -C- E-G - -)"

> setposition (b -L- --- --- -l- - -)
? dobutsu: b's lion stands on its far rank at b1 with b to move (the try decided the game a move before) in "(b -L- --- --- -l- - -)"

> setposition (b --l --- --- -L- GG g)
? dobutsu: 3 giraffes in play, the game has 2 in "(b --l --- --- -L- GG g)"

> setposition (b -l- --- --- -L- C -)
=

> moves
= b4-a3 b4-b3 b4-c3 b4-a4 b4-c4 C*a1 C*c1 C*a2 C*b2 C*c2 C*a3 C*b3 C*c3 C*a4 C*c4

> genmove b
= C*c2

> genmove w
= b1-c2

> outcome
= none

