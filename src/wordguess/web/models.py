"""The API's contract for requests: one model per game and use, in a union discriminated by
`game`. Each member has only the options its game takes, with their ranges, and its words and
replies as patterns (web.patterns), so a request that does not fit is a 400 before any code runs
and the document says what each game takes. The answers' shapes are web.responses'.

A game whose options all have defaults (Wordle, Fibble, Mastermind, Nerdle) has two members:
its default setting (the options left out or at their defaults: words and replies of its exact
length and symbols) and its other settings (the broadest patterns over them, and the rules
between its options: a German Wordle has 4 to 8 letters). The discriminator picks the member
from `game` and the options given. A member makes its game when it is checked, so a setting the
document allows is one the game plays."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import typing
from collections.abc import Callable
from typing import Annotated, Any, ClassVar, Literal, Union

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    StrictBool,
    StringConstraints,
    Tag,
    model_validator,
)

from wordguess.engine.puzzle import PuzzleSpec
from wordguess.errors import WordguessError
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
from wordguess.games.mastermind import COLOURS, MAX_CODES, PEGS, Mastermind
from wordguess.lists import answer_lists, bundled_lengths
from wordguess.web import patterns

MAX_ADDED = 50  # words added to a game's lists by one request
MAX_TURNS = 40  # turns in a history (an adversary's game may run past the usual limit)
MAX_WORD = 24  # characters of a guess
MAX_REPLY = 300  # characters of a reply (a multi-board reply holds one per board)
MAX_SHARE = 4000  # characters of a pasted share text
MAX_TOKEN = 1000  # characters of a game token (a game of 40 guesses takes about 300)
MAX_PREVIOUS = 8  # today's daily tokens a page sends with a new game
# The most replies of a game whose host lies: its tables of each reply's lies are made on its first
# request (Fibble's 3^9 replies of 9 letters take seconds, 3^11 half a minute).
LYING_REPLIES = 10_000

Token = Annotated[str, StringConstraints(min_length=1, max_length=MAX_TOKEN, pattern=patterns.TOKEN)]
LanguageCode = Literal[tuple(LANGUAGES)]  # type: ignore[valid-type]  # Wordle's languages (games/languages.py)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


# --- a game's options -----------------------------------------------------------------------------

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


def every_game(cls: type[Game]) -> list[Game]:
    """Return the game at every setting of the options that change its words."""
    return [game for _, game in every_setting(cls)]


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


class AssistBase(Member):
    count: int = Field(5, ge=1, le=10, description="The suggestions wanted.")

    def start_key(self) -> tuple | None:
        """Return what names the answer to this request when it asks the start of a game (no
        turn, no word added; state.Starts keeps those), else None."""
        if self.turns or self.add_words:  # type: ignore[attr-defined]
            return None
        return self.game_rules().key, self.mode, self.world, self.chosen_answers(), self.count  # type: ignore[attr-defined]


DAY = Field(None, description="A daily's day (ISO date): the player's date (the server takes its own or a day "
                             "either side, else 409); none: the server's date. With `practice`, any past day.")
# A date as ISO text (not a number of seconds, which a lax date would take); a day no calendar has
# (2024-02-31) is the game's refusal, 409, as a day that is not open.
IsoDate = Annotated[str, StringConstraints(pattern=r"^\d{4}-\d{2}-\d{2}$")]
PRACTICE = Field(False, description="A past day's daily played as practice: any day up to today, no attempt checked.")


class PlayNewBase(Member):
    host: Literal["random", "daily", "evil", "absurdle"] = "random"
    # The page's tokens of today's daily games: one of this daily that is over refuses a new one
    # (one attempt a day, 409); one still being played is resumed.
    previous: list[Token] = Field(default_factory=list, max_length=MAX_PREVIOUS)
    day: IsoDate | None = DAY
    practice: StrictBool = PRACTICE


def one_way(secret: str, ways: tuple[str, ...] = ("turns", "share", "secret")) -> dict:
    """Return the ways an analysis takes a game, as the document says them (check_one_way checks
    the same): the turns; or the guesses with the share text; or the guesses with the `secret`
    field (the secret, or a multi-board game's secrets); `ways` those the game takes."""
    every = {
        "turns": {"required": ["turns"], "properties": {"turns": {"minItems": 1}, "guesses": {"maxItems": 0}},
                  "not": {"anyOf": [{"required": ["share"]}, {"required": [secret]}]}},
        "share": {"required": ["guesses", "share"], "properties": {"guesses": {"minItems": 1}, "turns": {"maxItems": 0}},
                  "not": {"required": [secret]}},
        "secret": {"required": ["guesses", secret], "properties": {"guesses": {"minItems": 1}, "turns": {"maxItems": 0}},
                   "not": {"required": ["share"]}},
    }
    return {"oneOf": [every[way] for way in ways]}


def check_one_way(turns: list, guesses: list, share: str | None, secret: object) -> None:
    """Raise ValueError unless the game is given one way (before any work is queued)."""
    if sum([bool(turns), share is not None, secret is not None]) != 1:
        raise ValueError("give the game one way: the turns (guess and reply), or the guesses with the share "
                         "text, or the guesses with the secret")
    if turns and guesses:
        raise ValueError("the turns hold the guesses already: give no guesses besides them")
    if not turns and not guesses:
        raise ValueError("give the guesses played, in order")


class PlayedGame(Strict):
    """A finished (or unfinished) game, given one way: the turns, or the guesses with the share
    text, or the guesses with the secret (`secret_field`: its secret, or a multi-board game's
    secrets), as one_way says and check_one_way checks before any work is queued. A game whose
    host lies is not known from its secret: the turns or the share text say its replies."""

    secret_field: ClassVar[str] = "secret"
    lies: ClassVar[bool] = False

    @model_validator(mode="after")
    def given_one_way(self) -> PlayedGame:
        secret = getattr(self, self.secret_field)
        check_one_way(self.turns, self.guesses, self.share, secret)  # type: ignore[attr-defined]
        if self.lies and secret is not None:
            raise ValueError("this game's host lies, so the replies shown are not known from the secret: give the "
                             "replies as shown (the turns or the share text)")
        return self


class AnalyzeBase(Member, PlayedGame):
    pass


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


def option_default(prompt: OptionPrompt, use: Use) -> object:
    """Return an option's default in a use (... when it must be given)."""
    if prompt.default is not None:
        return prompt.default
    if use.options == "hosted" and prompt.hosted is not None:
        return prompt.hosted
    return ... if use.options == "required" else None


def members(use: Use) -> list[type[Member]]:
    """Return a use's members: for each game, its default setting and its other settings, or one
    member when an option has no default here (Sutom's) or the game has none."""
    out = []
    for cls in GAMES.values():
        if use.tiles_only and not cls.per_letter_marks:
            continue
        defaults = {p.option: option_default(p, use) for p in cls.asked_options}
        if defaults and all(v is not None and v is not ... for v in defaults.values()):
            out += [member(use, cls, pinned=defaults), member(use, cls, excluded=defaults)]
        else:
            out.append(member(use, cls))
    return out


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
    if issubclass(use.base, PlayedGame):
        rules.append(one_way("secret", ("turns", "share") if cls.lies else ("turns", "share", "secret")))
    if excluded:  # an option given at another value than its default (the default member has those)
        rules.append({"anyOf": [{"properties": {p.option: {"enum": [v for v in option_values(cls, p) if v != excluded[p.option]]}},
                                 "required": [p.option]} for p in cls.asked_options]})
    extra: dict[str, Any] = {"allOf": rules} if rules else {}
    setting = (f"at its default setting ({', '.join(f'{k} {v}' for k, v in pinned.items())})" if pinned
               else "at any other setting" if excluded else "")
    name = f"{use.name}{stem}"
    return type(name, (use.base,), {
        "__module__": __name__, "__doc__": " ".join(f"{use.name}: {cls.title} ({', '.join(names)}) {setting}".split()) + ".",
        "__annotations__": {k: kind for k, (kind, _) in fields.items()}, **{k: info for k, (_, info) in fields.items()},
        "model_config": ConfigDict(extra="forbid", title=name, json_schema_extra=extra or None),
        "rules": cls, "option_names": tuple(p.option for p in cls.asked_options), "pinned": pinned or {},
        "has_answers": "answers" in fields, "lies": cls.lies,
    })


# --- the members of several boards' requests ------------------------------------------------------

class BoardsMember(Strict):
    """A request about a multi-board game (its boards in `language` when its game takes one)."""

    multiboard: ClassVar[str]  # the multi-board game's name
    pinned: ClassVar[dict[str, object]] = {}

    def options(self) -> dict:
        """Return the multi-board game's options: its boards' language, when another than English."""
        language = self.language  # type: ignore[attr-defined]
        return {"language": language} if language not in (None, "en") else {}

    def board_rules(self) -> MultiBoard:
        return get_multiboard(self.multiboard, **self.options())


class BoardsAssistBase(BoardsMember):
    def start_key(self) -> tuple | None:
        """Return what names the answer to this request when it asks the start of a game (as
        AssistBase's), else None."""
        if self.turns or self.add_words:  # type: ignore[attr-defined]
            return None
        return self.multiboard, tuple(self.options().items()), self.world  # type: ignore[attr-defined]


class BoardsPlayNewBase(BoardsMember):
    host: Literal["random", "daily"] = "random"
    previous: list[Token] = Field(default_factory=list, max_length=MAX_PREVIOUS)  # as PlayNew's
    day: IsoDate | None = DAY
    practice: StrictBool = PRACTICE


class BoardsAnalyzeBase(BoardsMember, PlayedGame):
    secret_field: ClassVar[str] = "secrets"


@dataclasses.dataclass(frozen=True)
class BoardsUse:
    """A kind of request about several boards (as Use, for the multi-board games)."""

    name: str
    base: type[BoardsMember]
    fields: Callable[[Words, MultiBoard], dict[str, tuple[Any, Any]]]
    worlds: tuple[str, ...] = ("open", "closed")


def board_members(use: BoardsUse) -> list[type[BoardsMember]]:
    """Return a use's members: for each multi-board game, its boards in English (the language
    left out) and in another language, or one member when its game has no languages (Termo's)."""
    out = []
    for name, (single, _, _) in MULTI_BOARDS.items():
        if any(p.option == "language" for p in game_class(single).asked_options):
            out += [board_member(use, name, "en"), board_member(use, name, None)]
        else:
            out.append(board_member(use, name, ""))
    return out


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
    annotations = {}
    if language == "en":
        fields["language"] = (Literal["en"] | None, Field(None))
    elif language is None:
        fields["language"] = (Literal[tuple(codes)], Field())  # type: ignore[valid-type]
    else:
        annotations["language"] = ClassVar[None]  # boards of a game in its own language (Termo's)
    extra: dict[str, Any] = {}
    if issubclass(use.base, PlayedGame):
        extra["allOf"] = [one_way("secrets")]
    full = f"{use.name}{stem}"
    where = {"en": " in English", None: " in another language", "": ""}[language]
    return type(full, (use.base,), {
        "__module__": __name__, "__doc__": f"{use.name}: {name} ({rules[0].boards} boards of {rules[0].board.title}){where}.",
        "__annotations__": {**annotations, **{k: kind for k, (kind, _) in fields.items()}},
        **{k: info for k, (_, info) in fields.items()}, **{k: None for k in annotations},
        "model_config": ConfigDict(extra="forbid", title=full, json_schema_extra=extra or None),
        "multiboard": name, "pinned": {"language": "en"} if language == "en" else {},
    })


# --- the unions -----------------------------------------------------------------------------------

def union(options: list[type[BaseModel]], names: Callable[[type[BaseModel]], tuple[str, ...]]) -> Any:
    """Return the union of the members, discriminated by `game` and, between a game's default
    member and its other one, by the options given. A body that names no game is checked as the
    first member (its refusal says what a request is: game, Field required)."""
    by_name: dict[str, list[type[BaseModel]]] = {}
    for model in options:
        for name in names(model):
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


def single_names(model: type[BaseModel]) -> tuple[str, ...]:
    return (model.rules.name, *model.rules.aliases)  # type: ignore[attr-defined]


def board_names(model: type[BaseModel]) -> tuple[str, ...]:
    return (model.multiboard,)  # type: ignore[attr-defined]


def assist_fields(words: Words) -> dict:
    return {"turns": (list[words.turn_type()], Field(default_factory=list, max_length=MAX_TURNS)),  # type: ignore[misc]
            # Words in no list that the game takes (today's new words): guesses and possible secrets.
            "add_words": (list[words.word_type()], Field(default_factory=list, max_length=MAX_ADDED))}


def analyze_fields(words: Words, secret: str = "secret", secret_type: Any = None) -> dict:
    return {"guesses": (list[words.word_type()], Field(default_factory=list, max_length=MAX_TURNS)),
            # given or left out, never null (one_way tells them apart by their presence)
            "share": (words.share_type(), Field(None)),
            "turns": (list[words.turn_type()], Field(default_factory=list, max_length=MAX_TURNS)),  # type: ignore[misc]
            secret: (secret_type or words.word_type(), Field(None))}


def one_per_board(rules: MultiBoard) -> Callable[[list], list]:
    """Return the check that a multi-board game's secrets are one per board."""
    def check(secrets: list) -> list:
        if len(secrets) != rules.boards:
            raise ValueError(f"{rules.name} has {rules.boards} secrets, one per board, not {len(secrets)}")
        return secrets
    return check


def secrets_type(words: Words, rules: MultiBoard) -> Any:
    """Return the type of a multi-board game's secrets: its words, one per board."""
    return Annotated[list[words.word_type()], Field(json_schema_extra={"minItems": rules.boards, "maxItems": rules.boards}),
                     AfterValidator(one_per_board(rules))]


ASSIST = Use("Assist", AssistBase, assist_fields, "required", ("open", "closed"))
SHARE = Use("Share", Member, lambda words: {"text": (words.share_type(), Field())}, "required", ("open", "closed"),
            tiles_only=True)
PLAY_NEW = Use("PlayNew", PlayNewBase, lambda words: {}, "hosted", ("open", "closed"))
ANALYZE = Use("Analyze", AnalyzeBase, analyze_fields, "optional", ("auto", "open", "closed"), answers=False)

BOARDS_ASSIST = BoardsUse("BoardsAssist", BoardsAssistBase, lambda words, rules: assist_fields(words))
BOARDS_SHARE = BoardsUse("BoardsShare", BoardsMember, lambda words, rules: {"text": (words.share_type(), Field())})
BOARDS_PLAY_NEW = BoardsUse("BoardsPlayNew", BoardsPlayNewBase, lambda words, rules: {})
BOARDS_ANALYZE = BoardsUse("BoardsAnalyze", BoardsAnalyzeBase,
                           lambda words, rules: analyze_fields(words, "secrets", secrets_type(words, rules)),
                           ("auto", "open", "closed"))

# The request bodies: the game so far (the answer: candidates and suggestions); a pasted share
# text (one board or several) to read as tiles; a new game hosted here; a played game to analyse;
# and the same for several boards.
AssistRequest = union(members(ASSIST), single_names)
ShareRequest = union([*members(SHARE), *board_members(BOARDS_SHARE)],
                     lambda m: board_names(m) if issubclass(m, BoardsMember) else single_names(m))
PlayNew = union(members(PLAY_NEW), single_names)
AnalyzeRequest = union(members(ANALYZE), single_names)
BoardsAssistRequest = union(board_members(BOARDS_ASSIST), board_names)
BoardsPlayNew = union(board_members(BOARDS_PLAY_NEW), board_names)
BoardsAnalyzeRequest = union(board_members(BOARDS_ANALYZE), board_names)


def union_members(request: Any) -> list[type[BaseModel]]:
    """Return the members of a request union."""
    return [typing.get_args(tagged)[0] for tagged in typing.get_args(typing.get_args(request)[0])]


# The members' names: a refusal's location names the member first (AssistWordle.turns.0.guess).
TAGS = frozenset(m.__name__ for request in (AssistRequest, ShareRequest, PlayNew, AnalyzeRequest, BoardsAssistRequest,
                                            BoardsPlayNew, BoardsAnalyzeRequest) for m in union_members(request))

# Any game's guess (the token names the game): the broadest pattern of every game's words.
AnyGuess = Annotated[str, StringConstraints(max_length=MAX_WORD, pattern=patterns.word_pattern(
    [g for cls in GAMES.values() for g in every_game(cls)]))]


class PlayGuess(Strict):
    """A guess in a game hosted here (the token holds the game)."""

    token: Token
    guess: AnyGuess


class PlayGiveUp(Strict):
    """The end of a game hosted here, unsolved (the token holds the game)."""

    token: Token
