"""The feasibility search (optimal/worst/kernel.py) and the least worst case (optimal/worst/search.py):
checked against an exhaustive twin and against the depth-limited total search."""

from __future__ import annotations

import dataclasses
import functools
import json
import random

import numpy as np
import pytest
from typer.testing import CliRunner

from test_optimal import CASES, oracle, small_puzzle, twin_rules
from wordguess.cli import app
from wordguess.engine.executors import SerialExecutor
from wordguess.engine.puzzle import Puzzle, PuzzleSpec
from wordguess.games import get_game
from wordguess.optimal.store import ResultStore
from wordguess.optimal.tasks import SearchSpec
from wordguess.optimal.total import kernel
from wordguess.optimal.total.search import INF, ExactSolver, Limits, SearchStopped
from wordguess.optimal.worst import kernel as feasible
from wordguess.optimal.worst import search as worst
from wordguess.optimal.worst.kernel import capacity_table, least_depth_bound
from wordguess.optimal.worst.run import optimal_worst, split_by_second_guess
from wordguess.optimal.worst.search import FeasibilitySearch

runner = CliRunner()


def twin(game, answers, guesses, mode, depth) -> dict[str, bool]:
    """Return, for each opener, whether some tree opening with it finds every secret within
    `depth` guesses: every guess tried at every node (even those that learn nothing)."""
    solved = game.solved_reply
    buckets_of, allowed_after = twin_rules(game, answers, guesses, mode)

    def fits(guess, secrets, allowed, left) -> bool:
        buckets = buckets_of(guess, secrets)
        return all(within(frozenset(b), allowed_after(allowed, guess, r), left - 1)
                   for r, b in buckets.items() if r != solved)

    @functools.cache
    def within(secrets: frozenset, allowed: tuple, left: int) -> bool:
        if left <= 0:
            return False
        return len(secrets) == 1 or any(fits(g, secrets, allowed, left) for g in allowed)

    return {g: depth >= 1 and fits(g, frozenset(answers), tuple(guesses), depth) for g in guesses}


def verdicts(puzzle: Puzzle, depth: int) -> dict[str, bool]:
    search = FeasibilitySearch(ExactSolver(puzzle))
    return {g: search.opener(g, depth).feasible for g in puzzle.guesses}


@pytest.mark.parametrize("name,options,alphabet,length", CASES)
@pytest.mark.parametrize("seed", range(3))
def test_agrees_with_the_twin_on_small_lists(name, options, alphabet, length, seed):
    rng = random.Random(seed * 17 + len(name))
    puzzle = small_puzzle(rng, name, options, alphabet, length)
    for depth in (1, 2, 3):
        assert verdicts(puzzle, depth) == twin(puzzle.game, list(puzzle.answers), list(puzzle.guesses),
                                               "normal", depth)


@pytest.mark.parametrize("seed", range(8))
def test_hard_mode_agrees_with_the_twin(seed):
    rng = random.Random(seed + 100)
    puzzle = small_puzzle(rng, "wordle", {}, "abcdefg"[: rng.randint(3, 7)], 5, mode="hard")
    for depth in (2, 3, 4):
        assert verdicts(puzzle, depth) == twin(puzzle.game, list(puzzle.answers), list(puzzle.guesses),
                                               "hard", depth)


@pytest.mark.parametrize("pegs,colours", [(2, 3), (2, 4), (3, 2), (3, 3)])
def test_mastermind_agrees_with_the_depth_limited_total_search(pegs, colours):
    """With the symmetry reduction too: feasible exactly when the total search finds a tree."""
    game = get_game("mastermind", pegs=pegs, colours=colours)
    codes = game.generated_words()
    puzzle = Puzzle(game, codes, codes)
    for depth in (2, 3, 4):
        expected = {g: v < INF for g, v in oracle(game, codes, codes, depth=depth).items()}
        assert verdicts(puzzle, depth) == expected
        solver = ExactSolver(puzzle, max_guesses=depth)
        assert {g: solver.opener(g).value < INF for g in codes} == expected


