"""The engine's Puzzle: buckets, sizes and narrowing against the scalar feedback, the mode's
vectorised rule against its scalar twin, the PuzzleSpec factory, and the game capabilities the
layers above rely on."""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import GAME_INSTANCES, SMALL_LISTS, WORDLE_SMALL, small_puzzle, words_for
from wordguess.engine.kernels import transpose
from wordguess.engine.patterns import PatternStore
from wordguess.engine.puzzle import Puzzle, PuzzleSpec
from wordguess.errors import UnknownNameError, WordError, WordguessError
from wordguess.games import get_game
from wordguess.lists import WordList


def puzzle_of(game, words) -> Puzzle:
    return Puzzle(game, words, words, store=PatternStore(None))


@settings(max_examples=50)
@given(data=st.data())
def test_buckets_sizes_and_narrow_equal_scalar_feedback(game, data):
    words = data.draw(st.lists(words_for(game), min_size=1, max_size=20, unique_by=game.fold))
    puzzle = puzzle_of(game, words)
    candidates = np.array(sorted(data.draw(st.sets(st.integers(0, len(words) - 1), min_size=1))), dtype=np.int64)
    guess = data.draw(st.integers(0, len(words) - 1))
    expected = defaultdict(list)
    for c in candidates:
        expected[game.feedback(words[guess], words[c])].append(int(c))
    buckets = puzzle.buckets(guess, candidates)
    assert [(r, b.tolist()) for r, b in buckets] == sorted(expected.items())
    sizes = puzzle.bucket_sizes(guess, candidates)
    assert len(sizes) == game.n_replies and sizes.sum() == len(candidates)
    assert all(sizes[r] == len(b) for r, b in expected.items())
    for reply in expected:  # each reply the host may show for it (itself, unless the host lies)
        for shown in game.lie_table[reply][game.lie_table[reply] >= 0].tolist():
            stands_for = set(game.truths(shown).tolist())
            assert puzzle.narrow(candidates, guess, shown).tolist() == sorted(
                c for r, b in expected.items() if r in stands_for for c in b)


@pytest.mark.parametrize("name", ["wordle", "termo", "sutom"])
@pytest.mark.parametrize("mode", ["hard", "strict"])
def test_allowed_equals_the_scalar_mode_rule(name, mode):
    puzzle = small_puzzle(name, mode)
    rng = np.random.default_rng(5)
    for _ in range(10):
        secret = puzzle.answers[rng.integers(len(puzzle.answers))]
        played = [puzzle.guesses[i] for i in rng.integers(len(puzzle.guesses), size=rng.integers(1, 4))]
        history = [(g, puzzle.game.feedback(g, secret)) for g in played]
        allowed = set(puzzle.allowed(puzzle.all_candidates(), history).tolist())
        scalar = {i for i, w in enumerate(puzzle.guesses) if puzzle.mode_problem(history, w) is None}
        assert allowed == scalar
        assert puzzle.index_of(secret) in allowed, "the secret itself is always allowed"


def test_inconsistent_window_limits_normal_mode_to_candidates():
    game, answers, guesses = SMALL_LISTS["wordle"]
    puzzle = Puzzle(game, answers, guesses, inconsistent_window=(4, 10))
    everything = puzzle.all_candidates()
    assert len(puzzle.allowed(everything, [])) == len(answers)  # 30 candidates: outside the window
    few = everything[:6]
    assert len(puzzle.allowed(few, [])) == len(guesses)


def test_spec_builds_the_default_lists():
    puzzle = PuzzleSpec(get_game("wordle")).build()
    assert (len(puzzle.answers), len(puzzle.guesses)) == (2315, 12972)
    assert (puzzle.answers.name, puzzle.guesses.name) == ("wordle-answers", "wordle-guesses")
    assert puzzle.matrix.shape == (12972, 2315)


