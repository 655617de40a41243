# Three-handed poker from p1's seat: p2 and p3 are computers, so the table shows only p1's hole cards;
# their deals are not printed, nor the equity player's reasons; position prints p1's view.
# The showdown ends the hand before the next is dealt: the board, the hands shown, the pot, the chips.
# slow
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> new poker --seed 5
Texas Hold'em: poker(players=3,chips=100,min_bet=10)
(too large to solve: no predictions; value and hint ask a search player)
chance: dealt, not seen
chance: dealt, not seen
chance: dealt, not seen
chance: dealt, not seen
chance: dealt, not seen
chance: dealt, not seen
pass the keyboard to p1, then press Enter (p1's cards are shown next)
poker p1> computer p2 call
p2: computer (call)
poker p1> computer p3 equity
p3: computer (equity)
Texas Hold'em: preflop, p1 to act
board: -    pots: 15
seat      chips   bet  cards
p1  D       100     0  Qd Ks
p2  SB       95     5  ?? ??
p3  BB       90    10  ?? ??
preflop: p2:sb5, p3:bb10
(as p1 sees it)
poker p1> position
(p1 preflop view=p1 button=p1 chips=100,95,90 bets=0,5,10 pots=15 board=- cards=QdKs,????,???? history=p2:sb5,p3:bb10)
poker p1> call
p2 plays call
p3 plays raise
Texas Hold'em: preflop, p1 to act
board: -    pots: 40
seat      chips   bet  cards
p1  D        90    10  Qd Ks
p2  SB       90    10  ?? ??
p3  BB       80    20  ?? ??
preflop: p2:sb5, p3:bb10, p1:call10, p2:call5, p3:raise10
(as p1 sees it)
poker p1> call
p2 plays call
chance: 7d
chance: Ac
chance: 9d
p2 plays check
p3 plays check
Texas Hold'em: flop, p1 to act
board: 7d Ac 9d    pots: 60
seat      chips   bet  cards
p1  D        80     0  Qd Ks
p2  SB       80     0  ?? ??
p3  BB       80     0  ?? ??
preflop: p2:sb5, p3:bb10, p1:call10, p2:call5, p3:raise10, p1:call10, p2:call10
flop: p2:check, p3:check
(as p1 sees it)
poker p1> check
chance: 3c
p2 plays check
p3 plays bet
Texas Hold'em: turn, p1 to act
board: 7d Ac 9d 3c    pots: 70
seat      chips   bet  cards
p1  D        80     0  Qd Ks
p2  SB       80     0  ?? ??
p3  BB       70    10  ?? ??
preflop: p2:sb5, p3:bb10, p1:call10, p2:call5, p3:raise10, p1:call10, p2:call10
flop: p2:check, p3:check, p1:check
turn: p2:check, p3:bet10
(as p1 sees it)
poker p1> call
p2 plays call
chance: 4s
p2 plays check
p3 plays bet
Texas Hold'em: river, p1 to act
board: 7d Ac 9d 3c 4s    pots: 100
seat      chips   bet  cards
p1  D        70     0  Qd Ks
p2  SB       70     0  ?? ??
p3  BB       60    10  ?? ??
preflop: p2:sb5, p3:bb10, p1:call10, p2:call5, p3:raise10, p1:call10, p2:call10
flop: p2:check, p3:check, p1:check
turn: p2:check, p3:bet10, p1:call10, p2:call10
river: p2:check, p3:bet10
(as p1 sees it)
poker p1> call
p2 plays call
hand 1, showdown: board 7d Ac 9d 3c 4s
  p1 shows Qd Ks: high card: A K Q 9 7
  p2 shows Tc Ad: one pair: A T 9 7
  p3 shows Jh Jc: one pair: J A 9 7
  main pot 120: p2 takes 120
  chips: p1 60 (-40), p2 180 (+80), p3 60 (-40)
chance: dealt, not seen by p1
chance: 2c
chance: dealt, not seen by p1
chance: dealt, not seen by p1
chance: Ks
chance: dealt, not seen by p1
p2 plays call
p3 plays call
Texas Hold'em: preflop, p1 to act
board: -    pots: 30
seat      chips   bet  cards
p1  BB       50    10  2c Ks
p2  D       170    10  ?? ??
p3  SB       50    10  ?? ??
preflop: p3:sb5, p1:bb10, p2:call10, p3:call5
(as p1 sees it)
poker p1> history
start (chance preflop button=p1 chips=100,95,90 bets=0,5,10 pots=15 board=- cards=-,-,- history=p2:sb5,p3:bb10)
  1. chance dealt, not seen by p1
  2. chance dealt, not seen by p1
  3. chance Qd
  4. chance dealt, not seen by p1
  5. chance dealt, not seen by p1
  6. chance Ks
  7. p1 call
  8. p2 call (call)
  9. p3 raise (equity)
 10. p1 call
 11. p2 call (call)
 12. chance 7d
 13. chance Ac
 14. chance 9d
 15. p2 check (call)
 16. p3 check (equity)
 17. p1 check
 18. chance 3c
 19. p2 check (call)
 20. p3 bet (equity)
 21. p1 call
 22. p2 call (call)
 23. chance 4s
 24. p2 check (call)
 25. p3 bet (equity)
 26. p1 call
 27. p2 call (call)
 28. chance dealt, not seen by p1
 29. chance 2c
 30. chance dealt, not seen by p1
 31. chance dealt, not seen by p1
 32. chance Ks
 33. chance dealt, not seen by p1
 34. p2 call (call)
 35. p3 call (equity)
poker p1> quit