@pytest.mark.parametrize("seed", range(4))
def test_the_least_worst_case_and_the_total_within_it(seed, tmp_path):
    rng = random.Random(seed + 7)
    puzzle = small_puzzle(rng, "wordle", {}, "abcdef", 5)
    (tmp_path / "a.txt").write_text("\n".join(puzzle.answers))
    (tmp_path / "g.txt").write_text("\n".join(puzzle.guesses))
    spec = SearchSpec(PuzzleSpec(puzzle.game, str(tmp_path / "a.txt"), str(tmp_path / "g.txt")), None)
    found = optimal_worst(spec, all_openers=True)
    least = min(d for d in range(1, len(puzzle.answers) + 1)
                if any(twin(puzzle.game, list(puzzle.answers), list(puzzle.guesses), "normal", d).values()))
    assert found.worst.depth == least and found.worst.proven_at_least == least
    best = min(oracle(puzzle.game, list(puzzle.answers), list(puzzle.guesses), depth=least).values())
    assert found.total.proven and found.total.total == best


def test_the_workers_reach_the_same_least_worst_case(tmp_path):
    """With a process pool the openers' verdicts are tasks: the same least worst case, every
    verdict in the store, and a rerun reads them back."""
    from wordguess.engine.executors import ProcessExecutor

    rng = random.Random(11)
    puzzle = small_puzzle(rng, "wordle", {}, "abcdef", 5)
    (tmp_path / "a.txt").write_text("\n".join(puzzle.answers))
    (tmp_path / "g.txt").write_text("\n".join(puzzle.guesses))
    spec = SearchSpec(PuzzleSpec(puzzle.game, str(tmp_path / "a.txt"), str(tmp_path / "g.txt")), None,
                      str(tmp_path / "s.sqlite"))
    serial = optimal_worst(dataclasses.replace(spec, store=None), all_openers=True)
    with ProcessExecutor(2) as pool:
        pooled = optimal_worst(spec, all_openers=True, executor=pool)
    assert (pooled.worst.depth, pooled.worst.proven_at_least) == (serial.worst.depth, serial.worst.proven_at_least)
    assert pooled.total.total == serial.total.total
    refuted = pooled.worst.depth - 1
    search = FeasibilitySearch(ExactSolver(puzzle, store=ResultStore(tmp_path / "s.sqlite")))
    again = [search.opener(g, refuted) for g in puzzle.guesses]
    assert not any(v.feasible for v in again) and all(v.nodes == 0 for v in again)  # stored by the workers


def test_capacity_table():
    """1, 1 + B, 1 + B + B^2 secrets within 1, 2, 3 guesses (B unsolved replies), capped."""
    assert list(capacity_table(242, 10**6, 3)) == [0, 1, 243, 1 + 242 * 243]
    assert list(capacity_table(242, 100, 3)) == [0, 1, 101, 101]
    assert least_depth_bound(242, 243) == 2 and least_depth_bound(242, 244) == 3


def test_verdicts_persist_and_a_stopped_run_says_what_was_proven(tmp_path):
    game = get_game("mastermind", pegs=3, colours=4)
    codes = game.generated_words()
    puzzle = Puzzle(game, codes, codes)
    store = ResultStore(tmp_path / "s.sqlite")
    search = FeasibilitySearch(ExactSolver(puzzle, store=store))
    first = search.opener("123", 3)
    again = FeasibilitySearch(ExactSolver(puzzle, store=store)).opener("123", 3)
    assert again.feasible == first.feasible and again.nodes == 0  # read back, not searched
    spec = SearchSpec(PuzzleSpec(game), None, nodes=1)
    outcome = optimal_worst(spec, first="123")
    assert outcome.worst.depth is None and outcome.total is None
    assert "node limit" in outcome.worst.stopped and outcome.worst.proven_at_least >= 3


def test_cli_worst_objective(tmp_path):
    result = runner.invoke(app, ["optimal", "--game", "mastermind", "--pegs", "3", "--colours", "3",
                                 "--objective", "worst", "--first", "112", "--no-store"])
    assert result.exit_code == 0, result.output
    assert "worst case 4 proven" in result.output and "within 3 guesses for this first guess" in result.output
    data = json.loads(runner.invoke(app, ["optimal", "--game", "mastermind", "--pegs", "3", "--colours", "3",
                                          "--objective", "worst", "--no-store", "--json"]).output)
    assert data["worst_case"]["least"] == 4 and data["total"]["worst"] == 4
    bad = runner.invoke(app, ["optimal", "--objective", "fastest", "--no-store"])
    assert bad.exit_code == 2 and "--objective must be one of total, worst" in bad.stderr


