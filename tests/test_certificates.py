"""Opener certificates (issue 13): built by scripts/build_certificate.py through the run
machinery, each entry checked against the obviously-correct twin (the opener solved without a
cutoff); the format's round trip and its checksum; `wordguess openers`, `optimal --first` and
`analyze` reading the shipped table."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import WORDLE_SMALL, script
from wordguess.analysis import BOUNDS, EXACT, analyze
from wordguess.cli import app
from wordguess.cli import optimal as optimal_cli
from wordguess.engine.puzzle import PuzzleSpec
from wordguess.errors import WordguessError
from wordguess.games import get_game
from wordguess.optimal.tasks import SearchSpec, feasibility_for
from wordguess.optimal.total import certificates
from wordguess.optimal.total.certificates import (
    Certificate,
    certificate_for,
    load_certificate,
    save_certificate,
    shipped_certificates,
)
from wordguess.optimal.total.search import INF, ExactSolver
from wordguess.trees.tree import TreeFile, leaves

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
WORDLE = get_game("wordle")
SMALL_MM = get_game("mastermind", pegs=3, colours=4)


def build_script():
    """Return scripts/build_certificate.py as a module."""
    return script("build_certificate")


def twin_values(puzzle, max_guesses) -> dict[str, int]:
    """Return every opener's exact value, each solved alone without a cutoff (the oracle)."""
    solver = ExactSolver(puzzle, max_guesses)
    return {w: solver.opener(w).value for w in puzzle.guesses}


@pytest.fixture(scope="module")
def lists(tmp_path_factory) -> tuple[str, str]:
    """A closed-world Wordle of 30 answers and 60 guesses: every opener solved in a second."""
    folder = tmp_path_factory.mktemp("lists")
    answers, guesses = folder / "answers.txt", folder / "guesses.txt"
    answers.write_text("\n".join(WORDLE_SMALL[:30]) + "\n")
    guesses.write_text("\n".join(WORDLE_SMALL[:60]) + "\n")
    return str(answers), str(guesses)


@pytest.fixture(scope="module")
def small_wordle(lists):
    puzzle = PuzzleSpec(WORDLE, *lists).build()
    return puzzle, twin_values(puzzle, WORDLE.max_guesses)


def run_script(args: list[str], capsys) -> tuple[int, str]:
    code = build_script().main(args)
    return code, capsys.readouterr().err


def test_the_script_builds_exact_values_and_bounds_equal_to_per_opener_solves(small_wordle, lists, tmp_path, capsys):
    puzzle, twin = small_wordle
    best = min(twin.values())
    threshold = best + 3
    code, err = run_script(["--answers", lists[0], "--guesses", lists[1], "--threshold", str(threshold),
                            "--store", str(tmp_path / "s.sqlite"), "--out", str(tmp_path), "--name", "small"], capsys)
    assert code == 0, err
    cert = load_certificate("small", tmp_path)
    assert {e.opener for e in cert.entries} == set(puzzle.guesses) and len(cert.entries) == len(puzzle.guesses)
    for entry in cert.entries:
        if entry.exact:
            assert entry.value == twin[entry.opener] <= threshold, entry
        else:
            assert threshold < entry.value <= twin[entry.opener], entry
    assert {e.opener for e in cert.entries if e.exact} == {w for w, v in twin.items() if v <= threshold}
    assert cert.best.value == best and twin[cert.best.opener] == best
    assert [e.exact for e in cert.ranked()] == sorted((e.exact for e in cert.entries), reverse=True)
    assert certificate_for(puzzle, WORDLE.max_guesses, tmp_path) == cert
    assert f"fewer than {len(puzzle.guesses)}" in err  # few openers are exact: the script warns
    assert cert.command.startswith("python scripts/build_certificate.py") and f"--threshold {threshold}" in cert.command


def test_a_rerun_with_a_higher_threshold_searches_the_stored_bounds_again(small_wordle, lists, tmp_path, capsys):
    puzzle, twin = small_wordle
    best = min(twin.values())
    store = str(tmp_path / "s.sqlite")
    common = ["--answers", lists[0], "--guesses", lists[1], "--store", store, "--out", str(tmp_path)]
    assert run_script([*common, "--threshold", str(best - 1), "--name", "low"], capsys)[0] == 0
    low = load_certificate("low", tmp_path)
    assert low.best is None and low.exact_count == 0  # T below the optimum: every entry a bound
    assert all(best - 1 < e.value <= twin[e.opener] for e in low.entries)
    higher = max(twin.values())  # every opener at most T: the stored bounds must not be reused
    assert run_script([*common, "--threshold", str(higher), "--name", "high"], capsys)[0] == 0
    high = load_certificate("high", tmp_path)
    assert {e.opener: e.value for e in high.entries} == twin and high.exact_count == len(twin)


def test_a_mastermind_certificate_covers_every_code_through_its_symmetry(tmp_path, capsys):
    puzzle = PuzzleSpec(SMALL_MM).build()
    twin = twin_values(puzzle, SMALL_MM.max_guesses)
    code, err = run_script(["--game", "mastermind", "--pegs", "3", "--colours", "4", "--workers", "2",
                            "--store", str(tmp_path / "s.sqlite"), "--out", str(tmp_path)], capsys)
    assert code == 0, err
    cert = certificate_for(puzzle, SMALL_MM.max_guesses, tmp_path)
    assert cert is not None and cert.threshold is None and cert.exact_count == len(twin) == 64
    assert {e.opener: e.value for e in cert.entries} == twin
    assert sum(e.same_as is None for e in cert.entries) < 10  # one search per symmetry class
    assert "--pegs 3 --colours 4" in cert.command


