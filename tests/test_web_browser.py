"""End to end in a real headless Chromium (Debian's `chromium`, driven by Playwright): the server
runs as `wordguess serve` on a free loopback port; one small page object per page knows its
selectors; a screenshot of each important step goes to build/screenshots/ for a person to look at."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from wordguess.engine.candidates import filter_candidates
from wordguess.engine.puzzle import PuzzleSpec
from wordguess.games import get_game
from wordguess.lists import load_words
from wordguess.play.assistant import Assistant
from wordguess.strategies import get_strategy

playwright_api = pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")
CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (make test installs it)")

SHOTS = Path(__file__).resolve().parent.parent / "build" / "screenshots"
WORDLE = get_game("wordle")
ANSWERS = list(load_words("wordle-answers"))
CLICKS = {".": 0, "Y": 1, "G": 2}  # clicks from grey to each mark


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    port = free_port()
    process = subprocess.Popen([sys.executable, "-c", "from wordguess.cli import main; main()", "serve", "--port", str(port)],
                               env={**os.environ, "WORDGUESS_WEB_KEY": "browser tests"})
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(f"{url}/api/games", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        else:
            raise RuntimeError("the server did not start")
        yield url
    finally:
        process.terminate()
        process.wait(10)


@pytest.fixture(scope="module")
def browser():
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM)
        yield launched
        launched.close()


@pytest.fixture
def page(browser, server, request):
    context = browser.new_context(viewport={"width": 1100, "height": 900}, base_url=server)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "status of 4" not in m.text else None)
    yield page
    context.close()
    assert errors == [], errors


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def tile_rows(container) -> list[tuple[str, str]]:
    """Return the coloured rows of tiles inside a locator as (word, marks G/Y/.)."""
    marks = {"mark-right": "G", "mark-elsewhere": "Y", "mark-absent": "."}
    rows = container.evaluate("""box => [...box.querySelectorAll('.row[role=img]')].map(row =>
        [...row.querySelectorAll('.tile')].map(t => [t.textContent, t.className]))""")
    out = []
    for tiles in rows:
        word = "".join(letter for letter, _ in tiles).lower()
        code = "".join(next((m for c, m in marks.items() if c in cls), "") for _, cls in tiles)
        if code and len(code) == len(tiles):
            out.append((word, code))
    return out


class AssistantPage:
    """The assistant: a guess box prefilled with the suggestion, its tiles, the turns so far."""

    def __init__(self, page):
        self.page = page

    def open(self, game: str = "wordle", world: str = "closed"):
        self.page.goto("/#assist")
        self.page.wait_for_selector("body[data-ready=true]")
        form = self.page.locator("#assist-setting")
        form.locator("select[name=game]").select_option(game)
        form.locator("select[name=world]").select_option(world)
        self.wait_for_turns(0)
        return self

    def wait_for_turns(self, n: int):
        self.page.wait_for_selector(f"body[data-assist-turns='{n}']", timeout=60_000)
        self.page.wait_for_function("() => document.querySelector('#assist-guess').value !== '' || "
                                    "document.querySelector('#assist-count').textContent.startsWith('Solved')")

    def guess(self) -> str:
        return self.page.locator("#assist-guess").input_value()

    def set_tiles(self, marks: str):
        """Click each tile as many times as its mark needs (grey → yellow → green)."""
        for i, mark in enumerate(marks):
            for _ in range(CLICKS[mark]):
                self.page.locator(f"#assist-tiles button[data-index='{i}']").click()

    def add_turn(self, turns_after: int):
        self.page.locator("#assist-add").click()
        self.wait_for_turns(turns_after)

    def message(self) -> str:
        return self.page.locator("#assist-message").inner_text()


class PlayPage:
    """A game hosted here: the grid, the on-screen keyboard, the share text."""

    def __init__(self, page):
        self.page = page

    def open(self, game="wordle", host="random", world="closed"):
        self.page.goto("/#play")
        self.page.wait_for_selector("body[data-play-games='1']")  # the first (daily) game
        form = self.page.locator("#play-setting")
        form.locator("select[name=game]").select_option(game)
        form.locator("select[name=host]").select_option(host)
        form.locator("select[name=world]").select_option(world)
        form.locator("button[type=submit]").click()
        self.page.wait_for_selector("body[data-play-games='2']")
        return self

    def rows(self) -> list[tuple[str, str]]:
        """Return the played rows as (word, marks)."""
        return tile_rows(self.page.locator("#play-grid"))

    def type_on_screen(self, word: str):
        for letter in word:
            self.page.locator(f"#play-keyboard button[data-key='{letter}']").click()
        self.page.locator("#play-keyboard button[data-key='enter']").click()

    def type_physical(self, word: str):
        self.page.locator("#play-status").click()  # away from any form field
        self.page.keyboard.type(word)
        self.page.keyboard.press("Enter")

    def key_class(self, letter: str) -> str:
        return self.page.locator(f"#play-keyboard button[data-key='{letter}']").get_attribute("class")


def test_solve_a_wordle_in_the_assistant_by_clicking_tiles(page):
    assistant = AssistantPage(page).open()
    secret = "rebut"
    for turn in range(1, 7):
        guess = assistant.guess()
        marks = WORDLE.format_reply(WORDLE.feedback(guess, secret))
        assistant.set_tiles(marks)
        if turn == 1:
            shot(page, "assist-turn-1-tiles")
        assistant.add_turn(turn)
        if marks == "GGGGG":
            break
    assert assistant.message().startswith("Solved in") and "REBUT" in assistant.message()
    assert page.locator("#assist-grid .row").count() == turn
    shot(page, "assist-solved")


def test_tiles_work_from_the_keyboard_and_undo(page):
    assistant = AssistantPage(page).open()
    first = page.locator("#assist-tiles button[data-index='0']")
    first.focus()
    page.keyboard.press("Space")
    page.keyboard.press("Space")
    assert "mark-right" in first.get_attribute("class")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert "mark-elsewhere" in page.locator("#assist-tiles button[data-index='1']").get_attribute("class")
    assistant.add_turn(1)
    page.locator("#assist-undo").click()
    assistant.wait_for_turns(0)


def test_play_a_game_to_the_win_and_copy_the_share_text(page):
    play = PlayPage(page).open()
    helper = Assistant(PuzzleSpec(WORDLE).build(), get_strategy("entropy"))  # closed world: wins in 6
    for turn in range(1, 7):
        guess = helper.suggestions(1)[0].guess
        (play.type_on_screen if turn == 1 else play.type_physical)(guess)
        page.wait_for_function(f"() => document.querySelectorAll('#play-grid .row:not(.current) .tile.mark-right, "
                               f"#play-grid .row:not(.current) .tile.mark-elsewhere, "
                               f"#play-grid .row:not(.current) .tile.mark-absent').length >= {5 * turn}")
        history = play.rows()
        helper.report(*history[-1])
        if history[-1][1] == "GGGGG":
            break
    page.wait_for_selector("body[data-play-over=true]")
    share = page.locator("#play-share-text").inner_text()
    assert share.splitlines()[0] == f"wordguess wordle {turn}/6" and share.splitlines()[-1] == "🟩" * 5
    assert "mark-right" in play.key_class(history[-1][0][0])
    page.locator("#play-copy").click()
    page.wait_for_function("() => document.querySelector('#play-message').textContent.includes('clipboard')")
    assert page.evaluate("navigator.clipboard.readText()") == share
    shot(page, "play-won")


def test_give_up_shows_the_word(page):
    play = PlayPage(page).open()
    play.type_physical("salet")
    page.wait_for_function("() => document.querySelectorAll('#play-grid .row:not(.current) .tile').length >= 5")
    page.locator("#play-give-up").click()
    page.wait_for_selector("body[data-play-over=true]")
    assert page.locator("#play-message").inner_text().startswith("The word was ")
    assert page.locator("#play-give-up").is_hidden()
    assert page.locator("#play-share-text").inner_text().splitlines()[0] == "wordguess wordle X/6"


def test_analyse_a_pasted_game(page):
    page.goto("/#analyze")
    page.wait_for_selector("body[data-ready=true]")
    page.fill("#analyze-guesses", "salet corni rebut")
    page.fill("#analyze-share", "Wordle 1,234 3/6\n\n⬛⬛⬛🟨🟩\n⬛⬛🟨⬛⬛\n🟩🟩🟩🟩🟩")
    page.click("#analyze-run")
    page.wait_for_selector("#analyze-result:not([hidden])", timeout=90_000)
    assert page.locator("#analyze-table tbody tr").count() == 3
    assert page.locator("#analyze-chart svg polyline").count() == 2
    assert "Solved: REBUT" in page.locator("#analyze-summary").inner_text()
    shot(page, "analyze")


def test_a_quordle_round(page):
    page.goto("/#boards")
    page.wait_for_selector("body[data-boards-games='1']")  # the first (daily) game
    form = page.locator("#boards-setting")
    form.locator("select[name=world]").select_option("closed")
    form.locator("select[name=host]").select_option("random")
    form.locator("button[type=submit]").click()
    page.wait_for_selector("body[data-boards-games='2']")
    for turn in range(1, 10):
        # the smallest unsolved board's first candidate, from the tiles on the page
        open_boards = [tile_rows(card) for card in page.locator("#boards-grid .board:not(.solved)").all()]
        left = min((filter_candidates(WORDLE, ANSWERS, [(g, WORDLE.parse_reply(m)) for g, m in rows])
                    for rows in open_boards), key=len)
        guess = "salet" if turn == 1 else left[0]
        page.locator("#boards-status").click()
        page.keyboard.type(guess)
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => document.querySelector('#boards-status').textContent.includes('guess {turn + 1} of') || "
                               "document.body.dataset.boardsOver === 'true'")
        if page.evaluate("document.body.dataset.boardsOver") == "true":
            break
    page.wait_for_selector("body[data-boards-over=true]")
    share = page.locator("#boards-share-text").inner_text()
    assert share.startswith("wordguess quordle ") and len(share.splitlines()) > 4
    message = page.locator("#boards-message").inner_text()
    secrets = ([] if message.startswith("All boards solved") else
               [w.strip().lower() for w in message.removeprefix("The words were ").split(",")])
    for board, secret in zip(page.locator("#boards-grid .board").all(), secrets, strict=False):
        for guess, marks in tile_rows(board):  # every board's tiles are the feedback of its secret
            assert marks == WORDLE.format_reply(WORDLE.feedback(guess, secret))
    shot(page, "quordle")


def test_termo_with_accents(page):
    assistant = AssistantPage(page).open(game="termo")
    option = page.locator("#assist-setting select[name=game] option[value=termo]").inner_text()
    assert option == "Termo (pt-BR) — Português (Brasil)"
    assert "Français" in page.locator("#assist-setting select[name=game] option[value=sutom]").inner_text()
    assistant.set_tiles("..Y..")
    assistant.add_turn(1)
    words = page.locator("#assist-candidates").inner_text() + page.locator("#assist-suggestions").inner_text()
    assert any(ch in words for ch in "ÁÂÃÇÉÊÍÓÔÕÚ"), words
    shot(page, "termo")


@pytest.mark.parametrize("hash_", ["play", "assist", "boards", "explore"])
def test_phone_width(browser, server, hash_):
    context = browser.new_context(viewport={"width": 375, "height": 812}, base_url=server, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"/#{hash_}")
    ready = {"play": "body[data-play-games='1']", "assist": "body[data-assist-turns='0']",
             "boards": "body[data-boards-games='1']", "explore": "#explore-branches li"}
    page.wait_for_selector(ready[hash_], timeout=60_000)
    if hash_ == "explore":
        page.wait_for_selector("#explore-branches li")
        page.locator("#explore-branches button").first.tap()
        page.wait_for_function("() => document.querySelector('#explore-summary').textContent.startsWith('Guess 2')")
    shot(page, f"phone-{hash_}")
    wide = page.evaluate("""() => [...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect().right > 376)
        .slice(0, 3).map(e => e.tagName + '#' + e.id + '.' + e.className)""")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375, f"{hash_} is too wide at 375 px: {wide}"
    context.close()


def test_colour_blind_palette(page):
    page.goto("/#explore")
    page.wait_for_selector("#explore-branches li")
    page.click("#palette")
    colour = page.evaluate("getComputedStyle(document.querySelector('#explore-branches .mark-right')).backgroundColor")
    assert colour == "rgb(245, 121, 58)"  # orange
    page.reload()
    page.wait_for_selector("#explore-branches li")
    assert page.evaluate("document.body.classList.contains('colour-blind')")
    shot(page, "colour-blind-explore")