def test_cli_fewest_at_the_worst_case():
    """--fewest-worst: the fewest secrets at the worst case, over the openers (the twin's least)."""
    game = get_game("mastermind", pegs=3, colours=3)
    codes = game.generated_words()
    expected = last_twin(game, codes, codes, "normal", 4)
    data = json.loads(runner.invoke(app, ["optimal", "--game", "mastermind", "--pegs", "3", "--colours", "3",
                                          "--objective", "worst", "--fewest-worst", "--no-store", "--json"]).output)
    worst = data["worst_case"]
    assert worst["least"] == 4 and worst["fewest_at_worst"] == min(expected.values())
    assert expected[worst["fewest_witness"]] == worst["fewest_at_worst"]
    text = runner.invoke(app, ["optimal", "--game", "mastermind", "--pegs", "3", "--colours", "3",
                               "--objective", "worst", "--first", "112", "--fewest-worst", "--no-store"]).output
    n = expected["112"]
    assert f"at least {n} {'secret needs' if n == 1 else 'secrets need'} all 4 guesses" in text
    bad = runner.invoke(app, ["optimal", "--game", "mastermind", "--fewest-worst", "--no-store"])
    assert bad.exit_code == 2 and "give it with --objective worst" in bad.stderr


@pytest.mark.slow
def test_mastermind_worst_case_5_with_total_5626():
    """4x6 Mastermind: no tree within 4 for any opener; 5626 within 5 (opening 1123)."""
    game = get_game("mastermind")
    found = optimal_worst(SearchSpec(PuzzleSpec(game), None), first="1123")
    assert found.worst.depth == 5 and found.total.total == 5626
    everyone = optimal_worst(SearchSpec(PuzzleSpec(game), 4))
    assert everyone.worst.depth is None and everyone.worst.proven_at_least == 5 and not everyone.worst.stopped
    assert np.isclose(5626 / 1296, 4.3410, atol=1e-4)


def last_twin(game, answers, guesses, mode, depth) -> dict[str, int]:
    """Return, for each opener, the fewest secrets a tree opening with it and finishing every
    secret within `depth` guesses finds with its last guess (INF: no such tree): every guess
    tried at every node, counted directly."""
    solved = game.solved_reply
    buckets_of, allowed_after = twin_rules(game, answers, guesses, mode)

    def cost(guess, secrets, allowed, left) -> int:
        buckets = buckets_of(guess, secrets)
        return min(INF, sum(last(frozenset(b), allowed_after(allowed, guess, r), left - 1)
                            for r, b in buckets.items() if r != solved))

    @functools.cache
    def last(secrets: frozenset, allowed: tuple, left: int) -> int:
        if left <= 0:
            return INF
        if left == 1:
            return 1 if len(secrets) == 1 else INF
        return min(cost(g, secrets, allowed, left) for g in allowed)

    return {g: cost(g, frozenset(answers), tuple(guesses), depth) if depth >= 1 else INF for g in guesses}


@pytest.mark.parametrize("name,options,alphabet,length", CASES)
@pytest.mark.parametrize("seed", range(3))
def test_fewest_at_the_last_guess_agrees_with_the_twin(name, options, alphabet, length, seed):
    rng = random.Random(seed * 31 + len(name))
    puzzle = small_puzzle(rng, name, options, alphabet, length)
    search = FeasibilitySearch(ExactSolver(puzzle))
    for depth in (1, 2, 3, 4):
        expected = last_twin(puzzle.game, list(puzzle.answers), list(puzzle.guesses), "normal", depth)
        assert {g: search.fewest_last(g, depth) for g in puzzle.guesses} == expected
        # With a cutoff c: the count when below c, else a proven bound in [c, the count]
        # (the same search, so the memo's bounds from earlier cutoffs are read back too).
        for g in puzzle.guesses[:6]:
            for cut in (1, 2, 3, 5):
                v = search.fewest_last(g, depth, cut)
                assert v == expected[g] if expected[g] < cut else cut <= v <= expected[g], (g, depth, cut)


@pytest.mark.parametrize("name,options", [("mastermind", {"pegs": 2, "colours": 4}),
                                          ("mastermind", {"pegs": 3, "colours": 3}),
                                          ("bulls", {"digits": 3, "symbols": 5})])
