"""Every `wordguess` command that the README and the pages of docs/ show (an indented code line)
runs as written and prints what they say of it: the quick ones in `make test`, the long ones
(proofs, thousands of games) with `-m slow`, each listed in SLOW with its reason. A command that
cannot run in a test is listed in SKIPPED with its reason. A command added to a page runs with
the quick ones unless it is listed in one of them."""

from __future__ import annotations

import random
import re
import shlex
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from wordguess import load_words
from wordguess.cli import app

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
RESULTS = ROOT / "docs" / "results.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
runner = CliRunner()

# What a page says a command prints (its comment's claim, or the figures of its table), as
# fragments of its output.
CLAIMS = {
    "wordguess feedback epees geese": ["Y.GYY"],
    "wordguess optimal --answers wordle-guesses-nyt --guesses wordle-guesses-nyt --mode hard --objective worst "
    "--max-guesses 8 --first salet": ["its reply Y.GYY leaves 12 secrets that no tree finishes within 7 more"],
    "wordguess optimal --answers wordle-guesses-nyt --guesses wordle-guesses-nyt --mode hard --objective worst "
    "--max-guesses 7 --first thump": ["no tree finishes every secret within 7 guesses for this first guess: its reply "
                                      "..YYY leaves 30 secrets that no tree finishes within 6 more"],
    "wordguess optimal --answers wordle-guesses-nyt --guesses wordle-guesses-nyt --mode hard --objective worst "
    "--max-guesses 7 --first plink --per-reply 5": ["its reply ..YYY leaves 50 secrets that no tree finishes within 6"],
    "wordguess feedback --game mastermind 1122 2211": ["0,4"],
    "wordguess feedback --game bulls 1028 8120": ["1,3"],
    "wordguess feedback --game leetcode ccbazz acckzz": ["3"],
    "wordguess feedback --game nerdle 10+20=30 12+18=30": ["G.GY.GGG"],
    "wordguess solve --history \"rizzy=.....\"": ["in no list"],
    "wordguess games": ["wordle --language de", "wordle --language ca"],
    "wordguess analyze --game quordle --secret cigar,rebut,sissy,humph soare clint rebut cigar sissy humph":
        ["board #4 HUMPH: solved at guess 6", "won in 6 of 9 guesses", "fewest-total-safe strategy (opening SLATE) needed 6"],
    "wordguess analyze --mode hard --secret cigar raise cigar": ["can lose", "gave up a sure win", "SALET kept every one winnable"],
    "wordguess evaluate --length 9 --json": ['"first": "contrails"', '"total": 23875', '"mean": 2.6625'],
    "wordguess evaluate --answers wordle-answers-nyt --guesses wordle-answers-nyt --strategy entropy --mode strict":
        ["mean 3.6003", "worst 8"],
    "wordguess evaluate --answers wordle-answers-nyt --guesses wordle-answers-nyt --strategy entropy "
    "--inconsistent-window 4-125 --ties list": ["mean 3.5240", "worst 6"],
    "wordguess evaluate --game jotto --strategy expectation --mode strict": ["mean 6.1143", "worst 14"],
    "wordguess optimal --game jotto --mode strict --first cedar --no-store --time-limit 120":
        ["CEDAR", "upper bound only", "at least"],
    "wordguess optimal --game jotto2 --guesses jotto2 --mode strict --all-openers --store jotto2.sqlite --json":
        ['"first": "slate"', '"total": 6785', '"proven": true'],
    "wordguess evaluate --strategy entropy --mode hard": ["mean 3.6022", "worst 8", "total 8339", "failures (over 6): 7"],
    "wordguess evaluate --game bulls --strategy entropy": ["mean 5.2429", "worst 8", "total 26424"],
    "wordguess evaluate --language de": ["mean 3.4016", "worst 6"],
    "wordguess evaluate --strategy fewest-guesses": ["first guess SALET", "total 7,920", "worst 5"],
    "wordguess optimal --first salet": ["7920"],
    "wordguess optimal --first salet --mode hard": ["8122"],
    "wordguess optimal --first salet --no-certificate --no-store --json": ['"total": 7920', '"proven": true'],
    "wordguess optimal --first salet --mode hard --no-certificate --no-store --json": ['"total": 8122', '"proven": true'],
    "wordguess optimal --first salet --answers wordle-answers-nyt": ["total 7897"],
    "wordguess optimal --first salet --answers wordle-answers-nyt --mode hard": ["total 8099"],
    "wordguess optimal --first tarse --answers wordle-answers-nyt --guesses wordle-guesses-nyt --no-certificate "
    "--no-store --json": ['"total": 7883', '"proven": true'],
    "wordguess optimal --first tarse --answers wordle-answers-nyt --guesses wordle-guesses-nyt --mode hard "
    "--no-certificate --no-store --json": ['"total": 8123', '"proven": true'],
    "wordguess optimal --game mastermind --first 1111": ["6318"],
    "wordguess optimal --length 8 --time-limit 600": ["PANTRIES: 29,118 guesses in all", "proven optimal"],
    "wordguess optimal --game nerdle --no-store --json": ['"first": "52-34=18"', '"total": 53540', '"proven": true'],
    "wordguess optimal --game mastermind --first 1111 --no-certificate": ["6318"],
    "wordguess openers": ["SALET      7,920", "162 of the 12,972 openers exact"],
    "wordguess openers --answers wordle-answers-nyt --guesses wordle-guesses-nyt": ["TARSE      7,883"],
    "wordguess openers --mode hard --answers wordle-answers-nyt --guesses wordle-guesses-nyt --json": [
        '"best": "salet"', '"value": 8097', '"infeasible": 2124'],
    "wordguess openers --game mastermind --pegs 5 --colours 6 --top 3": ["11223     36,721", "5,400 of the 7,776"],
    "wordguess openers --mode hard --answers wordle-guesses-nyt --guesses wordle-guesses-nyt --max-guesses 7 --top 3": [
        "no opener but the 241 undecided finds every answer within 7", "14,614 of the 14,855 openers refuted",
        "ABAFT  >= 54,889"],
    "wordguess openers --mode hard --answers wordle-guesses --guesses wordle-guesses --max-guesses 7 --top 3": [
        "THUMP", "a tree of 58,715", "by a tree walked when it was built"],
    "wordguess optimal --answers wordle-guesses --guesses wordle-guesses --mode hard --objective worst --max-guesses 7 "
    "--first thump --node-limit 2000": ["worst case 7 proven", "THUMP's tree within 7 (58,715 guesses"],
    "wordguess openers --mode hard --top 5": ["SALET      8,122", "LEAST      8,127", "2,015 proven to have no tree within 6"],
    "wordguess optimal --first salet --objective worst": ["7920"],
    "wordguess optimal --game mastermind --all-openers": ["5625"],
    "wordguess optimal --game bulls --pegs 3 --all-openers": ["3575"],
    "wordguess optimal --game bulls --first 0123 --max-guesses 0": ["26274"],
    "wordguess optimal --game mastermind --objective worst --all-openers": ["5626"],
    "wordguess equilibrium --game mastermind --pegs 2 --colours 3": ["value 29/12 = 2.4167"],
    "wordguess equilibrium --answers w10.txt --guesses w10.txt": ["value 2 = 2.0000", "chooser: ", "of 10 secrets)"],
    "wordguess equilibrium --answers w10.txt": ["value 2 = 2.0000"],
    "wordguess tree --strategy entropy --out entropy.json": ["8,020 guesses in total"],
    "wordguess improve entropy.json --out soare.json": [
        "8,020 -> 7,997 guesses in all", "7,997 is the least total of any tree that opens with SOARE"],
    "wordguess improve entropy.json --root --workers 2 --out salet.json": [
        "SALET: 8,020 -> 7,920", "7,920 is the least total of any tree that opens with SALET"],
    "wordguess tree --strategy entropy --mode hard --out entropy-hard.json": ["8,339 guesses in total"],
    "wordguess improve entropy-hard.json --out soare-hard.json": [
        "8,339 -> 8,273", "past the limit of 6: 7 -> 1", "no tree within 6 guesses opens with SOARE"],
    "wordguess improve entropy-hard.json --root --out salet-hard.json": [
        "SALET: 8,339 -> 8,122", "8,122 is the least total of any tree that opens with SALET"],
}
# The tree files some commands read, each made first by the page's command that writes it.
TREE_FILES = {"entropy.json": "wordguess tree --strategy entropy --out entropy.json",
              "entropy-hard.json": "wordguess tree --strategy entropy --mode hard --out entropy-hard.json"}
