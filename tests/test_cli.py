"""The command line through typer's runner: outputs, exit codes, and one-line errors."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from conftest import WORDLE_SMALL
from wordguess.cli import app
from wordguess.games import get_game

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def assert_one_line_error(result, fragment: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:") and fragment in lines[0], result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize(("args", "reply"), [
    (("epees", "geese"), "Y.GYY"), (("ninny", "annex"), "Y.G.."),
    (("--game", "leetcode", "--any", "ccbazz", "acckzz"), "3"), (("--game", "leetcode", "ccbazz", "acckzz"), "3"), (("--any", "zzzzz", "crane"), "....."), (("--game", "jotto", "their", "other"), "4"),
    (("--game", "mastermind", "1122", "2211"), "0,4"), (("--game", "nerdle", "10+20=30", "12+18=30"), "G.GY.GGG"), (("--game", "termo", "ações", "acaso"), "GGY.Y"),
    (("--game", "mastermind", "--pegs", "5", "--colours", "8", "12378", "87321"), "1,4"),
    (("--game", "sutom", "manager", "mangeur"), "GGG.YYG"),
    (("--game", "bulls", "1028", "8120"), "1,3"), (("--game", "bc", "--pegs", "3", "012", "210"), "1,2"),
    (("--game", "jotto2", "crane", "nacre"), "1,4"),
])
def test_feedback(args, reply):
    result = run("feedback", *args)
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == reply


@pytest.mark.parametrize(("args", "fragment"), [
    (("feedback", "--game", "scrabble", "a", "b"), "choose one of"),
    (("feedback", "crane", "toolong"), "not a valid wordle word"),
    (("feedback", "cr4ne", "crane"), "alphabet"),
    (("feedback", "zzzzz", "crane"), "not in the list 'wordle-guesses'"),
    (("feedback", "--game", "termo", "zzzzz", "termo"), "--any compares any words"),
    (("feedback", "--game", "mastermind", "1127", "1122"), "alphabet"),
    (("feedback", "--game", "nerdle", "10+20=31", "12+18=30"), "the left side is 30, not 31"),
    (("solve", "--game", "nerdle", "--length", "9"), "5 to 8 symbols"),
    (("tree", "--game", "fibble", "--out", "t.json"), "fibble's host lies"),
    (("optimal", "--game", "fibble"), "`optimal` is for games that never lie"),
    (("openers", "--game", "fibble"), "`openers` is for games that never lie"),
    (("openers", "--game", "sutom"), "no opener certificate is shipped for sutom in normal mode; shipped: mastermind"),
    (("evaluate", "--game", "fibble", "--host", "evil"), "drop --host"),
    (("evaluate", "--game", "nerdle", "--length", "6", "--mode", "hard"), "hard mode"),
    (("feedback", "--game", "bulls", "1123", "1234"), "'1' repeated"),
    (("feedback", "--game", "bulls", "--pegs", "11", "0123456789a", "0123456789a"), "digits must be between"),
    (("filter", "--game", "bulls", "0123=3,1"), "use B,C"),
    (("filter", "--game", "mastermind", "1122=9,9"), "use B,W"),
    (("filter", "--game", "mastermind", "1122"), "GUESS=REPLY"),
    (("filter", "--game", "mastermind", "1122=4,0", "1234=4,0"), "no word in the list fits"),
    (("evaluate", "--game", "mastermind", "--strategy", "psychic"), "choose one of"),
    (("evaluate", "--game", "mastermind", "--mode", "hard"), "hard mode"),
    (("evaluate", "--game", "mastermind", "--inconsistent-window", "x"), "LO-HI"),
    (("evil", "--game", "mastermind", "--tree", "/no/such/file.json"), "cannot read tree file"),
    (("evaluate", "--game", "matches", "--length", "3", "--answers", "wordle-answers"),
     "the wordle-answers list has words of 5 letters, not 3"),
    (("evaluate", "--game", "matches", "--length", "1"), "too few"),
    (("tree", "--game", "mastermind", "--pegs", "2", "--colours", "2", "--out", "/no/such/dir/t.json"),
     "cannot write tree file"),
    (("evaluate", "--game", "mastermind", "--pegs", "2", "--colours", "2", "--plot", "/no/such/dir/h.png"),
     "cannot write the histogram"),
    (("first-guesses", "--game", "mastermind", "--count", "0"), "count of at least 1"),
    (("evaluate", "--game", "mastermind", "--strategy", "lookahead", "--width", "0"), "width of at least 1"),
])
def test_errors_are_one_line(args, fragment):
    assert_one_line_error(run(*args), fragment)


def test_bulls_optimal_and_evaluate():
    """The exact solver proves Bulls and Cows with 3 of 5 digits over its one opener class, and
    the greedy strategies play every code."""
    result = run("optimal", "--game", "bulls", "--pegs", "3", "--colours", "5", "--all-openers",
                 "--no-store", "--json")
    assert result.exit_code == 0, result.output
    outcome = json.loads(result.stdout)
    assert outcome["proven"] and outcome["secrets"] == 60 and outcome["first"] == "012"
    result = run("evaluate", "--game", "bulls", "--pegs", "3", "--colours", "5", "--strategy", "entropy", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["secrets"] == 60


def test_filter_mastermind():
    result = run("filter", "--game", "mastermind", "1122=1,0", "3456=0,2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["count"] == len(data["candidates"]) > 0
    result = run("filter", "--game", "mastermind", "1122=1,0", "3456=0,2")
    assert f"{data['count']} candidate" in result.stdout


def test_evaluate_json_and_tree(tmp_path):
    tree_path = tmp_path / "mm.json"
    result = run("evaluate", "--game", "mastermind", "--strategy", "minimax", "--json",
                 "--tree-out", str(tree_path))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    for key in ("game", "strategy", "mode", "secrets", "total", "mean", "worst", "failures", "histogram", "seconds"):
        assert key in data
    assert (data["total"], data["worst"], data["secrets"]) == (5801, 5, 1296)  # Knuth's figures
    result = run("evil", "--game", "mastermind", "--tree", str(tree_path), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["guesses"] <= 5


def test_evaluate_text_report_has_histogram():
    result = run("evaluate", "--game", "mastermind", "--strategy", "most-parts")
    assert result.exit_code == 0, result.output
    assert "mean 4.3735" in result.stdout and "█" in result.stdout and "cumulative" in result.stdout


def test_tree_and_first_guesses(tmp_path):
    out = tmp_path / "t.json"
    result = run("tree", "--game", "mastermind", "--pegs", "3", "--colours", "4", "--strategy", "entropy", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "64 secrets" in result.stdout
    assert json.loads(out.read_text())["options"] == {"pegs": 3, "colours": 4}
    result = run("first-guesses", "--game", "mastermind", "--count", "2", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["minimax"]["best"][0][0] == "1122"


def test_plot_writes_a_png(tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "hist.png"
    result = run("evaluate", "--game", "mastermind", "--strategy", "entropy", "--plot", str(png))
    assert result.exit_code == 0, result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    tree, of_tree = tmp_path / "t.json", tmp_path / "tree.png"  # a tree file's evaluation too
    assert run("tree", "--game", "mastermind", "--strategy", "entropy", "--out", str(tree)).exit_code == 0
    result = run("evaluate", "--game", "mastermind", "--tree", str(tree), "--plot", str(of_tree))
    assert result.exit_code == 0, result.output
    assert of_tree.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_sutom_first_letter_option(tmp_path):
    words = tmp_path / "fr.txt"
    words.write_text("maison\nmarche\nmouton\nmoteur\nbateau\nbalade\n", encoding="utf-8")
    lists = ["--game", "sutom", "--length", "6", "--answers", str(words), "--guesses", str(words)]
    result = run("evaluate", *lists, "--first", "m", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["secrets"] == 4
    out = tmp_path / "t.json"
    assert run("tree", *lists, "--first", "b", "--out", str(out)).exit_code == 0
    assert json.loads(out.read_text())["options"] == {"word_length": 6, "first": "b"}
    assert_one_line_error(run("evaluate", "--first", "m"), "no option first")
    assert_one_line_error(run("tree", *lists, "--out", str(out)), "choose one with --first")
    result = run("evaluate", *lists, "--json")  # one tree per first letter, scores together
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["secrets"] == 6 and json.loads(result.stdout)["first"] is None


def test_skipped_words_of_a_list_file_are_noted(tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("crane\nslate\ntoolong\nab3de\nx\ny\nz\nw\n", encoding="utf-8")
    result = run("filter", "--answers", str(path), "--guesses", str(path), "crane=GGGGG")
    assert result.exit_code == 0, result.output
    notes = [line for line in result.stderr.splitlines() if line.startswith("note:")]
    assert len(notes) == 1 and "skipped 6 words" in notes[0] and "'toolong'" in notes[0]
    assert "'w'" not in notes[0] and notes[0].endswith(", ...)")  # the first five only
    assert result.stdout.split() == ["CRANE", "1", "candidate"]


def test_leetcode_plays_the_statements_kind_of_list():
    result = run("evaluate", "--game", "leetcode", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["secrets"] == 100 and data["failures"] == 0
    result = run("solve", "--game", "leetcode", "--length", "6", "--json", "--history", "aaaaaa=0")
    assert result.exit_code == 2 and "not in the list" in result.stderr  # guesses come from the list
    result = run("play", "--game", "leetcode", "--seed", "2", input="quit\n")
    assert result.exit_code == 0 and "6-letter word" in result.stdout and "None" not in result.stdout


def test_games_strategies_version_and_cache(tmp_path, monkeypatch):
    result = run("games")
    assert result.exit_code == 0 and "motus" in result.stdout and "--pegs (default 4)" in result.stdout, result.output
    result = run("strategies")
    assert result.exit_code == 0 and "knuth" in result.stdout and "--width" in result.stdout
    result = run("--version")
    assert result.exit_code == 0 and result.stdout.startswith("wordguess ")
    assert run("-h").exit_code == 0 and run("evaluate", "-h").exit_code == 0
    monkeypatch.setenv("WORDGUESS_CACHE_DIR", str(tmp_path / "patterns"))
    monkeypatch.delenv("WORDGUESS_NO_CACHE", raising=False)
    monkeypatch.setattr("platformdirs.user_cache_dir", lambda *_: str(tmp_path))
    (tmp_path / "patterns").mkdir()
    (tmp_path / "patterns" / "x-00000000.npy").write_bytes(b"0" * 4096)
    result = run("cache")
    assert result.exit_code == 0 and "1 files" in result.stdout, result.output
    result = run("cache", "--clear")
    assert result.exit_code == 0 and "cleared" in result.stdout
    assert not list((tmp_path / "patterns").glob("*.npy"))


def test_the_pattern_cache_keeps_to_its_cap(tmp_path):
    from wordguess.engine.patterns import PatternStore
    from wordguess.games import get_game

    game = get_game("wordle")
    store = PatternStore(tmp_path, disk_min_entries=1, cap_bytes=600)
    for words in (["crane", "slate"], ["trace", "crate", "epees"], ["geese", "sissy", "aahed", "cigar"]):
        store.matrix(game, words, words)
    kept = list(tmp_path.glob("*.npy"))
    assert sum(p.stat().st_size for p in kept) <= 600 and len(kept) >= 1


def test_nerdle_filter_reads_turns_split_at_the_last_equals():
    result = run("filter", "--game", "nerdle", "--length", "6", "4*7=28=YGYGGG", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["candidates"] == ["7*4=28"]


def test_fibble_evaluate_plays_seeded_lies(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDLE_SMALL[:80]) + "\n", encoding="utf-8")
    args = ("evaluate", "--game", "fibble", "--answers", str(words), "--guesses", str(words), "--sample", "25",
            "--seed", "3", "--json")
    first, again = run(*args), run(*args)
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    assert data["strategy"] == "lie-entropy" and data["secrets"] == 25 and data["max_guesses"] == 9
    assert data["lie_seed"] == 3 and json.loads(again.stdout)["histogram"] == data["histogram"]


def test_fibble_filter_keeps_every_secret_a_lie_explains():
    result = run("filter", "--game", "fibble", "--answers", "wordle-answers", "crane=GGGG.", "--json")
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)["candidates"]
    assert "crank" not in found  # its true reply GGGG. is never shown: the row always lies
    assert "crane" not in found  # a correct guess is shown all green
    assert "crash" in found and "crate" not in found  # GGG.. shown with one lie; GGG.G needs two


def test_help_lists_and_strategies_read_well():
    from wordguess.cli import main

    def output(*argv):
        with pytest.raises(SystemExit):
            main(list(argv))

    import contextlib
    import io

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        output("evaluate", "-h")
    assert "<bool>" not in buffer.getvalue() and "-h" in buffer.getvalue()
    names = [line.split()[0] for line in run("lists").stdout.splitlines()[1:] if line.startswith(" scowl-answers-")]
    assert names == [f"scowl-answers-{k}" for k in range(4, 12)]
    assert "fewest-total" in run("strategies").stdout


def test_each_game_names_its_words_and_keyboard():
    assert get_game("nerdle").word_text() == "8-symbol equation"
    assert get_game("mastermind").word_text(plural=True) == "4-peg codes"
    assert get_game("sutom", length=6).keyboard()[0] == "azertyuiop"
    assert get_game("wordle").keyboard()[0] == "qwertyuiop" and get_game("mastermind").keyboard() == ("123456",)


def test_unclear_refusals_say_what_is_accepted(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    result = run("filter", "--answers", str(empty), "raise=.....")
    assert_one_line_error(result, "holds no word")
    share = tmp_path / "share.txt"
    share.write_text("hello\n")
    result = run("analyze", "--share", str(share), "soare")
    assert_one_line_error(result, "--share takes the text itself, - for standard input, or a file")


def test_a_hard_tree_is_evaluated_in_hard_mode_and_open_world_json_names_the_opener(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("\n".join(WORDLE_SMALL[:40]))
    tree = tmp_path / "hard.json"
    lists = ["--answers", str(words), "--guesses", str(words)]
    assert run("tree", "--mode", "hard", *lists, "--out", str(tree)).exit_code == 0
    result = run("evaluate", "--tree", str(tree), *lists)
    assert result.exit_code == 0 and "(hard mode)" in result.stdout and "(0.00 s)" not in result.stdout
    secrets = tmp_path / "s.txt"
    secrets.write_text("cigar\nrebut\n")
    data = json.loads(run("evaluate", "--world", "open", "--secrets", str(secrets), "--json").stdout)
    opening = json.loads(run("solve", "--history", "", "--json").stdout)["suggestions"][0]["word"]
    assert data["first"] == opening


def test_a_tree_is_evaluated_over_the_lists_its_file_names(tmp_path):
    """Without --answers and --guesses, `evaluate --tree` reads the lists the tree file names
    (as `improve` does), looked for beside the tree file too."""
    words = tmp_path / "w.txt"
    words.write_text("\n".join(WORDLE_SMALL[:30]))
    tree = tmp_path / "small.json"
    assert run("tree", "--answers", str(words), "--guesses", str(words), "--out", str(tree)).exit_code == 0
    given = json.loads(run("evaluate", "--tree", str(tree), "--answers", str(words), "--guesses", str(words), "--json").stdout)
    named = run("evaluate", "--tree", str(tree), "--json")
    assert named.exit_code == 0, named.output
    assert json.loads(named.stdout)["total"] == given["total"] and given["secrets"] == 30
    moved = tmp_path / "elsewhere"
    moved.mkdir()
    doc = json.loads(tree.read_text())
    doc["answers"] = doc["guesses"] = "w.txt"
    (moved / "small.json").write_text(json.dumps(doc))
    (moved / "w.txt").write_text(words.read_text())
    beside = run("evaluate", "--tree", str(moved / "small.json"), "--json")
    assert beside.exit_code == 0, beside.output
    assert json.loads(beside.stdout)["total"] == given["total"]


@pytest.mark.parametrize(("args", "fragment"), [
    (("solve", "--game", "sutom", "--length", "6", "--first", "c", "--secret", "bateau"), "not the 'c' of --first"),
    (("solve", "--game", "sutom", "--length", "4", "--secret", "bateau"), "not the 4 of --length"),
    (("play", "--host", "fixed"), "choose one of: absurdle, evil, random"),
    (("analyze", "--history", "raise=GGGGG;mount=....."), "no turn comes after a win"),
    (("evaluate", "--host", "fixed"), "choose one of: absurdle, evil, random"),
    (("evaluate", "--game", "quordle", "--host", "evil", "--games", "2"), "drop --host"),
    (("evaluate", "--workers", "0"), "--workers is for multi-board games"),
    (("solve", "--game", "bulls", "--length", "3", "--pegs", "5", "--history", "012=0,0"), "length 3 and pegs 5 each set"),
    (("solve", "--game", "mastermind", "--history", "1122=3,1"), "with 3 in place, the one peg left cannot be"),
    (("analyze", "--share", "/no/such/share.txt", "crane"), "no such file"),
    # (one line: the open world's note is for an analysis that is made)
    (("analyze", "--history", "raise=GGGG."), "reply GGGG. to RAISE leaves no possible secret"),
])
def test_options_that_contradict_each_other_are_refused(args, fragment):
    assert_one_line_error(run(*args, input="quit\n"), fragment)


def test_an_adversary_plays_over_the_answer_list_and_a_large_sample_is_noted(tmp_path):
    result = run("play", "--host", "absurdle", input="soare\nclint\nquit\n")
    assert result.exit_code == 0 and "world" not in result.stderr
    counts = [int(line.split()[0].replace(",", "")) for line in result.stdout.splitlines() if "still possible" in line]
    assert counts and counts[0] < 300  # over the 2,315 answers SOARE keeps 183; over the 14,855 words, far more
    words = tmp_path / "w.txt"
    words.write_text("\n".join(WORDLE_SMALL[:40]))
    result = run("evaluate", "--answers", str(words), "--guesses", str(words), "--sample", "999")
    assert result.exit_code == 0 and "more than the 40 secrets" in result.stderr


def test_a_named_command_imports_only_its_own_module():
    """`wordguess feedback ...` starts without the other commands' modules (the analysis, the
    interactive loops, the exact solver), and the whole app still lists every command."""
    import subprocess
    import sys

    from wordguess.cli import COMMANDS

    code = ("import sys; from wordguess.cli import main\n"
            "try:\n    main(['feedback', 'crane', 'react'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('wordguess.cli.') or m.startswith('wordguess.optimal')"
            " or m.startswith('wordguess.analysis')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "YYG.Y"
    loaded = json.loads(lines[1].replace("'", '"'))
    assert "wordguess.cli.basic" in loaded
    assert not [m for m in loaded if m.startswith(("wordguess.analysis", "wordguess.optimal.total", "wordguess.optimal.worst"))]
    assert not {f"wordguess.cli.{module}" for module, _ in COMMANDS.values() if module != "basic"} & set(loaded)
    listed = {c.name for c in app.registered_commands}
    assert listed == set(COMMANDS) and len(COMMANDS) == 20


@pytest.mark.parametrize("argv, code, shown", [
    (["feedback", "crane", "react"], 0, "YYG.Y"),
    (["feedback", "crane", "cranes"], 2, "error:"),
    (["optimal", "--bogus"], 2, "No such option"),
])
def test_the_console_script_ends_as_main_does_without_the_interpreters_teardown(argv, code, shown):
    """`wordguess` (cli.run) ends the process with os._exit after main: the same exit code, its
    output flushed (to a pipe: block-buffered), and the exit handlers run first."""
    import subprocess
    import sys

    program = ("import atexit, sys\n"
               "atexit.register(lambda: print('exit handler ran', file=sys.stderr))\n"
               "from wordguess.cli import run\nsys.argv[0] = 'wordguess'\nrun()\n")
    result = subprocess.run([sys.executable, "-c", program, *argv], capture_output=True, text=True, timeout=120)
    assert result.returncode == code
    assert shown in result.stdout + result.stderr
    assert result.stderr.rstrip().endswith("exit handler ran")


def test_the_console_script_is_run():
    """The installed `wordguess` command is cli.run, not main (the fast exit is what users run)."""
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())
    assert project["project"]["scripts"]["wordguess"] == "wordguess.cli:run"


def test_the_list_options_reach_every_command_that_takes_them(tmp_path):
    """`evaluate` of a multi-board game builds its puzzle from all of its list options: with two
    answers every dordle game takes 2 guesses; a word added with --add-words joins the secrets, so
    some games need 3 (the option was dropped there before the options became one ListChoice)."""
    answers, extra = tmp_path / "two.txt", tmp_path / "more.txt"
    answers.write_text("cigar\nrebut\n")
    extra.write_text("humph\n")
    common = ["evaluate", "--game", "dordle", "--world", "closed", "--answers", str(answers), "--games", "20", "--json"]
    plain = json.loads(run(*common).stdout)
    added = json.loads(run(*common, "--add-words", str(extra)).stdout)
    assert plain["worst"] == 2 and plain["histogram"] == {"2": 20}
    assert added["worst"] == 3 and added["games"] == 20


@pytest.mark.parametrize(("command", "several"), [(("openers",), False), (("optimal",), False),
                                                   (("tree", "--out", "t.json"), False), (("solve",), True),
                                                   (("evaluate",), True), (("analyze", "--history", "raise=....."), True)])
def test_an_unknown_game_is_told_the_games_the_command_takes(command, several, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [*command, "--game", "wordel"])
    assert_one_line_error(result, "unknown game 'wordel'; choose one of: bulls")
    assert ("quordle" in result.stderr) == several
    if not several:  # and a multi-board game is sent to those that take it
        assert_one_line_error(runner.invoke(app, [*command, "--game", "quordle"]), "`analyze` take it")


@pytest.mark.parametrize(("args", "said"), [
    (("--secret", "crane", "--history", "raise=GGGGG"), "give --secret"),  # (one game, given one way)
    (("--json",), "--json prints one position or one game"),  # (no position to print)
])
def test_solve_refuses_what_it_would_not_read(args, said):
    result = runner.invoke(app, ["solve", *args])
    assert result.exit_code == 2 and said in result.output and len(result.output.strip().splitlines()) == 1


def test_solve_secret_says_a_game_over_the_limit_was_lost(tmp_path):
    # Ten words that differ in their first letter only: each guess rules out one, so the last
    # word the strategy tries takes more than Wordle's six guesses.
    path = tmp_path / "ills.txt"
    path.write_text("\n".join(f"{c}ills" for c in "bfghkmpstw") + "\n", encoding="utf-8")
    lists = ("--answers", str(path), "--guesses", str(path))
    games = {w: run("solve", *lists, "--secret", w) for w in (f"{c}ills" for c in "bfghkmpstw")}
    assert all(result.exit_code == 0 for result in games.values())
    lost = [w for w, result in games.items() if "lost" in result.stdout]
    assert lost, "no game took more than six guesses"
    for w, result in games.items():
        rows = result.stdout.strip().splitlines()
        guesses = sum(1 for row in rows if "left" in row or "solved" in row or "found" in row)
        data = json.loads(run("solve", *lists, "--secret", w, "--json").stdout)
        assert data["guesses"] == guesses and data["failed"] == (w in lost)
        if w in lost:
            assert rows[-1] == f"lost: {guesses} guesses, over the limit of 6" and "solved" not in result.stdout
        else:
            assert rows[-1].endswith("solved")


@pytest.mark.parametrize("bad", ["abc", "12345", "crané", "foo bar"])
@pytest.mark.parametrize(("option", "what"), [("--exclude", "the excluded words"), ("--add-words", "the added words")])
def test_a_word_list_given_refuses_a_word_the_game_cannot_play(tmp_path, bad, option, what):
    path = tmp_path / "words.txt"
    path.write_text(f"cigar\n{bad}\nrebut\n", encoding="utf-8")
    assert_one_line_error(run("solve", option, str(path), "--history", "crane=....."),
                          f"{what}: {bad!r} is not a valid wordle word")
    path.write_text("cigar\nRebut\n\n", encoding="utf-8")  # a clean list (any case, blank lines) is taken
    small = tmp_path / "small.txt"
    small.write_text("\n".join(WORDLE_SMALL) + "\n", encoding="utf-8")
    result = run("solve", "--answers", str(small), "--guesses", str(small), option, str(path), "--history", "crane=.....")
    assert result.exit_code == 0, result.output


def test_a_command_does_not_load_scipy():
    """numba's checks of scipy (its version, a BLAS) are made with scipy hidden: a suggestion
    loads no scipy module, and scipy stays importable after."""
    import subprocess
    import sys

    code = ("import sys; from wordguess import advise\n"
            "advise('wordle', 'audio=Y..Y.', world='closed')\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'scipy'))\n"
            "import scipy.optimize; print('importable')")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["[]", "importable"]


@pytest.mark.parametrize("width", [80, 120])
def test_tables_keep_every_number_whole(width, monkeypatch):
    """On a terminal narrower than a table, its cells wrap at their spaces: no number or range
    is cut short with an ellipsis (2.959–3.5…) nor split, at 80 and 120 columns; the analysis
    table with proven bounds and estimates (an unproven position), and a Quordle game's."""
    import math
    import re
    from types import SimpleNamespace

    from rich.console import Console

    from wordguess.analysis.report import BOUNDS, ESTIMATE, EXACT, Move, Value
    from wordguess.cli.analysis import analysis_table
    from wordguess.cli.common import out

    monkeypatch.setattr(out, "width", width)
    game = get_game("wordle")
    reply = game.parse_reply("..YY.")
    values = [(Value(2.959, 3.512, BOUNDS), Value(2.5, 3.0, BOUNDS)),
              (Value(3.412, None, BOUNDS, estimate=3.74), Value(2.413, 2.6, BOUNDS, estimate=2.5)),
              (Value(3.741, 3.741, ESTIMATE), Value(math.inf, math.inf, EXACT))]
    moves = [Move(k, "soare", reply, 14855, 324, 1.0, 0.02, played, best, "trace", 0.02, 0.02, 42, "weight", 0.1)
             for k, (played, best) in enumerate(values, 1)]
    console = Console(width=width, record=True, color_system=None)
    console.print(analysis_table(game, SimpleNamespace(world="open", moves=moves)))
    shown = console.export_text()
    words = {word for m in moves for text in (m.played.text(), m.best.text(), m.regret_text()) for word in text.split()}
    assert "…" not in shown and all(word in shown for word in words), shown
    assert max(map(len, shown.splitlines())) <= width
    history = "soare=..YY. ...YY G.... .....;clint=G.Y.. ....G ..Y.. ....."
    for args in (["analyze", "--game", "quordle", "--history", history],
                 ["solve", "--game", "quordle", "--history", history]):
        result = run(*args)
        assert result.exit_code == 0 and not re.search(r"\d…", result.stdout), result.stdout


