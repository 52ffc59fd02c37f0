"""The interactive commands: `solve` (help with a game played elsewhere) and `play` (the
computer hosts), for one board or several. The loops read lines, hand them to the session
(play.session.Session: the Assistant, the HostedGame) and draw its state."""

from __future__ import annotations

import dataclasses
import datetime
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from wordguess.advice import Advice, Advisor, Setting, advice_of
from wordguess.advice.advice import BY_PROOF, EXACT
from wordguess.cli import opts as opt
from wordguess.cli.boards import (
    BOARD_COMMANDS,
    FULL_GRID,
    board_grid,
    board_keyboard,
    boards_view,
    list_boards,
    play_secrets,
    status_table,
)
from wordguess.cli.common import (
    GameChoice,
    ListChoice,
    ask,
    ask_move,
    ask_replies,
    build_puzzle,
    end_daily,
    err,
    game_command,
    game_seed,
    out,
    print_json,
    puzzle_spec,
    redraw,
    refuse_line,
    session_world,
    show_notices,
)
from wordguess.cli.render import keyboard, percent, tiles, words_whole
from wordguess.cli.reports import print_record
from wordguess.engine.candidates import is_turn, parse_turn
from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError, unknown_name
from wordguess.games import Game, MultiBoard, OptionPrompt
from wordguess.play.assistant import Assistant
from wordguess.play.daily import daily_variant
from wordguess.play.hosted import HOSTS_HERE, HostedGame, new_hosted_game
from wordguess.play.hosts import FixedHost
from wordguess.play.session import admitted
from wordguess.play.simulate import play
from wordguess.strategies.guard import IMPOSSIBLE, UNKNOWN

COMMANDS = {"undo": "take back the last turn (at a reply prompt: drop its guess)",
            "cancel": "drop the guess whose reply is asked (Esc Esc)", "list": "show every candidate", "hint": "the letters known so far",
            "help": "this help", "quit": "stop"}
PLAY_COMMANDS = {"undo": "take back the last guess", "help": "this help", "quit": "give up and see the word"}
SHOWN = 20  # candidates are listed when this many or fewer remain


def ask_until_valid(prompt: str, check):
    """Return check(answer) for the first answer that `check` accepts, saying in one line why
    each earlier answer was refused; None at end of input."""
    while (line := ask(prompt)) is not None:
        if line.strip().lower() == "quit":  # as at every prompt of a session
            raise typer.Exit(0)
        try:
            return check(line.strip())
        except WordguessError as exc:
            refuse_line(str(exc))
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
    if interactive and options:
        choice.rules(**{k: v for k, v in options.items() if v is not None})  # a given option wrong: before any question
    for prompt in choice.cls.asked_options:
        if prompt.option in options or not prompt.prompted:
            continue
        if interactive:
            question = f"{prompt.question}{'' if prompt.default is None else f' [{prompt.default}]'}: "
            options[prompt.option] = ask_until_valid(question, lambda text, p=prompt: answer(choice, p, text))
            if options[prompt.option] is None:
                raise WordguessError(f"no {prompt.question}: the input ended")
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


def board_puzzle(game: GameChoice, lists: ListChoice, world: str) -> tuple[MultiBoard, Puzzle]:
    """Return the rules of a multi-board session and the puzzle its boards share."""
    rules = game.multiboard()
    return rules, build_puzzle(puzzle_spec(rules.board, lists, world=world))


def session(choice: GameChoice, setting: Setting, advisor: Advisor) -> Assistant:
    """Return the assistant of an interactive session, asking for the game's options
    (game_for_session); when the answers leave no word to play (Sutom of a length no word has),
    the options are asked again instead of ending the session."""
    asks = any(p.option not in choice.options and p.prompted for p in choice.cls.asked_options)
    while True:
        rules = game_for_session(choice, True)
        try:
            return advisor.assistant(setting, rules)
        except WordguessError as exc:
            if not asks:
                raise
            refuse_line(f"{exc}; answer again")


