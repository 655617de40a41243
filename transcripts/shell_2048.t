# 2048 on a 2x2 board, played to 16; the shell places the tiles (seed 0): moves, values, a bad move, undo and redo, then the computer finishes the game.
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> new 2048 --rows 2 --cols 2 --target 16
2048: 2048(rows=2,cols=2,target=16)
chance: 2@b2
chance: 2@a2
target 16, player to move
     a    b
1    -    -
2    2    2
Prediction: chance to reach 16: 96.26%
2048> moves
left up right
2048> left
chance: 2@b1
target 16, player to move
     a    b
1    -    2
2    4    -
Prediction: chance to reach 16: 96.15%
2048> values
expected utilities after each move, best first:
move   player
left   0.961484
up     0.961484
right  0.961484
down   0.961484
tied best: left up right down
2048> zz9
2048: 'zz9' is not a move: write left, up, right or down (l u r d)
2048> undo
target 16, player to move
     a    b
1    -    -
2    2    2
Prediction: chance to reach 16: 96.26%
2048> redo
target 16, player to move
     a    b
1    -    2
2    4    -
Prediction: chance to reach 16: 96.15%
2048> hint
hint: play left, up, right or down (chance to reach 16: 96.15%)
2048> auto
player plays right: utilities 0.961484 in 15
chance: 4@a2
target 16, player to move
     a    b
1    -    2
2    4    4
Prediction: chance to reach 16: 97.48%
player plays right: utilities 0.97475 in 11
chance: 2@a1
target 16, player to move
     a    b
1    2    2
2    -    8
Prediction: chance to reach 16: 95.50%
player plays right: utilities 0.955 in 9
chance: 4@a2
target 16, player to move
     a    b
1    -    4
2    4    8
Prediction: chance to reach 16: 100.00%
player plays up: utilities 1 in 5
chance: 2@a2
target 16, player to move
     a    b
1    4    4
2    2    8
Prediction: chance to reach 16: 100.00%
player plays right: utilities 1 in 3
chance: 2@a1
target 16, player to move
     a    b
1    2    8
2    2    8
Prediction: chance to reach 16: 100.00%
player plays down: utilities 1 in 1
target 16 reached: won
     a    b
1    -    -
2    4   16
game over: won. Type again to play again, or new GAME.
2048> history
start (chance -,- -,-)
  1. chance 2@b2
  2. chance 2@a2
  3. player left
  4. chance 2@b1
  5. player right (perfect)
  6. chance 4@a2
  7. player right (perfect)
  8. chance 2@a1
  9. player right (perfect)
 10. chance 4@a2
 11. player up (perfect)
 12. chance 2@a2
 13. player right (perfect)
 14. chance 2@a1
 15. player down (perfect)
2048> quit
