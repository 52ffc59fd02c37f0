"""Building guess trees from strategies, and playing a tree as a strategy."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import numpy as np

from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.strategies import Strategy
from wordguess.trees.tree import Node, Tree, follow
from wordguess.vocab import History

Progress = Callable[[int, int], None]  # called with (secrets placed in leaves so far, total)


def clue_puzzles(puzzle: Puzzle) -> list[Puzzle]:
    """Return one puzzle per clue the host reveals before the first guess, each holding the
    secrets that show it and the guesses it allows (Sutom: one per first letter); or [puzzle]
    when the rules already fix everything revealed (most games reveal nothing)."""
    game = puzzle.game
    groups: dict = {}
    for word in puzzle.answers:
        groups.setdefault(game.for_secret(word), []).append(word)
    if list(groups) in ([], [game]):
        return [puzzle]
    return [dataclasses.replace(puzzle, game=rules, answers=words,
                                guesses=[w for w in puzzle.guesses if rules.word_problem(w) is None])
            for rules, words in groups.items()]


def build_tree(puzzle: Puzzle, strategy: Strategy, candidates: np.ndarray | None = None,
               history: History | None = None, progress: Progress | None = None) -> Tree:
    """Return the tree of the strategy's play over `candidates` (default: every answer)."""
    candidates = puzzle.all_candidates() if candidates is None else candidates
    total = len(candidates)
    placed = 0

    def grow(candidates: np.ndarray, history: History) -> Tree:
        nonlocal placed
        if len(candidates) == 1:
            placed += 1
            if progress:
                progress(placed, total)
            return puzzle.answers[candidates[0]]
        guess = strategy.choose(puzzle, candidates, history)
        word = puzzle.guesses[guess]
        replies = puzzle.matrix[guess, candidates]
        branches: dict[int, Tree] = {}
        for reply in np.unique(replies):
            reply = int(reply)
            bucket = candidates[replies == reply]
            if reply == puzzle.game.solved_reply:
                placed += 1
                branches[reply] = word
            elif len(bucket) == len(candidates):
                raise WordguessError(f"{strategy.name} played {word!r}, which does not split "
                                     f"{len(candidates)} candidates")
            else:
                branches[reply] = grow(bucket, [*history, (word, reply)])
        return Node(word, len(candidates), branches)

    return grow(candidates, list(history or []))


@dataclasses.dataclass
class TreeStrategy:
    """Play a guess tree: the guess at the node the history leads to."""

    tree: Tree  # the tree to follow
    name: str = "tree"

    def choose(self, puzzle: Puzzle, candidates: np.ndarray, history: History) -> int:
        node = follow(self.tree, puzzle.game, history)
        return puzzle.index_of(node if isinstance(node, str) else node.guess)
