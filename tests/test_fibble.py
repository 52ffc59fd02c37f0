"""Fibble: the lies as data and against brute force, narrowing and the lie-entropy kernel against
slow twins, seeded lying hosts, and evaluation by play."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import WORDLE_SMALL
from wordguess.engine.candidates import filter_candidates
from wordguess.engine.puzzle import Puzzle
from wordguess.games import get_game
from wordguess.games.wordle import decode_marks
from wordguess.play.assistant import expected_left
from wordguess.play.hosts import FixedHost, LyingHost, RandomHost, with_lies
from wordguess.play.simulate import evaluate_by_play, play
from wordguess.strategies import get_strategy
from wordguess.strategies.expected import bucket_estimate
from wordguess.strategies.lies import shown_entropies, shown_guesses_to_finish

FIBBLE = get_game("fibble")
WORDS = WORDLE_SMALL[:120]


def differ_in_one_tile(a: int, b: int, length: int) -> bool:
    return sum(x != y for x, y in zip(decode_marks(a, length), decode_marks(b, length), strict=True)) == 1


def brute_shown(game, true: int) -> set[int]:
    """The replies the host may show, by the rules' words: the solved reply as it is; else any
    reply differing in exactly one tile, except all green."""
    if game.is_solved(true):
        return {true}
    return {d for d in range(game.n_replies) if differ_in_one_tile(d, true, game.length) and not game.is_solved(d)}


# (guess, secret, true reply, some shown replies, replies the host never shows)
LIES = [
    ("soare", "vegan", "..Y.Y", ["G.Y.Y", "Y.Y.Y", ".GY.Y", "..YGY", "..Y.."], ["..Y.Y", "GGY.Y", "....."]),
    ("crane", "crane", "GGGGG", ["GGGGG"], ["GGGG.", "YGGGG"]),
    ("crank", "crane", "GGGG.", ["GGGGY", "GGG..", ".GGG."], ["GGGGG", "GGGG."]),
]  # fmt: skip


@pytest.mark.parametrize(("guess", "secret", "true", "shown", "never"), LIES)
def test_lies_as_data(guess, secret, true, shown, never):
    reply = FIBBLE.feedback(guess, secret)
    assert FIBBLE.format_reply(reply) == true
    options = {FIBBLE.format_reply(r) for r in FIBBLE.shown_replies(reply)}
    assert set(shown) <= options and not set(never) & options


def test_shown_replies_equal_brute_force():
    for true in range(FIBBLE.n_replies):
        assert set(FIBBLE.shown_replies(true)) == brute_shown(FIBBLE, true)
    counts = {len(FIBBLE.shown_replies(t)) for t in range(FIBBLE.n_replies)}
    assert counts == {1, 9, 10}  # solved; one tile from solved (no all-green lie); the rest: 5 tiles x 2


def test_truths_invert_shown_replies():
    shown_of = [brute_shown(FIBBLE, t) for t in range(FIBBLE.n_replies)]
    for shown in range(FIBBLE.n_replies):
        expected = [t for t in range(FIBBLE.n_replies) if shown in shown_of[t]]
        assert FIBBLE.truths(shown).tolist() == expected
        assert [t for t in FIBBLE.truth_table[shown].tolist() if t >= 0] == expected


def test_shown_draw_is_seeded_and_one_of_the_lies():
    true = FIBBLE.feedback("soare", "vegan")
    draws = [FIBBLE.show(true, np.random.default_rng(s)) for s in range(40)]
    assert set(draws) <= set(FIBBLE.shown_replies(true)) and len(set(draws)) > 3
    assert draws == [FIBBLE.show(true, np.random.default_rng(s)) for s in range(40)]


@given(st.sampled_from(WORDS), st.sampled_from(WORDS), st.integers(0, 10**6))
def test_narrowing_equals_the_slow_twin_and_keeps_the_secret(guess, secret, seed):
    puzzle = Puzzle(FIBBLE, WORDS, WORDS, store=None)
    shown = FIBBLE.show(FIBBLE.feedback(guess, secret), np.random.default_rng(seed))
    fast = [WORDS[i] for i in puzzle.narrow(puzzle.all_candidates(), puzzle.index_of(guess), shown)]
    slow = [w for w in WORDS if shown in FIBBLE.shown_replies(FIBBLE.feedback(guess, w))]
    assert fast == slow == filter_candidates(FIBBLE, WORDS, [(guess, shown)])
    assert secret in fast


def slow_shown_entropy(game, guess, candidates) -> float:
    """Entropy of the shown reply, each candidate equally likely and each of its lies too."""
    mass: dict[int, float] = {}
    for secret in candidates:
        options = game.shown_replies(game.feedback(guess, secret))
        for d in options:
            mass[d] = mass.get(d, 0.0) + 1 / len(options) / len(candidates)
    return -sum(p * math.log2(p) for p in mass.values())


@given(st.lists(st.sampled_from(range(len(WORDS))), min_size=1, max_size=30, unique=True))
def test_shown_entropy_kernel_equals_the_slow_twin(picked):
    puzzle = Puzzle(FIBBLE, WORDS, WORDS, store=None)
    candidates = np.array(sorted(picked), dtype=np.int64)
    guess_ids = np.arange(0, len(WORDS), 7)
    fast = shown_entropies(puzzle, guess_ids, candidates)
    slow = [slow_shown_entropy(FIBBLE, WORDS[g], [WORDS[c] for c in candidates]) for g in guess_ids]
    np.testing.assert_allclose(fast, slow, rtol=1e-9, atol=1e-12)


def test_lie_entropy_is_entropy_when_the_host_never_lies():
    wordle = get_game("wordle")
    puzzle = Puzzle(wordle, WORDS, WORDS, store=None)
    candidates = puzzle.all_candidates()
    for g in range(0, len(WORDS), 11):
        counts = np.bincount(puzzle.matrix[g, candidates])
        p = counts[counts > 0] / len(candidates)
        assert shown_entropies(puzzle, np.array([g]), candidates)[0] == pytest.approx(-(p * np.log2(p)).sum())


def test_lying_hosts_solve_every_game_and_keep_the_secret():
    puzzle = Puzzle(FIBBLE, WORDS, WORDS, store=None)
    strategy = get_strategy("lie-entropy")
    for i, secret in itertools.islice(enumerate(WORDS), 0, None, 12):
        record = play(puzzle, strategy, LyingHost(FixedHost(secret), (3, i)))
        assert record.secret == secret and FIBBLE.is_solved(record.turns[-1][1])
        for guess, shown in record.turns[:-1]:
            assert shown in FIBBLE.shown_replies(FIBBLE.feedback(guess, secret))


def test_with_lies_wraps_only_a_lying_game():
    host = RandomHost(seed=2)
    assert with_lies(host, get_game("wordle")) is host
    lying = with_lies(host, FIBBLE, 5)
    assert isinstance(lying, LyingHost) and lying.seed == 5 and lying.name == "random"


def test_evaluate_by_play_is_seeded():
    puzzle = Puzzle(FIBBLE, WORDS, WORDS, store=None)
    strategy = get_strategy("lie-entropy")
    first = evaluate_by_play(puzzle, strategy, seed=1, sample=40)
    again = evaluate_by_play(puzzle, strategy, seed=1, sample=40)
    assert first.scores == again.scores and len(first.scores) == 40
    assert first.max_guesses == 9 and first.first == again.first


def test_assistant_expected_left_equals_the_slow_twin():
    puzzle = Puzzle(FIBBLE, WORDS[:50], WORDS[:50], store=None)
    for guess in WORDS[:50:9]:
        chance: dict[int, float] = {}
        for secret in WORDS[:50]:
            options = FIBBLE.shown_replies(FIBBLE.feedback(guess, secret))
            for d in options:
                chance[d] = chance.get(d, 0.0) + 1 / len(options) / 50
        slow = sum(p * len(filter_candidates(FIBBLE, WORDS[:50], [(guess, d)])) for d, p in chance.items())
        assert expected_left(puzzle, puzzle.all_candidates(), puzzle.index_of(guess)) == pytest.approx(slow)


@given(st.lists(st.sampled_from(range(60)), min_size=1, max_size=40, unique=True), st.sampled_from([0, 1, 2, 5]))
def test_guesses_to_finish_equal_the_slow_twin(picked, left):
    """Each shown reply's set summed from its true replies' sums (behind_shown) costs what the
    set itself, narrowed by the rules' words, costs: the same chance and estimate per reply."""
    words = WORDS[:60]
    puzzle = Puzzle(FIBBLE, words, words, store=None)
    candidates = np.array(sorted(picked), dtype=np.int64)
    kept = [words[c] for c in candidates]
    for guess in words[::13]:
        value, buckets = shown_guesses_to_finish(puzzle, candidates, puzzle.index_of(guess), left, 3.0)
        chance: dict[int, float] = {}
        for secret in kept:
            options = FIBBLE.shown_replies(FIBBLE.feedback(guess, secret))
            for d in options:
                chance[d] = chance.get(d, 0.0) + 1 / len(options) / len(kept)
        assert sorted(buckets) == sorted(chance)
        slow = 1.0
        for d, p in chance.items():
            left_words = filter_candidates(FIBBLE, kept, [(guess, d)])
            cost = 0.0 if FIBBLE.is_solved(d) else bucket_estimate(np.ones(len(left_words)), left, 3.0)
            assert buckets[d] == pytest.approx((p, cost), rel=1e-9)
            slow += p * cost
        assert value == pytest.approx(slow, rel=1e-9)
