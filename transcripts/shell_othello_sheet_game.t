# The Othello example game of the CS3 sheet, move by move from the default board: White wins 12 to 4.
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> predictions off
predictions off
gamesman> new othello
Othello: othello(rows=4,cols=4,misere=false,place_anywhere=false)
  a b c d
1 - - - -
2 - w b -
3 - b w -
4 - - - -
black 2, white 2; b to move
othello b> b1
  a b c d
1 - b - -
2 - b b -
3 - b w -
4 - - - -
black 4, white 1; w to move
othello w> a1
  a b c d
1 w b - -
2 - w b -
3 - b w -
4 - - - -
black 3, white 3; b to move
othello b> c4
  a b c d
1 w b - -
2 - w b -
3 - b b -
4 - - b -
black 5, white 2; w to move
othello w> d4
  a b c d
1 w b - -
2 - w b -
3 - b w -
4 - - b w
black 4, white 4; b to move
othello b> d3
  a b c d
1 w b - -
2 - w b -
3 - b b b
4 - - b w
black 6, white 3; w to move
othello w> b4
  a b c d
1 w b - -
2 - w b -
3 - w b b
4 - w w w
black 4, white 6; b to move
othello b> a4
  a b c d
1 w b - -
2 - w b -
3 - b b b
4 b w w w
black 6, white 5; w to move
othello w> c1
  a b c d
1 w w w -
2 - w w -
3 - b w b
4 b w w w
black 3, white 9; b to move
othello b> d1
  a b c d
1 w w w b
2 - w b -
3 - b w b
4 b w w w
black 5, white 8; w to move
othello w> d2
  a b c d
1 w w w b
2 - w w w
3 - b w w
4 b w w w
black 3, white 11; b to move
othello b> moves
pass
othello b> pass
  a b c d
1 w w w b
2 - w w w
3 - b w w
4 b w w w
black 3, white 11; w to move
othello w> a3
  a b c d
1 w w w b
2 - w w w
3 w w w w
4 b w w w
black 2, white 13; b to move
othello b> a2
  a b c d
1 w w w b
2 b w w w
3 b w w w
4 b w w w
black 4, white 12; game over
game over: w wins. Type again to play again, or new GAME.
othello> quit
