"""A tree within d guesses, grown on the feasibility search (`FeasibilitySearch.tree`).

Proof first: at each node, the first guess, in the order the fewest-guesses one-step estimate
likes best, whose every bucket the kernel proves fits in one guess fewer. A guess whose proof is
not done within TRY_NODES nodes a bucket is passed over, and those passed over are tried again
with eight times the nodes when no other fits, so that a guess hard to settle does not hold up
one that is easy. This is complete: None means no tree exists.

By descent, over a large set. Over thousands of secrets the proof is most of the work, and the
kernel, which tries guesses smallest largest bucket first, can take hours on a set that the
estimate's favourite guesses finish at once: in hard mode a reply that fixes few letters leaves
the later guesses free, and the kernel's order does not see it. So a set of more than FLOOR
secrets is first grown by descent, the tree built rather than proven first: of the first SCAN
guesses in the estimate's order, one of whose buckets the kernel refutes within QUICK_NODES
nodes is dropped, the first VIABLE others are descended into (those whose quick looks left the
fewest secrets unsettled first), each bucket in turn, and the first guess all of whose buckets
get a subtree is played. A set the kernel settles within SETTLE_NODES (FLOOR secrets or fewer:
ten times as many again) is grown proof first. The tree the descent returns is valid by
construction; when it returns none, which proves nothing, the proof-first growth decides.
"""

from __future__ import annotations

import time

import numpy as np

from wordguess.optimal.total import kernel
from wordguess.optimal.total.search import SearchStopped
from wordguess.strategies.expected import cost_curve
from wordguess.strategies.scoring import expected_guesses
from wordguess.trees.build import grow_tree, make_node
from wordguess.trees.tree import Tree
from wordguess.vocab import Progress

TRY_NODES = 2_000  # proof first: the nodes a bucket of a guess gets at first (then 8x, 64x, ...)
FLOOR = 120  # sets of more secrets are grown by descent first
QUICK_NODES = 2_000  # the descent's quick look at a bucket (proven to have no tree: the guess is dropped)
SETTLE_NODES = 200_000  # the nodes in which a set of FLOOR or fewer is settled by the kernel (then 10x)
SCAN = 400  # the guesses the descent looks at, in the estimate's order
VIABLE = 8  # the guesses it descends into

State = tuple[np.ndarray, int]  # the allowed guesses and their memo hash


