"""Improving a tree by editing it: the improved tree replays every secret by the game's feedback
alone (found, within the limit, hard mode's rule kept), is never worse than the given one, and
equals the exact solver's optimum when the budget suffices; a small node budget, a time limit
(a fake clock) and Ctrl-C each leave a valid tree; a rerun resumes from the store; the command
line's output, file and one-line errors."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from conftest import WORDLE_SMALL
from wordguess.cli import app
from wordguess.engine.executors import ProcessExecutor
from wordguess.engine.puzzle import PuzzleSpec
from wordguess.games import get_game
from wordguess.optimal.tasks import SearchSpec, solver_for
from wordguess.optimal.total import improve as improve_module
from wordguess.optimal.total.improve import Budget, TreeImprover
from wordguess.optimal.total.run import optimal
from wordguess.optimal.total.search import INF
from wordguess.strategies import get_strategy
from wordguess.trees.build import build_tree
from wordguess.trees.tree import TreeFile, leaves, total_guesses

runner = CliRunner()
ENOUGH = 10**7  # nodes: every search here finishes within it


def wordle_spec(folder: Path, count: int, mode: str = "normal") -> PuzzleSpec:
    """Return a closed-world Wordle on list files: `count` answers, the small list as guesses."""
    (folder / "a.txt").write_text("\n".join(WORDLE_SMALL[:count]) + "\n")
    (folder / "g.txt").write_text("\n".join(WORDLE_SMALL) + "\n")
    return PuzzleSpec(get_game("wordle"), str(folder / "a.txt"), str(folder / "g.txt"), mode)


MASTERMIND = PuzzleSpec(get_game("mastermind", pegs=4, colours=5))  # 625 codes: budgets of a few nodes run out


def strategy_tree(spec: PuzzleSpec, name: str):
    """Return the tree of a strategy's play (random: seeded), over every answer."""
    return build_tree(spec.build(), get_strategy(name, **({"seed": 1} if name == "random" else {})))


def replay(tree, spec: PuzzleSpec, limit: int | None) -> int:
    """Play every answer down the tree by the game's `feedback` alone and return the total;
    fail unless each is found within `limit`, every guess is allowed (hard mode: after the turns
    before it) and every answer is exactly one leaf."""
    puzzle = spec.build()
    game, allowed = puzzle.game, set(puzzle.guesses)
    assert Counter(w for w, _ in leaves(tree)) == Counter(puzzle.answers)
    total = 0
    for secret in puzzle.answers:
        node, history = tree, []
        while True:
            guess = node if isinstance(node, str) else node.guess
            assert guess in allowed
            if spec.mode == "hard":
                assert all(game.hard_mode_problem(g, r, guess) is None for g, r in history), (secret, history, guess)
            reply = game.feedback(guess, secret)
            history.append((guess, reply))
            if reply == game.solved_reply:
                break
            assert not isinstance(node, str), f"{secret}: the tree ends at {guess}"
            node = node.branches[reply]
        assert limit is None or len(history) <= limit, (secret, history)
        total += len(history)
    return total


def improved(spec: SearchSpec, tree, budget: Budget, executor=None):
    """Return the improvement of a tree from a cold solver (no memo from an earlier test)."""
    solver_for.cache_clear()
    return TreeImprover(spec, tree, budget).run(executor)


def opener_optimum(spec: SearchSpec, word: str) -> int:
    solver_for.cache_clear()
    return solver_for(spec).opener(word).value


@pytest.mark.parametrize(("game", "mode", "strategy"), [
    ("wordle", "normal", "random"), ("wordle", "hard", "random"), ("wordle", "normal", "entropy"),
    ("mastermind", "normal", "random"), ("mastermind", "normal", "entropy")])
def test_with_budget_enough_the_tree_becomes_its_openers_optimum(tmp_path, game, mode, strategy):
    puzzle = wordle_spec(tmp_path, 200, mode) if game == "wordle" else MASTERMIND
    spec = SearchSpec(puzzle, puzzle.game.max_guesses)
    tree = strategy_tree(puzzle, strategy)
    before = total_guesses(tree)
    found = improved(spec, tree, Budget(ENOUGH))
    assert total_guesses(tree) == before  # the given tree is left alone
    best = opener_optimum(spec, tree.guess)
    assert found.before == before and found.after == best == replay(found.tree, puzzle, spec.max_guesses)
    assert found.first == tree.guess and found.optimal_for_opener and found.opener_bound == best
    assert sum(g.before - g.after for g in found.gains) == before - best
    assert all(g.after < g.before for g in found.gains) and found.ran_out == found.unsettled == 0
    if strategy == "random":
        assert found.gains  # a random tree is far from optimal


