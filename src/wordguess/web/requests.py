"""The requests' contract: one model per game and use, in a union discriminated by `game`. Each
member has only the options its game takes, with their ranges (web.options), and its words and
replies as patterns (web.patterns), so a request that does not fit is a 400 before any code runs
and the document says what each game takes. An area names its use (`Use`, `BoardsUse`: a base
model and the fields of the game's words it adds) and makes its union from it.

A game whose options all have defaults (Wordle, Fibble, Mastermind, Nerdle) has two members:
its default setting (the options left out or at their defaults: words and replies of its exact
length and symbols) and its other settings (the broadest patterns over them, and the rules
between its options: a German Wordle has 4 to 8 letters). The discriminator picks the member
from `game` and the options given. A member makes its game when it is checked, so a setting the
document allows is one the game plays."""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Callable
from typing import Annotated, Any, ClassVar, Literal, Union

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    StringConstraints,
    Tag,
    model_validator,
)

from wordguess.games import (
    GAMES,
    MULTI_BOARDS,
    Game,
    MultiBoard,
    game_class,
    get_game,
    get_multiboard,
)
from wordguess.games.base import OptionPrompt
from wordguess.games.languages import LANGUAGES
from wordguess.lists import answer_lists
from wordguess.web import patterns
from wordguess.web.options import (
    MAX_WORD,
    answers_rule,
    every_setting,
    has_prior,
    list_problem,
    made,
    option_rules,
    option_type,
    option_values,
)

MAX_ADDED = 50  # words added to a game's lists by one request
MAX_TURNS = 40  # turns in a history (an adversary's game may run past the usual limit)
MAX_REPLY = 300  # characters of a reply (a multi-board reply holds one per board)
MAX_SHARE = 4000  # characters of a pasted share text
MAX_TOKEN = 1000  # characters of a game token (a game of 40 guesses takes about 300)
MAX_PREVIOUS = 8  # today's daily tokens a page sends with a new game

