# A seeded game of Hex on the standard 11x11 board, both sides played by the engine's Monte-Carlo
# tree search on a small budget (10 iterations a move), driven by GTP commands only.
# slow
$ gamesman protocol hex --strategy "mcts 10" --seed 1
> 1 boardsize 11
=1

> 2 clear_board
=2

> 3 genmove b
=3 g2

> 4 genmove w
=4 g3

> 5 genmove b
=5 a6

> 6 genmove w
=6 i11

> 7 genmove b
=7 j10

> 8 genmove w
=8 d5

> 9 genmove b
=9 a10

> 10 genmove w
=10 a11

> 11 genmove b
=11 b1

> 12 genmove w
=12 i5

> 13 genmove b
=13 k6

> 14 genmove w
=14 h1

> 15 genmove b
=15 c7

> 16 genmove w
=16 b10

> 17 genmove b
=17 a8

> 18 genmove w
=18 c11

> 19 genmove b
=19 a2

> 20 genmove w
=20 g5

> 21 genmove b
=21 k7

> 22 genmove w
=22 a9

> 23 genmove b
=23 c1

> 24 genmove w
=24 g11

> 25 genmove b
=25 k2

> 26 genmove w
=26 k11

> 27 genmove b
=27 e8

> 28 genmove w
=28 f10

> 29 genmove b
=29 j5

> 30 genmove w
=30 k10

> 31 genmove b
=31 c9

> 32 genmove w
=32 e9

> 33 genmove b
=33 b2

> 34 genmove w
=34 b4

> 35 genmove b
=35 f4

> 36 genmove w
=36 k3

> 37 genmove b
=37 g6

> 38 genmove w
=38 i4

> 39 genmove b
=39 k4

> 40 genmove w
=40 f2

> 41 genmove b
=41 i8

> 42 genmove w
=42 h5

> 43 genmove b
=43 i1

> 44 genmove w
=44 f3

> 45 genmove b
=45 c4

> 46 genmove w
=46 d7

> 47 genmove b
=47 a1

> 48 genmove w
=48 c10

> 49 genmove b
=49 g8

> 50 genmove w
=50 j3

> 51 genmove b
=51 c5

> 52 genmove w
=52 e5

> 53 genmove b
=53 c8

> 54 genmove w
=54 j1

> 55 genmove b
=55 j7

> 56 genmove w
=56 f9

> 57 genmove b
=57 i3

> 58 genmove w
=58 g4

> 59 genmove b
=59 e2

> 60 genmove w
=60 j9

> 61 genmove b
=61 f8

> 62 genmove w
=62 h10

> 63 genmove b
=63 f5

> 64 genmove w
=64 g10

> 65 genmove b
=65 k5

> 66 genmove w
=66 h11

> 67 genmove b
=67 k8

> 68 genmove w
=68 j6

> 69 genmove b
=69 e10

> 70 genmove w
=70 g7

> 71 genmove b
=71 b5

> 72 genmove w
=72 b11

> 73 genmove b
=73 h7

> 74 genmove w
=74 b7

> 75 genmove b
=75 f7

> 76 genmove w
=76 i9

> 77 genmove b
=77 d11

> 78 genmove w
=78 a3

> 79 genmove b
=79 c2

> 80 genmove w
=80 d4

> 81 genmove b
=81 f1

> 82 genmove w
=82 h3

> 83 genmove b
=83 i7

> 84 genmove w
=84 e4

> 85 genmove b
=85 f6

> 86 genmove w
=86 a7

> 87 genmove b
=87 e3

> 88 genmove w
=88 j8

> 89 genmove b
=89 b3

> 90 genmove w
=90 h2

> 91 genmove b
=91 j11

> 92 genmove w
=92 g1

> 93 genmove b
=93 e6

> 94 genmove w
=94 i6

> 95 genmove b
=95 c3

> 96 genmove w
=96 g9

> 97 genmove b
=97 d10

> 98 genmove w
=98 e11

> 99 genmove b
=99 e1

> 100 genmove w
=100 f11

> 101 genmove b
=101 j4

> 102 genmove w
=102 h6

> 103 genmove b
=103 a5

> 104 genmove w
=104 d3

> 105 genmove b
=105 b8

> 106 genmove w
=106 h9

> 107 genmove b
=107 c6

> 108 genmove w
=108 d1

> 109 genmove b
=109 i10

> 110 genmove w
=110 a4

> 111 genmove b
=111 h4

> 112 genmove w
=112 i2

> 113 genmove b
=113 b6

> 114 genmove w
=114 d8

> 115 genmove b
=115 d9

> 116 genmove w
=116 resign

> 117 showboard
=117
   a b c d e f g h i j k
 1 x x x o x x o o x o - 1
  2 x x x - x o x o o - x 2
   3 o x x o x o o o x o o 3
    4 o o x o o x o x o x x 4
     5 x x x o o x o o o x x 5
      6 x x x - x x x o o o x 6
       7 o o x o - x o x x x x 7
        8 x x x o x x x - x o x 8
         9 o - x x o o o o o o - 9
         10 x o o x x o o o x x o 10
          11 o o o x o o o o o x o 11
             a b c d e f g h i j k
x (black) joins rows 1 and 11; o (white) joins columns a and k

> 118 genmove b
=118 resign

> 119 quit
=119
