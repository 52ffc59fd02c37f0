"""A game's options as the API's document states them: the values each takes (a number's
range, Wordle's languages), the games they make, the answer lists a setting takes, and the rules
between options the document says (Wordle's lengths per language, Mastermind's codes). Each is
found by making the games, so a setting the document allows is one the game plays."""

from __future__ import annotations

import itertools
from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints

from wordguess.engine.puzzle import PuzzleSpec
from wordguess.errors import WordguessError
from wordguess.games import Game, get_game
from wordguess.games.base import OptionPrompt
from wordguess.games.languages import LANGUAGES
from wordguess.games.mastermind import COLOURS, MAX_CODES, PEGS, Mastermind
from wordguess.lists import answer_lists, bundled_lengths
from wordguess.web import patterns

MAX_WORD = 24  # characters of a guess

# The most replies of a game whose host lies: its tables of each reply's lies are made on its first
# request (Fibble's 3^9 replies of 9 letters take seconds, 3^11 half a minute).
LYING_REPLIES = 10_000
LanguageCode = Literal[tuple(LANGUAGES)]  # type: ignore[valid-type]  # Wordle's languages (games/languages.py)


def option_span(cls: type[Game], option: str) -> range | None:
    """Return the whole numbers an option takes here: the game's own range (option_range), a
    length no longer than the API's longest word and, for a game of any length, one of its list's
    (Sutom: 4 to 12), for a game whose host lies one of at most LYING_REPLIES replies (Fibble: 4
    to 8); None for an option that is not a number."""
    span = cls.option_range(option)
    if span is None:
        return None
    low, high = span.start, span.stop - 1
    if option == "length":
        high = min(high, MAX_WORD)
        listed = bundled_lengths(cls().default_answers) if cls().length is None else None
        if listed:
            low, high = max(low, min(listed)), min(high, max(listed))
        if cls.lies:
            high = max(n for n in range(low, high + 1) if get_game(cls.name, length=n).n_replies <= LYING_REPLIES)
    return range(low, high + 1)


def option_type(cls: type[Game], prompt: OptionPrompt) -> Any:
    """Return the type of an option's field: a language one of Wordle's, a letter one symbol
    the game's words are typed with (Sutom's first), a number within option_span."""
    if prompt.option == "language":
        return LanguageCode
    span = option_span(cls, prompt.option)
    if span is None:
        return Annotated[str, StringConstraints(pattern=f"^{patterns.char_class(patterns.typed_symbols(cls()))}$")]
    return Annotated[int, Field(ge=span.start, le=span.stop - 1)]


def option_values(cls: type[Game], prompt: OptionPrompt) -> list:
    """Return the values of an option that change a game's words (its lengths, languages, pegs,
    colours); [None] for one that does not (Sutom's first letter)."""
    if prompt.option == "language":
        return list(LANGUAGES)
    span = option_span(cls, prompt.option)
    return [None] if span is None else list(span)


def too_many_codes(options: dict) -> str | None:
    """Return why Mastermind's pegs and colours make more codes than the game generates, or None."""
    pegs, colours = options.get("pegs", Mastermind.pegs), options.get("colours", Mastermind.colours)
    if colours**pegs <= MAX_CODES:
        return None
    return f"Mastermind with {pegs} pegs and {colours} colours has {colours**pegs:,} codes; at most {MAX_CODES:,} are supported"


def codes_rules() -> list[dict]:
    """Return too_many_codes as the document says it: the most colours each number of pegs takes."""
    most = {p: max(c for c in COLOURS if c**p <= MAX_CODES) for p in PEGS}
    rules = []
    for colours, group in itertools.groupby(PEGS, key=most.get):
        pegs = list(group)
        if colours < COLOURS.stop - 1:
            rules.append({"if": {"properties": {"pegs": {"minimum": pegs[0], "maximum": pegs[-1]}}, "required": ["pegs"]},
                          "then": {"properties": {"colours": {"maximum": colours}},
                                   **({"required": ["colours"]} if Mastermind.colours > colours else {})}})
    return rules


def made(cls: type[Game], options: dict) -> Game | str:
    """Return the game of a setting, or why it refuses the setting."""
    if cls is Mastermind and (problem := too_many_codes(options)):
        return problem
    try:
        return get_game(cls.name, **options)
    except WordguessError as exc:
        return str(exc)


def every_setting(cls: type[Game]) -> list[tuple[dict, Game]]:
    """Return every setting of the options that change a game's words, with its game."""
    prompts = cls.asked_options
    found = []
    for values in itertools.product(*(option_values(cls, p) for p in prompts)):
        setting = {p.option: v for p, v in zip(prompts, values, strict=True) if v is not None}
        if isinstance(game := made(cls, setting), Game):
            found.append((setting, game))
    return found


def has_prior(game: Game) -> bool:
    """Return whether a game has an open world (a prior weighing every allowed word)."""
    return PuzzleSpec(game).prior_table() is not None


def list_problem(game: Game, name: str, world: str) -> str | None:
    """Return why a game does not take an answer list (one of lists.answer_lists, another than
    its default only in the closed world of a game with a prior), or None."""
    lists = answer_lists(game)
    if name not in lists:
        return f"{name!r} is not an answer list of {game.name} here; the lists that fit: {', '.join(lists)}"
    if name != game.default_answers and world == "open" and has_prior(game):
        return ("an answer list is for the closed world: in the open world every allowed word may be the secret, "
                "weighted by how common it is")
    return None


def answers_rule(game: Game) -> list[dict]:
    """Return list_problem's world as the document says it: a list other than the game's own
    only in the closed world, for a game with a prior."""
    if not has_prior(game) or len(answer_lists(game)) == 1:
        return []
    return [{"anyOf": [{"not": {"required": ["answers"]}}, {"properties": {"answers": {"const": game.default_answers}}},
                       {"properties": {"world": {"const": "closed"}}, "required": ["world"]}]}]


def option_rules(cls: type[Game]) -> list[dict]:
    """Return the rules between a game's options as the document says them, found by making
    every game: the values a number option takes in each language (Wordle's lengths), and
    Mastermind's codes."""
    prompts = cls.asked_options
    rules = codes_rules() if cls is Mastermind else []
    languages = [p for p in prompts if p.option == "language"]
    numbers = [p for p in prompts if option_span(cls, p.option) is not None]
    for language, number in itertools.product(languages, numbers):
        every = option_values(cls, number)
        fits: dict[tuple, list] = {}
        for code in option_values(cls, language):
            fit = tuple(n for n in every if isinstance(made(cls, {language.option: code, number.option: n}), Game))
            fits.setdefault(fit, []).append(code)
        rules += [{"if": {"properties": {language.option: {"enum": codes}}, "required": [language.option]},
                   "then": {"properties": {number.option: {"enum": list(fit)}}}}
                  for fit, codes in fits.items() if list(fit) != every]
    return rules