def test_spec_fits_the_length_and_is_hashable(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("maison\nmarche\nmouton\nbateau\nmais0n\n")
    spec = PuzzleSpec(get_game("sutom"), str(words), str(words))
    puzzle = spec.build()
    assert puzzle.game.length == 6 and puzzle.answers.rejected and hash(spec) == hash(
        PuzzleSpec(get_game("sutom"), str(words), str(words)))


def test_spec_and_puzzle_refusals(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("toolongword\n")
    with pytest.raises(WordguessError, match="no word of the answers list"):
        PuzzleSpec(get_game("wordle"), str(words)).build()
    with pytest.raises(UnknownNameError, match="normal"):
        PuzzleSpec(get_game("wordle"), mode="easy").build()
    with pytest.raises(WordguessError, match="hard mode"):
        Puzzle(get_game("jotto"), ["south"], ["south"], mode="hard")
    with pytest.raises(WordError, match="not allowed guesses"):
        Puzzle(get_game("wordle"), ["crane", "slate"], ["crane"])


def test_plain_lists_become_named_word_lists():
    puzzle = puzzle_of(get_game("wordle"), ["crane", "slate"])
    assert isinstance(puzzle.answers, WordList) and puzzle.answers.name == "answers"


def test_derived_puzzles_share_the_store():
    import dataclasses

    puzzle = small_puzzle("wordle", "normal")
    part = dataclasses.replace(puzzle, answers=list(puzzle.answers[:5]))
    assert part.store is puzzle.store


@pytest.mark.parametrize("name", sorted(GAME_INSTANCES))
def test_capabilities_are_consistent(name):
    game = GAME_INSTANCES[name]
    for reply in range(0, game.n_replies, max(1, game.n_replies // 50)):
        marks, text = game.letter_marks(reply), game.tile_marks(reply)
        assert (marks is not None) == game.per_letter_marks == (text is not None)
        if marks is not None:
            assert len(marks) == game.length and text == game.format_reply(reply)
        assert isinstance(game.reveal(reply), tuple)
    assert game.reveal(game.solved_reply) >= max(game.reveal(r) for r in range(game.n_replies))
    if not game.has_hard_mode:
        with pytest.raises(WordguessError, match="no hard mode"):
            game.hard_mode_problem("a" * game.length, 0, "a" * game.length)
    assert game.symbol_symmetry == (game.name in ("mastermind", "bulls"))


@given(st.integers(1, 150), st.integers(1, 150), st.integers(0, 2**32 - 1))
def test_transpose_equals_numpy(rows, cols, seed):
    matrix = np.random.default_rng(seed).integers(0, 243, size=(rows, cols), dtype=np.uint8)
    out = transpose(matrix)
    assert out.flags.c_contiguous
    np.testing.assert_array_equal(out, matrix.T)


def test_by_secret_is_the_read_only_transpose():
    puzzle = small_puzzle("wordle", "normal")
    np.testing.assert_array_equal(puzzle.by_secret, puzzle.matrix.T)
    assert not puzzle.by_secret.flags.writeable


def test_a_puzzle_too_large_for_its_matrix_is_played_by_rows_and_focused(monkeypatch):
    """Over FOCUS_BYTES (classic Nerdle's 599 MB), a player's game never makes the whole matrix:
    replies come row by row from the rules, suggestions from the puzzle focused on the candidates
    (a sample of them, said in a notice, while even their own words do not fit), and each equals
    what the whole matrix gives."""
    from wordguess.engine import puzzle as module
    from wordguess.play.assistant import Assistant
    from wordguess.play.hosts import FixedHost
    from wordguess.play.simulate import play
    from wordguess.strategies import get_strategy

    game = get_game("wordle")
    whole = Puzzle(game, WORDLE_SMALL[:60], WORDLE_SMALL, store=None)
    assert whole.matrix.shape == (386, 60)  # made: it is played on its matrix
    monkeypatch.setattr(module, "FOCUS_BYTES", 40 * 40 * 2)  # the answers' own 60 x 60 do not fit
    rows = Puzzle(game, WORDLE_SMALL[:60], WORDLE_SMALL, store=None)
    assert rows.by_rows and not whole.by_rows
    everything = rows.all_candidates()
    for g in (0, 7, 99):
        assert [int(r) for r in rows.row(g)] == [game.feedback(rows.guesses[g], a) for a in rows.answers]
        reply = game.feedback(rows.guesses[g], rows.answers[3])
        assert rows.narrow(everything, g, reply).tolist() == whole.narrow(everything, g, reply).tolist()
        assert [(r, b.tolist()) for r, b in rows.buckets(g, everything)] == \
            [(r, b.tolist()) for r, b in whole.buckets(g, everything)]
    assistant = Assistant(rows, get_strategy("entropy"))
    first = assistant.suggestions(3)
    assert len(first) == 3 and any("40 of the 60" in n for n in assistant.notices)
    focus = rows.focused(everything)
    assert len(focus.answers) == 40 and set(focus.answers) <= set(rows.answers)
    opener = rows.index_of(first[0].guess)
    # a secret that leaves 2 to 4 candidates: they and every guess fit (3,200 bytes)
    secret = next(rows.answers[b[0]] for _, b in rows.buckets(opener, everything) if 2 <= len(b) <= 4)
    assistant.record(first[0].guess, game.feedback(first[0].guess, secret))
    left = assistant.candidate_words
    assert left == [w for w in rows.answers if game.feedback(first[0].guess, w) == assistant.history[-1][1]]
    shown = assistant.suggestions(5)
    reference = Assistant(whole, get_strategy("entropy"))
    reference.record(*assistant.history[-1])
    narrowed = rows.focused(np.array([rows.answers.index(w) for w in left], dtype=np.int64))
    assert len(narrowed.guesses) == len(rows.guesses)  # every guess fits: the whole matrix's table
    assert [(s.guess, s.expected_left) for s in shown] == \
        [(s.guess, s.expected_left) for s in reference.suggestions(5)]
    record = play(rows, get_strategy("entropy"), FixedHost(secret))
    assert record.turns[-1][0] == secret
    assert "matrix" not in rows.__dict__  # never made


def test_the_sample_notice_comes_with_opening_suggestions_read_back_from_the_cache(monkeypatch, tmp_path):
    """The opening's suggestions are remembered in the cache folder; read back by a later process
    (a new store on the same folder), they come with the notice their search gave."""
    from wordguess.engine import puzzle as module
    from wordguess.play.assistant import Assistant
    from wordguess.strategies import get_strategy

    monkeypatch.setattr(module, "FOCUS_BYTES", 40 * 40 * 2)

    def new() -> Assistant:
        puzzle = Puzzle(get_game("wordle"), WORDLE_SMALL[:60], WORDLE_SMALL, store=PatternStore(tmp_path))
        return Assistant(puzzle, get_strategy("entropy"))

    def seen(assistant: Assistant, count: int) -> tuple[list[str], list[str]]:
        return [s.guess for s in assistant.suggestions(count)][:3], list(assistant.notices)

    first = new()
    # 30 is past the 10 kept: a search of its own, by an assistant that has shown the notice already
    shown = [seen(first, 3), seen(new(), 3), seen(first, 30), seen(new(), 30)]
    assert len(list((tmp_path / "results").glob("*.json"))) == 2  # read back by the second and the fourth
    assert all(s == shown[0] for s in shown) and any("40 of the 60" in n for n in shown[0][1])
