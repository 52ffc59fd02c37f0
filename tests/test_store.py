"""The exact solver's SQLite store: results survive a reopen, and a damaged file is one line
naming the file and the way out, never a DatabaseError."""

from __future__ import annotations

import numpy as np
import pytest

from wordguess.errors import WordguessError
from wordguess.optimal.store import ResultStore
from wordguess.optimal.total import kernel


def filled(path) -> ResultStore:
    store = ResultStore(path)
    keys = np.arange(5000, dtype=np.int64)
    store.save_sets("p", keys, keys * 7, keys * 11)
    store.save_opener("p", "salet", 7920, True, 10, 1.5)
    store.close()
    return store


def test_results_survive_a_reopen(tmp_path):
    filled(tmp_path / "s.sqlite")
    store = ResultStore(tmp_path / "s.sqlite")
    assert store.opener("p", "salet") == (7920, True, 10, 1.5)
    k1, k2, words = store.sets("p")
    assert len(k1) == 5000 and (k2 == k1 * 7).all() and (words == k1 * 11).all()


@pytest.mark.parametrize("where", ["header", "middle"])
def test_a_damaged_store_is_one_line_with_the_way_out(tmp_path, where):
    path = tmp_path / "s.sqlite"
    filled(path)
    data = bytearray(path.read_bytes())
    start = 0 if where == "header" else len(data) // 2
    data[start:start + 4096] = b"garbage!" * 512
    path.write_bytes(bytes(data))
    with pytest.raises(WordguessError, match="--no-store") as caught:
        store = ResultStore(path)
        store.sets("p")
        store.openers("p")
    assert str(path) in str(caught.value) and "\n" not in str(caught.value)


def test_a_damaged_row_is_never_trusted(tmp_path):
    import sqlite3

    path = tmp_path / "s.sqlite"
    filled(path)
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE set_results SET word = word + 1 WHERE k1 = 7")
        db.execute("UPDATE opener_results SET value = 7000 WHERE opener = 'salet'")
    db.close()
    store = ResultStore(path)
    k1, _, _ = store.sets("p")
    assert len(k1) == 4999 and 7 not in k1
    assert store.opener("p", "salet") is None and store.openers("p") == {}


def memo_word(value: int, exact: bool, guess: int = 3) -> int:
    """Return a memo word as the kernel packs it (value, best guess, exactness)."""
    return int(kernel.pack(value, exact, guess))


def test_a_writer_never_weakens_what_another_proved(tmp_path):
    # Two processes share one file; the second loaded it before the first proved more, and then
    # writes weaker results of its own for the same opener and sets.
    first, second = ResultStore(tmp_path / "s.sqlite"), ResultStore(tmp_path / "s.sqlite")
    keys = np.array([1, 2, 3], dtype=np.int64)
    first.save_opener("p", "salet", 7920, True, 10, 1.5)
    first.save_sets("p", keys, keys, np.array([memo_word(40, True), memo_word(50, False), memo_word(9, False)]))
    second.save_opener("p", "salet", 7921, False, 3, 0.5)
    second.save_sets("p", keys, keys, np.array([memo_word(45, False), memo_word(48, False), memo_word(12, False)]))
    assert first.opener("p", "salet") == (7920, True, 10, 1.5)
    assert dict(zip(*first.sets("p")[::2], strict=True)) == {
        1: memo_word(40, True), 2: memo_word(50, False), 3: memo_word(12, False)}


def test_a_stronger_result_replaces_a_weaker_or_damaged_one(tmp_path):
    import sqlite3

    store = ResultStore(tmp_path / "s.sqlite")
    store.save_opener("p", "crane", 7950, False, 1, 0.1)
    store.save_opener("p", "crane", 7960, False, 1, 0.1)
    assert store.opener("p", "crane")[:2] == (7960, False)
    store.save_opener("p", "crane", 7968, True, 1, 0.1)
    assert store.opener("p", "crane")[:2] == (7968, True)
    store.save_sets("p", np.array([5]), np.array([5]), np.array([memo_word(30, True)]))
    db = sqlite3.connect(tmp_path / "s.sqlite")
    with db:
        db.execute("UPDATE opener_results SET value = 7000 WHERE opener = 'crane'")
        db.execute("UPDATE set_results SET word = word + 2")
    db.close()
    store.save_opener("p", "crane", 7968, False, 1, 0.1)  # a bound replaces a damaged exact row
    store.save_sets("p", np.array([5]), np.array([5]), np.array([memo_word(20, False)]))
    assert store.opener("p", "crane")[:2] == (7968, False)
    assert store.sets("p")[2].tolist() == [memo_word(20, False)]
