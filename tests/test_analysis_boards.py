"""`analyze` for games of several boards (issue 32): each board's moves over the turns that
reached it, valued within the game's limit of guesses (not one board's), the whole game against
the fewest-total strategy; the CLI's three forms agree and bad input is one line."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from conftest import small_wordle_files
from wordguess.analysis import analyze
from wordguess.analysis.boards import analyze_boards, board_turns
from wordguess.cli import app
from wordguess.errors import WordguessError
from wordguess.games import get_game, get_multiboard
from wordguess.play.multiboard import play_boards
from wordguess.strategies import get_strategy

runner = CliRunner()
GAME = get_game("wordle")
QUORDLE = get_multiboard("quordle")
SQUARES = {"G": "🟩", "Y": "🟨", ".": "⬛"}


@pytest.fixture(scope="module")
def lists(tmp_path_factory):
    spec = small_wordle_files(tmp_path_factory.mktemp("lists"))
    return spec, spec.build()


def late_game(puzzle):
    """Four secrets and seven guesses, the fourth board's word still one of two after the sixth
    (no guess before tells the two apart): past a single board's limit, within the quordle's."""
    answers = list(puzzle.answers)
    for a in answers:
        for b in answers:
            if a >= b:
                continue
            same = [w for w in puzzle.guesses if w not in (a, b) and GAME.feedback(w, a) == GAME.feedback(w, b)]
            secrets = [w for w in same if w in answers][:3]
            filler = [w for w in same if w not in secrets][:3]
            if len(secrets) == 3 and len(filler) == 3:
                return [*secrets, a], [*filler, *secrets, a]
    raise AssertionError("no such game in the list")


def test_each_board_is_its_turns_valued_within_the_games_limit(lists):
    _, puzzle = lists
    secrets, guesses = late_game(puzzle)
    turns = board_turns(QUORDLE, puzzle, guesses, secrets=secrets)
    for guess, replies in turns:  # the replies are the rules' own, None once a board is solved
        assert len(replies) == 4 and guess in guesses
    analysis = analyze_boards(QUORDLE, puzzle, turns, secrets, budget=30)
    assert analysis.won and len(analysis.turns) == 7 and analysis.secrets == secrets
    for k, board in enumerate(analysis.boards):
        reached = [g for g, rs in turns if rs[k] is not None]
        assert [m.guess for m in board.moves] == reached and board.solved and board.secret == secrets[k]
        assert board.max_guesses == QUORDLE.max_guesses
    # Board 4's word is one of two before its seventh guess: within the quordle's nine no move
    # can lose, where a single board of six has no guess left after the sixth (its own analysis).
    fourth = analysis.boards[3]
    assert len(fourth.moves) == 7 and fourth.moves[6].candidates_before >= 2
    assert not any(m.played.can_lose or m.best.can_lose for m in fourth.moves)
    alone = analyze(puzzle, [(m.guess, m.reply) for m in fourth.moves], budget=30)
    assert alone.max_guesses is None and alone.moves[5].played.can_lose
    record = play_boards(QUORDLE, puzzle, get_strategy("fewest-total", several=True),
                         [puzzle.answers.index(s) for s in secrets])
    assert (analysis.strategy_guesses, analysis.strategy_opener) == (record.guesses, record.turns[0][0])
    data = analysis.to_json(QUORDLE)
    assert [b["board"] for b in data["boards"]] == [1, 2, 3, 4] and data["legend"][0].startswith("Each board's")


def test_a_turn_the_boards_refuse_is_one_line(lists):
    _, puzzle = lists
    secrets, guesses = late_game(puzzle)
    with pytest.raises(WordguessError, match="4 secrets"):
        board_turns(QUORDLE, puzzle, guesses, secrets=secrets[:3])
    with pytest.raises(WordguessError, match="distinct"):
        board_turns(QUORDLE, puzzle, guesses, secrets=[secrets[0]] * 4)
    with pytest.raises(WordguessError, match="no turn comes after a win"):
        board_turns(QUORDLE, puzzle, [*guesses, guesses[0]], secrets=secrets)
    written = [(secrets[0], "GGGGG GGGGG " + " ".join(GAME.format_reply(GAME.feedback(secrets[0], s)) for s in secrets[2:]))]
    with pytest.raises(WordguessError, match="turn 1: .*boards 1 and 2"):
        board_turns(QUORDLE, puzzle, turns=written)


def cli(*args):
    return runner.invoke(app, ["analyze", "--game", "quordle", *args])


def test_cli_three_forms_agree_and_bad_input_is_one_line(lists):
    spec, puzzle = lists
    files = ["--answers", str(spec.answers), "--guesses", str(spec.guesses)]
    secrets, guesses = late_game(puzzle)
    turns = board_turns(QUORDLE, puzzle, guesses, secrets=secrets)
    history = ";".join(f"{g}={QUORDLE.format_reply(rs)}" for g, rs in turns)
    share = "Quordle\n" + QUORDLE.share_grid(turns)
    forms = [["--secret", ",".join(secrets), *guesses], ["--history", history], ["--share", share, *guesses]]
    results = []
    for form in forms:
        result = cli(*form, *files, "--json", "--budget", "20")
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        assert data["won"] and data["guesses"] == 7 and data["world"] == "closed" and data["notices"] == []
        results.append([[{k: v for k, v in m.items() if k != "seconds"} for m in b["moves"]] for b in data["boards"]])
    assert results[0] == results[1] == results[2]
    text = cli("--secret", ",".join(secrets), *guesses, *files)
    assert text.exit_code == 0 and "board #4" in text.stdout and "fewest-total-safe strategy" in text.stdout
    bad = [["--secret", ",".join(secrets[:3]), *guesses], ["--secret", ",".join(secrets)],
           ["--history", history, "--secret", ",".join(secrets), *guesses], ["--share", "🟩🟩", *guesses],
           ["--history", history + f";{guesses[0]}=....."], ["--mode", "hard", "--history", history]]
    for args in bad:
        result = cli(*args, *files)
        assert result.exit_code == 2, (args, result.output)
        assert len([line for line in result.stderr.splitlines() if line.strip()]) == 1, (args, result.stderr)


def test_one_share_parser_reads_both_palettes_and_light_mode(lists):
    """The grid is read cell by cell in the board game's notations: the high-contrast 🟧/🟦 and
    the light mode's ⬜ read as the dark mode's squares, and a board's padding after its solved
    row is not a turn (issue 32: the parser had a square table of its own)."""
    _, puzzle = lists
    secrets, guesses = late_game(puzzle)
    turns = board_turns(QUORDLE, puzzle, guesses, secrets=secrets)
    grid = QUORDLE.share_grid(turns)
    expected = [r for _, r in turns]
    assert QUORDLE.parse_share("Daily Quordle 1234\n6️⃣ 7️⃣\n5️⃣ 4️⃣\n" + grid) == expected
    contrast = grid.replace("🟩", "🟧").replace("🟨", "🟦")
    assert QUORDLE.parse_share(contrast) == expected
    light = grid.replace("⬛", "⬜")
    assert QUORDLE.parse_share(light) == expected
    with pytest.raises(WordguessError, match="shows 2 boards"):
        QUORDLE.parse_share("\n".join(grid.splitlines()[:3]))


def test_a_game_that_fits_the_answer_list_is_analysed_closed_without_a_word_of_the_open_world():
    result = runner.invoke(app, ["analyze", "--game", "dordle", "--secret", "cigar,rebut", "cigar", "rebut",
                                 "--json", "--budget", "1"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["world"] == "closed" and "open world" not in result.stderr
    result = runner.invoke(app, ["analyze", "--game", "dordle", "--secret", "cigar,gizmo", "cigar", "gizmo",
                                 "--json", "--budget", "1"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["world"] == "open" and "open world" in result.stderr


def test_a_game_still_being_played_is_not_finished_rather_than_lost():
    history = "soare=..YY. ...YY G.... .....;clint=G.Y.. ....G ..Y.. ....."
    text = runner.invoke(app, ["analyze", "--no-store", "--game", "quordle", "--history", history])
    assert text.exit_code == 0, text.output
    assert "not finished: 2 of 9 guesses played" in text.stdout and "lost in" not in text.stdout
    data = json.loads(runner.invoke(app, ["analyze", "--no-store", "--game", "quordle", "--history", history,
                                          "--json"]).stdout)
    assert data["finished"] is False and data["won"] is False


def test_when_the_best_is_the_guess_played_the_regret_is_none_once_the_best_is_proven():
    """The played guess as the best found has no regret when the best is settled; while the
    best is only bounded (Quordle's opening: 9 guesses, no certificate, a small budget) the
    regret is bounded by the played value over the best's lower bound, and the move is not
    called the best (the single-board analysis shows SALET better than SOARE)."""
    data = json.loads(runner.invoke(app, ["analyze", "--no-store", "--game", "quordle", "--secret",
                                          "cigar,rebut,sissy,humph", "soare", "clint", "rebut", "cigar", "sissy",
                                          "humph", "--json"]).stdout)
    settled = unsettled = 0
    for board in data["boards"]:
        for move in board["moves"]:
            if move["best_guess"] != move["guess"]:
                continue
            assert move["regret"]["low"] == 0
            if move["best"]["kind"] != "bounds":
                settled += 1
                assert move["regret"]["high"] == 0 and move["skill"] == 99
            else:
                unsettled += 1
                assert move["regret"]["high"] == pytest.approx(move["played"]["high"] - move["best"]["low"], abs=1e-3)
                assert move["regret"]["high"] > 0 and "It was the best guess:" not in move["sentence"]
    assert settled and unsettled
