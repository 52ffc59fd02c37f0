"""Nerdle's equations: the fast generator against a brute-force twin, the rules as data, and the
counts against the real game's."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordguess.errors import WordError
from wordguess.games import get_game
from wordguess.games.nerdle import SYMBOLS, equation_problem, equations
from wordguess.lists import game_words


def brute_force(length: int) -> list[str]:
    """Return every string of `length` symbols that equation_problem accepts: the obviously
    correct twin of the generator (every string with one '=' and digits after it is tried)."""
    found = []
    for left in range(1, length - 1):
        for lhs in itertools.product(SYMBOLS[:-1], repeat=left):
            for rhs in itertools.product("0123456789", repeat=length - 1 - left):
                text = "".join(lhs) + "=" + "".join(rhs)
                if equation_problem(text) is None:
                    found.append(text)
    return sorted(found)


def test_generator_equals_brute_force_on_5_symbols():
    assert list(equations(5)) == brute_force(5)


@pytest.mark.slow
def test_generator_equals_brute_force_on_6_symbols():
    assert list(equations(6)) == brute_force(6)


def test_counts_match_the_real_game():
    """17,723: the number of classic equations the game says it chose; mini has 206."""
    assert len(equations(8)) == 17_723
    assert len(equations(6)) == 206


def test_every_generated_equation_is_valid_and_unique():
    words = equations(8)
    assert len(set(words)) == len(words)
    assert all(equation_problem(w) is None for w in words)


# (text, a fragment of why it is not an equation; None: it is one). The real game's own rules
# (one '=', a number alone on the right, standard precedence) and the choices of its answer
# list (no leading zeros, no lone 0 on the left, no unary sign).
RULES = [
    ("10+20=30", None), ("3/2*4=6", None), ("1-9+10=2", None), ("12-3*4=0", None),
    ("9*8-7=65", None), ("100/4=25", None), ("1+2*3=7", None), ("1+2*3=9", "is 7, not 9"),
    ("3+2*5=25", "is 13, not 25"), ("12=12", "needs an operator"), ("1+1=2+0", "one number"),
    ("1+2=03", "leading zeros"), ("01+2=3", "leading zeros in '01'"), ("0+12=12", "lone 0"),
    ("-1+3=2", "sign"), ("1+-1=0", "two operators"), ("4/0*1=0", "lone 0"), ("1+2=3=3", "one '='"),
    ("1+2x3=7", "not in"), ("1+1-2=-0", "one number"), ("7/2=3", "is 7/2, not 3"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "why"), RULES)
def test_equation_rules(text, why):
    problem = equation_problem(text)
    assert problem is None if why is None else why in problem


def test_mini_equations_are_the_six_symbol_ones():
    assert all(len(w) == 6 for w in equations(6))
    assert {"4*7=28", "18/9=2", "10-3=7"} <= set(equations(6))


@given(st.sampled_from(equations(8)), st.sampled_from(equations(8)))
def test_feedback_is_wordle_feedback(guess, secret):
    """Nerdle colours symbols exactly as Wordle colours letters."""
    nerdle = get_game("nerdle")
    assert nerdle.format_reply(nerdle.feedback(guess, secret)) == "".join(
        ".YG"[m] for m in get_game("wordle", length=8).marks(guess, secret))


def test_words_must_be_equations():
    game = get_game("nerdle")
    assert game.check_word("10+20=30") == "10+20=30"
    with pytest.raises(WordError, match="the left side is 30, not 31"):
        game.check_word("10+20=31")
    with pytest.raises(WordError, match="7 symbols, nerdle equations have 8"):
        game.check_word("3/2*4=6")


@pytest.mark.parametrize("length", [4, 9])
def test_unsupported_lengths_are_refused(length):
    with pytest.raises(WordError, match="5 to 8 symbols"):
        get_game("nerdle", length=length)


def test_default_lists_are_the_generated_equations():
    answers, guesses = game_words(get_game("nerdle", length=6))
    assert list(answers) == list(guesses) == list(equations(6))
