"""Multi-board games (issue 12, first part): the rules, their text forms, the joint strategies
and the simulated evaluation."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from conftest import WORDLE_SMALL
from wordguess.cli import app
from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.games import MULTI_BOARDS, get_game, get_multiboard
from wordguess.play.multiboard import draw_secrets, play_boards
from wordguess.strategies.multiboard import MULTI_STRATEGIES, get_multi_strategy

runner = CliRunner()
WORDS = WORDLE_SMALL[:80]


@pytest.mark.parametrize("name", sorted(MULTI_BOARDS))
def test_registry_has_the_real_games(name):
    game = get_game(name)
    single, boards, limit = MULTI_BOARDS[name]
    assert game.boards == boards and game.max_guesses == limit and game.board.name == single
    assert get_game("multiboard", boards=3, max_guesses=8).boards == 3


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=4, max_size=4, unique=True), st.sampled_from(WORDS))
def test_feedback_is_each_boards_reply_and_text_round_trips(secrets, guess):
    game = get_game("quordle")
    replies = game.feedback(guess, secrets)
    assert replies == tuple(game.board.feedback(guess, s) for s in secrets)
    assert game.parse_reply(game.format_reply(replies)) == replies
    solved = [r == game.board.solved_reply for r in replies]
    later = tuple(None if done else r for r, done in zip(replies, solved, strict=True))
    assert game.parse_reply(game.format_reply(later), solved) == later
    short = " | ".join(game.board.format_reply(r) for r in later if r is not None)
    if any(solved) and not all(solved):
        assert game.parse_reply(short, solved) == later  # solved boards may be left out


def test_share_grid_round_trips_and_bad_replies_say_which_board():
    game = get_game("quordle")
    secrets = ["cigar", "rebut", "sissy", "humph"]
    solved = [False] * 4
    turns = []
    for guess in ["crane", "cigar", "rebut", "sissy", "humph"]:
        replies = tuple(None if done else game.board.feedback(guess, s) for s, done in zip(secrets, solved, strict=True))
        solved = [done or r == game.board.solved_reply for r, done in zip(replies, solved, strict=True)]
        turns.append((guess, replies))
    grid = game.share_grid(turns)
    assert game.parse_share("Daily Quordle 1234\n" + grid) == [r for _, r in turns]
    with pytest.raises(WordguessError, match="board 2"):
        game.parse_reply("GGGGG XX.YY ..... .....")
    with pytest.raises(WordguessError, match="4 replies"):
        game.parse_reply("GGGGG .....")
    with pytest.raises(WordguessError, match="at least"):
        get_multiboard("multiboard", boards=5, max_guesses=4)


@pytest.fixture(scope="module")
def small():
    return Puzzle(get_game("wordle"), WORDS, WORDLE_SMALL)


@pytest.mark.parametrize("name", sorted(MULTI_STRATEGIES))
def test_every_strategy_finishes_every_board_and_replies_are_the_feedback(small, name):
    rules = get_game("quordle")
    strategy = get_multi_strategy(name)
    for row in draw_secrets(small, 4, 15, seed=3):
        record = play_boards(rules, small, strategy, row)
        secrets = [small.answers[int(i)] for i in row]
        done = [False] * 4
        for guess, replies in record.turns:
            for b, reply in enumerate(replies):
                if done[b]:
                    assert reply is None
                else:
                    assert reply == rules.board.feedback(guess, secrets[b])
                    done[b] = reply == rules.board.solved_reply
        assert all(done) and record.guesses >= 4


def test_draws_are_distinct_seeded_and_follow_the_prior():
    closed = Puzzle(get_game("wordle"), WORDS, WORDLE_SMALL)
    rows = draw_secrets(closed, 8, 50, seed=1)
    assert all(len(set(r)) == 8 for r in rows.tolist())
    assert (rows == draw_secrets(closed, 8, 50, seed=1)).all()
    weights = np.full(len(WORDS), 1e-6)
    weights[:10] = 1.0
    weighted = Puzzle(get_game("wordle"), WORDS, WORDLE_SMALL, weights=weights)
    assert (draw_secrets(weighted, 2, 200, seed=2) < 10).mean() > 0.99


def test_evaluate_cli_for_multi_boards_and_refusals(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("\n".join(WORDS) + "\n")
    args = ["evaluate", "--game", "dordle", "--games", "20", "--answers", str(words), "--guesses", str(words), "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 20 and data["max_guesses"] == 7 and sum(data["histogram"].values()) == 20
    assert {"mean", "ci95", "win_rate", "worst", "first"} <= set(data)
    again = json.loads(runner.invoke(app, args).stdout)
    assert again["mean"] == data["mean"]  # seeded
    for bad in (["solve", "--game", "quordle"], ["play", "--game", "octordle"],
                ["evaluate", "--game", "quordle", "--games", "0"],
                ["evaluate", "--game", "quordle", "--strategy", "entropy"],
                ["evaluate", "--game", "multiboard"]):
        result = runner.invoke(app, bad)
        assert result.exit_code == 2, (bad, result.output)
        assert len([line for line in result.stderr.splitlines() if line.strip()]) == 1, (bad, result.stderr)
