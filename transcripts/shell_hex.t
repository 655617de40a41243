# Hex on a 3x3 board: moves, values, a bad move, undo and redo, then the computer finishes the game.
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> new hex --size 3
Hex: hex(size=3,swap=false)
  a b c
1 - - - 1
 2 - - - 2
  3 - - - 3
    a b c
x (black) joins rows 1 and 3; o (white) joins columns a and c
x to move
Prediction: x should win in 5
hex x> moves
a1 b1 c1 a2 b2 c2 a3 b3 c3
hex x> a1
  a b c
1 x - - 1
 2 - - - 2
  3 - - - 3
    a b c
x (black) joins rows 1 and 3; o (white) joins columns a and c
o to move
Prediction: o should win in 5
hex o> values
move  value  remoteness
b2    win    5
a3    lose   8
b1    lose   6
c1    lose   6
a2    lose   6
c2    lose   6
b3    lose   6
c3    lose   6
hex o> zz9
hex: 'zz9' is off the board (a1 to c3)
hex o> undo
  a b c
1 - - - 1
 2 - - - 2
  3 - - - 3
    a b c
x (black) joins rows 1 and 3; o (white) joins columns a and c
x to move
Prediction: x should win in 5
hex x> redo
  a b c
1 x - - 1
 2 - - - 2
  3 - - - 3
    a b c
x (black) joins rows 1 and 3; o (white) joins columns a and c
o to move
Prediction: o should win in 5
hex o> hint
hint: play b2 (o should win in 5)
hex o> auto
o plays b2: win 5
  a b c
1 x - - 1
 2 - o - 2
  3 - - - 3
    a b c
x (black) joins rows 1 and 3; o (white) joins columns a and c
x to move
Prediction: x should lose in 4
x plays c3: lose 4
  a b c
1 x - - 1
 2 - o - 2
  3 - - x 3
    a b c
x (black) joins rows 1 and 3; o (white) joins columns a and c
o to move
Prediction: o should win in 3
o plays a3: win 3
  a b c
1 x - - 1
 2 - o - 2
  3 o - x 3
    a b c
x (black) joins rows 1 and 3; o (white) joins columns a and c
x to move
Prediction: x should lose in 2
x plays b1: lose 2
  a b c
1 x x - 1
 2 - o - 2
  3 o - x 3
    a b c
x (black) joins rows 1 and 3; o (white) joins columns a and c
o to move
Prediction: o should win in 1
o plays c2: win 1
  a b c
1 x x - 1
 2 - o o 2
  3 o - x 3
    a b c
x (black) joins rows 1 and 3; o (white) joins columns a and c
game over: o wins. Type again to play again, or new GAME.
hex> history
start (x --- --- ---)
  1. x a1
  2. o b2 (perfect)
  3. x c3 (perfect)
  4. o a3 (perfect)
  5. x b1 (perfect)
  6. o c2 (perfect)
hex> quit
