"""The games the engine ships: one module (or small package) each.

Each game is registered by one line of the ``gamesman.games`` entry-point group in
``setup.cfg`` (``name = gamesman.games.module:Class``); a separate package adds
games the same way.  Modules are imported only when their game is used, so
start-up stays quick.
"""
