# Tomorrow's Tic-Tac-Toe on an empty 3x3 board under misere rules: moves, values, a bad move, undo and redo, then the computer finishes the game.
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> new tomorrowstictactoe --rows 3 --cols 3 --misere
Tomorrow's Tic-Tac-Toe: tomorrowstictactoe(rows=3,cols=3,misere=true,diagonals=false,empty_start=false)
  a b c
1 - - -
2 - - -
3 - - -
x to move
Prediction: the game is a tie in 9
tomorrowstictactoe x> moves
a1 b1 c1 a2 b2 c2 a3 b3 c3
tomorrowstictactoe x> a1
  a b c
1 x - -
2 - - -
3 - - -
o to move
Prediction: the game is a tie in 8
tomorrowstictactoe o> values
move  value  remoteness
b1    tie    8
c1    tie    8
a2    tie    8
b2    tie    8
c2    tie    8
a3    tie    8
b3    tie    8
c3    tie    8
tied best: b1 c1 a2 b2 c2 a3 b3 c3
tomorrowstictactoe o> zz9
tomorrowstictactoe: 'zz9' is off the board (a1 to c3)
tomorrowstictactoe o> undo
  a b c
1 - - -
2 - - -
3 - - -
x to move
Prediction: the game is a tie in 9
tomorrowstictactoe x> redo
  a b c
1 x - -
2 - - -
3 - - -
o to move
Prediction: the game is a tie in 8
tomorrowstictactoe o> hint
hint: play b1, c1, a2, b2, c2, a3, b3 or c3 (the game is a tie in 8)
tomorrowstictactoe o> auto
o plays b3: tie 8
  a b c
1 x - -
2 - - -
3 - o -
x to move
Prediction: the game is a tie in 7
x plays c2: tie 7
  a b c
1 x - -
2 - - x
3 - o -
o to move
Prediction: the game is a tie in 6
o plays b1: tie 6
  a b c
1 x o -
2 - - x
3 - o -
x to move
Prediction: the game is a tie in 5
x plays a3: tie 5
  a b c
1 x o -
2 - - x
3 x o -
o to move
Prediction: the game is a tie in 4
o plays c3: tie 4
  a b c
1 x o -
2 - - x
3 x o o
x to move
Prediction: the game is a tie in 3
x plays c1: tie 3
  a b c
1 x o x
2 - - x
3 x o o
o to move
Prediction: the game is a tie in 2
o plays a2: tie 2
  a b c
1 x o x
2 o - x
3 x o o
x to move
Prediction: the game is a tie in 1
x plays b2: tie 1
  a b c
1 x o x
2 o x x
3 x o o
a tie
game over: the game is a tie. Type again to play again, or new GAME.
tomorrowstictactoe> history
start (x --- --- ---)
  1. x a1
  2. o b3 (perfect)
  3. x c2 (perfect)
  4. o b1 (perfect)
  5. x a3 (perfect)
  6. o c3 (perfect)
  7. x c1 (perfect)
  8. o a2 (perfect)
  9. x b2 (perfect)
tomorrowstictactoe> quit
