"""The open world (issue 10): priors as data, weighted secrets in the engine, the fewest-guesses
strategy, evaluation over given secrets, and the CLI's --world. Each weighted fast path is checked
against a slow, obvious twin."""

from __future__ import annotations

import dataclasses
import json
import math

import numpy as np
import pytest
from typer.testing import CliRunner

from conftest import WORDLE_SMALL, small_puzzle
from wordguess.cli import app
from wordguess.engine.patterns import PatternStore
from wordguess.engine.puzzle import Puzzle, PuzzleSpec
from wordguess.errors import WordguessError
from wordguess.games import get_game
from wordguess.lists import priors, read_bundled
from wordguess.play.assistant import Assistant
from wordguess.play.hosts import RandomHost
from wordguess.strategies import get_strategy, scoring
from wordguess.strategies.base import one_board
from wordguess.strategies.expected import FewestGuesses, cost_curve
from wordguess.strategies.guarded import guarded
from wordguess.strategies.metrics import METRICS
from wordguess.strategies.scoring import expected_guesses, score_guesses, second_looks, total_weight
from wordguess.trees.build import build_tree
from wordguess.trees.report import evaluate
from wordguess.trees.tree import TreeFile, leaves

runner = CliRunner()


def weighted_puzzle(seed: int = 0, mode: str = "normal") -> Puzzle:
    game = get_game("wordle")
    answers = WORDLE_SMALL[:60]
    weights = np.random.default_rng(seed).uniform(0.01, 1.0, len(answers))
    return Puzzle(game, answers, WORDLE_SMALL, mode=mode, weights=weights)


def masses(puzzle: Puzzle, guess: int, candidates) -> dict[int, float]:
    """The slow twin: each reply's total weight, by feedback."""
    out: dict[int, float] = {}
    for c in candidates:
        reply = puzzle.game.feedback(puzzle.guesses[guess], puzzle.answers[c])
        out[reply] = out.get(reply, 0.0) + float(puzzle.weights[c])
    return out


@pytest.fixture(params=["by-secret", "by-guess"])
def layout(request, monkeypatch):
    """Run a test with the kernels reading the transposed matrix, then the matrix itself."""
    monkeypatch.setattr(scoring, "BY_SECRET_CANDIDATES", 10**9 if request.param == "by-secret" else 0)
    return request.param


@pytest.mark.parametrize("metric", list(METRICS))
def test_weighted_kernel_equals_the_metrics_on_bucket_masses(metric, layout):
    puzzle = weighted_puzzle(1)
    candidates = np.arange(5, 55)
    guesses = np.arange(0, len(puzzle.guesses), 7)
    scores = score_guesses(puzzle, guesses, candidates, metric)
    total = total_weight(puzzle, candidates)
    for g, score in zip(guesses, scores, strict=True):
        buckets = list(masses(puzzle, int(g), candidates).values())
        expected = METRICS[metric].function(buckets) if metric != "most-parts" else -len(buckets)
        assert METRICS[metric].value(float(score), total) == pytest.approx(expected, rel=1e-9, abs=1e-9)