def test_the_pattern_cache_is_announced_when_a_command_first_makes_it(tmp_path, monkeypatch, capsys):
    """The command that writes the first matrix into an empty pattern cache says so in one line
    (where, how large, `wordguess cache`); the commands before it (a matrix is written at its
    second use) and after it say nothing."""
    from wordguess.cli import main

    monkeypatch.delenv("WORDGUESS_NO_CACHE", raising=False)
    monkeypatch.setenv("WORDGUESS_CACHE_DIR", str(tmp_path / "patterns"))
    notes = []
    for _ in range(3):
        with pytest.raises(SystemExit) as ended:
            main(["solve", "--world", "closed", "--history", "soare=.....", "--json"])
        assert ended.value.code == 0
        notes.append([line for line in capsys.readouterr().err.splitlines() if line.strip()])
    assert notes[0] == [] and notes[2] == []
    [note] = notes[1]
    assert note.startswith("note: ") and str(tmp_path / "patterns") in note and "'wordguess cache'" in note
    assert " MB " in note and list((tmp_path / "patterns").glob("*.npy"))


def test_json_piped_is_plain_text_and_a_large_document_is_not_coloured(monkeypatch):
    """--json writes the document indented by two, accented letters as they are; piped (and on a
    terminal when it is large) without rich's colouring, which takes seconds on 14,855 openers."""
    from wordguess.cli import common

    def no_colouring(*args, **kwargs):
        raise AssertionError("rich coloured a document it should have written as it is")

    monkeypatch.setattr(common.out, "print_json", no_colouring)
    result = runner.invoke(app, ["openers", "--mode", "hard", "--answers", "wordle-guesses-nyt", "--guesses",
                                 "wordle-guesses-nyt", "--top", "0", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["count"] == 14855 and result.output == json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    result = runner.invoke(app, ["solve", "--game", "termo", "--history", "serão=.....", "--json"])
    assert result.exit_code == 0 and "SERÃO" in result.output.upper() and "\\u" not in result.output
    # on a terminal a short document is coloured, a large one written as it is
    monkeypatch.setattr(type(common.out), "is_terminal", property(lambda self: True))
    coloured = []
    monkeypatch.setattr(common.out, "print_json", lambda text: coloured.append(text))
    common.print_json({"a": 1})
    common.print_json({"words": ["x" * 10] * (common.HIGHLIGHTED_JSON // 10)})
    assert coloured == [json.dumps({"a": 1}, indent=2)]


def test_a_long_run_whose_stderr_is_a_file_logs_its_progress_every_minute(capsys):
    from wordguess.cli.work import LOG_SECONDS, ProgressLog, progress_bar

    now = [0.0]
    log = ProgressLog("searching", clock=lambda: now[0])
    for seconds, done in ((1, 1), (LOG_SECONDS - 2, 5), (LOG_SECONDS, 7), (LOG_SECONDS + 30, 8), (2 * LOG_SECONDS + 1, 9)):
        now[0] = seconds
        log(done, 12 if done < 9 else None)
    now[0] = 3 * LOG_SECONDS + 1
    log(10, 12, note="value between 1.5 and 1.6")  # what the work has so far, when it says
    assert capsys.readouterr().err.splitlines() == ["searching: 7/12 after 0:01:00", "searching: 9 after 0:02:01",
                                                    "searching: 10/12 after 0:03:01; value between 1.5 and 1.6"]
    with progress_bar("quick") as progress:  # (stderr is not a terminal here) a short run writes nothing
        progress(1, 2)
    assert capsys.readouterr().err == ""


def test_on_a_terminal_the_bar_shows_the_note_after_its_description(monkeypatch):
    from rich.progress import Progress

    from wordguess.cli import common, work

    shown = []
    monkeypatch.setattr(type(common.err), "is_terminal", property(lambda self: True))
    monkeypatch.setattr(Progress, "update", lambda self, task, **fields: shown.append(fields))
    with work.progress_bar("solving") as progress:
        progress(1, 3)
        progress(2, 3, note="value between 1.5 and 1.6")
    assert [f["description"] for f in shown] == ["solving", "solving: value between 1.5 and 1.6"]
