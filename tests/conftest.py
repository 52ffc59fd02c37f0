"""Shared test helpers: game fixtures and hypothesis strategies for words rich in repeats."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings
from hypothesis import strategies as st

from wordguess.games import GAMES, Game, get_game

os.environ.setdefault("WORDGUESS_NO_CACHE", "1")  # tests never touch the user's cache folder
settings.register_profile("default", deadline=None, max_examples=150)
settings.load_profile("default")

# One instance of every registered game, sized so words can be drawn for it.
GAME_INSTANCES = {
    "wordle": get_game("wordle"),
    "termo": get_game("termo"),
    "sutom": get_game("sutom", length=7),
    "jotto": get_game("jotto"),
    "matches": get_game("matches", length=6),
    "mastermind": get_game("mastermind"),
    "mastermind-5x8": get_game("mastermind", pegs=5, colours=8),
}
assert {g.name for g in GAME_INSTANCES.values()} == set(GAMES), "every registered game is tested"


@pytest.fixture(params=sorted(GAME_INSTANCES), scope="session")
def game(request) -> Game:
    return GAME_INSTANCES[request.param]


def words_for(game: Game, few_letters: bool = True) -> st.SearchStrategy[str]:
    """Return a strategy of valid words; with few_letters, from a small alphabet so repeated
    letters (the hard cases of duplicate handling) are common."""
    alphabet = game.alphabet
    if few_letters and len(alphabet) > 6 and game.name != "jotto":
        alphabet = alphabet[:2] + alphabet[4:6] + alphabet[-1]
    if game.name == "jotto":
        return st.permutations(list(alphabet[:8])).map(lambda p: "".join(p[: game.length]))
    return st.text(alphabet, min_size=game.length, max_size=game.length)
