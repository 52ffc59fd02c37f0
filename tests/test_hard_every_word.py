"""Hard mode with every allowed word of today's 14,855 as the secret: THUMP, the opener of the best
published trees within seven over the older lists, has none within seven here. Its reply ..YYY
leaves 30 words (?UMPS, ?UMPY and others), and hard mode holds every later guess to the words
with U, M and P; over those guesses no tree finds the 30 within six more (docs/results.md)."""

from __future__ import annotations

import gzip
import importlib.util
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

from typer.testing import CliRunner

from conftest import WORDLE_SMALL
from test_improve import wordle_spec
from wordguess import load_words
from wordguess.cli import app
from wordguess.engine.puzzle import PuzzleSpec
from wordguess.games import get_game
from wordguess.optimal.tasks import SearchSpec, feasibility_for
from wordguess.optimal.worst.groups import alike_groups
from wordguess.trees.build import check_tree
from wordguess.trees.tree import TreeFile, leaves

runner = CliRunner()
SCRIPT = Path(__file__).parents[1] / "scripts" / "refute_openers.py"


def test_thump_has_no_hard_mode_tree_within_seven_over_the_14855(tmp_path):
    game = get_game("wordle")
    words = list(load_words("wordle-guesses-nyt"))
    reply = game.parse_reply("..YYY")
    secrets = [w for w in words if game.feedback("thump", w) == reply]  # the rules' own feedback
    kept = [w for w in words if all(letter in w for letter in "ump")]  # hard mode's guesses after it
    assert len(secrets) == 30 and {"bumps", "dumps", "jumpy", "opium"} <= set(secrets) and len(kept) == 65
    assert all(game.hard_mode_problem("thump", reply, w) is None for w in kept)
    assert all(game.hard_mode_problem("thump", reply, w) is not None for w in set(words) - set(kept))
    (tmp_path / "ump.txt").write_text("\n".join(secrets) + "\n")
    (tmp_path / "ump-guesses.txt").write_text("\n".join(kept) + "\n")
    result = runner.invoke(app, ["optimal", "--answers", str(tmp_path / "ump.txt"), "--guesses",
                                 str(tmp_path / "ump-guesses.txt"), "--mode", "hard", "--objective", "worst",
                                 "--max-guesses", "6", "--all-openers", "--no-store", "--json"])
    assert result.exit_code == 0, result.output
    worst = json.loads(result.stdout)["worst_case"]
    assert worst["least"] is None and worst["proven_at_least"] == 7 and worst["stopped"] is None
    assert worst["first_guesses"] == 65


def test_optimal_worst_reads_a_refutation_within_seven_from_the_shipped_certificate():
    """`optimal --objective worst --first W --max-guesses 7` over the 14,855 in hard mode: the
    refutation within seven comes from the shipped certificate of verdicts (BRUNG: `...YY`, 211
    words, two minutes of search), said so; --no-certificate searches and finds the same
    refuting reply (THUMP: `..YYY`, 30 words, under a second)."""
    command = ["optimal", "--answers", "wordle-guesses-nyt", "--guesses", "wordle-guesses-nyt", "--mode", "hard",
               "--objective", "worst", "--max-guesses", "7", "--no-store"]
    for word, reply, size in (("brung", "...YY", 211), ("thump", "..YYY", 30)):
        result = runner.invoke(app, [*command, "--first", word])
        assert result.exit_code == 0, result.output
        assert f"its reply {reply} leaves {size} secrets that no tree finishes within 6 more" in result.output
        assert "its refutation read from the shipped opener certificate" in result.output
    for flag, certified in (([], 1), (["--no-certificate"], 0)):
        found = json.loads(runner.invoke(app, [*command, "--first", "thump", "--json", *flag]).stdout)
        assert found["certified"] == certified and found["worst_case"]["proven_at_least"] == 8
        assert found["worst_case"]["refuter"] == {"reply": "..YYY", "secrets": 30}