def test_under_searches_only_the_subtrees_below_the_replies_named(tmp_path):
    puzzle = wordle_spec(tmp_path, 200)
    spec = SearchSpec(puzzle, 6)
    tree = strategy_tree(puzzle, "random")
    everywhere = improved(spec, tree, Budget(ENOUGH))
    gained = {g.path[0][1] for g in everywhere.gains}
    chosen = sorted(gained)[:2]
    found = improved(spec, tree, Budget(ENOUGH, under=frozenset(chosen)))
    assert replay(found.tree, puzzle, 6) == found.after < found.before
    for reply, branch in tree.branches.items():
        if reply in chosen:  # optimal there, as the run over every subtree made it
            assert total_guesses(found.tree.branches[reply]) == total_guesses(everywhere.tree.branches[reply])
            assert total_guesses(found.tree.branches[reply]) < total_guesses(branch)
        else:
            assert found.tree.branches[reply] == branch
    assert {g.path[0][1] for g in found.gains} == set(chosen)
    assert found.opener_bound <= everywhere.after < found.after and not found.optimal_for_opener


@pytest.mark.parametrize("nodes", [1, 3, 30])
def test_a_small_budget_keeps_a_valid_tree_never_worse(nodes):
    spec = SearchSpec(MASTERMIND, 6)
    tree = strategy_tree(MASTERMIND, "random")
    found = improved(spec, tree, Budget(nodes))
    best = opener_optimum(spec, tree.guess)
    assert found.ran_out > 0 and found.unsettled == 0  # searches ran out; their children were searched
    assert found.before > found.after >= best
    assert found.opener_bound <= best
    assert replay(found.tree, MASTERMIND, 6) == found.after
    again = improved(spec, tree, Budget(nodes))
    assert (again.after, again.nodes) == (found.after, found.nodes)  # node budgets: the same on any machine


@pytest.mark.parametrize("game", ["mastermind", "wordle-hard"])
def test_a_restricted_search_gives_valid_trees_and_proves_nothing_of_its_own(tmp_path, game):
    """A width keeps each node's search to its most promising guesses (Selby's restricted
    search): every tree is valid and no better than the opener's optimum, a width of one or
    two guesses is worse than the exact search (Mastermind 4 x 5), a width of every guess is the
    exact search, and its store entries are its own; the bound it reports is the one-step
    bounds' alone."""
    puzzle = MASTERMIND if game == "mastermind" else wordle_spec(tmp_path, 200, "hard")
    tree = strategy_tree(puzzle, "random")
    exact = SearchSpec(puzzle, 6)
    best = opener_optimum(exact, tree.guess)
    one_step = improved(exact, tree, Budget(1)).opener_bound
    every = len(puzzle.build().guesses)
    results = {}
    for width in (1, 2, every):
        found = improved(dataclasses.replace(exact, width=width), tree, Budget(ENOUGH))
        assert found.before > found.after >= best
        assert replay(found.tree, puzzle, 6) == found.after and found.width == width
        assert found.opener_bound <= one_step and found.opener_bound <= best
        results[width] = found.after
    assert results[every] == best
    if game == "mastermind":
        assert results[1] > best and results[2] > best
    assert solver_for(dataclasses.replace(exact, width=3)).key != solver_for(exact).key


@pytest.mark.parametrize("width", [1, 3])
def test_a_restricted_value_does_not_depend_on_the_cutoff_it_was_first_asked_with(tmp_path, width):
    """The guesses a restricted search tries at a node are chosen before the cutoff is known, so
    what a search with a low cutoff memoises (a bound) never changes the value found later."""
    spec = SearchSpec(wordle_spec(tmp_path, 200), 6, width=width)
    secrets = np.arange(len(spec.puzzle.build().answers))
    value = solver_for(spec).solve(secrets)
    assert value < INF
    for beta in (value - 40, value - 1, value, value + 1):
        solver = solver_for(spec)
        first = solver.solve(secrets, beta=beta)
        assert first == value if value < beta else first >= beta
        assert solver.solve(secrets) == value


