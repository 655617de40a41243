# Dobutsu shogi: moves, a capture into the hand, a drop, bad moves, undo, the computer's
# moves, a try that the opponent can take, one it cannot, and a chick that promotes.
$ gamesman shell --seed 702518
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> new dobutsu --seed 1
Dōbutsu shōgi: dobutsu()
(too large to solve: no predictions; value and hint ask a search player)
w's hand: -
  a b c
1 g l e
2 - c -
3 - C -
4 E L G
b's hand: -
b to move
dobutsu b> moves
b3-b2 b4-a3 b4-c3 c4-c3
dobutsu b> b3-b2
w's hand: -
  a b c
1 g l e
2 - C -
3 - - -
4 E L G
b's hand: C
w to move
dobutsu w> c1-b2
w's hand: c
  a b c
1 g l -
2 - e -
3 - - -
4 E L G
b's hand: C
b to move
dobutsu b> b2
dobutsu: 'b2' is not a move (write a step as b3-b2, a drop as C*b2)
dobutsu b> C*a1
dobutsu: 'C*a1' is not a legal move here (legal: a4-b3 b4-a3 b4-b3 b4-c3 c4-c3 C*c1 C*a2 C*c2 C*a3 C*b3 C*c3)
dobutsu b> C*a3
w's hand: c
  a b c
1 g l -
2 - e -
3 C - -
4 E L G
b's hand: -
w to move
dobutsu w> position
(w gl- -e- C-- ELG - c)
dobutsu w> undo
w's hand: c
  a b c
1 g l -
2 - e -
3 - - -
4 E L G
b's hand: C
b to move
dobutsu b> auto 2 mcts 40
b plays b4-a3: best b4-a3, win rate 57%, mean utility +0.14 over 7 of 40 iterations, 41 nodes
w's hand: c
  a b c
1 g l -
2 - e -
3 L - -
4 E - G
b's hand: C
w to move
w plays b2-a3: best b2-a3, win rate 100%, mean utility +1.00 over 6 of 40 iterations, 36 nodes
w's hand: c
  a b c
1 g l -
2 - - -
3 e - -
4 E - G
b's hand: C
w wins
game over: w wins. Type again to play again, or new GAME.
dobutsu> set (b -l- L-- --- --- - -)
w's hand: -
  a b c
1 - l -
2 L - -
3 - - -
4 - - -
b's hand: -
b to move
dobutsu b> a2-a1
w's hand: -
  a b c
1 L l -
2 - - -
3 - - -
4 - - -
b's hand: -
w wins
game over: w wins. Type again to play again, or new GAME.
dobutsu> set (b --l L-- --- --- - -)
w's hand: -
  a b c
1 - - l
2 L - -
3 - - -
4 - - -
b's hand: -
b to move
dobutsu b> a2-a1
w's hand: -
  a b c
1 L - l
2 - - -
3 - - -
4 - - -
b's hand: -
b wins
game over: b wins. Type again to play again, or new GAME.
dobutsu> set (w -l- --- c-- -L- - -)
w's hand: -
  a b c
1 - l -
2 - - -
3 c - -
4 - L -
b's hand: -
w to move
dobutsu w> a3-a4
w's hand: -
  a b c
1 - l -
2 - - -
3 - - -
4 h L -
b's hand: -
b to move
dobutsu b> position
(b -l- --- --- hL- - -)
dobutsu b> quit
