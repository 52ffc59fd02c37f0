"""The exact search: agreement with a brute-force oracle (every tree) on small lists for every game
and mode, the cutoff contract, trees that replay to their value, no strategy beating a proven
value, the store's resume, and the command line."""

from __future__ import annotations

import collections
import functools
import itertools
import json
import random
import re
import time

import numpy as np
import pytest
from typer.testing import CliRunner

from conftest import WORDLE_SMALL
from wordguess.cli import app
from wordguess.engine import kernels as engine_kernels
from wordguess.engine.puzzle import Puzzle, PuzzleSpec
from wordguess.errors import WordguessError
from wordguess.games import get_game
from wordguess.optimal.store import ResultStore
from wordguess.optimal.tasks import SearchSpec, solver_for
from wordguess.optimal.tasks import opener_task as REAL_OPENER_TASK
from wordguess.optimal.total import kernel
from wordguess.optimal.total import scan as scan_module
from wordguess.optimal.total.run import optimal
from wordguess.optimal.total.search import INF, ExactSolver, Limits, SearchStopped
from wordguess.play.hosts import FixedHost
from wordguess.play.simulate import play
from wordguess.strategies import STRATEGIES, get_strategy
from wordguess.trees.build import TreeStrategy, build_tree
from wordguess.trees.tree import TreeFile, check_covers, leaves, total_guesses


def twin_rules(game, answers, guesses, mode):
    """Return the exhaustive twins' common ground, from the scalar `feedback` alone:
    buckets(guess, secrets) -> {reply: secrets}, and allowed_after(allowed, guess, reply)."""
    replies = {(g, s): game.feedback(g, s) for g in guesses for s in answers}

    def buckets(guess, secrets) -> dict[int, list[str]]:
        found: dict[int, list[str]] = {}
        for s in secrets:
            found.setdefault(replies[guess, s], []).append(s)
        return found

    def allowed_after(allowed, guess, reply):
        if mode == "normal":
            return allowed
        if mode == "strict":  # (every guess a possible secret: those the reply leaves possible)
            return tuple(w for w in allowed if game.feedback(guess, w) == reply)
        return tuple(w for w in allowed if game.hard_mode_problem(guess, reply, w) is None)

    return buckets, allowed_after


def oracle(game, answers, guesses, mode="normal", depth=None) -> dict[str, int]:
    """Return each opener's least total over ALL trees (exhaustive; INF if none fits `depth`)."""
    solved = game.solved_reply
    buckets_of, allowed_after = twin_rules(game, answers, guesses, mode)

    @functools.cache
    def least(secrets: frozenset, allowed: tuple, left) -> int:
        if left is not None and left <= 0:
            return INF
        if len(secrets) == 1:
            return 1
        return min((cost(g, secrets, allowed, left) for g in allowed), default=INF)

    def cost(guess, secrets, allowed, left, root=False) -> int:
        buckets = buckets_of(guess, secrets)
        if len(buckets) == 1 and solved not in buckets and not root:
            return INF  # learns nothing: never part of a best tree (a forced opener may)
        below = None if left is None else left - 1
        total = len(secrets)
        for reply, bucket in buckets.items():
            if reply != solved:
                total += least(frozenset(bucket), allowed_after(allowed, guess, reply), below)
        return min(total, INF)

    return {g: cost(g, frozenset(answers), tuple(guesses), depth, root=True) for g in guesses}


def random_words(rng: random.Random, alphabet: str, length: int, count: int) -> list[str]:
    return sorted({"".join(rng.choice(alphabet) for _ in range(length)) for _ in range(count)})


CASES = [  # (game, options, alphabet of the random words, word length)
    ("wordle", {}, "abcdef", 5),
    ("wordle", {"length": 4}, "abcde", 4),
    ("wordle", {"length": 11}, "abc", 11),  # 3^11 replies: a uint32 pattern matrix
    ("termo", {}, "aáceo", 5),
    ("sutom", {"length": 4}, "abcde", 4),
    ("jotto", {}, "abcdefgh", 5),
    ("matches", {"length": 4}, "abc", 4),
]


def small_puzzle(rng, name, options, alphabet, length, mode="normal"):
    game = get_game(name, **options)
    pool = game.prepare_words(random_words(rng, alphabet, length, 40))[0]  # the game's list rules
    if name == "sutom":
        pool = [w for w in pool if w[0] == pool[0][0]] if pool else pool
    rng.shuffle(pool)
    answers = sorted(pool[: rng.randint(2, 12)])
    guesses = answers + sorted(set(pool[12:16]) - set(answers))
    return Puzzle(game.fitted(answers) if game.length is None else game, answers, guesses, mode=mode)


@pytest.mark.parametrize("name,options,alphabet,length", CASES)
@pytest.mark.parametrize("seed", range(6))
def test_agrees_with_the_oracle_on_small_lists(name, options, alphabet, length, seed):
    rng = random.Random(seed * 31 + len(name))
    puzzle = small_puzzle(rng, name, options, alphabet, length)
    depth = rng.choice([None, None, 2, 3])
    solver = ExactSolver(puzzle, max_guesses=depth)
    expected = oracle(puzzle.game, list(puzzle.answers), list(puzzle.guesses), depth=depth)
    assert {g: min(solver.opener(g).value, INF) for g in puzzle.guesses} == expected


