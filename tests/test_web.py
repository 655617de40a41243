"""The web door (``gamesman serve``): UWAPI's shapes as GamesmanUni reads them, values
against the solver, bad requests, and many requests at once against a real server."""
from __future__ import annotations

import json
import random
import re
import socket
import subprocess
import sys
import threading
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from starlette.testclient import TestClient  # noqa: E402

from gamesman.contract.errors import GameError  # noqa: E402
from gamesman.contract.registry import game_class, make_game  # noqa: E402
from gamesman.doors.web.app import make_app  # noqa: E402
from gamesman.doors.web.forms import URL_SAFE, form_of  # noqa: E402
from gamesman.doors.web.uwapi import MOVE_ORDER, Analyst, Service, game_from_ids, web_game_class  # noqa: E402
from gamesman.players.play import next_random  # noqa: E402
from gamesman.solver.strong import Solver  # noqa: E402
from gamesmanuni import gamesmanuni_build  # noqa: E402
from solver_checks import reachable  # noqa: E402

#: The fields GamesmanUni reads, by reply (its API client and store: ``src/scripts/apis/
#: gamesCrafters/types.ts`` and ``src/scripts/gamesmanUni/index.ts``).
GAME_FIELDS = {"id", "name", "type", "gui"}
VARIANTS_FIELDS = {"id", "name", "variants", "allowCustomVariantCreation", "supportsWinBy"}
VARIANT_FIELDS = {"id", "name", "startPosition", "autoguiStartPosition", "imageAutoGUIData", "gui"}
POSITION_FIELDS = {"position", "autoguiPosition", "positionValue", "remoteness", "moves"}
MOVE_FIELDS = {"move", "autoguiMove", "position", "autoguiPosition", "positionValue", "moveValue", "remoteness",
               "deltaRemoteness"}
VALUES = {"win", "lose", "tie", "draw", "unsolved"}


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(make_app())


def test_the_replies_have_the_fields_gamesmanuni_reads(client):
    games = client.get("/").json()
    assert games and all(set(entry) == GAME_FIELDS for entry in games)
    assert {entry["type"] for entry in games} == {"twoPlayer", "onePlayer"}
    ids = [entry["id"] for entry in games]
    assert "tictactoe" in ids and "cube" in ids
    for entry in games:
        variants = client.get(f"/{entry['id']}/").json()
        assert set(variants) == VARIANTS_FIELDS, entry
        first = game_from_ids(entry["id"], variants["variants"][0]["id"])
        assert first.settings == web_game_class(entry["id"])().settings  # the default comes first
        for listed in variants["variants"]:
            assert set(listed) == {"id", "name", "gui"}
            variant = client.get(f"/{entry['id']}/{listed['id']}/").json()
            assert set(variant) == VARIANT_FIELDS, (entry, listed)
            assert variant["autoguiStartPosition"][:2] in ("1_", "2_")
    tictactoe = client.get("/tictactoe/regular/").json()
    assert tictactoe["startPosition"] == "1_---------"
    reply = client.get("/tictactoe/regular/positions/", params={"p": tictactoe["startPosition"]}).json()
    assert set(reply) == POSITION_FIELDS
    assert len(reply["moves"]) == 9 and all(set(move) == MOVE_FIELDS for move in reply["moves"])
    assert {move["autoguiMove"] for move in reply["moves"]} == {f"A_x_{cell}_-" for cell in range(9)}


def test_variant_names_do_not_repeat_the_games_name(client):
    # GamesmanUni titles a game's page "{game's name} ({variant's name})"
    for entry in client.get("/").json():
        for listed in client.get(f"/{entry['id']}/").json()["variants"]:
            assert entry["name"] not in listed["name"], listed
            assert client.get(f"/{entry['id']}/{listed['id']}/").json()["name"] == listed["name"]
    assert [listed["name"] for listed in client.get("/tictactoe/").json()["variants"]] == ["Regular", "Misère"]


def test_games_that_would_leak_or_do_not_fit_uwapi_are_left_out(client):
    ids = {entry["id"] for entry in client.get("/").json()}
    for name in ("poker", "beverbende", "2048", "nim3p"):
        assert name not in ids
        assert "not served on the web" in client.get(f"/{name}/regular/").json()["error"]
    # sim is served with two players, and its three-player variants are not listed
    assert all("players=3" not in v["id"] for v in client.get("/sim/").json()["variants"])


