"""What the routers do, without the web framework: rebuild a game from the state a request
carries (the setting and the turns, or a signed token), call the library as `solve` and `play`
do, and return JSON-ready data. The requests fit the document (web.models made their games);
what the game refuses of them is a WordguessError, a token this server cannot take TokenRefused."""

from __future__ import annotations

import datetime
import hashlib
import hmac
import secrets as random_secrets

from fastapi import HTTPException
from pydantic import TypeAdapter, ValidationError

from wordguess.advice import Setting as Played
from wordguess.advice import advice_of
from wordguess.advice.advice import LISTED
from wordguess.engine.candidates import parse_turn, share_replies, split_turns
from wordguess.engine.patterns import check_size
from wordguess.engine.puzzle import Puzzle, PuzzleSpec
from wordguess.errors import WordguessError
from wordguess.games import (
    GAMES,
    MULTI_BOARDS,
    Game,
    MultiBoard,
    game_class,
    get_game,
    get_multiboard,
    is_multiboard,
)
from wordguess.games.languages import LANGUAGES as WORDLE_LANGUAGES
from wordguess.lists import answer_lists, language_of, list_description
from wordguess.play.daily import (
    daily_number,
    daily_seed,
    daily_variant,
    player_day,
    practice_day,
    seconds_to_next_day,
)
from wordguess.play.hosted import HostedGame, new_hosted_game
from wordguess.play.simulate import SAFETY_LIMIT
from wordguess.trees.tree import Node, depth_counts, follow, leaves
from wordguess.vocab import Reply, Word
from wordguess.web.models import (
    MAX_TURNS,
    AssistRequest,
    BoardsAssistRequest,
    BoardsPlayNew,
    Member,
    PlayNew,
    ShareRequest,
    option_span,
    union_members,
)
from wordguess.web.state import AppState, TokenRefused

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
                    "worlds": PuzzleSpec(game).prior_table() is not None,
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


def answer_list(rules: Game, setting: Member) -> str | None:
    """Return the answer list a setting names (None: the game's default); its model has checked
    that it fits the game and the world."""
    return setting.chosen_answers()


def given_options(setting: Member) -> dict:
    return setting.options()


def single_rules(setting: Member) -> Game:
    """Return the single-board game of a setting (its model made it when it was checked: the
    assistant's has every option the game asks for, Sutom's length and first letter; a hosted
    game's the host's defaults for those not given, Sutom's 6 letters)."""
    return setting.game_rules()


def puzzle_of(state: AppState, rules: Game, mode: str, world: str, answers: str | None) -> tuple[PuzzleSpec, Puzzle]:
    """Return the spec of a setting's puzzle and the puzzle (built once per app)."""
    spec = PuzzleSpec(rules, answers=answers, mode=mode, world=world)
    return spec, state.puzzles.get(spec)


def turn_json(game: Game, guess: Word, reply: Reply) -> dict:
    return {"guess": game.display(guess), "word": game.typed(guess), "reply": game.format_reply(reply),
            "marks": game.tile_marks(reply)}


# --- the assistant ------------------------------------------------------------------------------

def assist(state: AppState, request: AssistRequest) -> dict:
    """Return the candidates and suggestions after the request's turns (as `solve --json` gives them)."""
    rules = single_rules(request)
    setting = Played.of(request.game, **given_options(request), mode=request.mode, world=request.world,
                         answers=answer_list(rules, request))
    assistant = state.advisor.position(setting, [(t.guess, t.reply) for t in request.turns], request.add_words)
    return advice_of(assistant, request.count).to_json()


# --- games hosted here --------------------------------------------------------------------------

def seed_of(key: str, nonce: str) -> int:
    """Return the secret's seed of a game: keyed, so a page that reads its token's nonce cannot
    work out the secret."""
    return int.from_bytes(hmac.new(key.encode(), nonce.encode(), hashlib.sha256).digest()[:8], "big")


def new_game_state(request: PlayNew | BoardsPlayNew) -> dict:
    """Return the state of a new hosted game, as its token holds it: the setting, the turns, and
    a nonce naming the game (a random game's secret follows from it and the key; a daily's from
    the day, its variant and the key)."""
    token = request.model_dump(exclude=NOT_SETTING)
    token["turns"] = []
    token["stopped"] = False
    token["nonce"] = random_secrets.token_hex(8)
    token["day"] = daily_day(request).isoformat() if request.host == "daily" else None
    if request.host == "daily" and request.practice:
        token["practice"] = True
    return token


