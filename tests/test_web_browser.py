"""GamesmanUni in a real browser: ``gamesman serve --uni`` and headless Chromium.

The app is GamesCrafters' own build (``shared/gamesmanuni/dist`` beside the checkout),
the browser Debian's ``chromium`` driven through Debian's ``chromedriver`` by Selenium.
Each test opens ``/uni/``, goes to a game through the app's own links, switches the
move values on in the game's options and plays by clicking the board, as a person
would; after every move the cells drawn and the colour of every move shown are
compared with our game and our solver.  A variant the server does not solve must still
be a game in progress in the app.  Without the build or the browser the tests
are skipped, unless GAMESMAN_BROWSER_TESTS=required (as CI runs them), which makes
that a failure.  GAMESMAN_SCREENSHOTS=DIR saves a picture of each board there (the
ones in docs/ were taken so).
"""
from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any, Callable, Hashable, Iterator

import pytest

from gamesman.contract.game import Game
from gamesman.contract.registry import make_game
from gamesman.doors.web.forms import form_of
from gamesman.solver.results import Result
from gamesman.solver.strong import Solver
from gamesmanuni import gamesmanuni_build

pytestmark = pytest.mark.slow

#: Debian's browser and its driver (packages ``chromium`` and ``chromium-driver``).
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
#: A browser that does nothing but show our pages: no GPU, sandbox, QUIC, first-run
#: pages, background traffic, component updates or sync.
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--window-size=1100,900")
#: The values GamesmanUni colours moves by (a draw has the colour of a tie; neither game has draws).
COLOURED_VALUES = ("win", "tie", "lose")
#: Seconds to wait for the app to draw what it was sent.
PATIENCE = 60.0
#: Seconds to wait for the server to solve a variant (4x5 Connect Four takes some 15 s).
SOLVE_PATIENCE = 600.0


def unavailable(reason: str) -> None:
    """Skip: the browser test cannot run here; a failure where it must (CI)."""
    if os.environ.get("GAMESMAN_BROWSER_TESTS") == "required":
        pytest.fail(f"{reason}, and GAMESMAN_BROWSER_TESTS=required")
    pytest.skip(reason)


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def fetch_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=PATIENCE) as reply:
        return json.load(reply)


def eventually(read: Callable[[], Any], expected: Any, seconds: float = PATIENCE) -> Any:
    """What ``read()`` gives once it is ``expected``, else its last reading: the app
    redraws after the server's reply and a short animation."""
    deadline = time.monotonic() + seconds
    while True:
        seen = read()
        if seen == expected or time.monotonic() > deadline:
            return seen
        time.sleep(0.1)


