# Tic-Tac-Toe under misere rules: three in a row loses.  A person plays x against the
# solver; undo and redo, the solver's values and hint, and bad input that changes nothing.
# slow
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> new tictactoe --misere
Tic-Tac-Toe: tictactoe(misere=true)
  a b c
1 - - -
2 - - -
3 - - -
x to move
Prediction: the game is a tie in 9
tictactoe x> moves
a1 b1 c1 a2 b2 c2 a3 b3 c3
tictactoe x> b2
  a b c
1 - - -
2 - x -
3 - - -
o to move
Prediction: the game is a tie in 8
tictactoe o> values
move  value  remoteness
a1    tie    8
b1    tie    8
c1    tie    8
a2    tie    8
c2    tie    8
a3    tie    8
b3    tie    8
c3    tie    8
tied best: a1 b1 c1 a2 c2 a3 b3 c3
tictactoe o> hint
hint: play a1, b1, c1, a2, c2, a3, b3 or c3 (the game is a tie in 8)
tictactoe o> z9
tictactoe: 'z9' is off the board (a1 to c3)
tictactoe o> b2
tictactoe: b2 is not an empty cell: x took it
tictactoe o> a1
  a b c
1 o - -
2 - x -
3 - - -
x to move
Prediction: the game is a tie in 7
tictactoe x> undo
  a b c
1 - - -
2 - x -
3 - - -
o to move
Prediction: the game is a tie in 8
tictactoe o> redo
  a b c
1 o - -
2 - x -
3 - - -
x to move
Prediction: the game is a tie in 7
tictactoe x> set (x xx- -o-)
tictactoe: 2 rows, expected 3 in "(x xx- -o-)"
tictactoe x> computer o perfect
o: computer (perfect)
tictactoe x> c3
o plays c2: tie 6
  a b c
1 o - -
2 - x o
3 - - x
x to move
Prediction: the game is a tie in 5
tictactoe x> history
start (x --- --- ---)
  1. x b2
  2. o a1
  3. x c3
  4. o c2 (perfect)
tictactoe x> position
(x o-- -xo --x)
tictactoe x> predictions off
predictions off
tictactoe x> auto random
x plays a3: random among 5 moves
  a b c
1 o - -
2 - x o
3 x - x
o to move
o plays b1: win 4
  a b c
1 o o -
2 - x o
3 x - x
x to move
x plays a2: random among 3 moves
  a b c
1 o o -
2 x x o
3 x - x
o to move
o plays b3: win 2
  a b c
1 o o -
2 x x o
3 x o x
x to move
x plays c1: random among 1 moves
  a b c
1 o o x
2 x x o
3 x o x
game over: o wins. Type again to play again, or new GAME.
tictactoe> quit