@pytest.mark.parametrize("parallel", [False, True])
@pytest.mark.parametrize("weighted", [True, False])
@pytest.mark.parametrize(("left", "penalty"), [(None, 0.0), (3, 10.0), (1, 10.0), (0, 7.5)])
def test_expected_guesses_kernel_equals_its_definition(left, penalty, weighted, parallel, layout, monkeypatch):
    """Both kernels (weighted, and the closed world's counting one), serial and parallel."""
    puzzle = weighted_puzzle(2)
    if not weighted:
        puzzle = dataclasses.replace(puzzle, weights=None)
    if parallel:
        monkeypatch.setattr(scoring, "SERIAL_PAIRS", 0)
    candidates = np.arange(0, 60, 2)
    guesses = np.arange(0, len(puzzle.guesses), 5)
    bits, cost = cost_curve()
    scores = expected_guesses(puzzle, guesses, candidates, bits, cost, left=left, penalty=penalty)
    total = float(puzzle.weights_of(candidates).sum())
    for g, score in zip(guesses, scores, strict=True):
        value = 1.0
        for reply, bucket in puzzle.buckets(int(g), candidates):
            if reply == puzzle.game.solved_reply:
                continue
            w = puzzle.weights_of(bucket)
            lost = w.sum() - w.max()  # guessed likeliest first, all but one are lost with one guess left
            if left == 0:
                f = penalty  # no guess left: the whole bucket is lost
            elif len(w) == 1:
                f = 1.0
            elif left == 1:
                f = 1.0 + lost / w.sum() * penalty
            elif len(w) == 2:
                f = 1.0 + w.min() / w.sum()
            else:
                p = w / w.sum()
                f = float(np.interp(-(p * np.log2(p)).sum(), bits, cost))
            value += w.sum() / total * f
        assert score == pytest.approx(value, rel=1e-9)


def test_uniform_weights_reproduce_the_closed_world():
    closed = small_puzzle("wordle", "normal")
    uniform = dataclasses.replace(closed, weights=np.full(len(closed.answers), 0.25))
    for name in ("entropy", "expectation", "minimax", "most-parts"):
        assert list(leaves(build_tree(closed, get_strategy(name)))) == list(leaves(build_tree(uniform, get_strategy(name))))


def test_ties_between_candidates_go_to_the_likelier():
    puzzle = weighted_puzzle(3)
    two = np.array([10, 20])
    likelier = 10 if puzzle.weights[10] > puzzle.weights[20] else 20
    for name in ("entropy", "fewest-guesses"):
        choice = get_strategy(name).choose(puzzle, one_board(puzzle, two, []))
        assert puzzle.guesses[choice] == puzzle.answers[likelier]


def test_fewest_guesses_plays_legal_guesses_and_solves_every_secret():
    for mode in ("normal", "hard", "strict"):
        puzzle = weighted_puzzle(4, mode)
        tree = build_tree(puzzle, guarded(FewestGuesses(width=3, pool=50)))
        assert sorted(w for w, _ in leaves(tree)) == sorted(puzzle.answers)


def test_playing_chosen_secrets_equals_reading_the_whole_tree():
    puzzle = weighted_puzzle(5)
    strategy = get_strategy("entropy")
    whole = dict(leaves(build_tree(puzzle, strategy)))
    chosen = list(puzzle.answers[::3])
    ev = evaluate(puzzle, strategy, secrets=chosen, world="open")
    assert ev.scores == {w: whole[w] for w in chosen}
    weights = dict(zip(puzzle.answers, puzzle.weights, strict=True))
    expected = sum(weights[w] * whole[w] for w in chosen) / sum(weights[w] for w in chosen)
    assert ev.weighted_mean == pytest.approx(expected)
    with pytest.raises(WordguessError, match="zzzzz"):
        evaluate(puzzle, strategy, secrets=["zzzzz"])


def test_the_random_host_draws_by_weight():
    puzzle = weighted_puzzle(6)
    heavy = np.full(len(puzzle.answers), 1e-9)
    heavy[7] = 1.0
    puzzle = dataclasses.replace(puzzle, weights=heavy)
    drawn = {RandomHost(seed).pick(puzzle, puzzle.all_candidates()) for seed in range(20)}
    assert drawn == {puzzle.answers[7]}


