"""Letter-count heuristics from the Termo and Sutom notebooks."""

from __future__ import annotations

import dataclasses

import numpy as np

from wordguess.engine.puzzle import Puzzle
from wordguess.strategies.base import (
    Strategy,
    letter_table,
    pick_best,
    trivial_first,
    useful,
)
from wordguess.vocab import Position


@dataclasses.dataclass
class LetterFrequency(Strategy):
    """The Termo notebook's heuristic: rank letters by how often they occur among the
    candidates, skipping letters already played, and guess the word whose distinct letters
    have the highest total frequency."""

    name: str = "letter-frequency"

    @trivial_first
    def choose(self, puzzle: Puzzle, position: Position) -> int:
        candidates, history = position.candidates, position.history
        alphabet = puzzle.game.alphabet
        guess_ids = useful(puzzle, puzzle.allowed(candidates, history), candidates)
        letters = letter_table(puzzle, puzzle.guess_of_answer[candidates])
        weight = np.bincount(letters.ravel(), minlength=len(alphabet)).astype(np.float64)
        for guess, _ in history:
            for ch in set(puzzle.game.fold(guess)):
                weight[alphabet.index(ch)] = 0.0
        presence = np.zeros((len(guess_ids), len(alphabet)), dtype=bool)
        rows = letter_table(puzzle, guess_ids)
        presence[np.arange(len(guess_ids))[:, None], rows] = True
        return pick_best(puzzle, guess_ids, -(presence @ weight), candidates)


@dataclasses.dataclass
class Positional(Strategy):
    """The Sutom notes' heuristic: for each letter of a guess at its position, the expected
    number of candidates it eliminates, summed over outcomes weighted by their probability:
      right place (p_g): eliminates the candidates without that letter there, n(1 - p_g)
      elsewhere   (p_e): eliminates those with it there or without it at all, n(p_g + p_a)
      absent      (p_a): eliminates those containing it, n(1 - p_a)
    summed over the guess's letters; the guess with the largest total is played."""

    name: str = "positional"

    @trivial_first
    def choose(self, puzzle: Puzzle, position: Position) -> int:
        candidates, history = position.candidates, position.history
        size = len(puzzle.game.alphabet)
        n = len(candidates)
        letters = letter_table(puzzle, puzzle.guess_of_answer[candidates])
        length = letters.shape[1]
        at = np.stack([np.bincount(letters[:, k], minlength=size) for k in range(length)]) / n
        contains = np.zeros((n, size), dtype=bool)
        contains[np.arange(n)[:, None], letters] = True
        p_in = contains.mean(axis=0)
        p_g, p_a = at, 1.0 - p_in[None, :]
        p_e = 1.0 - p_g - p_a
        table = n * (p_g * (1 - p_g) + p_e * (p_g + p_a) + p_a * (1 - p_a))  # (length, letters)
        guess_ids = useful(puzzle, puzzle.allowed(candidates, history), candidates)
        rows = letter_table(puzzle, guess_ids)
        gain = table[np.arange(length)[None, :], rows].sum(axis=1)
        return pick_best(puzzle, guess_ids, -gain, candidates)