@pytest.mark.parametrize("game", ["wordle", "mastermind"])
def test_root_lets_the_first_guess_change(tmp_path, game):
    puzzle = wordle_spec(tmp_path, 60) if game == "wordle" else PuzzleSpec(get_game("mastermind", pegs=3, colours=3))
    spec = SearchSpec(puzzle, puzzle.game.max_guesses)
    tree = strategy_tree(puzzle, "random")
    found = improved(spec, tree, Budget(ENOUGH, root=True, openers=10**6))  # every opener
    solver_for.cache_clear()
    best = optimal(spec, all_openers=True).total
    assert found.after == best == replay(found.tree, puzzle, spec.max_guesses)
    assert found.optimal_for_opener and found.openers
    assert all(r.value >= best for r in found.openers)
    if found.first != tree.guess:
        assert [g.guesses for g in found.gains if not g.path][-1][1] == found.first


def test_secrets_past_the_limit_are_brought_within_it(tmp_path):
    puzzle = wordle_spec(tmp_path, 200)
    tree = strategy_tree(puzzle, "random")  # worst case 5
    found = improved(SearchSpec(puzzle, 4), tree, Budget(ENOUGH))
    assert found.over_limit[0] > 0 and found.over_limit[1] == 0
    assert replay(found.tree, puzzle, 4) == found.after
    assert any(g.over_limit for g in found.gains)
    tight = improved(SearchSpec(puzzle, 3), tree, Budget(ENOUGH))  # no tree within 3 opens with it
    assert tight.opener_bound >= INF and not tight.optimal_for_opener
    assert tight.over_limit[1] < tight.over_limit[0]
    replay(tight.tree, puzzle, None)


class FakeClock:
    """time.time and time.monotonic for the improver: the time limit passes after `ticks` reads."""

    def __init__(self, ticks: int):
        import time

        self.real, self.ticks = time, ticks

    def time(self) -> float:
        self.ticks -= 1
        return self.real.time() + (0 if self.ticks > 0 else 10**6)

    def monotonic(self) -> float:
        return self.real.monotonic()


def test_a_time_limit_keeps_the_best_tree_so_far(monkeypatch):
    spec = SearchSpec(MASTERMIND, 6, seconds=3600)
    tree = strategy_tree(MASTERMIND, "random")
    monkeypatch.setattr(improve_module, "time", FakeClock(6))
    found = improved(spec, tree, Budget(ENOUGH))
    assert found.stopped == "time limit of 3600 s reached"
    assert found.unsettled > 0 and found.gains
    assert found.before > found.after == replay(found.tree, MASTERMIND, 6)


def interrupt_after(monkeypatch, calls: int) -> None:
    """Make the improver's subtree tasks raise KeyboardInterrupt from the `calls`-th on."""
    real, count = improve_module.subtree_task, [0]

    def task(item):
        count[0] += 1
        if count[0] >= calls:
            raise KeyboardInterrupt
        return real(item)

    monkeypatch.setattr(improve_module, "subtree_task", task)


def test_ctrl_c_keeps_a_valid_tree_and_a_rerun_resumes_from_the_store(tmp_path, monkeypatch):
    spec = SearchSpec(MASTERMIND, 6, str(tmp_path / "store.sqlite"))
    tree = strategy_tree(MASTERMIND, "random")
    fresh = improved(SearchSpec(MASTERMIND, 6), tree, Budget(ENOUGH))
    with monkeypatch.context() as patched:
        interrupt_after(patched, 8)
        solver_for.cache_clear()
        improver = TreeImprover(spec, tree, Budget(ENOUGH))
        with pytest.raises(KeyboardInterrupt):
            improver.run()
    stopped = improver.result()
    assert stopped.gains and stopped.before > stopped.after > fresh.after
    assert replay(stopped.tree, MASTERMIND, 6) == stopped.after
    resumed = improved(spec, tree, Budget(ENOUGH))  # a cold solver: what it knows comes from the store
    assert resumed.after == fresh.after and resumed.nodes < fresh.nodes


