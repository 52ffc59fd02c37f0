"""What a puzzle is set up with besides its rules: the modes and the worlds, checked by name,
and the words a player gives as a list (a name or a file)."""

from __future__ import annotations

from wordguess.errors import WordError, unknown_name
from wordguess.games import Game
from wordguess.lists import WordList, load_words

MODES = {
    "normal": "any allowed guess",
    "hard": "the real hard mode: green letters stay in place, revealed letters are used again",
    "strict": "only guesses consistent with every reply so far",
}


WORLDS = {
    "closed": "the secret is one of the answer list, every one alike (the published figures)",
    "open": "any allowed word may be the secret, weighted by how common it is (today's puzzles)",
}


def check_choice(kind: str, value: str, choices: dict[str, str]) -> str:
    """Return `value` if it is one of `choices`, else raise an error listing them."""
    if value not in choices:
        raise unknown_name(kind, value, choices)
    return value


def check_mode(mode: str) -> str:
    """Return `mode` if it is a known mode (MODES), else raise an error listing the modes."""
    return check_choice("mode", mode, MODES)


def check_world(world: str) -> str:
    """Return `world` if it is open or closed (WORLDS), else raise an error listing them."""
    return check_choice("world", world, WORLDS)


def given_words(source: str, game: Game, what: str) -> WordList:
    """Return the words of a list the player gives (a name or a file) for `game`, or raise
    WordError naming the first word the game cannot play (`what` says which list it is)."""
    words = load_words(source, game)
    if words.rejected:
        word, why = words.rejected[0]
        raise WordError(f"{what}: {word!r} is not a valid {game.name} {game.word_noun}: {why}")
    return words
