"""The games the engine knows: one module each, one registry line each.

Each entry maps the game's name to ``module:Class``; modules are imported only
when their game is used, so start-up stays quick.
"""

REGISTRY: dict[str, str] = {
    "onetwoten": "games.onetwoten:OneTwoTen",
    "tictactoe": "games.tictactoe:TicTacToe",
    "nim": "games.nim:Nim",
    "tomorrowstictactoe": "games.tomorrowstictactoe:TomorrowsTicTacToe",
    "othello": "games.othello:Othello",
    "chopsticks": "games.chopsticks:Chopsticks",
    "abalone": "games.abalone:Abalone",
    "kaboom": "games.kaboom:Kaboom",
    "cube": "games.cube:Cube",
    "connectfour": "games.connectfour:ConnectFour",
    "hex": "games.hex:Hex",
    "sim": "games.sim:Sim",
    "nim3p": "games.nim3p:Nim3P",
    "2048": "games.twentyfortyeight:TwentyFortyEight",
    "poker": "games.poker:Poker",
    "beverbende": "games.beverbende:Beverbende",
}
