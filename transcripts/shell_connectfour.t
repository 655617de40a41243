# Connect Four on a 3x4 board, three in a row: moves, values, a bad move, undo and redo, then the computer finishes the game.
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> new connectfour --rows 3 --cols 4 --in-a-row 3
Connect Four: connectfour(rows=3,cols=4,in_a_row=3,misere=false)
3 - - - -
2 - - - -
1 - - - -
  a b c d
x to move
Prediction: x should win in 9
connectfour x> moves
a b c d
connectfour x> a
3 - - - -
2 - - - -
1 x - - -
  a b c d
o to move
Prediction: o should lose in 10
connectfour o> values
move  value  remoteness
a     lose   10
c     lose   10
b     lose   8
d     lose   8
tied best: a c
connectfour o> zz9
connectfour: 'zz9' is not a column (write a letter from a to d)
connectfour o> undo
3 - - - -
2 - - - -
1 - - - -
  a b c d
x to move
Prediction: x should win in 9
connectfour x> redo
3 - - - -
2 - - - -
1 x - - -
  a b c d
o to move
Prediction: o should lose in 10
connectfour o> hint
hint: play a or c (o should lose in 10)
connectfour o> auto
o plays c: lose 10
3 - - - -
2 - - - -
1 x - o -
  a b c d
x to move
Prediction: x should win in 9
x plays d: win 9
3 - - - -
2 - - - -
1 x - o x
  a b c d
o to move
Prediction: o should lose in 8
o plays a: lose 8
3 - - - -
2 o - - -
1 x - o x
  a b c d
x to move
Prediction: x should win in 7
x plays d: win 7
3 - - - -
2 o - - x
1 x - o x
  a b c d
o to move
Prediction: o should lose in 6
o plays d: lose 6
3 - - - o
2 o - - x
1 x - o x
  a b c d
x to move
Prediction: x should win in 5
x plays c: win 5
3 - - - o
2 o - x x
1 x - o x
  a b c d
o to move
Prediction: o should lose in 4
o plays c: lose 4
3 - - o o
2 o - x x
1 x - o x
  a b c d
x to move
Prediction: x should win in 3
x plays b: win 3
3 - - o o
2 o - x x
1 x x o x
  a b c d
o to move
Prediction: o should lose in 2
o plays b: lose 2
3 - - o o
2 o o x x
1 x x o x
  a b c d
x to move
Prediction: x should win in 1
x plays b: win 1
3 - x o o
2 o o x x
1 x x o x
  a b c d
game over: x wins. Type again to play again, or new GAME.
connectfour> history
start (x ---- ---- ----)
  1. x a
  2. o c (perfect)
  3. x d (perfect)
  4. o a (perfect)
  5. x d (perfect)
  6. o d (perfect)
  7. x c (perfect)
  8. o c (perfect)
  9. x b (perfect)
 10. o b (perfect)
 11. x b (perfect)
connectfour> quit