def test_optimal_worst_reads_a_witness_within_seven_from_the_shipped_certificate():
    """Over the 12,972 in hard mode THUMP's tree within seven is the witness of the shipped
    certificate `wordle-hard-every-7`: `optimal --objective worst --first thump --max-guesses 7`
    reads it (worst case seven proven at once, the tree's total said) where the feasibility
    search alone does not settle THUMP; the node limit stops the total's search either way. A
    limit below a certificate's reads its openers with no tree too. (What
    the command prints: tests/test_readme.py, docs/results.md's command.)"""
    command = ["optimal", "--answers", "wordle-guesses", "--guesses", "wordle-guesses", "--mode", "hard",
               "--objective", "worst", "--max-guesses", "7", "--first", "thump", "--node-limit", "2000", "--no-store"]
    found = json.loads(runner.invoke(app, [*command, "--json"]).stdout)
    assert found["worst_case"]["least"] == 7 and found["certified_witness"] == 58715
    searched = json.loads(runner.invoke(app, [*command, "--json", "--no-certificate"]).stdout)
    assert searched["worst_case"]["least"] is None and searched["worst_case"]["proven_at_least"] == 7
    assert searched["certified_witness"] is None and "node limit" in searched["worst_case"]["stopped"]
    # Within five: none within six (the certificate of six) is none within five, searching nothing.
    within5 = [*command[:command.index("--max-guesses") + 1], "5", *command[command.index("--max-guesses") + 2:]]
    for flag, certified in (([], 1), (["--no-certificate"], 0)):
        worst = json.loads(runner.invoke(app, [*within5, "--json", *flag]).stdout)
        assert (worst["worst_case"]["least"], worst["worst_case"]["proven_at_least"]) == (None, 6)
        assert worst["certified"] == certified  # (the certificate of six names no reply; the search does)
        assert (worst["worst_case"]["refuter"] is None) == bool(certified)


