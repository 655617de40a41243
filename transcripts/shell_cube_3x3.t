# The 3x3x3 cube scrambled by ten seeded random turns: a move and its undo, then the two-phase solver plays its solution to the end.
# slow
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> new cube --scramble 10 --seed 2
Rubik's Cube: cube(size=3,metric=htm,scramble=10,seed=2)
(too large to solve: no predictions; value and hint ask a search player)
       B L L
       F U R
       F D R
R U D  R R U  F B D  F F U
U L L  D F F  D R U  R B B
D L L  D D U  L R L  U B B
       B B B
       U D F
       R L F
cube> position
BLLFURFDRFBDDRULRLRRUDFFDDUBBBUDFRLFRUDULLDLLFFURBBUBB
cube> R'
       B L U
       F U R
       F D F
R U D  R R L  D U L  F F U
U L L  D F R  B R R  F B B
D L L  D D R  F D L  B B B
       B B U
       U D F
       R L U
cube> undo
       B L L
       F U R
       F D R
R U D  R R U  F B D  F F U
U L L  D F F  D R U  R B B
D L L  D D U  L R L  U B B
       B B B
       U D F
       R L F
cube> auto twophase
player plays B2: solved in 10 \(two-phase solution found in [\d.]+ s\) (re)
       F L R
       F U R
       F D R
L U D  R R U  F B D  B B U
U L L  D F F  D R U  B B R
D L L  D D U  L R R  U F F
       B B B
       U D F
       L L B
player plays D2: solved in 9 (two-phase solution)
       F L R
       F U R
       F D R
L U D  R R U  F B D  B B U
U L L  D F F  D R U  B B R
L R R  U F F  D L L  D D U
       B L L
       F D U
       B B B
player plays B': solved in 8 (two-phase solution)
       L U L
       F U R
       F D R
B U D  R R U  F B F  U R U
B L L  D F F  D R L  B B D
B R R  U F F  D L R  B B D
       B L L
       F D U
       L U D
player plays L: solved in 7 (two-phase solution)
       D U L
       D U R
       U D R
B B B  L R U  F B F  U R L
R L U  F F F  D R L  B B F
R L D  F F F  D L R  B B B
       R L L
       D D U
       U U D
player plays U: solved in 6 (two-phase solution)
       U D D
       D U U
       R R L
L R U  F B F  U R L  B B B
R L U  F F F  D R L  B B F
R L D  F F F  D L R  B B B
       R L L
       D D U
       U U D
player plays B2: solved in 5 (two-phase solution)
       D U U
       D U U
       R R L
R R U  F B F  U R R  B B B
L L U  F F F  D R R  F B B
L L D  F F F  D L L  B B B
       R L L
       D D U
       D D U
player plays F: solved in 4 (two-phase solution)
       D U U
       D U U
       D U U
R R R  F F F  R R R  B B B
L L L  F F B  R R R  F B B
L L L  F F F  L L L  B B B
       D D U
       D D U
       D D U
player plays U2: solved in 3 (two-phase solution)
       U U D
       U U D
       U U D
R R R  B B B  R R R  F F F
L L L  F F B  R R R  F B B
L L L  F F F  L L L  B B B
       D D U
       D D U
       D D U
player plays R2: solved in 2 (two-phase solution)
       U U U
       U U U
       U U U
R R R  B B B  L L L  F F F
L L L  F F F  R R R  B B B
L L L  F F F  R R R  B B B
       D D D
       D D D
       D D D
player plays U2: solved in 1 (two-phase solution)
       U U U
       U U U
       U U U
L L L  F F F  R R R  B B B
L L L  F F F  R R R  B B B
L L L  F F F  R R R  B B B
       D D D
       D D D
       D D D
game over: won. Type again to play again, or new GAME.
cube> history
start BLLFURFDRFBDDRULRLRRUDFFDDUBBBUDFRLFRUDULLDLLFFURBBUBB
  1. player B2 (twophase)
  2. player D2 (twophase)
  3. player B' (twophase)
  4. player L (twophase)
  5. player U (twophase)
  6. player B2 (twophase)
  7. player F (twophase)
  8. player U2 (twophase)
  9. player R2 (twophase)
 10. player U2 (twophase)
cube> quit