def test_instructions_are_the_games_rules(client):
    assert client.get("/nim/regular/instructions/").json() == {"instructions": make_game("nim").instructions()}


@pytest.mark.parametrize("variant", ["regular", "misere"])
def test_every_tictactoe_position_has_the_solvers_values(variant):
    # the service itself, which the app's replies are the JSON of (the shapes' test goes through HTTP)
    service = Service()
    game = game_from_ids("tictactoe", variant)
    assert service.analyst(game).solving().wait(120)
    solver = Solver(game, database=None)
    form = form_of(game)
    positions = reachable(game, game.start(), 6000)
    assert len(positions) == 5478
    for position in positions:
        reply = service.position("tictactoe", variant, form.position(game, position))
        result = solver.result(position)
        assert (reply["positionValue"], reply["remoteness"]) == (str(result).split()[0], result.remoteness)
        mover = game.to_move(position)
        expected = {}
        for move in game.moves(position):
            child = game.play(position, move)
            own, theirs = solver.result(child), solver.move_result(mover, child)
            expected[game.format_move(position, move)] = (form.position(game, child), str(own).split()[0],
                                                          own.remoteness, str(theirs).split()[0])
        assert {move["move"]: (move["position"], move["positionValue"], move["remoteness"], move["moveValue"])
                for move in reply["moves"]} == expected
        ranks = [(MOVE_ORDER.index(move["moveValue"]), move["deltaRemoteness"]) for move in reply["moves"]]
        assert ranks == sorted(ranks)
        best = [move for move in reply["moves"] if move["deltaRemoteness"] == 0 and
                move["moveValue"] == reply["moves"][0]["moveValue"]]
        assert {move["move"] for move in best} == {game.format_move(position, m) for m in solver.best_moves(position)}


def test_a_variant_too_large_to_solve_is_never_solved_by_a_request():
    service = Service()
    game = game_from_ids("hex", "regular")
    start = form_of(game).position(game, game.start())
    reply = service.position("hex", "regular", start)
    assert reply["positionValue"] == "unsolved"
    assert {move["moveValue"] for move in reply["moves"]} == {"unsolved"}
    assert len(reply["moves"]) == len(game.moves(game.start()))
    # UWAPI's remoteness of a position not over but unknown is -100: GamesmanUni takes 0 for the end
    assert reply["remoteness"] == -100 and {move["remoteness"] for move in reply["moves"]} == {-100}
    # once over, a position has the value of its outcome: in Hex whoever joins their sides has won
    position, rng = game.start(), random.Random(2)
    while not game.is_over(position):
        before, position = position, next_random(game, position, rng)
    ended = service.position("hex", "regular", form_of(game).position(game, position))
    assert (ended["positionValue"], ended["remoteness"], ended["moves"]) == ("lose", 0, [])
    last = service.position("hex", "regular", form_of(game).position(game, before))
    assert last["positionValue"] == "unsolved"
    finishing = [move for move in last["moves"] if move["position"] == ended["position"]]
    assert [(move["positionValue"], move["remoteness"], move["moveValue"])
            for move in finishing] == [("lose", 0, "win")]
    assert last["moves"][0]["moveValue"] == "win"  # sorted first, as UWAPI sorts moves
    assert not service.analyst(game).solving().is_set()
    assert "solver" not in vars(service.analyst(game))  # no solver was ever made for it


def test_a_request_answers_from_the_search_player_while_its_variant_is_solved(monkeypatch):
    gate = threading.Event()
    solve = Analyst._solve
    monkeypatch.setattr(Analyst, "_solve", lambda analyst: (gate.wait(120), solve(analyst)))
    service = Service()
    game = game_from_ids("connectfour", "rows=4,cols=4")
    start = form_of(game).position(game, game.start())
    try:
        reply = service.position("connectfour", "rows=4,cols=4", start)  # the solve is held at the gate
        assert reply["positionValue"] == "unsolved" and len(reply["moves"]) == len(game.moves(game.start()))
    finally:
        gate.set()
    assert service.analyst(game).solving().wait(300)
    reply = service.position("connectfour", "rows=4,cols=4", start)
    assert reply["positionValue"] == str(Solver(game, database=None).result(game.start())).split()[0]