def daily_day(request: PlayNew | BoardsPlayNew) -> datetime.date:
    """Return the day of a new daily: the player's date within a day of the server's, or a past
    day's played as practice (play.daily; another day is refused, 409)."""
    today = datetime.date.today()
    try:
        day = None if request.day is None else datetime.date.fromisoformat(request.day)
    except ValueError:
        raise WordguessError(f"{request.day} is not a day of the calendar") from None
    if request.practice and day is not None:
        return practice_day(day, today)
    return player_day(day, today)


def game_seed(state: AppState, token: dict, variant: str) -> int:
    """Return the seed of a game's secret: keyed, so that neither a page nor anyone without the
    server's key can work out the secret. A daily game's (play.daily): the same for every player
    of this server on that date, and distinct per game, variant and world (`variant`, kept in
    the token)."""
    if token.get("day"):
        token["variant"] = variant
        return daily_seed(state.settings.key, datetime.date.fromisoformat(token["day"]), variant)
    return seed_of(state.settings.key, token["nonce"])


def check_lists(token: dict, puzzle: Puzzle) -> None:
    """Keep the puzzle's lists' fingerprint in the token, and refuse the token once they changed."""
    if token.setdefault("lists", puzzle.fingerprint[:12]) != puzzle.fingerprint[:12]:
        raise TokenRefused("this game was started on other word lists (the server was upgraded): start a new game")


HOSTED = TypeAdapter(PlayNew)
NOT_SETTING = {"previous", "day", "practice"}  # what a new game's request says besides its setting
SETTING_FIELDS = {name for model in union_members(PlayNew) for name in model.model_fields} - NOT_SETTING


def token_setting(token: dict) -> Member:
    """Return the setting of a single-board token's game, as its new game's request gave it."""
    try:
        return HOSTED.validate_python({k: v for k, v in token.items() if k in SETTING_FIELDS and v is not None})
    except ValidationError:
        raise TokenRefused("this game was started in a setting this server no longer plays: start a new game") from None


def hosted(state: AppState, token: dict, several: bool) -> tuple[HostedGame, str]:
    """Return the game of a token (one board or several, as the page that asks is for) with its
    turns replayed, and its share title: made as `play` makes it (play.hosted.new_hosted_game),
    its secrets from the server's key (game_seed)."""
    boards = None
    if several:
        boards = board_rules(token["game"], token.get("language"))
        rules, mode, answers = boards.board, "normal", None
    else:
        setting = token_setting(token)
        rules, mode, answers = setting.game_rules(), setting.mode, setting.chosen_answers()
    spec, puzzle = puzzle_of(state, rules, mode, token["world"], answers)
    check_lists(token, puzzle)
    host = "random" if token["host"] in ("random", "daily") else token["host"]
    if host != "random":  # an adversary plays on the whole list: its matrix is needed from the first guess on
        try:
            check_size(puzzle.game, len(puzzle.guesses), len(puzzle.answers), puzzle.store.max_bytes)
        except WordguessError as exc:
            raise HTTPException(403, f"{token['host']} is not played on this game here: {exc}") from None
    key = rules.key if boards is None else f"{boards.name}/{rules.key}"
    seed = game_seed(state, token, daily_variant(key, puzzle.world, puzzle.answers.name))
    session = new_hosted_game(puzzle, host, seed, boards, restrict=lambda revealed: state.puzzles.restricted(spec, revealed),
                              max_guesses=min(SAFETY_LIMIT, MAX_TURNS))
    return replayed(session, token), title_of(token, session.share_name)


def daily_json(token: dict) -> dict | None:
    """Return what the page keeps of a daily game (its day and variant, the seconds to the next
    one), or None for another game."""
    if not token.get("day"):
        return None
    return {"day": token["day"], "variant": token["variant"], "next_in": seconds_to_next_day(),
            "practice": bool(token.get("practice"))}


def title_of(token: dict, name: str) -> str:
    """Return the first line of a hosted game's share text."""
    if token["host"] in ("evil", "absurdle"):
        name = f"{token['host']} ({name})"
    day = token.get("day")
    return f"wordguess {name}" + (f" {daily_number(datetime.date.fromisoformat(day)):,}" if day else "")


def replayed(session, token: dict):
    """Return the hosted session with the token's turns played (and given up if it was)."""
    for word in token["turns"]:
        session.guess(word)
    if token.get("stopped"):
        session.stop()
    return session


