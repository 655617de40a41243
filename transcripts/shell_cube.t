# The 2x2x2 cube scrambled by two random turns: moves, values, a bad move, undo and redo, then the computer finishes the game.
# slow
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> new cube --size 2 --scramble 2
Rubik's Cube: cube(size=2,metric=htm,scramble=2,seed=1)
     B D
     B D
L L  U B  R R  F D
L L  U B  R R  F D
     F U
     F U
Prediction: solvable in 1
cube> moves
U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'
cube> U
     B B
     D D
U B  R R  F D  L L
L L  U B  R R  F D
     F U
     F U
Prediction: solvable in 2
cube> values
move  value  remoteness
U'    win    2
D'    win    2
U     win    3
U2    win    3
D     win    3
D2    win    3
R     win    4
R2    win    4
R'    win    4
F     win    4
F2    win    4
F'    win    4
L     win    4
L2    win    4
L'    win    4
B     win    4
B2    win    4
B'    win    4
tied best: U' D'
cube> zz9
cube: 'zz9' is not a move (a face U R F D L B, then nothing, ' or 2: U, U', U2)
cube> undo
     B D
     B D
L L  U B  R R  F D
L L  U B  R R  F D
     F U
     F U
Prediction: solvable in 1
cube> redo
     B B
     D D
U B  R R  F D  L L
L L  U B  R R  F D
     F U
     F U
Prediction: solvable in 2
cube> hint
hint: play U' or D' (solvable in 2)
cube> auto
player plays D': win 2
     B B
     D D
U B  R R  F D  L L
U B  R R  F D  L L
     U U
     F F
Prediction: solvable in 1
player plays B: win 1
     D D
     D D
B B  R R  F F  L L
B B  R R  F F  L L
     U U
     U U
game over: won. Type again to play again, or new GAME.
cube> history
start BDBDRRRRUBUBFUFULLLLFDFD
  1. player U
  2. player D' (perfect)
  3. player B (perfect)
cube> quit
