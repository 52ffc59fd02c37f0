"""Game analysis (issue 11): exact where the solver proves it, bounds where it does not, never a
silent estimate; the regret of a move is the difference of exact totals; the CLI's three forms."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from typer.testing import CliRunner

from conftest import WORDLE_SMALL, small_wordle_files
from wordguess.analysis import (
    BOUNDS,
    ESTIMATE,
    EXACT,
    analyze,
    legend,
    luck_score,
    luck_words,
    skill_of,
)
from wordguess.cli import app
from wordguess.engine.puzzle import Puzzle, PuzzleSpec
from wordguess.games import get_game
from wordguess.optimal.store import ResultStore
from wordguess.optimal.tasks import SearchSpec
from wordguess.optimal.total.certificates import certificate_for, certificate_key
from wordguess.optimal.total.run import optimal
from wordguess.optimal.total.search import ExactSolver
from wordguess.optimal.total.trees import load_optimal_tree
from wordguess.trees.tree import Tree, total_guesses

runner = CliRunner()
GAME = get_game("wordle")


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    """A closed-world Wordle small enough to certify every opener in a second."""
    spec = small_wordle_files(tmp_path_factory.mktemp("lists"))
    outcome = optimal(SearchSpec(spec, GAME.max_guesses), all_openers=True)
    assert outcome.proven
    return spec, spec.build(), outcome


def tree_game(puzzle: Puzzle, tree: Tree, secret: str) -> list:
    history, node = [], tree
    while True:
        guess = node if isinstance(node, str) else node.guess
        reply = GAME.feedback(guess, secret)
        history.append((guess, reply))
        if reply == GAME.solved_reply:
            return history
        node = node.branches[reply]


def test_the_optimal_trees_own_moves_have_zero_regret(small):
    _, puzzle, outcome = small
    for secret in puzzle.answers[::7]:
        analysis = analyze(puzzle, tree_game(puzzle, outcome.tree, secret), budget=30)
        assert analysis.kind == EXACT and analysis.solved and analysis.secret == secret
        for move in analysis.moves:
            assert move.played.kind == move.best.kind == EXACT, move
            assert move.regret == (0.0, 0.0) and move.skill == 99
        assert analysis.total_regret == (0.0, 0.0)
        assert analysis.optimal_guesses == len(analysis.moves)


def test_a_worse_move_regrets_the_difference_of_exact_totals(small):
    _, puzzle, outcome = small
    n = len(puzzle.answers)
    solver = ExactSolver(puzzle, GAME.max_guesses)
    worse = [w for w in puzzle.guesses if solver.opener(w).value > outcome.total][:3]
    assert worse
    for opener in worse:
        secret = puzzle.answers[3]
        analysis = analyze(puzzle, [(opener, GAME.feedback(opener, secret))], budget=30)
        move = analysis.moves[0]
        assert move.played.kind == move.best.kind == EXACT
        regret = (solver.opener(opener).value - outcome.total) / n
        assert move.regret[0] == pytest.approx(regret) == move.regret[1]
        assert move.best.low == pytest.approx(outcome.total / n)
        assert move.skill == round(99 * math.exp(-4 * regret))


def test_a_tiny_budget_never_claims_exact(small):
    spec, puzzle, outcome = small
    games = [tree_game(puzzle, outcome.tree, s)[:1] + [] for s in puzzle.answers[:3]]
    games += [[("crate", GAME.feedback("crate", s)), ("pound", GAME.feedback("pound", s))] for s in puzzle.answers[5:8]]
    for history in games:
        truth = analyze(puzzle, history, budget=60)
        rushed = analyze(spec.build(), history, budget=1e-6)
        for fast, slow in zip(rushed.moves, truth.moves, strict=True):
            for quick, exact in ((fast.played, slow.played), (fast.best, slow.best)):
                assert exact.kind == EXACT
                if quick.kind == EXACT:
                    assert quick.low == pytest.approx(exact.low)
                else:
                    assert quick.kind == BOUNDS
                    assert quick.low <= exact.low + 1e-9
                    assert quick.high is None or exact.low <= quick.high + 1e-9
            low, high = fast.regret
            assert low <= slow.regret[0] + 1e-9 and (high is None or slow.regret[0] <= high + 1e-9)
            for value in (fast.played, fast.best):  # unsettled values carry an estimate within their bounds
                if value.kind == BOUNDS:
                    assert value.estimate is not None and value.low <= value.estimate <= (value.high or math.inf)
                    assert f"{value.estimate:.2f}" in value.text()
            if fast.regret_estimate is not None:
                assert low <= fast.regret_estimate <= (high if high is not None else math.inf)
                assert fast.skill_estimate == skill_of(fast.regret_estimate) and fast.skill_text() == f"~{fast.skill_estimate}"
                assert f"≈{fast.regret_estimate:.2f}" in fast.regret_text()
            elif high is not None and high == low:
                assert fast.skill_text() == str(fast.skill) and fast.regret_text() == f"{low:.3f}"


def test_each_move_reads_as_a_sentence_and_the_legend_explains_what_appears(small):
    _, puzzle, outcome = small
    n = len(puzzle.answers)
    solver = ExactSolver(puzzle, GAME.max_guesses)
    worse = next(w for w in puzzle.guesses if solver.opener(w).value > outcome.total)
    secret = puzzle.answers[3]
    history = [(worse, GAME.feedback(worse, secret))]
    history.append((secret, GAME.solved_reply))
    analysis = analyze(puzzle, history, budget=30)
    first, last = analysis.moves
    words = first.sentence(GAME)
    assert words.startswith(f"{worse.upper()} left {first.candidates_after:,} of {n:,} possible words.")
    assert f"{first.best_guess.upper()} was better: {outcome.total / n:.2f} guesses to finish on average" in words
    assert f"{first.regret[0]:.2f} more" in words and f"Luck {first.luck} of 99 ({luck_words(first.luck)}" in words
    assert last.sentence(GAME).startswith(f"{secret.upper()} found the word among {last.candidates_before:,}")
    lines = legend(analysis, GAME)
    assert any(line.startswith("Skill: 99 for the best guess, 66 for a tenth") for line in lines)
    assert any(line.startswith("Luck: 0 to 99, 50 for the reply to expect") for line in lines)
    starred = any(m.luck_by == "weight" for m in analysis.moves)  # the star is explained where it appears
    assert any(line.startswith("*: luck judged by the size") for line in lines) == starred
    assert not any(line.startswith("low–high") for line in lines)  # every value proven: no bounds to explain
    assert [luck_words(x) for x in (0, 14, 15, 39, 40, 59, 60, 84, 85, 99)] == [
        "very unlucky", "very unlucky", "unlucky", "unlucky", "average", "average", "lucky", "lucky",
        "very lucky", "very lucky"]


def test_an_opener_not_proven_within_the_budget_is_shown_as_bounds(tmp_path):
    puzzle = PuzzleSpec(GAME).build()  # 2,315 answers: FUZZY's proof takes far longer than 300 nodes
    history = [(w, GAME.feedback(w, "shake")) for w in ("fuzzy", "crate")]
    # SALET's proven total, from the shipped optimal tree, in the store the analysis reads.
    store = ResultStore(tmp_path / "store.sqlite")
    salet = total_guesses(load_optimal_tree("normal").tree)
    store.save_opener(certificate_key(puzzle, GAME.max_guesses), "salet", salet, True, 0, 0.0)
    analysis = analyze(puzzle, history, budget=1e-6, store=store)
    first = analysis.moves[0]
    # The best opener is proven at once when a Wordle certificate is shipped, else only bounded.
    certified = certificate_for(puzzle, GAME.max_guesses) is not None
    assert first.played.kind == BOUNDS and first.best.kind == (EXACT if certified else BOUNDS) and first.skill is None
    assert first.played.high is None or first.played.low <= first.played.high
    assert first.best.low <= first.best.high <= salet / 2315 + 1e-12
    assert first.luck_by == "weight"
    assert analysis.moves[1].played.low <= (analysis.moves[1].played.high or math.inf)


def test_luck_is_the_chance_of_a_worse_bucket():
    rng = np.random.default_rng(1)
    for _ in range(50):
        k = int(rng.integers(1, 8))
        shares = rng.integers(1, 5, k).astype(float)
        values = rng.integers(0, 3, k).astype(float)
        actual = int(rng.integers(k))
        worse = sum(s for s, v in zip(shares, values, strict=True)
                    if (v, s) > (values[actual], shares[actual]))
        equal = sum(s for s, v in zip(shares, values, strict=True)
                    if (v, s) == (values[actual], shares[actual]))
        assert luck_score(shares, values, actual) == round(99 * (worse + equal / 2) / shares.sum())


def test_open_world_values_are_labelled_estimates():
    puzzle = PuzzleSpec(GAME, guesses=None, world="open").build()
    history = [(w, GAME.feedback(w, "gizmo")) for w in ("salet", "corni", "gizmo")]
    analysis = analyze(puzzle, history)
    assert analysis.kind == ESTIMATE and analysis.world == "open" and analysis.solved
    for move in analysis.moves:
        assert move.played.kind == move.best.kind == ESTIMATE
        assert move.regret[0] == move.regret[1] == pytest.approx(max(0.0, move.played.low - move.best.low))
        assert move.skill == round(99 * math.exp(-4 * move.regret[0])) and 0 <= move.luck <= 99
    assert analysis.moves[-1].candidates_after == 1 and analysis.moves[-1].played.low >= 1.0
    assert analysis.optimal_guesses is not None and 1 <= analysis.optimal_guesses <= 6


def cli(*args):
    return runner.invoke(app, ["analyze", *args])


def test_cli_three_forms_agree_and_bad_input_is_one_line(small, tmp_path):
    spec, puzzle, _ = small
    lists = ["--answers", str(spec.answers), "--guesses", str(spec.guesses)]
    secret, guesses = puzzle.answers[4], ["crate", "pound", puzzle.answers[4]]
    replies = [GAME.format_reply(GAME.feedback(g, secret)) for g in guesses]
    emoji = {"G": "🟩", "Y": "🟨", ".": "⬛"}
    share = "Wordle 1,234 3/6\n\n" + "\n".join("".join(emoji[c] for c in r) for r in replies) + "\n"
    forms = [["--secret", secret, *guesses], ["--history", ",".join(f"{g}={r}" for g, r in zip(guesses, replies, strict=True))],
             ["--share", share, *guesses]]
    results = []
    for form in forms:
        result = cli(*form, *lists, "--json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        assert data["kind"] == "exact" and data["solved"] and data["secret"] == secret
        results.append([{k: v for k, v in m.items() if k != "seconds"} for m in data["moves"]])
    assert results[0] == results[1] == results[2]
    text = cli("--secret", secret, *guesses, *lists)
    assert text.exit_code == 0 and "total regret" in text.stdout and "skill" in text.stdout
    bad = [["--secret", secret], ["--secret", secret, "--history", "crate=.....", "crate"],
           ["--share", share, "crate"], ["--secret", secret, "crate", "--budget", "0"],
           ["--secret", secret, "qqqq"], ["--history", "crate=GGGGG,pound=....."],
           ["--secret", secret, secret, "crate"], ["--world", "flat", "--secret", secret, "crate"]]
    for args in bad:
        result = cli(*args, *lists)
        assert result.exit_code == 2, (args, result.output)
        assert len([line for line in result.stderr.splitlines() if line.strip()]) == 1, (args, result.stderr)
    # A well-formed word in no list is a real guess: taken as played, with a note.
    taken = cli("--secret", secret, "qqqqq", secret, *lists, "--json")
    assert taken.exit_code == 0 and "QQQQQ is in no list" in taken.stderr
    assert [m["guess"] for m in json.loads(taken.stdout)["moves"]][0] == "qqqqq"


def test_cli_auto_world_turns_open_for_a_word_outside_the_answers():
    result = cli("--secret", "gizmo", "salet", "corni", "gizmo", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["world"] == "open" and data["kind"] == "estimate" and "open world" in result.stderr
    result = cli("--secret", "cigar", "raise", "cigar", "--json")  # a game that fits: closed, and not a word of it
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["world"] == "closed" and "open world" not in result.stderr


def test_cli_notes_only_the_words_in_no_list_of_the_world_analysed():
    # TARSE is in no answer list but among the open world's guesses: the closed try says nothing.
    result = cli("--secret", "gizmo", "tarse", "gizmo", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["world"] == "open" and data["notices"] == [] and "note:" not in result.stderr
    unknown = cli("--secret", "yeets", "crane", "yeets", "--json")
    assert unknown.exit_code == 0, unknown.output
    notices = json.loads(unknown.stdout)["notices"]
    assert len(notices) == 1 and "YEETS is in no list" in notices[0]
    assert result.stderr.count("note:") == 0 and unknown.stderr.count("note: YEETS") == 1


def test_cli_share_text_from_standard_input_is_read_once():
    grid = "Wordle 1 3/6\n⬛⬛🟩⬛🟩\n🟩⬛⬛⬛🟨\n🟩🟩🟩🟩🟩\n"
    result = runner.invoke(app, ["analyze", "--share", "-", "crane", "slosh", "shake", "--budget", "1", "--json"],
                           input=grid)
    assert result.exit_code == 0, result.output
    assert [m["reply"] for m in json.loads(result.stdout)["moves"]] == ["..G.G", "G...Y", "GGGGG"]


def test_the_budget_is_the_whole_analysis_shared_by_its_moves_last_first():
    """Each move gets an even share of the nodes left, the last move first, so what a quick late
    move leaves goes to the early ones, and the whole analysis keeps its budget (values that
    count the nodes each move spends: its share, or nothing)."""
    from wordguess.analysis import EstimatedValues
    from wordguess.analysis.played import NODES_PER_SECOND

    class Recorded(EstimatedValues):
        def __init__(self, puzzle, spend):
            super().__init__(puzzle)
            self.spend, self.shares, self.turns, self.spent = spend, [], [], 0

        @property
        def nodes(self):
            return self.spent

        def start_move(self, nodes):
            self.shares.append(nodes)
            self.spent += nodes if self.spend(len(self.shares)) else 0

        def move(self, candidates, history, guess):
            self.turns.append(len(history) + 1)
            return super().move(candidates, history, guess)

    puzzle = PuzzleSpec(GAME).build()
    history = [(w, GAME.feedback(w, "shake")) for w in ("crane", "slosh", "shale", "shake")]
    total = 9 * NODES_PER_SECOND
    spent_all = Recorded(puzzle, lambda k: True)
    analyze(puzzle, history, budget=9.0, values=spent_all)
    assert spent_all.turns == [4, 3, 2, 1]
    assert spent_all.shares == pytest.approx([total / 4.5] * 4, abs=1)  # over 4 moves and half a share of optimal play
    quick_late = Recorded(puzzle, lambda k: k > 2)  # the last two moves spend nothing
    analyze(puzzle, history, budget=9.0, values=quick_late)
    assert quick_late.shares == pytest.approx([total / 4.5, total / 3.5, total / 2.5, total * 0.6 / 1.5], abs=1)


def test_the_same_game_gets_the_same_analysis_whatever_the_time_its_search_takes(monkeypatch):
    """The budget is counted in nodes: a search slowed down (a machine loaded, say) proves the
    same and shows the same values."""
    from wordguess.optimal.total import search

    history = [(w, GAME.feedback(w, "cigar")) for w in ("fuzzy", "cloth", "cigar")]
    puzzle = PuzzleSpec(GAME).build()
    quick = analyze(puzzle, history, budget=0.5).to_json(GAME)
    clock = [0.0]  # a clock that runs a hundred times faster: every slice seems to take long

    def slow() -> float:
        clock[0] += 0.5
        return clock[0]

    monkeypatch.setattr(search.time, "monotonic", slow)  # (the time module's own: every caller's clock)
    monkeypatch.setattr(search.time, "time", slow)
    slowed = analyze(puzzle, history, budget=0.5).to_json(GAME)
    for data in (quick, slowed):
        data.pop("seconds")
        for move in data["moves"]:
            move.pop("seconds", None)
    assert slowed == quick

def test_a_game_too_large_for_its_matrix_is_analysed_by_estimates_on_its_candidates(monkeypatch):
    """Over FOCUS_BYTES (classic Nerdle) the analysis never makes the whole matrix: each move is
    estimated on the puzzle focused on its candidates, and the replies' shares are the whole
    puzzle's (the actual reply is one of them, even when the values came from a sample)."""
    from wordguess.engine import puzzle as module

    monkeypatch.setattr(module, "FOCUS_BYTES", 40 * 40 * 2)
    puzzle = Puzzle(GAME, WORDLE_SMALL[:60], WORDLE_SMALL, store=None)
    secret = "pride"
    history = [(w, GAME.feedback(w, secret)) for w in ("crate", "dwarf", "pride")]
    analysis = analyze(puzzle, history, secret=secret)
    assert analysis.kind == ESTIMATE and analysis.moves[-1].candidates_after == 1
    assert analysis.moves[0].candidates_before == 60 and analysis.optimal_guesses is not None
    assert "matrix" not in puzzle.__dict__


