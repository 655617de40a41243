"""Doors to learning libraries: every game as their environments.

``gamesman.adapters.pettingzoo.env(GAME)`` is a PettingZoo AEC environment of a game of
two or more players, ``gamesman.adapters.gymnasium.make(GAME)`` a Gymnasium environment of a
one-player game, and ``gamesman.adapters.openspiel.load_game(GAME)`` an OpenSpiel game of any
game.  Each adapter imports its library when it is imported itself (the optional extras
``pettingzoo``, ``gymnasium``, ``openspiel``); nothing else in gamesman imports the adapters.
"""
