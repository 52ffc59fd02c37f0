"""Wordle in other languages: letters, folding, lists, priors and the command line."""

from __future__ import annotations

import itertools
import json
import unicodedata

import numpy as np
import pytest
from typer.testing import CliRunner

from wordguess import PuzzleSpec, get_game
from wordguess.cli import app
from wordguess.errors import WordError
from wordguess.games.languages import LANGUAGES
from wordguess.games.wordle import wordle_marks
from wordguess.lists import manifest, read_bundled

runner = CliRunner()
OTHERS = [code for code in LANGUAGES if code != "en"]


@pytest.mark.parametrize(("code", "typed", "folded", "shown"), [
    ("es", "Niños", "niños", "NIÑOS"),  # Ñ is a letter of its own
    ("es", "árbol", "arbol", "ÁRBOL"),  # accents fold; the spelling is shown
    ("de", "Käse", "kaese", "KAESE"),  # umlauts are two letters, as German clones play them
    ("de", "Straße", "strasse", "STRASSE"),
    ("ca", "col·la", "colla", "COLLA"),  # L·L is played LL
    ("ca", "caçar", "caçar", "CAÇAR"),
    ("ca", "opció", "opcio", "OPCIÓ"),
    ("sv", "Översätt", "översätt", "ÖVERSÄTT"),  # Å Ä Ö are letters
    ("sv", "idéer", "ideer", "IDÉER"),
    ("pl", "Łódką", "łódką", "ŁÓDKĄ"),  # the Polish letters are letters
    ("nb", "blåbær", "blåbær", "BLÅBÆR"),
    ("it", "città", "citta", "CITTÀ"),
    ("nl", "Ijsje", "ijsje", "IJSJE"),  # IJ is two tiles
])
def test_each_language_folds_as_its_players_type(code, typed, folded, shown):
    game = get_game("wordle", language=code, length=len(folded))
    assert game.fold(typed) == folded
    assert game.display(typed) == shown
    assert game.word_problem(typed) is None


def test_a_letter_of_another_alphabet_is_refused_with_one_line():
    game = get_game("wordle", language="pl")
    assert "alphabet" in game.word_problem("quasi")  # no q, v, x in Polish words
    with pytest.raises(WordError, match="no language 'xx'; wordle is played here in"):
        get_game("wordle", language="xx")
    with pytest.raises(WordError, match="its own language"):
        get_game("termo", language="de")
    with pytest.raises(WordError, match="4 to 8 letters in German"):
        get_game("wordle", language="de", length=11)


def test_english_keeps_its_keys_and_lists():
    """The default language is left out of the options, so caches and certificates keyed by
    the rules stay valid; its lists are the NYT's."""
    game = get_game("wordle")
    assert game.key == "wordle(word_length=5)" and game.default_answers == "wordle-answers"
    assert get_game("wordle", language="en") == game


@pytest.mark.parametrize("code", OTHERS)
def test_lists_are_words_of_the_language(code):
    game = get_game("wordle", language=code)
    info = manifest()
    for n in game.words_language.lengths:
        rules = get_game("wordle", language=code, length=n)
        answers, guesses = read_bundled(rules.default_answers), read_bundled(rules.default_guesses)
        assert len(answers) == info[rules.default_answers].count and len(guesses) == info[rules.default_guesses].count
        assert info[rules.default_answers].language == code and info[rules.default_answers].licence
        folded = {rules.fold(w) for w in guesses}
        assert len(folded) == len(guesses)  # one spelling per folded form
        assert {rules.fold(w) for w in answers} <= folded
        assert all(rules.word_problem(w) is None for w in guesses)
        assert all(w == unicodedata.normalize("NFC", w) and w.islower() for w in guesses)  # no name, no abbreviation
    assert 1000 <= len(read_bundled(game.default_answers)) <= 2500


