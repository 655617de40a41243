# Quixo on a 3x3 board: pushes, values, bad moves, undo, then the computer finishes the game.
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> new quixo --size 3
Quixo: quixo(size=3)
  a b c
1 - - -
2 - - -
3 - - -
x to move
Prediction: x should win in 7
quixo x> moves
a1-c1 a1-a3 b1-a1 b1-c1 b1-b3 c1-a1 c1-c3 a2-c2 a2-a1 a2-a3 c2-a2 c2-c1 c2-c3 a3-c3 a3-a1 b3-a3 b3-c3 b3-b1 c3-a3 c3-c1
quixo x> a1-c1
  a b c
1 - - x
2 - - -
3 - - -
o to move
Prediction: o should lose in 6
quixo o> values
move   value  remoteness
a1-c1  lose   6
a1-a3  lose   6
b1-a1  lose   6
b1-c1  lose   6
b1-b3  lose   6
a2-c2  lose   6
a2-a1  lose   6
a2-a3  lose   6
c2-a2  lose   6
c2-c1  lose   6
c2-c3  lose   6
a3-c3  lose   6
a3-a1  lose   6
b3-a3  lose   6
b3-c3  lose   6
b3-b1  lose   6
c3-a3  lose   6
c3-c1  lose   6
tied best: a1-c1 a1-a3 b1-a1 b1-c1 b1-b3 a2-c2 a2-a1 a2-a3 c2-a2 c2-c1 c2-c3 a3-c3 a3-a1 b3-a3 b3-c3 b3-b1 c3-a3 c3-c1
quixo o> c1-a1
quixo: the cube at c1 is x's
quixo o> b2-b1
quixo: b2 is not on the border
quixo o> a1-a3
  a b c
1 - - x
2 - - -
3 o - -
x to move
Prediction: x should win in 5
quixo x> undo
  a b c
1 - - x
2 - - -
3 - - -
o to move
Prediction: o should lose in 6
quixo o> redo
  a b c
1 - - x
2 - - -
3 o - -
x to move
Prediction: x should win in 5
quixo x> hint
hint: play a1-c1, b1-a1, b1-c1, b1-b3, a2-c2, a2-a1, c2-a2, c2-c1, c2-c3, b3-c3, b3-b1 or c3-c1 (x should win in 5)
quixo x> auto
x plays c2-a2: win 5
  a b c
1 - - x
2 x - -
3 o - -
o to move
Prediction: o should lose in 4
o plays c3-c1: lose 4
  a b c
1 - - o
2 x - x
3 o - -
x to move
Prediction: x should win in 3
x plays b3-a3: win 3
  a b c
1 - - o
2 x - x
3 x o -
o to move
Prediction: o should lose in 2
o plays a1-c1: lose 2
  a b c
1 - o o
2 x - x
3 x o -
x to move
Prediction: x should win in 1
x plays a1-a3: win 1
  a b c
1 x o o
2 x - x
3 x o -
game over: x wins. Type again to play again, or new GAME.
