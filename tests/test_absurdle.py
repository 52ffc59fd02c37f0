"""Absurdle solved exactly (optimal/absurdle.py) against its slow twin: the same definitions
computed with the scalar feedback alone, every guess, no bound; and every winning game found is
replayed against the real host."""

from __future__ import annotations

import functools
import json
from collections import defaultdict

import pytest

from conftest import SMALL_LISTS, small_puzzle
from wordguess.cli import main
from wordguess.engine.puzzle import Puzzle
from wordguess.games import get_game
from wordguess.optimal.absurdle import Search, can_win, solve_absurdle
from wordguess.play.hosted import HostedGame
from wordguess.play.hosts import AbsurdleHost


def kept(game, guess, words):
    """The largest buckets of `guess` over `words`, the solved one only when it is alone."""
    buckets = defaultdict(list)
    for w in words:
        buckets[game.feedback(guess, w)].append(w)
    if len(buckets) > 1:
        buckets.pop(game.solved_reply, None)
    most = max(len(b) for b in buckets.values())
    return [(r, tuple(b)) for r, b in buckets.items() if len(b) == most]


def slow_least(puzzle: Puzzle, limit: int = 6) -> int | None:
    """The fewest guesses that win when the guesser may pick any tied largest bucket (normal mode)."""
    game, guesses = puzzle.game, list(puzzle.guesses)

    @functools.cache
    def wins(words: tuple, k: int) -> bool:
        if k <= 0:
            return False
        if len(words) == 1:
            return True
        return any(wins(bucket, k - 1) for g in guesses for _, bucket in kept(game, g, words))

    everything = tuple(puzzle.answers)
    return next((k for k in range(1, limit + 1) if wins(everything, k)), None)


def twin_puzzle(name: str) -> Puzzle:
    if name == "mastermind":
        game = get_game("mastermind", pegs=2, colours=4)
        return Puzzle(game, game.generated_words(), game.generated_words())
    game, answers, guesses = SMALL_LISTS[name]
    return Puzzle(game, answers[:20], (guesses or answers)[:60])


@pytest.mark.parametrize("name", ["wordle", "termo", "jotto", "mastermind"])
def test_least_and_proof_equal_the_slow_twin(name):
    puzzle = twin_puzzle(name)
    expected = slow_least(puzzle)
    result = solve_absurdle(puzzle, prove=True, openers=None, most=50)
    assert result.least == expected
    assert result.proven and result.impossible == expected - 1
    assert result.openers_winning >= len(result.sequences) >= 1


@pytest.mark.parametrize("mode", ["normal", "hard"])
def test_every_winning_game_wins_against_the_host(mode):
    puzzle = small_puzzle("wordle", mode)
    result = solve_absurdle(puzzle, prove=False, openers=None, most=50)
    assert result.sequences
    for line in result.sequences:
        session = HostedGame(puzzle, AbsurdleHost(), max_guesses=len(line))
        for word in line:
            session.guess(word)
        assert session.won and len(session.turns) == result.least


def test_the_proof_says_no_when_a_win_exists():
    puzzle = small_puzzle("wordle", "normal")
    least = solve_absurdle(puzzle, prove=False, openers=None).least
    everything = puzzle.all_candidates()
    assert can_win(puzzle, everything, [], least, Search())
    assert not can_win(puzzle, everything, [], least - 1, Search())


def test_cli_absurdle_prove(tmp_path, capsys):
    _, answers, guesses = SMALL_LISTS["wordle"]
    (tmp_path / "a.txt").write_text("\n".join(answers))
    (tmp_path / "g.txt").write_text("\n".join(guesses))
    args = ["absurdle", "--prove", "--answers", str(tmp_path / "a.txt"), "--guesses", str(tmp_path / "g.txt")]
    with pytest.raises(SystemExit) as done:
        main([*args, "--json"])
    assert done.value.code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["proven"] and data["impossible"] == data["least"] - 1 and data["sequences"]
    with pytest.raises(SystemExit) as done:
        main(args)
    text = capsys.readouterr().out
    assert done.value.code == 0 and "cannot (proven, for every tie rule)" in text
    with pytest.raises(SystemExit) as done:
        main(["absurdle", "--mode", "strict"])
    assert done.value.code == 2 and "normal or hard" in capsys.readouterr().err
