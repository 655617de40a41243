# Beverbende for two from p1's seat: p2 is a computer; p1 sees only the cards it has looked at
# (`?` for the rest), not the cards p2 draws from the deck.  The round's end turns every card over.
$ gamesman
gamesman: type help for the commands, games for the games, quit to leave.
gamesman> new beverbende --players 2 --seed 5
Beverbende: beverbende(players=2,rounds=1,peek=14,fixed_turns=0,numbers=4,nines=9,peeks=7,swaps=7,get_twos=7,knock_first_turn=false,keep_open=true)
(too large to solve: no predictions; value and hint ask a search player)
chance: dealt, not seen
chance: dealt, not seen
chance: dealt, not seen
chance: dealt, not seen
chance: dealt, not seen
chance: dealt, not seen
chance: dealt, not seen
chance: dealt, not seen
chance: s
pass the keyboard to p1, then press Enter (p1's cards are shown next)
beverbende p1> computer p2 humanlike
p2: computer (humanlike)
Beverbende: round 1 of 1, turn 1: p1 draws
open pile: s (top last)   closed deck: 57 cards
player  1 2 3 4  knows        score
p1  >   9 ? ? 0  x--x/----        0
p2      ? ? ? ?  ----/x--x        0
p1 to move
(as p1 sees it)
beverbende p1> position
(p1 draw view=p1 round=1/1 player=p1 turn=1 knocker=- scores=0,0 hands=9??0,???? known=x--x/----,----/x--x closed=57 open=s draw=- held=-)
beverbende p1> deck
chance: 9
Beverbende: round 1 of 1, turn 1: p1 plays the 9 drawn (deck)
open pile: s (top last)   closed deck: 56 cards
player  1 2 3 4  knows        score
p1  >   9 ? ? 0  x--x/----        0
p2      ? ? ? ?  ----/x--x        0
p1 to move
(as p1 sees it)
beverbende p1> discard
p2 plays deck
chance: dealt, not seen by p1
p2 plays peek2
Beverbende: round 1 of 1, turn 3: p1 draws
open pile: s 9 p (top last)   closed deck: 55 cards
player  1 2 3 4  knows        score
p1  >   9 ? ? 0  x--x/----        0
p2      ? ? ? ?  ----/xx-x        0
p1 to move
(as p1 sees it)
beverbende p1> deck
chance: 1
Beverbende: round 1 of 1, turn 3: p1 plays the 1 drawn (deck)
open pile: s 9 p (top last)   closed deck: 54 cards
player  1 2 3 4  knows        score
p1  >   9 ? ? 0  x--x/----        0
p2      ? ? ? ?  ----/xx-x        0
p1 to move
(as p1 sees it)
beverbende p1> discard
Beverbende: round 1 of 1, turn 3: p1 may knock
open pile: s 9 p 1 (top last)   closed deck: 54 cards
player  1 2 3 4  knows        score
p1  >   9 ? ? 0  x--x/----        0
p2      ? ? ? ?  ----/xx-x        0
p1 to move
(as p1 sees it)
beverbende p1> knock
p2 plays open
p2 plays keep4
chance: 6
chance: 3
chance: 8
chance: 8
chance: 0
round 1 is over: every card turned over, specials replaced
  p1   9 6 3 0  total 18
  p2   8 8 0 1  total 17
  round won by p2 (total 17); scores: p1 18, p2 17
Beverbende: round 1 of 1, turn 4: the game is over
open pile: s 9 p 7 p g g s s (top last)   closed deck: 49 cards
player  1 2 3 4  knows        score
p1      9 6 3 0  xxxx/xxxx       18  knocked
p2  >   8 8 0 1  xxxx/xxxx       17
(as p1 sees it)
game over: p2 wins. Type again to play again, or new GAME.
beverbende> quit