def test_refute_openers_agrees_with_the_feasibility_search_and_resumes(tmp_path):
    """scripts/refute_openers.py, given time enough for every reply, gives each opener the verdict
    of FeasibilitySearch.opener (the search `optimal --objective worst --first` runs), in hard
    mode and normal; a rerun skips the openers already in its file."""
    for mode, depth in (("hard", 3), ("normal", 3)):
        spec = wordle_spec(tmp_path, 120, mode)
        search = feasibility_for(SearchSpec(spec))
        openers = list(spec.build().guesses)[::5]
        expected = {w: search.opener(w, depth).feasible for w in openers}
        assert set(expected.values()) == {True, False}  # both verdicts are met
        out = tmp_path / f"{mode}.jsonl"
        args = [sys.executable, str(SCRIPT), "--answers", spec.answers, "--guesses", spec.guesses, "--mode", mode,
                "--depth", str(depth), "--openers", ",".join(openers), "--per-reply", "60", "--per-opener", "600",
                "--out", str(out)]
        done = subprocess.run(args, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        rows = [json.loads(line) for line in out.read_text().splitlines()]
        assert {r["word"]: r["feasible"] for r in rows} == expected
        assert all((r["refuter"] is not None) == (r["feasible"] is False) for r in rows)
        assert {(r["mode"], r["depth"]) for r in rows} == {(mode, depth)}
        again = subprocess.run(args, capture_output=True, text=True, timeout=300)
        assert again.returncode == 0 and len(out.read_text().splitlines()) == len(openers)
        assert "feasible 0, refuted 0, undecided 0" in again.stdout


def test_refute_openers_refutes_by_a_core_the_openers_that_keep_it_together(tmp_path):
    """--core: nine words alike but for their first letter (?ILLS) have no tree within two
    guesses, so an opener that leaves all nine in one reply has none within three. The openers
    the script refutes are those the rules' own feedback says keep the nine together, and the
    feasibility search refutes each of them within three; a core with a tree within the limit
    (nine guesses, one a word, always do) refutes nothing and is refused in one line."""
    alike = "bills fills gills hills kills mills pills sills wills".split()
    words = alike + WORDLE_SMALL[:60]
    (tmp_path / "w.txt").write_text("\n".join(words) + "\n")
    (tmp_path / "core.txt").write_text("\n".join(alike) + "\n")
    game = get_game("wordle")
    together = {w for w in words if len({game.feedback(w, s) for s in alike}) == 1}
    assert together and len(together) < len(words)
    out = tmp_path / "v.jsonl"
    args = [sys.executable, str(SCRIPT), "--answers", str(tmp_path / "w.txt"), "--guesses", str(tmp_path / "w.txt"),
            "--mode", "hard", "--core", str(tmp_path / "core.txt"), "--out", str(out)]
    done = subprocess.run([*args, "--depth", "3"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert {r["word"] for r in rows} == together
    search = feasibility_for(SearchSpec(PuzzleSpec(game, str(tmp_path / "w.txt"), str(tmp_path / "w.txt"), "hard")))
    for row in rows:
        assert row["feasible"] is False and row["core"] == 9 and (row["mode"], row["depth"]) == ("hard", 3)
        reply = game.parse_reply(row["refuter"][0])
        assert row["refuter"][1] == sum(game.feedback(row["word"], s) == reply for s in words)
        assert search.opener(row["word"], 3).feasible is False
    wider = subprocess.run([*args, "--depth", "10", "--out", str(tmp_path / "w10.jsonl")], capture_output=True,
                           text=True, timeout=300)
    assert wider.returncode == 2 and "finishes the core within" in wider.stderr and "Traceback" not in wider.stderr


def test_refute_openers_passes_over_what_its_limits_leave_and_retries_it(tmp_path):
    """An opener given no time has every reply passed over (undecided, unless refuted at a glance);
    --retry asks again only those, and their last lines give the search's verdicts."""
    spec = wordle_spec(tmp_path, 120, "hard")
    openers = list(spec.build().guesses)[::7]
    expected = {w: feasibility_for(SearchSpec(spec)).opener(w, 3).feasible for w in openers}
    out = tmp_path / "v.jsonl"
    args = [sys.executable, str(SCRIPT), "--answers", spec.answers, "--guesses", spec.guesses, "--mode", "hard",
            "--depth", "3", "--openers", ",".join(openers), "--out", str(out)]
    first = subprocess.run([*args, "--per-opener", "0"], capture_output=True, text=True, timeout=300)
    assert first.returncode == 0, first.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    left = [r["word"] for r in rows if r["feasible"] is None]
    assert left and all(r["undecided"] for r in rows if r["feasible"] is None)
    assert all(r["feasible"] is expected[r["word"]] for r in rows if r["feasible"] is not None)
    again = subprocess.run([*args, "--per-opener", "600", "--per-reply", "60", "--retry"], capture_output=True,
                           text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["word"] for r in lines[len(rows):]] == left  # only the undecided asked again
    assert {r["word"]: r["feasible"] for r in lines} == expected  # the last line of each word
    exported = subprocess.run([sys.executable, str(SCRIPT), "--out", str(out), "--export", str(tmp_path / "v.jsonl.gz")],
                              capture_output=True, text=True, timeout=300)  # (the lists and depth: not needed)
    assert exported.returncode == 0 and f"{len(openers):,} openers" in exported.stdout, exported.stderr
    kept = [json.loads(line) for line in gzip.decompress((tmp_path / "v.jsonl.gz").read_bytes()).splitlines()]
    assert [r["word"] for r in kept] == sorted(openers) and {r["word"]: r for r in lines} == {r["word"]: r for r in kept}
    (tmp_path / "bad.jsonl").write_text("not json\n")
    bad = subprocess.run([*args[:-1], str(tmp_path / "bad.jsonl")], capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "JSON lines" in bad.stderr
    for flag, value, message in (("--depth", "4", "within 3 guesses, not 4"), ("--mode", "normal", "in hard mode, not normal")):
        other = [*args, "--per-opener", "0"]  # a search of another limit or mode does not add to these verdicts
        other[other.index(flag) + 1] = value
        refused = subprocess.run(other, capture_output=True, text=True, timeout=300)
        assert refused.returncode == 2 and refused.stderr.count("\n") == 1 and message in refused.stderr, refused.stderr
    assert [json.loads(line) for line in out.read_text().splitlines()] == lines
    asked = subprocess.run([sys.executable, str(SCRIPT), "--out", str(out), "--openers", openers[0]],
                           capture_output=True, text=True, timeout=300)
    assert asked.returncode == 2 and "required: --answers, --guesses, --depth" in asked.stderr


def test_the_groups_order_puts_first_the_openers_that_break_up_the_alike_words(tmp_path):
    """refute_openers.groups_order against its twin from the rules' feedback: for each group of
    words alike but for one letter, the most of its words one reply keeps together; openers by
    the largest of those, then their sum of squares, then the largest reply."""
    module = importlib.util.module_from_spec(spec := importlib.util.spec_from_file_location("refute", SCRIPT))
    spec.loader.exec_module(module)
    alike = "bills fills gills hills kills mills pills tills wills bumps dumps jumps lumps pumps".split()
    (tmp_path / "a.txt").write_text("\n".join(WORDLE_SMALL[:100] + alike) + "\n")
    (tmp_path / "g.txt").write_text("\n".join(WORDLE_SMALL + alike) + "\n")
    puzzle = PuzzleSpec(get_game("wordle"), str(tmp_path / "a.txt"), str(tmp_path / "g.txt")).build()
    game, answers = puzzle.game, list(puzzle.answers)
    groups = [[answers[i] for i in members] for members in alike_groups(answers)]
    assert len(groups) >= 2  # ?ILLS and ?UMPS

    def key(guess):
        kept = [max(Counter(game.feedback(guess, w) for w in group).values()) for group in groups]
        return max(kept), sum(k * k for k in kept), max(Counter(game.feedback(guess, w) for w in answers).values())

    order = module.groups_order(puzzle)
    assert sorted(order) == sorted(puzzle.guesses)
    keys = [key(g) for g in order]
    assert keys == sorted(keys)


def test_the_constrained_order_puts_first_the_largest_reply_that_fixes_two_letters_or_shows_three(tmp_path):
    """refute_openers.constrained_order against its twin from the rules' feedback and marks."""
    module = importlib.util.module_from_spec(spec := importlib.util.spec_from_file_location("refute", SCRIPT))
    spec.loader.exec_module(module)
    (tmp_path / "a.txt").write_text("\n".join(WORDLE_SMALL[:150]) + "\n")
    puzzle = PuzzleSpec(get_game("wordle"), str(tmp_path / "a.txt"), str(tmp_path / "a.txt")).build()
    game, answers = puzzle.game, list(puzzle.answers)

    def largest(guess):
        sizes = Counter(game.feedback(guess, w) for w in answers)
        tight = [n for reply, n in sizes.items() if reply != game.solved_reply
                 and ((text := game.format_reply(reply)).count("G") >= 2 or text.count("G") + text.count("Y") >= 3)]
        return max(tight, default=0)

    order = module.constrained_order(puzzle)
    assert sorted(order) == sorted(puzzle.guesses) and largest(order[0]) > 0
    keys = [(-largest(g), puzzle.guesses.index(g)) for g in order]
    assert keys == sorted(keys)


def test_grow_tree_writes_a_valid_tree_exactly_where_the_opener_is_feasible(tmp_path):
    """scripts/grow_tree.py: a tree within the depth opening with the guess, checked by the rules
    when read back, exactly where FeasibilitySearch.opener says one exists; "none" otherwise;
    a bad depth or word is one line and exit 2."""
    spec = wordle_spec(tmp_path, 150, "hard")
    search = feasibility_for(SearchSpec(spec))
    puzzle = spec.build()
    script = Path(__file__).parents[1] / "scripts" / "grow_tree.py"
    verdicts = {(word, depth): search.opener(word, depth).feasible for word in list(puzzle.guesses)[::29] for depth in (3, 4)}
    cases = [next(case for case, feasible in verdicts.items() if feasible is wanted) for wanted in (True, False)]
    for (word, depth), feasible in zip(cases, (True, False), strict=True):
        out = tmp_path / f"{word}-{depth}.json"
        args = [sys.executable, str(script), "--answers", spec.answers, "--guesses", spec.guesses, "--mode", "hard",
                "--opener", word, "--depth", str(depth), "--out", str(out)]
        done = subprocess.run(args, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        assert out.exists() == feasible
        assert (f"no tree finds every secret within {depth}" in done.stdout) == (not feasible)
        if feasible:
            loaded = TreeFile.load(out)
            check_tree(loaded.tree, puzzle)
            depths = [d for _, d in leaves(loaded.tree)]
            assert loaded.tree.guess == word and max(depths) <= depth and f"{sum(depths):,} guesses in all" in done.stdout
    for bad in (["--depth", "0"], ["--opener", "qqqqq"]):
        args = [sys.executable, str(script), "--answers", spec.answers, "--guesses", spec.guesses,
                "--opener", "cigar", "--depth", "4", "--out", str(tmp_path / "x.json"), *bad]
        done = subprocess.run(args, capture_output=True, text=True, timeout=300)
        assert done.returncode == 2 and done.stderr.startswith("error: ") and len(done.stderr.splitlines()) == 1
