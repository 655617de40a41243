# A seeded game of Hex on the standard 11x11 board, both sides played by the engine's Monte-Carlo
# tree search on a small budget (10 iterations a move), driven by GTP commands only.
$ gamesman protocol hex --strategy "mcts 10" --seed 1
> 1 boardsize 11
=1

> 2 clear_board
=2

> 3 genmove b
=3 g7

> 4 genmove w
=4 e2

> 5 genmove b
=5 b4

> 6 genmove w
=6 k9

> 7 genmove b
=7 j9

> 8 genmove w
=8 a3

> 9 genmove b
=9 h7

> 10 genmove w
=10 b3

> 11 genmove b
=11 k11

> 12 genmove w
=12 h10

> 13 genmove b
=13 j3

> 14 genmove w
=14 c9

> 15 genmove b
=15 j7

> 16 genmove w
=16 h1

> 17 genmove b
=17 k10

> 18 genmove w
=18 d4

> 19 genmove b
=19 g5

> 20 genmove w
=20 f6

> 21 genmove b
=21 g6

> 22 genmove w
=22 k1

> 23 genmove b
=23 f8

> 24 genmove w
=24 h9

> 25 genmove b
=25 c5

> 26 genmove w
=26 j4

> 27 genmove b
=27 f9

> 28 genmove w
=28 f4

> 29 genmove b
=29 d5

> 30 genmove w
=30 a2

> 31 genmove b
=31 c8

> 32 genmove w
=32 i11

> 33 genmove b
=33 j5

> 34 genmove w
=34 k4

> 35 genmove b
=35 b5

> 36 genmove w
=36 f7

> 37 genmove b
=37 b11

> 38 genmove w
=38 j6

> 39 genmove b
=39 j1

> 40 genmove w
=40 i8

> 41 genmove b
=41 d10

> 42 genmove w
=42 b9

> 43 genmove b
=43 h2

> 44 genmove w
=44 c6

> 45 genmove b
=45 e11

> 46 genmove w
=46 h6

> 47 genmove b
=47 b8

> 48 genmove w
=48 a7

> 49 genmove b
=49 e9

> 50 genmove w
=50 i7

> 51 genmove b
=51 b6

> 52 genmove w
=52 e3

> 53 genmove b
=53 d2

> 54 genmove w
=54 c7

> 55 genmove b
=55 e7

> 56 genmove w
=56 e1

> 57 genmove b
=57 a6

> 58 genmove w
=58 a8

> 59 genmove b
=59 a11

> 60 genmove w
=60 a4

> 61 genmove b
=61 c3

> 62 genmove w
=62 k3

> 63 genmove b
=63 c1

> 64 genmove w
=64 k7

> 65 genmove b
=65 f1

> 66 genmove w
=66 e8

> 67 genmove b
=67 h5

> 68 genmove w
=68 e4

> 69 genmove b
=69 b1

> 70 genmove w
=70 k2

> 71 genmove b
=71 f3

> 72 genmove w
=72 f2

> 73 genmove b
=73 g4

> 74 genmove w
=74 i1

> 75 genmove b
=75 c10

> 76 genmove w
=76 e10

> 77 genmove b
=77 i4

> 78 genmove w
=78 f10

> 79 genmove b
=79 g8

> 80 genmove w
=80 e6

> 81 genmove b
=81 d11

> 82 genmove w
=82 h8

> 83 genmove b
=83 b2

> 84 genmove w
=84 i3

> 85 genmove b
=85 j10

> 86 genmove w
=86 j2

> 87 genmove b
=87 i9

> 88 genmove w
=88 g3

> 89 genmove b
=89 h3

> 90 genmove w
=90 d8

> 91 genmove b
=91 k5

> 92 genmove w
=92 e5

> 93 genmove b
=93 d3

> 94 genmove w
=94 i5

> 95 genmove b
=95 d1

> 96 genmove w
=96 f11

> 97 genmove b
=97 a10

> 98 genmove w
=98 j8

> 99 genmove b
=99 c11

> 100 genmove w
=100 g1

> 101 genmove b
=101 g2

> 102 genmove w
=102 f5

> 103 genmove b
=103 c4

> 104 genmove w
=104 h4

> 105 genmove b
=105 a9

> 106 genmove w
=106 d7

> 107 genmove b
=107 b10

> 108 genmove w
=108 i2

> 109 genmove b
=109 k8

> 110 genmove w
=110 j11

> 111 genmove b
=111 d6

> 112 genmove w
=112 a5

> 113 genmove b
=113 i10

> 114 genmove w
=114 h11

> 115 genmove b
=115 c2

> 116 genmove w
=116 b7

> 117 showboard
=117
   a b c d e f g h i j k
 1 - x x x o x o o o x o 1
  2 o x x x o o x x o o o 2
   3 o o x x o x o x o x o 3
    4 o x x o o o x o x o o 4
     5 o x x x o o x x o x x 5
      6 x x o x o o x o - o - 6
       7 o o o o x o x x o x o 7
        8 o x x o o x x o o o x 8
         9 x o o - x x - o x x o 9
         10 x x x x o o - o x x x 10
          11 x x x x x o - o o o x 11
             a b c d e f g h i j k
x (black) joins rows 1 and 11; o (white) joins columns a and k

> 118 genmove b
=118 resign

> 119 quit
=119