Token = Annotated[str, StringConstraints(min_length=1, max_length=MAX_TOKEN, pattern=patterns.TOKEN)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @classmethod
    def schema_rules(cls, lies: bool) -> list[dict]:
        """Return the rules between its fields the document states besides the options' (none;
        `lies`: whether the game's host lies)."""
        return []


# --- what a member's words are --------------------------------------------------------------------

class Turn(Strict):
    """A guess and the reply it got, in one of the game's notations (e.g. G.Y.., 🟩⬛🟨⬛⬛)."""

    guess: str
    reply: str


@functools.cache
def turn_model(stem: str, word: str, reply: str) -> type[Turn]:
    """Return the model of a turn of a member's words and replies (one per member's stem: the
    members of one game's setting in every use share it)."""
    return type(f"{stem}Turn", (Turn,), {
        "__module__": __name__, "__doc__": Turn.__doc__,
        "__annotations__": {"guess": Annotated[str, StringConstraints(max_length=MAX_WORD, pattern=word)],
                            "reply": Annotated[str, StringConstraints(max_length=MAX_REPLY, pattern=reply)]}})


@dataclasses.dataclass(frozen=True)
class Words:
    """The patterns of a member's words, replies and share rows, and the name of its turns."""

    word: str
    reply: str
    share: str
    stem: str  # the member's name without its use (Wordle, WordleOptions, Quordle)

    @classmethod
    def of(cls, games: list[Game], stem: str) -> Words:
        return cls(patterns.word_pattern(games), patterns.reply_pattern(games), patterns.share_row(games), stem)

    @classmethod
    def boards(cls, rules: list[MultiBoard], stem: str) -> Words:
        return cls(patterns.word_pattern([r.board for r in rules]), patterns.board_reply(rules),
                   patterns.board_share_row(rules), stem)

    def word_type(self) -> Any:
        return Annotated[str, StringConstraints(max_length=MAX_WORD, pattern=self.word)]

    def share_type(self) -> Any:
        return Annotated[str, StringConstraints(min_length=1, max_length=MAX_SHARE, pattern=self.share)]

    def turn_type(self) -> type[Turn]:
        return turn_model(self.stem, self.word, self.reply)


# --- the members of one board's requests ----------------------------------------------------------

class Member(Strict):
    """A request about one game: its options (`option_names`), checked by making the game."""

    rules: ClassVar[type[Game]]  # the game's class
    option_names: ClassVar[tuple[str, ...]] = ()
    pinned: ClassVar[dict[str, object]] = {}  # a default member's options: each left out or at its default
    has_answers: ClassVar[bool] = False  # whether it names an answer list (`answers`)
    lies: ClassVar[bool] = False  # whether its game's host lies (Fibble)

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """Return what `game` takes for this member: the game's name and aliases."""
        return (cls.rules.name, *cls.rules.aliases)

    def options(self) -> dict:
        """Return the game's options (those left out at their defaults), as get_game takes them."""
        return {k: v for k in self.option_names if (v := getattr(self, k)) is not None}

    def game_rules(self) -> Game:
        """Return the game of this setting."""
        return get_game(self.rules.name, **self.options())

    def chosen_answers(self) -> str | None:
        """Return the answer list named (None: the game's default)."""
        name = self.answers if self.has_answers else None  # type: ignore[attr-defined]
        return None if name == self.game_rules().default_answers else name

    @model_validator(mode="after")
    def plays(self) -> Member:
        game = made(self.rules, self.options())
        if isinstance(game, str):
            raise ValueError(game)
        if self.has_answers and self.answers is not None:  # type: ignore[attr-defined]
            problem = list_problem(game, self.answers, self.world)  # type: ignore[attr-defined]
            if problem:
                raise ValueError(problem)
        return self


@dataclasses.dataclass(frozen=True)
class Use:
    """A kind of request about one board: its base model, the fields of the game's words it adds,
    how it takes an option without a default, its worlds and whether it names an answer list."""

    name: str  # the members' prefix (Assist, Share, PlayNew, Analyze)
    base: type[Member]
    fields: Callable[[Words], dict[str, tuple[Any, Any]]]  # the game's words: {name: (type, Field)}
    options: Literal["required", "hosted", "optional"]  # an option without a default: needed, the host's, or left out
    worlds: tuple[str, ...]  # the first the default
    answers: bool = True  # whether the request names an answer list
    tiles_only: bool = False  # only the games whose reply is one mark per letter

    def members(self) -> list[type[Member]]:
        """Return the use's members: for each game, its default setting and its other settings,
        or one member when an option has no default here (Sutom's) or the game has none."""
        out = []
        for cls in GAMES.values():
            if self.tiles_only and not cls.per_letter_marks:
                continue
            defaults = {p.option: option_default(p, self) for p in cls.asked_options}
            if defaults and all(v is not None and v is not ... for v in defaults.values()):
                out += [member(self, cls, pinned=defaults), member(self, cls, excluded=defaults)]
            else:
                out.append(member(self, cls))
        return out

    def request(self) -> Any:
        """Return the request: the union of the use's members."""
        return union(self.members())


def option_default(prompt: OptionPrompt, use: Use) -> object:
    """Return an option's default in a use (... when it must be given)."""
    if prompt.default is not None:
        return prompt.default
    if use.options == "hosted" and prompt.hosted is not None:
        return prompt.hosted
    return ... if use.options == "required" else None


def member(use: Use, cls: type[Game], pinned: dict | None = None, excluded: dict | None = None) -> type[Member]:
    """Return a game's member of a use: its default setting (the options `pinned`), or its other
    settings (`excluded`: the default member's), or its only one."""
    names = (cls.name, *cls.aliases)
    stem = cls.__name__ + ("Options" if excluded else "")
    if pinned:
        found = [(pinned, get_game(cls.name, **pinned))]
    else:  # the default setting is the default member's
        found = [(setting, game) for setting, game in every_setting(cls) if setting != excluded]
    games = [game for _, game in found]
    words = Words.of(games, stem)
    worlds = tuple(w for w in use.worlds if has_prior(cls()) or w != "open")
    fields: dict[str, tuple[Any, Any]] = {
        "game": (Literal[names], Field()),  # type: ignore[valid-type]
        "mode": (Literal["normal", "hard"] if cls.has_hard_mode else Literal["normal"], Field("normal")),
        "world": (Literal[worlds], Field(worlds[0])),  # type: ignore[valid-type]
    }
    for prompt in cls.asked_options:
        if pinned:
            fields[prompt.option] = (Literal[pinned[prompt.option]], Field(pinned[prompt.option]))
        else:
            default = option_default(prompt, use)
            kind = option_type(cls, prompt)
            fields[prompt.option] = (kind if default is not None else kind | None, Field(default))
    rules = [] if pinned or not cls.asked_options else option_rules(cls)
    # the lists of one setting (a game's other settings play their own list: Wordle's one per
    # language and length, Mastermind's and Nerdle's generated ones)
    if use.answers and len(games) == 1:
        # given or left out (the game's own), never null: the document's rule tells them apart by presence
        fields["answers"] = (Literal[answer_lists(games[0])], Field(None, description=(  # type: ignore[valid-type]
            "The list the secrets come from (left out: the game's own; GET /api/games gives each game's); another "
            "than the game's own only in the closed world.")))
        rules += answers_rule(games[0])
    fields.update(use.fields(words))
    rules += use.base.schema_rules(cls.lies)
    if excluded:  # an option given at another value than its default (the default member has those)
        rules.append({"anyOf": [{"properties": {p.option: {"enum": [v for v in option_values(cls, p) if v != excluded[p.option]]}},
                                 "required": [p.option]} for p in cls.asked_options]})
    setting = (f"at its default setting ({', '.join(f'{k} {v}' for k, v in pinned.items())})" if pinned
               else "at any other setting" if excluded else "")
    return model(use.base, f"{use.name}{stem}", " ".join(f"{use.name}: {cls.title} ({', '.join(names)}) {setting}".split())
                 + ".", fields, rules, rules=cls, option_names=tuple(p.option for p in cls.asked_options),
                 pinned=pinned or {}, has_answers="answers" in fields, lies=cls.lies)


def model(base: type, name: str, doc: str, fields: dict[str, tuple[Any, Any]], schema: list[dict],
          **attributes) -> Any:
    """Return the model `name` over `base`: its fields ({name: (type, Field)}), the rules between
    them the document states (`schema`: its allOf) and its class attributes."""
    return type(name, (base,), {
        "__module__": __name__, "__doc__": doc, "__annotations__": {k: kind for k, (kind, _) in fields.items()},
        **{k: info for k, (_, info) in fields.items()},
        "model_config": ConfigDict(extra="forbid", title=name, json_schema_extra={"allOf": schema} if schema else None),
        **attributes})



# --- the members of several boards' requests ------------------------------------------------------

class BoardsMember(Strict):
    """A request about a multi-board game (its boards in `language` when its game takes one)."""

    multiboard: ClassVar[str]  # the multi-board game's name
    pinned: ClassVar[dict[str, object]] = {}

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return (cls.multiboard,)

    def options(self) -> dict:
        """Return the multi-board game's options: its boards' language, when another than English."""
        language = self.language  # type: ignore[attr-defined]
        return {"language": language} if language not in (None, "en") else {}

    def board_rules(self) -> MultiBoard:
        return get_multiboard(self.multiboard, **self.options())


@dataclasses.dataclass(frozen=True)
class BoardsUse:
    """A kind of request about several boards (as Use, for the multi-board games)."""

    name: str
    base: type[BoardsMember]
    fields: Callable[[Words, MultiBoard], dict[str, tuple[Any, Any]]]
    worlds: tuple[str, ...] = ("open", "closed")

    def members(self) -> list[type[BoardsMember]]:
        """Return the use's members: for each multi-board game, its boards in English (the
        language left out) and in another language, or one member when its game has no
        languages (Termo's)."""
        out = []
        for name, (single, _, _) in MULTI_BOARDS.items():
            if any(p.option == "language" for p in game_class(single).asked_options):
                out += [board_member(self, name, "en"), board_member(self, name, None)]
            else:
                out.append(board_member(self, name, ""))
        return out

    def request(self) -> Any:
        """Return the request: the union of the use's members."""
        return union(self.members())


def board_member(use: BoardsUse, name: str, language: str | None) -> type[BoardsMember]:
    """Return a multi-board game's member: in English (`language` "en": left out, null or en), in
    another language (None: it is given), or without a language ("")."""
    codes = [c for c in LANGUAGES if c != "en"] if language is None else [language or "en"]
    rules = [get_multiboard(name, **({"language": c} if language != "" else {})) for c in codes]
    stem = name.capitalize() + ("Language" if language is None else "")
    words = Words.boards(rules, stem)
    fields: dict[str, tuple[Any, Any]] = {
        "game": (Literal[name], Field()),
        "world": (Literal[use.worlds], Field(use.worlds[0])),  # type: ignore[valid-type]
        **use.fields(words, rules[0]),
    }
    if language == "en":
        fields["language"] = (Literal["en"] | None, Field(None))
    elif language is None:
        fields["language"] = (Literal[tuple(codes)], Field())  # type: ignore[valid-type]
    else:
        fields["language"] = (ClassVar[None], None)  # boards of a game in its own language (Termo's)
    where = {"en": " in English", None: " in another language", "": ""}[language]
    return model(use.base, f"{use.name}{stem}", f"{use.name}: {name} ({rules[0].n_boards} boards of "
                 f"{rules[0].board.title}){where}.", fields, use.base.schema_rules(False), multiboard=name,
                 pinned={"language": "en"} if language == "en" else {})


# --- the unions -----------------------------------------------------------------------------------

def union(options: list[type[Member]] | list[type[BoardsMember]]) -> Any:
    """Return the union of the members, discriminated by `game` and, between a game's default
    member and its other one, by the options given. A body that names no game is checked as the
    first member (its refusal says what a request is: game, Field required)."""
    by_name: dict[str, list[type[BaseModel]]] = {}
    for model in options:
        for name in model.names():
            by_name.setdefault(name, []).append(model)

    def tag(value: Any) -> str | None:
        if not isinstance(value, dict) or "game" not in value:
            return options[0].__name__
        found = by_name.get(value["game"]) if isinstance(value["game"], str) else None
        if not found:
            return None
        for model in found:
            pinned = model.pinned  # type: ignore[attr-defined]
            if not pinned or all(value.get(k) is None or value.get(k) == v for k, v in pinned.items()):
                return model.__name__
        return found[-1].__name__

    message = f"unknown game; the games here: {', '.join(by_name)}"
    return Annotated[Union[tuple(Annotated[m, Tag(m.__name__)] for m in options)],  # type: ignore[valid-type]  # noqa: UP007
                     Discriminator(tag, custom_error_type="unknown_game", custom_error_message=message)]


def union_members(request: Any) -> list[type[BaseModel]]:
    """Return the members of a request union."""
    return [typing.get_args(tagged)[0] for tagged in typing.get_args(typing.get_args(request)[0])]
