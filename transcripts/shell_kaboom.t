# Kaboom on a 3x3 board, three in a row: moves, values, a bad move, undo and redo, then the computer finishes the game.
# slow
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> new kaboom --rows 3 --cols 3 --in-a-row 3
Kaboom: kaboom(rows=3,cols=3,in_a_row=3,bombs=1,misere=false,super_bomb=false)
3 - - -
2 - - -
1 - - -
  a b c
bombs left: x 1, o 1; x to move
Prediction: x should win in 15
kaboom x> moves
a b c bomb-a bomb-b bomb-c
kaboom x> a
3 - - -
2 - - -
1 x - -
  a b c
bombs left: x 1, o 1; o to move
Prediction: o should lose in 16
kaboom o> values
move    value  remoteness
c       lose   16
a       lose   12
bomb-a  lose   12
bomb-b  lose   12
bomb-c  lose   12
b       lose   10
kaboom o> zz9
kaboom: 'zz9' is not a legal move here (legal: a b c bomb-a bomb-b bomb-c)
kaboom o> undo
3 - - -
2 - - -
1 - - -
  a b c
bombs left: x 1, o 1; x to move
Prediction: x should win in 15
kaboom x> redo
3 - - -
2 - - -
1 x - -
  a b c
bombs left: x 1, o 1; o to move
Prediction: o should lose in 16
kaboom o> hint
hint: play c (o should lose in 16)
kaboom o> auto
o plays c: lose 16
3 - - -
2 - - -
1 x - o
  a b c
bombs left: x 1, o 1; x to move
Prediction: x should win in 15
x plays bomb-c: win 15
3 - - -
2 - - *
1 x - o
  a b c
bombs left: x 0, o 1; o to move
Prediction: o should lose in 14
o plays c: lose 14
3 - - o
2 - - *
1 x - o
  a b c
bombs left: x 0, o 1; x to move
Prediction: x should win in 13
x plays b: win 13
3 - - o
2 - - *
1 x x o
  a b c
bombs left: x 0, o 1; o to move
Prediction: o should lose in 12
o plays bomb-a: lose 12
3 - - o
2 @ - *
1 x x o
  a b c
bombs left: x 0, o 0; x to move
Prediction: x should win in 11
x plays a: win 11
3 x - o
2 @ - *
1 x x o
  a b c
bombs left: x 0, o 0; o to move
Prediction: o should lose in 10
o plays boom-a2: lose 10
3 - - o
2 - - *
1 - x o
  a b c
bombs left: x 0, o 0; x to move
Prediction: x should win in 9
x plays a: win 9
3 - - o
2 - - *
1 x x o
  a b c
bombs left: x 0, o 0; o to move
Prediction: o should lose in 8
o plays a: lose 8
3 - - o
2 o - *
1 x x o
  a b c
bombs left: x 0, o 0; x to move
Prediction: x should win in 7
x plays a: win 7
3 x - o
2 o - *
1 x x o
  a b c
bombs left: x 0, o 0; o to move
Prediction: o should lose in 6
o plays b: lose 6
3 x - o
2 o o *
1 x x o
  a b c
bombs left: x 0, o 0; x to move
Prediction: x should win in 5
x plays b: win 5
3 x x o
2 o o *
1 x x o
  a b c
bombs left: x 0, o 0; o to move
Prediction: o should lose in 4
o plays pass: lose 4
3 x x o
2 o o *
1 x x o
  a b c
bombs left: x 0, o 0; x to move
Prediction: x should win in 3
x plays boom-c2: win 3
3 x - -
2 o x -
1 x x -
  a b c
bombs left: x 0, o 0; o to move
Prediction: o should lose in 2
o plays c: lose 2
3 x - -
2 o x -
1 x x o
  a b c
bombs left: x 0, o 0; x to move
Prediction: x should win in 1
x plays b: win 1
3 x x -
2 o x -
1 x x o
  a b c
bombs left: x 0, o 0; game over
game over: x wins. Type again to play again, or new GAME.
kaboom> history
start (x 1 1 --- --- ---)
  1. x a
  2. o c (perfect)
  3. x bomb-c (perfect)
  4. o c (perfect)
  5. x b (perfect)
  6. o bomb-a (perfect)
  7. x a (perfect)
  8. o boom-a2 (perfect)
  9. x a (perfect)
 10. o a (perfect)
 11. x a (perfect)
 12. o b (perfect)
 13. x b (perfect)
 14. o pass (perfect)
 15. x boom-c2 (perfect)
 16. o c (perfect)
 17. x b (perfect)
kaboom> quit