def suggestion_table(advice: Advice) -> Table:
    """Return the suggestions as a table: the strategy's choice, then the other guesses from the
    fewest guesses to finish (the column the table is sorted by); or, at a certified opening,
    the best openers by their proven values. A proven value has three decimals, an estimate ~."""
    suggestions = advice.suggestions
    if advice.ranked_by == BY_PROOF:
        caption = "→ the best opener proven over every opener (exact values: the shipped certificate)"
    elif len(suggestions) > 1:
        caption = f"→ the {advice.strategy} strategy's choice; below it, other guesses by guesses to finish (~ estimated)"
    else:
        caption = None
    table = Table("", "guess", "guesses to finish", "expected left", "bits", "chance it is the word", box=None,
                  caption=caption, caption_justify="left")
    for i, s in enumerate(suggestions):
        chance = percent(s.probability) if s.can_be_answer else "no"
        finish = f"{s.guesses_to_finish:.3f}" if s.kind == EXACT else f"~{s.guesses_to_finish:.2f}"
        table.add_row("→" if i == 0 else "", s.guess, finish, f"{s.expected_left:.2f}", f"{s.bits:.2f}", chance,
                      end_section=i == 0)
    return words_whole(table)


def show_candidates(game: Game, assistant: Assistant, everything: bool = False) -> None:
    """Print how many candidates remain, and the words when few (or when asked)."""
    words = assistant.candidate_words
    out.print(f"{len(words):,} candidate{'s' if len(words) != 1 else ''} left", style="bold")
    if assistant.puzzle.weighted and not everything and len(words) > 1:
        out.print("likeliest: " + ", ".join(f"{game.display(w)} {percent(p)}" for w, p in assistant.likely(SHOWN)),
                  markup=False)
    elif everything or len(words) <= SHOWN:
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
    """Run the solve loop of a game of one board or several until solved, quit or end of input.
    A guess is typed alone (or Enter for the suggestion) and its replies asked for, again until
    they are accepted; or both at once as GUESS=REPLY."""
    game, rules = assistant.game, assistant.rules
    several = rules.n_boards > 1
    commands = BOARD_COMMANDS if several else COMMANDS
    if several:
        out.print(f"{rules.title}. Replies board by board, e.g. {' '.join(['G.Y..'] * min(rules.n_boards, 4))} "
                  f"(a solved board's reply may be left out or written -). Commands: {', '.join(commands)}.")
    else:
        out.print(f"Replies: {game.reply_notations}. Commands: {', '.join(commands)}.")
    while not assistant.solved:
        suggestion = show_solve_state(assistant)
        if not assistant.turns and not several:
            assistant.warm_up()  # the matrix and kernels load while the player types the reply
        line = ask(f"your guess, or GUESS={'REPLIES' if several else 'REPLY'} [Enter = {game.display(suggestion)}]: ")
        if line is None or line.strip().lower() == "quit":
            return
        command = line.strip().lower()
        if command in commands:
            run_command(command, assistant)
            continue
        try:
            if is_turn(game, line):
                assistant.report(*parse_turn(line))
                draw_last(assistant)
                continue
            guess = assistant.resolve(line) if command else suggestion
        except WordguessError as exc:
            refuse_line(str(exc))
            continue
        finally:
            show_notices(assistant)
        if not ask_reply(assistant, guess):
            return
        assistant.cancel()  # a guess dropped at its reply prompt takes back the word in no list it added
    if several:
        out.print(f"all {rules.n_boards} boards solved in {len(assistant.turns)} of {rules.max_guesses}", style="bold green")
    else:
        out.print(f"solved in {len(assistant.turns)}: {game.display(assistant.turns[-1][0])}", style="bold green")


def show_solve_state(assistant: Assistant) -> str:
    """Print what is known (one board: the candidates and the suggestions' table; several: each
    board's candidates and the suggestion) and return the suggested guess."""
    game, rules = assistant.game, assistant.rules
    if rules.n_boards > 1:
        out.print(status_table(rules, assistant))
        suggestion = assistant.suggest()
        out.print(f"guess {len(assistant.turns) + 1} of {rules.max_guesses}: suggestion {game.display(suggestion)}",
                  style="bold")
        show_win_guarantee(assistant)
        return suggestion
    show_candidates(game, assistant)
    advice = advice_of(assistant)
    if advice.candidate_count == 1:
        out.print(f"one word left: play {advice.suggestion}", style="bold green")
    out.print(suggestion_table(advice))
    show_win_guarantee(assistant)
    return advice.suggestions[0].word