def test_the_format_round_trips_and_a_damaged_file_names_the_rebuild_command(tmp_path):
    cert = load_certificate("mastermind-normal")
    assert Certificate.from_json(json.loads(cert.text())) == cert
    save_certificate(cert, "copy", tmp_path)
    assert load_certificate("copy", tmp_path) == cert
    assert (tmp_path / "copy.json.gz").read_bytes() == (certificates.DATA / "mastermind-normal.json.gz").read_bytes()
    doc = json.loads(cert.text())
    doc["openers"][0]["value"] -= 1  # a forged better value
    (tmp_path / "copy.json.gz").write_bytes(gzip.compress(json.dumps(doc).encode()))
    certificates._load.cache_clear()
    with pytest.raises(WordguessError, match="damaged.*scripts/build_certificate.py --game mastermind"):
        load_certificate("copy", tmp_path)
    (tmp_path / "copy.json.gz").write_bytes(b"not gzip")
    with pytest.raises(WordguessError, match="damaged"):
        load_certificate("copy", tmp_path)
    with pytest.raises(WordguessError, match="shipped: copy"):
        load_certificate("nothing", tmp_path)


def test_the_shipped_mastermind_certificate_is_whole_and_agrees_with_the_solver():
    puzzle = PuzzleSpec(get_game("mastermind")).build()
    cert = certificate_for(puzzle, 10)
    assert cert is not None and shipped_certificates()["mastermind-normal"]["key"] == cert.key
    assert sorted(e.opener for e in cert.entries) == sorted(puzzle.guesses)
    assert cert.exact_count == 1296 and (cert.best.opener, cert.best.value) == ("1123", 5625)
    solver = ExactSolver(puzzle, 10)
    for word in ("1123", "1234", "1122"):  # the other classes take longer: see the slow test
        assert cert.value(word) == (solver.opener(word).value, True)
    assert cert.value("3341") == cert.value("1123") and cert.value("zzzz") is None
    assert certificate_for(PuzzleSpec(get_game("mastermind"), mode="normal").build(), 5) is None  # another limit


# Mastermind beyond 4 x 6: (pegs, colours) -> (best opener, least total, openers exact, an opener quick to solve)
MASTERMIND_SIZES = {(5, 5): ("11223", 13496, 900, "11223"), (4, 7): ("1123", 11228, 1260, "1123"),
                    (4, 8): ("1234", 20471, 1680, None), (5, 6): ("11223", 36721, 5400, None)}
# the sizes whose every class the slow test solves again (5 x 6: over an hour a class)
RESOLVED_SIZES = sorted(size for size in MASTERMIND_SIZES if size != (5, 6))


@pytest.mark.parametrize(("pegs", "colours"), sorted(MASTERMIND_SIZES))
def test_the_shipped_larger_mastermind_certificates_are_whole(pegs, colours):
    """Each covers every code as an opener (one per class of the colour and peg symmetries); the
    best is the least total proven, and each opener of a class above it is proven above it."""
    best, total, exact, quick = MASTERMIND_SIZES[(pegs, colours)]
    puzzle = PuzzleSpec(get_game("mastermind", pegs=pegs, colours=colours)).build()
    cert = certificate_for(puzzle, 10)
    assert cert is not None and shipped_certificates()[f"mastermind-{pegs}x{colours}-normal"]["key"] == cert.key
    assert sorted(e.opener for e in cert.entries) == sorted(puzzle.guesses)
    assert (cert.best.opener, cert.best.value, cert.exact_count) == (best, total, exact)
    assert all(cert.value(word) == (total, True) or cert.value(word)[0] > total for word in puzzle.guesses)
    if quick is not None and pegs * colours <= 25:  # the others: the slow test
        assert cert.value(quick) == (ExactSolver(puzzle, 10).opener(quick).value, True)


@pytest.mark.slow
@pytest.mark.parametrize(("pegs", "colours"), RESOLVED_SIZES)
def test_each_larger_mastermind_class_agrees_with_the_solver(pegs, colours):
    """Every class's entry is what the solver proves with the certificate's cutoff: the exact
    total at or below the threshold, a bound above it otherwise."""
    puzzle = PuzzleSpec(get_game("mastermind", pegs=pegs, colours=colours)).build()
    cert = certificate_for(puzzle, 10)
    solver = ExactSolver(puzzle, 10)
    for entry in cert.entries:
        if entry.same_as is None:
            result = solver.opener(entry.opener, beta=cert.threshold + 1)
            if entry.exact:
                assert (entry.value, result.exact) == (result.value, True)
            else:
                assert result.value > cert.threshold and entry.value > cert.threshold


@pytest.mark.slow
def test_every_shipped_mastermind_class_equals_its_solve_without_cutoff():
    puzzle = PuzzleSpec(get_game("mastermind")).build()
    cert = certificate_for(puzzle, 10)
    solver = ExactSolver(puzzle, 10)
    for entry in cert.entries:
        if entry.same_as is None:
            assert (entry.value, entry.exact) == (solver.opener(entry.opener).value, True)