@pytest.mark.parametrize("name,options,alphabet,length", [case for case in CASES if case[0] != "sutom"])
@pytest.mark.parametrize("seed", range(4))
def test_strict_mode_agrees_with_the_oracle(name, options, alphabet, length, seed):
    """Strict mode (each guess one that may still be the secret: the notebook's rule for Jotto)
    over lists whose guesses are all possible secrets, against the exhaustive oracle."""
    rng = random.Random(seed * 13 + len(name))
    puzzle = small_puzzle(rng, name, options, alphabet, length)
    puzzle = Puzzle(puzzle.game, puzzle.answers, puzzle.answers, mode="strict")
    depth = rng.choice([None, None, 3])
    solver = ExactSolver(puzzle, max_guesses=depth)
    expected = oracle(puzzle.game, list(puzzle.answers), list(puzzle.answers), "strict", depth)
    assert {g: min(solver.opener(g).value, INF) for g in puzzle.guesses} == expected
    best = min(expected, key=lambda g: (expected[g], g))
    if expected[best] < INF:  # the tree it writes plays only guesses that may be the secret
        tree = solver.tree(best)
        assert total_guesses(tree) == expected[best]
        stack = [(tree, list(puzzle.answers))]
        while stack:
            node, left = stack.pop()
            if isinstance(node, str):
                continue
            assert node.guess in left
            for reply, child in node.branches.items():
                stack.append((child, [s for s in left if puzzle.game.feedback(node.guess, s) == reply]))


def test_strict_mode_needs_every_guess_a_secret():
    puzzle = Puzzle(get_game("wordle"), WORDLE_SMALL[:30], WORDLE_SMALL[:60], mode="strict")
    with pytest.raises(WordguessError, match="strict mode"):
        ExactSolver(puzzle)


@pytest.mark.parametrize("seed", range(12))
def test_hard_mode_agrees_with_the_oracle(seed):
    rng = random.Random(seed)
    puzzle = small_puzzle(rng, "wordle", {}, "abcdefg"[: rng.randint(3, 7)], 5, mode="hard")
    depth = rng.choice([None, 3, 4])
    solver = ExactSolver(puzzle, max_guesses=depth)
    expected = oracle(puzzle.game, list(puzzle.answers), list(puzzle.guesses), "hard", depth)
    assert {g: min(solver.opener(g).value, INF) for g in puzzle.guesses} == expected


@pytest.mark.parametrize("seed", range(20))
def test_buckets_by_size_groups_as_split_does(seed):
    """The search's grouping (only the replies the set gives, smallest bucket first) against
    split, its twin over every reply: the same buckets, in the order (size, reply), each in the
    set's order, and the scratch left zeroed."""
    rng = np.random.default_rng(seed)
    n_replies = int(rng.choice([3, 10, 243, 3**7]))
    dtype = np.uint8 if n_replies <= 256 else np.uint16
    row = rng.integers(0, n_replies, size=60).astype(dtype)
    S = np.sort(rng.choice(60, size=int(rng.integers(1, 60)), replace=False)).astype(np.int32)
    counts = np.zeros(n_replies, dtype=np.int64)
    grouped, replies, starts = kernel.buckets_by_size(row, S, counts)
    slow_grouped, slow_starts, sizes = engine_kernels.split(row, S, n_replies)
    expected = sorted((int(sizes[r]), r) for r in range(n_replies) if sizes[r])
    assert [(int(starts[j + 1] - starts[j]), int(replies[j])) for j in range(len(replies))] == expected
    for j, r in enumerate(replies):
        assert grouped[starts[j]:starts[j + 1]].tolist() == slow_grouped[slow_starts[r]:slow_starts[r + 1]].tolist()
    assert not counts.any()


@pytest.mark.parametrize("seed", range(30))
def test_pair_counts_agree_with_counting(seed):
    """The bound scan's pairwise pass against counting each guess's replies: distinct replies,
    the hit, the largest bucket, the sum of table[size] over the buckets (a table of the search's
    shapes: 2m - 1, then larger, then INF) and the sum of squared sizes, for sets up to the
    largest it takes, the guesses in any order or a subset of them, replies of one or two bytes."""
    rng = np.random.default_rng(seed)
    n_replies = int(rng.choice([2, 3, 10, 243, 3**7]))
    n_secrets, n_guesses = 300, int(rng.integers(1, 50))
    dtype = np.uint8 if n_replies <= 256 else np.uint16
    scan = rng.integers(0, n_replies, size=(n_guesses, n_secrets)).astype(dtype)
    size = int(rng.choice([1, 2, int(rng.integers(3, 40)), scan_module.PAIR_SCAN_MAX]))
    S = np.sort(rng.choice(n_secrets, size=size, replace=False)).astype(np.int32)
    allowed = rng.permutation(n_guesses)[: int(rng.integers(1, n_guesses + 1))].astype(np.int32)
    solved = int(rng.choice([int(rng.integers(0, n_replies)), int(scan[allowed[0], S[0]])]))
    m = np.arange(n_secrets + 1, dtype=np.int64)
    linear_up_to, finite_up_to = sorted(int(x) for x in rng.integers(1, size + 2, size=2))
    table = np.where(m <= linear_up_to, 2 * m - 1, 3 * m)
    table[0], table[finite_up_to + 1:] = 0, kernel.INF
    linear = bool(scan_module.linear_to(table, size))
    assert linear == (linear_up_to >= size)
    distinct, hit, big, spent, squares = scan_module.pair_counts(scan, S, allowed, solved, table, True)
    for i, g in enumerate(allowed):
        sizes = collections.Counter(int(scan[g, s]) for s in S)
        assert (distinct[i], hit[i], big[i], spent[i], squares[i]) == (
            len(sizes), int(solved in sizes), max(sizes.values()), sum(int(table[k]) for k in sizes.values()),
            sum(k * k for k in sizes.values()))
    assert len(scan_module.pair_counts(scan, S, allowed, solved, table, False)[4]) == 0


@pytest.mark.parametrize("seed", range(10))
def test_sort_prefix_takes_the_keys_in_order(seed):
    """Taking the keys through sort_prefix, a prefix at a time as the search does, gives them
    all in sorted order."""
    rng = np.random.default_rng(seed)
    keys = rng.choice(10**6, size=int(rng.integers(1, 400)), replace=False).astype(np.int64)
    expected, taken, ready = sorted(keys.tolist()), [], 0
    for j in range(len(keys)):
        if j == ready:
            ready = scan_module.sort_prefix(keys, j, max(int(rng.integers(1, 40)), 2 * j))
        taken.append(int(keys[j]))
    assert taken == expected