LENGTH = "the exact search over the five most promising openers, up to 10 minutes"
# Long runs, each with its reason: proofs over many openers, thousands of games, whole lists
# played in the open world or against a lying host.
SLOW = {
    "wordguess optimal --answers wordle-guesses-nyt --guesses wordle-guesses-nyt --mode hard --objective worst "
    "--max-guesses 7 --first chomp": "7 s of search over the 14,855 words",
    "wordguess equilibrium --answers w200.txt --guesses w200.txt --save w200.jsonl": "2,000 best responses, twice",
    "wordguess equilibrium --game mastermind --save mm46.jsonl": "16 exact weighted searches over the 1,296 codes (75 s)",
    "wordguess optimal --game jotto2 --guesses jotto2 --mode strict --all-openers --store jotto2.sqlite --json":
        "ten minutes of search over every opener",
    "wordguess optimal --game jotto --mode strict --first cedar --no-store --time-limit 120": "two minutes of search",
    "wordguess evaluate --strategy lookahead --mode hard --plot hist.png --tree-out tree.json":
        "the lookahead tree over every answer in hard mode",
    "wordguess evaluate --game quordle --games 10000 --workers 2 --json": "10,000 games in each world",
    "wordguess evaluate --world open --json": "every one of the 14,855 allowed words played, with the guard",
    "wordguess evaluate --game termo --world open --json": "every one of Termo's 10,577 words played, with the guard",
    "wordguess evaluate --game quordle --world open --games 10000 --workers 2 --seed 0 --json":
        "10,000 open-world games with the never-lose check: about 13 minutes",
    "wordguess evaluate --game quordle --world open --games 10000 --workers 2 --seed 0 --strategy fewest-total --json":
        "10,000 open-world games: about 18 minutes",
    "wordguess evaluate --game nerdle": "every one of the 17,723 equations played",
    "wordguess optimal --game mastermind --pegs 4 --colours 7 --objective worst --all-openers":
        "every opener's least worst case proven: about 16 s on one core",
    "wordguess evaluate --game fibble --seed 0 --json": "every answer against the lying host: about 85 s",
    "wordguess evaluate --game fibble --seed 1 --json": "every answer against the lying host: about 85 s",
    "wordguess evaluate --game fibble --seed 2 --json": "every answer against the lying host: about 85 s",
    "wordguess absurdle --prove": "every first guess and every second guess searched",
    "wordguess absurdle --prove --openers 20": "every first guess and every second guess searched: about 35 s",
    "wordguess absurdle --prove --mode hard --openers 20 --json": "the hard-mode proof: about 11 minutes",
    "wordguess optimal --openers 20 --workers 2": "20 openers proven",
    "wordguess optimal --openers 30": "30 openers proven: about 4.5 minutes",
    "wordguess optimal --first palet --mode hard --max-guesses 5": "a proof of about 10 s",
    "wordguess optimal --game mastermind --all-openers": "every opener proven: about 30 s",
    "wordguess optimal --game mastermind --all-openers --max-guesses 5 --workers 2": "every opener within 5: about 27 s",
    "wordguess optimal --game bulls --pegs 3 --all-openers": "every opener of the 720 codes proven",
    "wordguess optimal --game bulls --first 0123 --max-guesses 0": "a proof of about 2 minutes",
    "wordguess optimal --first salet --objective worst": "the worst case, then the total within it: about 15 s",
    "wordguess optimal --game mastermind --objective worst --all-openers": "every opener at each depth: about 36 s",
    "wordguess optimal --game mastermind --objective worst --all-openers --no-store": "every opener at each depth: about 36 s",
    "wordguess optimal --objective worst --max-guesses 4 --time-limit 840": "every opener refuted within 3: 14 minutes",
    "wordguess optimal --length 4 --time-limit 600": LENGTH,
    "wordguess optimal --length 6 --time-limit 600": LENGTH,
    "wordguess optimal --length 7 --time-limit 600": LENGTH,
    "wordguess optimal --length 8 --time-limit 600": LENGTH,
    "wordguess optimal --length 9 --time-limit 600": LENGTH,
    "wordguess optimal --length 10 --time-limit 600": LENGTH,
    "wordguess optimal --length 11 --time-limit 600": LENGTH,
    "wordguess optimal --game nerdle --no-store --json": "the exact search on 17,723 equations",
    "wordguess optimal --game nerdle --length 6 --all-openers --json": "every opener of mini Nerdle: about 19 s",
    "wordguess optimal --game nerdle --all-openers --workers 2 --time-limit 600 --no-store":
        "every opener of classic Nerdle, stopped after 10 minutes",
    "wordguess improve entropy.json --root --workers 2 --out salet.json": "50 openers searched: about 2 minutes",
    "wordguess improve entropy-hard.json --root --out salet-hard.json": "47 openers searched: about a minute",
}
# Commands that cannot run in a test, each with its reason.
SKIPPED = {
    "wordguess serve": "a server: the web tests start it",
    "wordguess improve thumb8.json --max-guesses 8 --nodes 20000 --store hard8.sqlite --out thumb8-a.json":
        "minutes of search over the 14,855 words, on the tree scripts/grow_tree.py grows in 7 minutes",
    "wordguess improve thumb8-a.json --max-guesses 8 --nodes 200000 --store hard8.sqlite --time-limit 1800 "
    "--out thumb8-b.json": "30 minutes of search over the 14,855 words, on the tree of the command before it",
    "wordguess equilibrium --game mastermind --colours 7 --save mm47.jsonl": "hours of best responses, resumed across runs",
    "wordguess optimal --game mastermind --pegs 5 --colours 6 --first 11234 --store mm56.sqlite":
        "over two hours of search, resumed across runs",
    "wordguess optimal --all-openers --executor ray --ray-address HEAD:6379 --store ~/wordle-certificate.sqlite "
    "--json > certificate.json": "needs a Ray cluster at HEAD: tests/test_cluster.py certifies on a local one",
    "wordguess optimal --all-openers --workers 2 --no-certificate":
        "about 50 minutes on both cores, past the slow tests' time limit (the certificate it proves ships)",
    "wordguess optimal --mode hard --all-openers --workers 2 --no-certificate":
        "about 55 minutes on both cores, past the slow tests' time limit (the certificate it proves ships)",
    "wordguess optimal --objective worst --max-guesses 5 --workers 2":
        "hours of search over several sessions, each resuming from the store",
    "wordguess optimal --game bulls --first 0123 --objective worst --max-guesses 7 --fewest-worst --workers 2":
        "about 2 hours from an empty store, past the slow tests' time limit",
    "wordguess optimal --answers nyt20220215.txt --guesses nyt20220215.txt --first lants --store every.sqlite "
    "--time-limit 900 --json": "15 minutes of search on a word list that is not shipped",
    "wordguess optimal --answers nyt20220215.txt --guesses nyt20220215.txt --all-openers --store every.sqlite "
    "--time-limit 60 --json": "8 minutes on a word list that is not shipped",
    "wordguess tree --answers nyt20220215.txt --guesses nyt20220215.txt --opener salet --out salet.json":
        "a word list that is not shipped (the same command on a shipped list is tested)",
    "wordguess improve lants.json --width 100 --nodes 2000000 --store w100.sqlite --out lants-w100.json":
        "30 minutes of search on a word list that is not shipped",
    "wordguess improve lants.json --width 300 --nodes 2000000 --store w300.sqlite --out lants-w300.json":
        "hours of search on a word list that is not shipped",
    "wordguess improve lants-prief.json --under YY... --nodes 50000000 --store lants.sqlite --time-limit 2400 "
    "--out lants-yy.json": "a minute of search on a word list that is not shipped",
    "wordguess improve lants-prief.json $(sed 's/^/--under /' rest.txt) --nodes 2000000 --store lants.sqlite "
    "--out lants-rest.json": "35 minutes of search on a word list that is not shipped",
    "wordguess improve salet.json --store every.sqlite --nodes 100000 --time-limit 3000 --out salet-improved.json":
        "50 minutes of search on a word list that is not shipped",
    "wordguess tree --mode hard --answers nyt20220215.txt --guesses nyt20220215.txt --opener thump --out thump.json":
        "a word list that is not shipped (the same command on a shipped list is tested)",
    "wordguess optimal --answers dots.txt --guesses nyt20220215.txt --mode hard --objective worst --max-guesses 6 "
    "--first blank --time-limit 900 --json": "15 minutes of search on word lists that are not shipped",
    "wordguess tree --mode hard --answers dots.txt --guesses nyt20220215.txt --opener blank --out blank.json":
        "word lists that are not shipped (the same command on a shipped list is tested)",
    "wordguess improve blank.json --max-guesses 6 --nodes 20000 --store hard.sqlite --out blank-6.json":
        "9 minutes of search on word lists that are not shipped",
    "wordguess improve thump-blank.json --max-guesses 7 --nodes 2000 --store hard.sqlite --out thump-7.json":
        "2 minutes of search on a word list that is not shipped, from the trees of the commands before it",
    "wordguess improve thump-7.json --under Y.... --under ....Y --under ...Y. --max-guesses 7 --nodes 20000 "
    "--store hard.sqlite --out thump-7b.json": "25 minutes of search on a word list that is not shipped",
    "wordguess improve thump-7c.json --max-guesses 7 --nodes 20000 --store hard.sqlite --out thump-7d.json":
        "2 minutes of search on a word list that is not shipped, from the trees of the commands before it",
    "wordguess improve thump-7d.json --max-guesses 7 --nodes 200000 --store hard.sqlite --out thump-7e.json":
        "21 minutes of search on a word list that is not shipped",
    "wordguess improve thump-7e.json --max-guesses 7 --under ....Y --under ...Y. --width 300 --nodes 3000000 "
    "--store w.sqlite --out thump-7f.json": "the tree of the commands before it, on a word list that is not shipped",
    "wordguess improve thump-7f.json --max-guesses 7 --under ....Y --width 1000 --nodes 3000000 --store w.sqlite "
    "--out thump-7g.json": "2 minutes of search on a word list that is not shipped, from the tree before it",
    "wordguess improve selby-thump.json --max-guesses 7 --width 400 --nodes 20000000 --store hard.sqlite "
    "--out selby-w400.json": "9 minutes of search on a tree and a word list that are not shipped (Selby's)",
    "wordguess improve selby-thump.json --max-guesses 7 --nodes 3000000 --store hard.sqlite --time-limit 1500 "
    "--out selby-exact.json": "25 minutes of search on a tree and a word list that are not shipped (Selby's)",
    "wordguess tree --mode hard --answers y.txt --guesses nyt20220215.txt --opener croft --out croft.json":
        "word lists that are not shipped (the same command on a shipped list is tested)",
    "wordguess improve croft.json --max-guesses 6 --nodes 20000 --store hard.sqlite --out croft-6.json":
        "35 s of search on word lists that are not shipped, from the tree of the command before it",
    "wordguess optimal --answers yg.txt --guesses nyt20220215.txt --max-guesses 5 --first prief --out prief.json":
        "word lists that are not shipped (tests/test_improve.py grafts such a subtree on shipped ones)",
    "wordguess optimal --answers salet-YG.txt --guesses nyt20220215.txt --objective worst --max-guesses 5 "
    "--all-openers --json": "3 minutes of search on a word list that is not shipped",
    "wordguess optimal --answers results/every-word/ills-core.txt --guesses wordle-guesses --objective worst "
    "--max-guesses 5 --all-openers --json": "4 minutes of search, run from the repository (its core is a file of "
        "results/; tests/test_results.py checks what the core refutes by the rules' feedback)",
    "wordguess optimal --answers wordle-guesses-nyt --guesses wordle-guesses-nyt --mode hard --objective worst "
    "--max-guesses 6 --all-openers --store hard.sqlite --json": "21 minutes of search, past the slow tests' time limit",
    "wordguess optimal --game jotto --first cedar --store jotto.sqlite --time-limit 20":
        "its bounds come from a store built over hours of earlier runs (from an empty one it proves less)",
    "wordguess optimal --game jotto --all-openers --store jotto.sqlite --time-limit 20":
        "its bounds come from a store built over hours of earlier runs (from an empty one it proves less)",
    "wordguess improve cedar.json --nodes 300000 --store jotto.sqlite --time-limit 1500 --out cedar-improved.json":
        "18 minutes of search",
    "wordguess improve cedar-improved.json --nodes 1000000 --store jotto-2.sqlite --time-limit 2400 --out cedar-improved-2.json":
        "30 minutes of search",
    "wordguess optimal --game jotto --mode strict --all-openers --store jotto-strict.sqlite --time-limit 2700 --json":
        "45 minutes of search, past the slow tests' time limit",
    "wordguess improve south.json --nodes 300000 --store jotto-strict.sqlite --out south-improved.json":
        "7 minutes of search",
    "wordguess improve trace.json --width 100 --nodes 2000000 --store w100.sqlite --out trace-w100.json":
        "36 minutes of search",
    "wordguess improve trace-w100.json --width 200 --nodes 3000000 --store w100.sqlite --out trace-w200.json":
        "51 minutes of search",
}
SHARE = "⬛⬛🟩⬛🟩\n🟩⬛⬛⬛🟨\n🟩🟩🟩🟩🟩\n"  # what `pbpaste` gives in the README's example
WORDS = "gizmo\ncigar\nhumph\n"  # the word files the commands read (new-words.txt, past.txt, ...)
COMMAND = re.compile(r"^    ((?:pbpaste \| )?wordguess .*?)(?:\s+#.*)?$", re.MULTILINE)


