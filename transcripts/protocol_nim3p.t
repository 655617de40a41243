# Three players over the protocol: max^n utilities for every move.
$ gamesman protocol
> game nim3p heaps=2 size=2
= nim3p(heaps=2,size=2,extra=false)

> value
= utilities 0 1 0 in 4

> values
= 1-1 utilities 0 1 0 in 4
2-1 utilities 0 1 0 in 4
1-2 utilities 0 0 1 in 2
2-2 utilities 0 0 1 in 2

> strategy perfect
= perfect

> genmove
= 2-1

> position
= (P1 2 1)

> value
= utilities 0 1 0 in 3
