"""Every `wordguess` command the README shows runs as written and prints what the README says of
it: the quick ones in `make test`, the long ones (proofs, thousands of games) with `-m slow`; a
command added to the README runs with the quick ones unless listed in SLOW."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordguess.cli import app

README = Path(__file__).resolve().parent.parent / "README.md"
runner = CliRunner()

# What the README says a command prints (its comment's claim), as fragments of its output.
CLAIMS = {
    "wordguess feedback epees geese": ["Y.GYY"],
    "wordguess feedback --game mastermind 1122 2211": ["0,4"],
    "wordguess feedback --game bulls 1028 8120": ["1,3"],
    "wordguess feedback --game leetcode ccbazz acckzz": ["3"],
    "wordguess feedback --game nerdle 10+20=30 12+18=30": ["G.GY.GGG"],
    "wordguess solve --history \"rizzy=.....\"": ["in no list"],
    "wordguess games": ["wordle --language de", "wordle --language ca"],
    "wordguess analyze --game quordle --secret cigar,rebut,sissy,humph soare clint rebut cigar sissy humph":
        ["board #4 HUMPH: solved at guess 6", "won in 6 of 9 guesses", "fewest-total-safe strategy (opening SLATE) needed 6"],
    "wordguess optimal --first salet": ["7920"],
    "wordguess optimal --first salet --mode hard": ["8122"],
    "wordguess optimal --game mastermind --first 1111": ["6318"],
    "wordguess analyze --mode hard --secret cigar raise cigar": ["can lose", "gave up a sure win", "SALET kept every one winnable"],
    "wordguess openers --answers wordle-answers-nyt --guesses wordle-guesses-nyt": ["TARSE      7,883"],
    "wordguess openers --mode hard --answers wordle-answers-nyt --guesses wordle-guesses-nyt --json": [
        '"best": "salet"', '"value": 8097', '"infeasible": 2124'],
    "wordguess openers --mode hard --top 5": ["SALET      8,122", "LEAST      8,127", "2,015 proven to have no tree within 6"],
    "wordguess optimal --game mastermind --first 1111 --no-certificate": ["6318"],
    "wordguess optimal --first salet --objective worst": ["7920"],
    "wordguess optimal --game mastermind --all-openers": ["5625"],
    "wordguess optimal --game bulls --pegs 3 --all-openers": ["3575"],
    "wordguess optimal --game bulls --first 0123 --max-guesses 0": ["26274"],
    "wordguess optimal --game mastermind --objective worst --all-openers": ["5626"],
}
# Long runs: proofs over every opener, thousands of games, the whole Fibble list with lies.
SLOW = {
    "wordguess absurdle --prove", "wordguess absurdle --prove --mode hard --openers 20 --json",
    "wordguess evaluate --game fibble --seed 0", "wordguess optimal --length 8 --json",
    "wordguess evaluate --strategy lookahead --mode hard --plot hist.png --tree-out tree.json",
    "wordguess evaluate --game nerdle", "wordguess evaluate --game octordle --strategy joint-entropy",
    "wordguess optimal --first salet --objective worst", "wordguess optimal --game mastermind --all-openers",
    "wordguess optimal --game bulls --pegs 3 --all-openers", "wordguess optimal --game bulls --first 0123 --max-guesses 0",
    "wordguess optimal --openers 20 --workers 2", "wordguess evaluate --game quordle --games 10000 --workers 2 --json",
    "wordguess optimal --game mastermind --objective worst --all-openers",
    "wordguess optimal --objective worst --max-guesses 4 --time-limit 840",
    "wordguess optimal --game bulls --first 0123 --objective worst --max-guesses 7 --fewest-worst --workers 2",
    "wordguess equilibrium --game mastermind --pegs 2 --colours 3",
}
SKIPPED = {"wordguess serve": "a server: the web tests start it"}
SHARE = "⬛⬛🟩⬛🟩\n🟩⬛⬛⬛🟨\n🟩🟩🟩🟩🟩\n"  # what `pbpaste` gives in the README's example


def readme_commands() -> list[str]:
    """Return the README's command lines (indented code), each without its comment."""
    found = []
    for line in README.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^    ((?:pbpaste \| )?wordguess .*?)(?:\s+#.*)?$", line)
        if match:
            found.append(match.group(1).strip())
    return found


COMMANDS = readme_commands()


def test_every_readme_command_is_checked():
    assert len(COMMANDS) > 50
    assert not set(CLAIMS) - set(COMMANDS), "a claim for a command the README no longer shows"
    assert not (SLOW | set(SKIPPED)) - set(COMMANDS), "a classified command the README no longer shows"


def run_readme_command(command: str, tmp_path: Path, monkeypatch) -> None:
    if command in SKIPPED:
        pytest.skip(SKIPPED[command])
    monkeypatch.chdir(tmp_path)
    for name in ("new-words.txt", "past.txt", "my-words.txt"):
        (tmp_path / name).write_text("gizmo\ncigar\nhumph\n")
    text, stdin = command, "quit\n"
    if text.startswith("pbpaste | "):
        text, stdin = text.removeprefix("pbpaste | "), SHARE
    result = runner.invoke(app, shlex.split(text)[1:], input=stdin)
    printed = result.stdout + result.stderr
    assert result.exit_code == 0, (command, printed[-2000:])
    assert "Traceback" not in printed and result.exception is None or isinstance(result.exception, SystemExit)
    flowing = " ".join(printed.split())  # a sentence as said, however the terminal wrapped it
    for fragment in CLAIMS.get(command, []):
        assert any(fragment in text for text in (printed, printed.replace(",", ""), flowing, flowing.replace(",", ""))), (
            command, fragment, printed[-2000:])


@pytest.mark.parametrize("command", [c for c in COMMANDS if c not in SLOW])
def test_readme_command(command, tmp_path, monkeypatch):
    run_readme_command(command, tmp_path, monkeypatch)


@pytest.mark.slow
@pytest.mark.parametrize("command", [c for c in COMMANDS if c in SLOW])
def test_slow_readme_command(command, tmp_path, monkeypatch):
    run_readme_command(command, tmp_path, monkeypatch)
