# Nim with two heaps of three, taking up to two at a time, started from the command line.
# slow
$ gamesman shell nim --heaps 2 --size 3 --take 2
gamesman: type help for the commands, games for the games, quit to leave.
Nim: nim(heaps=2,size=3,take=2,misere=false)
heap 1: ||| (3)
heap 2: ||| (3)
x to move
Prediction: x should lose in 4
nim x> value
x should lose in 4
nim x> values
move  value  remoteness
1-1   lose   4
1-2   lose   4
2-1   lose   4
2-2   lose   4
tied best: 1-1 1-2 2-1 2-2
nim x> 1-3
nim: cannot take 3 from heap 1
nim x> 3-1
nim: cannot take 1 from heap 3: there is no heap 3 (heaps 1 to 2)
nim x> 1-2
heap 1: | (1)
heap 2: ||| (3)
o to move
Prediction: o should win in 3
nim o> undo
heap 1: ||| (3)
heap 2: ||| (3)
x to move
Prediction: x should lose in 4
nim x> 2-1
heap 1: ||| (3)
heap 2: || (2)
o to move
Prediction: o should win in 3
nim o> values
move  value  remoteness
2-2   win    3
1-1   win    5
1-2   lose   4
2-1   lose   4
nim o> computer o perfect
o: computer (perfect)
o plays 2-2: win 3
heap 1: ||| (3)
heap 2:  (0)
x to move
Prediction: x should lose in 2
nim x> 1-1
o plays 1-2: win 1
heap 1:  (0)
heap 2:  (0)
game over: o wins. Type again to play again, or new GAME.
nim> history
start (x 3 3)
  1. x 2-1
  2. o 2-2 (perfect)
  3. x 1-1
  4. o 1-2 (perfect)
nim> new nim --heaps 2 --size 3 --take 9
nim: take must be from 1 to size (3), not 9
nim> new nim --heaps 0
nim: heaps must be int from 1 to 20, not 0
nim> quit
