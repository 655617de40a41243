# The Chopsticks example game of the CS3 sheet: position #7 is (L 0 4 1 0 1 1) and Right wins.
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> predictions off
predictions off
gamesman> new chopsticks
Chopsticks: chopsticks(hands=3,fingers=5,misere=false,wrap_around=false)
     1     2     3
L  |.... |.... |....
R  |.... |.... |....
L to move
chopsticks L> 1-1
     1     2     3
L  |.... |.... |....
R  ||... |.... |....
R to move
chopsticks R> 1-2
     1     2     3
L  |.... |||.. |....
R  ||... |.... |....
L to move
chopsticks L> 2-1
     1     2     3
L  |.... |||.. |....
R  ||||| |.... |....
R to move
chopsticks R> 1-1
     1     2     3
L   out  |||.. |....
R  ||||| |.... |....
L to move
chopsticks L> 3-1
     1     2     3
L   out  |||.. |....
R   out  |.... |....
R to move
chopsticks R> 3-2
     1     2     3
L   out  ||||. |....
R   out  |.... |....
L to move
chopsticks L> position
(L 0 4 1 0 1 1)
chopsticks L> 3-2
     1     2     3
L   out  ||||. |....
R   out  ||... |....
R to move
chopsticks R> 2-2
     1     2     3
L   out   out  |....
R   out  ||... |....
L to move
chopsticks L> 3-2
     1     2     3
L   out   out  |....
R   out  |||.. |....
R to move
chopsticks R> 2-3
     1     2     3
L   out   out  ||||.
R   out  |||.. |....
L to move
chopsticks L> 3-3
     1     2     3
L   out   out  ||||.
R   out  |||.. |||||
R to move
chopsticks R> 3-3
     1     2     3
L   out   out   out
R   out  |||.. |||||
R wins
game over: R wins. Type again to play again, or new GAME.
chopsticks> quit
