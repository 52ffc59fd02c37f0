"""The second turn's suggestions shipped for the open world's Wordle (scripts/build_suggestions.py):
current, intact, equal to what the assistant computes, and read instead of computed."""

from __future__ import annotations

import dataclasses
import json
from importlib import resources

import pytest

from wordguess import PuzzleSpec, get_game
from wordguess.errors import WordguessError
from wordguess.optimal.worst.decide import exact_guard
from wordguess.play import assistant as assistant_module
from wordguess.play.assistant import OPENING_KEPT, SHIPPED_INDEX, Assistant, shipped_suggestions
from wordguess.strategies import get_strategy


def guarded():
    """The strategy as the front ends give it (the exact decider as the guard's last resort)."""
    return exact_guard(get_strategy("fewest-guesses"))


@pytest.fixture(scope="module")
def open_wordle():
    return PuzzleSpec(get_game("wordle"), world="open").build()


def index() -> dict:
    return json.loads((resources.files("wordguess.strategies") / "data" / SHIPPED_INDEX).read_text("utf-8"))


def test_every_reply_to_the_opener_is_shipped_under_the_current_key(open_wordle):
    """A key that no longer matches (the lists, the prior or the strategy changed) would be
    silently computed again: this fails until scripts/build_suggestions.py is run."""
    shipped = shipped_suggestions()
    opener = index()["opener"]
    assert Assistant(open_wordle, guarded()).suggestions(1)[0].guess == opener
    replies = {r for r, _ in open_wordle.buckets(open_wordle.index_of(opener), open_wordle.all_candidates())}
    replies.discard(open_wordle.game.solved_reply)
    for reply in replies:
        assistant = Assistant(open_wordle, guarded())
        assistant.record(opener, reply)
        assert assistant.suggestions_key(OPENING_KEPT) in shipped, open_wordle.game.format_reply(reply)
    assert len(shipped) == len(replies) == index()["positions"]


@pytest.mark.parametrize("reply", [".....", "Y....", "..G.Y"])
def test_shipped_suggestions_equal_what_the_assistant_computes(open_wordle, reply):
    opener = index()["opener"]
    assistant = Assistant(open_wordle, guarded())
    assistant.record(opener, open_wordle.game.parse_reply(reply))
    computed = [list(dataclasses.astuple(s)) for s in assistant._suggestions(OPENING_KEPT)]
    assert shipped_suggestions()[assistant.suggestions_key(OPENING_KEPT)] == computed


def test_the_second_turn_is_read_not_searched(open_wordle, monkeypatch):
    opener = index()["opener"]
    assistant = Assistant(open_wordle, guarded())
    assistant.record(opener, open_wordle.game.parse_reply("....."))

    def no_search(self, count):
        raise AssertionError("computed, not read")

    monkeypatch.setattr(Assistant, "_suggestions", no_search)
    shown = assistant.suggestions(5)
    rows = shipped_suggestions()[assistant.suggestions_key(OPENING_KEPT)]
    assert [s.guess for s in shown] == [row[0] for row in rows[:5]]
    # After TRACE ....., the guard plays the shipped tree's SPUNK (the strategy's 436th): its
    # favourites are not safe, and the table shows none that the guard's choice beats on value.
    assert [s.guess for s in shown] == ["spunk"]


def test_a_damaged_file_is_refused(tmp_path, monkeypatch):
    real = resources.files("wordguess.strategies") / "data"
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / SHIPPED_INDEX).write_text((real / SHIPPED_INDEX).read_text("utf-8"), encoding="utf-8")
    raw = bytearray((real / index()["file"]).read_bytes())
    raw[len(raw) // 2] ^= 1
    (tmp_path / "data" / index()["file"]).write_bytes(bytes(raw))
    monkeypatch.setattr(assistant_module.resources, "files", lambda package: tmp_path)
    shipped_suggestions.cache_clear()
    try:
        with pytest.raises(WordguessError, match="damaged"):
            shipped_suggestions()
    finally:
        monkeypatch.undo()
        shipped_suggestions.cache_clear()
