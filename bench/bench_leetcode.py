"""Benchmark of the LeetCode 843 solver (issue: assistant and LeetCode drop-in). Prints JSON.

Generates random statement lists (100 unique 6-letter words, letters uniform over a-z), and for
each plays EVERY secret: the planner's decisions are deterministic, so its plan tree holds every
game, and each secret's guess count is read off the tree. The editorial's minimax solution (the
published approach) is run the same way as a baseline. A sample of lists is also played through
the real `Master` / `Solution` API, to time a game end to end.
"""

from __future__ import annotations

import argparse
import json
import random
import time

import numpy as np

from wordguess.leetcode import Master, Planner, Solution
from wordguess.trees.tree import leaves


def random_list(rng: random.Random, words: int, length: int) -> list[str]:
    """Return a statement list: `words` unique words of random letters."""
    found: set[str] = set()
    while len(found) < words:
        found.add("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(length)))
    return sorted(found)


def editorial_depths(matrix: np.ndarray, length: int) -> list[int]:
    """Return the guesses the editorial's minimax solution takes for each secret (its choice
    depends on the candidates and the guesses already made, so the whole game tree is walked)."""
    n = len(matrix)
    depths = [0] * n

    def choose(possible: np.ndarray, path: set[int]) -> int:
        if len(possible) <= 2:
            return int(possible[0])
        best, best_size = None, len(possible)
        for guess in range(n):
            if guess in path:
                continue
            counts = np.bincount(matrix[guess, possible], minlength=length + 1)
            if guess in possible:
                counts[length] -= 1  # the editorial's groups leave the guess itself out
            if counts.max() < best_size:
                best, best_size = guess, int(counts.max())
        return best

    def walk(possible: np.ndarray, path: set[int], depth: int) -> None:
        guess = choose(possible, path)
        replies = matrix[guess, possible]
        for reply in np.unique(replies):
            bucket = possible[replies == reply]
            if reply == length:
                depths[guess] = depth
            else:
                walk(bucket, path | {guess}, depth + 1)

    walk(np.arange(n), set(), 1)
    return depths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lists", type=int, default=10000)
    parser.add_argument("--baseline-lists", type=int, default=None, help="default: as --lists")
    parser.add_argument("--api-lists", type=int, default=100, help="lists played through Master")
    parser.add_argument("--seed", type=int, default=843)
    parser.add_argument("--words", type=int, default=100)
    parser.add_argument("--length", type=int, default=6)
    parser.add_argument("--allowed", type=int, default=10)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lists = [random_list(rng, args.words, args.length) for _ in range(args.lists)]

    start = time.perf_counter()
    depths: list[int] = []
    for words in lists:
        planner = Planner(words)
        everything = planner.everything()
        by_secret = dict(leaves(planner.tree(everything, args.allowed)))
        assert sorted(by_secret) == words, "every secret is exactly one leaf"
        depths += by_secret.values()
    planned_s = time.perf_counter() - start
    result = {"lists": len(lists), "games": len(depths), "allowed": args.allowed,
              "planner": {"failures": sum(d > args.allowed for d in depths),
                          "mean_guesses": round(float(np.mean(depths)), 4), "worst": max(depths),
                          "seconds": round(planned_s, 2),
                          "ms_per_list": round(1000 * planned_s / len(lists), 3)}}

    baseline_lists = lists[: args.baseline_lists or args.lists]
    start = time.perf_counter()
    base: list[int] = []
    for words in baseline_lists:
        planner = Planner(words)
        base += editorial_depths(planner.matrix, planner.solved)
    result["editorial_minimax"] = {"lists": len(baseline_lists), "games": len(base),
                                   "failures": sum(d > args.allowed for d in base),
                                   "mean_guesses": round(float(np.mean(base)), 4), "worst": max(base),
                                   "seconds": round(time.perf_counter() - start, 2)}

    start = time.perf_counter()
    games = solved = 0
    for words in lists[: args.api_lists]:
        for secret in words:
            master = Master(words, secret, args.allowed)
            Solution().findSecretWord(words, master)
            games += 1
            solved += master.solved
    api_s = time.perf_counter() - start
    result["api"] = {"games": games, "solved": solved, "ms_per_game": round(1000 * api_s / games, 3)}
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
