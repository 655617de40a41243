"""The HTTP server: UWAPI's endpoints on Starlette, run by uvicorn (the extra ``web``).

Starlette is a small, well-kept ASGI toolkit (routing, JSON replies, CORS, a thread
pool for blocking work) and uvicorn the usual server for it: together they are the
least we need to speak HTTP properly to a browser, and both install as plain wheels.
Every answer is worked out in Starlette's thread pool, so a long solve never holds up
the event loop or the requests for other variants.

>>> from starlette.testclient import TestClient
>>> client = TestClient(make_app())
>>> client.get("/nim/regular/").json()["startPosition"]
'(x_5_5_5)'
>>> client.get("/nosuchgame/").json()["error"][:26]
"unknown game 'nosuchgame' "
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from gamesman.contract.errors import GameError
from gamesman.doors.web.uwapi import Service


#: The UWAPI server that a GamesmanUni build has in its scripts: GamesCrafters' public one.
PUBLIC_API = "https://nyc.cs.berkeley.edu/universal/v1/"
#: Where a GamesmanUni build is served (its router and asset links expect it there).
UNI_PREFIX = "/uni/"


@lru_cache(maxsize=64)
def script_text(path: Path) -> str | None:
    """A script of the build that names the public UWAPI server, else None (served as it is)."""
    text = path.read_text(encoding="utf-8", errors="surrogateescape")
    return text if PUBLIC_API in text else None


def uni_file(root: Path, request: Request) -> Response:
    """A file of the GamesmanUni build in ``root``: its scripts with the API address
    rewritten to this server, ``index.html`` for any path that is not a file (the app's
    own deep links, which its router reads)."""
    wanted = (root / request.path_params["path"]).resolve()
    if not wanted.is_file() or root not in wanted.parents:
        wanted = root / "index.html"
    if wanted.suffix == ".js":
        text = script_text(wanted)
        if text is not None:
            own = str(request.base_url)  # this server, as the browser reached it
            return Response(text.replace(PUBLIC_API, own).encode("utf-8", errors="surrogateescape"),
                            media_type="text/javascript")
    return FileResponse(wanted)


async def answer(work: Callable[..., Any], *args: Any) -> JSONResponse:
    """``work(*args)`` run in the thread pool, as JSON; a bad request is a 200 reply
    ``{"error": ...}`` with the one line the CLI would print."""
    try:
        body = await run_in_threadpool(work, *args)
    except GameError as problem:
        body = {"error": str(problem)}
    except Exception as problem:  # the last line of defence, as in the CLI: one line, no traceback
        body = {"error": f"internal error: {type(problem).__name__}: {problem}"}
    return JSONResponse(body)


def make_app(service: Service | None = None, uni: Path | None = None) -> Starlette:
    """The UWAPI application, answering from ``service`` (a new one by default); with
    ``uni``, a GamesmanUni build (its ``dist``) is served under ``/uni/`` too."""
    uwapi = service or Service()

    async def games(request: Request) -> JSONResponse:
        return await answer(uwapi.games)

    async def game(request: Request) -> JSONResponse:
        return await answer(uwapi.game, request.path_params["game"])

    async def variant(request: Request) -> JSONResponse:
        return await answer(uwapi.variant, request.path_params["game"], request.path_params["variant"])

    async def position(request: Request) -> JSONResponse:
        return await answer(uwapi.position, request.path_params["game"], request.path_params["variant"],
                            request.query_params.get("p"))

    async def instructions(request: Request) -> JSONResponse:
        return await answer(uwapi.instructions, request.path_params["game"], request.path_params["variant"])

    async def no_endpoint(request: Request, problem: Exception) -> JSONResponse:
        code = problem.status_code if isinstance(problem, HTTPException) else 500
        return JSONResponse({"error": f"no endpoint {request.method} {request.url.path} ({code})"})

    routes = []
    if uni is not None:
        root = uni.resolve()

        async def uni_page(request: Request) -> Response:
            return await run_in_threadpool(uni_file, root, request)

        async def uni_home(request: Request) -> Response:
            return RedirectResponse(UNI_PREFIX)

        routes += [Route("/uni", uni_home), Route(UNI_PREFIX + "{path:path}", uni_page)]
    routes += [
        Route("/", games),
        Route("/{game}/", game),
        Route("/{game}/{variant}/", variant),
        Route("/{game}/{variant}/positions/", position),
        Route("/{game}/{variant}/instructions/", instructions),
    ]
    # GamesmanUni is served from another origin (or a file): every reply allows any origin.
    cors = Middleware(CORSMiddleware, allow_origins=["*"], allow_methods=["GET"])
    return Starlette(routes=routes, middleware=[cors], exception_handlers={404: no_endpoint, 405: no_endpoint})


def serve(host: str, port: int, uni: Path | None = None) -> None:
    """Serve UWAPI on ``host``:``port`` (and GamesmanUni from ``uni``) until interrupted."""
    import uvicorn

    print(f"gamesman: serving UWAPI on http://{host}:{port}/ (Ctrl-C stops)", flush=True)
    if uni is not None:
        print(f"gamesman: GamesmanUni at http://{host}:{port}{UNI_PREFIX}", flush=True)
    uvicorn.run(make_app(uni=uni), host=host, port=port, log_level="warning")
