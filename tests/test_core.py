"""Candidate filtering, partitions and the pattern store, each against its obvious twin."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import words_for
from wordguess.engine.candidates import (
    bucket_counts,
    filter_candidates,
    filter_or_explain,
    partition,
)
from wordguess.engine.patterns import PatternStore, matrix_key
from wordguess.errors import ReplyError
from wordguess.games import get_game


@given(data=st.data())
def test_filtering_never_drops_the_secret(game, data):
    words = data.draw(st.lists(words_for(game), min_size=2, max_size=25, unique=True))
    secret = data.draw(st.sampled_from(words))
    guesses = data.draw(st.lists(st.sampled_from(words), min_size=1, max_size=4))
    history = [(g, game.feedback(g, secret)) for g in guesses]
    kept = filter_candidates(game, words, history)
    assert secret in kept
    assert kept == [w for w in words if all(game.feedback(g, w) == r for g, r in history)]


@given(data=st.data())
def test_partition_and_counts_agree_with_feedback(game, data):
    words = data.draw(st.lists(words_for(game), min_size=1, max_size=25, unique=True))
    guess = data.draw(words_for(game))
    buckets = partition(game, guess, words)
    assert sorted(w for b in buckets.values() for w in b) == sorted(words)
    for reply, bucket in buckets.items():
        assert all(game.feedback(guess, w) == reply for w in bucket)
    counts = bucket_counts(game, guess, words)
    assert counts.sum() == len(words) and len(counts) == game.n_replies
    assert all(counts[r] == len(b) for r, b in buckets.items())


def test_contradictory_history_is_explained():
    game = get_game("wordle")
    words = ["crane", "slate", "trace"]
    history = [("crane", game.parse_reply("GGGGG")), ("slate", game.parse_reply("GGGGG"))]
    with pytest.raises(ReplyError, match="turn 2"):
        filter_or_explain(game, words, history)


def test_pattern_store_memory_and_disk(tmp_path):
    game = get_game("wordle")
    words = ["crane", "slate", "trace", "epees", "geese"]
    store = PatternStore(tmp_path, disk_min_entries=1)
    first = store.matrix(game, words, words)
    assert not first.flags.writeable
    assert store.matrix(game, words, words) is first  # same object: computed once
    files = list(tmp_path.glob("*.npy"))
    assert len(files) == 1 and files[0].stem == matrix_key(game, words, words)
    again = PatternStore(tmp_path, disk_min_entries=1).matrix(game, words, words)
    np.testing.assert_array_equal(again, game.pattern_matrix(words, words))
    files[0].write_bytes(b"damaged")  # a damaged cache file is recomputed
    np.testing.assert_array_equal(PatternStore(tmp_path, 1).matrix(game, words, words), first)


def test_matrix_key_depends_on_rules_and_words():
    words = ["1122", "1234"]
    assert matrix_key(get_game("mastermind"), words, words) != matrix_key(
        get_game("mastermind", colours=7), words, words)
    assert matrix_key(get_game("wordle"), ["crane"], ["slate"]) != matrix_key(
        get_game("wordle"), ["slate"], ["crane"])


def test_remembered_results_persist(tmp_path):
    calls = []

    def compute():
        calls.append(1)
        return [["soare", 62.3, 5.89, False]]

    assert PatternStore(tmp_path).remembered("k", compute) == compute()
    assert PatternStore(tmp_path).remembered("k", compute) == [["soare", 62.3, 5.89, False]]
    assert len(calls) == 2  # once by the first store, once by the direct call above; not again
    assert PatternStore(None).remembered("k", compute) and len(calls) == 3