def draw_last(session: Assistant | HostedGame) -> None:
    """Print the last turn: its tiles, or for several boards its row of boards."""
    if session.rules.n_boards > 1:
        out.print(board_grid(session.rules, session.turns, last_only=True))
    else:
        out.print(tiles(session.game, *session.history[-1]))


def show_win_guarantee(assistant: Assistant) -> None:
    """Say so when no win within the game's limit can be shown from here, or none is possible."""
    win_guarantee = assistant.win_guarantee()
    if win_guarantee == IMPOSSIBLE:
        out.print("no strategy can guarantee a win from here: playing for the likeliest win", style="yellow")
    elif win_guarantee == UNKNOWN:
        out.print(f"no win within {assistant.rules.max_guesses} guesses can be shown from here: "
                  "playing for the likeliest win", style="yellow")


def ask_reply(assistant: Assistant, guess: str) -> bool:
    """Ask for the replies to `guess` until they are accepted (or a command takes the player back
    to the guess prompt); return False when the player quits or input ends."""
    game, boards = assistant.game, assistant.rules.n_boards
    shown = game.display(guess)
    if boards > 1:
        open_boards = assistant.solved_mask().count(False)
        prompt = f"replies to {shown} ({open_boards} board{'s' if open_boards > 1 else ''}): "
        expected = f"the replies to {shown}, one per unsolved board"
    else:
        prompt, expected = f"reply to {shown}: ", f"the reply to {shown} ({game.reply_notations})"
    return ask_replies(prompt, shown, expected, BOARD_COMMANDS if boards > 1 else COMMANDS,
                       lambda command: run_command(command, assistant),
                       lambda line: assistant.report(guess, line), lambda: draw_last(assistant))


def run_command(command: str, assistant: Assistant) -> None:
    """Carry out one of the solve loop's commands."""
    game, rules = assistant.game, assistant.rules
    if command == "undo":
        take_back(assistant)
    elif command == "cancel":
        its = "its replies" if rules.n_boards > 1 else "its reply"
        refuse_line(f"no guess is waiting for {its} (undo takes back the last turn)")
    elif command == "list":
        if rules.n_boards > 1:
            list_boards(rules, assistant)
        else:
            show_candidates(game, assistant, everything=True)
    elif command == "hint":
        show_hint(game, assistant)
    elif command == "help":
        each = f"one per unsolved board, each in {game.reply_notations}" if rules.n_boards > 1 else game.reply_notations
        show_commands(BOARD_COMMANDS if rules.n_boards > 1 else COMMANDS, f"  replies: {each}")


def take_back(session: Assistant | HostedGame) -> None:
    """Undo the last turn of a session, saying which (or why there is none)."""
    try:
        guess, replies = session.undo()
        out.print(f"took back {session.game.display(guess)} {session.rules.format_reply(replies)}", markup=False)
    except WordguessError as exc:
        refuse_line(str(exc))


def show_commands(commands: dict[str, str], last: str) -> None:
    """Print a session's commands, one a line, and a last line."""
    width = max(map(len, commands))
    for name, text in commands.items():
        out.print(f"  {name:<{width}} {text}")
    out.print(last)