class Growth:
    """One call of FeasibilitySearch.tree: its search, node budget (`nodes`, None: none) and
    the clock and node count it started at."""

    def __init__(self, search, nodes: int | None):
        self.search, self.solver, self.puzzle = search, search.solver, search.solver.puzzle
        self.nodes, self.started, self.start_nodes = nodes, time.monotonic(), search.nodes
        self.solved, self.cost = self.puzzle.game.solved_reply, cost_curve()
        self.failed: set[tuple[bytes, int, int]] = set()  # sets the descent found no tree for

    def grow(self, secrets: np.ndarray, state: State, depth: int, first: int | None = None,
             progress: Progress | None = None) -> Tree | None:
        """Return a tree finishing the secrets within `depth` guesses, or None when none does
        (`first`: this guess at the root of two or more, None when it does not fit)."""
        secrets = np.sort(np.asarray(secrets, dtype=np.int32))
        if first is not None and len(secrets) > FLOOR and depth > 2:  # each bucket a set of its own
            return self.opening(secrets, state, depth, first, progress)
        if len(secrets) > FLOOR and depth > 2:
            found = self.settled(secrets, state, depth, progress)
            if found is False:  # proven: the kernel settled it
                return None
            if found is not None:
                return found
        if first is None and len(secrets) > 2 and depth > 2:
            first = self.pick(secrets, state, depth)  # the whole set, guess by guess
            if first is None:
                return None
        elif first is None and not self.fits(secrets, state, depth, None):
            return None
        elif first is not None and len(secrets) > 1 and not (depth >= 2 and self.splits(first, secrets, state, depth, None)):
            return None
        return self.proven(secrets, state, depth, first, progress)

    # --- proof first ----------------------------------------------------------------------
    def fits(self, secrets: np.ndarray, state: State, depth: int, budget: int | None) -> bool | None:
        """Return whether the secrets fit; None when `budget` nodes more do not settle it."""
        if len(secrets) <= 1:
            return True
        search, nodes, start = self.search, self.nodes, self.start_nodes
        most = nodes
        if budget is not None:
            most = search.nodes - start + budget if nodes is None else min(nodes, search.nodes - start + budget)
        try:
            return search.within(secrets, state, depth, self.started, start, most)
        except SearchStopped:
            if budget is None or (nodes is not None and search.nodes - start > nodes):
                raise
            self.solver._check_limits(self.started, start, search.nodes)  # the run's own limits: stop
            return None

    def splits(self, guess: int, secrets: np.ndarray, state: State, depth: int, budget: int | None) -> bool | None:
        """Return whether the guess's every bucket fits; None when the budget leaves one open."""
        child, undecided = int(kernel.child_depth(depth)), False
        for reply, bucket in self.puzzle.buckets(guess, secrets):
            if reply != self.solved:
                verdict = len(bucket) < len(secrets) and self.fits(bucket, self.solver.child_state(*state, guess, reply),
                                                                   child, budget)
                if verdict is False:
                    return False
                undecided = undecided or verdict is None
        return None if undecided else True

    def order(self, secrets: np.ndarray, state: State, depth: int) -> list[int]:
        """Return the allowed guesses, the estimate's favourite first."""
        allowed = state[0]
        scores = expected_guesses(self.puzzle, allowed, secrets, *self.cost, int(kernel.child_depth(depth)))
        return [int(allowed[i]) for i in np.argsort(scores, kind="stable")]

    def pick(self, secrets: np.ndarray, state: State, depth: int) -> int | None:
        """Return the first guess, in the estimate's order, whose buckets all fit (None: none)."""
        order, budget = self.order(secrets, state, depth), TRY_NODES
        while order:
            left = []
            for guess in order:
                verdict = self.splits(guess, secrets, state, depth, budget)
                if verdict:
                    return guess
                if verdict is None:
                    left.append(guess)
            order, budget = left, budget * 8
        return None

    def proven(self, secrets: np.ndarray, state: State, depth: int, first: int | None = None,
               progress: Progress | None = None) -> Tree:
        """Return the proof-first growth of a set proven to fit (opening with `first`)."""
        root = (state, depth)

        def choose(secrets: np.ndarray, node: tuple) -> int:
            if node is root and first is not None:
                return first
            if len(secrets) <= 2:
                return int(self.puzzle.guess_of_answer[secrets[0]])
            guess = self.pick(secrets, *node)
            assert guess is not None, "the set fits, so some guess's buckets all fit"
            return guess

        return grow_tree(self.puzzle, secrets, root, choose, lambda node, guess, reply: (
            self.solver.child_state(*node[0], guess, reply), int(kernel.child_depth(node[1]))), progress)

    def opening(self, secrets: np.ndarray, state: State, depth: int, first: int, progress: Progress | None) -> Tree | None:
        """Return the tree that plays `first` over the secrets and grows each bucket as a set of
        its own, smallest first (None when one has none)."""
        subtrees, placed = {}, 0
        for reply, bucket in sorted(self.puzzle.buckets(first, secrets), key=lambda rb: len(rb[1])):
            if reply != self.solved:
                if len(bucket) == len(secrets):
                    return None
                subtrees[reply] = self.grow(bucket, self.solver.child_state(*state, first, reply),
                                            int(kernel.child_depth(depth)))
                if subtrees[reply] is None:
                    return None
            placed += len(bucket)
            if progress is not None:
                progress(placed, len(secrets))
        return make_node(self.puzzle, first, secrets, lambda reply, bucket: subtrees[reply])

    # --- by descent -----------------------------------------------------------------------
    def settled(self, secrets: np.ndarray, state: State, depth: int,
                progress: Progress | None = None) -> Tree | bool | None:
        """Return a tree over the secrets: proof first when the kernel settles them within a
        few nodes, else by descent; False when the kernel proves none fits, None when it does
        not settle them and the descent finds none."""
        if len(secrets) <= FLOOR:
            verdict = self.fits(secrets, state, depth, SETTLE_NODES)
            if verdict is None:
                verdict = self.fits(secrets, state, depth, SETTLE_NODES * 10)
        else:
            verdict = self.fits(secrets, state, depth, SETTLE_NODES // 10)
            if verdict is None:
                return self.descend(secrets, state, depth, progress)
        return self.proven(secrets, state, depth) if verdict else verdict

    def below(self, secrets: np.ndarray, state: State, depth: int) -> Tree | None:
        """Return the descent's subtree of a bucket (None: none found)."""
        secrets = np.sort(np.asarray(secrets, dtype=np.int32))
        if len(secrets) == 1:
            return self.puzzle.answers[int(secrets[0])]
        key = (secrets.tobytes(), int(state[1]), depth)
        if depth < 2 or key in self.failed:
            return None
        tree = self.settled(secrets, state, depth)
        if tree is None or tree is False:
            self.failed.add(key)
            return None
        return tree

    def descend(self, secrets: np.ndarray, state: State, depth: int, progress: Progress | None) -> Tree | None:
        """Return a node over the secrets playing the first viable guess whose buckets all grow
        (`progress`: told the most secrets placed under one guess)."""
        child, viable, placed = int(kernel.child_depth(depth)), [], 0
        for rank, guess in enumerate(self.order(secrets, state, depth)[:SCAN]):
            buckets = sorted(((r, b) for r, b in self.puzzle.buckets(guess, secrets) if r != self.solved),
                             key=lambda rb: len(rb[1]))
            if any(len(b) == len(secrets) for _, b in buckets):
                continue
            unsettled = 0
            for reply, bucket in buckets:
                verdict = self.fits(bucket, self.solver.child_state(*state, guess, reply), child, QUICK_NODES)
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
                subtree = self.below(bucket, self.solver.child_state(*state, guess, reply), child)
                if subtree is None:
                    break
                subtrees[reply], count = subtree, count + len(bucket)
                if progress is not None and count > placed:
                    placed = count
                    progress(count, len(secrets))
            else:
                return make_node(self.puzzle, guess, secrets, lambda reply, bucket, subtrees=subtrees: subtrees[reply])
        return None