@pytest.fixture(scope="module")
def server_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The server's database directory (a test may solve into it, as ``gamesman solve`` would)."""
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, server_cache: Path) -> Iterator[str]:
    """``gamesman serve --uni BUILD --port P`` in a process of its own, and its address."""
    build = gamesmanuni_build()
    if build is None:
        unavailable("no GamesmanUni build in ../shared/gamesmanuni/dist beside the checkout")
    pytest.importorskip("uvicorn")
    port, log = free_port(), tmp_path_factory.mktemp("serve") / "serve.log"
    env = {**os.environ, "GAMESMAN_CACHE": str(server_cache)}
    with log.open("w") as out:
        process = subprocess.Popen([sys.executable, "-m", "gamesman", "serve", "--uni", str(build),
                                    "--port", str(port)], stdout=out, stderr=subprocess.STDOUT, env=env)
    address = f"http://127.0.0.1:{port}"
    try:
        def listening() -> bool:
            assert process.poll() is None, log.read_text()
            try:
                return bool(fetch_json(address + "/"))
            except OSError:
                return False

        assert eventually(listening, True), log.read_text()
        yield address
    finally:
        process.terminate()
        process.wait(timeout=60)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Headless Chromium with a fresh profile, driven by Selenium."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service as DriverService
    except ImportError:
        unavailable("no selenium (pip install '.[test]')")
    if not (CHROMIUM.is_file() and CHROMEDRIVER.is_file()):
        unavailable(f"no {CHROMIUM} and {CHROMEDRIVER} (apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in CHROMIUM_FLAGS + (f"--user-data-dir={tmp_path_factory.mktemp('profile')}",):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=DriverService(str(CHROMEDRIVER)), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def wait_for_values(server: str, game_id: str, variant: str) -> None:
    """Wait until the server answers the variant's start with a value (its solve is done),
    so that the app is sent values and not the search player's ``unsolved``."""
    start = fetch_json(f"{server}/{game_id}/{variant}/")["startPosition"]
    valued = eventually(lambda: fetch_json(f"{server}/{game_id}/{variant}/positions/?p={start}")["positionValue"]
                        != "unsolved", True, SOLVE_PATIENCE)
    assert valued, f"{game_id}/{variant} is still unsolved"


def click(driver: Any, css: str) -> None:
    """Click the element ``css`` finds, once the app has drawn it."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.wait import WebDriverWait

    WebDriverWait(driver, PATIENCE).until(expected_conditions.element_to_be_clickable((By.CSS_SELECTOR, css))).click()


def open_game(driver: Any, server: str, game_id: str, variant: str, start: str | None = None) -> None:
    """From the app's home page through its own links to the variant's board (the app opens
    the only variant of a game itself), or to ``start`` by the app's link to a position."""
    driver.get(f"{server}/uni/")
    click(driver, 'nav a[href="/uni/games"]')
    click(driver, f'a[href="/uni/games/{game_id}/variants"]')
    game_page = f"/uni/games/{game_id}/variants/{variant}"
    if not eventually(lambda: driver.current_url.endswith(game_page), True, 2.0):
        click(driver, f'a[href="{game_page}"]')
    if start is not None:
        driver.get(f"{server}{game_page}/{start}")
    click(driver, 'button[title="Options"]')
    switch(driver, "Available Moves' Position Value Predictions", True)  # the move values
    # A move under the pointer is drawn in the highlight's colour, not its value's; one
    # clicked on stays so when the app redraws it on the same spot for the next position.
    switch(driver, "Move Highlighting", False)
    click(driver, "#x-button")


def switch(driver: Any, option: str, on: bool) -> None:
    """Switch the game's ``option`` (its label in the options) ``on`` or off."""
    from selenium.webdriver.common.by import By

    toggle = driver.find_element(By.XPATH, f"//label[normalize-space()=\"{option}\"]"
                                           "/preceding-sibling::input[@type='checkbox']")
    if toggle.is_selected() != on:
        toggle.click()
    assert toggle.is_selected() == on, option


def value_colours(driver: Any) -> dict[str, str]:
    """The colour the app's theme gives each value, as the browser computes colours."""
    colours: dict[str, str] = driver.execute_script("""
        const probe = document.createElement("span"), colours = {};
        document.querySelector("#app").appendChild(probe);
        for (const value of arguments[0]) {
            probe.style.color = `var(--${value}Color)`;
            colours[value] = getComputedStyle(probe).color;
        }
        probe.remove();
        return colours;""", COLOURED_VALUES)
    assert len(set(colours.values())) == len(COLOURED_VALUES), colours  # the colours tell the values apart
    return colours


def message(driver: Any) -> str:
    """The app's message about the position (whose turn, who should win, who won)."""
    found: str = driver.execute_script("""
        const message = document.querySelector("#app-game-body-statistics-message");
        return message ? message.innerText.trim() : "";""")
    return found


def shown_value(driver: Any) -> str:
    """The value the app's message gives the position (the class of its ``mark``), or ''."""
    found: str = driver.execute_script("""
        const mark = document.querySelector("#app-game-body-statistics-message mark");
        return mark ? mark.className.replace("uni-", "") : "";""")
    return found


class Board:
    """How the app draws a game's board, read and clicked as a person would: the variant it
    opens (and the file its picture goes to), the rows it should show, and where each move
    is (a move's key: its cell, or its column)."""

    game_id, variant, picture = "", "", ""

    def game(self) -> Game[Any, Any]:
        raise NotImplementedError

    def rows(self, game: Game[Any, Any], position: Hashable) -> list[str]:
        """The rows the board should show, top first."""
        rows: list[str] = game.format_position(position).strip("()").split()[1:]
        return rows

    def start(self, game: Game[Any, Any]) -> Hashable:
        """The position the test plays from (the app's link to it, if not the start)."""
        return game.start()

    def key(self, game: Game[Any, Any], position: Hashable, move: Hashable) -> Hashable:
        """Where ``move`` is on the board (both games' moves are that number)."""
        return int(move)  # type: ignore[call-overload]

    def drawn(self, driver: Any) -> tuple[list[str], dict[Any, str]]:
        """The rows drawn, top first, and the colour of each move shown, by key."""
        raise NotImplementedError

    def click(self, driver: Any, key: Any) -> None:
        """Play the move at ``key``."""
        raise NotImplementedError


class TicTacToeBoard(Board):
    """GamesmanUni's own tic-tac-toe board (``svg#custom-gui-tictactoe``): a cell's x is two
    lines that have length, its o a circle drawn in full; a move is a small circle in the
    move's colour and a square to click on its cell."""

    game_id, variant, picture = "tictactoe", "regular", "web-tictactoe.png"

    def game(self) -> Game[Any, Any]:
        return make_game("tictactoe")

    def drawn(self, driver: Any) -> tuple[list[str], dict[int, str]]:
        cells, hints = driver.execute_script("""
            const board = document.querySelector("#custom-gui-tictactoe");
            if (!board) return ["", []];
            let cells = "";
            for (let cell = 0; cell < 9; cell++) {
                const stroke = board.querySelector("#xa" + cell), ring = board.querySelector("#o" + cell);
                cells += stroke.getAttribute("x1") !== stroke.getAttribute("x2") ? "x"
                       : ring.getAttribute("stroke-dashoffset") === "0" ? "o" : "-";
            }
            const hints = [...board.querySelectorAll("circle[class^='hint-']")].map(hint =>
                [Math.round((hint.getAttribute("cx") - 11) / 22) + 3 * Math.round((hint.getAttribute("cy") - 11) / 22),
                 getComputedStyle(hint).fill]);
            return [cells, hints];""")
        return [cells[at:at + 3] for at in range(0, len(cells), 3)], dict(hints)

    def click(self, driver: Any, cell: int) -> None:
        click(driver, f'#custom-gui-tictactoe g.button rect[x="{1 + 22 * (cell % 3)}"][y="{1 + 22 * (cell // 3)}"]')


class ConnectFourBoard(Board):
    """Where the app draws Connect Four: the one part of these tests that knows it.

    Served as GamesCrafters' ``connect4`` and drawn by GamesmanUni's image board
    (``svg#image-autogui``) on a space of ``cols`` by ``rows + 1`` units, the top one
    for the arrows: pieces are ``image.entity`` elements (the shipped blue and red
    circles, an empty cell a small dot), a move is an arrow (``path.iag-button-arrow``)
    above its column, filled with the move's colour.  Cells are found from where things
    are drawn on the board's ``viewBox`` (less a margin of 2 on each side).  A move's key
    is its column."""

    game_id, variant, picture = "connect4", "4x5", "web-connectfour.png"
    rows_count, cols_count = 4, 5
    pieces = {"blue_circle": "x", "red_circle": "o"}

    def game(self) -> Game[Any, Any]:
        return make_game("connectfour", rows=self.rows_count, cols=self.cols_count)

    def rows(self, game: Game[Any, Any], position: Hashable) -> list[str]:
        """The rows the board should show, top first (the position string gives the bottom row first)."""
        return super().rows(game, position)[::-1]

    def _places(self, driver: Any) -> tuple[list[list[Any]], list[list[Any]]]:
        """The pieces drawn (row from the top, column, image) and the arrows (column, fill, element)."""
        found: tuple[list[list[Any]], list[list[Any]]] = driver.execute_script("""
            const board = document.querySelector("#image-autogui");
            if (!board) return [[], []];
            const [rows, cols] = arguments, box = board.viewBox.baseVal;
            const middle = element => {
                const drawn = element.getBBox();
                return [Math.floor((drawn.y + drawn.height / 2) / ((box.height - 4) / (rows + 1))),
                        Math.floor((drawn.x + drawn.width / 2) / ((box.width - 4) / cols))];
            };
            return [[...board.querySelectorAll("image.entity")].map(piece => {
                        const [row, col] = middle(piece);
                        return [row - 1, col, piece.getAttribute("href")];
                    }),
                    [...board.querySelectorAll("path.iag-button-arrow")].map(arrow =>
                        [middle(arrow)[1], getComputedStyle(arrow).fill, arrow])];""",
                                                                           self.rows_count, self.cols_count)
        return found

    def drawn(self, driver: Any) -> tuple[list[str], dict[int, str]]:
        pieces, arrows = self._places(driver)
        cells = [["-"] * self.cols_count for _ in range(self.rows_count)]
        for row, col, image in pieces:
            cells[row][col] = next((mark for name, mark in self.pieces.items() if name in image), "-")
        return ["".join(row) for row in cells], {col: fill for col, fill, _ in arrows}

    def click(self, driver: Any, column: int) -> None:
        next(arrow for col, _, arrow in self._places(driver)[1] if col == column).click()


class StandardConnectFourBoard(ConnectFourBoard):
    """The standard board, 6x7, drawn in GamesCrafters' frame (its empty cells no image)."""

    variant, picture = "6x7", "web-connectfour-6x7.png"
    rows_count, cols_count = 6, 7


class AutoguiBoard(Board):
    """A board that GamesmanUni's image board (``svg#image-autogui``) draws from the image data
    the game gives, read back by geometry alone: each character of the board string an
    ``image.entity`` (its id ``entityN``, N the centre) with its character's image, each move
    an arrow (``path.iag-button-arrow``, from one centre towards another) or a button
    (``.iag-button-point``, drawn with its token's image on a centre), its class naming the
    value whose colour fills it.  The rows are the board string, one row, with what draws
    nothing as ``-``; a move's key is where its shape is.  Moves are clicked by
    the click event on their shape (two arrows may cross at their middles)."""

    #: The game's options.
    options: dict[str, Any] = {}

    def game(self) -> Game[Any, Any]:
        return make_game(self.name, **self.options)

    @property
    def name(self) -> str:
        return {"dshogi": "dobutsu"}.get(self.game_id, self.game_id)

    def theme(self, game: Game[Any, Any]) -> dict[str, Any]:
        data = form_of(game).image_autogui_data(game)
        assert data is not None
        theme: dict[str, Any] = data["themes"][data["defaultTheme"]]
        return theme

    def rows(self, game: Game[Any, Any], position: Hashable) -> list[str]:
        board = form_of(game).autogui_position(game, position)[2:].split("~")[0]
        return ["".join(char if char in self.theme(game)["charImages"] else "-" for char in board)]

    def key(self, game: Game[Any, Any], position: Hashable, move: Hashable) -> Hashable:
        kind, token, at = form_of(game).autogui_move(game, position, move, game.play(position, move)).split("_")[:3]
        if kind == "A":
            return self.place_key(game, token, self.centers(game)[int(at)])
        return self.arrow_key(game, int(token), self.centers(game)[int(at)])

    def centers(self, game: Game[Any, Any]) -> list[tuple[float, float]]:
        """The centres as the app draws them, the board 100 units wide."""
        theme = self.theme(game)
        scale = 100 / theme["space"][0]
        return [(x * scale, y * scale) for x, y in theme["centers"]]

    def arrow_key(self, game: Game[Any, Any], start: int, tip: tuple[float, float]) -> str:
        """An arrow's key: the centre it comes from and the point it ends at (two centres may
        lie on one point, as Quixo's tips between two cubes do)."""
        return f"M_{start}_{round(tip[0], 1)}_{round(tip[1], 1)}"

    def place_key(self, game: Game[Any, Any], token: str, point: tuple[float, float]) -> str:
        """A button's key: its token and the point it is drawn on."""
        return f"A_{token}_{round(point[0], 1)}_{round(point[1], 1)}"

    def _shapes(self, driver: Any) -> tuple[list[list[Any]], list[list[Any]]]:
        """The entities drawn (centre, image) and the moves (kind, geometry, value, element)."""
        found: tuple[list[list[Any]], list[list[Any]]] = driver.execute_script("""
            const board = document.querySelector("#image-autogui");
            if (!board) return [[], []];
            const name = href => href.split("/").pop().split("#")[0].replace(/\\.[0-9a-f]+\\.svg$|\\.svg$/, "");
            const colours = {}, probe = document.createElement("span");
            board.parentNode.appendChild(probe);
            for (const value of ["win", "tie", "draw", "lose", "unsolved"]) {
                probe.style.color = `var(--${value}Color)`;
                colours[value] = getComputedStyle(probe).color;
            }
            probe.remove();
            const value = shape => {  // the value its class names, if it is filled with that value's colour
                const hint = [...shape.classList].find(name => name.startsWith("hint-")).slice(5);
                return getComputedStyle(shape).fill === colours[hint] ? hint : getComputedStyle(shape).fill;
            };
            return [[...board.querySelectorAll("image.entity")].map(entity =>
                        [+entity.id.slice(6), name(entity.getAttribute("href"))]),
                    [...board.querySelectorAll("path.iag-button-arrow")].map(arrow =>
                        ["M", arrow.getAttribute("d"), value(arrow), arrow]).concat(
                    [...board.querySelectorAll(".iag-button-point")].map(point =>
                        ["A", [point.style.getPropertyValue("--tOrigin"), name(point.getAttribute("href") || "")],
                         value(point), point]))];""")
        return found

    def _move_key(self, game: Game[Any, Any], kind: str, geometry: Any) -> str:
        """The key of an arrow's path, or of a button's centre and image."""
        centers = self.centers(game)

        def nearest(x: float, y: float) -> tuple[float, float]:
            return min(centers, key=lambda center: (center[0] - x) ** 2 + (center[1] - y) ** 2)

        numbers = [float(number) for number in re.findall(r"-?[0-9.]+(?:e-?[0-9]+)?", geometry if kind == "M"
                                                           else geometry[0])]
        if kind == "A":
            images = {image["image"].split("/")[-1].removesuffix(".svg"): char
                      for char, image in self.theme(game)["charImages"].items()}
            return self.place_key(game, images.get(geometry[1], ""), nearest(*numbers[:2]))
        # the arrow's path: its tail's corners are points 0 and 6, its tip point 3, drawn 3 units
        # after the centre it comes from and 2 before the centre it points at
        tail = ((numbers[0] + numbers[12]) / 2, (numbers[1] + numbers[13]) / 2)
        tip = (numbers[6], numbers[7])
        length = ((tip[0] - tail[0]) ** 2 + (tip[1] - tail[1]) ** 2) ** 0.5
        way = ((tip[0] - tail[0]) / length, (tip[1] - tail[1]) / length)
        start = centers.index(nearest(tail[0] - 3 * way[0], tail[1] - 3 * way[1]))
        return self.arrow_key(game, start, nearest(tip[0] + 2 * way[0], tip[1] + 2 * way[1]))

    def drawn(self, driver: Any) -> tuple[list[str], dict[Any, str]]:
        game = self.game()
        entities, moves = self._shapes(driver)
        images = {image["image"].split("/")[-1].removesuffix(".svg"): char
                  for char, image in self.theme(game)["charImages"].items()}
        size = len(self.rows(game, self.start(game))[0])
        cells = ["-"] * size
        for center, image in entities:
            cells[center] = images.get(image, "?")
        return ["".join(cells)], {self._move_key(game, kind, geometry): value for kind, geometry, value, _ in moves}

    def click(self, driver: Any, key: Any) -> None:
        game = self.game()
        shape = next(element for kind, geometry, _, element in self._shapes(driver)[1]
                     if self._move_key(game, kind, geometry) == key)
        driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", shape)


class QuixoBoard(AutoguiBoard):
    """Quixo 3x3, which the server solves: cubes, and pushes as short arrows."""

    game_id, variant, picture = "quixo", "3x3", "web-quixo-3x3.png"
    options = {"size": 3}


class DobutsuStudyBoard(AutoguiBoard):
    """Dōbutsu shōgi from a study of the lions and a chick each, solved once into the server's
    database: steps, captures, drops from the hands, a promotion and draws."""

    game_id, variant, picture = "dshogi", "regular", "web-dobutsu-study.png"
    study = "(b -l- -c- -C- -L- - -)"

    def start(self, game: Game[Any, Any]) -> Hashable:
        return game.parse_position(self.study)


def play(driver: Any, board: Board, opening: list[Hashable], plies: int, screenshot_after: int) -> None:
    """Play ``opening`` and then the solver's best moves by clicking, ``plies`` moves or to the
    end; check the board, the position's value and every move's colour before each move."""
    game = board.game()
    solver = Solver(game, database=None)
    values = {colour: value for value, colour in value_colours(driver).items()}

    def drawn() -> tuple[list[str], dict[int, str]]:  # each move's colour read as the value it shows
        rows, hints = board.drawn(driver)
        return rows, {key: values.get(colour, colour) for key, colour in hints.items()}

    position = board.start(game)
    for ply in range(plies + 1):
        mover = game.to_move(position)
        expected = (board.rows(game, position),
                    {board.key(game, position, move): value_of(solver.move_result(mover, game.play(position, move)))
                     for move in ([] if game.is_over(position) else game.moves(position))})
        assert eventually(drawn, expected) == expected, f"after {ply} moves"
        value = value_of(solver.result(position))
        assert eventually(lambda: shown_value(driver), value) == value, f"after {ply} moves"
        if ply == screenshot_after and os.environ.get("GAMESMAN_SCREENSHOTS"):
            picture = Path(os.environ["GAMESMAN_SCREENSHOTS"]) / board.picture
            driver.find_element("css selector", "#app-game-body").screenshot(str(picture))
        if game.is_over(position) or ply == plies:
            return
        move = (game.parse_move(position, opening[ply]) if isinstance(opening[ply], str) else opening[ply]) \
            if ply < len(opening) else min(solver.best_moves(position))  # type: ignore[type-var]
        board.click(driver, board.key(game, position, move))
        position = game.play(position, move)


def value_of(result: Result) -> str:
    """The solver's value as GamesmanUni names it (both games here are solved to values)."""
    assert result.value is not None, result
    return result.value.value


def page_errors(driver: Any, server: str) -> list[str]:
    """The errors in the browser's console, less failures to reach other hosts (the app asks
    Google for its fonts, which a machine without a network does not reach)."""
    return [entry["message"] for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE" and not (entry["source"] == "network"
                                                   and not entry["message"].startswith(server))]


