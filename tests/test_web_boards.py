"""Every board the web door hands GamesmanUni can be drawn: the strings fit the image data,
the images are ones the app ships, and the shapes are those of its types
(``src/scripts/apis/gamesCrafters/types.ts``) and of its image board
(``src/components/units/GameBody/ImageAutoGUI.vue``), which reads them as follows: a
board string is ``1_`` or ``2_`` and characters ``[a-zA-Z0-9-.~]``; the board is the part
before the first ``~``, one character per centre, each drawn with its ``charImages``
entry (``-`` draws nothing, ``.`` is a text entity whose text is the next ``~`` part);
a move ``A_t_c`` is a button drawn with the image of ``t`` (an image that defines an
element ``MoveButtonSVG``) on centre ``c``, ``M_a_b`` an arrow and ``L_a_b`` a line between
centres; any other move string is listed beside the board."""
from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any, Hashable

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient  # noqa: E402

from gamesman.contract.game import Game  # noqa: E402
from gamesman.contract.registry import make_game  # noqa: E402
from gamesman.doors.web.app import make_app  # noqa: E402
from gamesman.doors.web.forms import URL_SAFE, form_of  # noqa: E402
from gamesman.doors.web.uwapi import OWN_BOARDS, Service, game_from_ids, web_game_class  # noqa: E402
from gamesman.games.connectfour import ConnectFour  # noqa: E402
from gamesman.games.sim import Sim  # noqa: E402
from gamesman.players.play import next_random  # noqa: E402

from test_web import gamesmanuni_build  # noqa: E402

#: The keys of a theme (``ImageAutoGUITheme``) and of a character's image.
THEME_KEYS = {"space", "centers", "background", "foreground", "charImages", "textEntityFontSize",
              "circleButtonRadius", "lineWidth", "arrowWidth", "textButtonFontSize", "entitiesOverArrows",
              "sounds", "animationType", "defaultAnimationWindow"}
IMAGE_KEYS = {"image", "scale"}
#: What the image board reads as a board string (its own pattern, anchored at the end too).
BOARD_STRING = re.compile(r"([12])_([a-zA-Z0-9\-.~]+)")
#: Positions looked at in each variant: the start and the positions of a few random games.
GAMES_PLAYED, MOVES_PLAYED = 3, 12


def served_variants() -> list[tuple[str, str]]:
    """Every (game id, variant id) that ``GET /`` and ``GET /{game}/`` list."""
    service = Service()
    return [(entry["id"], variant["id"]) for entry in service.games()
            for variant in service.game(entry["id"])["variants"]]


@pytest.fixture(scope="module")
def shipped() -> tuple[set[str], set[str]] | None:
    """The images the GamesmanUni build ships (paths under its ``models/images/svg``), and
    the names of its files that can be drawn as move buttons; None without a build."""
    build = gamesmanuni_build()
    if build is None:
        return None
    script = next((build / "assets").glob("index.*.js")).read_text(errors="replace")
    buttons = {path.name.split(".")[0] for path in (build / "assets").glob("*.svg")
               if "MoveButtonSVG" in path.read_text(errors="replace")}
    return set(re.findall(r"models/images/svg/([\w/.-]+\.svg)", script)), buttons


def positions_of(game: Game[Any, Any], rng: random.Random) -> list[Hashable]:
    """The start and the positions of a few random games from it."""
    found = [game.start()]
    for _ in range(GAMES_PLAYED):
        position = game.start()
        for _ in range(MOVES_PLAYED):
            if game.is_over(position):
                break
            position = next_random(game, position, rng)
            found.append(position)
    return found


def check_theme(data: dict[str, Any]) -> dict[str, Any]:
    """The default theme of ``data``, checked against GamesmanUni's types."""
    assert set(data) <= {"defaultTheme", "themes", "ambience"} and data["defaultTheme"] in data["themes"]
    theme = data["themes"][data["defaultTheme"]]
    assert set(theme) <= THEME_KEYS and {"space", "centers", "charImages"} <= set(theme)
    assert len(theme["space"]) == 2 and all(isinstance(side, (int, float)) and side > 0 for side in theme["space"])
    assert all(len(center) == 2 and all(isinstance(x, (int, float)) for x in center) for center in theme["centers"])
    for char, image in theme["charImages"].items():
        assert re.fullmatch(r"[a-zA-Z0-9-]", char) and char != "-", char
        assert set(image) == IMAGE_KEYS and isinstance(image["scale"], (int, float)), image
    return theme


