"""The web door: gamesman as a UWAPI server, so that GamesCrafters' GamesmanUni plays its games.

:mod:`gamesman.doors.web.uwapi` answers UWAPI's questions as plain data (no web framework);
:mod:`gamesman.doors.web.forms` writes positions and moves the way GamesmanUni draws them;
:mod:`gamesman.doors.web.app` serves the answers over HTTP (Starlette and uvicorn, the
optional extra ``web``), and is imported only when ``gamesman serve`` runs.
"""
