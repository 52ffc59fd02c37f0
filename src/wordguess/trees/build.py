"""Building guess trees: the one builder that every tree comes from (a strategy's play, the exact
solver's optimum, the LeetCode planner's plan), and playing a tree as a strategy."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TypeVar

from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.strategies.base import Strategy, one_board
from wordguess.trees.tree import Node, Tree, check_covers, follow
from wordguess.vocab import Candidates, History, Position, Progress, Reply

State = TypeVar("State")  # what a chooser knows at a node besides the candidates (a history, ...)


def make_node(puzzle: Puzzle, guess: int, candidates: Candidates,
              below: Callable[[Reply, Candidates], Tree]) -> Node:
    """Return the node that plays `guess` on the candidates: the solved reply ends at the guess
    itself, and every other reply's bucket gets the subtree below(reply, bucket)."""
    word, solved = puzzle.guesses[guess], puzzle.game.solved_reply
    branches: dict[Reply, Tree] = {}
    for reply, bucket in puzzle.buckets(guess, candidates):
        if reply == solved:
            branches[reply] = word
        elif len(bucket) == len(candidates):
            raise WordguessError(f"{word!r} does not split {len(candidates)} candidates")
        else:
            branches[reply] = below(reply, bucket)
    return Node(word, len(candidates), branches)


def grow_tree(puzzle: Puzzle, candidates: Candidates, state: State,
              choose: Callable[[Candidates, State], int],
              after: Callable[[State, int, Reply], State],
              progress: Progress | None = None) -> Tree:
    """Return the tree over `candidates` in which each node plays choose(candidates, state)
    and each reply's bucket continues with the state after(state, guess, reply); a single
    candidate is a leaf. `progress` is told the secrets placed in leaves so far."""
    total, placed = len(candidates), 0

    def grow(candidates: Candidates, state: State) -> Tree:
        nonlocal placed
        if len(candidates) == 1:
            placed += 1
            if progress:
                progress(placed, total)
            return puzzle.answers[int(candidates[0])]
        guess = choose(candidates, state)
        node = make_node(puzzle, guess, candidates,
                         lambda reply, bucket: grow(bucket, after(state, guess, reply)))
        if puzzle.game.solved_reply in node.branches:
            placed += 1
        return node

    return grow(candidates, state)


def build_tree(puzzle: Puzzle, strategy: Strategy, candidates: Candidates | None = None,
               history: History | None = None, progress: Progress | None = None) -> Tree:
    """Return the tree of the strategy's play over `candidates` (default: every answer)."""
    candidates = puzzle.all_candidates() if candidates is None else candidates

    def choose(candidates: Candidates, history: History) -> int:
        return strategy.choose(puzzle, one_board(puzzle, candidates, history))

    def after(history: History, guess: int, reply: Reply) -> History:
        return [*history, (puzzle.guesses[guess], reply)]

    try:
        return grow_tree(puzzle, candidates, list(history or []), choose, after, progress)
    except WordguessError as exc:
        raise WordguessError(f"{strategy.name}: {exc}") from None


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
    return [puzzle.restricted(rules, words) for rules, words in groups.items()]


def check_tree(tree: Tree, puzzle: Puzzle) -> None:
    """Raise WordguessError unless the tree can be played on the puzzle as it stands: every
    answer is exactly one leaf, every guess is an allowed guess that the puzzle's mode permits
    after the turns leading to it, and every secret gives the replies on its path (a tree read
    from a file may have been built for other lists, another mode, or edited)."""
    check_covers(tree, puzzle.game, puzzle.answers)
    game = puzzle.game

    def path_text(history: History) -> str:
        return " ".join(f"{game.display(g)}={game.format_reply(r)}" for g, r in history) or "the root"

    def check_guess(word: str, history: History) -> None:
        puzzle.index_of(word)
        problem = puzzle.mode_problem(history, word)
        if problem:
            raise WordguessError(f"the tree does not fit {puzzle.mode} mode: {problem}, after {path_text(history)}")

    def walk(node: Tree, history: History) -> None:
        word = node if isinstance(node, str) else node.guess
        check_guess(word, history)
        if isinstance(node, str):
            wrong = [(g, r) for g, r in history if game.feedback(g, node) != r]
            if wrong:
                raise WordguessError(f"the tree puts {game.display(node)} under {path_text(history)}, but it gives "
                                     f"{game.format_reply(game.feedback(wrong[0][0], node))} to {game.display(wrong[0][0])}")
            return
        for reply, branch in node.branches.items():
            if reply == game.solved_reply:
                walk(node.guess, history)
            else:
                walk(branch, [*history, (node.guess, reply)])

    walk(tree, [])


@dataclasses.dataclass
class TreeStrategy(Strategy):
    """Play a guess tree: the guess at the node the history leads to."""

    tree: Tree  # the tree to follow
    name: str = "tree"

    def choose(self, puzzle: Puzzle, position: Position) -> int:
        node = follow(self.tree, puzzle.game, position.history)
        return puzzle.index_of(node if isinstance(node, str) else node.guess)
