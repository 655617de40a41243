"""Doors to learning libraries: every game as their environments.

``gamesman.adapters.pettingzoo.env(GAME)`` is a PettingZoo AEC environment of a game of
two or more players.  Each adapter imports its library when it is imported itself (the
optional extras ``pettingzoo``, ...); nothing else in gamesman imports the adapters.
"""