def test_a_rerun_reports_at_least_the_bound_its_store_proved(tmp_path, monkeypatch):
    store = str(tmp_path / "store.sqlite")
    tree = strategy_tree(MASTERMIND, "random")
    full = improved(SearchSpec(MASTERMIND, 6, store), tree, Budget(ENOUGH))
    assert full.optimal_for_opener
    monkeypatch.setattr(improve_module, "time", FakeClock(1))  # the rerun stops before any search
    again = improved(SearchSpec(MASTERMIND, 6, store, seconds=3600), tree, Budget(ENOUGH))
    assert again.stopped and not again.gains and again.after == again.before
    assert again.opener_bound == full.after  # each first reply's value, read from the store
    cold = improved(SearchSpec(MASTERMIND, 6, str(tmp_path / "empty.sqlite"), seconds=3600), tree, Budget(ENOUGH))
    assert cold.opener_bound < full.after  # (what the one-step bounds alone give)


def test_worker_processes_find_the_same_tree():
    spec = SearchSpec(MASTERMIND, 6)
    tree = strategy_tree(MASTERMIND, "random")
    serial = improved(spec, tree, Budget(30))
    with ProcessExecutor(2) as pool:
        parallel = improved(spec, tree, Budget(ENOUGH), pool)
    assert parallel.after == opener_optimum(spec, tree.guess) <= serial.after
    assert replay(parallel.tree, MASTERMIND, 6) == parallel.after


# --- the command line ---------------------------------------------------------------------

def tree_file(folder: Path, strategy: str = "random", mode: str = "normal") -> Path:
    """Write a strategy's tree over the small Wordle lists in `folder` (their names, not paths,
    are what the file records) and return its path."""
    spec = wordle_spec(folder, 200, mode)
    path = folder / "tree.json"
    TreeFile(spec.game, mode, "a.txt", "g.txt", strategy_tree(spec, strategy)).save(path)
    return path