def check_board(text: str, theme: dict[str, Any]) -> None:
    """A board string that draws: one character per centre, each with an image, or ``-``,
    or ``.`` with a text of its own."""
    shape = BOARD_STRING.fullmatch(text)
    assert shape is not None, text
    board, *texts = shape[2].split("~")
    assert len(board) == len(theme["centers"]), text
    assert set(board) - {"-", "."} <= set(theme["charImages"]), text
    assert board.count(".") == len(texts), text


def check_move(move: str, theme: dict[str, Any], buttons: set[str] | None) -> None:
    """A move string that draws on the board's centres (or is listed beside it)."""
    count = len(theme["centers"])
    placed = re.fullmatch(r"A_([a-zA-Z0-9-])_(\d+)_[a-zA-Z0-9-]", move)
    if placed:
        assert placed[1] in theme["charImages"] and int(placed[2]) < count, move
        if buttons is not None:  # the image must be one the app draws as a button
            assert Path(theme["charImages"][placed[1]]["image"]).stem in buttons, move
        return
    joined = re.fullmatch(r"[ML]_(\d+)_(\d+)_[a-zA-Z0-9-]", move)
    if joined:
        assert int(joined[1]) < count and int(joined[2]) < count and joined[1] != joined[2], move
        return
    assert not re.match(r"(A|M|L|T|LQ|LC|LA)_", move), move  # a listed button, not a broken drawn one


@pytest.mark.parametrize("game_id, variant", served_variants())
def test_every_listed_board_is_drawn_with_the_apps_images(game_id, variant, shipped):
    game = game_from_ids(game_id, variant)
    form = form_of(game)
    data = form.image_autogui_data(game)
    if data is None:
        assert game_id in OWN_BOARDS, f"{game_id} {variant} is not drawn"
        return
    theme = check_theme(data)
    if shipped is not None:
        images, buttons = shipped
        drawn = {image["image"] for image in theme["charImages"].values()}
        drawn |= {theme[key] for key in ("background", "foreground") if key in theme}
        assert drawn <= images, drawn - images
    for position in positions_of(game, random.Random(f"{game_id} {variant}")):
        check_board(form.autogui_position(game, position), theme)
        text = form.position(game, position)
        assert set(text) <= URL_SAFE | {"_"} and form.parse(game, text) == position, text
        if game.players == 2:
            assert form.autogui_position(game, position)[0] == str(game.to_move(position) + 1)
        moves = [form.autogui_move(game, position, move, game.play(position, move)) for move in game.moves(position)]
        assert len(set(moves)) == len(moves), moves  # GamesmanUni finds a move by its string
        for move in moves:
            check_move(move, theme, None if shipped is None else shipped[1])


def test_sim_is_drawn_by_gamesmanunis_own_sim_board():
    # CustomGUISim.vue reads ``1_`` and fifteen edges (x blue, anything else red, - free) from
    # the position, and the move's nodes from the two digits of its name
    game = Sim()
    form = form_of(game)
    for position in positions_of(game, random.Random(5)):
        text = form.position(game, position)
        assert re.fullmatch(r"[12]_[xo-]{15}", text) and form.parse(game, text) == position, text
        assert int(text[0]) == game.to_move(position) + 1
        for move in game.moves(position):
            first, second = game.edges[move]
            assert form.move_name(game, position, move) == f"{first + 1}{second + 1}"
    # a Sim that board cannot draw is not listed (asked for, it is served as text)
    listed = [variant["id"] for variant in Service().game("sim")["variants"]]
    assert listed == ["regular"] and make_game("sim", nodes=5).capabilities.uwapi_board is False


def test_known_games_go_by_gamesmanunis_ids_and_variant_names():
    client = TestClient(make_app())
    ids = {entry["id"] for entry in client.get("/").json()}
    assert {"tictactoe", "connect4", "0to10by1or2", "sim"} <= ids
    assert not {"connectfour", "onetwoten"} & ids  # their CLI names are not the web's
    connect4 = client.get("/connect4/").json()["variants"]
    assert [variant["id"] for variant in connect4][:2] == ["6x7", "4x4"]
    variant = client.get("/connect4/6x6/").json()
    assert game_from_ids("connect4", "6x6").settings == make_game("connectfour", rows=6, cols=6).settings
    assert variant["imageAutoGUIData"]["themes"]["regular"]["foreground"] == "connect4/foreground6x6.svg"
    assert web_game_class("connectfour") is web_game_class("connect4")  # the CLI name is still taken
    # GamesCrafters' Nim names a variant by its heaps: equal heaps, any number taken
    assert game_from_ids("nim", "3_3_3").settings == make_game("nim", heaps=3, size=3, take=3).settings
    assert client.get("/nim/4_4_4_4/").json()["id"] == "4_4_4_4"