def test_a_tictactoe_game_in_gamesmanuni_shows_the_solvers_values(server, browser):
    board = TicTacToeBoard()
    wait_for_values(server, board.game_id, board.variant)
    open_game(browser, server, board.game_id, board.variant)
    # x takes the centre, o an edge (a loss), and then both play their best: x wins
    play(browser, board, opening=[4, 1], plies=9, screenshot_after=2)
    assert page_errors(browser, server) == []


def test_a_connectfour_opening_in_gamesmanuni_shows_the_solvers_values(server, browser):
    board = ConnectFourBoard()
    wait_for_values(server, board.game_id, board.variant)
    open_game(browser, server, board.game_id, board.variant)
    play(browser, board, opening=[0], plies=5, screenshot_after=5)
    assert page_errors(browser, server) == []


def test_the_standard_connect_four_start_shows_exact_values(server, browser):
    # 6x7 is too large to solve, but the door answers it exactly from the opening book
    board = StandardConnectFourBoard()
    wait_for_values(server, board.game_id, board.variant)
    open_game(browser, server, board.game_id, board.variant)
    play(browser, board, opening=[], plies=0, screenshot_after=0)
    assert page_errors(browser, server) == []


def test_a_position_the_server_does_not_solve_is_still_in_play(server, browser):
    # Hex is never solved on demand: the search player orders its moves, all unsolved
    game = make_game("hex")
    open_game(browser, server, "hex", "regular")
    assert eventually(lambda: message(browser), "Player 1's turn.") == "Player 1's turn."
    buttons = "#image-autogui .iag-button-point.move.hint-unsolved"
    assert eventually(lambda: len(browser.find_elements("css selector", buttons)), len(game.moves(game.start()))) == \
        len(game.moves(game.start()))
    assert page_errors(browser, server) == []