def test_fewest_at_the_last_guess_with_the_symmetry_reduction(name, options):
    game = get_game(name, **options)
    codes = game.generated_words()
    search = FeasibilitySearch(ExactSolver(Puzzle(game, codes, codes)))
    openers = sorted({game.symmetry_class(c): c for c in codes}.values())
    for depth in (2, 3, 4):
        expected = last_twin(game, codes, codes, "normal", depth)
        assert {g: search.fewest_last(g, depth) for g in openers} == {g: expected[g] for g in openers}


@pytest.mark.parametrize("name,options", [("mastermind", {"pegs": 2, "colours": 4}),
                                          ("mastermind", {"pegs": 3, "colours": 3}),
                                          ("bulls", {"digits": 3, "symbols": 5})])
def test_a_count_split_by_second_guess_agrees_with_the_twin(name, options, monkeypatch):
    """fewest_last with every first reply's bucket split into second-guess tasks (as --workers
    does for large ones; here in this process) gives the twin's counts, and bounds under cutoffs."""
    monkeypatch.setattr(worst, "SPLIT_FLOOR", 2)
    game = get_game(name, **options)
    codes = game.generated_words()
    split = split_by_second_guess(SerialExecutor(), SearchSpec(PuzzleSpec(game)), None)
    openers = sorted({game.symmetry_class(c): c for c in codes}.values())
    for depth in (2, 3, 4):
        expected = last_twin(game, codes, codes, "normal", depth)
        search = FeasibilitySearch(ExactSolver(Puzzle(game, codes, codes)))
        assert {g: search.fewest_last(g, depth, split=split) for g in openers} == {g: expected[g] for g in openers}
        for g in openers:
            for cut in (1, 2, 3, 5):
                fresh = FeasibilitySearch(ExactSolver(Puzzle(game, codes, codes)))
                v = fresh.fewest_last(g, depth, cut, split=split)
                assert v == expected[g] if expected[g] < cut else cut <= v <= expected[g], (g, depth, cut)


def test_a_split_bucket_no_second_guess_finishes_is_infinite_not_its_cutoff():
    """A bucket no second guess can finish gives INF (CI once hung here: the split returned its
    cutoff, and the caller's rising cutoffs climbed one at a time towards INF)."""
    game = get_game("mastermind", pegs=2, colours=4)
    spec = SearchSpec(PuzzleSpec(game))
    split = split_by_second_guess(SerialExecutor(), spec, None)
    search = FeasibilitySearch(ExactSolver(spec.puzzle.build()))
    candidates, (allowed, h) = search.solver.root_bucket(search.solver.puzzle.index_of("12"), 0)
    assert len(candidates) > 2  # reply 0 (no peg right): two guesses cannot finish them
    order = search.second_guesses(candidates, allowed, 3)
    assert split("12", 0, search.second_guesses(candidates, allowed, 2), 2, 5, None) == INF
    assert split("12", 0, order, 3, 10**6, None) < 10**6  # three guesses do


def test_cli_fewest_worst_splits_a_large_bucket_over_the_workers(tmp_path, monkeypatch):
    """--workers 2 --fewest-worst: the first replies' large buckets go one second guess a task to
    the worker processes, with the same count as one process (Bulls and Cows 4 of 7: 4)."""
    monkeypatch.setattr(worst, "SPLIT_FLOOR", 100)
    calls = []
    monkeypatch.setattr(worst.FeasibilitySearch, "_split_bucket",
                        lambda self, *a, _f=worst.FeasibilitySearch._split_bucket: calls.append(len(a[3])) or _f(self, *a))
    command = ["optimal", "--game", "bulls", "--colours", "7", "--first", "0123", "--objective", "worst",
               "--fewest-worst", "--store", str(tmp_path / "s.sqlite"), "--json"]
    done = json.loads(runner.invoke(app, [*command, "--workers", "2"]).output)["worst_case"]
    assert done["least"] == 6 and done["fewest_at_worst"] == 4 and done["stopped"] is None
    assert calls and min(calls) >= 100  # buckets of 100 secrets and more were split


# --- the vectorised kernels of the feasibility search, each against its plain twin ----------

def kernel_context(name, options):
    game = get_game(name, **options)
    codes = game.generated_words()
    return ExactSolver(Puzzle(game, codes, codes)).ctx, len(codes)


KERNEL_GAMES = [("bulls", {}), ("mastermind", {"pegs": 4, "colours": 6}), ("mastermind", {"pegs": 3, "colours": 4})]


