# The Kaboom example of the CS3 sheet: from position #9 to #14, then X's detonation chains through O's bomb and X has four in a row.
# Predictions are off: showing them would first solve the whole default game (minutes).
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> predictions off
predictions off
gamesman> new kaboom
Kaboom: kaboom(rows=4,cols=4,in_a_row=4,bombs=1,misere=false,super_bomb=false)
4 - - - -
3 - - - -
2 - - - -
1 - - - -
  a b c d
bombs left: x 1, o 1; x to move
kaboom x> set (o 0 1 xoxx --*o --oo --x-)
4 - - x -
3 - - o o
2 - - * o
1 x o x x
  a b c d
bombs left: x 0, o 1; o to move
kaboom o> bomb-b
4 - - x -
3 - - o o
2 - @ * o
1 x o x x
  a b c d
bombs left: x 0, o 0; x to move
kaboom x> d
4 - - x x
3 - - o o
2 - @ * o
1 x o x x
  a b c d
bombs left: x 0, o 0; o to move
kaboom o> b
4 - - x x
3 - o o o
2 - @ * o
1 x o x x
  a b c d
bombs left: x 0, o 0; x to move
kaboom x> b
4 - x x x
3 - o o o
2 - @ * o
1 x o x x
  a b c d
bombs left: x 0, o 0; o to move
kaboom o> a
4 - x x x
3 - o o o
2 o @ * o
1 x o x x
  a b c d
bombs left: x 0, o 0; x to move
kaboom x> position
(x 0 0 xoxx o@*o -ooo -xxx)
kaboom x> boom-c2
4 - - - -
3 - - - x
2 - - - o
1 x x x x
  a b c d
bombs left: x 0, o 0; game over
game over: x wins. Type again to play again, or new GAME.
kaboom> quit
