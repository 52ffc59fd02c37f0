"""The interactive commands: `solve` (help with a game played elsewhere) and `play` (the
computer hosts). The loops only read lines and print; the state lives in wordguess.play.assistant."""

from __future__ import annotations

import datetime
import json
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from wordguess.cli.common import (
    AnswersOpt,
    GameChoice,
    GuessesOpt,
    JsonOpt,
    ModeOpt,
    SeedOpt,
    StrategyOpt,
    build_puzzle,
    err,
    friendly,
    game_options,
    out,
    puzzle_spec,
)
from wordguess.cli.render import TILE_STYLES, tiles
from wordguess.cli.reports import print_record
from wordguess.engine.candidates import parse_turn
from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.games import Game, OptionPrompt
from wordguess.play.assistant import Assistant, Suggestion
from wordguess.play.hosted import HostedGame, daily_seed
from wordguess.play.hosts import FixedHost, get_host
from wordguess.play.simulate import SAFETY_LIMIT, play
from wordguess.strategies import offered_strategy

COMMANDS = {"undo": "take back the last turn", "list": "show every candidate", "hint": "the letters known so far",
            "help": "this help", "quit": "stop"}
SHOWN = 20  # candidates are listed when this many or fewer remain
KEYBOARD = ("qwertyuiop", "asdfghjkl", "zxcvbnm")


def ask(prompt: str) -> str | None:
    """Return a line typed by the player (stripped of its newline), or None at end of input."""
    try:
        return out.input(prompt)
    except EOFError:
        return None


def ask_until_valid(prompt: str, check):
    """Return check(answer) for the first answer that `check` accepts, saying in one line why
    each earlier answer was refused; None at end of input."""
    while (line := ask(prompt)) is not None:
        try:
            return check(line.strip())
        except WordguessError as exc:
            err.print(f"error: {exc}", markup=False)
    return None


def whole_number(text: str, default: int | None = None) -> int:
    """Return the number typed as `text` (the default for an empty answer), or raise
    WordguessError."""
    if not text and default is not None:
        return default
    if not text.isdecimal():
        raise WordguessError(f"{text!r} is not a whole number")
    return int(text)


def game_for_session(choice: GameChoice, interactive: bool) -> Game:
    """Return the game, asking for the options the game asks for (Sutom's length and first
    letter, Mastermind's size) that were not given when the session is interactive (an invalid
    answer is asked again); a required one that was not given is an error otherwise."""
    options = dict(choice.options)
    for prompt in choice.cls.asked_options:
        if prompt.option in options:
            continue
        if interactive:
            question = f"{prompt.question}{'' if prompt.default is None else f' [{prompt.default}]'}: "
            options[prompt.option] = ask_until_valid(question, lambda text, p=prompt: answer(choice, p, text))
        elif prompt.required:
            raise WordguessError(f"{choice.cls.name} needs --{prompt.option}")
    return choice.rules(**{k: v for k, v in options.items() if v is not None})


def answer(choice: GameChoice, prompt: OptionPrompt, text: str) -> object:
    """Return the option value typed as `text` for a prompt (its default for an empty answer),
    checked by the game's own rules."""
    if not text and prompt.default is not None:
        return prompt.default
    value = whole_number(text) if prompt.kind is int else text
    choice.rules(**{prompt.option: value})
    return value


def session_puzzle(rules: Game, answers: str | None, guesses: str | None, mode: str) -> Puzzle:
    """Return the puzzle of a session."""
    return build_puzzle(puzzle_spec(rules, answers, guesses, mode))


def suggestion_table(game: Game, suggestions: list[Suggestion]) -> Table:
    """Return the suggestions as a table."""
    table = Table("", "guess", "expected left", "bits", "can be the answer", box=None)
    for i, s in enumerate(suggestions):
        table.add_row("→" if i == 0 else "", game.display(s.guess), f"{s.expected:.2f}", f"{s.bits:.2f}",
                      "yes" if s.can_be_answer else "no")
    return table