@pytest.mark.parametrize("name,options", KERNEL_GAMES)
def test_any_distinct_and_packed_counts_equal_their_plain_twins(name, options):
    """feasible.any_distinct is "some allowed guess gives every secret its own reply", and
    packed_counts + guess_buckets / packed_test give each guess's unsolved bucket sizes, as
    unsolved_buckets does guess by guess: on random sets (small ones, where a splitting guess
    exists, to 255 secrets) with every guess allowed and with random subsets of them, large and
    small."""
    ctx, n = kernel_context(name, options)
    rng = np.random.default_rng(len(name) + n)
    solved, n_replies = int(ctx.params[kernel.SOLVED]), int(ctx.params[kernel.N_REPLIES])
    scan = ctx.scan
    found = {True: 0, False: 0}
    for trial in range(60):
        size = int(rng.choice([2, 3, 5, 8, 11, 14, 40, 120, 255]))
        S = np.sort(rng.choice(n, size=min(size, n), replace=False)).astype(np.int32)
        share = (1, 2, 5)[trial % 3]  # every guess; a half and a fifth of them (packed_counts' three ways)
        allowed = (np.arange(n, dtype=np.int32) if share == 1
                   else np.sort(rng.choice(n, size=n // share, replace=False)).astype(np.int32))
        replies = np.asarray(scan)[np.ix_(allowed, S)]  # [guess, secret]
        distinct = [len(set(row)) == len(S) for row in replies.tolist()]
        answer = bool(feasible.any_distinct(scan, S, allowed))
        assert answer == any(distinct)
        found[answer] += 1
        low, high = np.empty(len(allowed), np.uint64), np.empty(len(allowed), np.uint64)
        feasible.packed_counts(scan, S, allowed, low, high)
        counts, sizes = np.zeros(n_replies, np.int64), np.zeros(n_replies, np.int64)
        for i in range(0, len(allowed), 7):
            row = np.bincount(replies[i], minlength=n_replies)
            hit = bool(row[solved])
            row[solved] = 0
            want = sorted(int(c) for c in row if c)
            k, got_hit = feasible.guess_buckets(scan, solved, n_replies, i, S, allowed, True, low, high, counts,
                                                sizes)
            assert (sorted(sizes[:k].tolist()), bool(got_hit)) == (want, hit)
            for limit in (1, 2, 14, 127, 128, 200, 254):
                buckets, test_hit, over = feasible.packed_test(low[i], high[i], limit, solved)
                assert (buckets, bool(test_hit), bool(over)) == (len(want), hit, max(want, default=0) > limit)
    assert found[True] and found[False]  # both answers were met


def test_bytes_over_equals_a_byte_loop():
    rng = np.random.default_rng(5)
    for _ in range(2000):
        word = np.uint64(rng.integers(0, 2**63, dtype=np.int64)) * np.uint64(2) + np.uint64(rng.integers(2))
        limit = int(rng.integers(0, 255))
        want = sum(1 << (8 * b + 7) for b in range(8) if (int(word) >> (8 * b)) & 255 > limit)
        assert int(feasible.bytes_over(word, limit)) == want


def test_fewest_last_keeps_what_it_proved_and_a_rerun_resumes(tmp_path):
    """With a store, fewest_last saves the large sets' counts and verdicts as it goes and when
    it stops; a later search reads them back, answers the same and expands fewer nodes. Bulls
    and Cows with 4 of 7 symbols, opener 0123: 4 codes at the 6th guess (twin-checked above on
    smaller games; here against a run without a store)."""
    game = get_game("bulls", digits=4, symbols=7)
    codes = game.generated_words()
    puzzle = Puzzle(game, codes, codes)
    fresh = FeasibilitySearch(ExactSolver(puzzle))
    expected = fresh.fewest_last("0123", 6)
    fresh_nodes = fresh.nodes + int(fresh.counts.stats[0])
    assert expected == 4
    store = ResultStore(tmp_path / "s.sqlite")
    stopped = FeasibilitySearch(ExactSolver(puzzle, limits=Limits(None, fresh_nodes // 2), store=store))
    with pytest.raises(SearchStopped):
        stopped.fewest_last("0123", 6)
    kept = [len(store.sets(key)[0]) for key in stopped.sets_keys]
    assert kept[0] > 0 and kept[1] > 0  # verdicts and counts were saved on the way out
    resumed = FeasibilitySearch(ExactSolver(puzzle, store=store))
    assert resumed.fewest_last("0123", 6) == expected
    assert resumed.nodes + int(resumed.counts.stats[0]) < fresh_nodes
    again = FeasibilitySearch(ExactSolver(puzzle, store=store))
    assert again.fewest_last("0123", 6) == expected  # a finished run's store answers at once
    assert again.nodes + int(again.counts.stats[0]) < resumed.nodes + int(resumed.counts.stats[0])


def test_a_split_counts_worker_reads_what_the_others_proved(tmp_path):
    """refresh reads the store again (after `age` seconds): a search made before another one
    proved the count then answers it from the memo."""
    game = get_game("bulls", digits=4, symbols=7)
    codes = game.generated_words()
    puzzle = Puzzle(game, codes, codes)
    store = ResultStore(tmp_path / "s.sqlite")
    waiting = FeasibilitySearch(ExactSolver(puzzle, store=store))
    waiting._counts_context()  # its memos are read now, from an empty store
    other = FeasibilitySearch(ExactSolver(puzzle, store=store))
    assert other.fewest_last("0123", 6) == 4
    waiting.refresh(age=3600)
    assert len(waiting.counts.memo) == 0  # not a minute old yet: not read
    waiting.refresh(age=0)
    assert len(waiting.counts.memo) > 0
    assert waiting.fewest_last("0123", 6) == 4
    assert waiting.nodes + int(waiting.counts.stats[0]) < other.nodes + int(other.counts.stats[0])


def test_cli_a_stopped_count_keeps_the_worst_case_and_the_rerun_resumes(tmp_path):
    """--fewest-worst stopped by a limit still reports the worst case it proved, says the count
    was not finished, and the same command then resumes from the store."""
    store = str(tmp_path / "s.sqlite")
    command = ["optimal", "--game", "bulls", "--colours", "7", "--first", "0123", "--objective", "worst",
               "--fewest-worst", "--store", store, "--json"]
    stopped = json.loads(runner.invoke(app, [*command, "--node-limit", "3000"]).output)["worst_case"]
    assert stopped["least"] == 6 and "node limit" in stopped["stopped"] and stopped["fewest_at_worst"] is None
    text = runner.invoke(app, [*command[:-3], "--store", str(tmp_path / "other.sqlite"), "--node-limit", "3000"]).output
    assert "worst case 6 proven" in text and "were not finished" in text
    done = json.loads(runner.invoke(app, command).output)["worst_case"]
    assert done["least"] == 6 and done["fewest_at_worst"] == 4 and done["stopped"] is None


ILLS = ["bills", "dills", "fills", "gills", "hills", "kills", "mills", "pills", "rills", "tills", "wills"]
OLLS = ["bolls", "dolls", "molls", "polls", "rolls", "tolls"]


def test_alike_groups_and_their_escapes_against_a_plain_twin():
    """groups.group_tables against the definition, pair by pair and guess by guess (game.feedback)."""
    from wordguess.optimal.worst import groups

    game = get_game("wordle")
    answers = ILLS + OLLS + ["crane", "bolts", "hulls"]
    guesses = answers + ["bumph", "frowl", "dight", "kempt", "gimps"]
    puzzle = Puzzle(game, answers, guesses)
    group_of, escape, by_guess = groups.group_tables(list(puzzle.answers), puzzle.matrix, game.n_replies)
    found = {frozenset(puzzle.answers[s] for s in range(len(answers)) if e in group_of[s]) for e in range(len(escape))}
    plain = set()
    for p in range(5):
        classes: dict[str, set[str]] = {}
        for w in answers:
            classes.setdefault(w[:p] + "?" + w[p + 1:], set()).add(w)
        for members in classes.values():
            if len(members) < groups.LEAST_GROUP:
                continue
            each = tuple(len(members) - max(collections_count(game, g, members)) for g in puzzle.guesses)
            if len(members) >= max(each) + 2:
                plain.add((frozenset(members), max(each), each))
    assert found == {m for m, _, _ in plain}
    by_group = {frozenset(puzzle.answers[s] for s in range(len(answers)) if e in group_of[s]):
                (int(escape[e]), tuple(int(x) for x in by_guess[e])) for e in range(len(escape))}
    assert by_group == {m: (worst, each) for m, worst, each in plain}
    assert by_group[frozenset(ILLS)][0] == 4  # BUMPH takes BILLS, MILLS, PILLS and HILLS out


def collections_count(game, guess, members):
    counts: dict = {}
    for w in members:
        reply = game.feedback(guess, w)
        counts[reply] = counts.get(reply, 0) + 1
    return counts.values()


@pytest.mark.parametrize("depth", [2, 3, 4])
def test_the_group_bound_keeps_every_verdict_and_prunes(depth, monkeypatch):
    """Words alike but for one letter (?ILLS, ?OLLS): the verdicts with the group bound equal
    the twin's, and the bound saves nodes (none saved: it is not applied)."""
    from wordguess.optimal.worst import groups

    game = get_game("wordle")
    answers = ILLS + OLLS
    guesses = answers + ["bumph", "frowl", "dight", "kempt", "gimps", "world", "plonk"]
    puzzle = Puzzle(game, answers, guesses)
    expected = twin(game, list(puzzle.answers), list(puzzle.guesses), "normal", depth)
    search = FeasibilitySearch(ExactSolver(puzzle))
    assert len(search.ctx.group_escape) >= 2
    assert {g: search.opener(g, depth).feasible for g in puzzle.guesses} == expected
    with_bound = search.nodes
    monkeypatch.setattr(groups, "group_tables", lambda words, matrix, n: (
        np.full((len(words), 1), -1, np.int32), np.zeros(0, np.int64), np.zeros((0, len(matrix)), np.uint8)))
    plain = FeasibilitySearch(ExactSolver(puzzle))
    assert {g: plain.opener(g, depth).feasible for g in puzzle.guesses} == expected
    if depth >= 3:
        assert with_bound < plain.nodes


@pytest.mark.parametrize("seed", range(6))
def test_the_group_bound_agrees_with_the_twin_on_random_families(seed):
    """Random parts of several families of words alike but for one letter, among other words and
    guesses: every verdict with the group bound and its guess filter is the twin's."""
    from wordguess.lists import load_words

    rng = random.Random(seed)
    words = list(load_words("wordle-guesses"))
    families = [w for w in words if w[1:] in ("ills", "olls", "ulls", "ests") or w[1:] == "ight"]
    answers = sorted(set(rng.sample(families, 14) + rng.sample(words, 3)))
    guesses = answers + [w for w in rng.sample(words, 40) if w not in answers][:16]
    game = get_game("wordle")
    puzzle = Puzzle(game, answers, guesses)
    search = FeasibilitySearch(ExactSolver(puzzle))
    assert len(search.ctx.group_escape) >= 1
    for depth in (2, 3, 4):
        assert {g: search.opener(g, depth).feasible for g in puzzle.guesses} == twin(
            game, list(puzzle.answers), list(puzzle.guesses), "normal", depth)


@pytest.mark.parametrize("pegs,colours", [(3, 5), (4, 4)])
def test_mastermind_with_groups_agrees_with_the_depth_limited_total_search(pegs, colours):
    """Codes alike but for one peg form groups; with the symmetry reduction the group bound and
    filter apply and the searches of a group alone do not (their guesses are S's classes):
    every verdict is still the total search's."""
    game = get_game("mastermind", pegs=pegs, colours=colours)
    codes = game.generated_words()
    puzzle = Puzzle(game, codes, codes)
    search = FeasibilitySearch(ExactSolver(puzzle))
    assert len(search.ctx.group_escape) > 0
    for depth in (4, 5):
        solver = ExactSolver(puzzle, max_guesses=depth)
        sample = codes[::7]  # a seventh of the openers
        assert {g: search.opener(g, depth).feasible for g in sample} == {g: solver.opener(g).value < INF for g in sample}


def test_the_progress_says_the_depth_tried():
    notes = []
    optimal_worst(SearchSpec(PuzzleSpec(get_game("mastermind", pegs=2, colours=3)), None), all_openers=True,
                  progress=lambda done, total, note="": notes.append(note))
    depths = [int(note.split()[2]) for note in notes if note]
    assert depths and all(note == f"trees within {d} guesses" for note, d in zip([n for n in notes if n], depths, strict=True))
    assert depths == sorted(depths)  # (a depth is tried once every opener is refuted at the one below)
