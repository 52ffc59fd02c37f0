"""The registry of games, found by name or alias."""

from __future__ import annotations

import dataclasses

from wordguess.errors import WordguessError, unknown_name
from wordguess.games.base import Game, OptionPrompt
from wordguess.games.counting import Jotto, Matches
from wordguess.games.mastermind import Mastermind
from wordguess.games.wordle import Sutom, Termo, Wordle

GAMES: dict[str, type[Game]] = {cls.name: cls for cls in (Wordle, Termo, Sutom, Jotto, Matches, Mastermind)}
ALIASES: dict[str, str] = {alias: cls.name for cls in GAMES.values() for alias in cls.aliases}


def game_class(name: str) -> type[Game]:
    """Return the game class registered under `name` or one of its aliases."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in GAMES:
        raise unknown_name("game", name, GAMES)
    return GAMES[key]


def get_game(name: str = "wordle", **options) -> Game:
    """Return the game `name` with its options, e.g. get_game('mastermind', pegs=5, colours=8).
    Option aliases: `length` for word length, `colors` for colours."""
    cls = game_class(name)
    fields = {f.name for f in dataclasses.fields(cls)}
    if "length" in options and "word_length" in fields:
        options["word_length"] = options.pop("length")
    if "colors" in options:
        options["colours"] = options.pop("colors")
    unknown = set(options) - fields
    if unknown:
        accepted = ", ".join(sorted(fields | ({"length"} if "word_length" in fields else set()))) or "none"
        raise WordguessError(f"{cls.name} has no option {', '.join(sorted(unknown))}; its options: {accepted}")
    return cls(**options)


__all__ = ["GAMES", "Game", "OptionPrompt", "Jotto", "Mastermind", "Matches", "Sutom", "Termo", "Wordle", "game_class", "get_game"]