def page_commands(page: Path) -> list[str]:
    """Return a page's command lines (indented code; a line ending in `\\` goes on in the next),
    each without its comment."""
    text = re.sub(r"\s*\\\n\s*", " ", page.read_text(encoding="utf-8"))
    return [match.group(1).strip() for match in COMMAND.finditer(text)]


def sample_words(count: int) -> str:
    """Return the file docs/results.md describes for the chooser's game: `count` of Wordle's
    answers drawn with the seed `count`, sorted, one a line."""
    return "\n".join(sorted(random.Random(count).sample(list(load_words("wordle-answers")), count))) + "\n"


COMMANDS = list(dict.fromkeys(command for page in PAGES for command in page_commands(page)))


def test_every_readme_command_is_checked():
    assert len(page_commands(README)) > 50 and len(page_commands(RESULTS)) > 30
    unshown = set(CLAIMS) - set(COMMANDS)
    assert not unshown, f"claims for commands no page shows: {unshown}"
    unshown = (set(SLOW) | set(SKIPPED)) - set(COMMANDS)
    assert not unshown, f"classified commands no page shows: {unshown}"
    assert not set(SLOW) & set(SKIPPED), "a command both slow and skipped"
    assert all(SLOW.values()) and all(SKIPPED.values()), "a long or skipped command without its reason"


