# reveal on: every board shows the whole table (each seat's own view is in shell_poker_seat.t).
# Heads-up Texas Hold'em with 15 chips each; too large to solve: moves, values, a bad move, undo and redo, then the computer finishes the game.
# Then a hand checked down to the showdown: the next screen and the position show both hands and who took the pot.
# slow
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> reveal on
reveal on: every board shows the whole table
gamesman> new poker --players 2 --chips 15 --min-bet 10
Texas Hold'em: poker(players=2,chips=15,min_bet=10)
(too large to solve: no predictions; value and hint ask a search player)
chance: Qs
chance: Jh
chance: 7d
chance: 5c
Texas Hold'em: preflop, p1 to act
board: -    pots: 15
seat      chips   bet  cards
p1  D SB     10     5  Jh 5c
p2  BB        5    10  Qs 7d
preflop: p1:sb5, p2:bb10
(reveal on: the whole table is shown)
poker p1> moves
fold call raise
poker p1> fold
hand 1: p2 took the pot of 15, the others folded (board -)
  chips: p1 10 (-5), p2 20 (+5)
chance: 8h
chance: 7c
chance: Qd
chance: 5h
Texas Hold'em: preflop, p2 to act
hand 1: p2 took the pot of 15, the others folded (board -)
board: -    pots: 15
seat      chips   bet  cards
p1  BB        0    10  8h Qd  all in
p2  D SB     15     5  7c 5h
preflop: p2:sb5, p1:bb10
(reveal on: the whole table is shown)
poker p2> search mcts 1000
search player: mcts 1000 (chosen by search; search default: the game's own)
poker p2> values
poker: too large to solve; estimates by mcts 1000 \(1,000 iterations, 1,008 nodes in [\d.]+ s\), best first: (re)
move  estimate
call  win rate 70%, mean utility +0.70, 805 visits
fold  win rate 44%, mean utility +0.44, 195 visits
poker p2> zz9
poker: 'zz9' is not a legal move here (legal: fold call)
poker p2> undo
Texas Hold'em: preflop, p1 to act
board: -    pots: 15
seat      chips   bet  cards
p1  D SB     10     5  Jh 5c
p2  BB        5    10  Qs 7d
preflop: p1:sb5, p2:bb10
(reveal on: the whole table is shown)
poker p1> redo
Texas Hold'em: preflop, p2 to act
hand 1: p2 took the pot of 15, the others folded (board -)
board: -    pots: 15
seat      chips   bet  cards
p1  BB        0    10  8h Qd  all in
p2  D SB     15     5  7c 5h
preflop: p2:sb5, p1:bb10
(reveal on: the whole table is shown)
poker p2> auto random
p2 plays call: random among 2 moves
chance: 6h
chance: Kh
chance: 4h
chance: 3h
chance: 3s
hand 2, showdown: board 6h Kh 4h 3h 3s
  p1 shows 8h Qd: flush: K 8 6 4 3
  p2 shows 7c 5h: flush: K 6 5 4 3
  main pot 20: p1 takes 20
  chips: p1 20 (+10), p2 10 (-10)
chance: 3c
chance: Qd
chance: As
chance: 8s
Texas Hold'em: preflop, p1 to act
hand 2, showdown: board 6h Kh 4h 3h 3s
  p1 shows 8h Qd: flush: K 8 6 4 3
  p2 shows 7c 5h: flush: K 6 5 4 3
  main pot 20: p1 takes 20
board: -    pots: 15
seat      chips   bet  cards
p1  D SB     15     5  Qd 8s
p2  BB        0    10  3c As  all in
preflop: p1:sb5, p2:bb10
(reveal on: the whole table is shown)
p1 plays fold: random among 2 moves
hand 3: p2 took the pot of 15, the others folded (board -)
  chips: p1 15 (-5), p2 15 (+5)
chance: 6c
chance: Jh
chance: Kh
chance: Th
Texas Hold'em: preflop, p2 to act
hand 3: p2 took the pot of 15, the others folded (board -)
board: -    pots: 15
seat      chips   bet  cards
p1  BB        5    10  6c Kh
p2  D SB     10     5  Jh Th
preflop: p2:sb5, p1:bb10
(reveal on: the whole table is shown)
p2 plays call: random among 3 moves
Texas Hold'em: preflop, p1 to act
board: -    pots: 20
seat      chips   bet  cards
p1  BB        5    10  6c Kh
p2  D SB      5    10  Jh Th
preflop: p2:sb5, p1:bb10, p2:call5
(reveal on: the whole table is shown)
p1 plays raise: random among 3 moves
Texas Hold'em: preflop, p2 to act
board: -    pots: 25
seat      chips   bet  cards
p1  BB        0    15  6c Kh  all in
p2  D SB      5    10  Jh Th
preflop: p2:sb5, p1:bb10, p2:call5, p1:raise5
(reveal on: the whole table is shown)
p2 plays fold: random among 2 moves
hand 4: p1 took the pot of 25, the others folded (board -)
  chips: p1 25 (+10), p2 5 (-10)
chance: 6h
chance: 6c
chance: Th
chance: 4h
chance: 9d
chance: 7s
chance: 8s
chance: 2h
chance: Ac
hand 5, showdown: board 9d 7s 8s 2h Ac
  p1 shows 6c 4h: high card: A 9 8 7 6
  p2 shows 6h Th: straight: T
  main pot 10: p2 takes 10
  chips: p1 20 (-5), p2 10 (+5)
chance: Ks
chance: 3c
chance: Qs
chance: Ts
Texas Hold'em: preflop, p2 to act
hand 5, showdown: board 9d 7s 8s 2h Ac
  p1 shows 6c 4h: high card: A 9 8 7 6
  p2 shows 6h Th: straight: T
  main pot 10: p2 takes 10
board: -    pots: 15
seat      chips   bet  cards
p1  BB       10    10  Ks Qs
p2  D SB      5     5  3c Ts
preflop: p2:sb5, p1:bb10
(reveal on: the whole table is shown)
p2 plays fold: random among 2 moves
hand 6: p1 took the pot of 15, the others folded (board -)
  chips: p1 25 (+5), p2 5 (-5)
chance: 9s
chance: Qs
chance: 6c
chance: Jd
chance: Ts
chance: 2h
chance: Ac
chance: 4h
chance: Qd
hand 7, showdown: board Ts 2h Ac 4h Qd
  p1 shows Qs Jd: one pair: Q A J T
  p2 shows 9s 6c: high card: A Q T 9 6
  main pot 10: p1 takes 10
  chips: p1 30 (+5), p2 0 (-5)
Texas Hold'em: p1 has won every chip
hand 7, showdown: board Ts 2h Ac 4h Qd
  p1 shows Qs Jd: one pair: Q A J T
  p2 shows 9s 6c: high card: A Q T 9 6
  main pot 10: p1 takes 10
(reveal on: the whole table is shown)
game over: p1 wins. Type again to play again, or new GAME.
poker> history
start (chance preflop button=p1 chips=10,5 bets=5,10 pots=15 board=- cards=-,- history=p1:sb5,p2:bb10)
  1. chance Qs
  2. chance Jh
  3. chance 7d
  4. chance 5c
  5. p1 fold
  6. chance 8h
  7. chance 7c
  8. chance Qd
  9. chance 5h
 10. p2 call (random)
 11. chance 6h
 12. chance Kh
 13. chance 4h
 14. chance 3h
 15. chance 3s
 16. chance 3c
 17. chance Qd
 18. chance As
 19. chance 8s
 20. p1 fold (random)
 21. chance 6c
 22. chance Jh
 23. chance Kh
 24. chance Th
 25. p2 call (random)
 26. p1 raise (random)
 27. p2 fold (random)
 28. chance 6h
 29. chance 6c
 30. chance Th
 31. chance 4h
 32. chance 9d
 33. chance 7s
 34. chance 8s
 35. chance 2h
 36. chance Ac
 37. chance Ks
 38. chance 3c
 39. chance Qs
 40. chance Ts
 41. p2 fold (random)
 42. chance 9s
 43. chance Qs
 44. chance 6c
 45. chance Jd
 46. chance Ts
 47. chance 2h
 48. chance Ac
 49. chance 4h
 50. chance Qd
poker> new poker --players 2 --chips 40 --min-bet 10
Texas Hold'em: poker(players=2,chips=40,min_bet=10)
(too large to solve: no predictions; value and hint ask a search player)
chance: 3s
chance: 9c
chance: 3c
chance: As
Texas Hold'em: preflop, p1 to act
board: -    pots: 15
seat      chips   bet  cards
p1  D SB     35     5  9c As
p2  BB       30    10  3s 3c
preflop: p1:sb5, p2:bb10
(reveal on: the whole table is shown)
poker p1> call
Texas Hold'em: preflop, p2 to act
board: -    pots: 20
seat      chips   bet  cards
p1  D SB     30    10  9c As
p2  BB       30    10  3s 3c
preflop: p1:sb5, p2:bb10, p1:call5
(reveal on: the whole table is shown)
poker p2> check
chance: Kd
chance: Ah
chance: 8c
Texas Hold'em: flop, p2 to act
board: Kd Ah 8c    pots: 20
seat      chips   bet  cards
p1  D SB     30     0  9c As
p2  BB       30     0  3s 3c
preflop: p1:sb5, p2:bb10, p1:call5, p2:check
flop: -
(reveal on: the whole table is shown)
poker p2> check
Texas Hold'em: flop, p1 to act
board: Kd Ah 8c    pots: 20
seat      chips   bet  cards
p1  D SB     30     0  9c As
p2  BB       30     0  3s 3c
preflop: p1:sb5, p2:bb10, p1:call5, p2:check
flop: p2:check
(reveal on: the whole table is shown)
poker p1> check
chance: 5s
Texas Hold'em: turn, p2 to act
board: Kd Ah 8c 5s    pots: 20
seat      chips   bet  cards
p1  D SB     30     0  9c As
p2  BB       30     0  3s 3c
preflop: p1:sb5, p2:bb10, p1:call5, p2:check
flop: p2:check, p1:check
turn: -
(reveal on: the whole table is shown)
poker p2> check
Texas Hold'em: turn, p1 to act
board: Kd Ah 8c 5s    pots: 20
seat      chips   bet  cards
p1  D SB     30     0  9c As
p2  BB       30     0  3s 3c
preflop: p1:sb5, p2:bb10, p1:call5, p2:check
flop: p2:check, p1:check
turn: p2:check
(reveal on: the whole table is shown)
poker p1> check
chance: 5h
Texas Hold'em: river, p2 to act
board: Kd Ah 8c 5s 5h    pots: 20
seat      chips   bet  cards
p1  D SB     30     0  9c As
p2  BB       30     0  3s 3c
preflop: p1:sb5, p2:bb10, p1:call5, p2:check
flop: p2:check, p1:check
turn: p2:check, p1:check
river: -
(reveal on: the whole table is shown)
poker p2> check
Texas Hold'em: river, p1 to act
board: Kd Ah 8c 5s 5h    pots: 20
seat      chips   bet  cards
p1  D SB     30     0  9c As
p2  BB       30     0  3s 3c
preflop: p1:sb5, p2:bb10, p1:call5, p2:check
flop: p2:check, p1:check
turn: p2:check, p1:check
river: p2:check
(reveal on: the whole table is shown)
poker p1> check
hand 1, showdown: board Kd Ah 8c 5s 5h
  p1 shows 9c As: two pair: A 5 K
  p2 shows 3s 3c: two pair: 5 3 A
  main pot 20: p1 takes 20
  chips: p1 50 (+10), p2 30 (-10)
chance: 3h
chance: 6d
chance: Ac
chance: 4h
Texas Hold'em: preflop, p2 to act
hand 1, showdown: board Kd Ah 8c 5s 5h
  p1 shows 9c As: two pair: A 5 K
  p2 shows 3s 3c: two pair: 5 3 A
  main pot 20: p1 takes 20
board: -    pots: 15
seat      chips   bet  cards
p1  BB       40    10  3h Ac
p2  D SB     25     5  6d 4h
preflop: p2:sb5, p1:bb10
(reveal on: the whole table is shown)
poker p2> position
(p2 preflop button=p2 chips=40,25 bets=10,5 pots=15 board=- cards=3hAc,6d4h history=p2:sb5,p1:bb10 last=1/KdAh8c5s5h/p1:9cAs,p2:3s3c/20:p1)
poker p2> quit
