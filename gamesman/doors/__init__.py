"""The doors users come through: the command line and the shell (the protocol is gamesman.protocol)."""
