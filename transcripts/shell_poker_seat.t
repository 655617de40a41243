# Three-handed poker from p1's seat: p2 and p3 are computers, so the table shows only p1's hole cards;
# their deals are not printed, nor the equity player's reasons; position prints p1's view.
# The showdown ends the hand before the next is dealt: the board, the hands shown, the pot, the chips.
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
chance: 4c
chance: 4d
p2 plays check
p3 plays bet
Texas Hold'em: flop, p1 to act
board: 7d 4c 4d    pots: 70
seat      chips   bet  cards
p1  D        80     0  Qd Ks
p2  SB       80     0  ?? ??
p3  BB       70    10  ?? ??
preflop: p2:sb5, p3:bb10, p1:call10, p2:call5, p3:raise10, p1:call10, p2:call10
flop: p2:check, p3:bet10
(as p1 sees it)
poker p1> call
p2 plays call
chance: 8h
p2 plays check
p3 plays bet
Texas Hold'em: turn, p1 to act
board: 7d 4c 4d 8h    pots: 100
seat      chips   bet  cards
p1  D        70     0  Qd Ks
p2  SB       70     0  ?? ??
p3  BB       60    10  ?? ??
preflop: p2:sb5, p3:bb10, p1:call10, p2:call5, p3:raise10, p1:call10, p2:call10
flop: p2:check, p3:bet10, p1:call10, p2:call10
turn: p2:check, p3:bet10
(as p1 sees it)
poker p1> call
p2 plays call
chance: 3h
p2 plays check
p3 plays bet
Texas Hold'em: river, p1 to act
board: 7d 4c 4d 8h 3h    pots: 130
seat      chips   bet  cards
p1  D        60     0  Qd Ks
p2  SB       60     0  ?? ??
p3  BB       50    10  ?? ??
preflop: p2:sb5, p3:bb10, p1:call10, p2:call5, p3:raise10, p1:call10, p2:call10
flop: p2:check, p3:bet10, p1:call10, p2:call10
turn: p2:check, p3:bet10, p1:call10, p2:call10
river: p2:check, p3:bet10
(as p1 sees it)
poker p1> call
p2 plays call
hand 1, showdown: board 7d 4c 4d 8h 3h
  p1 shows Qd Ks: one pair: 4 K Q 8
  p2 shows Tc Ad: one pair: 4 A T 8
  p3 shows Jh Jc: two pair: J 4 8
  main pot 150: p3 takes 150
  chips: p1 50 (-50), p2 50 (-50), p3 200 (+100)
chance: dealt, not seen by p1
chance: Kc
chance: dealt, not seen by p1
chance: dealt, not seen by p1
chance: 5h
chance: dealt, not seen by p1
p2 plays call
p3 plays call
Texas Hold'em: preflop, p1 to act
board: -    pots: 30
seat      chips   bet  cards
p1  BB       40    10  Kc 5h
p2  D        40    10  ?? ??
p3  SB      190    10  ?? ??
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
 13. chance 4c
 14. chance 4d
 15. p2 check (call)
 16. p3 bet (equity)
 17. p1 call
 18. p2 call (call)
 19. chance 8h
 20. p2 check (call)
 21. p3 bet (equity)
 22. p1 call
 23. p2 call (call)
 24. chance 3h
 25. p2 check (call)
 26. p3 bet (equity)
 27. p1 call
 28. p2 call (call)
 29. chance dealt, not seen by p1
 30. chance Kc
 31. chance dealt, not seen by p1
 32. chance dealt, not seen by p1
 33. chance 5h
 34. chance dealt, not seen by p1
 35. p2 call (call)
 36. p3 call (equity)
poker p1> quit