def test_connect4_is_written_as_gamesmanclassic_writes_it():
    # mconnect4.c: the columns from the left, each from its top; X the first player's piece
    game = ConnectFour()
    form = form_of(game)
    after = game.play(game.play(game.start(), 0), 0)  # x then o in column a
    board = form.autogui_position(game, after)[2:2 + game.rows * game.cols]
    assert board[:game.rows] == "----OX" and set(board[game.rows:]) == {"-"}
    assert form.autogui_position(game, after)[0] == "1"


@pytest.mark.parametrize("game_id, text, bad", [("tictactoe", "1_xx", "nine cells"), ("tictactoe", "3_---------", "1_ or 2_"),
                                                ("sim", "2_xo", "15 edges")])
def test_a_bad_board_string_is_one_line_naming_it(game_id, text, bad):
    reply = TestClient(make_app()).get(f"/{game_id}/regular/positions/", params={"p": text}).json()
    assert set(reply) == {"error"} and bad in reply["error"] and text in reply["error"]
    assert "\n" not in reply["error"]


def test_quixo_is_written_as_gamesmanone_writes_it():
    # quixo.c: the cubes row by row (B for a neutral one); a move M_<cube>_<tip>_x, the tips of
    # the pushes that carry the cube right first (its kLeft: the row slides left), then left,
    # down, up; on 3x3 kLeft's cubes are 0, 1, 3, 6, 7 and kUp's (carried down) 0, 1, 2, 3, 5
    game = game_from_ids("quixo", "3x3")
    form = form_of(game)
    start = game.start()
    assert form.autogui_position(game, start)[:11] == "1_BBBBBBBBB"
    arrows = {form.autogui_move(game, start, move, game.play(start, move)) for move in game.moves(start)}
    assert {arrow_cube(move, 9) for move in arrows if arrow_tip_block(move, 9) == 1} == {0, 1, 3, 6, 7}
    assert {arrow_cube(move, 9) for move in arrows if arrow_tip_block(move, 9) == 3} == {0, 1, 2, 3, 5}
    after = game.play(start, game.parse_move(start, "a1-c1"))
    assert form.autogui_move(game, start, game.parse_move(start, "a1-c1"), after) == "M_0_9_x"
    assert form.autogui_position(game, after)[:11] == "2_BBXBBBBBB"


def arrow_tip_block(move: str, cells: int) -> int:
    """Which block of centres an arrow ``M_<cube>_<tip>_s`` points at (0: the cubes)."""
    return int(move.split("_")[2]) // cells


def arrow_cube(move: str, cells: int) -> int:
    """The cube an arrow starts from."""
    return int(move.split("_")[1])


def test_dobutsu_is_written_as_gamesmanone_writes_it():
    # dshogi.c: the squares row by row, then the hands' counts as letters (G/B, E/A, C/D for one
    # or two of b's, lower case for w's); a drop A_<kind>_<kind * 12 + square + 18>_y
    game = game_from_ids("dshogi", "regular")
    form = form_of(game)
    assert form.autogui_position(game, game.start())[:20] == "1_gle-c--C-ELG------"
    position = game.parse_position("(b gl- --- -E- -LG CC e)")
    assert form.autogui_position(game, position)[:20] == "1_gl-----E--LG--D-e-"
    drop = game.parse_move(position, "C*c2")
    assert form.autogui_move(game, position, drop, game.play(position, drop)) == f"A_2_{2 * 12 + 5 + 18}_y"
    step = game.parse_move(position, "b4-a3")
    assert form.autogui_move(game, position, step, game.play(position, step)) == "M_10_6_x"
    # UWAPI's theme slides a piece that moves to its new square (a capture too), not fades it
    assert form.image_autogui_data(game)["themes"]["regular"]["animationType"] == "simpleSlides"