def test_readme_is_a_users_guide():
    """The README starts with the two set-up commands and stays short: the tables are in
    docs/results.md."""
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 300, len(lines)
    assert [line.split("#")[0].strip() for line in lines[2:4]] == ["make run", "make test"]
    assert "## Python API" in lines and "|---" not in "\n".join(lines)


def test_every_result_table_has_its_command():
    """Each section of docs/results.md with a table shows the command that reproduces it."""
    sections = re.split(r"^#{2,3} ", RESULTS.read_text(encoding="utf-8"), flags=re.MULTILINE)[1:]
    for section in sections:
        if re.search(r"^\|", section, re.MULTILINE):
            assert re.search(r"^    (wordguess|python) ", section, re.MULTILINE), section.splitlines()[0]


@pytest.mark.parametrize("command", [c for c in COMMANDS if c in SLOW or c in SKIPPED])
def test_long_command_parses(command):
    """A command too long for `make test`, or that cannot run in a test, still names a command
    and options that exist, with values of the right types."""
    args = shlex.split(re.sub(r"\$\([^)]*\)", "", command))[1:]  # (a shell's $(...) gives options read from a file)
    args = args[: args.index(">")] if ">" in args else args  # the shell's redirection
    group = typer.main.get_command(app)
    parent = group.context_class(group, info_name="wordguess")
    sub = group.get_command(parent, args[0])
    assert sub is not None, args[0]
    sub.make_context(args[0], args[1:], parent=parent)


def run_readme_command(command: str, tmp_path: Path, monkeypatch) -> None:
    if command in SKIPPED:
        pytest.skip(SKIPPED[command])
    monkeypatch.chdir(tmp_path)
    for name in ("new-words.txt", "past.txt", "my-words.txt"):
        (tmp_path / name).write_text(WORDS)
    for count in re.findall(r"\bw(\d+)\.txt\b", command):
        (tmp_path / f"w{count}.txt").write_text(sample_words(int(count)))
    for name, maker in TREE_FILES.items():
        if name in shlex.split(command) and command != maker:
            assert runner.invoke(app, shlex.split(maker)[1:]).exit_code == 0, maker
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
