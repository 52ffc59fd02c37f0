"""`solve` and `play` for multi-board games (quordle and friends): the boards side by side, a
keyboard coloured per board, the share grid. The loops only read lines and print; the state
lives in the play.session.Session (Assistant, HostedGame)."""

from __future__ import annotations

import datetime
import json

import typer
from rich.table import Table
from rich.text import Text

from wordguess.cli.common import (
    GameChoice,
    ask,
    ask_move,
    ask_replies,
    build_puzzle,
    end_daily,
    err,
    game_seed,
    out,
    puzzle_spec,
    redraw,
    show_notices,
)
from wordguess.cli.render import TILE_STYLES, in_colour, percent
from wordguess.engine.candidates import is_turn, parse_turn, split_turns
from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.games.multiboard import BoardReplies, MultiBoard
from wordguess.play.assistant import Assistant
from wordguess.play.daily import daily_variant
from wordguess.play.hosted import HostedGame
from wordguess.play.multiboard import draw_secrets, play_boards
from wordguess.strategies.multiboard import get_multi_strategy
from wordguess.vocab import Word

BOARD_COMMANDS = {"undo": "take back the last turn (at a reply prompt: drop its guess)",
                  "cancel": "drop the guess whose replies are asked (Esc Esc)", "list": "show every board's candidates", "help": "this help",
                  "quit": "stop"}
BOARD_PLAY_COMMANDS = {"undo": "take back the last guess", "help": "this help", "quit": "give up and see the words"}
PER_ROW = 4  # boards side by side
FULL_GRID = 8  # up to this many boards the whole grid is drawn after each guess; beyond, the last row
SHOWN = 8  # candidates listed per board


def board_cells(rules: MultiBoard, guess: Word, reply: int | None) -> Text:
    """Return one board's row: the guess in coloured tiles, or blank once the board is solved."""
    game = rules.board
    text = Text()
    if reply is None:
        return text.append(" " * cell_width(rules))
    for letter, mark in zip(game.display(guess), game.tile_marks(reply), strict=False):
        text.append(letter, style=TILE_STYLES[mark])
    if not in_colour():  # the marks beside the letters
        text.append(" " + game.format_reply(reply))
    return text


def cell_width(rules: MultiBoard) -> int:
    """Return the width of one board's row: its letters, and without colour its marks too."""
    return rules.board.length if in_colour() else 2 * rules.board.length + 1


def board_grid(rules: MultiBoard, turns: list[tuple[Word, BoardReplies]], last_only: bool = False) -> Text:
    """Return the boards side by side (PER_ROW to a row of boards), one line per guess."""
    text = Text()
    width = cell_width(rules)
    for start in range(0, rules.boards, PER_ROW):
        block = range(start, min(start + PER_ROW, rules.boards))
        text.append("   " + "  ".join(f"{'#' + str(b + 1):<{width}}" for b in block) + "\n", style="dim")
        rows = turns[-1:] if last_only else turns
        first = len(turns) - len(rows)
        for t, (guess, replies) in enumerate(rows, first + 1):
            if all(replies[b] is None for b in block):
                continue
            text.append(f"{t:>2} ")
            for i, b in enumerate(block):
                if i:
                    text.append("  ")
                text.append_text(board_cells(rules, guess, replies[b]))
            text.append("\n")
    return text


