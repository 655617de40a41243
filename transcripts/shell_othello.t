# Othello on a 3x4 board: moves, values, a bad move, undo and redo, then the computer finishes the game.
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> new othello --rows 3 --cols 4
Othello: othello(rows=3,cols=4,misere=false,place_anywhere=false)
  a b c d
1 - w b -
2 - b w -
3 - - - -
black 2, white 2; b to move
Prediction: b should win in 5
othello b> moves
a1 d2 c3
othello b> a1
  a b c d
1 b b b -
2 - b w -
3 - - - -
black 4, white 1; w to move
Prediction: w should lose in 4
othello w> values
move  value  remoteness
a2    lose   4
othello w> zz9
othello: 'zz9' is off the board (a1 to d3)
othello w> undo
  a b c d
1 - w b -
2 - b w -
3 - - - -
black 2, white 2; b to move
Prediction: b should win in 5
othello b> redo
  a b c d
1 b b b -
2 - b w -
3 - - - -
black 4, white 1; w to move
Prediction: w should lose in 4
othello w> hint
hint: play a2 (w should lose in 4)
othello w> auto
w plays a2: lose 4
  a b c d
1 b b b -
2 w w w -
3 - - - -
black 3, white 3; b to move
Prediction: b should win in 3
b plays a3: win 3
  a b c d
1 b b b -
2 b b w -
3 b - - -
black 6, white 1; w to move
Prediction: w should lose in 2
w plays pass: lose 2
  a b c d
1 b b b -
2 b b w -
3 b - - -
black 6, white 1; b to move
Prediction: b should win in 1
b plays c3: win 1
  a b c d
1 b b b -
2 b b b -
3 b - b -
black 8, white 0; game over
game over: b wins. Type again to play again, or new GAME.
othello> history
start (b -wb- -bw- ----)
  1. b a1
  2. w a2 (perfect)
  3. b a3 (perfect)
  4. w pass (perfect)
  5. b c3 (perfect)
othello> quit
