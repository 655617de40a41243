# The 2x2x2 cube over the protocol: a seeded scramble, its optimal distance and the solution played out.
# slow
$ gamesman protocol
> game cube size=2 scramble=6 seed=2
= cube(size=2,metric=htm,scramble=6,seed=2)

> position
= DLURFFDRLUFFRLUDBBRDULBB

> value
= win 4

> strategy optimal
= optimal

> genmove
= U'

> genmove
= R2

> genmove
= U2

> genmove
= F

> outcome
= solved: 1
