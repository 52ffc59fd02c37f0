"""End to end in a real headless Chromium (Debian's `chromium`, driven by Playwright): the server
runs as `wordguess serve` on a free loopback port; one small page object per page knows its
selectors; a screenshot of each important step goes to build/screenshots/ for a person to look at."""

from __future__ import annotations

import contextlib
import shutil
import time
from pathlib import Path

import httpx
import pytest

from conftest import PHASE_REPORTS
from wordguess.engine.candidates import filter_candidates
from wordguess.engine.puzzle import PuzzleSpec
from wordguess.games import get_game, get_multiboard
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


ANALYSIS_WAIT = 300_000  # ms: the server's own limit (conftest.SLOW_START) ends an analysis first
TIMEOUT = 60_000  # ms: every wait's default (Playwright's is 30 s): on a loaded CI machine the server's answers may take a while


POLL = 100  # ms: a wait's test runs on a timer, not on animation frames, which a busy machine may starve


def wait_until(page, script: str, **options):
    """Wait until `script` (a JavaScript function) returns something true, checked every POLL ms."""
    return page.wait_for_function(script, polling=POLL, **options)


@pytest.fixture(scope="module")
def browser():
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, timeout=TIMEOUT)
        yield launched
        launched.close()


def new_context(browser, server, first_visit: bool = False, **options):
    """Return a browser context on the server whose waits have the tests' default timeout: a
    returning player's (the first visit's help already seen, unless `first_visit`), its service
    worker off unless asked for (its fetches would go round the tests' routes)."""
    context = browser.new_context(base_url=server, **{"service_workers": "block", **options})
    context.set_default_timeout(TIMEOUT)
    if not first_visit:
        context.add_init_script("localStorage.setItem('wordguess-helped', 'yes')")
    return context


@pytest.fixture
def page(browser, server, request):
    yield from watched_page(browser, server, request)