def show_candidates(game: Game, assistant: Assistant, everything: bool = False) -> None:
    """Print how many candidates remain, and the words when few (or when asked)."""
    words = assistant.candidates
    out.print(f"{len(words):,} candidate{'s' if len(words) != 1 else ''} left", style="bold")
    if everything or len(words) <= SHOWN:
        out.print(" ".join(game.display(w) for w in words), markup=False)


def show_hint(game: Game, assistant: Assistant) -> None:
    """Print the letters known so far."""
    if not game.per_letter_marks:
        out.print("hints are for Wordle-like games; the turns so far: " +
                  ", ".join(f"{game.display(g)}={game.format_reply(r)}" for g, r in assistant.history))
        return
    known = assistant.knowledge()
    pattern = "".join(known.placed.get(k, "_").upper() for k in range(game.length))
    out.print(f"pattern {pattern}; contains {', '.join(f'{c.upper()}×{n}' if n > 1 else c.upper() for c, n in sorted(known.present.items())) or '-'}; "
              f"absent {''.join(sorted(known.absent)).upper() or '-'}")


def interactive_solve(assistant: Assistant) -> None:
    """Run the solve loop until solved, quit or end of input."""
    game = assistant.puzzle.game
    out.print(f"Replies: {game.reply_notations}. Commands: {', '.join(COMMANDS)}.")
    while not assistant.solved:
        show_candidates(game, assistant)
        suggestions = assistant.suggestions(5)
        out.print(suggestion_table(game, suggestions))
        line = ask(f"your guess [Enter = {game.display(suggestions[0].guess)}]: ")
        if line is None or line.strip().lower() == "quit":
            return
        command = line.strip().lower()
        if command in COMMANDS:
            run_command(command, game, assistant)
            continue
        try:
            guess = assistant.resolve(line) if command else suggestions[0].guess
        except WordguessError as exc:
            err.print(f"error: {exc}", markup=False)
            continue
        reply = ask(f"reply to {game.display(guess)}: ")
        if reply is None or reply.strip().lower() == "quit":
            return
        if reply.strip().lower() in COMMANDS:
            run_command(reply.strip().lower(), game, assistant)
            continue
        try:
            assistant.report(guess, reply)
        except WordguessError as exc:
            err.print(f"error: {exc}", markup=False)
            continue
        out.print(tiles(game, *assistant.history[-1]))
    out.print(f"solved in {len(assistant.history)}: {game.display(assistant.history[-1][0])}", style="bold green")


def run_command(command: str, game: Game, assistant: Assistant) -> None:
    """Carry out one of the solve loop's commands."""
    if command == "undo":
        try:
            guess, reply = assistant.undo()
            out.print(f"took back {game.display(guess)} {game.format_reply(reply)}")
        except WordguessError as exc:
            err.print(f"error: {exc}", markup=False)
    elif command == "list":
        show_candidates(game, assistant, everything=True)
    elif command == "hint":
        show_hint(game, assistant)
    elif command == "help":
        for name, text in COMMANDS.items():
            out.print(f"  {name:<5} {text}")
        out.print(f"  replies: {game.reply_notations}")


def suggestion_json(game: Game, assistant: Assistant) -> dict:
    """Return the state and suggestions as JSON-ready data."""
    words = assistant.candidates
    return {"game": game.name, "mode": assistant.puzzle.mode, "strategy": assistant.strategy.name,
            "candidates": len(words), "candidate_words": words if len(words) <= SHOWN else None,
            "suggestions": [{"guess": s.guess, "expected": round(s.expected, 4), "bits": round(s.bits, 4),
                             "can_be_answer": s.can_be_answer} for s in assistant.suggestions(5)]}


