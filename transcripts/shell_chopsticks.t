# Chopsticks with two hands of three fingers: moves, values, a bad move, undo and redo, then the computer finishes the game.
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> new chopsticks --hands 2 --fingers 3
Chopsticks: chopsticks(hands=2,fingers=3,misere=false,wrap_around=false)
    1   2
L  |.. |..
R  |.. |..
L to move
Prediction: L should win in 7
chopsticks L> moves
1-1 1-2 2-1 2-2
chopsticks L> 1-1
    1   2
L  |.. |..
R  ||. |..
R to move
Prediction: R should lose in 6
chopsticks R> values
move  value  remoteness
1-1   lose   6
1-2   lose   6
2-1   lose   6
2-2   lose   6
tied best: 1-1 1-2 2-1 2-2
chopsticks R> zz9
chopsticks: 'zz9' is not a move (write MINE-THEIRS, e.g. 1-2: my hand 1 taps the opponent's hand 2)
chopsticks R> undo
    1   2
L  |.. |..
R  |.. |..
L to move
Prediction: L should win in 7
chopsticks L> redo
    1   2
L  |.. |..
R  ||. |..
R to move
Prediction: R should lose in 6
chopsticks R> hint
hint: play 1-1, 1-2, 2-1 or 2-2 (R should lose in 6)
chopsticks R> auto
R plays 2-2: lose 6
    1   2
L  |.. ||.
R  ||. |..
L to move
Prediction: L should win in 5
L plays 2-1: win 5
    1   2
L  |.. ||.
R  out |..
R to move
Prediction: R should lose in 4
R plays 2-1: lose 4
    1   2
L  ||. ||.
R  out |..
L to move
Prediction: L should win in 3
L plays 2-2: win 3
    1   2
L  ||. ||.
R  out |||
R to move
Prediction: R should lose in 2
R plays 2-2: lose 2
    1   2
L  ||. out
R  out |||
L to move
Prediction: L should win in 1
L plays 1-2: win 1
    1   2
L  ||. out
R  out out
L wins
game over: L wins. Type again to play again, or new GAME.
chopsticks> history
start (L 1 1 1 1)
  1. L 1-1
  2. R 2-2 (perfect)
  3. L 2-1 (perfect)
  4. R 2-1 (perfect)
  5. L 2-2 (perfect)
  6. R 2-2 (perfect)
  7. L 1-2 (perfect)
chopsticks> quit
