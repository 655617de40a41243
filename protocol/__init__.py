"""The text protocol: GTP version 2 framing for every game the engine knows.

* :mod:`gamesman.protocol.engine` is the engine side (``gamesman protocol``): it reads
  commands on stdin and answers on stdout.
* :mod:`gamesman.protocol.referee` plays external programs against each other
  (``gamesman match``).

The commands, the framing and a worked session are in ``protocol/PROTOCOL.md``;
``protocol/examples/`` holds players written without this package.
"""
