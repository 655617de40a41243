# Beverbende for two over the protocol.  The engine deals (genmove at a chance node draws a card).
# For the first turns it decides as a player in a match does, from a view alone: view pN, then
# setposition with that view, legal_moves, genmove; the move is then played on the full position.
# The humanlike strategy (which reads only the mover's view) then plays the game to its end.
$ gamesman protocol beverbende --players 2 --strategy humanlike --seed 4
> game
= beverbende(players=2,rounds=1,peek=14,fixed_turns=0,numbers=4,nines=9,peeks=7,swaps=7,get_twos=7,knock_first_turn=false,keep_open=true)

> genmove
= 3

> genmove
= 1

> genmove
= 6

> genmove
= 2

> genmove
= 1

> genmove
= 7

> genmove
= s

> genmove
= p

> genmove
= g

> showboard
=
Beverbende: round 1 of 1, turn 1: p1 draws
open pile: g (top last)   closed deck: 57 cards
player  1 2 3 4  knows        score
p1  >   3 6 1 s  x--x/----        0
p2      1 2 7 p  ----/x--x        0

> position
= (p1 draw round=1/1 player=p1 turn=1 knocker=- scores=0,0 hands=361s,127p known=x--x/----,----/x--x closed=000011222333444455556667778888999999999ggggggppppppssssss open=g draw=- held=-)

> view p1
= (p1 draw view=p1 round=1/1 player=p1 turn=1 knocker=- scores=0,0 hands=3??s,???? known=x--x/----,----/x--x closed=57 open=g draw=- held=-)

> moves
= deck

> setposition (p1 draw view=p1 round=1/1 player=p1 turn=1 knocker=- scores=0,0 hands=3??s,???? known=x--x/----,----/x--x closed=57 open=g draw=- held=-)
=

> legal_moves deck
=

> genmove p1
= deck

> setposition (p1 draw round=1/1 player=p1 turn=1 knocker=- scores=0,0 hands=361s,127p known=x--x/----,----/x--x closed=000011222333444455556667778888999999999ggggggppppppssssss open=g draw=- held=-)
=

> play p1 deck
=

> genmove
= 4

> position
= (p1 play round=1/1 player=p1 turn=1 knocker=- scores=0,0 hands=361s,127p known=x--x/----,----/x--x closed=00001122233344455556667778888999999999ggggggppppppssssss open=g draw=deck held=4)

> view p1
= (p1 play view=p1 round=1/1 player=p1 turn=1 knocker=- scores=0,0 hands=3??s,???? known=x--x/----,----/x--x closed=56 open=g draw=deck held=4)

> moves
= keep1 keep2 keep3 keep4 discard

> setposition (p1 play view=p1 round=1/1 player=p1 turn=1 knocker=- scores=0,0 hands=3??s,???? known=x--x/----,----/x--x closed=56 open=g draw=deck held=4)
=

> legal_moves keep1 keep2 keep3 keep4 discard
=

> genmove p1
= keep2

> setposition (p1 play round=1/1 player=p1 turn=1 knocker=- scores=0,0 hands=361s,127p known=x--x/----,----/x--x closed=00001122233344455556667778888999999999ggggggppppppssssss open=g draw=deck held=4)
=

> play p1 keep2
=

> position
= (p2 draw round=1/1 player=p2 turn=2 knocker=- scores=0,0 hands=341s,127p known=xx-x/----,----/x--x closed=00001122233344455556667778888999999999ggggggppppppssssss open=g6 draw=- held=-)

> view p2
= (p2 draw view=p2 round=1/1 player=p2 turn=2 knocker=- scores=0,0 hands=????,1??p known=xx-x/----,----/x--x closed=56 open=g6 draw=- held=-)

> moves
= open deck

> setposition (p2 draw view=p2 round=1/1 player=p2 turn=2 knocker=- scores=0,0 hands=????,1??p known=xx-x/----,----/x--x closed=56 open=g6 draw=- held=-)
=

> legal_moves open deck
=

> genmove p2
= deck

> setposition (p2 draw round=1/1 player=p2 turn=2 knocker=- scores=0,0 hands=341s,127p known=xx-x/----,----/x--x closed=00001122233344455556667778888999999999ggggggppppppssssss open=g6 draw=- held=-)
=

> play p2 deck
=

> genmove
= 9

> position
= (p2 play round=1/1 player=p2 turn=2 knocker=- scores=0,0 hands=341s,127p known=xx-x/----,----/x--x closed=0000112223334445555666777888899999999ggggggppppppssssss open=g6 draw=deck held=9)

> view p2
= (p2 play view=p2 round=1/1 player=p2 turn=2 knocker=- scores=0,0 hands=????,1??p known=xx-x/----,----/x--x closed=55 open=g6 draw=deck held=9)

> moves
= keep1 keep2 keep3 keep4 discard

> setposition (p2 play view=p2 round=1/1 player=p2 turn=2 knocker=- scores=0,0 hands=????,1??p known=xx-x/----,----/x--x closed=55 open=g6 draw=deck held=9)
=

> legal_moves keep1 keep2 keep3 keep4 discard
=

> genmove p2
= discard

> setposition (p2 play round=1/1 player=p2 turn=2 knocker=- scores=0,0 hands=341s,127p known=xx-x/----,----/x--x closed=0000112223334445555666777888899999999ggggggppppppssssss open=g6 draw=deck held=9)
=

> play p2 discard
=

> genmove
= deck

> genmove
= 5

> genmove
= discard

> genmove
= pass

> genmove
= deck

> genmove
= 3

> genmove
= keep2

> genmove
= pass

> genmove
= open

> genmove
= keep3

> genmove
= pass

> genmove
= open

> genmove
= keep3

> genmove
= knock

> genmove
= deck

> genmove
= 1

> genmove
= keep4

> genmove
= 4

> showboard
=
Beverbende: round 1 of 1, turn 7: the game is over
open pile: g 6 9 5 7 s p (top last)   closed deck: 51 cards
player  1 2 3 4  knows        score
p1  >   3 4 2 1  xxxx/xxxx       10
p2      1 3 1 4  xxxx/xxxx        9  knocked

> outcome
= p2 wins: 0 1

> genmove
= resign
