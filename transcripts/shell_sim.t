# Sim on four nodes: moves, values, a bad move, undo and redo, then the computer finishes the game.
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> new sim --nodes 4
Sim: sim(nodes=4,players=2,coalition=none)
  1 2 3 4
1 \ - - -
2 - \ - -
3 - - \ -
4 - - - \
x to move
Prediction: the game is a tie in 6
sim x> moves
1-2 1-3 1-4 2-3 2-4 3-4
sim x> 1-2
  1 2 3 4
1 \ x - -
2 x \ - -
3 - - \ -
4 - - - \
o to move
Prediction: the game is a tie in 5
sim o> values
move  value  remoteness
1-3   tie    5
1-4   tie    5
2-3   tie    5
2-4   tie    5
3-4   tie    5
tied best: 1-3 1-4 2-3 2-4 3-4
sim o> zz9
sim: 'zz9' is not an edge (write two node numbers, e.g. 1-2)
sim o> undo
  1 2 3 4
1 \ - - -
2 - \ - -
3 - - \ -
4 - - - \
x to move
Prediction: the game is a tie in 6
sim x> redo
  1 2 3 4
1 \ x - -
2 x \ - -
3 - - \ -
4 - - - \
o to move
Prediction: the game is a tie in 5
sim o> hint
hint: play 1-3, 1-4, 2-3, 2-4 or 3-4 (the game is a tie in 5)
sim o> auto
o plays 2-4: tie 5
  1 2 3 4
1 \ x - -
2 x \ - o
3 - - \ -
4 - o - \
x to move
Prediction: the game is a tie in 4
x plays 3-4: tie 4
  1 2 3 4
1 \ x - -
2 x \ - o
3 - - \ x
4 - o x \
o to move
Prediction: the game is a tie in 3
o plays 1-3: tie 3
  1 2 3 4
1 \ x o -
2 x \ - o
3 o - \ x
4 - o x \
x to move
Prediction: the game is a tie in 2
x plays 2-3: tie 2
  1 2 3 4
1 \ x o -
2 x \ x o
3 o x \ x
4 - o x \
o to move
Prediction: the game is a tie in 1
o plays 1-4: tie 1
  1 2 3 4
1 \ x o o
2 x \ x o
3 o x \ x
4 o o x \
game over
game over: the game is a tie. Type again to play again, or new GAME.
sim> history
start (x ------)
  1. x 1-2
  2. o 2-4 (perfect)
  3. x 3-4 (perfect)
  4. o 1-3 (perfect)
  5. x 2-3 (perfect)
  6. o 1-4 (perfect)
sim> quit
