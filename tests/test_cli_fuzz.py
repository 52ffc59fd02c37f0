"""Bad input never crashes, never hangs, never prints more than a line or two: a table of the
invocations that once did, and a hypothesis fuzz of argument lists, both through the real entry
point `wordguess.cli.main` (usage errors included)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import WORDLE_SMALL
from wordguess.cli import main

SECONDS = 60  # an invocation running longer than this is a hang


class Hang(Exception):
    pass


def run(argv: list[str], capsys) -> tuple[int, str, str]:
    """Return (exit code, stdout, stderr) of `wordguess ARGV`, failing on a hang."""

    def alarm(*_):
        raise Hang(f"wordguess {' '.join(argv)} ran over {SECONDS} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(SECONDS)
    try:
        with pytest.raises(SystemExit) as exited:
            main(argv)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    captured = capsys.readouterr()
    return exited.value.code or 0, captured.out, captured.err


def check_clean(argv, code, out, err) -> None:
    """Assert the run ended as bad input must: exit 0 or 2 (130 for Ctrl-C), no traceback, and
    an error in one or two lines."""
    assert code in (0, 2), (argv, code, out, err)
    assert "Traceback" not in out + err and "╭" not in err, (argv, err)
    if code == 2:
        assert err.startswith("error:") and err.count("\n") <= 2, (argv, err)


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fuzz")
    paths = {"small": folder / "small.txt", "binary": folder / "binary.json", "bom": folder / "bom.txt",
             "tree": folder / "tree.json", "missing": folder / "missing.txt", "dir": folder}
    paths["small"].write_text("\n".join(WORDLE_SMALL[:40]))
    paths["binary"].write_bytes(bytes(range(256)) * 4)
    paths["bom"].write_bytes("\ufeffcigar\nrebut\nsissy\n".encode())
    return {k: str(v) for k, v in paths.items()}


TABLE = [
    # (argv, expected exit code, a phrase of the message); FILE:x names a fixture file
    (["solve", "--seed", "-1", "--history", "raise=....."], 2, "greater than or equal to 0"),
    (["evaluate", "--seed", "-1", "--answers", "FILE:small"], 2, "greater than or equal to 0"),
    (["play", "--seed", "-1"], 2, "greater than or equal to 0"),
    (["evaluate", "--answers", "FILE:small", "--tree", "FILE:binary"], 2, "not text"),
    (["evil", "--answers", "FILE:small", "--tree", "FILE:binary"], 2, "not text"),
    (["evaluate", "--answers", "FILE:small", "--plot", "x.ro"], 2, ".png"),
    (["optimal", "--answers", "FILE:small", "--guesses", "FILE:small", "--max-guesses", "1", "--no-store"], 2,
     "within 1 guesses"),
    (["optimal", "--answers", "FILE:small", "--workers", "99999999999999999999", "--no-store"], 2, "workers"),
    (["optimal", "--answers", "FILE:small", "--executor", "rey", "--no-store"], 2, "executor"),
    (["solve", "--game", "mastermind", "--pegs", "8", "--colours", "9", "--history", "11111111=0,0"], 2, "codes"),
    (["evaluate", "--game", "mastermind", "--pegs", "9", "--colours", "9"], 2, "codes"),
    (["evaluate", "--answers", "FILE:small", "--inconsistent-window", "125-4"], 2, "empty"),
    (["play", "--daily", "--seed", "3"], 2, "not both"),
    (["evaluate", "--game", "mastermind", "--sample", "0"], 2, "greater than or equal to 1"),
    (["evaluate", "--game", "fibble", "--sample", "-1"], 2, "greater than or equal to 1"),
    (["evaluate", "--game", "quordle", "--games", "99999999999999999999"], 2, "less than or equal to 1000000"),
    (["solve", "--game", "matches", "--length", "0"], 2, "1 to 40 letters"),
    (["solve", "--game", "sutom", "--length", "99"], 2, "2 to 40 letters"),  # before asking the first letter
    (["solve", "--game", "sutom", "--length", "13", "--first", "m"], 2, "the sutom list has words of 4 to 12 letters, not 13"),
    (["solve", "--game", "sutom", "--length", "1"], 2, "sutom words have 2 to 40 letters, not 1"),
    (["feedback"], 2, "Missing argument"),
    (["evaluate", "--no-such-option"], 2, "No such option"),
    (["evaluate", "--sample", "x"], 2, "valid integer"),
    (["nosuchcommand"], 2, "No such command"),
    (["filter", "raise"], 2, "GUESS=REPLY"),
    (["filter", "--answers", "FILE:missing", "raise=....."], 2, "no such file"),
    (["filter", "--answers", "FILE:dir", "raise=....."], 2, "is a directory: a word list is a file"),
    (["solve", "--world", "open", "--add-words", "FILE:dir", "--history", "raise=....."], 2, "is a directory"),
    (["solve", "--history", "crate=GG...;crust=GGGGG"], 2, "contradicts"),
    # Found by the fuzz below: the list's note on skipped words came before the refusal.
    (["analyze", "--no-store", "--game", "jotto", "--answers", "FILE:small"], 2, "give the game one way"),
    (["solve", "--game", "mastermind", "--history", "1122=1,1"], 0, "candidates left"),
    (["solve", "--game", "mastermind", "--history", "1122=1,1,3456=0,2"], 0, "candidates left"),
    (["solve", "--history", "raise=GGGGG"], 0, "solved in 1: RAISE"),
    (["evaluate", "--max-guesses", "3"], 2, "--max-guesses is for multi-board games"),
    (["solve", "--answers", "/nonexistent/file.txt", "--history", ""], 2, "no such file: '/nonexistent/file.txt'"),
    (["solve", "--answers", "wordle-answer", "--history", ""], 2, "did you mean wordle-answers"),
    (["play", "--length", "-5"], 2, "wordle words have 4 to 11 letters, not -5"),
    (["equilibrium", "--show", "-1"], 2, "greater than or equal to 0"),
    (["analyze", "--history", "a=G"], 2, "1 letter, wordle words have 5"),
    (["solve", "--game", "sutom", "--length", "6", "--first-letter", "a", "--history", ""], 0, "candidates left"),
    (["analyze", "--share", "FILE:dir", "raise"], 2, "is a directory"),
    (["evaluate", "--max-guesses", "-3"], 2, "--max-guesses is for multi-board games"),
    (["evaluate", "--boards", "2", "--sample", "3"], 2, "--boards is for multi-board games"),
    (["filter", "--answers", "FILE:bom", "--guesses", "wordle-guesses", "cigar=GGGGG"], 0, "CIGAR"),
    (["--version"], 0, "wordguess"),
    (["-h"], 0, "Usage"),
    (["evaluate", "-h"], 0, "--strategy"),
    (["games"], 0, "mastermind"),
    (["strategies"], 0, "lookahead"),
]


@pytest.mark.parametrize(("argv", "code", "phrase"), TABLE, ids=[" ".join(a)[:50] for a, _, _ in TABLE])
def test_known_cases(argv, code, phrase, files, capsys):
    argv = [files[a[5:]] if a.startswith("FILE:") else a for a in argv]
    got, out, err = run(argv, capsys)
    check_clean(argv, got, out, err)
    assert got == code, (argv, out, err)
    assert phrase.lower() in (out + err).lower(), (argv, out, err)


COMMANDS = [["feedback"], ["filter"], ["solve", "--history"], ["evaluate", "--sample", "3"],
            ["first-guesses", "--count", "2"], ["evil"], ["tree", "--out", "/dev/null"], ["lists"],
            ["optimal", "--node-limit", "200", "--no-store", "--openers", "1"],
            ["analyze", "--budget", "0.5", "--no-store"], ["openers", "--top", "3"]]
OPTIONS = ["--game", "--mode", "--strategy", "--length", "--first", "--pegs", "--colours", "--seed", "--ties",
           "--inconsistent-window", "--width", "--max-guesses", "--json", "--any", "--count", "--host", "--secret", "--history", "--share", "--budget", "--world"]
VALUES = ["wordle", "mastermind", "jotto", "sutom", "termo", "matches", "hard", "strict", "normal", "entropy",
          "lookahead", "minimax", "random", "-1", "0", "1", "2", "3", "7", "99999999999999999999", "", "=",
          "raise", "raise=.....", "cigar=GGGGG", "1122=1,1", "GGGGG", "crane", "zzzzz", "4-125", "5-1", "a",
          "💥", "list", "candidates", "evil", "absurdle", "1,1;2", "ações", "open", "closed", "auto", "🟩⬛🟨⬛⬛",
          "-"]


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(command=st.sampled_from(COMMANDS),
       extra=st.lists(st.one_of(st.sampled_from(OPTIONS), st.sampled_from(VALUES)), max_size=5))
def test_fuzzed_arguments_end_cleanly(command, extra, files, capsys):
    lists = [] if command[0] in ("feedback", "lists", "openers") else ["--answers", files["small"], "--guesses", files["small"]]
    argv = [*command, *extra, *lists]
    code, out, err = run(argv, capsys)
    check_clean(argv, code, out, err)


WORDGUESS = str(Path(sys.executable).with_name("wordguess"))


def test_a_closed_pipe_ends_quietly():
    done = subprocess.run(f"'{WORDGUESS}' first-guesses --count 3000 | head -1; exit ${{PIPESTATUS[0]}}",
                          shell=True, executable="/bin/bash", capture_output=True, text=True, timeout=SECONDS)
    assert done.returncode == 0 and done.stderr == "" and done.stdout.count("\n") == 1


def test_ctrl_c_in_play_shows_the_word_on_a_new_line(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("\n".join(WORDLE_SMALL[:40]))
    # A job started in the background inherits SIGINT ignored (and Python then leaves it so):
    # the child gets the default back, as in a terminal.
    proc = subprocess.Popen([WORDGUESS, "play", "--answers", str(words), "--guesses", str(words), "--seed", "4"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + SECONDS
    while time.monotonic() < deadline and not proc.stdout.readline().startswith("Wordle"):
        pass  # wait for the banner: the game is set up and waiting for a guess
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=SECONDS)  # before communicate, which would close stdin (an end of input)
    out, err = proc.communicate(timeout=SECONDS)
    assert proc.returncode == 130 and "the word was" in out and "Traceback" not in err


def degenerate_values(tmp_path, full: bool) -> None:
    """Run tests/cli_degenerate.py (every numeric option of every command at 0, 1, -1, 2 and a
    huge value; each game's own options with every game) in a subprocess, so that a signal death
    fails the test and names the case that died."""
    words, progress = tmp_path / "w.txt", tmp_path / "progress"
    words.write_text("\n".join(WORDLE_SMALL[:40]))
    driver = Path(__file__).with_name("cli_degenerate.py")
    done = subprocess.run([sys.executable, str(driver), str(progress), str(words), *(["--full"] if full else [])],
                          capture_output=True, text=True, timeout=3600, env={**os.environ, "COLUMNS": "100"})
    died = progress.read_text() if progress.exists() else "before the first case"
    assert done.returncode == 0, f"exit {done.returncode} (a signal: {done.returncode < 0}) in {died}"
    assert died == "done"
    assert done.stdout == "", "cases that did not end cleanly:\n" + done.stdout


def test_degenerate_values_end_cleanly(tmp_path):
    degenerate_values(tmp_path, full=False)


@pytest.mark.slow
def test_degenerate_values_with_every_games_lists_end_cleanly(tmp_path):
    degenerate_values(tmp_path, full=True)


def test_a_pasted_run_of_thousands_of_letters_is_not_echoed_whole(capsys):
    """A word of 5,000 letters is refused in one short line: its first 40 letters and its length."""
    for argv in (["solve", "--secret", "a" * 5000], ["solve", "--history", "a" * 5000 + "=....."],
                 ["feedback", "b" * 5000, "crane"]):
        got, out, err = run(argv, capsys)
        assert got == 2 and "(5,000 characters)" in err and len(err) < 200, (argv[:2], err[:300])


@pytest.mark.parametrize(("argv", "stdin", "code"), [
    (["solve"], "abc\n", 2), (["solve"], "crane\n.....\n", 0), (["play", "--seed", "1"], "ab\ncrane\n", 2),
    (["solve", "--game", "quordle"], "crane\nGGGGG ..... ..... xxxxx\n", 2)])
def test_a_script_whose_input_had_a_refused_line_ends_with_exit_code_2(argv, stdin, code, capsys, monkeypatch):
    """A session reading a script (not a terminal) goes on after a refused line, its state kept,
    and ends with exit code 2 and a line counting the refused ones; with none refused, 0."""
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    got, out, err = run(argv, capsys)
    assert got == code, (out[-300:], err)
    assert ("of the input was refused" in err) == (code == 2)