def play_json(state: AppState, token: dict, session: HostedGame, title: str) -> dict:
    game = session.puzzle.game
    adversary = token["host"] in ("evil", "absurdle")
    limit = None if session.max_guesses >= SAFETY_LIMIT else session.max_guesses
    return {"token": state.tokens.dump(token), "game": game.name, "title": game.title, "host": token["host"],
            "answers": session.puzzle.answers.name, "length": game.length, "max_guesses": limit, "guesses_left": None if limit is None else limit - len(session.turns),
            "clue": game.clue(), "alphabet": game.alphabet, "keyboard_rows": list(game.keyboard()),
            "word_text": game.word_text() if game.length else game.word_noun, "symbols": game.symbol_noun + "s",
            "tiles": game.per_letter_marks,
            "turns": [turn_json(game, g, r) for g, r in session.history],
            "keyboard": session.letter_states()[0] if game.per_letter_marks else {},
            "adversary_candidates": session.remaining if adversary else None,
            "over": session.over, "won": session.won, "daily": daily_json(token),
            "secret": game.display(session.secrets()[0]) if session.over else None,
            "share": session.share_text(title) if session.over else None}


def hosted_start(state: AppState, request: PlayNew | BoardsPlayNew, boards: bool) -> dict:
    """Start a hosted game (single or multi-board) and return its first state. A daily game is
    played once a day: the page sends its tokens of today's dailies (`previous`); one of this
    daily that is over (won, lost or given up) refuses a new one (409), one still being played
    is resumed."""
    token = new_game_state(request)
    to_json = boards_json if boards else play_json
    session, title = hosted(state, token, boards)
    if token.get("day") and not token.get("practice"):
        for text in request.previous:
            earlier = same_daily(state, text, token)
            if earlier is None:
                continue
            old, old_title = hosted(state, earlier, boards)
            moved_on = not state.ledger.latest(earlier["nonce"], len(earlier["turns"]), bool(earlier["stopped"]))
            if old.over or moved_on:
                outcome = (f"solved in {len(old.turns)}" if old.won else "not solved") if old.over else "played"
                raise HTTPException(409, f"today's daily {old_title.removeprefix('wordguess ')} was {outcome} here: "
                                         "the next one comes at midnight; start a random game meanwhile")
            return to_json(state, earlier, old, old_title)
    state.ledger.record(token["nonce"], 0, False)
    return to_json(state, token, session, title)


def same_daily(state: AppState, text: str, token: dict) -> dict | None:
    """Return the game of a token the page kept when it is the same daily as `token` (same day
    and variant, a token of this server), else None."""
    try:
        earlier = state.tokens.load(text)
    except TokenRefused:
        return None
    same = (earlier.get("day") == token["day"] and earlier.get("variant") == token.get("variant")
            and earlier.get("game") == token["game"] and all(k in earlier for k in TOKEN_FIELDS))
    return earlier if same else None


def hosted_move(state: AppState, token_text: str, boards: bool, move) -> dict:
    """Replay the token's game, make the move (a guess, or giving up) and return the new state.
    A token of the other page's kind is refused, and so is one that is not its game's latest
    state here (an earlier one kept by the page, or one from before the game ended)."""
    token = state.tokens.load(token_text)
    if is_multiboard(str(token.get("game", ""))) != boards or not all(k in token for k in TOKEN_FIELDS):
        raise TokenRefused("this token is not a game of this page: start a new one")
    if not boards and len(token["turns"]) >= MAX_TURNS:
        raise WordguessError(f"a game here has at most {MAX_TURNS} guesses")
    state.ledger.check(token["nonce"], len(token["turns"]), bool(token["stopped"]))
    to_json = boards_json if boards else play_json
    session, title = hosted(state, token, boards)
    move(session)
    token["turns"] = [g for g, _ in session.turns]
    token["stopped"] = session.stopped
    state.ledger.record(token["nonce"], len(token["turns"]), session.over)
    return to_json(state, token, session, title)


TOKEN_FIELDS = ("game", "host", "world", "turns", "stopped", "nonce")


def share_rows(request: ShareRequest) -> dict:
    """Return a pasted share text read by its game's own parser, as each board's rows of tile
    marks (G, Y or .): every square as the game's notation has it (Wordle's high-contrast 🟧/🟦
    are right and elsewhere, Sutom's 🟦 absent), header lines skipped (the document takes the
    share texts of the games whose replies are rows of squares)."""
    if request.game in MULTI_BOARDS:
        rules = request.board_rules()
        turns, game = rules.parse_share(request.text), rules.board
        boards = [[game.tile_marks(replies[b]) for replies in turns if replies[b] is not None]
                  for b in range(rules.boards)]
        return {"game": rules.name, "boards": boards}
    game = single_rules(request)
    return {"game": game.name, "boards": [[game.tile_marks(r) for r in share_replies(game, request.text)]]}


