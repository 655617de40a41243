# 1, 2, ..., 10 stretched to a target of 8 with steps of 1 to 3.  The computer plays R
# perfectly; a bad flag and a bad position change nothing; auto finishes the game.
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> new onetwoten --target 8 --step 3 --loud
onetwoten: unknown option '--loud' (options: --target --step --misere)
gamesman> new onetwoten --target 8 --step 3
1, 2, ..., 8: onetwoten(target=8,step=3,misere=false)
[--------]  sum 0 of 8, L to move
Prediction: L should lose in 4
onetwoten L> computer R perfect
R: computer (perfect)
onetwoten L> hint
hint: play 1, 2 or 3 (L should lose in 4)
onetwoten L> 3
R plays 1: win 3
[oooo----]  sum 4 of 8, L to move
Prediction: L should lose in 2
onetwoten L> 4
onetwoten: '4' is not a legal move here (legal: 1 2 3)
onetwoten L> values
move  value  remoteness
1     lose   2
2     lose   2
3     lose   2
tied best: 1 2 3
onetwoten L> 1
R plays 3: win 1
[oooooooo]  sum 8 of 8, L to move
game over: R wins. Type again to play again, or new GAME.
onetwoten> undo
[oooo----]  sum 4 of 8, L to move
Prediction: L should lose in 2
onetwoten L> set (R 9)
onetwoten: sum 9 is not in 0..8 in "(R 9)"
onetwoten L> options
onetwoten(target=8,step=3,misere=false)
  --target TARGET  the sum that ends the game (int from 1 to 10000; default 10)  [now 8]
  --step STEP  the largest number added in one move (int from 1 to 100; default 2)  [now 3]
  --misere  whoever reaches the target loses (default: off)  [now false]
  --seed N  the seed of chance moves and random players (shell only)
onetwoten L> auto
L plays 1: lose 2
[ooooo---]  sum 5 of 8, R to move
Prediction: R should win in 1
R plays 3: win 1
[oooooooo]  sum 8 of 8, L to move
game over: R wins. Type again to play again, or new GAME.
onetwoten> again
1, 2, ..., 8: onetwoten(target=8,step=3,misere=false)
[--------]  sum 0 of 8, L to move
Prediction: L should lose in 4
onetwoten L> ^D
