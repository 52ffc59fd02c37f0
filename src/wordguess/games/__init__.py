"""The registry of games, found by name or alias."""

from __future__ import annotations

import dataclasses

from wordguess.errors import WordguessError, unknown_name
from wordguess.games.base import Game, OptionPrompt
from wordguess.games.bulls import Bulls, Jotto2
from wordguess.games.counting import Jotto, Matches
from wordguess.games.fibble import Fibble
from wordguess.games.mastermind import Mastermind
from wordguess.games.multiboard import MULTI_BOARDS, MultiBoard
from wordguess.games.nerdle import Nerdle
from wordguess.games.wordle import Sutom, Termo, Wordle

GAMES: dict[str, type[Game]] = {cls.name: cls for cls in (Wordle, Termo, Sutom, Jotto, Jotto2, Matches, Mastermind, Bulls,
                                                              Nerdle, Fibble)}
ALIASES: dict[str, str] = {alias: cls.name for cls in GAMES.values() for alias in cls.aliases}


def game_class(name: str) -> type[Game]:
    """Return the game class registered under `name` or one of its aliases."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in GAMES:  # (get_game takes the multi-board games too: named among the choices)
        raise unknown_name("game", name, [*GAMES, *MULTI_BOARDS, "multiboard"])
    return GAMES[key]


def is_multiboard(name: str) -> bool:
    """Return whether `name` is a multi-board game (quordle, dueto, multiboard, ...)."""
    return name.strip().lower() in MULTI_BOARDS or name.strip().lower() == "multiboard"


def get_multiboard(name: str, boards: int | None = None, max_guesses: int | None = None,
                   board: str | None = None, **options) -> MultiBoard:
    """Return a multi-board game: a named one (quordle: 4 boards of Wordle, 9 guesses), or
    `multiboard` with `boards` and `max_guesses` (default: boards + 5) on `board` (default wordle)."""
    key = name.strip().lower()
    if key == "multiboard":
        if boards is None:
            raise WordguessError("multiboard needs --boards N (and optionally --max-guesses K)")
        single, count, limit = board or "wordle", boards, max_guesses if max_guesses is not None else boards + 5
    else:
        single, count, limit = MULTI_BOARDS[key]
        count = count if boards is None else boards
        limit = limit if max_guesses is None else max_guesses
    return MultiBoard(get_game(single, **options), count, limit, key)


def get_game(name: str = "wordle", **options) -> Game | MultiBoard:
    """Return the game `name` with its options, e.g. get_game('mastermind', pegs=5, colours=8),
    or a multi-board game, get_game('quordle') (see get_multiboard). Option aliases (the game's
    `option_aliases`): `length` for word length, `colors` for colours, Bulls and Cows' `length`
    or `pegs` for digits and `colours` for symbols."""
    if is_multiboard(name):
        return get_multiboard(name, **options)
    cls = game_class(name)
    fields = {f.name for f in dataclasses.fields(cls)}
    for field in set(cls.option_aliases.values()):
        given = {name: options.pop(name) for name in list(options) if name == field or cls.option_aliases.get(name) == field}
        if len(set(given.values())) > 1:
            raise WordguessError(f"{cls.name}: {' and '.join(f'{n} {v}' for n, v in given.items())} each set its {field}: "
                                 "give one of them")
        if given:
            options[field] = next(iter(given.values()))
    unknown = set(options) - fields
    if unknown:  # (a field whose name no flag has, word_length, by its alias alone)
        named = {f for f in fields if "_" not in f or f not in cls.option_aliases.values()}
        accepted = ", ".join(sorted(set(cls.option_aliases) | named)) or "none"
        raise WordguessError(f"{cls.name} has no option {', '.join(sorted(unknown))}; its options: {accepted}")
    return cls(**options)


__all__ = ["GAMES", "MULTI_BOARDS", "MultiBoard", "get_multiboard", "is_multiboard", "Bulls", "Fibble", "Game", "OptionPrompt",
           "Jotto", "Jotto2", "Mastermind", "Matches", "Nerdle", "Sutom", "Termo", "Wordle", "game_class", "get_game"]
