"""How `solve` and `play` draw a game of several boards (quordle and friends): the boards side by
side, a keyboard coloured per board, each board's candidates; and `solve --secret` for them. The
loops are cli/interactive.py's, one for any number of boards."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from wordguess.cli.common import out, print_json
from wordguess.cli.render import TILE_STYLES, in_colour, percent, words_whole
from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.games.multiboard import BoardReplies, MultiBoard
from wordguess.play.assistant import Assistant
from wordguess.play.multiboard import play_boards
from wordguess.vocab import Word

BOARD_COMMANDS = {"undo": "take back the last turn (at a reply prompt: drop its guess)",
                  "cancel": "drop the guess whose replies are asked (Esc Esc)", "list": "show every board's candidates", "help": "this help",
                  "quit": "stop"}
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


def board_grid(rules: MultiBoard, turns: list[tuple[Word, BoardReplies]], last_only: bool = False,
               per_row: int = PER_ROW, shown: int | None = None) -> Text:
    """Return the boards side by side (`per_row` to a row of boards), one line per guess: every
    guess, the last one only, or the last `shown`."""
    text = Text()
    width = cell_width(rules)
    rows = turns[-1:] if last_only else turns if shown is None else turns[len(turns) - shown:]
    first = len(turns) - len(rows)
    for start in range(0, rules.n_boards, per_row):
        block = range(start, min(start + per_row, rules.n_boards))
        text.append("   " + "  ".join(f"{'#' + str(b + 1):<{width}}" for b in block) + "\n", style="dim")
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


def boards_view(rules: MultiBoard, turns: list[tuple[Word, BoardReplies]], states: list[dict[str, str]],
                solved: list[bool], width: int, height: int) -> Text:
    """Return the grid and the keyboard, to be printed as they are (no newline added), drawn
    within `width` x `height` (the terminal less the banner; its last line is the prompt's): as
    board_grid and board_keyboard draw them when they fit, else compact, every board still
    shown: as many boards side by side as the width takes, each key on one line fewer, no
    blank lines, and when the guesses are still too many, the last ones that fit, with a line
    saying how many are left out."""
    full = board_grid(rules, turns) + Text("\n") + board_keyboard(rules, states, solved) + Text("\n")
    if len(full.wrap(out, width)) <= height:
        return full
    per_row = max(1, min(rules.n_boards, (width - 1) // (cell_width(rules) + 2)))
    keys = board_keyboard(rules, states, solved, compact=True)
    for shown in range(len(turns), -1, -1):
        grid = board_grid(rules, turns, per_row=per_row, shown=shown)
        if shown < len(turns):
            grid.append(f"(guesses 1 to {len(turns) - shown} not shown: the terminal is too short)\n", style="dim")
        if len(grid.wrap(out, width)) + len(keys.wrap(out, width)) <= height:
            break
    return grid + keys


def board_keyboard(rules: MultiBoard, states: list[dict[str, str]], solved: list[bool], compact: bool = False) -> Text:
    """Return the keyboard with every key coloured per board, as the sites colour a quadrant of
    each key per board: the letter, then one coloured cell per board (in board order, up to four
    a line; a solved board's cells stay dark). Compact: the letter begins the first line of its
    cells instead of having a line of its own."""
    lines_per_key = -(-rules.n_boards // PER_ROW)
    colour = in_colour()
    text = Text()
    for row in rules.board.keyboard():
        if not compact:
            text.append("  ".join(f"{letter.upper():<{PER_ROW}}" for letter in row) + "\n", style="bold")
        for line in range(lines_per_key):
            for i, letter in enumerate(row):
                if i:
                    text.append("  ")
                if compact:
                    text.append(f"{letter.upper() if line == 0 else ' '} ", style="bold")
                for b in range(line * PER_ROW, min((line + 1) * PER_ROW, rules.n_boards)):
                    mark = states[b].get(letter)
                    if not colour:  # the mark itself: G, Y, . (absent), - (not played), blank once solved
                        text.append(" " if solved[b] else "-" if mark is None else mark)
                    elif solved[b]:
                        text.append("·", style="grey23")
                    elif mark is None:
                        text.append("▪", style="grey70")
                    else:
                        text.append("█", style=TILE_STYLES[mark].split(" on ")[-1] if mark != "." else "grey30")
                if rules.n_boards < PER_ROW:
                    text.append(" " * (PER_ROW - rules.n_boards))
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
                 for w, p in zip(s.candidate_words[:SHOWN], s.probabilities[:SHOWN], strict=False)]
        more = f" … (+{len(s.candidate_words) - SHOWN:,})" if len(s.candidate_words) > SHOWN else ""
        table.add_row(f"#{s.board}", f"{len(s.candidate_words):,}", ", ".join(shown) + more,
                      style="bold" if s.known else None)
    return words_whole(table)


def list_boards(rules: MultiBoard, assistant: Assistant) -> None:
    for s in assistant.status():
        words = rules.board.display(s.solved) + " (solved)" if s.solved else " ".join(
            rules.board.display(w) for w in s.candidate_words)
        out.print(f"#{s.board}: {words}", markup=False)


def play_secrets(rules: MultiBoard, puzzle: Puzzle, guesser, secret: str, as_json: bool) -> None:
    """`solve --secret` for a multi-board game: the strategy plays against the secrets (one per
    board, separated by commas) and every step is printed."""
    words = [w for w in secret.replace(",", " ").split() if w]
    if len(words) != rules.n_boards:
        raise WordguessError(f"--secret needs {rules.n_boards} words for {rules.name} (one per board, separated by "
                             f"commas), not {len(words)}")
    secrets = [answer_index(puzzle, w) for w in words]
    if len(set(secrets)) != len(secrets):
        raise WordguessError("the boards' secrets must be distinct")
    record = play_boards(rules, puzzle, guesser, secrets)
    if as_json:
        print_json({"game": rules.name, "strategy": guesser.name, "secrets": list(record.secrets),
                    "guesses": record.guesses, "won": record.won,
                    "turns": [{"guess": g, "replies": [None if r is None else
                                                       rules.board.format_reply(r) for r in rs]}
                              for g, rs in record.turns]})
        return
    out.print(board_grid(rules, record.turns))
    result = "won" if record.won else "lost"
    out.print(f"{result} in {record.guesses} of {rules.max_guesses}", style="bold green" if record.won else "bold red")


def answer_index(puzzle: Puzzle, word: str) -> int:
    """Return the answer index of a secret typed by the player, or raise WordguessError."""
    answer = int(puzzle.answer_of_guess[puzzle.index_of(word)])
    if answer < 0:
        raise WordguessError(f"{word!r} is not in the answer list (a secret must be one)")
    return answer
