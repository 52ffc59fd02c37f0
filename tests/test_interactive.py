"""The interactive commands driven through their real input and output (typer's runner with an
input stream): a full solved game per game type, undo, and each refusal path."""

from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from conftest import WORDLE_SMALL
from wordguess.cli import app
from wordguess.cli.render import TILE_STYLES, keyboard, percent
from wordguess.engine.puzzle import Puzzle
from wordguess.errors import ReplyError, WordError
from wordguess.games import get_game
from wordguess.lists import game_words
from wordguess.play.assistant import Assistant
from wordguess.play.hosted import HostedGame
from wordguess.play.hosts import get_host
from wordguess.strategies import get_strategy
from wordguess.strategies.base import one_board

runner = CliRunner()

TERMO = ["ações", "acaso", "sábio", "pódio", "termo", "nobre", "sutil", "fazer", "sobre", "mundo"]
SUTOM = ["maison", "marche", "mouton", "moteur", "maigre", "mirage", "mangue", "manger", "bateau"]
# game name -> (options, words or None for generated codes, secret)
SESSIONS = {
    "wordle": ([], WORDLE_SMALL[:60], "crate"),
    "termo": ([], TERMO, "pódio"),
    "sutom": (["--length", "6", "--first", "m"], SUTOM, "moteur"),
    "jotto": ([], [w for w in WORDLE_SMALL if len(set(w)) == 5][:40], None),
    "matches": ([], WORDLE_SMALL[:40], None),
    "mastermind": (["--pegs", "3", "--colours", "4"], None, "1234"[:3]),
    "nerdle": (["--length", "6"], None, "18/9=2"),  # mini Nerdle: a guess holds its own '='
    "jotto2": ([], [w for w in WORDLE_SMALL if len(set(w)) == 5][:40], None),
    "bulls": (["--pegs", "3", "--colours", "6"], None, "502"),
}


def list_file(tmp_path, words) -> list[str]:
    if words is None:
        return []
    path = tmp_path / "words.txt"
    path.write_text("# a custom list\n" + "\n".join(words) + "\n\n", encoding="utf-8")
    return ["--answers", str(path), "--guesses", str(path)]


