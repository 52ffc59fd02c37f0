"""Bundled lists (checksums asserted), derived lists, custom files and their reports."""

from __future__ import annotations

import gzip
import hashlib
import json
from collections import Counter
from importlib import resources

import pytest

from wordguess.errors import UnknownNameError
from wordguess.games import get_game
from wordguess.lists import answer_lists, game_words, list_infos, load_words, manifest, read_bundled

PUBLISHED = {
    "wordle-answers": (2315, "f40e47975cf360ff9febe7d49c8e285054d8fa3fb9644cea575922060951d6ee"),
    "wordle-answers-nyt": (2309, "c495f6cbc36475358a89e30ac16bd5c0c05073c8c7647bb6c35dd01f7bae6e32"),
    "wordle-guesses": (12972, "feacc549249b5dcb43e2799fbbcda14ebc33d55904fb15d043779104e60c1579"),
    "wordle-guesses-nyt": (14855, "ba86911aea83d038d53c0999fe6cbe310c8f59d2b79626c73bd0cd0773adc320"),
}


def sha_of(words) -> str:
    return hashlib.sha256("".join(f"{w}\n" for w in sorted(set(words))).encode()).hexdigest()


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_published_checksums(name):
    words = load_words(name)
    assert (len(words), sha_of(words)) == PUBLISHED[name]


@pytest.mark.parametrize("name", sorted(manifest()))
def test_manifest_matches_shipped_files(name):
    info = manifest()[name]
    raw = (resources.files("wordguess.lists") / "data" / info.file).read_bytes()
    text = gzip.decompress(raw).decode("utf-8")
    assert hashlib.sha256(text.encode()).hexdigest() == info.sha256
    assert text.count("\n") == info.count and text.endswith("\n")
    assert (resources.files("wordguess.lists") / "data" / json.loads(
        (resources.files("wordguess.lists") / "data" / "wordlists.json").read_text())["lists"][name]["licence_file"]).is_file()


def test_nyt_list_is_the_original_minus_six():
    assert set(load_words("wordle-answers")) - set(load_words("wordle-answers-nyt")) == {
        "agora", "fibre", "lynch", "pupal", "slave", "wench"}
    assert set(load_words("wordle-answers")) <= set(load_words("wordle-guesses"))


def test_jotto_list_is_derived_by_the_classic_rule():
    words = load_words("jotto")
    assert len(words) == 1391
    assert all(len(set(w)) == 5 for w in words)
    assert len({frozenset(w) for w in words}) == len(words)


def test_termo_keeps_accents_and_sutom_is_folded():
    termo = load_words("termo")
    assert len(termo) == 10577 and any(not w.isascii() for w in termo)
    sutom = read_bundled("sutom")
    assert all(w.isascii() and w.isalpha() and w.islower() and 4 <= len(w) <= 12 for w in sutom)
    assert manifest()["sutom"].count == len(sutom)


def test_sutom_counts_by_length_are_the_documented_ones():
    documented = json.loads((resources.files("wordguess.lists") / "data" / "wordlists.json").read_text())
    by_length = Counter(len(w) for w in read_bundled("sutom"))
    assert {str(k): v for k, v in sorted(by_length.items())} == documented["lists"]["sutom"]["counts_by_length"]
    assert by_length[6] == 19154 and by_length[9] == 67539  # as the data README reports


def test_sutom_candidates_start_from_length_and_first_letter():
    game = get_game("sutom", length=7, first="m")
    answers, _ = game_words(game)
    assert answers and all(len(w) == 7 and w.startswith("m") for w in answers)
    assert "maisons" in answers


def test_custom_file_rules(tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("# my list\nCrane\n\nslate  # a comment\ncrane\ntoolong\nab3de\nTRACE\n", encoding="utf-8")
    forbidden = tmp_path / "no.txt"
    forbidden.write_text("trace\n")
    words = load_words(path, get_game("wordle"), forbidden=forbidden)
    assert list(words) == ["crane", "slate"]
    summary = words.rejected_summary()
    assert summary.startswith("mine.txt: skipped 3 words") and "toolong" in summary and "forbidden" in summary


def test_an_unknown_list_is_one_short_line_with_the_close_names():
    with pytest.raises(UnknownNameError, match="did you mean wordle-answers"):
        load_words("wordle-answer")
    with pytest.raises(UnknownNameError, match="`wordguess lists` names the bundled lists") as caught:
        load_words("klingon")
    assert len(str(caught.value)) < 120


def test_list_infos_cover_every_name():
    names = {info.name for info in list_infos()}
    assert {"wordle-answers", "jotto", "mastermind", "sutom", "termo"} <= names


# SCOWL's lists of `wordle --length N` (scripts/build_wordlists.py --only scowl): N -> (answers,
# guesses), as the data README reports them.
SCOWL_COUNTS = {4: (2302, 3168), 5: (4442, 6420), 6: (7030, 10742), 7: (9600, 15385), 8: (10137, 17350),
                9: (8967, 16707), 10: (7146, 14047), 11: (4925, 10444)}


@pytest.mark.parametrize("length", sorted(SCOWL_COUNTS))
def test_scowl_lists_of_each_length(length):
    answers, guesses = read_bundled(f"scowl-answers-{length}"), read_bundled(f"scowl-guesses-{length}")
    assert (len(answers), len(guesses)) == SCOWL_COUNTS[length]
    assert all(len(w) == length and w.isascii() and w.isalpha() and w.islower() for w in guesses)
    assert set(answers) <= set(guesses)
    info = manifest()[f"scowl-answers-{length}"]
    assert (info.game, info.language, info.licence) == ("wordle", "en", "LicenseRef-SCOWL")


def test_wordle_of_other_lengths_loads_scowl_and_five_keeps_the_nyt_lists():
    answers, guesses = game_words(get_game("wordle", length=7))
    assert (answers.name, len(answers), guesses.name, len(guesses)) == ("scowl-answers-7", 9600, "scowl-guesses-7", 15385)
    assert "letters" in answers and not answers.rejected
    answers, guesses = game_words(get_game("wordle"))
    assert (len(answers), len(guesses)) == (2315, 12972)
    answers, _ = game_words(get_game("wordle"), "scowl-answers-5", "scowl-guesses-5")
    assert len(answers) == 4442


@pytest.mark.parametrize(("game", "expected"), [
    (get_game("wordle"), ["wordle-answers", "scowl-answers-5", "wordle-answers-nyt"]),
    (get_game("wordle", length=7), ["scowl-answers-7"]),
    (get_game("jotto"), ["jotto", "scowl-answers-5", "wordle-answers", "wordle-answers-nyt"]),
    (get_game("termo"), ["termo"]),
    (get_game("sutom", length=6), ["sutom"]),
    (get_game("mastermind", pegs=3), ["mastermind"]),
])
def test_answer_lists_are_the_default_then_the_lists_of_its_language_that_fit(game, expected):
    names = list(answer_lists(game))
    assert names == expected
    for name in names:  # each one loads for the game, by the same rule as --answers
        answers, _ = game_words(game, name)
        assert answers and all(game.word_problem(w) is None for w in answers[:50])