def test_the_open_world_puzzle_and_its_prior():
    puzzle = PuzzleSpec(get_game("wordle"), world="open").build()
    # Today's lists: the NYT's 14,855 allowed words (the 12,972 and the 1,883 it added since).
    assert puzzle.answers is puzzle.guesses and len(puzzle.answers) == 14855
    assert puzzle.answers.name == "wordle-guesses-nyt" and set(read_bundled("wordle-guesses")) < set(puzzle.answers)
    assert {"aapas", "amaro", "chaat", "crema", "flowy", "glamp", "guano", "gizmo", "emoji"} <= set(puzzle.answers)
    p = dict(zip(puzzle.answers, puzzle.probabilities(puzzle.all_candidates()), strict=True))
    assert p["cigar"] > p["cards"] > p["aahed"]  # a common word, a plural, an obscure word
    assert p["gizmo"] > 10 * np.median(list(p.values()))
    excluded = PuzzleSpec(get_game("wordle"), world="open", exclude="wordle-answers", exclude_factor=0.5).build()
    i = puzzle.index_of("cigar")
    assert excluded.weights[i] == pytest.approx(0.5 * puzzle.weights[i])
    with pytest.raises(WordguessError, match="closed world"):
        PuzzleSpec(get_game("wordle"), answers="wordle-answers", world="open").build()
    with pytest.raises(WordguessError, match="world"):
        PuzzleSpec(get_game("wordle"), world="ajar").build()
    assert PuzzleSpec(get_game("mastermind"), world="open").build().weights is None  # no prior: all alike


def test_scowl_lists_have_no_prior_so_the_open_world_keeps_their_answers():
    assert priors.table_name("wordle", "scowl-guesses-7") is None
    assert priors.table_name("wordle", "wordle-guesses") == "wordle-guesses-nyt"
    puzzle = PuzzleSpec(get_game("wordle", length=4), world="open").build()
    assert puzzle.weights is None and puzzle.answers.name == "scowl-answers-4" and len(puzzle.answers) == 2302


def test_the_shipped_model_is_what_the_fit_gives():
    assert priors.fit_wordle_model()["coefficients"] == pytest.approx(list(priors.shipped_model()), abs=1e-5)


def test_the_fit_recovers_known_coefficients():
    rng = np.random.default_rng(0)
    x = np.column_stack([np.ones(20000), rng.normal(size=20000)])
    y = (rng.uniform(size=20000) < 1 / (1 + np.exp(-(0.5 - 2.0 * x[:, 1])))).astype(float)
    assert priors.fit(x, y, ridge=0.0) == pytest.approx([0.5, -2.0], abs=0.1)


def test_the_prior_transfers_to_termo_and_sutom():
    for game in (get_game("termo"), get_game("sutom", length=6, first="m")):
        puzzle = PuzzleSpec(game, world="open").build()
        table = priors.frequency_table(priors.table_name(game.name, None))
        p = puzzle.probabilities(puzzle.all_candidates())
        common = np.array([table.get(w, (0.0, ""))[0] >= 3.0 for w in puzzle.answers])
        assert p[common].sum() > 0.6 > common.mean()  # most of the mass on the words people know


def test_the_assistant_shows_probabilities_and_names_the_contradicting_turn():
    puzzle = weighted_puzzle(7)
    assistant = Assistant(puzzle, guarded(FewestGuesses(width=2, pool=30)))
    top = assistant.suggestions(3)[0]
    assert 1.0 <= top.guesses_to_finish and (top.probability > 0) == top.can_be_answer
    likely = assistant.likely(5)
    assert [p for _, p in likely] == sorted((p for _, p in likely), reverse=True)
    assert math.isclose(sum(puzzle.probabilities(puzzle.all_candidates())), 1.0)
    assistant.report("cigar", ".....")
    with pytest.raises(WordguessError, match="turn 2"):
        assistant.report("cigar", "GGGGG")
    assert len(assistant.history) == 1


