"""Rules of every game: golden cases (data), reply notations, and properties of feedback."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import GAME_INSTANCES, words_for
from wordguess.errors import ReplyError, UnknownNameError, WordError, WordguessError
from wordguess.games import get_game

# (game, guess, secret, canonical reply): Wordle's duplicate rules both ways, LeetCode 843's
# example, Jotto, Mastermind, Termo's accent folding, Sutom's long words and Nerdle's equations
# (duplicate digits, operators and '=' coloured as Wordle colours letters). A game written
# name:N is that game with words of N letters (Wordle of 4 to 11 letters).
GOLDEN = [
    ("wordle", "ninny", "annex", "Y.G.."), ("wordle", "annex", "ninny", ".YG.."),
    ("wordle", "hello", "world", "...GY"), ("wordle", "world", "hello", ".Y.G."),
    ("wordle", "epees", "geese", "Y.GYY"), ("wordle", "geese", "epees", ".YGYY"),
    ("wordle", "wheee", "peeve", "..GYG"), ("wordle", "peeve", "wheee", ".YG.G"),
    ("wordle", "hello", "abyss", "....."), ("wordle", "speed", "abide", "..Y.Y"),
    ("wordle", "crane", "crane", "GGGGG"), ("wordle", "llama", "hello", "YY..."),
    ("matches", "ccbazz", "acckzz", "3"), ("matches", "eiowzz", "acckzz", "2"),
    ("matches", "abcczz", "acckzz", "4"), ("matches", "acckzz", "acckzz", "6"),
    ("jotto", "their", "other", "4"), ("jotto", "fuzzy", "raise", "0"),
    ("jotto", "south", "mouth", "4"), ("jotto", "raise", "arise", "5"),
    ("mastermind", "1122", "1122", "4,0"), ("mastermind", "1122", "2211", "0,4"),
    ("mastermind", "1234", "1243", "2,2"), ("mastermind", "1122", "1345", "1,0"),
    ("mastermind", "1111", "2345", "0,0"), ("mastermind", "6543", "3456", "0,4"),
    ("bulls", "1234", "1234", "4,0"), ("bulls", "1234", "4321", "0,4"),
    ("bulls", "1234", "1243", "2,2"), ("bulls", "1234", "5678", "0,0"),
    ("bulls", "0123", "0456", "1,0"), ("bulls", "0123", "3012", "0,4"),
    ("bulls", "9876", "6789", "0,4"), ("bulls", "5046", "4560", "0,4"),
    ("bulls", "1234", "1235", "3,0"), ("bulls", "1028", "8120", "1,3"),
    ("jotto2", "their", "other", "1,3"), ("jotto2", "raise", "arise", "3,2"),
    ("jotto2", "south", "mouth", "4,0"), ("jotto2", "fuzzy", "raise", "0,0"),
    ("jotto2", "crane", "nacre", "1,4"), ("jotto2", "plumb", "plumb", "5,0"),
    ("termo", "ações", "acaso", "GGY.Y"), ("termo", "Sábio", "sabio", "GGGGG"),
    ("sutom", "maisons", "maisons", "GGGGGGG"), ("sutom", "manager", "mangeur", "GGG.YYG"),
    ("wordle:4", "book", "obey", "YY.."), ("wordle:4", "noon", "moon", ".GGG"),
    ("wordle:4", "lull", "fall", "..GG"), ("wordle:4", "tree", "eery", ".YYY"),
    ("wordle:4", "eels", "else", "GYYY"), ("wordle:4", "else", "eels", "GYYY"),
    ("wordle:7", "letters", "settler", "YGGGYYY"), ("wordle:7", "referee", "freezer", "YYYGYG."),
    ("wordle:8", "assessed", "caresses", "YY.GGGG."),
    ("wordle:10", "bookkeeper", "shopkeeper", "..G.GGGGGG"),
    ("wordle:11", "mississippi", "misspelling", "GGGGY...Y.."),
    ("nerdle", "10+20=30", "12+18=30", "G.GY.GGG"), ("nerdle", "12+18=30", "10+20=30", "GYG..GGG"),
    ("nerdle", "11+11=22", "12+10=22", "G.GG.GGG"), ("nerdle", "12+10=22", "11+11=22", "G.GG.GGG"),
    ("nerdle", "9*9-9=72", "72/8-9=0", "Y..Y.YYY"), ("nerdle", "72/8-9=0", "9*9-9=72", "YY..YYY."),
    ("nerdle", "3*4+5=17", "3*4+5=17", "GGGGGGGG"), ("nerdle", "3*4+5=17", "1+2*7=15", ".Y.YYGGY"),
]  # fmt: skip


def golden_game(name: str, guess: str):
    """Return the game of a golden case: `name`, or `game:N` for that game with N letters."""
    game, _, length = name.partition(":")
    return get_game(game, length=int(length)) if length else get_game(game).fitted([guess])


@pytest.mark.parametrize(("name", "guess", "secret", "reply"), GOLDEN)
def test_golden_feedback(name, guess, secret, reply):
    game = golden_game(name, guess)
    assert game.format_reply(game.feedback(guess, secret)) == reply


@pytest.mark.parametrize(("name", "guess", "secret", "reply"), GOLDEN)
def test_golden_kernel(name, guess, secret, reply):
    game = golden_game(name, guess)
    assert game.format_reply(int(game.pattern_matrix([guess], [secret])[0, 0])) == reply


def test_public_example():
    game = get_game("wordle")
    assert game.format_reply(game.feedback("epees", "geese")) == "Y.GYY"


@pytest.mark.parametrize("text", ["GY..G", "gy..g", "GY--G", "GY__G", "21002", "🟩🟨⬛⬛🟩",
                                  "🟩🟨⬜⬜🟩", "🟩️🟨️⬛️⬛️🟩️", "ci  c", " GY..G ", "🟧🟦..🟧"])
def test_wordle_notations(text):
    game = get_game("wordle")
    assert game.format_reply(game.parse_reply(text)) == "GY..G"


def test_termo_notation_trailing_spaces_may_be_dropped():
    game = get_game("termo")
    assert game.format_reply(game.parse_reply("ci")) == "GY..."


@pytest.mark.parametrize(("name", "text"), [
    ("wordle", "GY.G"), ("wordle", "GYXGG"), ("wordle", ""), ("matches", "x"), ("jotto", "7"),
    ("mastermind", "3,2"), ("mastermind", "3,1"), ("mastermind", "b,w"), ("mastermind", "1"),
    ("bulls", "3,1"), ("bulls", "5,0"), ("bulls", "b,c"), ("jotto2", "4,1"), ("jotto2", "6"),
])
def test_bad_replies_are_refused_with_a_reason(name, text):
    game = GAME_INSTANCES[name]
    with pytest.raises(ReplyError, match="use "):
        game.parse_reply(text)


def test_unknown_game_lists_the_choices():
    with pytest.raises(UnknownNameError, match="choose one of: .*mastermind.*wordle"):
        get_game("scrabble")


def test_game_options():
    game = get_game("mastermind", pegs=5, colours=8)
    assert (game.pegs, game.colours, game.length) == (5, 8, 5)
    assert len(game.generated_words()) == 8**5
    assert get_game("MM").name == "mastermind" and get_game("leetcode").name == "matches"
    with pytest.raises(WordguessError, match="no option"):
        get_game("wordle", pegs=3)
    with pytest.raises(WordError):
        get_game("mastermind", colours=12)


def test_mastermind_reply_count():
    assert get_game("mastermind").n_replies == 14  # (b, w), b + w <= 4, without (3, 1)


def test_bulls_codes_and_options():
    game = get_game("bulls-and-cows")
    codes = game.generated_words()
    assert len(codes) == len(set(codes)) == 5040 == 10 * 9 * 8 * 7 and codes[0] == "0123"
    assert all(len(set(c)) == 4 for c in codes) and game.n_replies == 14
    assert {game.symmetry_class(c) for c in codes} == {(1, 1, 1, 1)}  # one opener class
    small = get_game("bc", pegs=3, colours=6)  # the CLI's shared --pegs/--colours
    assert (small.digits, small.symbols, len(small.generated_words())) == (3, 6, 120)
    assert get_game("bulls", length=5).digits == 5 and get_game("jotto").name == "jotto"
    assert "repeated" in game.word_problem("1123") and "alphabet" in get_game("bulls", symbols=6).word_problem("0789")
    with pytest.raises(WordError, match="digits must be"):
        get_game("bulls", digits=7, symbols=6)
    with pytest.raises(WordguessError, match="its options: colors, colours, digits, length, pegs, symbols"):
        get_game("bulls", boards=2)
    with pytest.raises(WordguessError, match="pegs 5 and length 3 each set its digits: give one of them"):
        get_game("bulls", pegs=5, length=3)  # (two flags for one option: neither is taken over the other)
    with pytest.raises(WordguessError, match="colors 6 and colours 8 each set its colours"):
        get_game("mastermind", colors=6, colours=8)
    assert get_game("bulls", pegs=3, length=3).digits == 3
    with pytest.raises(WordguessError, match="wordle has no option pegs; its options: language, length$"):
        get_game("wordle", pegs=3)
    with pytest.raises(WordguessError, match="choose one of: .*quordle"):
        get_game("wordel")


def test_jotto2_words_have_distinct_letters_and_keep_anagrams():
    words, rejected = get_game("jotto2").prepare_words(["arise", "raise", "fuzzy", "south", "aries"])
    assert words == ["arise", "raise", "south", "aries"] and [w for w, _ in rejected] == ["fuzzy"]


def test_sutom_reveals_length_and_first_letter():
    game = get_game("sutom")
    words = ["maison", "marche", "bateau", "mouton", "maisons"]
    assert game.starting_candidates(words, secret="mouton") == ["maison", "marche", "mouton"]
    assert get_game("sutom", first="b").word_problem("maison") is not None


def test_jotto_keeps_one_word_per_anagram_class():
    words, rejected = get_game("jotto").prepare_words(["arise", "raise", "fuzzy", "south", "aries"])
    assert words == ["south", "aries"] and len(rejected) == 3


def test_wrong_length_is_an_error():
    with pytest.raises(WordError):
        get_game("wordle").check_word("toolong")


@pytest.mark.parametrize(("name", "length", "accepted"), [("wordle", 3, "4 to 11"), ("wordle", 12, "4 to 11"),
                                                           ("termo", 6, "5")])
def test_a_length_without_lists_names_the_accepted_ones(name, length, accepted):
    with pytest.raises(WordError, match=f"{name} words have {accepted} letters, not {length}"):
        get_game(name, length=length)


@pytest.mark.parametrize(("length", "answers", "guesses"), [
    (5, "wordle-answers", "wordle-guesses"), (4, "scowl-answers-4", "scowl-guesses-4"),
    (11, "scowl-answers-11", "scowl-guesses-11")])
def test_wordle_lists_follow_the_length(length, answers, guesses):
    game = get_game("wordle", length=length)
    assert (game.default_answers, game.default_guesses, game.max_guesses) == (answers, guesses, 6)


@pytest.mark.parametrize("name", sorted(GAME_INSTANCES))
def test_reply_codes_round_trip(name):
    game = GAME_INSTANCES[name]
    for reply in range(0, game.n_replies, max(1, game.n_replies // 60)):
        assert game.parse_reply(game.format_reply(reply)) == reply


@given(data=st.data())
def test_feedback_of_a_word_on_itself_is_solved(game, data):
    word = data.draw(words_for(game))
    assert game.is_solved(game.feedback(word, word))


@given(data=st.data())
def test_reply_is_in_range_and_formats(game, data):
    guess, secret = data.draw(words_for(game)), data.draw(words_for(game))
    reply = game.feedback(guess, secret)
    assert 0 <= reply < game.n_replies
    assert game.parse_reply(game.format_reply(reply)) == reply


@given(data=st.data())
def test_wordle_reply_counts_are_symmetric(data):
    game = GAME_INSTANCES["wordle"]
    a, b = data.draw(words_for(game)), data.draw(words_for(game))
    assert game.reveal(game.feedback(a, b)) == game.reveal(game.feedback(b, a))


@pytest.mark.parametrize("name", [n for n, g in sorted(GAME_INSTANCES.items()) if g.has_hard_mode])
@given(data=st.data())
def test_hard_mode_allowed_equals_hard_mode_problem(name, data):
    """The vectorised hard-mode filter equals the scalar rule, on words rich in repeats and on
    replies that some secret gives as well as on arbitrary reply codes."""
    game = GAME_INSTANCES[name]
    guess = data.draw(words_for(game))
    words = data.draw(st.lists(words_for(game), min_size=1, max_size=15))
    secret = data.draw(words_for(game))
    for reply in (game.feedback(guess, secret), data.draw(st.integers(0, game.n_replies - 1))):
        allowed = game.hard_mode_allowed(guess, reply, words)
        assert allowed.tolist() == [game.hard_mode_problem(guess, reply, w) is None for w in words]


def test_sutom_share_squares_mean_what_sutom_means():
    sutom, wordle = get_game("sutom", length=5), get_game("wordle")
    assert sutom.format_reply(sutom.parse_reply("🟥🟡🟦🟦🟥")) == "GY..G"
    assert wordle.format_reply(wordle.parse_reply("🟧🟦⬛⬛🟧")) == "GY..G"  # high contrast