def board_keyboard(rules: MultiBoard, states: list[dict[str, str]], solved: list[bool]) -> Text:
    """Return the keyboard with every key coloured per board, as the sites colour a quadrant of
    each key per board: the letter, then one coloured cell per board (in board order, up to four
    a line; a solved board's cells stay dark)."""
    lines_per_key = -(-rules.boards // PER_ROW)
    colour = in_colour()
    text = Text()
    for row in rules.board.keyboard():
        text.append("  ".join(f"{letter.upper():<{PER_ROW}}" for letter in row) + "\n", style="bold")
        for line in range(lines_per_key):
            for i, letter in enumerate(row):
                if i:
                    text.append("  ")
                for b in range(line * PER_ROW, min((line + 1) * PER_ROW, rules.boards)):
                    mark = states[b].get(letter)
                    if not colour:  # the mark itself: G, Y, . (absent), - (not played), blank once solved
                        text.append(" " if solved[b] else "-" if mark is None else mark)
                    elif solved[b]:
                        text.append("·", style="grey23")
                    elif mark is None:
                        text.append("▪", style="grey70")
                    else:
                        text.append("█", style=TILE_STYLES[mark].split(" on ")[-1] if mark != "." else "grey30")
                if rules.boards < PER_ROW:
                    text.append(" " * (PER_ROW - rules.boards))
            text.append("\n")
    return text


def status_table(rules: MultiBoard, assistant: Assistant) -> Table:
    """Return each board's state: solved with its word, or its candidates (likeliest first)."""
    table = Table("board", "left", "words", box=None)
    weighted = assistant.puzzle.weighted
    for s in assistant.status():
        if s.solved is not None:
            table.add_row(f"#{s.board}", "solved", rules.board.display(s.solved), style="green")
            continue
        shown = [rules.board.display(w) + (f" {percent(p)}" if weighted else "")
                 for w, p in zip(s.candidates[:SHOWN], s.probabilities[:SHOWN], strict=False)]
        more = f" … (+{len(s.candidates) - SHOWN:,})" if len(s.candidates) > SHOWN else ""
        table.add_row(f"#{s.board}", f"{len(s.candidates):,}", ", ".join(shown) + more,
                      style="bold" if s.known else None)
    return table


def list_boards(rules: MultiBoard, assistant: Assistant) -> None:
    for s in assistant.status():
        words = rules.board.display(s.solved) + " (solved)" if s.solved else " ".join(
            rules.board.display(w) for w in s.candidates)
        out.print(f"#{s.board}: {words}", markup=False)


def board_puzzle(game: GameChoice, answers: str | None, guesses: str | None, world: str,
                 exclude: str | None, exclude_factor: float, add_words: str | None = None) -> tuple[MultiBoard, Puzzle]:
    """Return the rules of a multi-board session and the puzzle its boards share."""
    rules = game.boards()
    return rules, build_puzzle(puzzle_spec(rules.board, answers, guesses, "normal", world=world, exclude=exclude,
                                           exclude_factor=exclude_factor, add_words=add_words))


def board_state_json(rules: MultiBoard, assistant: Assistant) -> dict:
    """Return the state and the suggestion as JSON-ready data."""
    boards = []
    for s in assistant.status():
        boards.append({"board": s.board, "solved": s.solved, "candidates": len(s.candidates),
                       "likeliest": [{"word": w, "probability": round(p, 6)}
                                     for w, p in zip(s.candidates[:20], s.probabilities[:20], strict=False)]})
    return {"game": rules.name, "boards": boards, "guesses_played": len(assistant.turns),
            "guesses_left": assistant.left, "strategy": assistant.strategy.name,
            "world": assistant.puzzle.world,
            "suggestion": None if assistant.solved else assistant.suggest(), "solved": assistant.solved}


def solve_boards(game: GameChoice, answers: str | None, guesses: str | None, world: str, exclude: str | None,
                 exclude_factor: float, strategy: str | None, history: str | None, secret: str | None,
                 as_json: bool, add_words: str | None = None) -> None:
    """`solve` for a multi-board game: scripted (--history, --secret) or interactive."""
    rules, puzzle = board_puzzle(game, answers, guesses, world, exclude, exclude_factor, add_words)
    guesser = get_multi_strategy(strategy or "fewest-total")
    if secret is not None:
        words = [w for w in secret.replace(",", " ").split() if w]
        if len(words) != rules.boards:
            raise WordguessError(f"--secret needs {rules.boards} words for {rules.name} (one per board, separated by "
                                 f"commas), not {len(words)}")
        secrets = [answer_index(puzzle, w) for w in words]
        if len(set(secrets)) != len(secrets):
            raise WordguessError("the boards' secrets must be distinct")
        record = play_boards(rules, puzzle, guesser, secrets)
        if as_json:
            out.print_json(json.dumps({"game": rules.name, "strategy": guesser.name, "secrets": list(record.secrets),
                                       "guesses": record.guesses, "won": record.won,
                                       "turns": [{"guess": g, "replies": [None if r is None else
                                                                          rules.board.format_reply(r) for r in rs]}
                                                 for g, rs in record.turns]}))
            return
        out.print(board_grid(rules, record.turns))
        result = "won" if record.won else "lost"
        out.print(f"{result} in {record.guesses} of {rules.max_guesses}", style="bold green" if record.won else "bold red")
        return
    assistant = Assistant(puzzle, guesser, rules)
    if history is not None:
        for turn in split_turns(history):
            assistant.report(*parse_turn(turn))
        notices = list(assistant.notices)
        show_notices(assistant)
        if as_json:
            out.print_json(json.dumps({**board_state_json(rules, assistant), "notices": notices}))
            return
        out.print(status_table(rules, assistant))
        if assistant.solved:
            out.print(f"solved in {len(assistant.turns)}", style="bold green")
        else:
            out.print(f"next: {rules.board.display(assistant.suggest())} ({assistant.left} guesses left)", style="bold")
        return
    interactive_boards(rules, assistant)


def answer_index(puzzle: Puzzle, word: str) -> int:
    """Return the answer index of a secret typed by the player, or raise WordguessError."""
    answer = int(puzzle.answer_of_guess[puzzle.index_of(word)])
    if answer < 0:
        raise WordguessError(f"{word!r} is not in the answer list (a secret must be one)")
    return answer


def interactive_boards(rules: MultiBoard, assistant: Assistant) -> None:
    """The solve loop of a multi-board game: a guess typed (or Enter for the suggestion), then
    the replies of the unsolved boards; or both at once as GUESS=REPLIES."""
    game = rules.board
    out.print(f"{rules.title}. Replies board by board, e.g. {' '.join(['G.Y..'] * min(rules.boards, 4))} "
              f"(a solved board's reply may be left out or written -). Commands: {', '.join(BOARD_COMMANDS)}.")
    while not assistant.solved:
        out.print(status_table(rules, assistant))
        suggestion = assistant.suggest()
        out.print(f"guess {len(assistant.turns) + 1} of {rules.max_guesses}: suggestion "
                  f"{game.display(suggestion)}", style="bold")
        line = ask(f"your guess, or GUESS=REPLIES [Enter = {game.display(suggestion)}]: ")
        if line is None or line.strip().lower() == "quit":
            return
        command = line.strip().lower()
        if command in BOARD_COMMANDS:
            board_command(command, rules, assistant)
            continue
        try:
            if is_turn(game, line):
                assistant.report(*parse_turn(line))
                out.print(board_grid(rules, assistant.turns, last_only=True))
                continue
            guess = assistant.resolve(line) if command else suggestion
        except WordguessError as exc:
            err.print(f"error: {exc}", markup=False)
            continue
        finally:
            show_notices(assistant)
        if not ask_board_replies(rules, assistant, guess):
            return
    out.print(f"all {rules.boards} boards solved in {len(assistant.turns)} of {rules.max_guesses}",
              style="bold green")


def ask_board_replies(rules: MultiBoard, assistant: Assistant, guess: Word) -> bool:
    """Ask for the replies to `guess` until they are accepted; False when the player quits."""
    open_boards = assistant.solved_mask().count(False)
    shown = rules.board.display(guess)
    return ask_replies(f"replies to {shown} ({open_boards} board{'s' if open_boards > 1 else ''}): ", shown,
                       f"the replies to {shown}, one per unsolved board", BOARD_COMMANDS,
                       lambda command: board_command(command, rules, assistant),
                       lambda line: assistant.report(guess, line),
                       lambda: out.print(board_grid(rules, assistant.turns, last_only=True)))


def board_command(command: str, rules: MultiBoard, session: Assistant | HostedGame) -> None:
    if command == "cancel":
        err.print("error: no guess is waiting for its replies (undo takes back the last turn)", markup=False)
    elif command == "undo":
        try:
            guess, replies = session.undo()
            out.print(f"took back {rules.board.display(guess)} {rules.format_reply(replies)}", markup=False)
        except WordguessError as exc:
            err.print(f"error: {exc}", markup=False)
    elif command == "list" and isinstance(session, Assistant):
        list_boards(rules, session)
    elif command == "help":
        commands = BOARD_COMMANDS if isinstance(session, Assistant) else BOARD_PLAY_COMMANDS
        for name, text in commands.items():
            out.print(f"  {name:<5} {text}")
        if isinstance(session, Assistant):
            out.print(f"  replies: one per unsolved board, each in {rules.board.reply_notations}", markup=False)
        else:
            out.print(f"  anything else is a guess: a {rules.board.word_text()}")


def play_boards_command(game: GameChoice, seed: int | None, daily: bool, answers: str | None, guesses: str | None,
                        world: str, exclude: str | None, exclude_factor: float) -> None:
    """`play` for a multi-board game: the computer draws distinct secrets (seeded, or by date)."""
    rules, puzzle = board_puzzle(game, answers, guesses, world, exclude, exclude_factor)
    variant = daily_variant(f"{rules.name}/{rules.board.key}", puzzle.world,
                            puzzle.answers.name)
    seed = game_seed(daily, seed, variant)
    if seed is None:  # today's daily was played here
        return
    secrets = draw_secrets(puzzle, rules.boards, 1, seed)[0]
    session = HostedGame.with_secrets(rules, puzzle, secrets)
    banner = (f"{rules.title}: guess the {rules.boards} {rules.board.word_text(plural=True)}; every guess is played "
              f"on each unsolved board. Commands: {', '.join(BOARD_PLAY_COMMANDS)}.")
    out.print(banner)
    interrupted = False
    while not session.over:
        line, interrupted = ask_move(f"guess {len(session.turns) + 1} of {rules.max_guesses}: ")
        command = (line or "").strip().lower()
        if line is None or command == "quit":
            break
        if command in BOARD_PLAY_COMMANDS:
            board_command(command, rules, session)
            if command == "undo" and session.turns:
                out.print(board_grid(rules, session.turns))
            continue
        try:
            session.guess(line)
        except WordguessError as exc:
            err.print(f"error: {exc} (no turn used)", markup=False)
            continue
        # A terminal: the whole grid again, in place; a pipe: the new row only beyond FULL_GRID boards.
        out.print(board_grid(rules, session.turns, last_only=not redraw(banner) and rules.boards > FULL_GRID))
        out.print(board_keyboard(rules, session.letter_states(), session.solved_mask()))
    solved = session.solved_mask()
    if session.won:
        out.print(f"all {rules.boards} boards solved in {len(session.turns)}!", style="bold green")
    else:
        missed = [rules.board.display(w) for w, done in zip(session.secrets(), solved, strict=True) if not done]
        out.print(f"{sum(solved)} of {rules.boards} boards solved; the other words were {', '.join(missed)}")
    title = f"wordguess {rules.name}" + (f" {datetime.date.today().isoformat()}" if daily else "")
    out.print(session.share_text(title), markup=False)
    if daily:
        end_daily(variant, session.won, len(session.turns), rules.max_guesses)
    if interrupted:
        raise typer.Exit(130)