# --- several boards -----------------------------------------------------------------------------

def board_rules(name: str, language: str | None = None) -> MultiBoard:
    """Return a named multi-board game (its boards in `language` when given)."""
    if not is_multiboard(name) or name.strip().lower() == "multiboard":
        raise WordguessError(f"{name!r} is not a multi-board game here; the multi-board games: {', '.join(MULTI_BOARDS)}")
    return get_multiboard(name, **({"language": language} if language else {}))


def board_turns_json(rules: MultiBoard, turns) -> list[dict]:
    game = rules.board
    return [{"guess": game.display(g), "word": game.typed(g),
             "replies": [None if r is None else game.format_reply(r) for r in replies],
             "marks": [None if r is None else game.tile_marks(r) for r in replies]} for g, replies in turns]


def boards_assist(state: AppState, request: BoardsAssistRequest) -> dict:
    """Return each board's candidates and the suggestion after the request's turns."""
    rules = board_rules(request.game, request.language)
    setting = Played.of(rules.name, **({"language": request.language} if request.language else {}),
                         world=request.world)
    assistant = state.advisor.position(setting, [(t.guess, t.reply) for t in request.turns], request.add_words)
    return advice_of(assistant).to_json()


def boards_json(state: AppState, token: dict, session: HostedGame, title: str) -> dict:
    rules = session.rules
    return {"token": state.tokens.dump(token), "game": rules.name, "boards": rules.boards,
            "length": rules.board.length, "max_guesses": rules.max_guesses,
            "guesses_left": rules.max_guesses - len(session.turns), "alphabet": rules.board.alphabet,
            "keyboard_rows": list(rules.board.keyboard()),
            "turns": board_turns_json(rules, session.turns), "solved": session.solved_mask(),
            "keyboards": session.letter_states(), "over": session.over, "won": session.won, "daily": daily_json(token),
            "secrets": [rules.board.display(w) for w in session.secrets()] if session.over else None,
            "share": session.share_text(title) if session.over else None}


# --- the optimal tree ---------------------------------------------------------------------------

def explore(state: AppState, mode: str, path: str) -> dict:
    """Return the node of the optimal tree reached by `path` (GUESS=REPLY turns, as the document's
    pattern has them), its branches largest first, and how many guesses its secrets take; a
    path that leaves the tree is not found (404)."""
    tree_file = state.tree(mode)
    game = tree_file.game
    history = []
    for text in split_turns(path):
        guess, reply = parse_turn(text)
        history.append((guess.strip().lower(), game.parse_reply(reply)))
    try:
        node = follow(tree_file.tree, game, history)
    except WordguessError as exc:
        raise HTTPException(404, f"the tree has no node there: {exc}") from None
    depth = len(history) + 1
    counts = depth_counts(node)
    shifted = {str(k + depth - 1): n for k, n in sorted(counts.items())}
    secrets = [w for w, _ in leaves(node)]
    result = {"mode": mode, "first": tree_file.tree.guess, "turn": depth,
              "path": [turn_json(game, g, r) for g, r in history],
              "size": len(secrets), "histogram": shifted,
              "mean": sum(int(k) * n for k, n in shifted.items()) / len(secrets),
              "secrets": [game.display(w) for w in secrets] if len(secrets) <= LISTED else None}
    if isinstance(node, str):
        return {**result, "guess": game.display(node), "word": node, "leaf": True, "branches": []}
    branches = []
    for reply, branch in sorted(node.branches.items(), key=lambda kv: (-size_of(kv[1]), kv[0])):
        solved = isinstance(branch, str) and branch == node.guess
        nxt = branch if isinstance(branch, str) else branch.guess
        branches.append({"reply": game.format_reply(reply), "marks": game.tile_marks(reply), "size": size_of(branch),
                         "next": game.display(nxt), "word": nxt, "solved": solved, "leaf": isinstance(branch, str)})
    return {**result, "guess": game.display(node.guess), "word": node.guess, "leaf": False, "branches": branches}


def size_of(tree: Node | Word) -> int:
    return 1 if isinstance(tree, str) else tree.size