def test_linear_to_reads_the_table():
    table = np.array([0, 1, 3, 5, 8, 10], dtype=np.int64)
    assert scan_module.linear_to(table, 3) and not scan_module.linear_to(table, 4)


def test_hard_mode_transitions_give_the_narrowed_sets_hash():
    """A hard-mode child's memo hash is read from ctx.transitions once the step has been
    narrowed; it is the hash of the narrowed set, which is the slow filter's set (the game's
    own rule), and a step never met is UNKNOWN."""
    game = get_game("wordle")
    puzzle = PuzzleSpec(game, mode="hard").build()
    solver = ExactSolver(puzzle, 6)
    allowed, h = solver.root_state()
    rng = random.Random(5)
    for guess in rng.sample(range(len(puzzle.guesses)), 6):
        reply = int(puzzle.matrix[guess, rng.randrange(len(puzzle.answers))])
        assert kernel.known_child_hash(solver.ctx, allowed, h, guess, reply) == kernel.UNKNOWN
        sub, sub_hash = kernel.child_allowed(solver.ctx, allowed, h, guess, reply)
        word = puzzle.guesses[guess]
        slow = [i for i, w in enumerate(puzzle.guesses) if game.hard_mode_problem(word, reply, w) is None]
        assert sub.tolist() == slow
        assert sub_hash == kernel.allowed_hash_of(solver.ctx, sub)
        assert kernel.known_child_hash(solver.ctx, allowed, h, guess, reply) == sub_hash
        again, again_hash = kernel.child_allowed(solver.ctx, allowed, h, guess, reply)
        assert again.tolist() == slow and again_hash == sub_hash
        # one step further down, from the narrowed set
        second = int(sub[len(sub) // 2])
        below = int(puzzle.matrix[second, rng.randrange(len(puzzle.answers))])
        deeper, deeper_hash = kernel.child_allowed(solver.ctx, sub, sub_hash, second, below)
        assert deeper_hash == kernel.allowed_hash_of(solver.ctx, deeper)
        assert deeper_hash == kernel.known_child_hash(solver.ctx, sub, sub_hash, second, below)


@pytest.mark.parametrize("pegs,colours", [(2, 3), (2, 4), (3, 2), (3, 3)])
def test_mastermind_small_agrees_with_the_oracle(pegs, colours):
    game = get_game("mastermind", pegs=pegs, colours=colours)
    codes = game.generated_words()
    solver = ExactSolver(Puzzle(game, codes, codes))
    expected = oracle(game, codes, codes)
    assert {g: solver.opener(g).value for g in codes} == expected


@pytest.mark.parametrize("digits,symbols", [(2, 4), (3, 4), (2, 5), (2, 6)])
def test_bulls_small_agrees_with_the_oracle(digits, symbols):
    """The symmetry reduction on codes of distinct symbols (Bulls and Cows) loses no opener."""
    game = get_game("bulls", digits=digits, symbols=symbols)
    codes = game.generated_words()
    solver = ExactSolver(Puzzle(game, codes, codes))
    assert solver.ctx.params[kernel.SYMMETRY] == 1
    expected = oracle(game, codes, codes)
    assert {g: solver.opener(g).value for g in codes} == expected


@pytest.mark.parametrize("name,options,depth", [("mastermind", {"pegs": 3, "colours": 4}, None),
                                                ("mastermind", {"pegs": 4, "colours": 3}, 4),
                                                ("bulls", {"digits": 3, "symbols": 6}, None),
                                                ("bulls", {"digits": 3, "symbols": 6}, 3)])
def test_one_second_guess_per_class_of_the_openers_stabiliser(name, options, depth):
    """Below the opener only one guess per class of its stabiliser is tried (second_guesses);
    every opener's value is the same as with every canonical guess tried (the slow twin)."""
    game = get_game(name, **options)
    codes = game.generated_words()
    puzzle = Puzzle(game, codes, codes)
    fast, slow = ExactSolver(puzzle, max_guesses=depth), ExactSolver(puzzle, max_guesses=depth)
    slow.opener_symmetry = False
    openers = sorted({game.symmetry_class(c): c for c in codes}.values())
    assert {g: fast.opener(g).value for g in openers} == {g: slow.opener(g).value for g in openers}


@pytest.mark.parametrize("name,options,fixed", [("mastermind", {"pegs": 3, "colours": 4}, ["112"]),
                                                ("mastermind", {"pegs": 3, "colours": 4}, ["112", "213"]),
                                                ("mastermind", {"pegs": 4, "colours": 3}, ["1122", "1212"]),
                                                ("bulls", {"digits": 3, "symbols": 6}, ["012"]),
                                                ("bulls", {"digits": 3, "symbols": 6}, ["012", "103"]),
                                                ("bulls", {"digits": 3, "symbols": 6}, ["012", "345"])])
def test_class_representatives_cover_each_class_once(name, options, fixed):
    """The slow twin: every map of the game's whole group (positions permuted, all symbols
    renamed) that fixes the fixed words, applied to each guess: every guess is mapped onto
    exactly one representative's class, and no two representatives share one."""
    game = get_game(name, **options)
    codes = game.generated_words()
    solver = ExactSolver(Puzzle(game, codes, codes))
    index = {c: i for i, c in enumerate(solver.puzzle.guesses)}
    ids = [index[w] for w in fixed]
    everything = np.arange(len(codes), dtype=np.int32)
    reps = set(solver._classes(ids, everything).tolist())
    symbols = game.alphabet
    group = [(perm, dict(zip(symbols, renamed, strict=True)))
             for perm in itertools.permutations(range(game.length))
             for renamed in itertools.permutations(symbols)]
    group = [(perm, p) for perm, p in group
             if all("".join(p[w[perm[k]]] for k in range(game.length)) == w for w in fixed)]
    classes = {}
    for code in codes:
        orbit = frozenset("".join(p[code[perm[k]]] for k in range(game.length)) for perm, p in group)
        classes.setdefault(orbit, set()).add(index[code])
    assert all(len(members & reps) == 1 for members in classes.values())
    assert len(reps) == len(classes)


def test_bulls_tries_twenty_second_guesses_after_0123():
    game = get_game("bulls")
    codes = game.generated_words()
    solver = ExactSolver(Puzzle(game, codes, codes))
    opener = solver.puzzle.index_of("0123")
    reduced, h = solver.child_state(*solver.root_state(), opener, 0)
    solver.opener_symmetry = False
    every, h_every = solver.child_state(*solver.root_state(), opener, 0)
    assert (len(reduced), len(every), h, h_every) == (20, 209, -2 - opener, 1 + solver.ctx.symbol_mask[opener])
    assert set(reduced) <= set(every)
    # below 4567 (every position swap fixes both guesses, renaming their symbols to match) the
    # third guesses are the canonical ones (two symbols left: 3,360) up to the 24 position swaps
    second = solver.puzzle.index_of("4567")
    span = solver.ctx.thirds[opener * len(codes) + second]
    thirds = solver.ctx.third_guesses[span >> 32:span & 0xFFFFFFFF]
    mask = int(solver.ctx.symbol_mask[opener] | solver.ctx.symbol_mask[second])
    canonical = solver.ctx.canonical[solver.ctx.canonical_start[mask]:solver.ctx.canonical_start[mask + 1]]
    assert len(canonical) == 3360 and 3360 / 24 <= len(thirds) < 3360 / 4


def test_cutoff_contract():
    """Below beta the value is exact; at or above it, a lower bound that is itself >= beta."""
    rng = random.Random(7)
    puzzle = small_puzzle(rng, "wordle", {}, "abcdef", 5)
    exact = {g: ExactSolver(puzzle).opener(g).value for g in puzzle.guesses}
    for g, value in exact.items():
        for beta in (value - 2, value, value + 1):
            result = ExactSolver(puzzle).opener(g, beta)
            if value < beta:
                assert result.exact and result.value == value
            else:
                assert not result.exact and beta <= result.value <= value


@pytest.fixture(scope="module")
def wordle_sample():
    """A Wordle puzzle big enough to need real search: 80 answers, 400 allowed guesses."""
    from wordguess.lists import load_words

    game = get_game("wordle")
    answers = list(load_words("wordle-answers", game))
    guesses = list(load_words("wordle-guesses", game))
    rng = random.Random(843)
    chosen = sorted(rng.sample(answers, 80))
    extra = sorted((set(rng.sample(guesses, 320)) | {"salet", "crane", "trace"}) - set(chosen))
    return game, chosen, chosen + extra


@pytest.mark.parametrize("mode,depth", [("normal", None), ("hard", 6), ("hard", None)])
def test_tree_replays_to_its_value_and_no_strategy_beats_it(wordle_sample, mode, depth):
    game, answers, guesses = wordle_sample
    puzzle = Puzzle(game, answers, guesses, mode=mode)
    solver = ExactSolver(puzzle, max_guesses=depth)
    best = min((solver.opener(w) for w in ("crane", "salet", "trace") if w in guesses),
               key=lambda r: r.value)
    tree = solver.tree(best.opener)
    assert total_guesses(tree) == best.value
    assert sorted(w for w, _ in leaves(tree)) == sorted(answers)
    played = sum(play(puzzle, TreeStrategy(tree), FixedHost(s)).guesses for s in answers)
    assert played == best.value
    if depth is not None:
        assert max(k for _, k in leaves(tree)) <= depth
    first_guess = puzzle.index_of(best.opener)
    for name in (n for n, entry in STRATEGIES.items() if not entry.several):
        if name == "antiwordle":
            continue  # it only plays candidates, on purpose badly
        strategy = get_strategy(name)
        grown = build_tree(puzzle, OpeningThen(first_guess, strategy))
        assert total_guesses(grown) >= best.value, name


class OpeningThen:
    """Play a fixed first guess, then a strategy (to compare with one opener's optimum)."""

    def __init__(self, first, strategy):
        self.first, self.strategy, self.name = first, strategy, f"first then {strategy.name}"

    def choose(self, puzzle, position):
        return self.first if not position.history else self.strategy.choose(puzzle, position)


def mastermind_puzzle(pegs=4, colours=5) -> Puzzle:
    game = get_game("mastermind", pegs=pegs, colours=colours)
    codes = game.generated_words()
    return Puzzle(game, codes, codes)


def test_store_resumes_after_a_limit(tmp_path):
    puzzle = mastermind_puzzle()  # about 1,300 nodes: enough to stop several times
    full = ExactSolver(puzzle).opener("1123")
    store = ResultStore(tmp_path / "r.sqlite")
    runs = 0
    while True:  # each run proves a little more, and the store keeps it for the next
        runs += 1
        solver = ExactSolver(puzzle, limits=Limits(nodes=300), store=store)
        try:
            result = solver.opener("1123")
            break
        except SearchStopped:
            assert runs < 200, "no progress between runs"
    assert result.exact and result.value == full.value
    assert runs > 1
    again = ExactSolver(puzzle, store=store).opener("1123")
    assert again.value == full.value and again.nodes == 0  # read from the store
    store.close()


def test_upper_bound_when_stopped():
    spec = SearchSpec(PuzzleSpec(get_game("mastermind", colours=5, pegs=4)), nodes=50)
    outcome = optimal(spec, first="1123")
    exact = ExactSolver(mastermind_puzzle()).opener("1123").value
    assert not outcome.proven and outcome.stopped
    assert outcome.total >= exact
    assert sorted(w for w, _ in leaves(outcome.tree)) == sorted(mastermind_puzzle().answers)
    # What the stopped search proved: a lower bound, at most the opener's optimum (and more than
    # the bound of the opener's buckets' sizes alone, from the one-step bound of each bucket).
    solver = ExactSolver(mastermind_puzzle())
    assert solver.root_bound(solver.puzzle.index_of("1123")) < outcome.lower_bound <= exact
    assert outcome.to_json(len(solver.puzzle.answers))["lower_bound"] == outcome.lower_bound


@pytest.mark.parametrize("seed", range(3))
def test_the_lower_bound_of_an_opener_is_its_optimum_once_its_buckets_are_solved(seed, tmp_path):
    """opener_lower_bound never exceeds the exhaustive optimum of the opener; once every bucket
    is solved (in the memo) it is that optimum; over every opener, the least bound of a stopped
    certification is at most the least total."""
    from wordguess.optimal.total.improve import opener_lower_bound

    puzzle = small_puzzle(random.Random(seed), "wordle", {}, "abcdef", 5)
    words = list(puzzle.answers)
    truth = oracle(puzzle.game, words, list(puzzle.guesses))
    solver = ExactSolver(puzzle)
    for word in list(puzzle.guesses)[:6]:
        guess = puzzle.index_of(word)
        if solver.root_bound(guess) >= INF:
            continue
        assert opener_lower_bound(solver, guess) <= truth[word]
        assert solver.opener(word).value == truth[word]
        assert opener_lower_bound(solver, guess) == truth[word]
    (tmp_path / "a.txt").write_text("\n".join(words))
    (tmp_path / "g.txt").write_text("\n".join(puzzle.guesses))
    spec = SearchSpec(PuzzleSpec(puzzle.game, str(tmp_path / "a.txt"), str(tmp_path / "g.txt")), nodes=3)
    stopped = optimal(spec, all_openers=True)
    if not stopped.proven:
        assert stopped.lower_bound <= min(truth.values()) <= stopped.total


runner = CliRunner()


def test_cli_optimal_json_and_tree(tmp_path):
    answers = tmp_path / "a.txt"
    answers.write_text("\n".join(WORDLE_SMALL[:60]))  # guesses from the answers: no shortcut settles it
    out = tmp_path / "tree.json"
    result = runner.invoke(app, ["optimal", "--answers", str(answers), "--guesses", str(answers),
                                 "--openers", "3", "--no-store", "--json", "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    for key in ("first", "total", "mean", "worst", "proven", "seconds", "search"):
        assert key in data
    assert data["proven"] and data["search"]["nodes"] > 0
    loaded = TreeFile.load(out)
    assert total_guesses(loaded.tree) == data["total"]


@pytest.mark.parametrize("args,message", [
    (["--first", "zzzzz"], "zzzzz"),
    (["--mode", "strict"], "needs every guess to be a possible secret"),
    (["--mode", "strict", "--objective", "worst"], "strict for --objective total"),
    (["--first", "salet", "--openers", "2"], "at most one"),
    (["--workers", "0"], "workers"),
    (["--ray-address", "127.0.0.1:6379"], "--executor ray"),
])
def test_cli_optimal_errors(args, message):
    result = runner.invoke(app, ["optimal", "--no-store", *args])
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.output


@pytest.mark.slow
def test_mastermind_optimum():
    """Koyama and Lai's optimum: 5625 over the 1296 codes, opening 1123."""
    game = get_game("mastermind")
    codes = game.generated_words()
    result = ExactSolver(Puzzle(game, codes, codes)).opener("1123")
    assert result.exact and result.value == 5625


@pytest.mark.slow
def test_wordle_salet_optimum():
    spec = SearchSpec(PuzzleSpec(get_game("wordle")), max_guesses=6)
    outcome = optimal(spec, first="salet")
    assert outcome.proven and outcome.total == 7920
    assert np.isclose(outcome.total / 2315, 3.4212, atol=1e-4)


def task_results(outcome):
    return [(r.opener, r.value, r.exact) for r in outcome.openers]


def test_process_pool_gives_the_same_results():
    from wordguess.engine.executors import ProcessExecutor

    spec = SearchSpec(PuzzleSpec(get_game("mastermind", colours=4, pegs=4)))
    serial = optimal(spec, openers=3)
    with ProcessExecutor(2) as pool:
        pooled = optimal(spec, openers=3, executor=pool)
        split = optimal(spec, first=serial.first, executor=pool)  # one opener, split by reply
    assert task_results(pooled) == task_results(serial)
    assert split.total == serial.total and split.proven


@pytest.mark.slow
def test_ray_runs_the_same_tasks():
    pytest.importorskip("ray")
    from wordguess.engine.executors import RayExecutor

    spec = SearchSpec(PuzzleSpec(get_game("mastermind", colours=4, pegs=4)))
    serial = optimal(spec, all_openers=True)
    with RayExecutor(num_cpus=2) as pool:
        remote = optimal(spec, all_openers=True, executor=pool)
    assert task_results(remote) == task_results(serial)
    assert remote.proven and remote.scope == "all openers"


def test_least_total_table():
    from wordguess.optimal.bounds import UNREACHABLE, least_total_table

    wide = least_total_table(10, branching=242)
    assert list(wide) == [0] + [2 * m - 1 for m in range(1, 11)]  # one secret per reply
    narrow = least_total_table(5, branching=2)  # depths 1, 2, 2, 3, 3
    assert list(narrow) == [0, 1, 3, 5, 8, 11]
    limited = least_total_table(4, branching=2, depth=2)  # at most 1 + 2 secrets in two guesses
    assert list(limited[:4]) == [0, 1, 3, 5] and limited[4] == UNREACHABLE


@pytest.mark.parametrize("seed", range(4))
def test_widest_split_counts_the_unsolved_replies(seed):
    """engine.kernels.widest_split == the most distinct unsolved replies by a plain count of feedback."""
    rng = random.Random(seed)
    game = get_game("wordle")
    words = sorted(set(WORDLE_SMALL))
    secrets = sorted(rng.sample(range(len(words)), 12))
    guesses = rng.sample(range(len(words)), 20)
    puzzle = Puzzle(game, words, words)
    slow = max(len({game.feedback(words[g], words[s]) for s in secrets} - {game.solved_reply}) for g in guesses)
    fast = engine_kernels.widest_split(puzzle.matrix, np.array(secrets, dtype=np.int32), np.array(guesses, dtype=np.int32),
                               game.n_replies, game.solved_reply)
    assert fast == slow


def test_the_solver_bounds_every_node_by_the_widest_split_on_all_answers():
    """Wordle's 2,315 answers: no guess gives more than 149 unsolved replies (Selby's program
    reports 150 replies, the solved one included); the tables assume it."""
    puzzle = PuzzleSpec(get_game("wordle")).build()
    solver = ExactSolver(puzzle, 6)
    assert solver.branching == 149
    assert solver.ctx.params[kernel.BRANCHING] == 149
    sizes = [puzzle.bucket_sizes(g, puzzle.all_candidates()) for g in range(0, len(puzzle.guesses), 97)]
    assert max(int((s[np.arange(len(s)) != puzzle.game.solved_reply] > 0).sum()) for s in sizes) <= 149


def test_an_unreachable_depth_limit_is_one_line(tmp_path):
    answers = tmp_path / "a.txt"
    answers.write_text("crane\nslate\ntrace\n")
    lists = ["--answers", str(answers), "--guesses", str(answers), "--no-store"]
    result = runner.invoke(app, ["optimal", *lists, "--max-guesses", "1"])
    assert result.exit_code == 2 and "within 1 guesses" in result.stderr
    result = runner.invoke(app, ["optimal", *lists, "--max-guesses", "99999999999999999999", "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["total"] == 5
    for args in (["--workers", "99999999999999999999"], ["--time-limit", "0"]):
        result = runner.invoke(app, ["optimal", *lists, *args])
        assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.output


def test_a_stopped_search_never_reports_a_tree_beyond_the_limit(tmp_path):
    """Stopped at once, the fallback tree below TRACE is greedy; in hard mode it cannot solve
    every secret within 4 guesses, so the outcome says how many it misses and gives no total."""
    words = tmp_path / "w.txt"
    words.write_text("\n".join(WORDLE_SMALL))
    spec = SearchSpec(PuzzleSpec(get_game("wordle"), str(words), str(words), mode="hard"), max_guesses=4, nodes=1)
    outcome = optimal(spec, first="trace")
    assert not outcome.proven and not outcome.feasible and outcome.over_limit > 0
    assert max(depth for _, depth in leaves(outcome.tree)) > 4
    data = outcome.to_json(len(WORDLE_SMALL))
    assert data["total"] is None and data["over_limit"] == outcome.over_limit
    result = runner.invoke(app, ["optimal", "--answers", str(words), "--guesses", str(words), "--mode", "hard",
                                 "--max-guesses", "4", "--first", "trace", "--node-limit", "1", "--no-store",
                                 "--out", str(tmp_path / "t.json")])
    assert result.exit_code == 0 and "no tree within 4 guesses" in result.stdout
    assert "guesses in all" not in result.stdout and not (tmp_path / "t.json").exists()
    assert "proven: any tree opening with TRACE needs at least" in result.stdout  # what the stopped search proved


def stop_at_call(monkeypatch, n: int) -> None:
    """Make the n-th opener task (and every later one) stop as a time limit would."""
    from wordguess.optimal.total import run as run_module
    real, calls = REAL_OPENER_TASK, []

    def task(args):
        calls.append(args[1])
        if len(calls) >= n:
            raise SearchStopped("time limit of 1 s reached")
        return real(args)

    monkeypatch.setattr(run_module, "opener_task", task)


@pytest.mark.parametrize("how", ["all", "ranked"])
def test_a_stopped_search_over_openers_keeps_what_it_settled(monkeypatch, how):
    """Stopped at its second opener task, --all-openers (after the seed) and --openers keep the
    openers settled before the stop: listed, and the best exact one gives the tree."""
    spec = SearchSpec(PuzzleSpec(get_game("mastermind", pegs=3, colours=4)), store=None)
    puzzle = mastermind_puzzle(pegs=3, colours=4)
    stop_at_call(monkeypatch, 2)
    outcome = optimal(spec, all_openers=True) if how == "all" else optimal(spec, openers=3)
    assert not outcome.proven and "time limit of 1 s" in outcome.stopped
    settled = [r for r in outcome.openers if r.exact]
    assert len(outcome.openers) == (2 if how == "all" else 1) and settled
    best = min(settled, key=lambda r: r.value)
    assert outcome.first == best.opener
    assert best.value == ExactSolver(puzzle).opener(best.opener).value
    assert outcome.total == total_guesses(outcome.tree) == best.value  # proven in this process: the exact tree
    data = outcome.to_json(len(puzzle.answers))
    assert [o["opener"] for o in data["openers"]] == [r.opener for r in outcome.openers]
    stop_at_call(monkeypatch, 2)
    result = runner.invoke(app, ["optimal", "--game", "mastermind", "--pegs", "3", "--colours", "4",
                                 "--all-openers", "--no-store", "--no-certificate"])
    assert result.exit_code == 0, result.output
    assert "an upper bound only: time limit of 1 s reached" in result.stdout
    headline = re.search(r"^(\d+): (\d+) guesses in all", result.stdout, re.M)
    listed = re.search(r"^openers settled before the stop \(2\): (\d+) (\d+), \d+ \d+$", result.stdout, re.M)
    assert headline and listed and headline.groups() == listed.groups(), result.stdout  # the best settled one leads
    bound = re.search(r"^proven: any tree needs at least ([\d,]+) guesses over the [\d,]+ secrets \(mean [\d.]+\); "
                      r"the gap: ([\d,]+)$",
                      result.stdout, re.M)
    optimum = min(ExactSolver(puzzle).opener(w).value for w in puzzle.guesses)
    assert bound, result.stdout
    low = int(bound.group(1).replace(",", ""))
    assert low <= optimum <= int(headline.group(2)) and int(bound.group(2).replace(",", "")) == int(headline.group(2)) - low


def test_the_time_limit_is_for_the_whole_run(monkeypatch):
    """The run's deadline is set once, when it starts, and holds every opener's search to it. The
    clock is forced: the run starts with its deadline already behind it (a cached solver of an
    earlier test could otherwise settle the openers from its memo within any real limit)."""
    from types import SimpleNamespace

    from wordguess.optimal import tasks

    solver_for.cache_clear()
    monkeypatch.setattr(tasks, "time", SimpleNamespace(time=lambda: time.time() - 1000))
    spec = SearchSpec(PuzzleSpec(get_game("mastermind")), seconds=0.3)
    outcome = optimal(spec, openers=5)
    assert not outcome.proven and "time limit of 0.3 s" in outcome.stopped
    assert outcome.openers == [] and outcome.tree is not None  # no opener settled: the fallback tree


def test_sutom_optimal_takes_the_revealed_letter(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("maison\nmarche\nmouton\nmoteur\nbateau\nballon\nbouton\nbonnet\nbureau\n")
    result = runner.invoke(app, ["optimal", "--game", "sutom", "--length", "6", "--first-letter", "b",
                                 "--answers", str(words), "--guesses", str(words), "--no-store", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["secrets"] == 5 and data["first"].startswith("b") and data["proven"]


def test_a_limit_that_expires_while_the_tree_is_grown_gives_the_fallback_tree(monkeypatch):
    """Forced, not raced: the search finishes, then every step of growing its tree meets the
    limit; the outcome is the stopped one with its fallback tree (it raised before)."""

    def out_of_time(self, candidates, node_state):
        raise SearchStopped("time limit of 60 s reached")

    monkeypatch.setattr(ExactSolver, "_best", out_of_time)
    puzzle_spec = PuzzleSpec(get_game("mastermind", pegs=3, colours=4))
    outcome = optimal(SearchSpec(puzzle_spec, seconds=60), first="122")
    assert not outcome.proven and "time limit of 60 s" in outcome.stopped and outcome.first == "122"
    puzzle = puzzle_spec.build()
    check_covers(outcome.tree, puzzle.game, puzzle.answers)
    assert outcome.total >= outcome.openers[0].value  # the fallback bounds the proven value from above


def test_one_check_says_which_puzzles_the_exact_solver_takes():
    """The solver and the analysis ask one question (search.exact_problem): a weighted world, a
    lying host or strict mode is refused in one line, never solved as if its answers were alike."""
    from wordguess.analysis import exact_supported
    from wordguess.optimal.total.search import exact_problem

    closed = PuzzleSpec(get_game("wordle")).build()
    assert exact_problem(closed) is None and exact_supported(closed)
    refused = {"open": PuzzleSpec(get_game("wordle"), world="open").build(),
               "lies": PuzzleSpec(get_game("fibble")).build(),
               "strict": PuzzleSpec(get_game("wordle"), mode="strict").build()}
    for name, puzzle in refused.items():
        problem = exact_problem(puzzle)
        assert problem and "\n" not in problem and not exact_supported(puzzle), name
        with pytest.raises(WordguessError, match="the exact search does not take this puzzle"):
            ExactSolver(puzzle, 6)


@pytest.mark.parametrize(("name", "options"), [("wordle", {"length": 7}), ("wordle", {"length": 8}),
                                               ("wordle", {"length": 9}), ("nerdle", {})])
def test_the_exact_search_takes_a_puzzle_that_a_players_game_plays_by_rows(name, options):
    """Wordle of 7 to 9 letters and classic Nerdle are played by rows (their matrices are over
    FOCUS_BYTES), yet their closed worlds have proven optima (docs/results.md: PANTRIES 29,118;
    52-34=18 53,540): the exact search takes them, on their whole matrix, which fits the
    machine's limit. The check itself makes no matrix; the analysis of a player's game still
    estimates them until the matrix is made (Puzzle.make_matrix)."""
    from wordguess.analysis import exact_supported
    from wordguess.optimal.total.search import exact_problem

    puzzle = PuzzleSpec(get_game(name, **options)).build()
    assert exact_problem(puzzle) is None and puzzle.by_rows and not exact_supported(puzzle)
    assert "matrix" not in puzzle.__dict__ and puzzle.matrix_fits


def test_a_puzzle_played_by_rows_is_searched_on_its_whole_matrix(monkeypatch):
    """Over FOCUS_BYTES (set low here) a puzzle is played by rows; the solver makes its whole
    matrix and proves the same values as on a puzzle whose matrix was made at once."""
    from wordguess.engine import puzzle as module

    words = WORDLE_SMALL[:40]
    made = Puzzle(get_game("wordle"), words, words, store=None)
    expected = {w: ExactSolver(made, 6).opener(w).value for w in words[:5]}
    monkeypatch.setattr(module, "FOCUS_BYTES", 20 * 20)
    rows = Puzzle(get_game("wordle"), words, words, store=None)
    assert rows.by_rows
    assert {w: ExactSolver(rows, 6).opener(w).value for w in words[:5]} == expected
    assert not rows.by_rows  # its matrix is made now


def test_optimal_searches_a_game_played_by_rows(tmp_path, monkeypatch):
    """`optimal` on a puzzle a player's game plays by rows (its workers build it afresh) gives
    the total it gives when the matrix is small enough to be made at once (docs/results.md:
    `optimal --length 8`, `optimal --game nerdle`)."""
    from wordguess.engine import puzzle as module

    answers = tmp_path / "a.txt"
    answers.write_text("\n".join(WORDLE_SMALL[:60]))
    args = ["optimal", "--answers", str(answers), "--guesses", str(answers), "--first", "crate", "--no-store", "--json"]
    with monkeypatch.context() as patch:  # first: the puzzle and its solver are then kept
        patch.setattr(module, "FOCUS_BYTES", 30 * 30)
        rows = runner.invoke(app, args)
    whole = runner.invoke(app, args)
    assert whole.exit_code == 0 and rows.exit_code == 0, rows.output
    assert json.loads(rows.stdout)["total"] == json.loads(whole.stdout)["total"]
    assert json.loads(rows.stdout)["proven"]


def test_a_matrix_over_the_stores_limit_is_refused_in_one_line():
    """A puzzle whose matrix is over its store's limit (a server's 256 MB; 8-letter Sutom's
    5.4 GB on any machine) is refused before anything is made, saying the size and the limit."""
    from wordguess.engine.patterns import PatternStore
    from wordguess.optimal.total.search import exact_problem

    puzzle = PuzzleSpec(get_game("wordle", length=8)).build(PatternStore(None, max_bytes=256 << 20))
    assert exact_problem(puzzle) == ("its pattern matrix (17,350 guesses x 10,137 answers) would take 335 MB, "
                                     "over the limit of 256 MB")
    with pytest.raises(WordguessError, match="the exact search does not take this puzzle"):
        ExactSolver(puzzle, 6)
    assert "matrix" not in puzzle.__dict__
    result = runner.invoke(app, ["optimal", "--game", "sutom", "--length", "8", "--no-store"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert re.fullmatch(r"error: the exact search does not take this puzzle: its pattern matrix \(53,300 guesses "
                        r"x 53,300 answers\) would take 5,419 MB, over the limit of [\d,]+ MB\n", result.stderr)



def test_no_tree_within_the_limit_is_a_proven_result_not_an_error(tmp_path):
    """Hard mode's RAISE has no tree within 6 guesses: JSON saying so, proven, exit 0."""
    from typer.testing import CliRunner

    from wordguess.cli import app

    store = str(tmp_path / "s.sqlite")
    result = CliRunner().invoke(app, ["optimal", "--first", "raise", "--mode", "hard", "--store", store, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["feasible"] is False and data["proven"] is True and data["total"] is None
    text = CliRunner().invoke(app, ["optimal", "--first", "raise", "--mode", "hard", "--store", store])
    assert text.exit_code == 0 and "no tree within 6 guesses opens with RAISE: proven" in text.stdout


@pytest.mark.parametrize("mode", ["normal", "hard"])
@pytest.mark.parametrize("seed", range(8))
def test_settled_values_against_the_exhaustive_oracle(mode, seed):
    """A bucket's settled value (optimal.total.settled) is the least total over every tree of
    its secrets from the position reached (hard mode: the guesses the clues still allow), divided
    by its size: checked against the exhaustive oracle, for every guess and reply after a first
    turn."""
    from wordguess.optimal.total.settled import SettledValues

    rng = random.Random(seed * 7 + len(mode))
    puzzle = small_puzzle(rng, "wordle", {}, "abcdef", 5, mode)
    game = puzzle.game
    buckets_of, allowed_after = twin_rules(game, list(puzzle.answers), list(puzzle.guesses), mode)
    settled = SettledValues.for_puzzle(puzzle)
    first = rng.choice(list(puzzle.guesses))
    reply = game.feedback(first, rng.choice(list(puzzle.answers)))
    history = [(first, reply)]
    before = allowed_after(tuple(puzzle.guesses), first, reply)
    secrets = [s for s in puzzle.answers if game.feedback(first, s) == reply]
    checked = 0
    for guess in before:
        for r, bucket in buckets_of(guess, secrets).items():
            if r == game.solved_reply or len(bucket) < 2:
                continue
            settled.start()
            ids = np.array(sorted(puzzle.answers.index(s) for s in bucket), dtype=np.int64)
            value = settled.value(puzzle, history, puzzle.guesses.index(guess), r, ids)
            allowed = allowed_after(before, guess, r)
            least = min(oracle(game, bucket, list(allowed), mode).values())
            assert value == pytest.approx(least / len(bucket)), (guess, r, bucket)
            checked += 1
    assert checked or len(secrets) < 3


def test_fewest_guesses_with_settled_values_values_each_opener_by_its_least_total():
    """With every bucket settled, fewest-guesses' value of a guess is its least expected guesses
    (the oracle's total over the secrets), so its one-step choice is an optimal opener."""
    from wordguess.optimal.total.settled import SettledValues
    from wordguess.strategies.base import one_board
    from wordguess.strategies.expected import FewestGuesses

    puzzle = Puzzle(get_game("wordle"), WORDLE_SMALL[:40], WORDLE_SMALL[:60], store=None)
    strategy = FewestGuesses(width=60, settled=SettledValues.for_puzzle(puzzle))
    position = one_board(puzzle, puzzle.all_candidates(), [])
    expected = oracle(puzzle.game, list(puzzle.answers), list(puzzle.guesses))
    guesses = np.arange(len(puzzle.guesses), dtype=np.int64)
    values = strategy.values(puzzle, position, guesses)
    assert values * len(puzzle.answers) == pytest.approx([expected[g] for g in puzzle.guesses])
    assert expected[puzzle.guesses[strategy.choose(puzzle, position)]] == min(expected.values())


def test_settled_values_keep_a_suggestions_node_budget():
    """A suggestion's budget is counted in nodes across its buckets: spent, every further value
    is None (the curve's) until the next suggestion starts; another puzzle gets None."""
    from wordguess.optimal.total.settled import SettledValues

    spec = PuzzleSpec(get_game("mastermind", pegs=4, colours=4))
    puzzle = spec.build()
    every = puzzle.all_candidates()  # (256 codes: 99 nodes)
    settled = SettledValues(puzzle, nodes=50)
    settled.start()
    assert settled.value(puzzle, [], 0, 0, every) is None
    assert settled.value(puzzle, [], 0, 0, every[:3]) is None  # (spent: not even a small one)
    settled.start()
    assert settled.value(puzzle, [], 0, 0, every[:3]) is not None
    roomy = SettledValues(puzzle, nodes=10**6)
    roomy.start()
    assert roomy.value(puzzle, [], 0, 0, every) == pytest.approx(ExactSolver(puzzle).solve(every) / len(every))
    assert roomy.value(spec.build(), [], 0, 0, every) is None
    assert SettledValues.for_puzzle(Puzzle(get_game("wordle"), WORDLE_SMALL[:80], WORDLE_SMALL, store=None,
                                           weights=np.linspace(1, 2, 80))) is None