def test_a_quixo_game_in_gamesmanuni_shows_the_solvers_values(server, browser):
    # every push an arrow from its cube, coloured by the solver's value, played to the end
    board = QuixoBoard()
    wait_for_values(server, board.game_id, board.variant)
    open_game(browser, server, board.game_id, board.variant)
    play(browser, board, opening=["b1-b3"], plies=12, screenshot_after=1)
    assert page_errors(browser, server) == []


def test_a_dobutsu_study_solved_once_shows_its_values_and_draws(server, server_cache, browser):
    # too large to solve on demand, but a study solved once with --large is answered from its
    # database: b's chick takes w's, w's lion takes it, b drops the chick it holds on the far
    # rank (where it stays a chick), w may then draw by a drop, and both play on
    board = DobutsuStudyBoard()
    solved = subprocess.run([sys.executable, "-m", "gamesman", "solve", "dobutsu", "--large", board.study],
                            env={**os.environ, "GAMESMAN_CACHE": str(server_cache)}, capture_output=True, text=True)
    assert solved.returncode == 0, solved.stderr
    game = board.game()
    start = form_of(game).position(game, board.start(game))
    open_game(browser, server, board.game_id, board.variant, start)
    play(browser, board, opening=["b3-b2", "b1-b2", "C*a1"], plies=14, screenshot_after=3)
    assert page_errors(browser, server) == []