def watched_page(browser, server, request):
    context = new_context(browser, server, viewport={"width": 1100, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "status of 4" not in m.text else None)
    calls: list[str] = []  # the API calls and their answers, printed when the test fails
    page.on("response", lambda r: calls.append(f"{time.monotonic():.2f} {r.status} {r.request.method} {r.url}")
            if "/api/" in r.url else None)
    page.on("requestfailed", lambda r: calls.append(f"{time.monotonic():.2f} failed {r.method} {r.url}: {r.failure}"))
    yield page
    call = request.node.stash.get(PHASE_REPORTS, {}).get("call")
    if call is not None and call.failed:
        print("the API calls:", *calls, sep="\n  ")
        with contextlib.suppress(Exception):  # what the page shows, if it still answers
            print("the page:", page.evaluate("""() => JSON.stringify({data: {...document.body.dataset},
                messages: [...document.querySelectorAll('[id$=-message]')].map(m => m.id + ': ' + m.textContent),
                guess: document.querySelector('#assist-guess')?.value})"""))
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
        if self.page.locator("#assist-settings summary").is_visible() and form.locator("select[name=game]").is_hidden():
            self.page.locator("#assist-settings summary").click()  # a phone's settings, unfolded
        form.locator("select[name=game]").select_option(game)
        if form.locator("select[name=world]").is_visible():  # a game without a prior has one world
            form.locator("select[name=world]").select_option(world)
        else:
            world = "closed"
        # the answer in this setting (an answer to the game's change may come first)
        self.page.wait_for_selector(f"body[data-assist-setting='{game} {world} normal']", timeout=60_000)
        self.wait_for_turns(0)
        return self

    def wait_for_turns(self, n: int):
        """Wait for the answer to the latest request, with n turns. The count alone may be an
        earlier answer's (one asked again with the same turns, or the page's first answer, in
        the open world, while the choice of the game is asked): a later answer redraws the
        guess and clears its tiles, so no request may be left in flight (Add turn is disabled
        while one is)."""
        wait_until(self.page, f"""() => document.body.dataset.assistTurns === '{n}'
            && !document.querySelector('#assist-add').disabled
            && (document.querySelector('#assist-guess').value !== ''
                || document.querySelector('#assist-count').textContent.startsWith('Solved'))""")

    def guess(self) -> str:
        return self.page.locator("#assist-guess").input_value()

    def set_tiles(self, marks: str):
        """Click each tile as many times as its mark needs (grey → yellow → green)."""
        for i, mark in enumerate(marks):
            for _ in range(CLICKS[mark]):
                self.page.locator(f"#assist-tiles button[data-index='{i}']").click()

    def add_turn(self, turns_after: int):
        """Add the turn (an untouched all-grey reply confirmed, as the page asks) and wait for its answer."""
        self.page.locator("#assist-add").click()
        if self.page.locator("#assist-confirm").is_visible():
            self.page.locator("#assist-confirm .yes").click()
        self.wait_for_turns(turns_after)

    def message(self) -> str:
        return self.page.locator("#assist-message").inner_text()

    def tile_marks(self) -> str:
        """Return the marks set on the guess's tiles, as G/Y/."""
        marks = {"mark-right": "G", "mark-elsewhere": "Y", "mark-absent": "."}
        classes = [b.get_attribute("class") for b in self.page.locator("#assist-tiles button").all()]
        return "".join(next((m for c, m in marks.items() if c in cls), "?") for cls in classes)


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
        """Type on the physical keyboard wherever the focus is (after New game or an on-screen key)."""
        self.page.keyboard.type(word)
        self.page.keyboard.press("Enter")

    def wait_for_turns(self, n: int):
        self.page.wait_for_selector(f"body[data-play-turns='{n}']", timeout=60_000)

    def key_class(self, letter: str) -> str:
        return self.page.locator(f"#play-keyboard button[data-key='{letter}']").get_attribute("class")

    def give_up(self):
        """Give up, as confirmed when the page asks, and wait for the game's end."""
        self.page.locator("#play-give-up").click()
        self.page.locator("#play-confirm .yes").click()
        self.page.wait_for_selector("body[data-play-over=true]")


class AnalysePage:
    """The analysis of a game played elsewhere: its form, the per-move table, the sentences, the chart."""

    def __init__(self, page):
        self.page = page

    def open(self):
        self.page.goto("/#analyze")
        self.page.wait_for_selector("body[data-ready=true]")
        return self

    def analyse(self, guesses: str, share: str = "", secret: str = "", game: str | None = None):
        """Fill the form and run it; wait for the result or a message."""
        if game is not None:
            self.page.locator("#analyze-form select[name=game]").select_option(game)
        self.page.fill("#analyze-guesses", guesses)
        self.page.fill("#analyze-share", share)
        self.page.fill("#analyze-secret", secret)
        self.page.click("#analyze-run")
        # an analysis runs in a worker at a lower priority: beside other work it takes a while
        wait_until(self.page, "() => !document.querySelector('#analyze-run').disabled", timeout=ANALYSIS_WAIT)
        return self

    def shown(self) -> bool:
        return not self.page.locator("#analyze-result").is_hidden()

    def cells(self, column: str) -> list[str]:
        """Return one column of the table (by its heading), a cell per move."""
        return [c.inner_text() for c in self.page.locator(f"#analyze-table tbody td[data-label='{column}']").all()]

    def sentences(self) -> list[str]:
        return [li.inner_text() for li in self.page.locator("#analyze-moves li").all()]

    def legend(self) -> list[str]:
        return [li.inner_text() for li in self.page.locator("#analyze-legend li").all()]

    def summary(self) -> str:
        return self.page.locator("#analyze-summary").inner_text()

    def message(self) -> str:
        return self.page.locator("#analyze-message").inner_text()

    def field_error(self, name: str) -> str:
        return self.page.locator(f"#analyze-{name}-error").inner_text()


class BoardsPage:
    """A multi-board game hosted here (its boards, the keyboard coloured per board) and the assistant below it."""

    def __init__(self, page):
        self.page = page
        self.form = page.locator("#boards-setting")

    def open(self):
        self.page.goto("/#boards")
        self.page.wait_for_selector("body[data-boards-games='1']")  # the first (daily) game
        return self

    def games(self) -> int:
        return int(self.page.evaluate("document.body.dataset.boardsGames"))

    def new_game(self, game: str | None = None, world: str = "closed", host: str = "random"):
        """Start a game in this setting (choosing another game starts one at once too; on a phone
        the settings are unfolded first)."""
        if self.page.locator("#boards-settings summary").is_visible() and self.form.locator("select[name=game]").is_hidden():
            self.page.locator("#boards-settings summary").click()
        if game is not None and self.form.locator("select[name=game]").input_value() != game:
            started = self.games()
            self.form.locator("select[name=game]").select_option(game)
            self.page.wait_for_selector(f"body[data-boards-games='{started + 1}']")
        started = self.games()
        self.form.locator("select[name=world]").select_option(world)
        self.form.locator("select[name=host]").select_option(host)
        self.form.locator("button[type=submit]").click()
        self.page.wait_for_selector(f"body[data-boards-games='{started + 1}']")
        return self

    def boards(self, unsolved: bool = False):
        return self.page.locator("#boards-grid .board" + (":not(.solved)" if unsolved else "")).all()

    def over(self) -> bool:
        return self.page.evaluate("document.body.dataset.boardsOver") == "true"

    def play(self, guess: str, turn: int):
        """Type a guess on the physical keyboard; wait until it is answered (turn: its number)."""
        self.page.keyboard.type(guess)
        self.page.keyboard.press("Enter")
        wait_until(self.page, f"() => document.querySelector('#boards-status').textContent.includes('guess {turn + 1} of') || "
                                    "document.body.dataset.boardsOver === 'true'")

    def key(self, letter: str):
        return self.page.locator(f"#boards-keyboard .key[data-key={letter}]")

    def message(self) -> str:
        return self.page.locator("#boards-message").inner_text()

    def wait_for_assistant(self, turns: int):
        """Wait for the assistant's answer with `turns` turns, no request left in flight."""
        wait_until(self.page, f"""() => document.body.dataset.boardsAssistTurns === '{turns}'
            && !document.querySelector('#boards-add').disabled""")


class ExplorePage:
    """The optimal tree, one position at a time: its branches, the path in the URL."""

    def __init__(self, page):
        self.page = page

    def open(self):
        self.page.goto("/#explore")
        self.wait_for_depth(0)
        return self

    def wait_for_depth(self, depth: int):
        self.page.wait_for_selector(f"body[data-explore-depth='{depth}']")

    def follow_first_branch(self, depth_after: int):
        self.page.locator("#explore-branches button").first.click()
        self.wait_for_depth(depth_after)

    def summary(self) -> str:
        return self.page.locator("#explore-summary").inner_text()


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


def test_a_word_in_no_list_is_taken_with_a_note_and_words_can_be_added(page):
    assistant = AssistantPage(page).open()
    page.locator("#assist-guess").fill("zzzax")
    assistant.set_tiles("Y....")
    page.locator("#assist-add").click()
    question = page.locator("#assist-confirm")  # asked first: a typo, most likely
    question.wait_for(state="visible")
    assert question.locator("#assist-question").inner_text() == "ZZZAX is not in any list: use it anyway?"
    question.locator(".yes").click()
    assistant.wait_for_turns(1)
    assert "ZZZAX is in no list" in assistant.message()
    page.locator("#page-assist details.add-words summary").click()
    page.locator("#assist-add-words").fill("qxqxq, zyzyz")
    page.locator("#assist-add-words-apply").click()
    wait_until(page, "() => document.querySelector('#assist-message').textContent.includes('QXQXQ')")
    assistant.wait_for_turns(1)
    page.locator("#assist-add-words").fill("toolong")
    page.locator("#assist-add-words-apply").click()
    wait_until(page, "() => document.querySelector('#assist-message').textContent.includes('toolong')")
    field = page.locator("#assist-add-words")  # refused: marked, and the text kept to mend
    assert field.get_attribute("aria-invalid") == "true" and field.input_value() == "toolong"
    assert field.get_attribute("aria-describedby") == "assist-message"
    shot(page, "assist-words-in-no-list")
    field.fill("qxqxq")
    page.locator("#assist-add-words-apply").click()
    wait_until(page, "() => !document.querySelector('#assist-add-words').hasAttribute('aria-invalid')")


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
        wait_until(page, f"() => document.querySelectorAll('#play-grid .row:not(.current) .tile.mark-right, "
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
    wait_until(page, "() => document.querySelector('#toast')?.textContent.includes('clipboard')")
    assert page.evaluate("navigator.clipboard.readText()") == share
    assert page.locator("#play-message").inner_text() == f"Solved in {turn}!"  # Copy keeps the game's message
    shot(page, "play-won")


def test_give_up_shows_the_word(page):
    play = PlayPage(page).open()
    assert page.title() == "Play · wordguess"  # each page names itself in the tab
    play.type_physical("salet")  # the focus was on "New game": Enter submits the guess
    play.wait_for_turns(1)
    play.give_up()
    assert page.locator("#play-message").inner_text().startswith("The word was ")
    assert page.locator("#play-give-up").is_hidden()
    assert page.locator("#play-share-text").inner_text().splitlines()[0] == "wordguess wordle X/6"


def test_the_daily_is_played_once_a_day_with_its_record_and_then_a_random_game(page):
    """After giving up today's daily, "New game" (daily) does not replay it (it was "Solved in
    1!" with the word just shown): it says so and offers a random game; the record shows."""
    play = PlayPage(page).open(host="daily", world="open")  # the daily the page started, resumed
    play.type_physical("salet")
    play.wait_for_turns(1)
    play.give_up()
    stats = page.locator("#play-stats")
    assert stats.is_visible() and "Your daily record" in stats.inner_text()
    figures = stats.locator(".figures").inner_text().split()
    assert figures[:2] == ["1", "played"] and figures[2:4] == ["0", "win"]
    assert stats.locator(".bar").count() == 6
    wait_until(page, "() => /Next daily in \\d\\d:\\d\\d:\\d\\d/.test(document.querySelector('.next-daily').textContent)")
    shot(page, "play-daily-record")
    page.locator("#play-setting button[type=submit]").click()  # the daily again
    wait_until(page, "() => document.querySelector('#play-message').textContent.includes(\"today's daily\")")
    assert page.locator("#play-setting select[name=host]").input_value() == "random"
    assert page.locator("body").get_attribute("data-play-over") == "true"  # the finished daily stays shown
    page.locator("#play-setting button[type=submit]").click()
    page.wait_for_selector("body[data-play-games='3']")
    assert page.locator("body").get_attribute("data-play-over") == "false" and play.rows() == []
    assert stats.is_hidden()


def test_analyse_a_pasted_game_at_phone_width(page):
    page.set_viewport_size({"width": 375, "height": 812})
    analysis = AnalysePage(page).open().analyse("salet corni rebut", share="Wordle 1,234 3/6\n\n⬛⬛⬛🟨🟩\n⬛⬛🟨⬛⬛\n🟩🟩🟩🟩🟩")
    assert analysis.shown(), analysis.message()
    assert page.locator("#analyze-table tbody tr").count() == 3
    assert page.locator("#analyze-chart svg polyline").count() == 2
    assert "Solved: REBUT" in analysis.summary()
    # each move in a sentence; what skill and luck mean, beside the table
    sentences = analysis.sentences()
    assert len(sentences) == 3 and sentences[0].startswith("SALET left ") and sentences[2].startswith("REBUT found the word")
    assert all("Luck " in line and " of 99 (" in line for line in sentences)
    assert any(line.startswith("Skill: 99 for the best guess") for line in analysis.legend())
    assert any(line.startswith("Luck: 0 to 99") for line in analysis.legend())
    assert all(skill == "-" or skill.lstrip("~").isdigit() for skill in analysis.cells("skill"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    table = page.locator("#analyze-table")  # the table fits: nothing scrolls sideways inside it either
    assert table.evaluate("t => t.scrollWidth <= t.parentElement.clientWidth && t.parentElement.scrollWidth <= t.parentElement.clientWidth")
    assert len(analysis.cells("best is")) == 3
    shot(page, "analyze-phone")
    # a share grid of two rows for three guesses: the old result goes, the error stands by its field
    analysis.analyse("salet corni rebut", share="⬛⬛⬛🟨🟩\n🟩🟩🟩🟩🟩")
    assert not analysis.shown()
    assert page.locator("#analyze-share").get_attribute("aria-invalid") == "true"
    assert "rows" in analysis.field_error("share")
    analysis.analyse("salet corni rebut")  # neither the share text nor the secret: the whole body's error, no "body:"
    assert "one way" in analysis.message() and not analysis.message().startswith("body")


def test_an_open_world_analysis_marks_a_guess_that_gives_up_the_sure_win(page):
    """LOWED is in no answer list, so the game is analysed in the open world: the best of each move
    is what the assistant plays, DINOS (after which no win of every word is shown) is marked ?,
    and LOWED, after which some word is proven lost, says so; the legend explains both."""
    analysis = AnalysePage(page).open().analyse("trace dinos lowed", secret="lowed")
    assert analysis.shown(), analysis.message()
    assert "a sure win was lost; the best play" in analysis.summary()
    played, best = analysis.cells("played"), analysis.cells("best is")
    assert played[0].startswith("~") and not played[0].endswith("?") and best[0] == "TRACE"
    assert played[1].endswith("?") and best[1] == "LOWND"
    assert played[2] == "can lose"
    sentences = analysis.sentences()
    assert "while LOWND keeps every one winnable" in sentences[1] and "gave up a sure win" in sentences[2]
    legend = analysis.legend()
    assert any(line.startswith("?: after this guess no play was shown") for line in legend)
    assert any(line.startswith("can lose:") for line in legend)
    shot(page, "analyze-open-world-guarantee")


def table_rows(section) -> list[list[str]]:
    """Return a board's analysis table, row by row, cell by cell."""
    rows = section.locator("tbody tr")
    return [rows.nth(k).inner_text().split("\t") for k in range(rows.count())]


def agree(first: list[list[str]], second: list[list[str]]) -> bool:
    """Whether two analyses of one game agree: each move's number, guess and what it left, and
    the whole row where both settled it (a move shown with estimates (≈) has bounds that depend
    on how far its search got in the budget, which the machine's load decides)."""
    def settled(row: list[str]) -> bool:
        return not any("≈" in c for c in row)

    return len(first) == len(second) and all(
        a[:3] == b[:3] and (a == b or not (settled(a) and settled(b))) for a, b in zip(first, second, strict=True))


def test_analyse_a_quordle_board_by_board_from_its_share_grid(page, server):
    """A multi-board game is picked in the same form: its share grid and guesses give each
    board's moves in a table, sentences and a chart of its own, and the game against the
    fewest-total strategy (issue 32)."""
    secrets, guesses = ["cigar", "rebut", "sissy", "humph"], ["soare", "clint", "rebut", "cigar", "sissy", "humph"]
    rules = get_multiboard("quordle")
    turns, done = [], [False] * 4
    for guess in guesses:
        replies = tuple(None if d else WORDLE.feedback(guess, s) for d, s in zip(done, secrets, strict=True))
        turns.append((guess, replies))
        done = [d or r == WORDLE.solved_reply for d, r in zip(done, replies, strict=True)]
    share = "Daily Quordle 1234\n" + rules.share_grid(turns)
    # The server's worker loads (in a clean clone: compiles) the solver's kernels at its first
    # analysis, within that analysis's budget: done first, so both analyses compared below have
    # their whole budget.
    httpx.post(f"{server}/api/boards/analyze", json={"game": "quordle", "guesses": guesses, "secrets": secrets},
               timeout=600).raise_for_status()
    analysis = AnalysePage(page).open()
    page.locator("#analyze-form select[name=game]").select_option("quordle")
    assert page.locator("#analyze-form .hard").is_hidden()
    assert "one per board" in page.locator("#analyze-form .secret-label").inner_text()
    analysis.analyse(" ".join(guesses), share=share)
    assert analysis.shown(), analysis.message()
    assert page.locator("#analyze-game").is_hidden()
    sections = page.locator("#analyze-boards section.board-analysis")
    assert sections.count() == 4
    headings = [sections.nth(k).locator("h3").inner_text() for k in range(4)]
    assert headings[0].startswith("Board 1 · CIGAR: solved at guess 4") and headings[3].startswith("Board 4 · HUMPH: solved at guess 6")
    for k, board_turns in enumerate([4, 3, 5, 6]):
        section = sections.nth(k)
        assert section.locator("tbody tr").count() == board_turns
        assert section.locator("ol.sentences li").count() == board_turns
        assert section.locator("svg polyline").count() == 2
    assert "Won in 6 of 9 guesses" in analysis.summary() and "fewest-total-safe strategy" in analysis.summary()
    assert any(line.startswith("Each board's moves") for line in analysis.legend())
    shot(page, "analyze-quordle")
    # the secrets, one per board, give the same tables (agree); the wrong count is refused by its field
    first = [table_rows(sections.nth(k)) for k in range(4)]
    analysis.analyse(" ".join(guesses), secret="cigar, rebut, sissy, humph")
    again = page.locator("#analyze-boards section.board-analysis")
    assert all(agree(first[k], table_rows(again.nth(k))) for k in range(4))
    analysis.analyse(" ".join(guesses), secret="cigar rebut")
    assert not analysis.shown() and "4 secrets" in analysis.message()
    # back to one board: the single game's table again
    analysis.analyse("salet corni rebut", share="⬛⬛⬛🟨🟩\n⬛⬛🟨⬛⬛\n🟩🟩🟩🟩🟩", game="wordle")
    assert analysis.shown() and page.locator("#analyze-boards section").count() == 0
    assert page.locator("#analyze-table tbody tr").count() == 3


def test_an_unsettled_first_move_shows_an_estimate_within_its_proven_bounds(page):
    """Termo has no certificate: its first move is not settled within the page's budget. The page
    shows the best estimate with the proven floor (never '–?') and explains the signs."""
    analysis = AnalysePage(page).open().analyse("serta colio fundo mundo", secret="mundo", game="termo")
    assert analysis.shown(), analysis.message()
    played, best = analysis.cells("played")[0], analysis.cells("best")[0]
    for value in (played, best):
        assert "?" not in value and value.startswith("≈") and "(≥" in value, value
    assert "?" not in analysis.cells("regret")[0]
    assert any(line.startswith("low–high: proven bounds") and "≈" in line for line in analysis.legend())
    assert analysis.sentences()[0].startswith("SERTÃ left ")


def test_a_quordle_round(page):
    boards = BoardsPage(page).open().new_game()
    for turn in range(1, 10):
        # the smallest unsolved board's first candidate, from the tiles on the page
        left = min((filter_candidates(WORDLE, ANSWERS, [(g, WORDLE.parse_reply(m)) for g, m in tile_rows(card)])
                    for card in boards.boards(unsolved=True)), key=len)
        boards.play("salet" if turn == 1 else left[0], turn)
        if boards.over():
            break
    page.wait_for_selector("body[data-boards-over=true]")
    share = page.locator("#boards-share-text").inner_text()
    assert share.startswith("wordguess quordle ") and len(share.splitlines()) > 4
    message = boards.message()
    secrets = ([] if message.startswith("All boards solved") else
               [w.strip().lower() for w in message.removeprefix("The words were ").split(",")])
    for board, secret in zip(boards.boards(), secrets, strict=False):
        for guess, marks in tile_rows(board):  # every board's tiles are the feedback of its secret
            assert marks == WORDLE.format_reply(WORDLE.feedback(guess, secret))
    shot(page, "quordle")


def test_sedecordle_keys_show_the_best_mark_and_how_many_boards_hold_the_letter(page):
    boards = BoardsPage(page).open().new_game("sedecordle")
    assert len(boards.boards()) == 16
    for turn, guess in enumerate(["salet", "corny"], 1):
        boards.play(guess, turn)
    open_boards = [dict(tile_rows(card)) for card in boards.boards(unsolved=True)]
    rank = {".": 0, "Y": 1, "G": 2}
    for letter in "saletcorny":
        marks = [max((m[i] for word, m in rows.items() for i, c in enumerate(word) if c == letter), key=rank.get)
                 for rows in open_boards]
        key = boards.key(letter)
        assert key.locator(".count").inner_text() == str(sum(m != "." for m in marks)), letter
        best = {"G": "mark-right", "Y": "mark-elsewhere", ".": "mark-absent"}[max(marks, key=rank.get)]
        assert best in key.get_attribute("class"), letter
        assert f"of {len(open_boards)} unsolved boards" in key.get_attribute("aria-label")
    assert page.locator("#boards-keyboard .key[data-key=q] .count").count() == 0  # not played: no count
    shot(page, "sedecordle-keyboard")


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


@pytest.mark.parametrize(("code", "secret", "shown"), [("es", "araña", "ARAÑA"), ("de", "müde", "MUEDE")])
def test_a_game_in_another_language_solved_in_the_assistant(page, code, secret, shown):
    """Wordle in Spanish and in German: the language picked beside the game, the suggestions
    from its words, its letters as its clones play them (Ñ is not N; Ü is UE), the game solved by
    clicking tiles."""
    game = get_game("wordle", language=code)
    assistant = AssistantPage(page).open()
    page.locator("#assist-setting select[name=language]").select_option(code)
    page.wait_for_selector(f"body[data-assist-list='{code}-answers-5']", timeout=60_000)
    assistant.wait_for_turns(0)
    for turn in range(1, 7):
        guess = assistant.guess()
        assert game.word_problem(guess) is None, guess
        marks = game.format_reply(game.feedback(guess, secret))
        assistant.set_tiles(marks)
        assistant.add_turn(turn)
        if marks == "GGGGG":
            break
    assert assistant.message().startswith("Solved in") and shown in assistant.message()
    shot(page, f"assist-{code}")


@pytest.mark.parametrize(("code", "row", "keys"), [("de", 0, "qwertzuiop"), ("es", 1, "asdfghjklñ")])
def test_a_game_in_another_language_played_on_its_keyboard(page, code, row, keys):
    """Wordle in German and in Spanish in Play: the language's keyboard (QWERTZ; Ñ after L), the
    game played to the win on the on-screen keys."""
    game = get_game("wordle", language=code)
    page.goto("/#play")
    page.wait_for_selector("body[data-play-games='1']")
    form = page.locator("#play-setting")
    form.locator("select[name=language]").select_option(code)
    form.locator("select[name=host]").select_option("random")
    form.locator("select[name=world]").select_option("closed")
    form.locator("button[type=submit]").click()
    page.wait_for_selector(f"body[data-play-list='{code}-answers-5']", timeout=60_000)
    shown = page.locator("#play-keyboard .keys").nth(row).locator("button.key:not(.wide)").all_inner_texts()
    assert "".join(shown).lower() == keys
    play = PlayPage(page)
    helper = Assistant(PuzzleSpec(game).build(), get_strategy("entropy"))
    for turn in range(1, 7):
        play.type_on_screen(game.fold(helper.suggestions(1)[0].guess))
        play.wait_for_turns(turn)
        history = play.rows()
        helper.report(*history[-1])
        if history[-1][1] == "GGGGG":
            break
    page.wait_for_selector("body[data-play-over=true]")
    assert page.locator("#play-message").inner_text() == f"Solved in {turn}!"
    shot(page, f"play-{code}")


@pytest.mark.parametrize("hash_", ["play", "assist", "boards", "explore"])
def test_phone_width(browser, server, hash_):
    context = new_context(browser, server, viewport={"width": 375, "height": 812}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"/#{hash_}")
    ready = {"play": "body[data-play-games='1']", "assist": "body[data-assist-turns='0']",
             "boards": "body[data-boards-games='1']", "explore": "#explore-branches li"}
    page.wait_for_selector(ready[hash_], timeout=60_000)
    if hash_ == "explore":
        page.wait_for_selector("#explore-branches li")
        page.locator("#explore-branches button").first.tap()
        wait_until(page, "() => document.querySelector('#explore-summary').textContent.startsWith('Guess 2')")
    shot(page, f"phone-{hash_}")
    wide = page.evaluate("""() => [...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect().right > 376)
        .slice(0, 3).map(e => e.tagName + '#' + e.id + '.' + e.className)""")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375, f"{hash_} is too wide at 375 px: {wide}"
    context.close()


def test_a_phone_shows_the_whole_board_and_the_keyboard_with_the_settings_behind_a_gear(browser, server):
    context = new_context(browser, server, viewport={"width": 375, "height": 800}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto("/#play")
    page.wait_for_selector("body[data-play-games='1']", timeout=60_000)
    game = page.locator("#play-setting select[name=game]")
    assert game.is_hidden() and page.locator("#play-settings summary").is_visible()  # folded behind the gear
    boxes = page.evaluate("""() => ({rows: [...document.querySelectorAll('#play-grid .row')].map(r => r.getBoundingClientRect().bottom),
        keys: document.querySelector('#play-keyboard').getBoundingClientRect().bottom, height: innerHeight})""")
    assert len(boxes["rows"]) == 6 and max(boxes["rows"]) <= boxes["keys"] <= boxes["height"], boxes  # no scrolling needed
    shot(page, "phone-play-board-and-keyboard")
    page.locator("#play-settings summary").tap()  # the gear opens the settings
    game.wait_for(state="visible")  # the click a tap makes may come after tap() returns
    context.close()
    wide = new_context(browser, server, viewport={"width": 1100, "height": 900}).new_page()
    wide.goto("/#boards")
    wide.wait_for_selector("body[data-boards-games='1']", timeout=60_000)
    assert wide.locator("#boards-setting select[name=game]").is_visible()  # a wide screen shows them
    assert wide.locator("#boards-settings summary").is_hidden()
    wide.context.close()


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_a_new_row_flips_unless_motion_is_reduced_and_a_refused_word_is_a_toast(browser, server, motion):
    context = new_context(browser, server, viewport={"width": 1100, "height": 900}, reduced_motion=motion)
    page = context.new_page()
    play = PlayPage(page).open()
    play.type_physical("salet")
    play.wait_for_turns(1)
    row = page.locator("#play-grid .row.reveal")
    assert row.count() == 1 and tile_rows(page.locator("#play-grid"))[0][0] == "salet"
    animation = row.locator(".tile").first.evaluate("t => getComputedStyle(t).animationName")
    assert animation == ("none" if motion == "reduce" else "flip")
    # A toast hides itself after 3 s, which a loaded machine may take between two calls: the
    # page notes each toast shown.
    page.evaluate("""() => { window.toasts = []; let said = null;
        new MutationObserver(() => { const toast = document.querySelector('#toast');
            const now = toast && !toast.hidden ? toast.textContent : null;
            if (now !== null && now !== said) window.toasts.push(now);
            said = now; }).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true}); }""")
    play.type_physical("x")  # a key redraws the grid: the row does not flip again; too short: said at once
    assert page.locator("#play-grid .row.reveal").count() == 0
    wait_until(page, "() => window.toasts.length > 0")
    assert page.evaluate("window.toasts") == ["Not enough letters: 5 needed"]
    page.keyboard.press("Backspace")
    play.type_physical("zzzzz")  # not a word: a toast says so, the row shakes, the game's message stays empty
    # the server's refusal replaces the "not enough letters" toast, which may still be showing
    page.wait_for_selector("#play-grid .row.current.shake")
    toasts = page.evaluate("window.toasts")
    assert len(toasts) == 2 and "zzzzz" in toasts[1].lower(), toasts
    assert page.locator("#play-message").inner_text() == ""
    assert page.evaluate("document.body.dataset.playTurns") == "1"
    context.close()


READY = {"play": "body[data-play-games='1']", "assist": "body[data-assist-turns='0']",
         "boards": "body[data-boards-games='1']", "explore": "#explore-branches li", "analyze": "body[data-ready=true]"}


@pytest.mark.parametrize("viewport", [(1350, 940), (412, 823)], ids=["desktop", "mobile"])
def test_nothing_jumps_while_a_view_fills_in(browser, server, viewport):
    """Lighthouse's layout-shift figure (bench/bench_lighthouse.py runs Lighthouse itself), for every
    view at its desktop and mobile sizes: the shifts the browser reports while the view's first
    answers arrive add up to less than 0.01 (Lighthouse's full marks; 0.1 is its 'good')."""
    width, height = viewport
    # As Lighthouse sees the page: scroll bars shown (Playwright hides them by default) and the
    # answers slow, so the page's first frame is drawn before any answer comes.
    shown = browser.browser_type.launch(executable_path=CHROMIUM, ignore_default_args=["--hide-scrollbars"], timeout=TIMEOUT)
    try:
        check_shifts(shown, server, width, height)
    finally:
        shown.close()


def check_shifts(browser, server, width, height):
    context = new_context(browser, server, viewport={"width": width, "height": height}, is_mobile=width < 600, has_touch=width < 600)
    page = context.new_page()

    def slowly(route):
        time.sleep(0.4)
        route.continue_()

    page.route("**/api/**", slowly)
    page.add_init_script("""window.__shifts = [];
        new PerformanceObserver(list => { for (const e of list.getEntries()) if (!e.hadRecentInput)
            window.__shifts.push([e.value, e.sources.map(s => s.node ? (s.node.id || s.node.className || s.node.tagName) : '?')]); })
        .observe({type: 'layout-shift', buffered: true});""")
    for view, ready in READY.items():
        page.goto("about:blank")
        page.goto(f"/#{view}")
        page.wait_for_selector(ready, timeout=60_000)
        page.wait_for_timeout(300)  # what the answer draws, drawn
        shifts = page.evaluate("window.__shifts")
        assert sum(v for v, _ in shifts) < 0.01, (view, shifts)
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


class Held:
    """Hold the answers of the requests to `url` until `release()`, to answer them late."""

    def __init__(self, page, url: str):
        self.page, self.url, self.routes, self.released = page, url, [], False
        page.route(url, self.hold)

    def hold(self, route):
        if self.released:  # reached the handler after release(): nobody would answer it
            route.continue_()
        else:
            self.routes.append(route)

    def wait(self, count: int = 1, timeout_ms: int = 60_000):
        """Pump the page's events until `count` requests are held (the handler runs only while Playwright waits)."""
        for _ in range(timeout_ms // 50):
            if len(self.routes) >= count:
                return
            self.page.wait_for_timeout(50)
        raise AssertionError(f"{len(self.routes)} of {count} requests to {self.url} held after {timeout_ms} ms")

    def release(self):
        self.released = True
        for route in self.routes:
            route.continue_()
        self.page.unroute(self.url)


def test_sutom_length_and_first_letter_in_the_assistant(page):
    assistant = AssistantPage(page).open()  # Wordle, closed world
    form = page.locator("#assist-setting")
    form.locator("select[name=game]").select_option("sutom")
    wait_until(page, "() => document.querySelector('#assist-message').classList.contains('error')")
    form.locator("input[name=length]").fill("6")
    form.locator("input[name=length]").press("Tab")
    form.locator("input[name=first]").fill("c")
    form.locator("input[name=first]").press("Tab")
    page.wait_for_selector("body[data-assist-setting='sutom closed normal']", timeout=60_000)
    assistant.wait_for_turns(0)
    assert form.locator("input[name=length]").input_value() == "6"  # not rebuilt empty
    assert form.locator("input[name=first]").input_value() == "c"
    guess = assistant.guess()
    assert len(guess) == 6 and guess.startswith("c"), guess
    secret = page.locator("#assist-candidates li").nth(1).inner_text().split()[0].lower()
    sutom = get_game("sutom", length=6, first="c")
    assistant.set_tiles(sutom.format_reply(sutom.feedback(guess, secret)))
    assistant.add_turn(1)
    assert page.locator("#assist-suggestions tbody tr").count() > 0 or "Solved" in assistant.message()
    assert tile_rows(page.locator("#assist-grid"))[0][0] == guess
    shot(page, "assist-sutom")
    if "Solved" not in assistant.message():  # Sutom's own squares: red right, yellow circle elsewhere, blue absent
        page.locator("#page-assist details.paste summary").click()
        page.fill("#assist-share", "SUTOM #1 2/6\n\n🟥🟦🟡🟦🟦🟦")
        page.click("#assist-share-apply")
        page.wait_for_selector("body[data-assist-shares='1']")  # read by the server's parser
        assert assistant.tile_marks() == "G.Y..."


def test_answer_list_chooser_in_the_assistant_and_play(page):
    page.goto("/#assist")
    page.wait_for_selector("body[data-ready=true]")
    form = page.locator("#assist-setting")
    form.locator("select[name=game]").select_option("wordle")
    form.locator("select[name=world]").select_option("open")
    lists = form.locator("select[name=answers]")
    assert lists.is_disabled()  # the open world's secrets are every allowed word
    form.locator("select[name=world]").select_option("closed")
    assert lists.is_enabled()
    assert lists.locator("option").all_inner_texts() == ["the game's own", "wordle-answers", "scowl-answers-5",
                                                         "wordle-answers-nyt"]
    lists.select_option("wordle-answers-nyt")
    page.wait_for_selector("body[data-assist-list='wordle-answers-nyt']", timeout=60_000)
    assert page.locator("#assist-count").inner_text().startswith("2,309 candidates")
    shot(page, "assist-answer-list")
    form.locator("input[name=length]").fill("4")
    form.locator("input[name=length]").press("Tab")
    assert lists.locator("option").all_inner_texts() == ["the game's own", "scowl-answers-4"]
    page.wait_for_selector("body[data-assist-list='scowl-answers-4']", timeout=60_000)  # the default of 4 letters
    assert page.locator("#assist-count").inner_text().startswith("2,302 candidates"), page.locator("#assist-message").inner_text()
    page.goto("/#play")
    play = page.locator("#play-setting")
    play.locator("select[name=game]").select_option("wordle")
    play.locator("select[name=world]").select_option("closed")
    play.locator("select[name=host]").select_option("random")
    play.locator("select[name=answers]").select_option("scowl-answers-5")
    play.locator("button[type=submit]").click()
    page.wait_for_selector("body[data-play-list='scowl-answers-5']", timeout=60_000)


def test_mastermind_options_keep_their_values(page):
    AssistantPage(page).open(game="mastermind")
    form = page.locator("#assist-setting")
    form.locator("input[name=pegs]").fill("3")
    form.locator("input[name=pegs]").press("Tab")
    form.locator("input[name=colours]").fill("5")
    form.locator("input[name=colours]").press("Tab")
    # the answer to the colours' change (the one to the pegs' may come first, of 6 colours)
    wait_until(page, "() => document.querySelector('#assist-guess').value.length === 3 && "
                           "!document.querySelector('#assist-add').disabled")
    # Mastermind has no prior: one world, no menu for it; no tiles to click or grid to paste, and
    # the reply's format where it is typed
    assert form.locator("select[name=world]").is_hidden() and page.locator("#page-assist details.paste").is_hidden()
    assert page.locator("#assist-reply").get_attribute("placeholder") == "1,2"
    assert "black then white" in page.locator("#page-assist .hint").inner_text()
    assert (form.locator("input[name=pegs]").input_value(), form.locator("input[name=colours]").input_value()) == ("3", "5")
    assert set(page.locator("#assist-guess").input_value()) <= set("12345")
    # the inputs take what the game takes (GET /api/games), not one range for every option
    bounds = [(form.locator(f"input[name={name}]").get_attribute("min"), form.locator(f"input[name={name}]").get_attribute("max"))
              for name in ("pegs", "colours")]
    assert bounds == [("1", "12"), ("1", "9")]


def test_an_answer_leaves_the_focus_in_the_options(page):
    """An answer arriving while the person types in another field keeps their focus there (it
    used to jump to the guess box, so the next keys went into the guess)."""
    AssistantPage(page).open(game="mastermind")
    colours = page.locator("#assist-setting input[name=colours]")
    colours.focus()
    answers = int(page.evaluate("document.body.dataset.assistAnswers"))
    page.evaluate("document.querySelector('#assist-setting').dispatchEvent(new Event('change'))")  # an answer on its way
    wait_until(page, f"() => Number(document.body.dataset.assistAnswers) > {answers}")
    assert page.evaluate("document.activeElement.name") == "colours"
    page.keyboard.press("Control+A")
    page.keyboard.type("5")
    assert colours.input_value() == "5" and page.locator("#assist-guess").input_value() == "1123"  # the proven best opener of 4 x 6
    page.locator("#assist-suggestions button.word").first.click()  # picking a suggestion still goes to the guess
    assert page.evaluate("document.activeElement.id") == "assist-guess"
    select = page.locator("#assist-setting select[name=game]")
    select.focus()  # select_option() alone leaves the focus where it was
    select.select_option("jotto")  # so does a choice in a select
    # Jotto's answer itself: leaving the colours field (the click above) asked again, and that answer may come first
    page.wait_for_selector("body[data-assist-setting='jotto closed normal']")
    assert page.evaluate("document.activeElement.id") == "assist-guess"


def test_world_and_hard_mode_keep_the_turns_and_a_refusal_restores(page):
    assistant = AssistantPage(page).open()
    secret = "rebut"
    for n, guess in enumerate(["salet", "corni"], 1):  # corni drops salet's E and T: not a hard-mode game
        page.fill("#assist-guess", guess)
        assistant.set_tiles(WORDLE.format_reply(WORDLE.feedback(guess, secret)))
        assistant.add_turn(n)
    form = page.locator("#assist-setting")
    form.locator("select[name=world]").select_option("open")
    page.wait_for_selector("body[data-assist-setting='wordle open normal']", timeout=60_000)
    assert page.locator("#assist-grid .row").count() == 2 and page.evaluate("document.body.dataset.assistTurns") == "2"
    form.locator("input[name=hard]").check()
    wait_until(page, "() => document.querySelector('#assist-message').classList.contains('error')")
    assert not form.locator("input[name=hard]").is_checked()  # the setting goes back
    assert page.locator("#assist-grid .row").count() == 2  # the turns stay
    assert len(assistant.message().splitlines()) == 1
    page.reload()
    assistant.wait_for_turns(2)
    assert form.locator("select[name=world]").input_value() == "open"
    shot(page, "assist-hard-refused")


def test_the_assistant_says_when_no_strategy_can_guarantee_a_win(page):
    """Hard mode, open world, LATCH .GGGG: each guess must be ?ATCH and finds at most one of the
    nine words left, with five guesses left (the exact search proves it)."""
    assistant = AssistantPage(page).open(world="open")
    page.locator("#assist-setting input[name=hard]").check()
    page.wait_for_selector("body[data-assist-setting='wordle open hard']", timeout=60_000)
    assistant.wait_for_turns(0)
    assert "guarantee" not in assistant.message()
    page.fill("#assist-guess", "latch")
    assistant.set_tiles(".GGGG")
    assistant.add_turn(1)
    assert "No strategy can guarantee a win from here" in assistant.message()


def test_a_late_answer_never_overwrites_newer_turns(page):
    assistant = AssistantPage(page).open()
    assistant.set_tiles("Y....")  # tiles set: no question first
    held = Held(page, "**/api/assist")
    page.locator("#assist-add").dblclick()
    held.wait()
    page.wait_for_timeout(300)  # time for a second request, were the second click to send one
    assert page.locator("#assist-undo").is_disabled() and page.locator("#assist-add").is_disabled()
    assert len(held.routes) == 1
    held.release()
    assistant.wait_for_turns(1)
    page.wait_for_timeout(300)
    assert page.locator("#assist-grid .row").count() == 1


def test_share_grid_paste_and_picking_a_suggestion(page):
    assistant = AssistantPage(page).open()
    page.locator("#page-assist details.paste summary").click()
    page.fill("#assist-share", "Wordle 1,234 3/6\n\n⬛⬛⬛🟨🟩\n⬛⬛🟨⬛⬛\n🟩🟩🟩🟩🟩")
    page.click("#assist-share-apply")
    page.wait_for_selector("body[data-assist-shares='1']")  # read by the server's parser
    classes = [page.locator(f"#assist-tiles button[data-index='{i}']").get_attribute("class") for i in range(5)]
    assert ["mark-elsewhere" in c for c in classes] == [False, False, False, True, False] and "mark-right" in classes[4]
    page.fill("#assist-share", "Wordle 1,234 3/6\n\n🟧🟦⬛⬛⬛\n🟧🟧🟧🟧🟧")  # the high-contrast squares: orange right, blue elsewhere
    page.click("#assist-share-apply")
    page.wait_for_selector("body[data-assist-shares='2']")
    assert assistant.tile_marks() == "GY..."
    pick = page.locator("#assist-suggestions tbody button.word").nth(2)
    word = pick.inner_text().lower()
    pick.click()
    assert assistant.guess() == word
    assert page.locator("#assist-tiles button").count() == 5


def test_enter_after_on_screen_keys_submits_the_guess(page):
    play = PlayPage(page).open()
    for letter in "sal":
        page.locator(f"#play-keyboard button[data-key='{letter}']").click()
    play.type_physical("et")  # the focus is still on the L key
    play.wait_for_turns(1)
    assert play.rows()[0][0] == "salet"


def test_a_guess_answered_after_new_game_is_dropped(page):
    play = PlayPage(page).open()
    held = Held(page, "**/api/play/guess")
    play.type_physical("salet")
    held.wait()  # the guess is sent and unanswered before New game
    page.locator("#play-setting button[type=submit]").click()
    page.wait_for_selector("body[data-play-games='3']")
    with page.expect_response("**/api/play/guess"):
        held.release()
    page.wait_for_timeout(300)
    assert play.rows() == [] and page.evaluate("document.body.dataset.playTurns") == "0"


def test_play_options_and_restore(page):
    page.goto("/#play")
    page.wait_for_selector("body[data-play-games='1']")
    form = page.locator("#play-setting")
    form.locator("select[name=game]").select_option("sutom")
    assert form.locator("input[name=length]").input_value() == "6" and form.locator("input[name=first]").count() == 0
    form.locator("input[name=length]").fill("7")
    form.locator("select[name=host]").select_option("random")
    form.locator("input[name=hard]").check()
    form.locator("button[type=submit]").click()
    page.wait_for_selector("body[data-play-games='2']")
    assert "7-letter" in page.locator("#play-status").inner_text()
    page.reload()
    page.wait_for_selector("#play-status:not(:empty)")
    assert form.locator("input[name=length]").input_value() == "7" and form.locator("input[name=hard]").is_checked()
    assert "7-letter" in page.locator("#play-status").inner_text()
    # a daily game of a past day is not restored: today's starts
    page.evaluate("""() => { const s = JSON.parse(localStorage.getItem('wordguess-play'));
        s.host = 'daily'; s.day = '2000-01-01'; s.game.host = 'daily'; localStorage.setItem('wordguess-play', JSON.stringify(s)); }""")
    page.reload()
    page.wait_for_selector("body[data-play-games='1']")


def test_evil_host_says_how_many_words_are_still_possible(page):
    play = PlayPage(page).open(host="evil")
    play.type_physical("salet")
    play.wait_for_turns(1)
    assert "words still possible" in page.locator("#play-status").inner_text()


def test_copy_without_a_clipboard_selects_the_text(page):
    page.add_init_script("Object.defineProperty(navigator, 'clipboard', { value: undefined })")
    play = PlayPage(page).open()
    play.give_up()
    word = page.locator("#play-message").inner_text()
    assert word.startswith("The word was ")
    page.locator("#play-copy").click()
    wait_until(page, "() => document.querySelector('#toast') && document.querySelector('#toast').textContent.includes('Ctrl-C')")
    assert page.locator("#play-message").inner_text() == word  # the word stays shown
    assert page.evaluate("window.getSelection().toString()").strip() == page.locator("#play-share-text").inner_text().strip()


def test_multiboard_assistant_keeps_its_turns_and_reads_a_share_grid(page):
    page.goto("/#boards")
    page.wait_for_selector("body[data-boards-assist-turns='0']", timeout=60_000)
    form = page.locator("#boards-setting")
    form.locator("select[name=host]").select_option("random")
    form.locator("select[name=world]").select_option("closed")
    page.wait_for_selector("body[data-boards-assist-world='closed']", timeout=60_000)
    page.fill("#boards-guess", "salet")
    page.locator("#page-boards details.paste summary").click()
    page.fill("#boards-paste", "wordguess quordle X/9\n🟥 🟥\n🟥 🟥\n\n⬛🟨⬛⬛🟩 ⬛⬛⬛⬛⬛\n\n🟩⬛⬛⬛⬛ ⬛⬛🟨⬛⬛")
    page.click("#boards-paste-apply")
    page.wait_for_selector("body[data-boards-shares='1']")  # read by the server's parser
    tiles = page.locator("#boards-tiles button[data-board='3']")
    assert "mark-elsewhere" in tiles.nth(2).get_attribute("class") and "mark-absent" in tiles.nth(0).get_attribute("class")
    assert "mark-right" in page.locator("#boards-tiles button[data-board='0']").nth(4).get_attribute("class")
    page.click("#boards-add")
    page.wait_for_selector("body[data-boards-assist-turns='1']", timeout=60_000)
    page.reload()
    page.wait_for_selector("body[data-boards-assist-turns='1']", timeout=60_000)
    assert form.locator("select[name=host]").input_value() == "random"
    assert form.locator("select[name=world]").input_value() == "closed"
    shot(page, "boards-assistant")


def test_the_multiboard_assistant_takes_words_in_no_list_for_its_game(page):
    page.goto("/#boards")
    page.wait_for_selector("body[data-boards-assist-turns='0']", timeout=60_000)
    heading = page.locator("#boards-candidates .board h3").first
    before = int(heading.inner_text().split(": ")[1].split(" ")[0].replace(",", ""))
    page.locator("#page-boards details.add-words summary").click()
    page.fill("#boards-add-words", "qxqxq")
    page.click("#boards-add-words-apply")
    wait_until(page, "() => document.querySelector('#boards-assist-message').textContent.includes('QXQXQ')")
    assert "added for this game" in page.locator("#boards-assist-message").inner_text()
    assert heading.inner_text().startswith(f"#1: {before + 1:,} left")  # a possible secret of each board
    page.reload()
    wait_until(page, "() => document.querySelector('#boards-assist-message').textContent.includes('QXQXQ')")
    assert page.locator("#boards-add-words").input_value() == "qxqxq"
    page.locator("#page-boards details.add-words summary").click()
    page.fill("#boards-add-words", "toolong")
    page.click("#boards-add-words-apply")
    wait_until(page, "() => document.querySelector('#boards-assist-message').textContent.includes('toolong')")
    assert page.locator("#boards-add-words").get_attribute("aria-invalid") == "true"
    page.fill("#boards-guess", "salet")
    page.click("#boards-add")  # the refused word is not kept: the turn is taken with the words before
    page.locator("#boards-assist-confirm .yes").click()  # every tile grey indeed
    page.wait_for_selector("body[data-boards-assist-turns='1']", timeout=60_000)
    shot(page, "boards-words-in-no-list")
    page.select_option("#boards-setting select[name=game]", "dordle")  # another game: the words and the mark go
    wait_until(page, "() => !document.querySelector('#boards-add-words').hasAttribute('aria-invalid')")
    assert page.locator("#boards-add-words").input_value() == ""


def test_the_multiboard_assistant_says_when_no_win_of_every_combination_can_be_promised(page):
    """WHERE BASTE SMACK known and five LA_ED words with four guesses left (open world): no play
    finds them all, and the page says so beside the suggestion, as the single board's does."""
    rules = get_game("quordle")
    secrets = ["where", "baste", "smack", "lazed"]
    turns = [{"guess": w, "reply": rules.format_reply(rules.feedback(w, secrets))}
             for w in ("tarse", "punch", "lobby", "fight", "wimpy")]
    page.goto("/#boards")
    page.wait_for_selector("body[data-boards-assist-turns='0']", timeout=60_000)
    # and the page's daily game: answered after the write below, it would save the page's own (no turns) over it
    page.wait_for_selector("body[data-boards-games='1']")
    page.evaluate("""(turns) => localStorage.setItem('wordguess-boards', JSON.stringify(
        { setting: { game: 'quordle', world: 'open', host: 'random' }, turns, added: [] }))""", turns)
    page.reload()
    page.wait_for_selector("body[data-boards-assist-turns='5']", timeout=60_000)
    message = page.locator("#boards-assist-message")
    assert message.inner_text() == "No strategy can guarantee a win from here: playing for the likeliest win"
    shot(page, "boards-no-promise")
    page.click("#boards-undo")  # one turn back: BASTE known, WHERE or RHEME, SMACK or SWACK, seven LA_ED words,
    page.wait_for_selector("body[data-boards-assist-turns='4']", timeout=60_000)  # five guesses: no plan found
    assert message.inner_text() == "No win within the guesses left can be shown from here: playing for the likeliest win"
    page.click("#boards-undo")
    page.wait_for_selector("body[data-boards-assist-turns='3']", timeout=60_000)  # six guesses: nothing to say
    assert message.inner_text() == ""


def test_explore_path_in_the_url(page):
    explore = ExplorePage(page).open()
    explore.follow_first_branch(1)
    assert "path=salet" in page.evaluate("location.hash")
    page.reload()
    explore.wait_for_depth(1)
    page.go_back()
    explore.wait_for_depth(0)
    page.go_forward()
    explore.wait_for_depth(1)
    assert explore.summary().startswith("Guess 2")


def test_a_closed_world_contradiction_offers_the_open_world_and_a_list_change_keeps_the_turns(page):
    """GIZMO is in no answer list: in the closed world its replies fit no word there. The page
    says why and offers the open world with the turns kept; choosing another answer list keeps
    the turns too."""
    assistant = AssistantPage(page).open()
    page.fill("#assist-guess", "salet")
    assistant.set_tiles(WORDLE.format_reply(WORDLE.feedback("salet", "gizmo")))
    assistant.add_turn(1)
    page.locator("#assist-setting select[name=answers]").select_option("wordle-answers-nyt")
    page.wait_for_selector("body[data-assist-list='wordle-answers-nyt']", timeout=60_000)
    assert page.evaluate("document.body.dataset.assistTurns") == "1"  # the list changed, the turns stayed
    page.fill("#assist-guess", "gizmo")
    assistant.set_tiles("GGGGG")
    page.locator("#assist-add").click()
    page.wait_for_selector("#assist-open-world")
    assert "open world" in assistant.message() and "may be in none" in assistant.message()
    page.locator("#assist-open-world").click()
    page.wait_for_selector("body[data-assist-setting='wordle open normal']", timeout=60_000)
    assistant.wait_for_turns(2)
    assert page.locator("#assist-setting select[name=world]").input_value() == "open"
    assert page.locator("#assist-count").inner_text() == "Solved!"
    shot(page, "assist-open-world-offered")


# --- a phone, what the page says, the daily's day, the installed page (the sizes: two phones and a desktop)

SIZES = {"phone": {"width": 375, "height": 812}, "small-phone": {"width": 360, "height": 640},
         "desktop": {"width": 1366, "height": 900}}


PHONES = ["phone", "small-phone"]
SCREENS = [*PHONES, "desktop"]  # an item of the phone issue is tested on each
UNREACHABLE = "can't reach the server: your game is kept"


def sized_page(browser, server, size: str, **options):
    """Return a new page at one of SIZES (a phone's with touch)."""
    phone = size != "desktop"
    return new_context(browser, server, viewport=SIZES[size], is_mobile=phone, has_touch=phone, **options).new_page()


HIDDEN_ROWS = """([rows, result]) => {
    // the rows (and the result) that are not in view above the keyboard: cut off at the top, under
    // the keyboard, or outside their board's or the boards' own scrolled space
    const keys = document.querySelector(rows.startsWith('#play') ? '#play-keyboard' : '#boards-keyboard');
    const top = keys.offsetParent ? keys.getBoundingClientRect().top : innerHeight;
    const hidden = (node) => {
        const box = node.getBoundingClientRect();
        if (box.top < 0 || box.bottom > top + 0.5 || box.height === 0) return true;
        for (let up = node.parentElement; up; up = up.parentElement) {
            const outer = up.getBoundingClientRect();
            if (up.scrollHeight > up.clientHeight + 1 && getComputedStyle(up).overflowY !== 'visible'
                && (box.top < outer.top - 0.5 || box.bottom > outer.bottom + 0.5)) return true;
        }
        return false;
    };
    return [...document.querySelectorAll(rows)].filter(hidden).map((r) => r.closest('.board')?.getAttribute('aria-label') || 'row')
        .concat(result && hidden(document.querySelector(result)) ? ['the result'] : []);
}"""


def hidden_rows(page, rows: str, result: str | None = None) -> list[str]:
    """Return the rows (the selector's) and the result that lie outside the view above the keyboard."""
    return page.evaluate(HIDDEN_ROWS, [rows, result])


def play_boards(page, guesses: list[str]) -> int:
    """Play the guesses on the Multi-board page's game (until it is over); return the turns played."""
    boards = BoardsPage(page)
    for turn, guess in enumerate(guesses, 1):
        boards.play(guess, turn)
        if boards.over():
            return turn
    return len(guesses)


QUORDLE_GUESSES = ["salet", "corny", "dumpy", "white", "bulky", "favor", "gizmo", "chaff"]


@pytest.mark.parametrize("size", PHONES)
def test_on_a_phone_every_board_s_row_and_the_result_are_above_the_keyboard(browser, server, size):
    """Wordle's six rows, Quordle's four boards' rows being typed at every turn, and each game's
    result: in view above the keyboard at once, the page not scrolled."""
    page = sized_page(browser, server, size)
    page.goto("/#play")
    page.wait_for_selector("body[data-play-games='1']", timeout=60_000)
    assert hidden_rows(page, "#play-grid .row") == []
    header = page.locator("header.top").bounding_box()
    assert header["height"] <= 48, header  # a compact header: one line
    page.keyboard.type("salet")
    assert hidden_rows(page, "#play-grid .row.current") == []
    PlayPage(page).give_up()
    assert hidden_rows(page, "#play-grid .row", "#play-message") == [], "the result of Wordle"
    BoardsPage(page).open().new_game("quordle")
    page.locator("#boards-settings summary").click()  # folded again
    for turn, guess in enumerate(QUORDLE_GUESSES, 1):
        page.keyboard.type(guess[:3])  # the row being typed, on every board
        assert hidden_rows(page, "#boards-grid .row.current") == [], (turn, size)
        page.keyboard.press("Backspace")
        page.keyboard.press("Backspace")
        page.keyboard.press("Backspace")
        BoardsPage(page).play(guess, turn)
        if BoardsPage(page).over():
            break
        if turn == 6:
            shot(page, f"quordle-{size}")
    if not BoardsPage(page).over():
        page.locator("#boards-give-up").click()
        page.locator("#boards-confirm .yes").click()
        page.wait_for_selector("body[data-boards-over=true]")
    assert hidden_rows(page, "#boards-grid .board h3", "#boards-message") == [], "the result of Quordle"
    assert page.evaluate("scrollY") == 0
    shot(page, f"quordle-over-{size}")
    page.context.close()


@pytest.mark.parametrize("size", PHONES)
def test_octordle_boards_scroll_above_the_keyboard_on_a_phone(browser, server, size):
    """From Octordle up the boards scroll in their own space: each board's row being typed, scrolled
    to, is in view above the keyboard, never under it."""
    page = sized_page(browser, server, size)
    BoardsPage(page).open().new_game("octordle")
    page.locator("#boards-settings summary").click()  # folded again
    play_boards(page, ["salet", "corny", "dumpy"])
    page.keyboard.type("whi")
    rows = page.locator("#boards-grid .row.current")
    assert rows.count() == 8
    for b in range(8):
        rows.nth(b).scroll_into_view_if_needed()
        assert hidden_rows(page, f"#boards-grid .board:nth-child({b + 1}) .row.current") == [], b
    assert page.evaluate("scrollY") == 0  # the boards scrolled, not the page
    shot(page, f"octordle-{size}-scrolled")
    page.context.close()


@pytest.mark.parametrize("size", ["phone", "small-phone", "desktop"])
def test_nerdle_keys_in_two_rows_each_wide_enough(browser, server, size):
    page = sized_page(browser, server, size)
    page.goto("/#play")
    page.wait_for_selector("body[data-play-games='1']", timeout=60_000)
    if page.locator("#play-settings summary").is_visible():
        page.locator("#play-settings summary").click()
    page.locator("#play-setting select[name=game]").select_option("nerdle")
    page.locator("#play-setting button[type=submit]").click()
    page.wait_for_selector("body[data-play-games='2']")
    widths = page.evaluate("""() => [...document.querySelectorAll('#play-keyboard .keys')].map(row =>
        [...row.querySelectorAll('.key')].map(k => k.getBoundingClientRect().width))""")
    assert len(widths) == 2 and min(min(row) for row in widths) >= 32, widths
    assert page.locator("#play-keyboard .key[data-key=enter]").inner_text() == "ENTER"  # whole, not "ENT"
    assert hidden_rows(page, "#play-grid .row") == [] or size == "desktop"
    shot(page, f"nerdle-{size}")
    page.context.close()


@pytest.mark.parametrize("size", PHONES)
def test_the_assistant_s_settings_fold_on_a_phone(browser, server, size):
    page = sized_page(browser, server, size)
    page.goto("/#assist")
    page.wait_for_selector("body[data-assist-turns='0']", timeout=60_000)
    assert page.locator("#assist-setting select[name=game]").is_hidden()
    assert page.locator("#assist-suggestions tbody tr").first.bounding_box()["y"] < SIZES[size]["height"]  # the suggestions in view
    page.locator("#assist-settings summary").tap()
    page.locator("#assist-setting select[name=game]").wait_for(state="visible")
    page.context.close()


def test_the_board_is_centred_on_a_desktop(browser, server):
    page = sized_page(browser, server, "desktop")
    page.goto("/#play")
    page.wait_for_selector("body[data-play-games='1']", timeout=60_000)
    row = page.locator("#play-grid .row").first.bounding_box()
    keys = page.locator("#play-keyboard").bounding_box()
    for box in (row, keys):
        assert abs(box["x"] + box["width"] / 2 - page.evaluate("document.querySelector('main').getBoundingClientRect().left "
                                                               "+ document.querySelector('main').getBoundingClientRect().width / 2")) < 20
    page.context.close()


@pytest.mark.parametrize("size", SCREENS)
def test_a_guess_in_flight_waits_and_keys_typed_meanwhile_are_kept(browser, server, size):
    page = sized_page(browser, server, size)
    play = PlayPage(page)
    page.goto("/#play")
    page.wait_for_selector("body[data-play-games='1']", timeout=60_000)
    held = Held(page, "**/api/play/guess")
    play.type_physical("salet")
    held.wait()
    pending = page.locator("#play-grid .row.pending")
    assert pending.count() == 1 and pending.inner_text().replace("\n", "").lower() == "salet"
    page.keyboard.type("cor")  # typed while the guess is in flight: the next row's
    assert page.locator("#play-grid .row.current").inner_text().replace("\n", "").lower() == "cor"
    shot(page, f"pending-{size}")
    held.release()
    play.wait_for_turns(1)
    assert page.locator("#play-grid .row.pending").count() == 0
    assert page.locator("#play-grid .row.current").inner_text().replace("\n", "").lower() == "cor"
    page.context.close()


def times_unreachable(page) -> int:
    """Return how many times the page shows (in text in view or scrolled to) that the server is out of reach."""
    return page.evaluate("(said) => document.body.innerText.split(said).length - 1", UNREACHABLE)


# the guess refused for want of a server: typed again in the row being typed, none waiting
SENT_BACK = """(word) => !document.querySelector('#offline').hidden && !document.querySelector('#play-grid .row.pending')
    && document.querySelector('#play-grid .row.current')?.textContent.toLowerCase() === word"""


@pytest.mark.parametrize("size", SCREENS)
def test_a_server_out_of_reach_keeps_the_game(browser, server, size):
    """A guess that cannot reach the server stays typed, to send again; the page says why once
    (its banner), until the next answer comes."""
    page = sized_page(browser, server, size)
    play = PlayPage(page)
    page.goto("/#play")
    page.wait_for_selector("body[data-play-games='1']", timeout=60_000)
    page.route("**/api/play/guess", lambda route: route.abort("internetdisconnected"))
    play.type_physical("salet")
    wait_until(page, SENT_BACK, arg="salet")
    assert page.locator("#offline").inner_text() == UNREACHABLE
    assert times_unreachable(page) == 1
    assert page.locator("#play-message").inner_text() == ""
    assert hidden_rows(page, "#play-grid .row.current") == [] or size == "desktop"  # the banner leaves the row in view
    shot(page, f"out-of-reach-{size}")
    page.unroute("**/api/play/guess")
    page.keyboard.press("Enter")
    play.wait_for_turns(1)
    page.locator("#offline").wait_for(state="hidden")
    assert times_unreachable(page) == 0
    page.context.close()


@pytest.mark.parametrize("view", ["assist", "boards", "analyze", "explore"])
def test_every_view_says_once_that_the_server_is_out_of_reach(browser, server, view):
    """Each view's calls failing for want of a server: the banner says it, no message line repeats it."""
    page = sized_page(browser, server, "phone")
    page.goto(f"/#{view}")
    page.wait_for_selector("body[data-ready=true]", timeout=60_000)
    page.wait_for_load_state("networkidle")
    page.route("**/api/**", lambda route: route.abort("internetdisconnected"))
    if view == "assist":
        page.locator("#assist-reset").click()
    elif view == "boards":
        page.locator("#boards-add").click()
        page.locator("#boards-assist-confirm .yes").click()
        page.keyboard.type("salet")
        page.keyboard.press("Enter")
    elif view == "analyze":
        page.locator("#analyze-guesses").fill("salet")
        page.locator("#analyze-secret").fill("salet")
        page.locator("#analyze-run").click()
    else:
        page.locator("#explore-branches button").first.click()
    page.locator("#offline").wait_for(state="visible")
    page.wait_for_load_state("networkidle")
    assert times_unreachable(page) == 1, page.evaluate("document.body.innerText")
    page.context.close()


@pytest.mark.parametrize("size", SCREENS)
def test_messages_in_plain_words(browser, server, size):
    page = sized_page(browser, server, size)
    page.goto("/#assist")
    page.wait_for_selector("body[data-assist-turns='0']", timeout=60_000)
    page.locator("#page-assist details.paste summary").click()
    page.locator("#assist-share-apply").click()  # an empty grid
    wait_until(page, "() => document.querySelector('#assist-message').textContent.includes('empty')")
    assert page.locator("#assist-message").inner_text() == "the share grid is empty"
    plain = page.evaluate("""async () => { const api = await import('/js/api.js');
        return [api.plain('the request body is over 262,144 bytes', 413), api.plain('guess: String should have at most 24 characters', 400)]; }""")
    assert plain == ["that is too long to send: shorten the text and try again", "the guess is too long: at most 24 characters"]
    page.context.close()


@pytest.mark.parametrize("size", SCREENS)
def test_the_first_visit_shows_how_to_play(browser, server, size):
    phone = size != "desktop"
    page = new_context(browser, server, first_visit=True, viewport=SIZES[size], is_mobile=phone, has_touch=phone).new_page()
    page.goto("/#play")
    dialog = page.locator("#help")
    dialog.wait_for(state="visible")
    assert "How to play" in dialog.inner_text() and "green" in dialog.inner_text()
    shot(page, f"help-{size}")
    page.locator("#help-close").click()
    dialog.wait_for(state="hidden")
    page.reload()
    page.wait_for_selector("body[data-play-over=false]", timeout=60_000)  # the game kept, drawn again
    assert dialog.is_hidden()  # once only; the "?" button shows it again
    page.locator("#help-open").click()
    dialog.wait_for(state="visible")
    page.context.close()


@pytest.mark.parametrize("size", SCREENS)
def test_the_colour_blind_palette_in_the_hint_the_share_and_its_button(browser, server, size):
    page = sized_page(browser, server, size)
    page.goto("/#assist")
    page.wait_for_selector("body[data-assist-turns='0']", timeout=60_000)
    assert "grey → yellow → green" in page.locator("#assist-hint").inner_text()
    page.click("#palette")
    assert "grey → blue → orange" in page.locator("#assist-hint").inner_text()
    assert page.locator("#palette").get_attribute("aria-pressed") == "true"
    on = page.evaluate("getComputedStyle(document.querySelector('#palette')).backgroundColor")
    assert on == "rgb(26, 26, 27)"  # the button filled while the palette is on
    squares = page.evaluate("""async () => (await import('/js/dom.js')).inPalette('Wordle 1,234 3/6\\n\\n⬛🟨🟩⬛⬛')""")
    assert squares == "Wordle 1,234 3/6\n\n⬛🟦🟧⬛⬛"
    page.goto("/#play")
    play = PlayPage(page)
    page.wait_for_selector("body[data-play-games='1']", timeout=60_000)
    play.give_up()
    share = page.locator("#play-share-text").inner_text()
    assert "🟩" not in share and "🟨" not in share
    shot(page, f"colour-blind-{size}")
    page.context.close()


@pytest.mark.parametrize("size", SCREENS)
def test_give_up_asks_first(browser, server, size):
    page = sized_page(browser, server, size)
    play = PlayPage(page)
    page.goto("/#play")
    page.wait_for_selector("body[data-play-games='1']", timeout=60_000)  # the daily: giving up ends its streak
    page.locator("#play-give-up").click()
    assert page.locator("#play-confirm").is_visible() and page.locator("#play-give-up").is_hidden()
    shot(page, f"give-up-asks-{size}")
    page.locator("#play-confirm .no").click()  # keep playing
    assert page.locator("#play-give-up").is_visible() and page.evaluate("document.body.dataset.playOver") == "false"
    play.give_up()
    assert page.locator("#play-message").inner_text().startswith("The word was ")
    page.context.close()


def play_host(page, host: str):
    """Start a game of the Play page's game with another host (the settings opened if folded)."""
    started = int(page.evaluate("document.body.dataset.playGames"))
    if page.locator("#play-settings summary").is_visible() and page.locator("#play-setting select[name=host]").is_hidden():
        page.locator("#play-settings summary").click()
    page.locator("#play-setting select[name=host]").select_option(host)
    page.locator("#play-setting button[type=submit]").click()
    page.wait_for_selector(f"body[data-play-games='{started + 1}']")


@pytest.mark.parametrize("size", SCREENS)
def test_a_new_day_opens_on_its_daily_whatever_was_played_last(browser, server, size):
    """Today's daily given up, then a random game: the next day (the browser's clock a day on) the
    page opens that day's daily; the day before's finished daily stayed shown with its record."""
    import datetime

    page = sized_page(browser, server, size)
    now = datetime.datetime.now()
    page.clock.install(time=now)
    page.goto("/#play")
    page.wait_for_selector("body[data-play-games='1']", timeout=60_000)
    assert page.evaluate("document.body.dataset.playDay") == now.date().isoformat()
    PlayPage(page).give_up()
    page.reload()  # the finished daily stays shown, with the record and the countdown
    page.wait_for_selector("body[data-play-over=true]", timeout=60_000)
    assert page.locator("#play-stats").is_visible() and "Next daily in" in page.locator("#play-stats").inner_text()
    play_host(page, "random")
    assert page.evaluate("document.body.dataset.playDay") == ""
    page.clock.set_system_time(now + datetime.timedelta(days=1))
    page.reload()
    page.wait_for_selector("body[data-play-games='1']", timeout=60_000)
    tomorrow = (now + datetime.timedelta(days=1)).date().isoformat()
    assert page.evaluate("document.body.dataset.playDay") == tomorrow
    assert page.evaluate("document.body.dataset.playOver") == "false"
    assert page.locator("#play-setting select[name=host]").input_value() == "daily"
    assert tomorrow in page.locator("#play-status").inner_text()
    shot(page, f"new-day-{size}")
    page.context.close()


def test_two_time_zones_either_side_of_midnight_play_their_own_day(browser, server):
    """Kiritimati (UTC+14) and Pago Pago (UTC-11) are always on two dates: at noon UTC on the
    server's date one is a day ahead and the other on it (the browsers' clocks set there, so the
    hour the test runs at does not matter: between 10:00 and 11:00 UTC they are two days apart).
    Each player gets the daily of their own date, numbered a day apart, and the days' words differ."""
    import datetime
    import zoneinfo

    noon = datetime.datetime.combine(datetime.datetime.now(datetime.UTC).date(), datetime.time(12), datetime.UTC)
    shares = {}
    for zone in ("Pacific/Kiritimati", "Pacific/Pago_Pago"):
        page = new_context(browser, server, timezone_id=zone, viewport=SIZES["phone"], is_mobile=True, has_touch=True).new_page()
        page.clock.install(time=noon)
        page.goto("/#play")
        page.wait_for_selector("body[data-play-games='1']", timeout=60_000)
        day = page.evaluate("document.body.dataset.playDay")
        assert day == noon.astimezone(zoneinfo.ZoneInfo(zone)).date().isoformat()
        PlayPage(page).give_up()
        shares[day] = (page.locator("#play-share-text").inner_text().splitlines()[0], page.locator("#play-message").inner_text())
        page.context.close()
    (early, (early_title, early_word)), (late, (late_title, late_word)) = sorted(shares.items())
    assert datetime.date.fromisoformat(late) - datetime.date.fromisoformat(early) == datetime.timedelta(days=1)
    number = lambda title: int(title.split()[2].replace(",", ""))  # noqa: E731
    assert number(late_title) == number(early_title) + 1 and early_word != late_word


@pytest.mark.parametrize("size", SCREENS)
def test_a_past_daily_is_played_as_practice_outside_the_record(browser, server, size):
    page = sized_page(browser, server, size)
    page.goto("/#play")
    page.wait_for_selector("body[data-play-games='1']", timeout=60_000)
    PlayPage(page).give_up()
    record = page.locator("#play-stats .figures").inner_text().split()
    page.locator("#play-archive summary").click()
    page.locator("#play-archive-day").fill("2024-01-01")
    page.locator("#play-archive-start").click()
    page.wait_for_selector("body[data-play-games='2']")
    assert page.evaluate("document.body.dataset.playDay") == "2024-01-01"
    assert "practice" in page.locator("#play-status").get_attribute("title")
    PlayPage(page).give_up()
    assert page.locator("#play-share-text").inner_text().splitlines()[0].startswith("wordguess wordle 926 ")  # its number
    assert page.locator("#play-stats").is_hidden()
    stored = page.evaluate("Object.values(JSON.parse(localStorage.getItem('wordguess-daily'))).map(e => e.day)")
    assert "2024-01-01" not in stored and len(record) > 0
    page.context.close()


@pytest.mark.parametrize("size", PHONES)
def test_installable_and_an_offline_reload_shows_the_game(browser, server, size):
    """The manifest names the icons (each served); the service worker keeps the page: offline, a
    reload shows the game kept in the browser and says the server is out of reach."""
    manifest = httpx.get(f"{server}/manifest.webmanifest").json()
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/#play"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert httpx.get(f"{server}{icon['src']}").status_code == 200, icon
    context = new_context(browser, server, service_workers="allow", viewport=SIZES[size], is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto("/#play")
    page.wait_for_selector("body[data-play-games='1']", timeout=60_000)
    play = PlayPage(page)
    play.type_physical("salet")
    play.wait_for_turns(1)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wait_until(page, "() => navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("body[data-play-turns='1']", timeout=60_000)
    assert tile_rows(page.locator("#play-grid"))[0][0] == "salet"
    assert page.locator("#offline").inner_text() == "can't reach the server: your game is kept"
    page.keyboard.type("corny")
    page.keyboard.press("Enter")
    wait_until(page, SENT_BACK, arg="corny")
    assert times_unreachable(page) == 1
    shot(page, f"offline-{size}")
    context.set_offline(False)
    context.close()


@pytest.mark.parametrize("size", SCREENS)
def test_the_assistant_asks_before_an_all_grey_turn_or_a_word_in_no_list(browser, server, size):
    page = sized_page(browser, server, size)
    assistant = AssistantPage(page).open()
    guess = assistant.guess()
    page.locator("#assist-guess").press("Enter")  # Enter alone: every tile grey, untouched
    question = page.locator("#assist-confirm")
    assert question.is_visible() and question.inner_text().startswith(f"Add {guess.upper()} with every tile grey?")
    shot(page, f"assist-asks-grey-{size}")
    question.locator(".no").click()  # set the tiles instead
    assert page.evaluate("document.body.dataset.assistTurns") == "0"
    page.locator("#assist-guess").press("Enter")
    question.locator(".yes").click()  # every tile grey indeed
    assistant.wait_for_turns(1)
    page.locator("#assist-guess").fill("qxzvj")
    assistant.set_tiles("G....")
    page.locator("#assist-add").click()
    question.wait_for(state="visible")
    assert question.locator("#assist-question").inner_text() == "QXZVJ is not in any list: use it anyway?"
    question.locator(".no").click()  # a typo: the turns stay as they were
    assert page.evaluate("document.body.dataset.assistTurns") == "1"
    assert page.locator("#assist-grid .row").count() == 1
    page.context.close()


@pytest.mark.parametrize("size", SCREENS)
def test_the_multiboard_assistant_asks_before_an_all_grey_turn_or_a_word_in_no_list(browser, server, size):
    """As the single board's: Enter alone (every board's tiles left grey) asks first, and so does a
    word in no list (a typo, most likely); "no" leaves the turns as they were."""
    page = sized_page(browser, server, size)
    boards = BoardsPage(page)
    page.goto("/#boards")
    boards.wait_for_assistant(0)
    guess = page.locator("#boards-guess").input_value()
    page.locator("#boards-guess").press("Enter")  # Enter alone: every tile grey, untouched
    question = page.locator("#boards-assist-confirm")
    assert question.is_visible() and question.inner_text().startswith(f"Add {guess.upper()} with every tile grey on every board?")
    question.scroll_into_view_if_needed()
    shot(page, f"boards-asks-grey-{size}")
    question.locator(".no").click()  # set the tiles instead
    assert page.evaluate("document.activeElement.dataset.board") == "0"  # the first tile, to set
    assert page.evaluate("document.body.dataset.boardsAssistTurns") == "0"
    page.locator("#boards-guess").press("Enter")
    question.locator(".yes").click()  # every tile grey indeed
    boards.wait_for_assistant(1)
    page.locator("#boards-guess").fill("qxzvj")
    page.locator("#boards-tiles button[data-board='0']").first.click()  # a tile set: no question about the grey
    page.locator("#boards-add").click()
    question.wait_for(state="visible")
    assert question.locator("#boards-assist-question").inner_text() == "QXZVJ is not in any list: use it anyway?"
    question.locator(".no").click()  # a typo: the turns stay as they were
    assert page.evaluate("document.body.dataset.boardsAssistTurns") == "1"
    assert page.evaluate("document.activeElement.id") == "boards-guess"
    page.locator("#boards-add").click()
    question.wait_for(state="visible")
    question.locator(".yes").click()  # played indeed: taken, with the notice
    boards.wait_for_assistant(2)
    assert "QXZVJ is in no list" in page.locator("#boards-assist-message").inner_text()
    page.context.close()


def test_a_game_starting_late_leaves_the_focus_in_the_boards_assistant_s_guess(browser, server):
    """The boards page holds a hosted game and the assistant: the game's start, answered after the
    player has gone to the assistant's guess, moves the focus to its grid only from a button (New
    game), never out of a field being typed in (Enter there would then play the hosted game)."""
    page = sized_page(browser, server, "desktop")
    held = Held(page, "**/api/boards/play/new")
    page.goto("/#boards")
    held.wait()  # the day's game asked for, not answered yet
    BoardsPage(page).wait_for_assistant(0)
    page.locator("#boards-guess").focus()
    held.release()
    page.wait_for_selector("body[data-boards-games='1']", timeout=60_000)
    assert page.evaluate("document.activeElement.id") == "boards-guess"
    page.context.close()


def test_typing_over_a_pasted_row_s_guess_clears_its_note(page):
    assistant = AssistantPage(page).open()
    page.locator("#page-assist details.paste summary").click()
    page.locator("#assist-share").fill("Wordle 1,234 3/6\n\n⬛⬛⬛🟨🟩\n⬛⬛🟨⬛⬛\n🟩🟩🟩🟩🟩")
    page.locator("#assist-share-apply").click()
    wait_until(page, "() => document.querySelector('#assist-message').textContent.startsWith('tiles set from row 1')")
    assert assistant.tile_marks() == "...YG"
    page.locator("#assist-guess").fill("crane")
    assert assistant.message() == ""


def test_explore_after_a_bad_link_draws_no_other_tree_and_says_so_at_the_top(page):
    ExplorePage(page).open()
    page.goto("/#explore?mode=hard&path=zzzzz=.....")
    wait_until(page, "() => document.querySelector('#explore-message').textContent.length > 0")
    assert page.locator("#explore-setting select[name=mode]").input_value() == "hard"
    assert page.locator("#explore-branches li").count() == 0 and page.locator("#explore-node").inner_text() == ""
    assert page.locator("#explore-message").bounding_box()["y"] < 400
    page.locator("#explore-path button").click()  # start: the hard tree's first guess
    page.wait_for_selector("#explore-branches li")
    assert page.locator("#explore-setting select[name=mode]").input_value() == "hard"