def test_a_game_without_a_certificate_has_none_and_openers_says_so():
    puzzle = PuzzleSpec(WORDLE).build()
    if "wordle-normal" not in shipped_certificates():
        assert certificate_for(puzzle, 6) is None
    result = runner.invoke(app, ["openers", "--game", "jotto"])
    assert result.exit_code == 2 and "no opener certificate is shipped for jotto in normal mode" in result.output
    assert "mastermind 4x6 normal" in result.output and "Traceback" not in result.output
    assert "mastermind / mastermind" not in result.output  # (each size named once, by its pegs x colours)


def test_openers_prints_the_table_with_what_it_proves():
    result = runner.invoke(app, ["openers", "--game", "mastermind", "--top", "3"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "proves 1123 is a best opener, 5,625 guesses in all (mean 4.3403)" in result.output
    assert "no other opener beats it" in lines[1] and "build_certificate.py --game mastermind" in lines[2]
    assert lines[4].split() == ["1", "1123", "5,625", "4.3403"] and len(lines) == 4 + 3 + 1
    data = json.loads(runner.invoke(app, ["openers", "--game", "mm", "--json", "--top", "0"]).output)
    assert data["count"] == len(data["openers"]) == 1296 and data["best"] == "1123"
    last = data["openers"][-1]
    assert (last["opener"], last["value"], last["exact"]) == ("6666", 6318, True) and last["rank"] == 1291


def test_openers_shows_bounds_and_refuses_other_options(small_wordle, lists, tmp_path, capsys, monkeypatch):
    puzzle, twin = small_wordle
    threshold = min(twin.values()) + 2
    monkeypatch.setattr(certificates, "DATA", tmp_path)
    assert run_script(["--answers", lists[0], "--guesses", lists[1], "--threshold", str(threshold),
                       "--store", str(tmp_path / "s.sqlite"), "--out", str(tmp_path), "--name", "wordle-normal"],
                      capsys)[0] == 0
    # The bundled Wordle lists are not these: the certificate is for other lists.
    result = runner.invoke(app, ["openers", "--game", "wordle"])
    assert result.exit_code == 2 and "other options, lists or limits" in result.output
    assert "answers wordle-answers and guesses wordle-guesses" in " ".join(result.output.split())
    # Named by --answers/--guesses, the certificate's own lists find it.
    result = runner.invoke(app, ["openers", "--game", "wordle", "--answers", lists[0], "--guesses", lists[1], "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["count"] == len(puzzle.guesses) and data["openers"][0]["value"] == min(twin.values())
    result = runner.invoke(app, ["openers", "--game", "mastermind", "--top", "-1"])
    assert result.exit_code == 2 and "--top" in result.output
    result = runner.invoke(app, ["openers", "--game", "mastermind"])
    assert result.exit_code == 2 and "shipped: wordle normal (" in result.output


def test_optimal_first_reads_the_certificate_and_no_certificate_searches():
    result = runner.invoke(app, ["optimal", "--game", "mastermind", "--first", "2213", "--no-store"])
    assert result.exit_code == 0, result.output
    assert "2213: 5,625 guesses in all" in result.output and "read from the shipped opener certificate" in result.output
    assert "nodes" not in result.output
    data = json.loads(runner.invoke(app, ["optimal", "-g", "mm", "--all-openers", "--json", "--no-store"]).output)
    assert (data["first"], data["total"], data["scope"], data["source"]["certificate"]) == ("1123", 5625, "all openers", True)
    assert [o["value"] for o in data["openers"]] == [5625, 5673, 5702, 5791, 6318]
    searched = runner.invoke(app, ["optimal", "-g", "mm", "--first", "1234", "--no-store", "--no-certificate"])
    assert searched.exit_code == 0 and "1234: 5,673 guesses in all" in searched.output
    assert "nodes" in searched.output and "certificate" not in searched.output


def test_optimal_first_searches_an_opener_the_certificate_only_bounds(small_wordle, lists, tmp_path, capsys, monkeypatch):
    puzzle, twin = small_wordle
    threshold = min(twin.values())
    monkeypatch.setattr(certificates, "DATA", tmp_path)
    assert run_script(["--answers", lists[0], "--guesses", lists[1], "--threshold", str(threshold),
                       "--store", str(tmp_path / "s.sqlite"), "--out", str(tmp_path)], capsys)[0] == 0
    bounded = next(w for w, v in twin.items() if v > threshold)
    exact = next(w for w, v in twin.items() if v == threshold)
    files = ["--answers", lists[0], "--guesses", lists[1], "--no-store", "--json"]
    read = json.loads(runner.invoke(app, ["optimal", "--first", exact, *files]).output)
    assert read["total"] == threshold and read["source"]["certificate"]
    searched = json.loads(runner.invoke(app, ["optimal", "--first", bounded, *files]).output)
    assert searched["total"] == twin[bounded] and "source" not in searched and searched["search"]["nodes"] > 0


def test_analyze_reads_first_moves_from_the_certificate():
    game = get_game("mastermind")
    puzzle = PuzzleSpec(game).build()
    history = [("1111", game.feedback("1111", "3456"))]
    move = analyze(puzzle, history, budget=1e-6).moves[0]  # no time to search: the values are shipped
    assert move.played.kind == move.best.kind == EXACT
    assert (move.played.low, move.best.low, move.best_guess) == (6318 / 1296, 5625 / 1296, "1123")
    assert move.regret == pytest.approx(((6318 - 5625) / 1296,) * 2) and move.skill is not None


def test_analyze_bounds_a_first_move_the_certificate_only_bounds(tmp_path, capsys, monkeypatch):
    game = get_game("mastermind")
    puzzle = PuzzleSpec(game).build()
    monkeypatch.setattr(certificates, "DATA", tmp_path)  # 1123 (5,625) and 1234 (5,673) exact, the rest bounds
    assert run_script(["--game", "mastermind", "--threshold", "5700", "--store", str(tmp_path / "s.sqlite"),
                       "--out", str(tmp_path)], capsys)[0] == 0
    cert = certificate_for(puzzle, 10, tmp_path)
    bound, exact = cert.value("1111")
    assert not exact and 5700 < bound <= 6318 and cert.exact_count == 360 + 720
    n = len(puzzle.answers)
    # 1111's own proof takes seconds: within the budget only the certificate's bound is known.
    move = analyze(puzzle, [("1111", game.feedback("1111", "3456"))], budget=1e-6).moves[0]
    assert move.best.kind == EXACT and (move.best.low, move.best_guess) == (5625 / n, "1123")
    assert move.played.kind == BOUNDS and bound / n - 1e-12 <= move.played.low <= 6318 / n
    low, high = move.regret
    assert low == pytest.approx(move.played.low - 5625 / n) and low >= (bound - 5625) / n - 1e-12 > 0
    assert high is None or high >= (6318 - 5625) / n - 1e-12


# Each shipped Wordle certificate (2,315 answers, 12,972 guesses): its mode, its best opener and
# total (Selby's published optima: SALET 7,920 normal, 8,122 hard), and entries checked against
# Selby's own program (`-w WORD [-H]`, ../shared/peers/selby-wordle), exact ones past the best.
# name -> (mode, lists, the best opener, its total, entries as Selby's program gives them, the
# openers with no tree within 6)
NYT = ("wordle-answers-nyt", "wordle-guesses-nyt")
WORDLE_CERTIFICATES = {
    "normal": ("normal", None, "salet", 7920, {"reast": 7923, "soare": 7997}, 0),
    "hard": ("hard", None, "salet", 8122, {"least": 8127, "crane": 8155}, 2015),
    "hard-nyt": ("hard", NYT, "salet", 8097, {"least": 8104, "tarse": 8123}, 2124),
}


@pytest.fixture(scope="module", params=sorted(WORDLE_CERTIFICATES))
def wordle_certificate(request):
    mode, lists, *_ = WORDLE_CERTIFICATES[request.param]
    puzzle = PuzzleSpec(WORDLE, *(lists or ()), mode=mode).build()
    cert = certificate_for(puzzle, 6)
    assert cert is not None, f"the Wordle {request.param} certificate is shipped (scripts/build_certificate.py)"
    return request.param, puzzle, cert


def test_the_shipped_wordle_certificate_is_whole_and_proves_salet(wordle_certificate):
    name, puzzle, cert = wordle_certificate
    _, _, best, total, known, none = WORDLE_CERTIFICATES[name]
    assert sorted(e.opener for e in cert.entries) == sorted(puzzle.guesses)
    assert (cert.best.opener, cert.best.value) == (best, total) and cert.exact_count >= 100
    threshold = cert.threshold
    exact = [e.value for e in cert.entries if e.exact and e.value < INF]
    assert len(exact) == cert.exact_count and exact == sorted(exact) and exact[-1] <= threshold
    assert all(threshold < e.value < INF for e in cert.entries if not e.exact)
    # An opener after which no tree finishes every answer within 6 is exact at INF ("no tree"), never a number.
    assert cert.infeasible_count == sum(e.exact and e.value >= INF for e in cert.entries)
    assert cert.infeasible_count == none
    assert all(cert.value(word) == (value, True) for word, value in known.items())


def test_shipped_wordle_entries_agree_with_the_solver(wordle_certificate):
    """A few entries proven again: an exact one past the best, and two bounds, by the solver
    with the certificate's cutoff T + 1 (a bound may come back larger: only >= T + 1 is claimed)."""
    name, puzzle, cert = wordle_certificate
    solver = ExactSolver(puzzle, 6)
    cut = cert.threshold + 1
    word, value = next(iter(WORDLE_CERTIFICATES[name][4].items()))
    assert solver.opener(word, cut).value == value
    bounded = [e.opener for e in cert.entries if not e.exact]
    for word in (bounded[0], bounded[len(bounded) // 2]):
        result = solver.opener(word, cut)
        assert not result.exact and result.value >= cut and cert.value(word)[0] >= cut
    for entry in [e for e in cert.entries if e.value >= INF][:2]:  # hard mode: RAISE's kind, no tree within 6
        assert solver.opener(entry.opener, cut).value >= INF


def test_openers_prints_the_wordle_table_and_optimal_first_reads_it():
    result = runner.invoke(app, ["openers", "--top", "3"])
    assert result.exit_code == 0, result.output
    assert "proves salet is a best opener, 7,920 guesses in all (mean 3.4212)" in result.output.lower()
    assert result.output.splitlines()[4].split() == ["1", "SALET", "7,920", "3.4212"]
    read = json.loads(runner.invoke(app, ["optimal", "--first", "reast", "--no-store", "--json"]).output)
    assert read["total"] == 7923 and read["source"]["certificate"]
    result = runner.invoke(app, ["openers", "--mode", "hard", "--top", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["mode"], data["best"], [o["value"] for o in data["openers"]]) == ("hard", "salet", [8122, 8127])
    read = json.loads(runner.invoke(app, ["optimal", "--mode", "hard", "--first", "crane", "--no-store", "--json"]).output)
    assert read["total"] == 8155 and read["source"]["certificate"]


def test_analyze_reads_wordle_first_moves_from_the_certificate():
    history = [("crane", WORDLE.feedback("crane", "tiger"))]
    move = analyze(PuzzleSpec(WORDLE).build(), history, budget=1e-6).moves[0]
    assert move.best.kind == EXACT and (move.best.low, move.best_guess) == (7920 / 2315, "salet")
    assert move.played.kind in (EXACT, BOUNDS) and move.played.low > 7920 / 2315


def test_analyze_reads_a_hard_opener_without_a_tree_from_the_certificate():
    """RAISE in hard mode has no tree within 6 (proven in the certificate): with no time to
    search, the first move is 'a sure win lost' against SALET's exact 8,122, not a bound."""
    hard = PuzzleSpec(WORDLE, mode="hard").build()
    move = analyze(hard, [("raise", WORDLE.feedback("raise", "cigar"))], budget=1e-6).moves[0]
    assert move.played.kind == EXACT and move.played.low == float("inf")
    assert move.best.kind == EXACT and (move.best.low, move.best_guess) == (8122 / 2315, "salet")
    assert "sure win" in move.sentence(WORDLE)


@pytest.mark.slow
def test_every_exact_wordle_entry_and_a_sample_of_bounds_agree_with_the_solver(wordle_certificate):
    """Every exact entry proven again (the cutoff T + 1: below it the search is exact), and 100
    seeded bounds (minutes in all)."""
    _, puzzle, cert = wordle_certificate
    solver = ExactSolver(puzzle, 6)
    cut = cert.threshold + 1
    for entry in cert.entries:
        if entry.exact:
            assert solver.opener(entry.opener, cut).value == entry.value, entry.opener
    bounded = [e.opener for e in cert.entries if not e.exact]
    for word in random.Random(13).sample(bounded, 100):
        result = solver.opener(word, cut)
        assert not result.exact and result.value >= cut, word


def test_a_killed_build_stops_as_ctrl_c_does_and_keeps_what_it_proved(tmp_path):
    """SIGTERM (kill, a service manager) ends the script as Ctrl-C does: the message, exit 130,
    and every opener settled before it in the store. Wordle's 12,972 openers take most of an
    hour, so the run is always still going when the first one is reported."""
    import signal
    import subprocess
    import sys

    from wordguess.optimal.store import ResultStore

    store = tmp_path / "s.sqlite"
    path = ROOT / "scripts" / "build_certificate.py"
    process = subprocess.Popen([sys.executable, str(path), "--mode", "hard", "--threshold", "8122",
                                "--store", str(store), "--out", str(tmp_path)],
                               stderr=subprocess.PIPE, text=True)
    try:
        line = process.stderr.readline()
        assert "openers searched" in line, line
        process.send_signal(signal.SIGTERM)
        rest = process.communicate(timeout=120)[1]
    finally:
        process.kill()
    assert process.returncode == 130 and "interrupted: what was proven is kept" in rest, rest[-3000:]
    assert "Traceback" not in rest and not (tmp_path / "wordle-hard.json.gz").exists()
    puzzle = PuzzleSpec(WORDLE, mode="hard").build()
    assert len(ResultStore(str(store)).openers(certificates.certificate_key(puzzle, 6))) >= 1


def test_the_nyt_certificate_proves_tarse_and_openers_reads_it():
    """The NYT's lists (2,309 answers, 14,855 guesses), normal mode, T = 8,000: every opener has
    its entry, TARSE 7,883 is best and SALET 7,894 (both as Selby's program gives them)."""
    puzzle = PuzzleSpec(WORDLE, "wordle-answers-nyt", "wordle-guesses-nyt").build()
    cert = certificate_for(puzzle, 6)
    assert cert is not None and sorted(e.opener for e in cert.entries) == sorted(puzzle.guesses)
    exact = [e.value for e in cert.entries if e.exact]
    assert exact == sorted(exact) and exact[-1] <= 8000 and cert.exact_count == len(exact) >= 100
    assert all(8000 < e.value < INF for e in cert.entries if not e.exact)
    nyt = ["--answers", "wordle-answers-nyt", "--guesses", "wordle-guesses-nyt"]
    result = runner.invoke(app, ["openers", *nyt, "--top", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["best"], data["count"], [o["value"] for o in data["openers"]]) == ("tarse", 14855, [7883, 7894])
    read = json.loads(runner.invoke(app, ["optimal", "--first", "salet", *nyt, "--no-store", "--json"]).output)
    assert read["total"] == 7894 and read["source"]["certificate"]


def test_openers_prints_the_nyt_hard_certificate_and_analyze_reads_it():
    """The issue's command: the NYT's lists in hard mode print SALET 8,097 first, `optimal
    --first` reads TARSE's 8,123, and analyze reads a no-tree opener as a sure win lost."""
    nyt = ["--mode", "hard", "--answers", "wordle-answers-nyt", "--guesses", "wordle-guesses-nyt"]
    result = runner.invoke(app, ["openers", *nyt, "--top", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["best"], data["count"]) == ("salet", 14855)
    assert [(o["opener"], o["value"]) for o in data["openers"]] == [("salet", 8097), ("least", 8104), ("reast", 8112)]
    read = json.loads(runner.invoke(app, ["optimal", "--first", "tarse", *nyt, "--no-store", "--json"]).output)
    assert read["total"] == 8123 and read["source"]["certificate"]
    puzzle = PuzzleSpec(WORDLE, *NYT, mode="hard").build()
    cert = certificate_for(puzzle, 6)
    none = next(e.opener for e in cert.entries if e.value >= INF)
    move = analyze(puzzle, [(none, WORDLE.feedback(none, "cigar"))], budget=1e-6).moves[0]
    assert move.played.kind == EXACT and move.played.low == float("inf")
    assert (move.best.low, move.best_guess) == (8097 / 2309, "salet")


def test_a_certificate_of_refutations_says_no_opener_has_a_tree(small_wordle, lists, tmp_path, capsys):
    """--refute: every opener refuted within the limit by the feasibility search, as the exact
    solver finds each alone (no tree: INF); an opener with a tree stops it, named."""
    puzzle, _ = small_wordle
    twin = twin_values(puzzle, 2)
    assert all(v >= INF for v in twin.values())
    common = ["--answers", lists[0], "--guesses", lists[1], "--store", str(tmp_path / "s.sqlite"), "--out", str(tmp_path)]
    code, err = run_script(["--refute", "--max-guesses", "2", *common, "--name", "none"], capsys)
    assert code == 0, err
    cert = load_certificate("none", tmp_path)
    assert {e.opener for e in cert.entries} == set(puzzle.guesses) and cert.infeasible_count == len(puzzle.guesses)
    assert all(e.exact and e.value >= INF for e in cert.entries) and cert.best is None
    assert cert.command.startswith("python scripts/build_certificate.py --refute") and "--max-guesses 2" in cert.command
    assert certificate_for(puzzle, 2, tmp_path) == cert
    with pytest.raises(WordguessError, match="has a tree within 6 guesses"):
        run_script(["--refute", *common, "--name", "some"], capsys)


def test_openers_prints_the_shipped_refutations_of_hard_mode_over_every_word():
    """The shipped certificate that no opener finds every one of the 14,855 words within six in
    hard mode: `openers` prints it (each row "none within 6"), its JSON says so."""
    command = ["openers", "--mode", "hard", "--answers", "wordle-guesses-nyt", "--guesses", "wordle-guesses-nyt"]
    result = runner.invoke(app, [*command, "--top", "2"])
    assert result.exit_code == 0, result.output
    assert "proves that no opener finds every answer within 6 guesses" in result.output
    assert result.output.count("none   within 6") == 2
    data = json.loads(runner.invoke(app, [*command, "--top", "0", "--json"]).output)
    assert data["infeasible"] == data["count"] == 14855 and data["exact"] == 0 and data["best"] is None
    assert all(row["value"] is None for row in data["openers"])
    other = runner.invoke(app, ["openers", "--mode", "hard", "--answers", "wordle-guesses", "--guesses", "wordle-guesses",
                                "--top", "0", "--json"])
    assert json.loads(other.output)["infeasible"] == 12972


def write_verdicts(path: Path, rows: list[dict]) -> str:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return str(path)


def test_a_certificate_of_verdicts_keeps_each_refuter_and_bounds_the_undecided(small_wordle, lists, tmp_path, capsys):
    """--verdicts: refute_openers.py's lines become entries, searching nothing: a refuted opener
    "no tree" with its refuting reply (whose bucket size is checked), an undecided one the
    admissible bound on its total, listed first (refuted by its largest bucket when that bound
    is past the limit); a missing opener, a wrong size or a tree stop it with a one-line error."""
    puzzle, _ = small_wordle
    search = feasibility_for(SearchSpec(PuzzleSpec(WORDLE, *lists), 3, None))
    rows = []
    for word in puzzle.guesses:  # the openers with a tree within 3 are left undecided here
        found = search.opener(word, 3)
        rows.append({"word": word, "mode": "normal", "depth": 3, "feasible": None, "refuter": None,
                     "undecided": ["....."], "seconds": 2.0}
                    if found.feasible else
                    {"word": word, "mode": "normal", "depth": 3, "feasible": False, "refuter": list(found.refuter),
                     "undecided": [], "seconds": 0.01})
    common = ["--answers", lists[0], "--guesses", lists[1], "--out", str(tmp_path)]
    path = write_verdicts(tmp_path / "v.jsonl", rows)
    code, err = run_script(["--verdicts", path, "--max-guesses", "3", *common, "--name", "v"], capsys)
    assert code == 0, err
    cert = load_certificate("v", tmp_path)
    undecided = [r["word"] for r in rows if r["feasible"] is None]
    assert 0 < len(undecided) < len(rows) and cert.undecided_count == len(undecided)
    assert [e.opener for e in cert.entries[:len(undecided)]] == undecided and cert.best is None
    assert cert.infeasible_count == len(rows) - len(undecided) and certificate_for(puzzle, 3, tmp_path) == cert
    solver = ExactSolver(puzzle, 3)
    for entry in cert.entries:
        if entry.undecided:
            assert (entry.value, entry.exact) == (solver.root_bound(puzzle.index_of(entry.opener)), False) < (INF, False)
            continue
        assert (entry.value, entry.exact, entry.refuter) == (INF, True, tuple(rows[puzzle.index_of(entry.opener)]["refuter"]))
        reply = WORDLE.parse_reply(entry.refuter[0])
        assert sum(WORDLE.feedback(entry.opener, s) == reply for s in puzzle.answers) == entry.refuter[1]
    # Within 2 the admissible bound refutes every opener: an undecided line is refuted by its largest bucket.
    two_rows = [dict(r, depth=2) for r in rows]
    code, err = run_script(["--verdicts", write_verdicts(tmp_path / "v2.jsonl", two_rows), "--max-guesses", "2",
                            *common, "--name", "v2"], capsys)
    two = load_certificate("v2", tmp_path)
    assert code == 0 and two.undecided_count == 0 and two.infeasible_count == len(rows)
    sizes = puzzle.bucket_sizes(puzzle.index_of(undecided[0]), puzzle.all_candidates())
    assert two.value(undecided[0]) == (INF, True) and dict((e.opener, e.refuter) for e in two.entries)[undecided[0]][1] == max(sizes)
    assert "--verdicts" in cert.command
    refuted = next(i for i, r in enumerate(rows) if r["feasible"] is False)
    wrong = [dict(r, refuter=[r["refuter"][0], r["refuter"][1] + 1]) if i == refuted else r for i, r in enumerate(rows)]
    for bad, message in ((rows[1:], "have no verdict"), (wrong, "leaves"),
                         ([dict(rows[refuted], feasible=True), *rows[:refuted], *rows[refuted + 1:]], "no refutation within 3"),
                         (two_rows, "within 2 guesses, not 3"), ([dict(r, mode="hard") for r in rows], "in hard mode, not normal"),
                         ([two_rows[0], *rows[1:]], "mixes verdicts of different searches"),
                         ([{k: v for k, v in r.items() if k != "depth"} for r in rows], "not the JSON lines")):
        with pytest.raises(WordguessError, match=message):
            run_script(["--verdicts", write_verdicts(tmp_path / "bad.jsonl", bad), "--max-guesses", "3", *common,
                        "--name", "bad"], capsys)


def test_a_witness_tree_enters_its_opener_with_its_total_and_a_wrong_one_is_refused(small_wordle, lists, tmp_path,
                                                                                     capsys):
    """--witness TREE: the tree is walked and its opener entered first with the tree's total and
    its admissible bound, the undecided and the refuted after it, and `openers` says which
    openers the certificate proves to have a tree; a tree past the limit, for another mode or
    for a refuted opener is refused in one line."""
    puzzle, _ = small_wordle
    search = feasibility_for(SearchSpec(PuzzleSpec(WORDLE, *lists), 3, None))
    found = {word: search.opener(word, 3) for word in puzzle.guesses}
    rows = [{"word": w, "mode": "normal", "depth": 3, "feasible": None, "refuter": None, "undecided": ["....."],
             "seconds": 1.0} if f.feasible else
            {"word": w, "mode": "normal", "depth": 3, "feasible": False, "refuter": list(f.refuter), "undecided": [],
             "seconds": 0.01} for w, f in found.items()]
    feasible = [w for w, f in found.items() if f.feasible]
    opener = feasible[0]
    tree = tmp_path / "tree.json"
    made = runner.invoke(app, ["optimal", "--answers", lists[0], "--guesses", lists[1], "--first", opener,
                               "--objective", "worst", "--max-guesses", "3", "--no-store", "--out", str(tree)])
    assert made.exit_code == 0, made.output
    common = ["--verdicts", write_verdicts(tmp_path / "v.jsonl", rows), "--max-guesses", "3", "--answers", lists[0],
              "--guesses", lists[1], "--out", str(tmp_path)]
    code, err = run_script([*common, "--witness", str(tree), "--name", "w"], capsys)
    assert code == 0 and "1 with a tree within 3" in err, err
    cert = load_certificate("w", tmp_path)
    first = cert.entries[0]
    total = sum(depth for _, depth in leaves(TreeFile.load(tree).tree))
    assert (first.opener, first.witness, first.exact) == (opener, total, False) and cert.witnessed == [first]
    assert first.value == ExactSolver(puzzle, 3).root_bound(puzzle.index_of(opener)) <= total
    assert [e.undecided for e in cert.entries[1:len(feasible)]] == [True] * (len(feasible) - 1)
    assert "--witness" in cert.command and cert.undecided_count == len(feasible) - 1
    text = optimal_cli.certificate_header(cert, puzzle)  # (what `openers` prints of a shipped one)
    assert f"proves that 1 opener finds every answer within 3 guesses by a tree walked when it was built, " \
           f"{opener.upper()} ({total:,} guesses), and that no opener but it and the {len(feasible) - 1:,} undecided does" in text
    row = optimal_cli.certificate_rows(cert, 1)[0]
    assert row["witness"] == total and row["value"] == first.value and not row["exact"]
    # A tree past the limit, of another mode, or of an opener its verdict refutes: one line each.
    refuted = next(w for w, f in found.items() if not f.feasible)
    deep = tmp_path / "deep.json"
    made = runner.invoke(app, ["optimal", "--answers", lists[0], "--guesses", lists[1], "--first", refuted,
                               "--no-store", "--out", str(deep)])
    assert made.exit_code == 0, made.output
    hard = TreeFile.load(tree)
    hard_path = tmp_path / "hard.json"
    TreeFile(hard.game, "hard", hard.answers, hard.guesses, hard.tree).save(hard_path)
    for path, message in ((deep, "past the limit of 3"), (hard_path, "in hard mode, not of wordle in normal mode")):
        with pytest.raises(WordguessError, match=message):
            run_script([*common, "--witness", str(path), "--name", "bad"], capsys)
    wrong = [dict(r, feasible=False, refuter=["GGGGG", 1]) if r["word"] == opener else r for r in rows]
    with pytest.raises(WordguessError, match="yet its verdict"):
        run_script([*common[:1], write_verdicts(tmp_path / "wrong.jsonl", wrong), *common[2:], "--witness", str(tree),
                    "--name", "bad"], capsys)
    with pytest.raises(WordguessError, match="goes with --verdicts"):
        run_script([*common[2:], "--witness", str(tree), "--name", "bad"], capsys)
    with pytest.raises(WordguessError, match="needs the depth limit"):  # (no limit: no verdicts within one)
        run_script([*common[:2], "--max-guesses", "0", *common[4:], "--witness", str(tree), "--name", "bad"], capsys)


def test_openers_within_seven_over_the_12972_names_thumps_tree_and_the_verdicts():
    """Over the 12,972 in hard mode the certificate within 7 holds THUMP's tree of
    results/every-word (walked when it was built) first, then the undecided and the refuted as
    the verdicts file has them: the least worst case there is 7 (none within 6: the other
    certificate)."""
    command = ["openers", "--mode", "hard", "--answers", "wordle-guesses", "--guesses", "wordle-guesses",
               "--max-guesses", "7"]
    result = runner.invoke(app, [*command, "--top", "2"])
    assert result.exit_code == 0, result.output
    assert ("proves that 1 opener finds every answer within 7 guesses by a tree walked when it was built, "
            "THUMP (58,715 guesses), and that no opener but it and the") in " ".join(result.output.split())
    assert "a tree of 58,715" in result.output
    data = json.loads(runner.invoke(app, [*command, "--top", "0", "--json"]).output)
    path = ROOT / "results" / "every-word" / "wordle-guesses-hard7.verdicts.jsonl.gz"
    kept = {r["word"]: r for r in map(json.loads, gzip.decompress(path.read_bytes()).decode().splitlines())}
    refuted = sum(r["feasible"] is False for r in kept.values())
    assert (data["witnessed"], data["infeasible"], data["undecided"], data["count"]) == (
        1, refuted, len(kept) - refuted - 1, 12972)
    assert data["openers"][0]["opener"] == "thump" and data["openers"][0]["witness"] == 58715
    assert all(row.get("refuter") == kept[row["opener"]]["refuter"] for row in data["openers"][1:])


def test_openers_prints_the_shipped_verdicts_within_seven_as_the_results_file_has_them():
    """`openers --max-guesses 7` over the 14,855 in hard mode: the certificate holds, opener by
    opener, the verdict results/every-word keeps (its refuting reply, or undecided), and says
    how many are refuted and undecided; another limit has no certificate, said in one line."""
    command = ["openers", "--mode", "hard", "--answers", "wordle-guesses-nyt", "--guesses", "wordle-guesses-nyt",
               "--max-guesses", "7"]
    result = runner.invoke(app, [*command, "--top", "2"])
    assert result.exit_code == 0, result.output
    assert "no opener but the 241 undecided finds every answer within 7" in result.output
    assert result.output.count("undecided") >= 3
    data = json.loads(runner.invoke(app, [*command, "--top", "0", "--json"]).output)
    assert (data["infeasible"], data["undecided"], data["count"], data["best"]) == (14614, 241, 14855, None)
    path = ROOT / "results" / "every-word" / "wordle-guesses-nyt-hard7.verdicts.jsonl.gz"
    kept = {r["word"]: r for r in map(json.loads, gzip.decompress(path.read_bytes()).decode().splitlines())}
    assert len(data["openers"]) == len(kept)
    for row in data["openers"]:
        verdict = kept[row["opener"]]
        if verdict["feasible"] is None:
            assert row["undecided"] and not row["exact"] and row["value"] > 14855 and "refuter" not in row
        else:
            assert row["refuter"] == verdict["refuter"] and row["value"] is None and "undecided" not in row
    wrong = runner.invoke(app, [*command[:-1], "8"])
    assert wrong.exit_code == 2 and "within 8 guesses" in wrong.output and "at most 7" in wrong.output
