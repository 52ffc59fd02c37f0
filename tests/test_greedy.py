"""The greedy tree's total (optimal/total/greedy.py), the analysis's upper bound where the exact search
has no time: it equals a slow twin built from the rules' own feedback, every secret's path in
that tree is within the limit, and it is never below the proven optimum."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import SMALL_LISTS, WORDLE_SMALL, small_puzzle
from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.games import get_game
from wordguess.optimal.total import greedy, kernel
from wordguess.optimal.total.kernel import INF, UNLIMITED
from wordguess.optimal.total.search import ExactSolver

WORDLE = get_game("wordle")


def twin(puzzle: Puzzle, S: list[int], wide: list[int], every: list[int], depth: int, pool=()) -> tuple[int, dict]:
    """The same greedy rule written out with the game's feedback: (total, secret -> guesses it
    took), or (-1, {}) when a secret needs more than `depth` guesses."""
    game, words = puzzle.game, puzzle.answers

    def parts(g: int, subset: list[int]) -> int:
        return len({game.feedback(puzzle.guesses[g], words[s]) for s in subset})

    n = len(S)
    if n == 0:
        return 0, {}
    if depth < 1 or (depth == 1 and n > 1):
        return -1, {}
    if n == 1:
        return 1, {S[0]: 1}
    if n == 2:
        return (3, {S[0]: 1, S[1]: 2}) if depth >= 2 else (-1, {})
    if wide and n >= greedy.RESCAN:
        scores = [parts(g, S) for g in wide]
        pool = [wide[i] for i in sorted(range(len(wide)), key=lambda i: -scores[i])][: greedy.POOL]
    tried = [int(puzzle.guess_of_answer[s]) for s in S] + list(pool)
    if every and depth <= greedy.TIGHT and n < greedy.RESCAN:
        tried += every
    best, best_parts = -1, 0
    for g in tried:  # the first of the most parts, once a whole split is found nothing beats it
        p = parts(g, S)
        if p > best_parts:
            best, best_parts = g, p
    groups: dict[int, list[int]] = {}
    for s in S:
        groups.setdefault(game.feedback(puzzle.guesses[best], words[s]), []).append(s)
    total, paths = n, {}
    for reply, group in groups.items():
        if reply == game.solved_reply:
            paths[group[0]] = 1
            continue
        sub, sub_paths = twin(puzzle, group, wide, every, depth - 1, pool)
        if sub < 0:
            return -1, {}
        total += sub
        paths.update({s: k + 1 for s, k in sub_paths.items()})
    return total, paths


def fast(puzzle: Puzzle, S: list[int], wide: list[int], every: list[int], depth: int) -> int:
    return int(greedy.greedy_total(puzzle.matrix, puzzle.guess_of_answer, np.array(sorted(S), dtype=np.int64),
                                   np.array(wide, dtype=np.int64), np.array(every, dtype=np.int32),
                                   puzzle.game.n_replies, puzzle.game.solved_reply, depth))


@pytest.mark.parametrize("depth", [2, 3, 4, 6, UNLIMITED])
def test_the_greedy_total_equals_its_slow_twin_and_its_tree_keeps_the_limit(depth):
    puzzle = Puzzle(WORDLE, WORDLE_SMALL[:120], WORDLE_SMALL)
    rng = np.random.default_rng(depth)
    wide = [int(g) for g in rng.permutation(len(puzzle.guesses))[:60]]
    every = list(range(len(puzzle.guesses)))
    for size in (3, 7, 15, 16, 40, 120):
        S = sorted(int(s) for s in rng.choice(len(puzzle.answers), size=size, replace=False))
        for w, e in ((wide, every), ([], [])):
            expected, paths = twin(puzzle, S, w, e, depth)
            assert fast(puzzle, S, w, e, depth) == expected, (size, depth, bool(w))
            if expected >= 0:
                assert sorted(paths) == S and sum(paths.values()) == expected
                assert max(paths.values()) <= depth


def has_mode(name: str, mode: str) -> bool:
    try:
        small_puzzle(name, mode)
    except WordguessError:
        return False
    return True


@pytest.mark.parametrize(("name", "mode"), [(name, mode) for name in sorted(SMALL_LISTS) for mode in ("normal", "hard")
                                            if has_mode(name, mode)])
def test_the_greedy_total_is_never_below_the_optimum(name, mode):
    puzzle = small_puzzle(name, mode)
    solver = ExactSolver(puzzle, puzzle.game.max_guesses)
    # A symmetric game's solver tries one guess per symmetry class of the whole list: it solves
    # the whole list only. Elsewhere, subsets too, every guess allowed.
    symmetric = bool(solver.ctx.params[kernel.SYMMETRY])
    every = solver.all_guesses
    state = (every, int(kernel.allowed_hash_of(solver.ctx, every)) if mode == "hard" else 0)
    rng = np.random.default_rng(7)
    for size in (len(puzzle.answers),) if symmetric else (3, 6, 12, len(puzzle.answers)):
        S = np.sort(rng.choice(len(puzzle.answers), size=min(size, len(puzzle.answers)), replace=False))
        optimum = solver.solve(S.astype(np.int32), None if symmetric else state)
        bound = solver.upper_total(S)
        if bound is not None:
            assert optimum < INF and bound >= optimum, (name, mode, size)
        if optimum >= INF:
            assert bound is None  # no tree within the limit: the greedy one is not either