def test_the_cli_analyses_a_game_played_by_rows_on_its_whole_matrix_in_the_closed_world(tmp_path, monkeypatch):
    """A game a player plays by rows (over FOCUS_BYTES: Wordle of 7 to 9 letters, classic
    Nerdle) is analysed in the closed world on its whole matrix, made as the exact search takes
    the puzzle: proven values, not estimates (the library's analyze of the puzzle as played by
    rows estimates it: the test above)."""
    from wordguess.engine import puzzle as module

    spec = small_wordle_files(tmp_path)
    monkeypatch.setattr(module, "FOCUS_BYTES", 40 * 40)
    assert spec.build().by_rows
    result = cli("--secret", "pride", "crate", "dwarf", "pride", "--answers", spec.answers, "--guesses", spec.guesses,
                 "--no-store", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["world"] == "closed" and data["kind"] == EXACT
    assert [(m["played"]["kind"], m["best"]["kind"]) for m in data["moves"]] == [(EXACT, EXACT)] * 3


@pytest.mark.slow
def test_the_cli_analyses_seven_letter_wordle_by_proven_values():
    """7-letter Wordle (its matrix over FOCUS_BYTES, played by rows) in the closed world: proven
    bounds on the first move, proven values on the last two, not the open world's estimates."""
    result = cli("--length", "7", "--secret", "balance", "parties", "cologne", "balance", "--no-store", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["world"] == "closed" and data["kind"] == EXACT
    assert [m["played"]["kind"] for m in data["moves"]] == [BOUNDS, EXACT, EXACT]


def test_fibble_is_analysed_with_its_lies_and_each_value_equals_its_slow_twin():
    """A shown reply's chance counts every lie that could show it; the set it leaves holds the
    words whose true reply it can stand for; a guess's value is 1 + the sum of chance x the set's
    estimate (bucket_estimate). The twin works from shown_replies and truths, word by word."""
    from wordguess.analysis import LieEstimates, bucket_estimate
    from wordguess.engine.candidates import filter_candidates

    fibble = get_game("fibble")
    puzzle = PuzzleSpec(fibble, world="closed").build()
    rng = np.random.default_rng(5)
    secret = "bough"
    history = [(w, fibble.show(fibble.feedback(w, secret), rng)) for w in ("salet", "crony", "dough", "bough")]
    analysis = analyze(puzzle, history)
    assert analysis.kind == ESTIMATE and analysis.solved and len(analysis.moves) == 4
    answers = list(puzzle.answers)
    estimates = LieEstimates(puzzle)
    for turn, move in enumerate(analysis.moves):
        before = filter_candidates(fibble, answers, history[:turn])
        assert move.candidates_before == len(before) == len(filter_candidates(fibble, before, []))
        assert move.candidates_after == len(filter_candidates(fibble, answers, history[: turn + 1]))
        guess = move.guess
        chance: dict[int, float] = {}
        for word in before:  # each word's true reply shown as one of its lies, evenly
            shown = fibble.shown_replies(fibble.feedback(guess, word))
            for reply in shown:
                chance[reply] = chance.get(reply, 0.0) + 1 / len(shown) / len(before)
        left = fibble.max_guesses - turn - 1
        value = 1.0
        for reply, p in chance.items():
            if reply != fibble.solved_reply:
                kept = [w for w in before if fibble.feedback(guess, w) in set(fibble.truths(reply).tolist())]
                value += p * bucket_estimate(np.ones(len(kept)), left, estimates.rule.loss)
        assert move.played.low == pytest.approx(value) and move.played.kind == ESTIMATE
        assert move.best.low <= move.played.low + 1e-12
    lines = legend(analysis, fibble)
    assert any(line.startswith("Fibble's host lies") for line in lines)
    secret_form = runner.invoke(app, ["analyze", "--game", "fibble", "--secret", "bough", "salet", "bough"])
    assert secret_form.exit_code == 2 and "replies shown are not known from the secret" in secret_form.output
    text = runner.invoke(app, ["analyze", "--game", "fibble", "--history", ",".join(f"{g}={fibble.format_reply(r)}" for g, r in history)])
    assert text.exit_code == 0 and "1. SALET left " in text.stdout, text.output


def test_fibble_suggestions_finish_in_the_guesses_the_analysis_gives_them():
    """The assistant's guesses to finish in Fibble are the analysis's values at the same
    position: each suggestion, analysed as the move played there, is valued at its figure."""
    import wordguess

    fibble = get_game("fibble")
    puzzle = PuzzleSpec(fibble, world="closed").build()
    history = [("salet", fibble.parse_reply("Y....")), ("crony", fibble.parse_reply("....."))]
    shown = fibble.parse_reply("G....")
    for strategy in ("lie-entropy", "fewest-guesses"):  # (the default, and one with values of its own)
        advice = wordguess.advise("fibble", "salet=Y....;crony=.....", world="closed", strategy=strategy)
        assert advice.strategy == strategy and len(advice.suggestions) >= 3
        for suggestion in advice.suggestions[:3]:
            move = analyze(puzzle, [*history, (suggestion.word, shown)]).moves[-1]
            assert move.played.kind == ESTIMATE and suggestion.kind == ESTIMATE
            assert move.played.low == pytest.approx(suggestion.guesses_to_finish)


def test_a_closed_world_with_past_answers_weighed_down_is_reported_closed(tmp_path):
    """The world is the puzzle's, not read off its weights: --exclude weighs the closed world's past
    answers down, and it stays closed (it was reported open)."""
    past = tmp_path / "past.txt"
    past.write_text("cigar\nrebut\n")
    closed = PuzzleSpec(GAME, exclude=str(past)).build()
    assert closed.weighted and closed.world == "closed"
    assert PuzzleSpec(GAME, world="open").build().world == "open"
    assert PuzzleSpec(get_game("jotto"), world="open").build().world == "closed"  # no prior: its answers, alike
    analysis = analyze(closed, [("crane", GAME.feedback("crane", "shake"))], budget=0.5)
    assert analysis.world == "closed" and analysis.to_json(GAME)["world"] == "closed"
    text = runner.invoke(app, ["analyze", "--world", "closed", "--exclude", str(past), "--secret", "shake", "crane", "shake", "--json"])
    assert text.exit_code == 0 and json.loads(text.stdout)["world"] == "closed", text.output


def test_a_share_header_with_the_hard_mode_star_is_analysed_in_hard_mode(tmp_path):
    from wordguess.engine.candidates import share_says_hard

    assert share_says_hard("Wordle 1,234 2/6*\n🟨🟨🟨⬛⬛") and share_says_hard("Wordle 1,234 X/6*")
    assert not share_says_hard("Wordle 1,234 2/6\n🟨🟨🟨⬛⬛") and not share_says_hard("🟨🟨🟨⬛⬛")
    share = tmp_path / "share.txt"
    share.write_text("Wordle 1,234 2/6*\n\n🟨🟨🟨⬛⬛\n🟩🟩🟩🟩🟩\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["analyze", "--no-store", "--share", str(share), "raise", "cigar", "--json"])
    assert result.exit_code == 0, result.output
    assert "hard mode" in result.stderr and json.loads(result.stdout)["mode"] == "hard"


def test_a_guess_that_tells_nothing_new_is_a_guess_lost_and_the_game_ends_at_its_limit():
    result = CliRunner().invoke(app, ["analyze", "--no-store", "--secret", "shake", *["crane"] * 8, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["guesses"] == 6 and data["beyond_limit"] == 2 and not data["solved"]
    for move in data["moves"][1:]:  # the repeats: nothing new, at least a guess lost, even where both can lose
        assert (move["regret"]["low"] is None or move["regret"]["low"] >= 1.0) and move["skill"] <= 2  # None: a sure win lost
    text = CliRunner().invoke(app, ["analyze", "--no-store", "--secret", "shake", *["crane"] * 7]).stdout
    assert "lost: not found within 6 guesses" in text and "told nothing new" in text and "and counting" not in text


def test_a_game_is_summed_up_in_one_line_with_the_default_strategy_on_its_secret():
    result = CliRunner().invoke(app, ["analyze", "--no-store", "--secret", "cigar", "raise", "cigar", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)["summary"]
    assert 0 <= summary["skill"] <= 99 and 0 <= summary["luck"] <= 99 and summary["guesses"] == 2
    assert summary["strategy"] == "entropy" and summary["strategy_guesses"] >= 2
    text = CliRunner().invoke(app, ["analyze", "--no-store", "--secret", "cigar", "raise", "cigar"]).stdout
    assert f"game: skill {summary['skill']} of 99, luck {summary['luck']} of 99; the entropy strategy" in text


def test_for_first_word_sets_what_the_host_reveals_from_the_first_word_known():
    from wordguess.analysis.played import for_first_word

    sutom = get_game("sutom")
    assert for_first_word(sutom, None) is sutom  # no word known: the game as named
    assert for_first_word(sutom, "maison", ["bateau"]).first == "m"  # the secret first
    assert for_first_word(sutom, None, ["bateau"], [("cheval", "......")]).first == "b"  # then the guesses
    played = for_first_word(sutom, "", [], [("cheval", "......")])  # then the turns
    assert (played.first, played.length) == ("c", 6)


def test_every_value_in_the_json_has_the_fields_the_web_answers():
    """`analyze --json` writes each value with the fields of the web's ValueOut, whatever the
    value (a guess that can lose, one the guard judged, bounds), as /api/analyze does."""
    from wordguess.web.analyze import ValueOut

    result = runner.invoke(app, ["analyze", "--world", "open", "--secret", "crimp", "salet", "corny", "brick", "crimp",
                                 "--json"])
    assert result.exit_code == 0, result.output
    moves = json.loads(result.stdout)["moves"]
    assert [set(m[k]) for m in moves for k in ("played", "best")] == [set(ValueOut.model_fields)] * (2 * len(moves))


def test_a_reply_of_less_than_one_percent_is_said_so_in_the_table_as_in_the_sentence():
    result = runner.invoke(app, ["analyze", "--world", "open", "--secret", "tales", "salet", "tales"])
    assert result.exit_code == 0, result.output
    assert "(<1%)" in result.stdout and "(0%)" not in result.stdout and "less than a 1% chance" in result.stdout
