"""Word-level candidate filtering and partitions, each against its obvious twin; GUESS=REPLY turns."""

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
    parse_turn,
    partition,
    split_turns,
)
from wordguess.errors import ReplyError, WordguessError
from wordguess.games import get_game


@given(data=st.data())
def test_filtering_never_drops_the_secret(game, data):
    words = data.draw(st.lists(words_for(game), min_size=2, max_size=25, unique=True))
    secret = data.draw(st.sampled_from(words))
    guesses = data.draw(st.lists(st.sampled_from(words), min_size=1, max_size=4))
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))  # the lies of a host that lies
    history = [(g, game.show(game.feedback(g, secret), rng)) for g in guesses]
    kept = filter_candidates(game, words, history)
    assert secret in kept
    assert kept == [w for w in words if all(game.feedback(g, w) in game.truths(r) for g, r in history)]


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


@pytest.mark.parametrize(("text", "turn"), [("raise=..Y.G", ("raise", "..Y.G")), (" crane = GGGGG", ("crane", " GGGGG")),
                                             ("1122=1,1", ("1122", "1,1")), ("1+2=3=GGGGG", ("1+2=3", "GGGGG"))])
def test_turns_are_split_at_the_last_equals_sign(text, turn):
    assert parse_turn(text) == turn


@pytest.mark.parametrize(("text", "turns"), [
    ("raise=..Y..;mount=.G...", ["raise=..Y..", "mount=.G..."]), ("raise=..Y..,mount=.G...", ["raise=..Y..", "mount=.G..."]),
    ("crane=.....;", ["crane=....."]), ("crane=.....,", ["crane=....."]), ("crane=....., ", ["crane=....."]),
    ("crane=.....,;slate=G....", ["crane=.....", "slate=G...."]),
    ("1122=1,1,3456=0,2", ["1122=1,1", "3456=0,2"]), ("1122=1,1,", ["1122=1,1"]), ("1122=1,1", ["1122=1,1"])])
def test_turns_are_separated_by_semicolons_or_commas_trailing_ones_too(text, turns):
    assert split_turns(text) == turns


def test_a_turn_without_equals_sign_is_refused():
    with pytest.raises(WordguessError, match="GUESS=REPLY"):
        parse_turn("raise")
