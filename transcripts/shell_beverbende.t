# reveal on: every board shows the whole table (each seat's own view is in shell_beverbende_seat.t).
# Beverbende for two; too large to solve: moves, values, a bad move, undo and redo, then the computer finishes the game.
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> reveal on
reveal on: every board shows the whole table
gamesman> new beverbende --players 2
Beverbende: beverbende(players=2,rounds=1,peek=14,fixed_turns=0,numbers=4,nines=9,peeks=7,swaps=7,get_twos=7,knock_first_turn=false,keep_open=true)
(too large to solve: no predictions; value and hint ask a search player)
chance: p
chance: g
chance: 6
chance: 4
chance: 8
chance: 6
chance: p
chance: 4
chance: 7
Beverbende: round 1 of 1, turn 1: p1 draws
open pile: 7 (top last)   closed deck: 57 cards
player  1 2 3 4  knows        score
p1  >   p 6 8 p  x--x/----        0
p2      g 4 6 4  ----/x--x        0
p1 to move
(reveal on: the whole table is shown)
beverbende p1> moves
open deck
beverbende p1> open
Beverbende: round 1 of 1, turn 1: p1 plays the 7 drawn (open)
open pile: - (top last)   closed deck: 57 cards
player  1 2 3 4  knows        score
p1  >   p 6 8 p  x--x/----        0
p2      g 4 6 4  ----/x--x        0
p1 to move
(reveal on: the whole table is shown)
beverbende p1> search mcts 1000
search player: mcts 1000 (chosen by search; search default: the game's own)
beverbende p1> values
beverbende: too large to solve; estimates by mcts 1000 \(1,000 iterations, 1,008 nodes in [\d.]+ s\), best first: (re)
move   estimate
keep3  win rate 48%, mean utility +0.48, 321 visits
keep2  win rate 42%, mean utility +0.42, 237 visits
keep4  win rate 43%, mean utility +0.43, 222 visits
keep1  win rate 40%, mean utility +0.40, 220 visits
beverbende p1> zz9
beverbende: 'zz9' is not a legal move here (legal: keep1 keep2 keep3 keep4)
beverbende p1> undo
Beverbende: round 1 of 1, turn 1: p1 draws
open pile: 7 (top last)   closed deck: 57 cards
player  1 2 3 4  knows        score
p1  >   p 6 8 p  x--x/----        0
p2      g 4 6 4  ----/x--x        0
p1 to move
(reveal on: the whole table is shown)
beverbende p1> redo
Beverbende: round 1 of 1, turn 1: p1 plays the 7 drawn (open)
open pile: - (top last)   closed deck: 57 cards
player  1 2 3 4  knows        score
p1  >   p 6 8 p  x--x/----        0
p2      g 4 6 4  ----/x--x        0
p1 to move
(reveal on: the whole table is shown)
beverbende p1> auto random
p1 plays keep2: random among 4 moves
Beverbende: round 1 of 1, turn 2: p2 draws
open pile: 6 (top last)   closed deck: 57 cards
player  1 2 3 4  knows        score
p1      p 7 8 p  xx-x/----        0
p2  >   g 4 6 4  -x--/x--x        0
p2 to move
(reveal on: the whole table is shown)
p2 plays open: random among 2 moves
Beverbende: round 1 of 1, turn 2: p2 plays the 6 drawn (open)
open pile: - (top last)   closed deck: 57 cards
player  1 2 3 4  knows        score
p1      p 7 8 p  xx-x/----        0
p2  >   g 4 6 4  -x--/x--x        0
p2 to move
(reveal on: the whole table is shown)
p2 plays keep3: random among 4 moves
Beverbende: round 1 of 1, turn 3: p1 draws
open pile: 6 (top last)   closed deck: 57 cards
player  1 2 3 4  knows        score
p1  >   p 7 8 p  xx-x/--x-        0
p2      g 4 6 4  -x--/x-xx        0
p1 to move
(reveal on: the whole table is shown)
p1 plays open: random among 2 moves
Beverbende: round 1 of 1, turn 3: p1 plays the 6 drawn (open)
open pile: - (top last)   closed deck: 57 cards
player  1 2 3 4  knows        score
p1  >   p 7 8 p  xx-x/--x-        0
p2      g 4 6 4  -x--/x-xx        0
p1 to move
(reveal on: the whole table is shown)
p1 plays keep1: random among 4 moves
Beverbende: round 1 of 1, turn 3: p1 may knock
open pile: p (top last)   closed deck: 57 cards
player  1 2 3 4  knows        score
p1  >   6 7 8 p  xx-x/--x-        0
p2      g 4 6 4  xx--/x-xx        0
p1 to move
(reveal on: the whole table is shown)
p1 plays pass: random among 2 moves
Beverbende: round 1 of 1, turn 4: p2 draws
open pile: p (top last)   closed deck: 57 cards
player  1 2 3 4  knows        score
p1      6 7 8 p  xx-x/--x-        0
p2  >   g 4 6 4  xx--/x-xx        0
p2 to move
(reveal on: the whole table is shown)
p2 plays deck: random among 1 moves
chance: 4
Beverbende: round 1 of 1, turn 4: p2 plays the 4 drawn (deck)
open pile: p (top last)   closed deck: 56 cards
player  1 2 3 4  knows        score
p1      6 7 8 p  xx-x/--x-        0
p2  >   g 4 6 4  xx--/x-xx        0
p2 to move
(reveal on: the whole table is shown)
p2 plays keep1: random among 5 moves
Beverbende: round 1 of 1, turn 4: p2 may knock
open pile: p g (top last)   closed deck: 56 cards
player  1 2 3 4  knows        score
p1      6 7 8 p  xx-x/--x-        0
p2  >   4 4 6 4  xx--/x-xx        0
p2 to move
(reveal on: the whole table is shown)
p2 plays pass: random among 2 moves
Beverbende: round 1 of 1, turn 5: p1 draws
open pile: p g (top last)   closed deck: 56 cards
player  1 2 3 4  knows        score
p1  >   6 7 8 p  xx-x/--x-        0
p2      4 4 6 4  xx--/x-xx        0
p1 to move
(reveal on: the whole table is shown)
p1 plays deck: random among 1 moves
chance: 9
Beverbende: round 1 of 1, turn 5: p1 plays the 9 drawn (deck)
open pile: p g (top last)   closed deck: 55 cards
player  1 2 3 4  knows        score
p1  >   6 7 8 p  xx-x/--x-        0
p2      4 4 6 4  xx--/x-xx        0
p1 to move
(reveal on: the whole table is shown)
p1 plays keep3: random among 5 moves
Beverbende: round 1 of 1, turn 5: p1 may knock
open pile: p g 8 (top last)   closed deck: 55 cards
player  1 2 3 4  knows        score
p1  >   6 7 9 p  xxxx/--x-        0
p2      4 4 6 4  xx--/x-xx        0
p1 to move
(reveal on: the whole table is shown)
p1 plays pass: random among 2 moves
Beverbende: round 1 of 1, turn 6: p2 draws
open pile: p g 8 (top last)   closed deck: 55 cards
player  1 2 3 4  knows        score
p1      6 7 9 p  xxxx/--x-        0
p2  >   4 4 6 4  xx--/x-xx        0
p2 to move
(reveal on: the whole table is shown)
p2 plays deck: random among 2 moves
chance: 9
Beverbende: round 1 of 1, turn 6: p2 plays the 9 drawn (deck)
open pile: p g 8 (top last)   closed deck: 54 cards
player  1 2 3 4  knows        score
p1      6 7 9 p  xxxx/--x-        0
p2  >   4 4 6 4  xx--/x-xx        0
p2 to move
(reveal on: the whole table is shown)
p2 plays keep2: random among 5 moves
Beverbende: round 1 of 1, turn 6: p2 may knock
open pile: p g 8 4 (top last)   closed deck: 54 cards
player  1 2 3 4  knows        score
p1      6 7 9 p  xxxx/--x-        0
p2  >   4 9 6 4  xx--/xxxx        0
p2 to move
(reveal on: the whole table is shown)
p2 plays pass: random among 2 moves
Beverbende: round 1 of 1, turn 7: p1 draws
open pile: p g 8 4 (top last)   closed deck: 54 cards
player  1 2 3 4  knows        score
p1  >   6 7 9 p  xxxx/--x-        0
p2      4 9 6 4  xx--/xxxx        0
p1 to move
(reveal on: the whole table is shown)
p1 plays deck: random among 2 moves
chance: p
Beverbende: round 1 of 1, turn 7: p1 plays the p drawn (deck)
open pile: p g 8 4 (top last)   closed deck: 53 cards
player  1 2 3 4  knows        score
p1  >   6 7 9 p  xxxx/--x-        0
p2      4 9 6 4  xx--/xxxx        0
p1 to move
(reveal on: the whole table is shown)
p1 plays peek3: random among 5 moves
Beverbende: round 1 of 1, turn 7: p1 may knock
open pile: p g 8 4 p (top last)   closed deck: 53 cards
player  1 2 3 4  knows        score
p1  >   6 7 9 p  xxxx/--x-        0
p2      4 9 6 4  xx--/xxxx        0
p1 to move
(reveal on: the whole table is shown)
p1 plays knock: random among 2 moves
Beverbende: round 1 of 1, turn 8: p2 draws
open pile: p g 8 4 p (top last)   closed deck: 53 cards
player  1 2 3 4  knows        score
p1      6 7 9 p  xxxx/--x-        0  knocked
p2  >   4 9 6 4  xx--/xxxx        0
p2 to move
(reveal on: the whole table is shown)
p2 plays deck: random among 1 moves
chance: 1
Beverbende: round 1 of 1, turn 8: p2 plays the 1 drawn (deck)
open pile: p g 8 4 p (top last)   closed deck: 52 cards
player  1 2 3 4  knows        score
p1      6 7 9 p  xxxx/--x-        0  knocked
p2  >   4 9 6 4  xx--/xxxx        0
p2 to move
(reveal on: the whole table is shown)
p2 plays keep4: random among 5 moves
chance: g
chance: p
chance: 9
round 1 is over: every card turned over, specials replaced
  p1   6 7 9 9  total 31
  p2   4 9 6 1  total 20
  round won by p2 (total 20); scores: p1 31, p2 20
Beverbende: round 1 of 1, turn 8: the game is over
open pile: p g 8 4 p 4 p g p (top last)   closed deck: 49 cards
player  1 2 3 4  knows        score
p1      6 7 9 9  xxxx/xxxx       31  knocked
p2  >   4 9 6 1  xxxx/xxxx       20
(reveal on: the whole table is shown)
game over: p2 wins. Type again to play again, or new GAME.
beverbende> history
start (chance deal round=1/1 player=p1 turn=1 knocker=- scores=0,0 hands=----,---- known=----/----,----/---- closed=000011112222333344445555666677778888999999999gggggggpppppppsssssss open=- draw=- held=-)
  1. chance p
  2. chance g
  3. chance 6
  4. chance 4
  5. chance 8
  6. chance 6
  7. chance p
  8. chance 4
  9. chance 7
 10. p1 open
 11. p1 keep2 (random)
 12. p2 open (random)
 13. p2 keep3 (random)
 14. p1 open (random)
 15. p1 keep1 (random)
 16. p1 pass (random)
 17. p2 deck (random)
 18. chance 4
 19. p2 keep1 (random)
 20. p2 pass (random)
 21. p1 deck (random)
 22. chance 9
 23. p1 keep3 (random)
 24. p1 pass (random)
 25. p2 deck (random)
 26. chance 9
 27. p2 keep2 (random)
 28. p2 pass (random)
 29. p1 deck (random)
 30. chance p
 31. p1 peek3 (random)
 32. p1 knock (random)
 33. p2 deck (random)
 34. chance 1
 35. p2 keep4 (random)
 36. chance g
 37. chance p
 38. chance 9
beverbende> quit
