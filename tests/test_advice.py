"""One advisor for every front end: `wordguess.advise`, `solve --history H --json` and the web's
assistant give the same answer, field for field, on positions of every kind of game."""

from __future__ import annotations

import json
import os

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import wordguess
from wordguess.advice import Setting
from wordguess.advice.advice import EXACT
from wordguess.cli import app
from wordguess.engine.puzzle import PuzzleSpec
from wordguess.errors import WordguessError
from wordguess.games import get_game
from wordguess.strategies.base import one_board
from wordguess.web import Limits, Settings, create_app

runner = CliRunner()

# (name, the library's and the CLI's setting, the history)
POSITIONS = [
    ("wordle-open", {"game": "wordle"}, "soare=..Y..;clint=.G..."),
    ("wordle-closed", {"game": "wordle", "world": "closed"}, "raise=..Y..;mount=.G..."),
    ("wordle-hard", {"game": "wordle", "world": "closed", "mode": "hard"}, "salet=..GY.;below=.GG.."),
    ("fibble", {"game": "fibble"}, "soare=.GY.Y"),
    ("quordle", {"game": "quordle"}, "soare=..YY. ...YY G.... .....;clint=G.Y.. ....G ..Y.. ....."),
    ("german", {"game": "wordle", "language": "de"}, None),  # the history is made from the opening's advice
]


@pytest.fixture(scope="module", params=[0, 1], ids=["in-threads", "advisers"])
def client(request):
    """The web app computing suggestions in its own threads, and in an adviser process (serve's
    way: web.advisers)."""
    limits = Limits(expensive_per_minute=60, startup_seconds=240, advisers=request.param)
    with TestClient(create_app(Settings(limits=limits, warm=False))) as test_client:
        yield test_client


def german_history() -> str:
    """Return a German game's first turn: the opening's suggestion against its likeliest secret."""
    opening = wordguess.advise("wordle", language="de")
    game = get_game("wordle", language="de")
    guess, secret = opening.suggestions[0].word, opening.likely[1].word.lower()
    return f"{guess}={game.format_reply(game.feedback(guess, secret))}"


