# Abalone on a 3x3 board where one capture wins: moves, values, a bad move, undo and redo, then the computer finishes the game.
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> new abalone --rows 3 --cols 3 --captures 1
Abalone: abalone(rows=3,cols=3,captures=1,misere=false,freeze=false)
3 - w w
2 b - w
1 b b -
  a b c
captures: b 0, w 0 (of 1); b to move
Prediction: b should win in 3
abalone b> moves
a1-n a1-ne a1-e b1-n b1-e a2-n a2-e
abalone b> a1-n
3 b w w
2 b - w
1 - b -
  a b c
captures: b 0, w 0 (of 1); w to move
Prediction: w should win in 1
abalone w> values
move   value  remoteness
c3-w   win    1
c2-w   win    3
c3-sw  win    3
b3-s   win    5
c2-s   lose   6
c3-s   lose   4
abalone w> zz9
abalone: 'zz9' is not a move (write a cell, a dash and a direction among n ne e se s sw w nw, e.g. a1-ne)
abalone w> undo
3 - w w
2 b - w
1 b b -
  a b c
captures: b 0, w 0 (of 1); b to move
Prediction: b should win in 3
abalone b> redo
3 b w w
2 b - w
1 - b -
  a b c
captures: b 0, w 0 (of 1); w to move
Prediction: w should win in 1
abalone w> hint
hint: play c3-w (w should win in 1)
abalone w> auto
w plays c3-w: win 1
3 w w -
2 b - w
1 - b -
  a b c
captures: b 0, w 1 (of 1); game over
game over: w wins. Type again to play again, or new GAME.
abalone> history
start (b bb- b-w -ww)
  1. b a1-n
  2. w c3-w (perfect)
abalone> quit