@friendly
@game_options()
def solve(
    game: GameChoice,
    mode: ModeOpt = "normal",
    strategy: StrategyOpt = "entropy",
    answers: AnswersOpt = None,
    guesses: GuessesOpt = None,
    history: Annotated[str | None, typer.Option(help='Turns so far, e.g. "raise=..Y..,mount=.G...": print the next suggestion and exit.')] = None,
    secret: Annotated[str | None, typer.Option(help="Play against this secret and print every step.")] = None,
    seed: SeedOpt = 0,
    as_json: JsonOpt = False,
) -> None:
    """Help with the game you are playing: suggestions each turn, from the replies you type."""
    scripted = history is not None or secret is not None
    rules = game.rules().for_secret(secret) if secret is not None else game_for_session(game, not scripted)
    puzzle = session_puzzle(rules, answers, guesses, mode)
    guesser = offered_strategy(strategy, seed=seed)
    if secret is not None:
        record = play(puzzle, guesser, FixedHost(puzzle.guesses[puzzle.index_of(secret)]))
        if as_json:
            out.print_json(json.dumps(record.to_json(rules, game=rules.name, strategy=guesser.name)))
        else:
            print_record(puzzle, record)
        return
    assistant = Assistant(puzzle, guesser)
    if history is not None:
        for turn in filter(None, (t.strip() for t in history.split(","))):
            assistant.report(*parse_turn(turn))
        if as_json:
            out.print_json(json.dumps(suggestion_json(rules, assistant)))
        else:
            show_candidates(rules, assistant)
            out.print(suggestion_table(rules, assistant.suggestions(5)))
        return
    interactive_solve(assistant)


def keyboard(game: Game, states: dict[str, str]) -> Text:
    """Return the keyboard with each played letter coloured by its best mark."""
    rows = KEYBOARD if set(game.alphabet) <= set("".join(KEYBOARD)) else (game.alphabet,)
    text = Text()
    for row in rows:
        for letter in row:
            style = TILE_STYLES.get(states.get(letter, ""), "")
            if letter in states and states[letter] == ".":
                style = "grey30"
            text.append(f" {letter.upper()} ", style=style)
        text.append("\n")
    return text


@friendly
@game_options()
def play_command(
    game: GameChoice,
    mode: ModeOpt = "normal",
    host: Annotated[str, typer.Option(help="random (a secret), evil or absurdle (adversaries).")] = "random",
    seed: Annotated[int | None, typer.Option(help="Seed of the random secret.")] = None,
    daily: Annotated[bool, typer.Option(help="Today's game: the secret follows from the date.")] = False,
    answers: AnswersOpt = None,
    guesses: GuessesOpt = None,
) -> None:
    """Play a game in the terminal: you guess, the computer hosts."""
    hosted = {p.option: p.hosted for p in game.cls.asked_options if p.hosted is not None}
    rules = game.rules(**{k: v for k, v in hosted.items() if k not in game.options})
    puzzle = session_puzzle(rules, answers, guesses, mode)
    if host == "random":
        today = datetime.date.today()
        chosen = daily_seed(today) if daily else (seed if seed is not None else int(datetime.datetime.now().timestamp()))
        hosting = get_host("random", seed=chosen)
        revealed = rules.for_secret(hosting.pick(puzzle, puzzle.all_candidates()))
        if revealed != rules:  # e.g. Sutom shows the first letter: the game is played on its words
            rules, puzzle = revealed, session_puzzle(revealed, answers, guesses, mode)
    else:
        hosting = get_host(host)
    session = HostedGame(puzzle, hosting, max_guesses=None if host == "random" else SAFETY_LIMIT)
    limit = session.limit_text
    clue = f" {rules.clue()}" if rules.clue() else ""
    out.print(f"{rules.title}: guess the {rules.length}-letter word{clue} ({limit} guesses; {mode} mode; "
              f"host {hosting.name}). Type quit to give up.")
    while not session.over:
        line = ask(f"guess {len(session.turns) + 1}: ")
        if line is None or line.strip().lower() == "quit":
            break
        try:
            reply = session.guess(line)
        except WordguessError as exc:
            err.print(f"error: {exc} (no turn used)", markup=False)
            continue
        out.print(tiles(rules, session.turns[-1][0], reply))
        if rules.per_letter_marks:
            out.print(keyboard(rules, session.letter_states()))
    secret = session.secret
    if session.won:
        out.print(f"solved in {len(session.turns)}!", style="bold green")
    elif secret:
        out.print(f"the word was {rules.display(secret)}")
    title = f"wordguess {rules.name}" + (f" {datetime.date.today().isoformat()}" if daily else "")
    out.print(session.share_text(title), markup=False)