def session_game(name, options):
    opts = dict(zip(options[::2], options[1::2], strict=True))
    kw = {k.lstrip("-"): (int(v) if v.isdigit() else v) for k, v in opts.items()}
    return get_game(name, **kw)


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_full_interactive_solve(tmp_path, name):
    options, words, secret = SESSIONS[name]
    game = session_game(name, options)
    words = words or game.generated_words()
    if game.length is None:
        game = game.fitted(words)
    secret = secret or words[7]
    start = game.starting_candidates(words)
    puzzle = Puzzle(game, start, start)
    assistant = Assistant(puzzle, get_strategy("entropy"))
    lines = []
    while not assistant.solved:  # the same session, computed ahead: Enter takes the suggestion
        guess = assistant.suggestions(1)[0].guess
        reply = game.format_reply(game.feedback(guess, secret))
        lines += ["", reply]
        assistant.report(guess, reply)
    result = runner.invoke(app, ["solve", "--game", name, *options, *list_file(tmp_path, words)],
                           input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert f"solved in {len(assistant.history)}" in result.stdout
    assert game.display(secret) in result.stdout


def test_undo_and_refusals_keep_the_state(tmp_path):
    words = WORDLE_SMALL
    script = ["crate", "GG...",  # a real turn
              "zzzz",  # malformed (a word in no list would be taken as played): refused
              "crate", "GGXQ.",  # malformed reply: refused, and the reply to CRATE asked again
              "GGGG",  # wrong length: refused, asked again
              "help", "undo",  # at the reply prompt: undo drops the pending CRATE, nothing else
              "undo",  # at the guess prompt: takes back the first turn
              "crate=GG...",  # guess and reply at once
              "crust", "GGGGG",  # contradicts the first reply: refused, asked again
              "cancel",  # drops the pending CRUST
              "undo",  # takes back CRATE
              "undo",  # nothing left to take back
              "list", "hint", "help", "quit"]
    result = runner.invoke(app, ["solve", *list_file(tmp_path, words)], input="\n".join(script) + "\n")
    assert result.exit_code == 0, result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 5, result.stderr
    assert "not a valid wordle word" in errors[0] and "unknown marks" in errors[1]
    assert "expected 5" in errors[2] and "contradicts" in errors[3] and "nothing to undo" in errors[4]
    assert "dropped CRATE" in result.stdout and "dropped CRUST" in result.stdout
    assert result.stdout.count("took back CRATE") == 2
    assert "took back CRATE" in result.stdout and "Traceback" not in result.output


def test_assistant_state_is_unchanged_by_refusals():
    game = get_game("wordle")
    puzzle = Puzzle(game, WORDLE_SMALL, WORDLE_SMALL)
    assistant = Assistant(puzzle, get_strategy("entropy"))
    assistant.report("crate", "GG...")
    before = (list(assistant.history), assistant.candidate_words)
    for word, reply, error in [("zzzz", "GG...", WordError), ("zzzzz", "GG...", ReplyError), ("crate", "GG", ReplyError),
                               ("crust", "GGGGG", ReplyError)]:
        with pytest.raises(error):
            assistant.report(word, reply)
        assert (assistant.history, assistant.candidate_words) == before
    assert assistant.undo()[0] == "crate" and assistant.history == []


def test_hard_mode_refusal():
    game = get_game("wordle")
    puzzle = Puzzle(game, WORDLE_SMALL, WORDLE_SMALL, mode="hard")
    assistant = Assistant(puzzle, get_strategy("entropy"))
    assistant.report("crate", game.format_reply(game.feedback("crate", "cigar")))
    with pytest.raises(WordError, match="hard mode: letter 1 must be C"):
        assistant.report("abase", ".....")


def test_history_and_secret_are_scriptable(tmp_path):
    files = list_file(tmp_path, WORDLE_SMALL)
    result = runner.invoke(app, ["solve", *files, "--history", "crate=GG...", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["candidate_count"] == len(data["words"]) and len(data["suggestions"]) >= 1
    result = runner.invoke(app, ["solve", *files, "--history", "crate=GG...,crust=GGGGG"])
    assert result.exit_code == 2 and "contradicts" in result.stderr
    ends = [runner.invoke(app, ["solve", *files, "--history", f"crate=GG...{end}", "--json"]) for end in ";,"]
    assert [r.exit_code for r in ends] == [0, 0] and ends[0].stdout == ends[1].stdout, ends[1].output
    result = runner.invoke(app, ["solve", *files, "--secret", "crust", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["secret"] == "crust" and data["turns"][-1]["reply"] == "GGGGG"
    result = runner.invoke(app, ["solve", *files, "--secret", "crust"])
    assert "solved" in result.stdout and "candidate" in result.stdout


def test_play_refuses_invalid_guesses_without_a_turn(tmp_path):
    words = WORDLE_SMALL[:60]
    rng = np.random.default_rng(7)
    secret = words[int(rng.integers(len(words)))]
    result = runner.invoke(app, ["play", "--seed", "7", *list_file(tmp_path, words)],
                           input=f"zzzzz\ntoolong\n{secret}\n")
    assert result.exit_code == 0, result.output
    assert result.stderr.count("no turn used") == 2
    assert "solved in 1!" in result.stdout and "1/6" in result.stdout and "🟩🟩🟩🟩🟩" in result.stdout


def test_play_against_evil_host(tmp_path):
    words = WORDLE_SMALL[:60]
    puzzle = Puzzle(get_game("wordle"), words, words)
    game = HostedGame(puzzle, get_host("evil"), max_guesses=100)
    played = 0
    while not game.won:
        game.guess(puzzle.answers[int(game.boards[0][0])])
        played += 1
    assert played >= 2 and game.share_text("t").startswith("t ")
    result = runner.invoke(app, ["play", "--host", "evil", *list_file(tmp_path, words)], input="crate\nquit\n")
    assert result.exit_code == 0 and "host evil" in result.stdout
    assert "(∞ guesses" in result.stdout and "X/∞" in result.stdout


def scripted_lines(game, words, secret, typed=None) -> tuple[list[str], int]:
    """Return the input lines that solve `secret` taking every suggestion (or typing `typed(guess)`
    instead of Enter), and the number of guesses that takes."""
    start = game.starting_candidates(words)
    assistant = Assistant(Puzzle(game, start, start), get_strategy("entropy"))
    lines = []
    while not assistant.solved:
        guess = assistant.suggestions(1)[0].guess
        lines += [typed(guess) if typed else "", game.format_reply(game.feedback(guess, secret))]
        assistant.report(guess, lines[-1])
    return lines, len(assistant.history)


def test_sutom_asks_length_and_first_letter_again_until_valid(tmp_path):
    game = get_game("sutom", length=6, first="m")
    lines, turns = scripted_lines(game, SUTOM, "mouton")
    answers = ["six", "1", "6", "mm", "", "m"]  # refused, refused, length 6; refused twice, then M
    result = runner.invoke(app, ["solve", "--game", "sutom", *list_file(tmp_path, SUTOM)],
                           input="\n".join(answers + lines) + "\n")
    assert result.exit_code == 0, result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 4 and "not a whole number" in errors[0] and "2 to 40 letters, not 1" in errors[1]
    assert "one letter" in errors[2] and "one letter" in errors[3]
    assert "BATEAU" not in result.stdout  # the first letter narrowed the candidates
    assert f"solved in {turns}: MOUTON" in result.stdout


def test_sutom_asks_again_when_no_word_has_that_length(tmp_path):
    game = get_game("sutom", length=6, first="m")
    lines, turns = scripted_lines(game, SUTOM, "mouton")
    answers = ["29", "m", "6", "m"]  # no 29-letter word: both asked again
    result = runner.invoke(app, ["solve", "--game", "sutom", *list_file(tmp_path, SUTOM)],
                           input="\n".join(answers + lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "answer again" in result.stderr and f"solved in {turns}: MOUTON" in result.stdout


def test_mastermind_asks_pegs_and_colours(tmp_path):
    game = get_game("mastermind", pegs=3, colours=5)
    lines, turns = scripted_lines(game, game.generated_words(), "513")
    result = runner.invoke(app, ["solve", "--game", "mastermind"], input="\n".join(["x", "3", "5"] + lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "not a whole number" in result.stderr
    assert "125 candidates left" in result.stdout and f"solved in {turns}: 513" in result.stdout


def test_termo_words_typed_without_accents_are_shown_with_them(tmp_path):
    game = get_game("termo")
    lines, turns = scripted_lines(game, TERMO, "pódio", typed=game.fold)
    assert any(not line.isascii() for line in TERMO) and all(line.isascii() for line in lines[::2])
    result = runner.invoke(app, ["solve", "--game", "termo", *list_file(tmp_path, TERMO)],
                           input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert f"solved in {turns}: PÓDIO" in result.stdout and " Ó " in result.stdout


def test_play_sutom_reveals_the_first_letter(tmp_path):
    result = runner.invoke(app, ["play", "--game", "sutom", "--seed", "1", *list_file(tmp_path, SUTOM)],
                           input="bateau\nquit\n")
    assert result.exit_code == 0, result.output
    first = result.stdout.split("starting with ", 1)[1][0]
    expected = "no turn used" if first != "B" else "solved in 1"
    assert expected in result.output


@pytest.mark.parametrize(("mode", "reason"), [("hard", "hard mode: letter 1 must be C"),
                                              ("strict", "strict mode: ABASE contradicts")])
def test_mode_refusals_in_solve_and_play(tmp_path, mode, reason):
    files = list_file(tmp_path, WORDLE_SMALL)
    script = ["crate", "G....", "abase", "quit"]  # ABASE breaks the rule after CRATE G....
    result = runner.invoke(app, ["solve", "--mode", mode, *files], input="\n".join(script) + "\n")
    assert result.exit_code == 0, result.output
    assert reason in result.stderr and "Traceback" not in result.output
    if mode == "hard":
        game = get_game("wordle")
        secret = next(w for w in WORDLE_SMALL if w[0] == "c" and w != "crate")
        seed = next(s for s in range(500) if WORDLE_SMALL[int(np.random.default_rng(s).integers(len(WORDLE_SMALL)))] == secret)
        reply = game.format_reply(game.feedback("crate", secret))
        result = runner.invoke(app, ["play", "--mode", "hard", "--seed", str(seed), *files],
                               input="crate\nabase\nquit\n")
        assert result.exit_code == 0, result.output
        assert "must be C" in result.stderr and "no turn used" in result.stderr
        assert "guess 2:" in result.stdout and "guess 3:" not in result.stdout and reply in result.stdout


def test_quit_at_the_reply_prompt_ends_the_session(tmp_path):
    result = runner.invoke(app, ["solve", *list_file(tmp_path, WORDLE_SMALL)], input="crate\nquit\ncrate\nG....\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("your guess") == 1 and "G...." not in result.stdout


def test_keyboard_shows_each_letter_at_its_best_mark(monkeypatch):
    monkeypatch.setattr("wordguess.cli.render.in_colour", lambda: True)
    game = get_game("wordle")
    session = HostedGame(Puzzle(game, WORDLE_SMALL, WORDLE_SMALL), get_host("fixed", secret="cigar"))
    for word in ("crate", "cigar"):
        session.guess(word)
    assert session.letter_states() == [{"c": "G", "r": "G", "a": "G", "t": ".", "e": ".", "i": "G", "g": "G"}]
    board = keyboard(game, session.letter_states()[0])
    styles = {board.plain[span.start:span.end].strip(): span.style for span in board.spans}
    assert styles["C"] == TILE_STYLES["G"] and styles["T"] == "grey30" and "Q" not in styles
    assert session.share_text("t").splitlines()[2:] == ["🟩🟨🟨⬛⬛", "🟩🟩🟩🟩🟩"]
    monkeypatch.setattr("wordguess.cli.render.in_colour", lambda: False)  # NO_COLOR, a pipe: the marks
    plain = keyboard(game, {"c": "G", "r": "Y", "t": "."}).plain
    assert "[C]" in plain and "(R)" in plain and " T " not in plain and " Q " in plain and not keyboard(game, {}).spans


def test_boards_without_colour_show_every_mark(tmp_path):
    words = list_file(tmp_path, WORDLE_SMALL)
    result = runner.invoke(app, ["play", "--game", "dordle", *words, "--seed", "1"], input="crate\nquit\n",
                           env={"NO_COLOR": "1"})
    row = next(line for line in result.stdout.splitlines() if line.startswith(" 1 CRATE"))
    assert row.count("CRATE") == 2 and len(row.split()) == 5  # 1, then each board's letters and marks
    keys = result.stdout.split("Q ")[1].splitlines()[1]
    assert set(keys.replace(" ", "")) <= set("GY.-") and "-" in keys


def test_a_refused_reply_asks_again_for_the_same_guess(tmp_path):
    script = ["crate", "YYGG", "GG..."]  # CRATE's reply refused, then given: CRATE is played
    result = runner.invoke(app, ["solve", *list_file(tmp_path, WORDLE_SMALL)], input="\n".join(script) + "\nquit\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("reply to CRATE") == 2 and "GG..." in result.stdout
    assert "error: reply 'YYGG'" in result.stderr


def test_one_candidate_left_is_announced_as_solved(tmp_path):
    result = runner.invoke(app, ["solve", *list_file(tmp_path, WORDLE_SMALL)], input="crate=GG...\n")
    assert result.exit_code == 0
    result = runner.invoke(app, ["solve", "--history", "cigar=GGGGG"])
    assert result.exit_code == 0 and "solved in 1: CIGAR" in result.stdout
    assert "AAHED" not in result.stdout


def test_play_help_undo_and_adversary_counts(tmp_path):
    files = list_file(tmp_path, WORDLE_SMALL)
    result = runner.invoke(app, ["play", *files, "--seed", "1"], input="help\nundo\ncrate\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    assert "take back" in result.stdout and "nothing to undo" in result.stderr and "took back CRATE" in result.stdout
    assert "the word was" in result.stdout
    result = runner.invoke(app, ["play", *files, "--host", "absurdle"], input="crate\nquit\n")
    assert result.exit_code == 0 and "still possible" in result.stdout
    assert "wordguess absurdle (wordle)" in result.stdout


@pytest.mark.parametrize(("length", "secret"), [(4, "noon"), (8, "assessed")])
def test_full_solve_of_other_lengths_with_the_bundled_lists(length, secret):
    game = get_game("wordle", length=length)
    assistant = Assistant(Puzzle(game, *game_words(game)), get_strategy("entropy"))
    lines = []
    while not assistant.solved:  # the same session, computed ahead: Enter takes the suggestion
        guess = assistant.suggestions(1)[0].guess
        lines += ["", game.format_reply(game.feedback(guess, secret))]
        assistant.report(guess, lines[-1])
    result = runner.invoke(app, ["solve", "--length", str(length)], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert f"solved in {len(assistant.history)}" in result.stdout and secret.upper() in result.stdout


def test_nerdle_guess_typed_alone_or_with_its_reply(tmp_path):
    """A Nerdle guess has its own '=': typed alone it asks for the reply; GUESS=REPLY splits at
    the last '='."""
    game = get_game("nerdle", length=6)
    reply = game.format_reply(game.feedback("4*7=28", "18/9=2"))
    lines = ["4*7=28", reply, f"10-3=7={game.format_reply(game.feedback('10-3=7', '18/9=2'))}", "quit"]
    result = runner.invoke(app, ["solve", "--game", "nerdle", "--length", "6"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "reply to 4*7=28" in result.stdout
    assert result.stdout.count("candidates left") >= 2 or "the word is" in result.stdout


def test_fibble_play_and_solve_with_a_lying_host(tmp_path):
    """play --seed draws the secret and the lies from the seed; solve takes the shown replies."""
    words = list_file(tmp_path, WORDLE_SMALL[:60])
    first = runner.invoke(app, ["play", "--game", "fibble", "--seed", "5", *words], input="crate\nquit\n")
    again = runner.invoke(app, ["play", "--game", "fibble", "--seed", "5", *words], input="crate\nquit\n")
    assert first.exit_code == 0, first.output
    assert first.stdout == again.stdout and "the word was" in first.stdout
    game = get_game("fibble")
    secret = WORDLE_SMALL[7]
    shown = game.format_reply(game.show(game.feedback("crate", secret), np.random.default_rng(1)))
    result = runner.invoke(app, ["solve", "--game", "fibble", *words, "--history", f"crate={shown}"])
    assert result.exit_code == 0, result.output
    assert "candidates left" in result.stdout or "the word is" in result.stdout


@pytest.mark.parametrize(("p", "text"), [(0.0, "0%"), (1.0, "100%"), (0.00043, "0.043%"), (0.9996, ">99.9%"),
                                         (0.00000001, "<0.01%"), (0.125, "12.5%"), (0.0999, "10.0%")])
def test_percentages_never_read_as_another_value(p, text):
    assert percent(p) == text


@pytest.mark.parametrize("strategy", ["entropy", "minimax", "fewest-guesses"])
def test_suggestions_below_the_choice_are_sorted_by_guesses_to_finish(strategy):
    puzzle = Puzzle(get_game("wordle"), WORDLE_SMALL, WORDLE_SMALL)
    assistant = Assistant(puzzle, get_strategy(strategy))
    for turn in ([], [("crate", "....."), ]):
        for guess, reply in turn:
            assistant.report(guess, reply)
        rows = assistant.suggestions(5)
        ids = np.array([puzzle.answers.index(w) for w in assistant.candidate_words], dtype=np.int64)
        assert rows[0].guess == puzzle.guesses[get_strategy(strategy).choose(puzzle, one_board(puzzle, ids, assistant.history))]
        rest = [s.guesses_to_finish for s in rows[1:]]
        assert rest == sorted(rest) and all(s.guesses_to_finish >= 1 for s in rows)
        # The same rows whatever the count asked for (the sort draws from the same pool).
        assert [s.guess for s in assistant.suggestions(3)] == [s.guess for s in rows[:3]]


def test_no_turn_after_a_win(tmp_path):
    result = runner.invoke(app, ["solve", *list_file(tmp_path, WORDLE_SMALL), "--history", "cigar=GGGGG;rebut=....."])
    assert result.exit_code == 2 and "no turn comes after a win" in result.stderr
    assistant = Assistant(Puzzle(get_game("wordle"), WORDLE_SMALL, WORDLE_SMALL), get_strategy("entropy"))
    assistant.report("cigar", "GGGGG")
    with pytest.raises(ReplyError, match="after a win"):
        assistant.report("rebut", ".....")
    assert len(assistant.history) == 1


def test_end_of_input_ends_the_line(tmp_path):
    result = runner.invoke(app, ["solve", *list_file(tmp_path, WORDLE_SMALL)], input="crate\n")
    assert result.exit_code == 0 and result.stdout.endswith("reply to CRATE: \n")


def open_assistant(rules=None) -> Assistant:
    """Return an assistant in an open world of WORDLE_SMALL (every word a possible secret)."""
    puzzle = Puzzle(get_game("wordle"), WORDLE_SMALL, WORDLE_SMALL, weights=np.ones(len(WORDLE_SMALL)), store=None)
    return Assistant(puzzle, get_strategy("entropy"), rules)


def test_cancel_and_undo_take_back_a_word_in_no_list():
    assistant = open_assistant()
    start = (list(assistant.candidate_words), list(assistant.puzzle.guesses))
    assistant.resolve("qzxvw")  # typed: a possible secret while its reply is asked
    assert "qzxvw" in assistant.candidate_words
    assistant.cancel()
    assert (assistant.candidate_words, list(assistant.puzzle.guesses)) == start
    assistant.report("crate", ".....")
    before = list(assistant.candidate_words)
    assistant.report("qzxvw", ".....")
    assistant.undo()  # the turn before it counts it a possible secret no more
    assert assistant.candidate_words == before and "qzxvw" not in assistant.puzzle.guesses
    assistant.undo()
    assert (assistant.candidate_words, list(assistant.puzzle.guesses)) == start


def test_a_word_in_no_list_stays_while_a_turn_plays_it():
    assistant = open_assistant()
    assistant.report("qzxvw", ".....")
    after = list(assistant.candidate_words)
    assistant.report("qzxvw", ".....")  # played again: not admitted again
    assistant.undo()
    assert assistant.candidate_words == after and "qzxvw" in assistant.puzzle.guesses
    assistant.cancel()  # nothing pending: nothing taken back
    assert assistant.candidate_words == after


def test_a_refused_turn_takes_back_the_word_in_no_list_it_added():
    assistant = open_assistant()
    start = list(assistant.candidate_words)
    with pytest.raises(ReplyError):
        assistant.report("qzxvw", "GGXQ.")
    assert assistant.candidate_words == start and "qzxvw" not in assistant.puzzle.guesses
    assistant.resolve("qzxvw")  # pending at its reply prompt: a refused reply keeps it
    with pytest.raises(ReplyError):
        assistant.report("qzxvw", "GGXQ.")
    assert "qzxvw" in assistant.candidate_words
    hard = Assistant(Puzzle(get_game("wordle"), WORDLE_SMALL, WORDLE_SMALL, weights=np.ones(len(WORDLE_SMALL)),
                            mode="hard", store=None), get_strategy("entropy"))
    hard.report("crate", "G....")
    before = list(hard.candidate_words)
    with pytest.raises(WordError, match="hard mode"):
        hard.resolve("qzxvw")
    assert hard.candidate_words == before and "qzxvw" not in hard.puzzle.guesses


def test_undo_takes_back_a_word_in_no_list_on_every_board():
    assistant = open_assistant(get_game("quordle"))
    start = [b.tolist() for b in assistant.boards]
    assistant.report("qzxvw", " ".join(["....."] * 4))
    assistant.undo()
    assert [b.tolist() for b in assistant.boards] == start


def test_interactive_cancel_and_undo_drop_a_word_in_no_list(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDLE_SMALL) + "\n", encoding="utf-8")
    script = ["qzxvw", "cancel",  # dropped at its reply prompt
              "crate=.....", "qzxvw", ".....", "undo", "list", "quit"]
    result = runner.invoke(app, ["solve", "--guesses", str(words), "--world", "open"], input="\n".join(script) + "\n")
    assert result.exit_code == 0, result.output
    counts = [line.split()[0] for line in result.stdout.splitlines() if "candidates left" in line]
    assert counts[:2] == [f"{len(WORDLE_SMALL):,}"] * 2  # the start, and after cancel
    assert counts[3] != counts[2] and counts[4] == counts[2]  # QZXVW's turn, then undone
    assert "QZXVW" not in result.stdout.split("took back QZXVW")[1]  # not listed among the candidates


def test_quit_at_an_options_question_ends_the_session():
    result = runner.invoke(app, ["solve", "--game", "sutom"], input="quit\n")
    assert result.exit_code == 0 and "not a whole number" not in result.output


def test_sutom_shares_with_its_own_squares_which_read_back():
    """Sutom's share text draws its own squares (red right, a yellow circle elsewhere, blue absent),
    which its notation reads back as the replies played."""
    game = get_game("sutom", length=5)
    words = ["saler", "sable", "sabre"]
    session = HostedGame(Puzzle(game, words, words), get_host("fixed", secret="sabre"))
    for word in ("saler", "sabre"):
        session.guess(word)
    rows = session.share_text("t").splitlines()[2:]
    assert rows == ["🟥🟥🟦🟡🟡", "🟥🟥🟥🟥🟥"]
    assert [game.parse_reply(row) for row in rows] == [reply for _, reply in session.history]


def test_esc_esc_cancels_at_once_at_a_terminal(tmp_path):
    """At a terminal (a pseudo-terminal here), Esc Esc types `cancel` and Enter without waiting
    for another key, also under Debian's /etc/inputrc, whose Alt+arrow bindings begin with Esc
    Esc: the prompt returns `cancel` with no Enter sent."""
    import os
    import pty
    import select
    import subprocess
    import sys

    inputrc = tmp_path / "inputrc"
    inputrc.write_text('"\\e\\e[C": forward-word\n"\\e\\e[D": backward-word\n')
    code = "from wordguess.cli.common import ask\nprint('GOT', repr(ask('reply: ')), flush=True)\n"
    leader, follower = pty.openpty()
    env = {**os.environ, "INPUTRC": str(inputrc), "XDG_STATE_HOME": str(tmp_path), "TERM": "xterm"}
    child = subprocess.Popen([sys.executable, "-c", code], stdin=follower, stdout=follower, stderr=follower, env=env)
    os.close(follower)
    seen = b""

    def read_until(text: bytes) -> bool:
        nonlocal seen
        while text not in seen:
            ready, _, _ = select.select([leader], [], [], 120)  # a bound on a hang, not a timing
            if not ready:
                return False
            try:
                seen += os.read(leader, 1024)
            except OSError:  # the child has ended
                return text in seen
        return True

    try:
        assert read_until(b"reply: "), seen
        os.write(leader, b"G.Y\x1b\x1b")  # no Enter
        assert read_until(b"GOT 'cancel'"), seen
    finally:
        child.kill()
        child.wait()
        os.close(leader)


@pytest.mark.parametrize("colour", [True, False])
def test_eight_boards_fit_a_small_terminal(colour, monkeypatch):
    """Octordle after 12 guesses in an 80x24 terminal (the banner's two lines above): every
    board's column is drawn within the 22 lines left, the prompt's line included, in colour with
    all 12 guesses; without colour (wider cells) the last guesses that fit, saying how many are
    left out. A tall terminal keeps the full layout."""
    from wordguess.cli import boards as drawn
    from wordguess.games import get_multiboard

    monkeypatch.setattr(drawn, "in_colour", lambda: colour)
    rules = get_multiboard("octordle")
    secrets = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade"]
    words = ["soare", "clint", "humpy", "gawky", "dwelt", "fjord", "bumpy", "vixen", "quack", "zesty", "chirp",
             "waltz"]
    turns = [(w, tuple(rules.board.feedback(w, s) for s in secrets)) for w in words]
    states, solved = [{} for _ in secrets], [False] * len(secrets)
    view = drawn.boards_view(rules, turns, states, solved, 80, 22)
    lines = view.wrap(drawn.out, 80)
    assert len(lines) <= 22 and max(line.cell_len for line in lines) <= 80
    shown = view.plain
    assert all(f"#{b}" in shown for b in range(1, 9))
    if colour:
        assert all(w.upper() in shown for w in words) and "not shown" not in shown
    else:
        assert "WALTZ" in shown and "not shown: the terminal is too short" in shown
    tall = drawn.boards_view(rules, turns, states, solved, 80, 60).plain
    assert tall == (drawn.board_grid(rules, turns) + "\n" + drawn.board_keyboard(rules, states, solved) + "\n").plain


def test_leetcode_play_lists_its_words():
    """LeetCode 843 takes only its list's words: `play` offers `list` (as `solve` does) to show
    the 100 words; a game that takes any word of its language offers no such command."""
    result = runner.invoke(app, ["play", "--game", "leetcode", "--seed", "1"], input="help\nlist\nquit\n")
    assert result.exit_code == 0, result.output
    words = game_words(get_game("leetcode"))[0]
    assert len(words) == 100 and "Commands: list, " in result.stdout and "list show the words you may guess" in result.stdout
    assert all(w.upper() in result.stdout for w in words)
    wordle = runner.invoke(app, ["play", "--seed", "1"], input="quit\n")
    assert wordle.exit_code == 0 and "list" not in wordle.stdout.split("Commands:")[1].splitlines()[0]