def cli_json(setting: dict, history: str) -> dict:
    args = ["solve", "--history", history, "--json"]
    for key, value in setting.items():
        args += [f"--{key}", str(value)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def web_json(client, setting: dict, history: str) -> dict:
    several = setting["game"] == "quordle"
    turns = [{"guess": g, "reply": r} for g, _, r in (t.partition("=") for t in history.split(";"))]
    body = {**{k: v for k, v in setting.items() if not several or k != "mode"}, "turns": turns}
    response = client.post("/api/boards/assist" if several else "/api/assist", json=body)
    assert response.status_code == 200, response.text
    return response.json()


@pytest.mark.parametrize(("name", "setting", "history"), POSITIONS, ids=[p[0] for p in POSITIONS])
def test_the_library_the_cli_and_the_web_give_the_same_advice(client, name, setting, history):
    history = history or german_history()
    library = wordguess.advise(history=history, **setting).to_json()
    assert library["suggestions"] and all("guesses_to_finish" in s for s in library["suggestions"])
    assert cli_json(setting, history) == library
    assert web_json(client, setting, history) == library


def test_fibble_is_advised_by_its_own_strategy_everywhere(client):
    advice = wordguess.advise("fibble", "soare=.GY.Y")
    assert advice.strategy == "lie-entropy"
    assert web_json(client, {"game": "fibble"}, "soare=.GY.Y")["strategy"] == "lie-entropy"


def test_the_open_world_reads_the_shipped_second_turn():
    """The open world's default strategy reads its second turn after the opener from the
    package (FewestGuesses.rollouts) with the guard's exact guard, as `solve` plays it."""
    advisor = wordguess.Advisor()
    opener = wordguess.advise("wordle").suggestions[0].word
    assistant = advisor.position(Setting.of("wordle"), f"{opener}=.....")
    strategy = assistant.strategy
    assert strategy.name == "fewest-guesses" and strategy.guard.exact is not None
    assert strategy.rollouts(assistant.puzzle, one_board(assistant.puzzle, assistant.puzzle.all_candidates(), assistant.history)) is not None


def test_a_value_is_exact_only_when_nothing_is_left_to_search():
    advice = wordguess.advise("wordle", "soare=..Y..;clint=.G...", world="closed")
    assert advice.candidate_count == 3
    for s in advice.suggestions:
        # every reply to these guesses leaves at most one word: one guess more unless it is the word
        assert s.kind == EXACT and s.expected_left == pytest.approx(1.0)
        assert s.guesses_to_finish == pytest.approx(1 + (1 - s.probability))
    assert wordguess.advise("wordle", "raise=..Y..", world="closed").suggestions[0].kind == "estimate"


def test_a_finished_game_has_no_suggestion():
    advice = wordguess.advise("wordle", "raise=GGGGG", world="closed")
    assert advice.solved and advice.suggestions == () and advice.suggestion is None


@pytest.mark.parametrize(("call", "message"), [
    (lambda: wordguess.advise("wordle", "raise=..Y..;mount=.G...;crane=GGGGG", world="closed"), "turn 3"),
    (lambda: wordguess.advise("wordle", "raise=..Q.."), "turn 1"),
    (lambda: wordguess.advise("nosuchgame"), "nosuchgame"),
    (lambda: wordguess.advise("wordle", colour=3), "unknown setting colour"),
    (lambda: wordguess.advise("wordle", count=0), "at least 1"),
    (lambda: wordguess.advise("sutom"), "--length"),
])
def test_bad_input_is_one_line(call, message):
    with pytest.raises(WordguessError, match=message) as caught:
        call()
    assert "\n" not in str(caught.value)


def test_a_certified_opening_is_ranked_by_its_proven_values():
    """The closed world's opening has every opener's least total proven (the shipped
    certificate): the advice is the best openers by it, each exact, SALET's 7,920 over 2,315."""
    for mode, best, total in (("normal", "SALET", 7920), ("hard", "SALET", 8122)):
        advice = wordguess.advise("wordle", world="closed", mode=mode)
        assert advice.ranked_by == "proof" and advice.suggestion == best
        assert advice.suggestions[0].guesses_to_finish == pytest.approx(total / 2315)
        values = [s.guesses_to_finish for s in advice.suggestions]
        assert values == sorted(values) and all(s.kind == EXACT for s in advice.suggestions)
    assert wordguess.advise("wordle", "salet=.....", world="closed").ranked_by == "strategy"


def test_an_opening_certified_only_by_refutations_is_advised_by_the_strategy():
    """Hard mode with every one of the 14,855 words the secret: the shipped certificate proves
    only that no opener finishes within six, so the opening's advice is the strategy's, the
    same five suggestions from the library and in the terminal's `solve`."""
    setting = {"game": "wordle", "mode": "hard", "answers": "wordle-guesses-nyt", "guesses": "wordle-guesses-nyt"}
    advice = wordguess.advise(**setting)
    assert advice.ranked_by == "strategy" and len(advice.suggestions) == 5 and advice.suggestion
    result = runner.invoke(app, ["solve", *(f"--{k}={v}" for k, v in setting.items())], input="quit\n")
    assert result.exit_code == 0, result.output
    assert all(s.word.upper() in result.output for s in advice.suggestions) and "the entropy strategy's choice" in result.output


def test_the_other_suggestions_are_sorted_by_guesses_to_finish_even_through_lies():
    advice = wordguess.advise("fibble", "soare=.GY.Y")
    rest = [s.guesses_to_finish for s in advice.suggestions[1:]]
    assert rest == sorted(rest) and all(s.kind == "estimate" for s in advice.suggestions)


def test_one_word_left_is_said_as_the_word_to_play_not_as_solved():
    result = runner.invoke(app, ["solve", "--history", "crane=.Y..Y;motis=.....;bedel=GG..G"])
    assert result.exit_code == 0 and "one word left: play BERYL" in result.stdout
    assert "solved" not in result.stdout


def test_advise_keeps_the_puzzles_it_built_and_reads_a_changed_list_file_again(tmp_path, monkeypatch):
    """A Python caller asking again about a game gets its puzzle as built (with what its
    searches found), not a new one; a list named by a file that changed is read again."""
    built = []
    build = PuzzleSpec.build
    monkeypatch.setattr(PuzzleSpec, "build", lambda spec, *args, **kwargs: built.append(spec) or build(spec, *args, **kwargs))
    answers = tmp_path / "answers.txt"
    answers.write_text("cigar\nrebut\nsissy\nhumph\n")
    first = wordguess.advise("wordle", "salet=.....", answers=str(answers), guesses="wordle-answers")
    again = wordguess.advise("wordle", "salet=.....", answers=str(answers), guesses="wordle-answers")
    assert len(built) == 1 and again.to_json() == first.to_json()
    answers.write_text("cigar\nrebut\nsissy\nhumph\nnymph\n")
    os.utime(answers, ns=(answers.stat().st_atime_ns, answers.stat().st_mtime_ns + 10**9))  # (a coarse clock)
    edited = wordguess.advise("wordle", "salet=.....", answers=str(answers), guesses="wordle-answers")
    assert len(built) == 2 and edited.candidate_count == first.candidate_count + 1


def test_a_refusal_comes_back_from_where_the_advice_is_computed_as_one_line(client):
    turns = [{"guess": "raise", "reply": "..Y.."}, {"guess": "mount", "reply": ".G..."}, {"guess": "crane", "reply": "GGGGG"}]
    response = client.post("/api/assist", json={"game": "wordle", "world": "closed", "turns": turns})
    assert response.status_code == 409, response.text
    assert response.json()["detail"].startswith("turn 3") and "\n" not in response.json()["detail"]


def test_an_adviser_computes_the_library_s_advice_on_every_core_only_when_alone():
    """What an adviser process does (web.advisers), run here: the library's advice; its parallel
    kernels on every core when no other adviser computes, else on one; the count of advisers
    computing left as it was."""
    import numba

    from wordguess.web import advisers

    computing = advisers.shared_count()
    advisers.start(Limits(), computing, warmed=False)
    task = (Setting.of("wordle", world="closed"), [("raise", "..Y.."), ("mount", ".G...")], [], 3)
    expected = wordguess.advise("wordle", "raise=..Y..;mount=.G...", world="closed", count=3).to_json()
    computing.value = 1  # another adviser is computing
    assert advisers.advise_task(task) == expected
    assert numba.get_num_threads() == 1 and computing.value == 1
    computing.value = 0
    assert advisers.advise_task(task) == expected
    assert numba.get_num_threads() == numba.config.NUMBA_NUM_THREADS and computing.value == 0


def test_the_advice_json_writes_its_floats_without_the_sums_noise():
    """A total of exact parts may come out of the sums as 1.9999999999999998: the JSON has 2.0
    (12 significant digits), and a tiny chance stays what it is."""
    from wordguess.advice.advice import _plain

    assert _plain(0.1 + 0.2) == 0.3 and _plain(1.9999999999999998) == 2.0 and _plain(3.3e-9) == 3.3e-9
    data = wordguess.advise("wordle", "salet=..GY.;below=.GG..", world="closed", mode="hard").to_json()
    floats = [s[k] for s in data["suggestions"] for k in ("guesses_to_finish", "probability", "expected_left", "bits")
              if isinstance(s[k], float)]
    assert floats and all(x == float(f"{x:.12g}") for x in floats)
