"""Every numba pattern kernel equals its game's scalar feedback (the specification)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import words_for
from wordguess import kernels


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


def test_wordle_compact_dtype(game):
    if game.name == "wordle":
        assert game.reply_dtype() == np.uint8 and game.n_replies == 243


def test_empty_inputs(game):
    assert game.pattern_matrix([], []).shape == (0, 0)