@game_command(lists="added", several=True)
def solve(
    game: GameChoice,
    mode: opt.Mode = "normal",
    strategy: opt.OpenStrategy = None,
    lists: ListChoice = None,
    world: opt.SessionWorld = None,
    history: Annotated[str | None, typer.Option(help='Turns so far, separated by ; or , e.g. "raise=..Y..;mount=.G..." or Mastermind\'s "1122=1,1;3456=0,2": print the next suggestion and exit.')] = None,
    secret: Annotated[str | None, typer.Option(help="Play against this secret and print every step.")] = None,
    seed: opt.Seed = 0,
    as_json: opt.Json = False,
) -> None:
    """Help with the game you are playing: suggestions each turn, from the replies you type.
    Multi-board games (quordle, ...): one reply per unsolved board, e.g. "soare=..Y.. G.... ..... .Y..."."""
    if secret is not None and history is not None:
        raise WordguessError("give --secret (the whole game played against it) or --history (the turns so far), "
                             "not both")
    if as_json and secret is None and history is None:
        raise WordguessError("--json prints one position or one game: give --history or --secret with it")
    setting = Setting.of(game.name, **game.options, mode=mode, world=world, **dataclasses.asdict(lists),
                         strategy=strategy, seed=seed)
    advisor = Advisor(build=build_puzzle)
    if game.is_multiboard:
        if mode != "normal":
            raise WordguessError("multi-board games have no hard mode: drop --mode")
        if secret is not None:
            assistant = advisor.assistant(setting)
            play_secrets(assistant.rules, assistant.puzzle, assistant.strategy, secret, as_json)
            return
    elif secret is not None:
        assistant = advisor.assistant(setting, game.rules().for_secret(secret))
        puzzle, notice = admitted(assistant.puzzle, secret)
        if notice is not None:
            err.print(f"note: {notice}", markup=False)
        record = play(puzzle, assistant.strategy, FixedHost(puzzle.guesses[puzzle.index_of(secret)]))
        if as_json:
            print_json(record.to_json(puzzle.game, game=puzzle.game.name,
                                      strategy=assistant.strategy.name))
        else:
            print_record(puzzle, record)
        return
    if history is None:
        interactive_solve(advisor.assistant(setting) if game.is_multiboard else session(game, setting, advisor))
        return
    assistant = advisor.position(setting, history)
    if as_json:
        advice = advice_of(assistant)
        show_notices(assistant)
        print_json(advice.to_json())
        return
    show_notices(assistant)
    if assistant.solved:
        out.print(f"solved in {len(assistant.turns)}: {assistant.game.display(assistant.turns[-1][0])}",
                  style="bold green")
        return
    show_solve_state(assistant)


@game_command(lists="weighed", several=True)
def play_command(
    game: GameChoice,
    mode: opt.Mode = "normal",
    host: Annotated[str, typer.Option(help="random (a secret), evil or absurdle (adversaries).")] = "random",
    seed: Annotated[int | None, typer.Option(min=0, help="Seed of the random secret (0 or more).")] = None,
    daily: Annotated[bool, typer.Option("--daily", metavar="", help="Today's game: the secret follows from the date.")] = False,
    lists: ListChoice = None,
    world: opt.SessionWorld = None,
) -> None:
    """Play a game in the terminal: you guess, the computer hosts (multi-board games too)."""
    if daily and seed is not None:
        raise WordguessError("give --daily or --seed, not both: the daily game's seed follows from the date")
    if host not in HOSTS_HERE:
        raise unknown_name("host", host, HOSTS_HERE)
    boards = None
    if game.is_multiboard:
        if mode != "normal" or host != "random":
            raise WordguessError("multi-board games are played in normal mode against the random host: "
                                 "drop --mode and --host")
        boards, puzzle = board_puzzle(game, lists, session_world(world, lists.answers))
        variant = daily_variant(f"{boards.name}/{boards.board.key}", puzzle.world, puzzle.answers.name)
    else:
        if host != "random" and (daily or seed is not None):
            raise WordguessError(f"the {host} host keeps every word possible: --daily and --seed are for the random host")
        # An adversary keeps the answer list's words possible, as Absurdle and Evil Wordle do.
        world = session_world(world or (None if host == "random" else "closed"), lists.answers)
        hosted = {p.option: p.hosted for p in game.cls.asked_options if p.hosted is not None}
        rules = game.rules(**{k: v for k, v in hosted.items() if k not in game.options})
        puzzle = build_puzzle(puzzle_spec(rules, lists, mode, world=world))
        variant = daily_variant(rules.key, puzzle.world, puzzle.answers.name)
    seed = game_seed(daily, seed, variant)
    if seed is None:  # today's daily was played here
        return
    session = new_hosted_game(puzzle, host, seed, boards)
    interrupted = play_loop(session, host, daily)
    name = session.share_name if host == "random" else f"{host} ({session.share_name})"
    title = f"wordguess {name}" + (f" {datetime.date.today().isoformat()}" if daily else "")
    out.print(session.share_text(title), markup=False)
    if daily:
        end_daily(variant, session.won, len(session.turns), session.max_guesses)
    if interrupted:
        raise typer.Exit(130)


