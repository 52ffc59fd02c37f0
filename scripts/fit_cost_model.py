#!/usr/bin/env python3
"""Fit the cost curve of the `fewest-guesses` strategy: how many guesses a candidate set still
needs (the final, right one included) as a function of its entropy in bits.

    python scripts/fit_cost_model.py

It builds the greedy entropy tree of Wordle with every one of the 12,972 allowed words an equally
likely secret (normal mode), records for every node of 3 or more candidates log2(n) and the mean
number of guesses its secrets take from that node, averages them in bins of 0.25 bits, makes the
curve non-decreasing, and writes src/wordguess/strategies/data/cost-model.json. (Sets of 1 and 2
candidates are scored exactly by the strategy; the curve starts at (0, 1) and (1, 1.5).)
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from wordguess import PuzzleSpec, get_game
from wordguess.strategies import get_strategy
from wordguess.trees.build import build_tree

OUT = Path(__file__).resolve().parent.parent / "src" / "wordguess" / "strategies" / "data" / "cost-model.json"
BIN = 0.25


def main() -> None:
    puzzle = PuzzleSpec(get_game("wordle"), "wordle-guesses", "wordle-guesses").build()
    tree = build_tree(puzzle, get_strategy("entropy"))
    points: list[tuple[float, float]] = []

    def walk(node) -> tuple[int, int]:
        """Return (secrets below, sum of guesses from this node) and record the node."""
        if isinstance(node, str):
            return 1, 1
        n, total = 0, 0
        for reply, branch in node.branches.items():
            if reply == puzzle.game.solved_reply:
                n, total = n + 1, total + 1
            else:
                k, t = walk(branch)
                n, total = n + k, total + t + k
        if n >= 3:
            points.append((float(np.log2(n)), total / n))
        return n, total

    walk(tree)
    x = np.array([p[0] for p in points])
    y = np.array([p[1] for p in points])
    bins = np.round(x / BIN).astype(int)
    xs, ys = [0.0, 1.0], [1.0, 1.5]
    for b in np.unique(bins):
        xs.append(float(b * BIN))
        ys.append(float(y[bins == b].mean()))
    order = np.argsort(xs, kind="stable")
    xs = [round(xs[i], 4) for i in order]
    ys = list(np.maximum.accumulate([ys[i] for i in order]))
    merged: dict[float, float] = {}
    for a, b in zip(xs, ys, strict=True):
        merged[a] = max(merged.get(a, 0.0), b)
    model = {"bits": list(merged), "guesses": [round(v, 4) for v in merged.values()],
             "fitted_on": f"{len(points)} nodes of the uniform entropy tree over the 12,972 allowed Wordle words"}
    OUT.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(model))


if __name__ == "__main__":
    main()
