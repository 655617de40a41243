# The text protocol: bad input gets a "?" reply and changes nothing; the session goes on.
$ gamesman protocol tictactoe
> 1 play b2
=1

> 2 fly
?2 unknown command

> 3 play
?3 syntax error: usage: play [PLAYER] MOVE

> 4 play x a1
?4 it is o's turn, not x's

> 5 play o b2
?5 illegal move: tictactoe: b2 is not an empty cell: x took it

> 6 play o z9
?6 illegal move: tictactoe: 'z9' is off the board (a1 to c3)

> 7 setposition (x xxx)
?7 tictactoe: 1 rows, expected 3 in "(x xxx)"

> 8 setposition (q --- --- ---)
?8 tictactoe: turn 'q' is not x or o in "(q --- --- ---)"

> 9 game chess
?9 unknown game 'chess' (games: 2048 abalone beverbende *) (glob)

> 10 game tictactoe misere=perhaps
?10 tictactoe: misere must be true or false, not perhaps

> 11 game tictactoe size=4
?11 tictactoe: unknown option 'size' (options: misere)

> 12 strategy telepathy
?12 unknown strategy 'telepathy' (strategies: random, perfect, imperfect, misere*) (glob)

> 13 seed soon
?13 seed needs a whole number, not 'soon'

> 14 view nobody
?14 'nobody' is not a player of tictactoe (players: x o)

> 15 known_command fly
=15 false

> 16
?16 no command after the id

> # a comment line gets no reply
>
> 17	name   # tabs are spaces, comments are dropped
=17 gamesman

> 18 chance
?18 not a chance node: it is o's turn

> 19 undo
=19

> 20 undo
?20 cannot undo

> 21 position
=21 (x --- --- ---)
