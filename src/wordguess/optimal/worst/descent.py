"""A tree within d guesses over a large candidate set, grown by descent instead of proven first.

The proof-first growth (`FeasibilitySearch.tree`) plays at each node a guess whose every bucket
the kernel has proven to fit. Over thousands of secrets that proof is most of the work, and the
kernel, trying guesses smallest largest bucket first, can spend hours on a set that the first
guesses the estimate likes finish easily: in hard mode a reply that fixes few letters leaves the
later guesses free, and the kernel's order does not see it.

The descent builds the tree instead of proving it. At a set of more than FLOOR secrets it looks
at the guesses in the fewest-guesses estimate's order: a guess one of whose buckets the kernel
refutes within QUICK_NODES nodes is dropped, and the first VIABLE others are descended into,
those whose quick looks left the fewest secrets unsettled first; a guess whose every bucket gets
a subtree is played. Sets of FLOOR secrets or fewer are settled by the exact search and grown by
the proof-first growth. A tree the descent returns is valid (every bucket's subtree fits within
the guesses left); None proves nothing, since only some guesses were tried.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from wordguess.optimal.total import kernel
from wordguess.strategies.expected import cost_curve
from wordguess.strategies.scoring import expected_guesses
from wordguess.trees.build import make_node
from wordguess.trees.tree import Tree
from wordguess.vocab import Progress

FLOOR = 120  # sets of more secrets are grown by descent; smaller ones are proven first
QUICK_NODES = 2_000  # the nodes of a bucket's quick look (proven to have no tree: the guess is dropped)
SETTLE_NODES = 200_000  # then 10x: the nodes a set of FLOOR secrets or fewer gets to be settled
SCAN = 400  # the guesses looked at, in the estimate's order
VIABLE = 8  # the guesses descended into

State = tuple[np.ndarray, int]
# fits(secrets, state, depth, budget): True/False proven, None when `budget` nodes do not settle it
Fits = Callable[[np.ndarray, State, int, int], "bool | None"]
# grow(secrets, state, depth): the proof-first growth of a set proven to fit
Grow = Callable[[np.ndarray, State, int], Tree]


def descend(solver, fits: Fits, grow: Grow, secrets: np.ndarray, state: State, depth: int,
            first: int | None = None, progress: Progress | None = None) -> Tree | None:
    """Return a tree that finishes the secrets within `depth` guesses from `state`, found by
    descent (see the module), or None when the guesses tried found none (`first`: the root's
    guess). `solver` is the ExactSolver whose puzzle and states these are; `fits` and `grow`
    are the feasibility search's (they raise SearchStopped at the run's limits, which stops the
    descent too). `progress` is told the most secrets placed under one guess at the root."""
    puzzle = solver.puzzle
    solved, (cost_x, cost_y) = puzzle.game.solved_reply, cost_curve()
    failed: set[tuple[bytes, int, int]] = set()  # sets no guess tried could finish
    placed = 0  # the most secrets placed under one root guess so far

    def told(count: int, total: int) -> None:
        nonlocal placed
        if progress is not None and count > placed:
            placed = count
            progress(count, total)

    def below(secrets: np.ndarray, state: State, depth: int) -> Tree | None:
        secrets = np.sort(np.asarray(secrets, dtype=np.int32))
        n = len(secrets)
        if n == 1:
            return puzzle.answers[int(secrets[0])]
        if depth < 2:
            return None
        key = (secrets.tobytes(), int(state[1]), depth)
        if key in failed:
            return None
        tree = None
        if n <= FLOOR:
            verdict = fits(secrets, state, depth, SETTLE_NODES)
            if verdict is None:
                verdict = fits(secrets, state, depth, SETTLE_NODES * 10)
            tree = grow(secrets, state, depth) if verdict else None
        elif fits(secrets, state, depth, QUICK_NODES) is not False:
            tree = split(secrets, state, depth)
        if tree is None:
            failed.add(key)
        return tree

    def split(secrets: np.ndarray, state: State, depth: int, root: bool = False) -> Tree | None:
        """Return a node over the secrets, playing the first viable guess whose buckets all grow."""
        allowed, child = state[0], int(kernel.child_depth(depth))
        if root and first is not None:
            order = [first]
        else:
            scores = expected_guesses(puzzle, allowed, secrets, cost_x, cost_y, child)
            order = [int(allowed[i]) for i in np.argsort(scores, kind="stable")[:SCAN]]
        viable = []  # (secrets left unsettled by the quick looks, rank, guess, buckets)
        for rank, guess in enumerate(order):
            buckets = sorted(((r, b) for r, b in puzzle.buckets(guess, secrets) if r != solved), key=lambda rb: len(rb[1]))
            if any(len(b) == len(secrets) for _, b in buckets):
                continue
            unsettled = 0
            for reply, bucket in buckets:
                verdict = fits(bucket, solver.child_state(*state, guess, reply), child, QUICK_NODES)
                if verdict is False:
                    break
                unsettled += len(bucket) if verdict is None else 0
            else:
                viable.append((unsettled, rank, guess, buckets))
                if unsettled == 0 or len(viable) >= VIABLE:
                    break
        for _, _, guess, buckets in sorted(viable, key=lambda v: v[:2]):
            subtrees, count = {}, len(secrets) - sum(len(b) for _, b in buckets)  # (the guess itself)
            for reply, bucket in buckets:
                subtree = below(bucket, solver.child_state(*state, guess, reply), child)
                if subtree is None:
                    break
                subtrees[reply], count = subtree, count + len(bucket)
                if root:
                    told(count, len(secrets))
            else:
                return make_node(puzzle, guess, secrets, lambda reply, bucket, subtrees=subtrees: subtrees[reply])
        return None

    secrets = np.sort(np.asarray(secrets, dtype=np.int32))
    if len(secrets) <= FLOOR or depth < 2 or fits(secrets, state, depth, QUICK_NODES) is False:
        return None
    return split(secrets, state, depth, root=True)
