"""Hosts and the simulator: each host's reply against a brute-force reading of its rule, games
played to the end, and the refusals."""

from __future__ import annotations

import dataclasses
from collections import Counter

import numpy as np
import pytest

from conftest import SMALL_LISTS, small_puzzle
from wordguess.engine.puzzle import Puzzle
from wordguess.errors import UnknownNameError, WordError, WordguessError
from wordguess.games import get_game
from wordguess.play.hosts import AbsurdleHost, EvilHost, FixedHost, RandomHost, get_host
from wordguess.play.simulate import SAFETY_LIMIT, play
from wordguess.strategies import get_strategy


def scalar_sizes(puzzle, guess, candidates) -> Counter:
    return Counter(puzzle.game.feedback(puzzle.guesses[guess], puzzle.answers[c]) for c in candidates)


@pytest.mark.parametrize("name", sorted(SMALL_LISTS))
@pytest.mark.parametrize("host", [EvilHost(), AbsurdleHost()], ids=["evil", "absurdle"])
def test_adversaries_answer_with_the_largest_bucket(name, host):
    """The reply is the largest bucket (the solved reply only when it is all that is left); ties
    go to the least revealing reply for Absurdle, then to the first in encoding order."""
    puzzle = small_puzzle(name, "normal")
    game = puzzle.game
    rng = np.random.default_rng(6)
    for _ in range(20):
        candidates = np.sort(rng.choice(len(puzzle.answers), size=rng.integers(1, len(puzzle.answers) + 1),
                                        replace=False))
        guess = int(rng.integers(len(puzzle.guesses)))
        sizes = scalar_sizes(puzzle, guess, candidates)
        if len(sizes) > 1:
            sizes.pop(game.solved_reply, None)
        reveal = (lambda r: tuple(-x for x in game.reveal(r))) if host.name == "absurdle" else (lambda r: ())
        expected = max(sizes, key=lambda r: (sizes[r], *reveal(r), -r))
        assert host.reply(puzzle, guess, candidates) == expected


def test_absurdle_ties_follow_the_reveal_not_the_encoding():
    """In Wordle the least revealing reply (fewest G, then fewest Y) is often not the first in
    encoding order, so Absurdle and Evil part ways; in Mastermind fewest black then white pegs
    is the encoding order itself, so there they agree by the game's own declaration."""
    puzzle = small_puzzle("wordle", "normal")
    rng = np.random.default_rng(7)
    differ = 0
    for guess in range(len(puzzle.guesses)):
        candidates = np.sort(rng.choice(len(puzzle.answers), size=4, replace=False))
        evil = EvilHost().reply(puzzle, guess, candidates)
        absurdle = AbsurdleHost().reply(puzzle, guess, candidates)
        assert puzzle.bucket_sizes(guess, candidates)[evil] == puzzle.bucket_sizes(guess, candidates)[absurdle]
        differ += evil != absurdle
    assert differ > 0
    mastermind = get_game("mastermind")
    order = sorted(range(mastermind.n_replies), key=mastermind.reveal)
    assert order == list(range(mastermind.n_replies))


def test_fixed_host_games_are_solved_and_recorded():
    puzzle = small_puzzle("wordle", "normal")
    strategy = get_strategy("entropy")
    for secret in puzzle.answers[:10]:
        record = play(puzzle, strategy, FixedHost(secret))
        assert record.secret == secret and puzzle.game.is_solved(record.turns[-1][1])
        assert all(puzzle.game.feedback(g, secret) == r for g, r in record.turns)
        assert record.remaining[-1] == 1 and record.remaining == sorted(record.remaining, reverse=True)
        data = record.to_json(puzzle.game, strategy="entropy")
        assert data["strategy"] == "entropy" and data["guesses"] == len(data["turns"]) == record.guesses
        assert record.failed == (record.guesses > puzzle.game.max_guesses)


def test_random_host_is_seeded():
    puzzle = small_puzzle("wordle", "normal")
    picks = {RandomHost(seed=s).pick(puzzle, puzzle.all_candidates()) for s in range(30)}
    assert len(picks) > 5
    assert RandomHost(seed=3).pick(puzzle, puzzle.all_candidates()) == RandomHost(seed=3).pick(
        puzzle, puzzle.all_candidates())


def test_evil_game_ends_on_the_last_candidate():
    puzzle = small_puzzle("wordle", "normal")
    record = play(puzzle, get_strategy("entropy"), EvilHost())
    assert record.secret in puzzle.answers and record.remaining[-1] == 1


def test_fixed_host_of_sutom_starts_with_the_revealed_letter():
    words = ["maison", "marche", "mouton", "bateau", "balade", "bouton"]
    puzzle = Puzzle(get_game("sutom", length=6), words, words)
    start = FixedHost("bateau").start(puzzle)
    assert [puzzle.answers[i] for i in start] == ["bateau", "balade", "bouton"]


def test_refusals():
    puzzle = small_puzzle("wordle", "normal")
    with pytest.raises(WordError, match="possible secrets"):
        play(puzzle, get_strategy("entropy"), FixedHost("zzzzz"))
    with pytest.raises(UnknownNameError, match="choose one of"):
        get_host("friendly")
    with pytest.raises(WordguessError, match="needs a secret"):
        get_host("fixed")


@dataclasses.dataclass
class Stubborn:
    """A broken guesser: always the same guess, which is not the secret."""

    guess: int
    name: str = "stubborn"

    def choose(self, puzzle, position) -> int:
        return self.guess


def test_a_guesser_that_never_solves_is_stopped():
    puzzle = small_puzzle("wordle", "normal")
    secret = puzzle.answers[0]
    wrong = next(i for i, w in enumerate(puzzle.guesses) if w != secret)
    with pytest.raises(WordguessError, match=f"{SAFETY_LIMIT} guesses"):
        play(puzzle, Stubborn(wrong), FixedHost(secret))