def test_cli_open_world_evaluate_solve_and_errors(tmp_path):
    secrets = tmp_path / "secrets.txt"
    secrets.write_text("gizmo\ncigar\nhumph\n")
    result = runner.invoke(app, ["evaluate", "--world", "open", "--secrets", str(secrets), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"mean", "worst", "failures", "secrets", "histogram", "weighted_mean"} <= set(data)
    assert data["secrets"] == 3 and data["world"] == "open" and data["failures"] == 0
    result = runner.invoke(app, ["solve", "--secret", "gizmo"])
    assert result.exit_code == 0 and "GGGGG" in result.stdout
    bad = tmp_path / "bad.txt"
    bad.write_text("qqqqq\n")
    for args in (["evaluate", "--world", "open", "--secrets", str(bad)], ["solve", "--world", "flat"],
                 ["solve", "--exclude-factor", "0"],
                 ["evaluate", "--world", "open", "--secrets", str(secrets), "--tree-out", "t.json"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert len([line for line in result.stderr.splitlines() if line.strip()]) == 1, result.stderr


def test_open_world_tree_file_records_its_world_and_is_evaluated_weighted(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDLE_SMALL[:150]) + "\n")
    tree_path = tmp_path / "open.json"
    result = runner.invoke(app, ["tree", "--world", "open", "--guesses", str(words), "--out", str(tree_path)])
    assert result.exit_code == 0, result.output
    assert "weighted by the prior" in result.stdout
    doc = json.loads(tree_path.read_text())
    assert doc["world"] == "open" and doc["answers"] == doc["guesses"]
    loaded = TreeFile.load(tree_path, "open")
    assert sorted(w for w, _ in leaves(loaded.tree)) == sorted(WORDLE_SMALL[:150])
    result = runner.invoke(app, ["evaluate", "--world", "open", "--guesses", str(words), "--tree", str(tree_path),
                                 "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    named = runner.invoke(app, ["evaluate", "--world", "open", "--tree", str(tree_path), "--json"])  # the file's guesses
    assert named.exit_code == 0 and json.loads(named.stdout)["weighted_mean"] == data["weighted_mean"], named.output
    assert data["world"] == "open" and data["secrets"] == 150
    puzzle = PuzzleSpec(get_game("wordle"), guesses=str(words), world="open").build()
    depth = dict(leaves(loaded.tree))
    expected = sum(w * depth[a] for a, w in zip(puzzle.answers, puzzle.weights, strict=True)) / puzzle.weights.sum()
    assert data["weighted_mean"] == pytest.approx(expected, abs=1e-4)
    assert data["weighted_mean"] != data["mean"]
    # The same tree, from evaluate --tree-out, is identical; and the closed world refuses it in one line.
    again = tmp_path / "again.json"
    result = runner.invoke(app, ["evaluate", "--world", "open", "--guesses", str(words), "--tree-out", str(again)])
    assert result.exit_code == 0, result.output
    assert json.loads(again.read_text()) == doc
    result = runner.invoke(app, ["evaluate", "--guesses", str(words), "--answers", str(words), "--tree", str(tree_path)])
    assert result.exit_code == 2 and "--world open" in result.stderr


@pytest.mark.parametrize("seed", range(3))
def test_near_the_limit_fewest_guesses_weighs_a_lost_game(seed):
    """With two guesses left, the choice is the exact minimum of 1 + sum over the buckets of
    P(b) (1 + loss * the share of b that the last guess cannot reach), by feedback; with one
    left, it is the likeliest candidate."""
    puzzle = weighted_puzzle(seed)
    strategy = guarded(FewestGuesses())
    game = puzzle.game
    rng = np.random.default_rng(seed)
    candidates = np.sort(rng.choice(len(puzzle.answers), size=12, replace=False))
    history = [("xxxxx", 0)] * (game.max_guesses - 2)  # only the count matters in normal mode
    weights = dict(zip(candidates.tolist(), puzzle.weights[candidates], strict=True))
    total = sum(weights.values())

    def cost(guess: str) -> float:
        buckets: dict[int, list[float]] = {}
        for c in candidates:
            buckets.setdefault(game.feedback(guess, puzzle.answers[c]), []).append(weights[int(c)])
        value = 1.0
        for reply, w in buckets.items():
            if reply != game.solved_reply:
                value += sum(w) / total * (1.0 + (sum(w) - max(w)) / sum(w) * strategy.inner.loss)
        return value

    chosen = strategy.choose(puzzle, one_board(puzzle, candidates, history))
    assert cost(puzzle.guesses[chosen]) == pytest.approx(min(cost(g) for g in puzzle.guesses), rel=1e-9)
    last = strategy.choose(puzzle, one_board(puzzle, candidates, [*history, ("xxxxx", 0)]))
    assert puzzle.guesses[last] == puzzle.answers[max(weights, key=weights.get)]


@pytest.mark.parametrize("turn", [0, 2, 3, 4, 5])
def test_second_looks_kernel_equals_the_python_second_look(turn, layout):
    puzzle = weighted_puzzle(turn)
    strategy = FewestGuesses()
    candidates = np.arange(0, 60, 1 + turn % 2)
    history = [("xxxxx", 0)] * turn
    guess_ids, scores = strategy.scores(puzzle, candidates, history)
    pool = guess_ids[np.argsort(scores, kind="stable")[:30]]
    fast = second_looks(puzzle, pool[:8], candidates, pool, *cost_curve(), strategy.left(puzzle, history), strategy.loss)
    slow = [strategy.second_look(puzzle, int(g), candidates, history, pool) for g in pool[:8]]
    assert fast == pytest.approx(slow, rel=1e-9)


def test_suggestions_follow_the_strategys_ranking_and_a_warm_up_changes_nothing():
    puzzle = weighted_puzzle(4)
    strategy = guarded(FewestGuesses(width=4, pool=40))
    assistant = Assistant(puzzle, strategy)
    assistant.warm_up().join(timeout=60)
    assistant.report("cigar", ".....")
    shown = [s.guess for s in assistant.suggestions(5)]
    candidates = assistant.boards[0]
    fresh = guarded(FewestGuesses(width=4, pool=40))
    assert fresh.ranking(puzzle, one_board(puzzle, candidates, assistant.history)) is None  # nothing searched yet
    first = fresh.choose(puzzle, one_board(puzzle, candidates, assistant.history))
    order = fresh.ranking(puzzle, one_board(puzzle, candidates, assistant.history))
    assert order[0] == first and len(set(order.tolist())) == len(order) == len(puzzle.guesses)
    assert shown == [puzzle.guesses[g] for g in order[:5]]
    head = fresh.ranking(puzzle, one_board(puzzle, candidates, assistant.history), 6)  # the searched pool only
    assert 6 <= len(head) < len(order) and head.tolist() == order[: len(head)].tolist()
    other = Assistant(puzzle, guarded(FewestGuesses(width=4, pool=40)))
    other.report("cigar", ".....")
    assert [s.guess for s in other.suggestions(5)] == shown


def test_the_opening_kept_on_disk_gives_the_same_values_without_scoring_every_guess(tmp_path, monkeypatch):
    """The opening is searched once per puzzle and kept with its second look's pool and values:
    another strategy reading it values the root's guesses as the searching one does, with no
    pass over every guess; a damaged entry is searched again."""
    def fresh_puzzle() -> Puzzle:
        return dataclasses.replace(weighted_puzzle(7), store=PatternStore(tmp_path))

    puzzle = fresh_puzzle()
    root = one_board(puzzle, puzzle.all_candidates(), [])
    first = FewestGuesses(width=4, pool=40)
    choice = first.choose(puzzle, root)
    some = np.array([choice, 0, 5, len(puzzle.guesses) - 1])
    expected = first.values(puzzle, root, some)
    passes = []
    monkeypatch.setattr(FewestGuesses, "scores", lambda *a: passes.append(1) or pytest.fail("scored every guess"))
    for reader in (FewestGuesses(width=4, pool=40), FewestGuesses(width=4, pool=40)):
        other = fresh_puzzle()  # (from the disk: a new store's memory is empty)
        assert reader.choose(other, root) == choice
        assert reader.values(other, root, some) == pytest.approx(expected, rel=1e-12)
    monkeypatch.undo()
    for damage in ('{"head": ["cigar"], "looks": [1]}', '{"head": [["cigar"]], "looks": {}}', '[]'):
        for entry in (tmp_path / "results").glob("*.json"):
            entry.write_text(damage)
        assert FewestGuesses(width=4, pool=40).choose(fresh_puzzle(), root) == choice
