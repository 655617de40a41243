# Poker over the protocol: a seeded hand through the flop, turn and river to the showdown.  The
# engine deals (genmove at a chance node draws a card); each player's view hides the other hole
# cards; after the showdown the pot has gone to the better hand and the next hand starts.
# slow
$ gamesman protocol
> game poker players=2 chips=20 min_bet=10
= poker(players=2,chips=20,min_bet=10)

> seed 5
=

> genmove
= Tc

> genmove
= Jh

> genmove
= Qd

> genmove
= Ad

> position
= (p1 preflop button=p1 chips=15,10 bets=5,10 pots=15 board=- cards=JhAd,TcQd history=p1:sb5,p2:bb10)

> view p1
= (p1 preflop view=p1 button=p1 chips=15,10 bets=5,10 pots=15 board=- cards=JhAd,???? history=p1:sb5,p2:bb10)

> view p2
= (p1 preflop view=p2 button=p1 chips=15,10 bets=5,10 pots=15 board=- cards=????,TcQd history=p1:sb5,p2:bb10)

> moves
= fold call raise

> play call
=

> moves
= fold check raise

> play check
=

> outcome
= none

# the flop
> genmove
= Jc

> genmove
= Ks

> genmove
= 2d

> position
= (p2 flop button=p1 chips=10,10 bets=0,0 pots=20 board=JcKs2d cards=JhAd,TcQd history=p1:sb5,p2:bb10,p1:call5,p2:check/)

> view p2
= (p2 flop view=p2 button=p1 chips=10,10 bets=0,0 pots=20 board=JcKs2d cards=????,TcQd history=p1:sb5,p2:bb10,p1:call5,p2:check/)

> moves
= fold check bet

> play p2 check
=

> play p1 check
=

# the turn
> genmove
= 7d

> position
= (p2 turn button=p1 chips=10,10 bets=0,0 pots=20 board=JcKs2d7d cards=JhAd,TcQd history=p1:sb5,p2:bb10,p1:call5,p2:check/p2:check,p1:check/)

> view p2
= (p2 turn view=p2 button=p1 chips=10,10 bets=0,0 pots=20 board=JcKs2d7d cards=????,TcQd history=p1:sb5,p2:bb10,p1:call5,p2:check/p2:check,p1:check/)

> moves
= fold check bet

> play p2 check
=

> play p1 check
=

# the river
> genmove
= Ac

> position
= (p2 river button=p1 chips=10,10 bets=0,0 pots=20 board=JcKs2d7dAc cards=JhAd,TcQd history=p1:sb5,p2:bb10,p1:call5,p2:check/p2:check,p1:check/p2:check,p1:check/)

> view p2
= (p2 river view=p2 button=p1 chips=10,10 bets=0,0 pots=20 board=JcKs2d7dAc cards=????,TcQd history=p1:sb5,p2:bb10,p1:call5,p2:check/p2:check,p1:check/p2:check,p1:check/)

> moves
= fold check bet

> play p2 check
=

> play p1 check
=

# the showdown: p2's straight (Tc Qd to the board's J K A) beats p1's aces and jacks; p2 takes the pot
# of 20, and the next hand starts: p1's last 10 chips go in as the big blind
> position
= (chance preflop button=p2 chips=0,25 bets=10,5 pots=15 board=- cards=-,- history=p2:sb5,p1:bb10 last=1/JcKs2d7dAc/p1:JhAd,p2:TcQd/20:p2)

> outcome
= none