def test_the_first_reply_on_standard_connect_four_is_exact_however_long_its_books_take(monkeypatch):
    import time

    from gamesman.doors.web import uwapi
    from gamesman.games.connectfour.openings import OpeningBook

    book = OpeningBook.load()

    def slow_load() -> OpeningBook:  # reading the book outlasts a reply's time, as on a busy machine
        time.sleep(uwapi.EXACT_SECONDS)
        return book

    monkeypatch.setattr(OpeningBook, "load", staticmethod(slow_load))
    service = Service()
    game = game_from_ids("connect4", "6x7")
    reply = service.position("connect4", "6x7", form_of(game).position(game, game.start()))
    # the first player wins standard Connect Four, and only by the centre column (Allis, 1988)
    assert reply["positionValue"] == "win"
    assert [move["move"] for move in reply["moves"] if move["moveValue"] == "win"] == ["d"]
    assert "unsolved" not in {move["moveValue"] for move in reply["moves"]}


def test_asking_for_a_board_readies_its_exact_search_but_starts_no_solve():
    service = Service()
    service.variant("connect4", "6x7")
    standard = service.analyst(game_from_ids("connect4", "6x7"))
    assert standard._readying is not None
    standard._readying.join(300)
    assert standard.ready
    service.variant("connect4", "4x4")  # solved on demand, once its values are asked for
    assert service.analyst(game_from_ids("connect4", "4x4"))._solving is None


def cli_message(call) -> str:
    """The one line the CLI prints after ``gamesman: `` for the error ``call`` raises."""
    with pytest.raises(GameError) as raised:
        call()
    return str(raised.value)


def test_bad_requests_get_one_line_errors_and_cors_headers(client):
    tictactoe = make_game("tictactoe")
    cases = {
        "/nosuchgame/": cli_message(lambda: game_class("nosuchgame")),
        "/tictactoe/rows=4/": cli_message(lambda: make_game("tictactoe", rows=4)),
        "/nim/regular/positions/?p=(x_5_5_9)": cli_message(lambda: make_game("nim").parse_position("(x 5 5 9)")),
        "/tictactoe/regular/positions/?p=1_xxx------": cli_message(
            lambda: tictactoe.parse_position("(x xxx --- ---)")),
        "/tictactoe/regular/positions/?p=3_---------": None,
        "/tictactoe/regular/positions/": None,
        "/tictactoe/regular/what/": None,
    }
    for path, message in cases.items():
        reply = client.get(path, headers={"Origin": "http://elsewhere.example"})
        assert reply.status_code == 200, path
        assert reply.headers["access-control-allow-origin"] == "*", path
        error = reply.json()["error"]
        assert "\n" not in error and error, path
        if message is not None:
            assert error == message, path


def test_position_strings_survive_a_url_and_read_back():
    rng = random.Random(1)
    for entry in Service().games():
        game = game_from_ids(entry["id"], "regular")
        form = form_of(game)
        position = game.start()
        for _ in range(12):
            text = form.position(game, position)
            assert set(text) <= URL_SAFE | {"_"}, text
            assert form.parse(game, text) == position
            if game.is_over(position):
                break
            position = next_random(game, position, rng)


