"""The pattern-matrix store: computed once per store, kept on disk by content, damaged files
recomputed."""

from __future__ import annotations

import numpy as np
import pytest

from wordguess.engine.patterns import PatternStore, machine_memory, matrix_key
from wordguess.errors import WordguessError
from wordguess.games import get_game


def test_pattern_store_memory_and_disk(tmp_path):
    game = get_game("wordle")
    words = ["crane", "slate", "trace", "epees", "geese"]
    store = PatternStore(tmp_path, disk_min_entries=1)
    first = store.matrix(game, words, words)
    assert not first.flags.writeable
    assert store.matrix(game, words, words) is first  # same object: computed once
    files = list(tmp_path.glob("*.npy"))
    assert len(files) == 1 and files[0].stem.startswith(matrix_key(game, words, words))
    again = PatternStore(tmp_path, disk_min_entries=1).matrix(game, words, words)
    np.testing.assert_array_equal(again, game.pattern_matrix(words, words))
    files[0].write_bytes(b"damaged")  # a damaged cache file is recomputed
    np.testing.assert_array_equal(PatternStore(tmp_path, 1).matrix(game, words, words), first)


def test_damaged_data_with_an_intact_header_is_recomputed(tmp_path):
    game = get_game("wordle")
    words = ["crane", "slate", "trace", "epees", "geese", "sissy"]
    first = PatternStore(tmp_path, disk_min_entries=1).matrix(game, words, words)
    [path] = tmp_path.glob("*.npy")
    data = bytearray(path.read_bytes())
    data[-3] ^= 0x01  # one bit of the last row: np.load still reads it
    path.write_bytes(bytes(data))
    assert not np.array_equal(np.load(path), first)
    np.testing.assert_array_equal(PatternStore(tmp_path, disk_min_entries=1).matrix(game, words, words), first)
    [path] = tmp_path.glob("*.npy")  # replaced by an intact file
    np.testing.assert_array_equal(np.load(path), first)


def test_a_matrix_too_large_is_refused_before_it_is_made():
    game = get_game("wordle")
    with pytest.raises(WordguessError, match="9,537 MB pattern matrix, over the limit of 4,096 MB"):
        PatternStore(None).matrix(game, ["crane"] * 100_000, ["slate"] * 100_000)
    with pytest.raises(WordguessError, match="over the limit of 1 MB"):
        PatternStore(None, max_bytes=1 << 20).matrix(game, ["crane"] * 1100, ["slate"] * 1000)


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


def test_a_matrix_is_written_at_its_second_use_and_the_defaults_fit_the_machine(tmp_path):
    game = get_game("wordle")
    words = ["crane", "slate", "cigar", "rebut"]
    first = PatternStore(tmp_path, disk_min_entries=1, write_on_use=2).matrix(game, words, words)
    assert not list(tmp_path.glob("*.npy")) and len(list((tmp_path / "uses").iterdir())) == 1
    again = PatternStore(tmp_path, disk_min_entries=1, write_on_use=2).matrix(game, words, words)
    assert len(list(tmp_path.glob("*.npy"))) == 1 and not list((tmp_path / "uses").iterdir())
    np.testing.assert_array_equal(first, again)
    assert PatternStore(tmp_path, disk_min_entries=1).clear() > 0 and not list(tmp_path.rglob("*.*"))
    store = PatternStore.from_environment()
    assert store.write_on_use == 2 and store.max_bytes <= machine_memory() // 4 and store.cap_bytes <= 1 << 30