@pytest.mark.parametrize("code", ["es", "pl", "sv", "de"])
def test_the_matrix_equals_feedback_in_every_alphabet(code):
    """The kernels take any alphabet of up to 32 letters (Polish has 32): the fast path equals
    the specification, letter by letter on folded words."""
    game = get_game("wordle", language=code)
    words = read_bundled(game.default_answers)
    rng = np.random.default_rng(3)
    sample = [words[i] for i in rng.choice(len(words), 60, replace=False)]
    matrix = game.pattern_matrix(sample, sample)
    for (i, g), (j, s) in itertools.product(enumerate(sample), enumerate(sample)):
        assert matrix[i, j] == game.feedback(g, s)
    marks = wordle_marks(game.fold("niñas") if code == "es" else "aaaaa", game.fold("ninas") if code == "es" else "aaaaa")
    assert (marks == [2, 2, 0, 2, 2]) == (code == "es")  # Ñ and N are different letters


@pytest.mark.parametrize("code", OTHERS)
def test_the_open_world_weighs_each_language_by_its_own_frequencies(code):
    spec = PuzzleSpec(get_game("wordle", language=code), world="open")
    assert spec.prior_table() == f"{code}-guesses-5"
    puzzle = spec.build()
    assert puzzle.weighted and len(puzzle.answers) == len(puzzle.guesses)
    common = read_bundled(f"{code}-answers-5")[:50]
    weights = puzzle.probabilities(np.array([puzzle.index_of(w) for w in common]))
    assert weights.mean() > 1 / len(puzzle.answers)  # the common words are likelier than average


def test_cli_solves_a_spanish_and_a_german_game_and_lists_the_languages():
    result = runner.invoke(app, ["solve", "--language", "es", "--world", "closed", "--secret", "ARAÑA", "--json"])
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert not record["failed"] and record["turns"][-1] == {"guess": "araña", "reply": "GGGGG", "remaining": 1}
    result = runner.invoke(app, ["solve", "--language", "de", "--secret", "diät", "--world", "closed"])
    assert result.exit_code == 0, result.output
    assert " D  I  A  E  T   GGGGG   solved" in result.stdout  # the tiles: Ä is played AE
    bad = runner.invoke(app, ["solve", "--language", "klingon", "--secret", "abcde"])
    assert bad.exit_code == 2 and "no language 'klingon'" in bad.stderr and "Traceback" not in bad.output
    games = runner.invoke(app, ["games"])
    assert all(f"wordle --language {code}" in games.stdout for code in OTHERS)
    listed = {entry["name"]: entry for entry in json.loads(runner.invoke(app, ["lists", "--json"]).stdout)}
    assert all(listed[f"{code}-answers-5"]["language"] == code and listed[f"{code}-guesses-5"]["licence"]
               for code in OTHERS)


def test_the_share_text_names_the_language_and_reads_back():
    """A German game's share text says so ("wordguess wordle (de) 2/6"), and its grid reads back;
    so does a Swedish Quordle's."""
    from wordguess.games.multiboard import MultiBoard
    from wordguess.play.hosted import new_hosted_game

    german = get_game("wordle", language="de")
    session = new_hosted_game(PuzzleSpec(german, world="closed").build(), "random", 3, None)
    secret = session.secrets()[0]
    other = next(w for w in read_bundled("de-answers-5") if german.fold(w) != german.fold(secret))
    session.guess(other)
    session.guess(secret)
    text = session.share_text(f"wordguess {session.share_name}")
    assert text.startswith("wordguess wordle (de) 2/6")
    assert MultiBoard.single(german).parse_share(text) == [(r,) for _, r in session.history]
    rules = get_game("quordle", language="sv")
    boards = new_hosted_game(PuzzleSpec(rules.board, world="closed").build(), "random", 5, rules)
    for word in boards.secrets():
        boards.guess(word)
    shared = boards.share_text(f"wordguess {boards.share_name}")
    assert shared.startswith("wordguess quordle (sv) 4/9") and rules.parse_share(shared) == [r for _, r in boards.turns]