def test_cli_improves_a_tree_file_whose_lists_lie_beside_it(tmp_path, monkeypatch):
    path = tree_file(tmp_path)
    monkeypatch.chdir(tmp_path.parent)  # the lists are found beside the tree, not in the working folder
    better = tmp_path / "better.json"
    result = runner.invoke(app, ["improve", str(path), "--out", str(better), "--no-store", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    loaded = TreeFile.load(better)
    assert (loaded.answers, loaded.guesses, loaded.mode) == ("a.txt", "g.txt", "normal")
    assert data["after"] == total_guesses(loaded.tree) < data["before"] == total_guesses(TreeFile.load(path).tree)
    assert data["optimal_for_opener"] and data["opener_bound"] == data["after"] and data["gains"]
    first, reply = data["gains"][0]["path"][0]  # each turn: the guess and the reply as the game writes it
    assert first == data["first"] and len(reply) == 5 and set(reply) <= set("GY.")
    text = runner.invoke(app, ["improve", str(path), "--out", str(better), "--no-store"])
    assert text.exit_code == 0, text.output
    assert f"{data['before']:,} -> {data['after']:,} guesses in all" in text.stdout
    assert "proven: " in text.stdout and "subtrees improved" in text.stdout


def test_cli_under_names_the_replies_searched(tmp_path):
    path = tree_file(tmp_path)
    first = TreeFile.load(path).tree
    game = get_game("wordle")
    below = sorted(game.format_reply(r) for r, b in first.branches.items() if not isinstance(b, str))[:2]
    better = tmp_path / "better.json"
    result = runner.invoke(app, ["improve", str(path), "--out", str(better), "--no-store", "--json",
                                 *(x for r in below for x in ("--under", r))])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["under"] == below and {g["path"][0][1] for g in data["gains"]} <= set(below)


def test_cli_ctrl_c_writes_the_best_tree_so_far(tmp_path, monkeypatch):
    path = tree_file(tmp_path)
    interrupt_after(monkeypatch, 4)
    solver_for.cache_clear()
    better = tmp_path / "better.json"
    result = runner.invoke(app, ["improve", str(path), "--out", str(better), "--no-store", "--json"])
    assert result.exit_code == 130
    written = TreeFile.load(better).tree
    data = json.loads(result.stdout)  # the JSON of the best tree so far, as a finished run prints it
    assert data["stopped"] == "interrupted" and data["after"] == total_guesses(written) and data["out"] == str(better)
    spec = wordle_spec(tmp_path, 200)
    assert replay(written, spec, 6) == total_guesses(written) <= total_guesses(TreeFile.load(path).tree)


def test_cli_bad_input_is_one_line(tmp_path):
    path = tree_file(tmp_path)
    (tmp_path / "other.txt").write_text("\n".join(WORDLE_SMALL[200:260]) + "\n")
    (tmp_path / "words.txt").write_text("cigar\nrebut\n")
    doc = json.loads(path.read_text())
    leaves_of = doc["tree"]["branches"]
    words = [k for k, v in leaves_of.items() if isinstance(v, str) and v != doc["tree"]["guess"]]
    swapped = dict(doc, tree=dict(doc["tree"], branches={**leaves_of, words[0]: leaves_of[words[1]],
                                                          words[1]: leaves_of[words[0]]}))
    (tmp_path / "swapped.json").write_text(json.dumps(swapped))
    hard = dict(doc, mode="strict")
    (tmp_path / "strict.json").write_text(json.dumps(hard))
    out = str(tmp_path / "out.json")
    cases = [
        ([str(tmp_path / "words.txt")], "cannot read tree file"),
        ([str(tmp_path / "nowhere.json")], "cannot read tree file"),
        ([str(path), "--answers", str(tmp_path / "other.txt")], "does not cover the answers"),
        ([str(tmp_path / "swapped.json")], "the tree puts"),
        ([str(tmp_path / "strict.json")], "strict mode's exact search needs every guess to be a possible secret"),
        ([str(path), "--nodes", "0"], "--nodes"),
        ([str(path), "--openers", "-1"], "--openers"),
        ([str(path), "--time-limit", "0"], "--time-limit"),
        ([str(path), "--executor", "rey"], "--executor"),
        ([str(path), "--width", "-1"], "--width"),
        ([str(path), "--width", "5", "--root"], "without --width"),
        ([str(path), "--under", "GGGGG"], "--under GGGGG: the tree plays no guess after that reply"),
        ([str(path), "--under", "Y.Y"], "Y.Y"),
    ]
    for args, message in cases:
        result = runner.invoke(app, ["improve", *args, "--out", out, "--no-store"])
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output and result.output.strip().count("\n") == 0, (args, result.output)
    assert not Path(out).exists()


def test_a_search_out_of_nodes_still_brings_secrets_within_the_limit(monkeypatch):
    """With a node budget too small for any least-total search, the nodes past the limit get the
    feasibility search's trees within the guesses left (FeasibilitySearch.tree), still valid."""
    from wordguess.optimal import tasks

    tree = strategy_tree(MASTERMIND, "random")  # worst case 6
    grown = []
    witness = tasks.FeasibilitySearch.tree

    def counted(self, *args):
        grown.append(found := witness(self, *args))
        return found

    monkeypatch.setattr(tasks.FeasibilitySearch, "tree", counted)
    found = improved(SearchSpec(MASTERMIND, 5), tree, Budget(1))
    assert found.over_limit[0] > 0 and found.over_limit[1] == 0
    assert any(t is not None for t in grown)
    assert replay(found.tree, MASTERMIND, 5) == found.after


def test_a_tree_within_the_limit_keeps_its_node_budget_inside_one_search():
    """FeasibilitySearch.tree's node budget holds within a single feasibility search (the first,
    of the whole set, takes about a hundred nodes here), not only between them."""
    from wordguess.optimal.tasks import feasibility_for, position
    from wordguess.optimal.total.search import SearchStopped

    solver_for.cache_clear()
    search = feasibility_for(SearchSpec(MASTERMIND, 5))
    candidates, state, depth = position(search.solver, ())
    start = search.nodes
    with pytest.raises(SearchStopped, match="node budget of 20 spent"):
        search.tree(candidates, state, depth, 20)
    assert search.nodes - start <= 25
    assert search.tree(candidates, state, depth) is not None  # with no budget: a tree within 5



def graft_tree(*args: str) -> subprocess.CompletedProcess:
    """Run scripts/graft_tree.py with these arguments in a fresh process."""
    script = Path(__file__).parents[1] / "scripts" / "graft_tree.py"
    return subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=300)


def test_a_subtree_found_elsewhere_is_grafted_checked_and_refused_when_wrong(tmp_path):
    """scripts/graft_tree.py: the optimal tree of one first reply's secrets (optimal --first over
    them, the guesses left as its limit) put in its place; a subtree over other secrets, or one
    past the limit, is refused and nothing is written."""
    path = tree_file(tmp_path)
    loaded = TreeFile.load(path)
    game, root = loaded.game, loaded.tree
    reply, branch = max(((r, b) for r, b in root.branches.items() if not isinstance(b, str)),
                        key=lambda rb: total_guesses(rb[1]) - rb[1].size)
    secrets = sorted(w for w, _ in leaves(branch))
    (tmp_path / "part.txt").write_text("\n".join(secrets) + "\n")
    part = tmp_path / "part.json"
    made = runner.invoke(app, ["optimal", "--answers", str(tmp_path / "part.txt"), "--guesses", str(tmp_path / "g.txt"),
                               "--max-guesses", "5", "--all-openers", "--no-store", "--out", str(part), "--json"])
    assert made.exit_code == 0, made.output
    best = json.loads(made.stdout)["total"]
    out = tmp_path / "grafted.json"
    done = graft_tree(str(path), game.format_reply(reply), str(part), "--out", str(out))
    assert done.returncode == 0, done.stderr
    grafted = TreeFile.load(out).tree
    spec = wordle_spec(tmp_path, 200)
    assert replay(grafted, spec, 6) == total_guesses(grafted) == total_guesses(root) - (total_guesses(branch) - best)
    assert grafted.branches[reply] == TreeFile.load(part).tree and f"-> {total_guesses(grafted):,} guesses" in done.stdout
    other = next(r for r, b in root.branches.items() if r != reply and not isinstance(b, str))
    refused = graft_tree(str(path), game.format_reply(other), str(part), "--out", str(tmp_path / "no.json"))
    assert refused.returncode == 2 and refused.stderr.startswith("error: ") and refused.stderr.count("\n") == 1
    assert not (tmp_path / "no.json").exists()
    too_deep = graft_tree(str(path), game.format_reply(reply), str(part), "--out", str(tmp_path / "no.json"),
                          "--max-guesses", "2")
    assert too_deep.returncode == 2 and "past the limit of 2" in too_deep.stderr and not (tmp_path / "no.json").exists()


def test_best_of_two_trees_keeps_the_better_subtree_below_each_first_reply(tmp_path):
    """scripts/graft_tree.py --best-of: below each first reply the subtree with fewer guesses of
    the two trees (a random strategy's tree and `improve`'s of it, the same first guess), the
    replies where they differ printed, whichever tree comes first; a tree over other lists is
    refused in one line and nothing is written."""
    path = tree_file(tmp_path)
    better = tmp_path / "better.json"
    assert runner.invoke(app, ["improve", str(path), "--out", str(better), "--no-store"]).exit_code == 0
    mine, theirs = TreeFile.load(path).tree, TreeFile.load(better).tree
    differ = sorted(TreeFile.load(path).game.format_reply(r) for r, b in mine.branches.items()
                    if total_guesses(b) != total_guesses(theirs.branches[r]))
    assert differ and total_guesses(theirs) < total_guesses(mine)
    for first, second in ((path, better), (better, path)):
        out = tmp_path / "best.json"
        done = graft_tree(str(first), "--best-of", str(second), "--out", str(out))
        assert done.returncode == 0, done.stderr
        assert total_guesses(TreeFile.load(out).tree) == total_guesses(theirs)
        assert sorted(line.split(":")[0] for line in done.stdout.splitlines()[:-1]) == differ
    (tmp_path / "other").mkdir()
    elsewhere = tree_file(tmp_path / "other", mode="hard")
    refused = graft_tree(str(path), "--best-of", str(elsewhere), "--out", str(tmp_path / "no.json"))
    assert refused.returncode == 2 and refused.stderr.startswith("error: ") and refused.stderr.count("\n") == 1
    assert not (tmp_path / "no.json").exists()