def test_arrays_derived_from_a_matrix_are_kept_beside_it_and_checked(tmp_path):
    """The transpose and the widest branching are read back from files beside the matrix's (a
    fresh process does not compute them again), a damaged file is computed again, and nothing
    is written for a matrix that is not on disk."""
    game = get_game("wordle")
    words = ["crane", "slate", "cigar", "rebut", "epees"]
    store = PatternStore(tmp_path, disk_min_entries=1)
    matrix = store.matrix(game, words, words)
    made = []

    def transpose():
        made.append(1)
        return np.ascontiguousarray(matrix.T)

    first = store.derived(game, words, words, "by-secret", (5, 5), transpose)
    assert not first.flags.writeable and len(made) == 1
    [path] = tmp_path.glob("*.by-secret-*.npy")
    again = PatternStore(tmp_path, disk_min_entries=1).derived(game, words, words, "by-secret", (5, 5), transpose)
    np.testing.assert_array_equal(again, matrix.T)
    assert len(made) == 1  # read, not computed
    data = bytearray(path.read_bytes())
    data[-1] ^= 0x01
    path.write_bytes(bytes(data))
    np.testing.assert_array_equal(PatternStore(tmp_path, 1).derived(game, words, words, "by-secret", (5, 5), transpose),
                                  matrix.T)
    assert len(made) == 2  # damaged: computed again and replaced
    np.testing.assert_array_equal(np.load(next(tmp_path.glob("*.by-secret-*.npy"))), matrix.T)
    other = ["crane", "slate", "cigar", "rebut"]  # its matrix is not on disk (first use of two)
    PatternStore(tmp_path, disk_min_entries=1, write_on_use=2).derived(game, other, other, "by-secret", (4, 4),
                                                                      lambda: np.zeros((4, 4), np.uint8))
    assert len(list(tmp_path.glob("*.by-secret-*.npy"))) == 1


def test_a_puzzle_reads_its_transpose_and_widest_branching_from_the_store(tmp_path):
    from wordguess.engine.puzzle import Puzzle
    from wordguess.lists import WordList

    game = get_game("wordle")
    answers = WordList(["crane", "slate", "cigar", "rebut", "epees", "geese"], "a")
    guesses = WordList([*answers, "soare", "clint"], "g")
    built = Puzzle(game, answers, guesses, store=PatternStore(tmp_path, disk_min_entries=1))
    expected = (built.by_secret.copy(), built.widest_branching)
    assert len(list(tmp_path.glob("*.npy"))) == 3  # the matrix, its transpose, the widest branching
    fresh = Puzzle(game, answers, guesses, store=PatternStore(tmp_path, disk_min_entries=1))
    np.testing.assert_array_equal(fresh.by_secret, fresh.matrix.T)
    np.testing.assert_array_equal(fresh.by_secret, expected[0])
    widest = max(len({r for r in row if r != game.solved_reply}) for row in fresh.matrix.tolist())
    assert fresh.widest_branching == expected[1] == widest


def test_a_file_is_mapped_and_its_checksum_checked_once_while_it_is_unchanged(tmp_path, monkeypatch):
    """A matrix file is mapped, not read whole, and checked in full at its first read only; a
    file changed since (a damaged one) is checked again, found damaged and replaced."""
    from wordguess.engine import patterns

    game = get_game("wordle")
    words = ["crane", "slate", "cigar", "rebut", "epees", "geese"]
    first = PatternStore(tmp_path, disk_min_entries=1).matrix(game, words, words)
    checked = []
    real = patterns.checksum
    monkeypatch.setattr(patterns, "checksum", lambda a: checked.append(1) or real(a))
    for _ in range(3):
        again = PatternStore(tmp_path, disk_min_entries=1).matrix(game, words, words)
        np.testing.assert_array_equal(again, first)
        assert isinstance(again.base, np.memmap) and not again.flags.writeable
    assert len(checked) == 1  # at the first read; the later reads find the file as checked
    [path] = tmp_path.glob("*.npy")
    data = bytearray(path.read_bytes())
    data[-2] ^= 0x01
    path.write_bytes(bytes(data))
    np.testing.assert_array_equal(PatternStore(tmp_path, disk_min_entries=1).matrix(game, words, words), first)
    [path] = tmp_path.glob("*.npy")
    np.testing.assert_array_equal(np.load(path), first)  # replaced by an intact file
    assert PatternStore(tmp_path, disk_min_entries=1).clear() > 0 and not list(tmp_path.rglob("*.*"))
