"""The game picker: every registered game, single and multi-board, with its options, its
answer lists and the bounds the requests' document gives them."""

from __future__ import annotations

from fastapi import APIRouter

from wordguess.games import GAMES, MULTI_BOARDS, Game, game_class, get_game
from wordguess.games.languages import LANGUAGES as WORDLE_LANGUAGES
from wordguess.lists import answer_lists, language_of, list_description
from wordguess.web.common import Answer
from wordguess.web.options import has_prior, option_span

router = APIRouter(tags=["games"])


class ChoiceInfo(Answer):
    """One value an option takes."""

    value: str
    """What the request field takes (de)."""
    label: str
    """What the picker shows (Deutsch)."""
    keyboard: list[str] | None = None
    """The keyboard's rows of keys with this value (a language's own), or null."""


class OptionInfo(Answer):
    """An option a game asks for."""

    option: str
    """The request field that sets it (length, first, pegs, colours)."""
    question: str
    """What it asks, as the picker labels it."""
    default: int | str | None
    """The game's default, or null when it must be given (Sutom's length in the assistant)."""
    hosted: int | str | None
    """The value a hosted game takes when it is not given."""
    kind: str
    """Its type: int or str."""
    choices: list[ChoiceInfo] | None = None
    """The values it takes, when they are few (Wordle's languages); null: any of its type."""
    least: int | None = None
    """The smallest whole number it takes (Sutom's length: 2), or null."""
    most: int | None = None
    """The largest whole number it takes (Mastermind's colours: 9), or null."""


class AnswerListInfo(Answer):
    """A registered list a game's secrets may be drawn from."""

    name: str
    """The list's registry name (what `answers` takes)."""
    description: str
    """What the list holds."""
    lengths: list[int] | None
    """The word lengths (the game's length option) it fits; null: whatever the options give."""


class GameInfo(Answer):
    """A registered game as the picker shows it."""

    name: str
    """Its registry name (what `game` takes)."""
    title: str
    """Its title."""
    language: str | None
    """The language of its words, as its speakers write it; null for codes and equations."""
    multiboard: bool
    """Whether it is played on several boards (the /api/boards routes)."""
    boards: int | None = None
    """The number of boards of a multi-board game (null for a single board)."""
    board: str | None = None
    """The single-board game each board plays (null for a single board)."""
    aliases: list[str]
    """Other names `game` takes for it."""
    max_guesses: int
    """The real game's limit of guesses."""
    hard_mode: bool
    """Whether it has a hard mode."""
    worlds: bool
    """Whether it has an open world (a prior weighing every allowed word) besides the closed one."""
    tiles: bool
    """Whether its reply is one mark per letter (tiles and a coloured keyboard)."""
    length: int | None
    """The length of its words, or null when an option sets it."""
    alphabet: str | None
    """The symbols of its words (the keyboard), or null when not fixed."""
    keyboard: list[str] | None = None
    """The keyboard's rows of keys, as its players know them (null: the alphabet in one row)."""
    options: list[OptionInfo]
    """The options it asks for."""
    replies: str
    """The notations its replies may be written in."""
    answer_lists: list[AnswerListInfo]
    """The answer lists of each length, its default first (none for a multi-board game): `answers`
    names one at the game's default setting; another setting of a game whose options change its
    words plays its own list."""


@router.get("/games", response_model=list[GameInfo], summary="Every registered game, single and multi-board, with its options")
def games() -> list[dict]:
    return games_catalogue()


# The language of each game's words, as its speakers write it (the picker shows it).
LANGUAGES = {"wordle": "English", "termo": "Português (Brasil)", "sutom": "Français"}


def games_catalogue() -> list[dict]:
    """Return every registered game (single and multi-board) as the game picker shows it."""
    out = []
    for name, cls in GAMES.items():
        game = cls()
        out.append({"name": name, "title": cls.title, "language": LANGUAGES.get(name), "multiboard": False,
                    "aliases": list(cls.aliases), "max_guesses": cls.max_guesses,
                    "hard_mode": cls.has_hard_mode, "tiles": cls.per_letter_marks,
                    "worlds": has_prior(game),
                    "length": game.length, "alphabet": game.alphabet if game.length or cls.per_letter_marks else None,
                    "keyboard": list(game.keyboard()),
                    "options": options_json(cls),
                    "answer_lists": answer_list_choices(cls),
                    "replies": game.reply_notations})
    for name, (single, boards, limit) in MULTI_BOARDS.items():
        board = game_class(single)
        out.append({"name": name, "title": f"{name.capitalize()} ({boards} × {board.title})",
                    "language": LANGUAGES.get(single), "multiboard": True, "boards": boards, "board": single,
                    "aliases": [], "max_guesses": limit, "hard_mode": False, "tiles": True, "worlds": True,
                    "length": board().length, "alphabet": board().alphabet, "keyboard": list(board().keyboard()),
                    "options": [o for o in options_json(board) if o["option"] == "language"], "answer_lists": [],
                    "replies": "one reply per unsolved board, separated by spaces; - for a board solved before"})
    return out


def options_json(cls: type[Game]) -> list[dict]:
    """Return the options a game asks for, as the picker offers them: Wordle's language with
    its choices, each with its keyboard."""
    languages = [{"value": code, "label": f"{language.name} ({code})", "keyboard": list(language.keyboard)}
                 for code, language in WORDLE_LANGUAGES.items()]
    out = []
    for p in cls.asked_options:
        span = option_span(cls, p.option)  # as the requests' document has it
        out.append({"option": p.option, "question": p.question, "default": p.default, "hosted": p.hosted,
                    "kind": p.kind.__name__, "choices": languages if p.option == "language" else None,
                    "least": None if span is None else span.start, "most": None if span is None else span.stop - 1})
    return out


def answer_list_choices(cls: type[Game]) -> list[dict]:
    """Return the answer lists a game accepts (see lists.answer_lists), each with the word lengths
    it fits (null: whatever the options give), over every length the game's length option allows."""
    game = cls()
    if language_of(game.default_answers) is None:  # generated codes: the options make them, no other list
        return [{"name": game.default_answers, "description": list_description(game.default_answers), "lengths": None}]
    variable = any(p.option == "length" for p in cls.asked_options) and getattr(game, "lengths", None)
    variants = [get_game(cls.name, length=n) for n in game.lengths] if variable else [game]
    lengths: dict[str, list[int]] = {}
    for rules in variants:
        for name in answer_lists(rules):
            lengths.setdefault(name, []).append(rules.length)
    names = sorted(lengths, key=lambda name: name != game.default_answers)  # the default first
    return [{"name": name, "description": list_description(name),
             "lengths": None if None in lengths[name] else sorted(lengths[name])} for name in names]
