# Three-player Nim: two heaps of two: moves, values, a bad move, undo and redo, then the computer finishes the game.
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> new nim3p --heaps 2 --size 2
Nim3P: nim3p(heaps=2,size=2,extra=false)
heap 1: || (2)
heap 2: || (2)
P0 to move
Prediction: utilities P0 0, P1 1, P2 0
nim3p P0> moves
1-1 1-2 2-1 2-2
nim3p P0> 1-1
heap 1: | (1)
heap 2: || (2)
P1 to move
Prediction: utilities P0 0, P1 1, P2 0
nim3p P1> values
utilities after each move, best first:
move      P0      P1      P2
2-1        0       1       0
1-1        1       0       0
2-2        1       0       0
nim3p P1> zz9
nim3p: 'zz9' is not a move (write HEAP-COUNT, e.g. 2-3)
nim3p P1> undo
heap 1: || (2)
heap 2: || (2)
P0 to move
Prediction: utilities P0 0, P1 1, P2 0
nim3p P0> redo
heap 1: | (1)
heap 2: || (2)
P1 to move
Prediction: utilities P0 0, P1 1, P2 0
nim3p P1> hint
hint: play 2-1 (utilities P0 0, P1 1, P2 0)
nim3p P1> auto
P1 plays 2-1: utilities 0 1 0 in 3
heap 1: | (1)
heap 2: | (1)
P2 to move
Prediction: utilities P0 0, P1 1, P2 0
P2 plays 2-1: utilities 0 1 0 in 2
heap 1: | (1)
heap 2:  (0)
P0 to move
Prediction: utilities P0 0, P1 1, P2 0
P0 plays 1-1: utilities 0 1 0 in 1
heap 1:  (0)
heap 2:  (0)
game over: P1 wins. Type again to play again, or new GAME.
nim3p> history
start (P0 2 2)
  1. P0 1-1
  2. P1 2-1 (perfect)
  3. P2 2-1 (perfect)
  4. P0 1-1 (perfect)
nim3p> quit
