"""Every numba pattern kernel equals its game's scalar feedback (the specification)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import GAME_INSTANCES, words_for
from wordguess.errors import WordError
from wordguess.games import get_game, kernels
from wordguess.games.base import reply_dtype


def scalar_matrix(game, guesses, secrets) -> np.ndarray:
    return np.array([[game.feedback(g, s) for s in secrets] for g in guesses], dtype=np.int64)


@pytest.fixture(params=["one thread", "thread pool"], scope="module")
def threads(request):
    """Run a test with small matrices filled by one thread, then by numba's thread pool."""
    saved = kernels.SERIAL_ENTRIES
    kernels.SERIAL_ENTRIES = saved if request.param == "one thread" else 0
    yield request.param
    kernels.SERIAL_ENTRIES = saved


@given(data=st.data())
def test_matrix_equals_scalar_feedback(game, threads, data):
    guesses = data.draw(st.lists(words_for(game), min_size=1, max_size=12))
    secrets = data.draw(st.lists(words_for(game), min_size=1, max_size=12))
    matrix = game.pattern_matrix(guesses, secrets)
    assert matrix.shape == (len(guesses), len(secrets))
    assert matrix.dtype == game.reply_dtype()
    np.testing.assert_array_equal(matrix, scalar_matrix(game, guesses, secrets))


@given(data=st.data())
def test_matrix_equals_scalar_feedback_full_alphabet(game, threads, data):
    words = data.draw(st.lists(words_for(game, few_letters=False), min_size=1, max_size=20))
    np.testing.assert_array_equal(game.pattern_matrix(words, words), scalar_matrix(game, words, words))


# Each test game's number of replies (see conftest.GAME_INSTANCES), and so its matrix dtype.
N_REPLIES = {"wordle": 243, "termo": 243, "sutom": 3**7, "jotto": 6, "matches": 7, "mastermind": 14,
             "mastermind-5x8": 20, "wordle-4": 81, "wordle-7": 3**7, "wordle-11": 3**11,
             "nerdle": 3**8, "nerdle-mini": 3**6, "fibble": 243, "jotto2": 20, "bulls": 14, "bulls-3of6": 9}


@pytest.mark.parametrize("name", sorted(N_REPLIES))
def test_compact_dtype(name):
    game = GAME_INSTANCES[name]
    assert game.n_replies == N_REPLIES[name]
    smallest = np.uint8 if game.n_replies <= 2**8 else np.uint16 if game.n_replies <= 2**16 else np.uint32
    assert game.reply_dtype() == smallest


def test_empty_inputs(game):
    assert game.pattern_matrix([], []).shape == (0, 0)


@given(length=st.integers(12, 40), data=st.data())
def test_long_words_use_wide_replies(length, data):
    """Sutom plays words of any length: up to 40 letters the replies fit 64 bits, and the kernel
    still equals the scalar feedback (long words stress the accumulation type)."""
    game = get_game("sutom", length=length)
    words = data.draw(st.lists(st.text("abe", min_size=length, max_size=length), min_size=1, max_size=6))
    matrix = game.pattern_matrix(words, words)
    assert matrix.dtype == game.reply_dtype() == (np.uint32 if length <= 20 else np.uint64)
    scalar = np.array([[game.feedback(g, s) for s in words] for g in words], dtype=np.uint64)
    np.testing.assert_array_equal(matrix.astype(np.uint64), scalar)


def test_too_long_words_are_a_word_error():
    with pytest.raises(WordError, match="2 to 40 letters"):
        get_game("sutom", length=41)
    with pytest.raises(WordError, match="1 to 40 letters"):
        get_game("jotto", length=41)
    with pytest.raises(WordError, match="64 bits"):
        reply_dtype(3 ** 41)