def play_loop(session: HostedGame, host: str, daily: bool = False) -> bool:
    """Run the play loop of a hosted game of one board or several until it is over, the player
    quits or input ends; return whether it ended by Ctrl-C."""
    game, rules = session.game, session.rules
    several = rules.n_boards > 1
    commands = {**PLAY_COMMANDS, "quit": f"give up and see the word{'s' if several else ''}"}
    if game.listed_guesses_only:  # (LeetCode 843: a guess is one of the list's words)
        commands = {"list": "show the words you may guess", **commands}
    if several:
        banner = (f"{rules.title}: guess the {rules.n_boards} {game.word_text(plural=True)}; every guess is played "
                  f"on each unsolved board. Commands: {', '.join(commands)}.")
    else:
        clue = f" {game.clue()}" if game.clue() else ""
        who = "today's daily game" if daily else f"host {session.hosts[0].name}"
        banner = (f"{game.title}: guess the {game.word_text()}{clue} ({session.limit_text} guesses; "
                  f"{session.puzzle.mode} mode; {who}). Commands: {', '.join(commands)}.")
    out.print(banner)
    interrupted = False
    while not session.over:
        limit = f" of {rules.max_guesses}" if several else ""
        line, interrupted = ask_move(f"guess {len(session.turns) + 1}{limit}: ")
        command = (line or "").strip().lower()
        if line is None or command == "quit":
            break
        if command == "undo":
            take_back(session)
            if several and session.turns:
                out.print(board_grid(rules, session.turns))
            continue
        if command == "help":
            show_commands(commands, f"  anything else is a guess: a {game.word_text()}")
            continue
        if command == "list" and "list" in commands:
            out.print(" ".join(game.display(w) for w in session.puzzle.guesses), markup=False)
            continue
        try:
            session.guess(line)
        except WordguessError as exc:
            refuse_line(f"{exc} (no turn used)")
            continue
        draw_hosted(session, banner)
        if host != "random" and not session.won:
            out.print(f"{session.remaining:,} word{'s' if session.remaining != 1 else ''} still possible")
    solved = session.solved_mask()
    if session.won:
        what = f"all {rules.n_boards} boards solved" if several else "solved"
        out.print(f"{what} in {len(session.turns)}!", style="bold green")
    elif several:
        missed = [game.display(w) for w, done in zip(session.secrets(), solved, strict=True) if not done]
        out.print(f"{sum(solved)} of {rules.n_boards} boards solved; the other words were {', '.join(missed)}")
    else:
        out.print(f"the word was {game.display(session.secrets()[0])}")
    return interrupted


def draw_hosted(session: HostedGame, banner: str) -> None:
    """Print the game after a guess: on a terminal the whole grid again, in place; in a pipe or a
    log the new row (several boards: the whole grid up to FULL_GRID boards); then the keyboard."""
    game, rules = session.game, session.rules
    if rules.n_boards > 1:
        if redraw(banner):  # within the terminal: the banner's lines above, the view below
            room = out.height - len(Text(banner).wrap(out, out.width))
            out.print(boards_view(rules, session.turns, session.letter_states(), session.solved_mask(), out.width,
                                  room), end="")
            return
        out.print(board_grid(rules, session.turns, last_only=rules.n_boards > FULL_GRID))
        out.print(board_keyboard(rules, session.letter_states(), session.solved_mask()))
        return
    if redraw(banner):
        for guess, reply in session.history:
            out.print(tiles(game, guess, reply))
    else:
        draw_last(session)
    if game.per_letter_marks:
        out.print(keyboard(game, session.letter_states()[0]))
