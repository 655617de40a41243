# Poker over the protocol: a seeded deal, each player's view hides the other hole cards.
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