@pytest.fixture
def live_server():
    """A real uvicorn server on an ephemeral port of 127.0.0.1, stopped afterwards."""
    import uvicorn

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(make_app(), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    try:
        for _ in range(500):
            if server.started:
                break
            threading.Event().wait(0.01)
        assert server.started
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        listener.close()


def test_fifty_concurrent_position_requests_are_all_answered(live_server):
    game = make_game("tictactoe")
    form = form_of(game)
    rng = random.Random(5)
    positions: list[object] = []
    position = game.start()
    while len(positions) < 50:
        positions.append(position)
        position = game.start() if game.is_over(position) else next_random(game, position, rng)

    def fetch(position) -> dict:
        url = f"{live_server}/tictactoe/regular/positions/?p={form.position(game, position)}"
        with urllib.request.urlopen(url, timeout=60) as reply:
            return json.load(reply)

    with ThreadPoolExecutor(max_workers=50) as pool:
        replies = list(pool.map(fetch, positions))
    assert [reply["position"] for reply in replies] == [form.position(game, p) for p in positions]
    assert all(reply["positionValue"] in VALUES for reply in replies)


def test_the_web_door_imports_no_web_framework_until_it_serves():
    code = ("import sys, gamesman.doors.cli, gamesman.doors.web.uwapi; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('starlette', 'uvicorn')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "[]", out.stderr


def test_serve_refuses_a_bad_port_in_one_line():
    out = subprocess.run([sys.executable, "-m", "gamesman", "serve", "--port", "http"], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 2
    assert out.stderr == "gamesman: serve: --port must be a port number from 1 to 65535, not 'http'\n"


def test_a_gamesmanuni_build_is_served_under_uni_with_this_server_as_its_api(tmp_path):
    from gamesman.doors.web.app import PUBLIC_API

    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<html>the app</html>")
    (tmp_path / "assets" / "index.1234.js").write_text(f'const gameAPI="{PUBLIC_API}";')
    (tmp_path / "assets" / "piece.svg").write_text("<svg/>")
    (tmp_path.parent / "secret.txt").write_text("not the app's")
    client = TestClient(make_app(uni=tmp_path))
    assert client.get("/uni/assets/index.1234.js").text == 'const gameAPI="http://testserver/";'
    assert client.get("/uni/assets/piece.svg").text == "<svg/>"
    for deep_link in ("/uni/", "/uni/games/tictactoe/variants/regular", "/uni/assets/missing.js",
                      "/uni/%2e%2e/secret.txt"):
        assert client.get(deep_link).text == "<html>the app</html>", deep_link
    assert client.get("/uni", follow_redirects=False).headers["location"].endswith("/uni/")
    assert client.get("/nim/regular/").json()["startPosition"] == "(x_5_5_5)"  # the API is still there


def test_the_gamesmanuni_build_talks_to_this_server():
    build = gamesmanuni_build()
    if build is None:
        pytest.skip("no GamesmanUni build beside the checkout (set GAMESMANUNI_DIST)")
    from gamesman.doors.web.app import PUBLIC_API

    client = TestClient(make_app(uni=build))
    scripts = sorted(path.name for path in (build / "assets").glob("index*.js"))
    assert scripts
    for name in scripts:
        text = client.get(f"/uni/assets/{name}").text
        assert PUBLIC_API not in text and "http://testserver/" in text, name
    assert "<html" in client.get("/uni/games/tictactoe/variants/regular").text


def test_serve_refuses_a_directory_that_is_no_build(tmp_path):
    out = subprocess.run([sys.executable, "-m", "gamesman", "serve", "--uni", str(tmp_path)], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 2 and out.stderr.count("\n") == 1
    assert "is not a GamesmanUni build" in out.stderr


def test_an_endgame_study_solved_once_is_answered_from_its_database():
    # Dōbutsu shōgi is too large to solve on demand, but the positions of a study solved once with
    # --large (as the CLI does) get their values from its database, draws too; the rest are estimated
    service = Service()
    game = game_from_ids("dshogi", "regular")
    form, study = form_of(game), game.parse_position("(b -l- --- --- -L- C -)")
    assert service.position("dshogi", "regular", form.position(game, study))["positionValue"] == "unsolved"
    solver = Solver(game)
    solver.solve(study)  # into the test's own database, as gamesman solve dobutsu --large STUDY
    seen = set()
    for position in reachable(game, study, 10_000)[::7]:
        reply = service.position("dshogi", "regular", form.position(game, position))
        assert (reply["positionValue"], reply["remoteness"]) == uwapi_result(solver.result(position))
        mover = game.to_move(position)
        expected = {}
        for move in game.moves(position):
            child = game.play(position, move)
            expected[game.format_move(position, move)] = (*uwapi_result(solver.result(child)),
                                                          uwapi_result(solver.move_result(mover, child))[0])
        assert {move["move"]: (move["positionValue"], move["remoteness"], move["moveValue"])
                for move in reply["moves"]} == expected
        seen.update(move["moveValue"] for move in reply["moves"])
    assert seen == {"win", "lose", "draw"}
    assert service.position("dshogi", "regular", form.position(game, game.start()))["positionValue"] == "unsolved"
    assert not service.analyst(game).solving().is_set()  # nor did any request start a solve


def uwapi_result(result) -> tuple[str, int]:
    """UWAPI's value and remoteness of the solver's ``result`` (a draw's remoteness is -200)."""
    value = result.value.value
    return value, -200 if value == "draw" else result.remoteness
