"""Grow a tree that finds every secret within DEPTH guesses, opening with a given guess, by the
feasibility search's growth (`FeasibilitySearch.tree`: each first reply's bucket grown as a set
of its own, a large one by descent first, docs/methods.md), and write it in the shared tree
format for `wordguess evaluate --tree` and `wordguess improve`.

    python scripts/grow_tree.py --answers A --guesses G --mode hard --opener thumb --depth 8 --out thumb8.json

This is the tree `wordguess optimal --objective worst --first W --max-guesses D --out FILE` writes
when the least total within the depth is not searched, without first asking the verdict at every
smaller depth. It is complete: "none" means no tree opening with the guess finds every secret
within the depth. Ctrl-C stops it (nothing is written).
"""

from __future__ import annotations

import argparse
import sys
import time

from wordguess.cli import stop_on_sigterm
from wordguess.engine.puzzle import PuzzleSpec
from wordguess.errors import WordguessError
from wordguess.games import get_game
from wordguess.optimal.tasks import SearchSpec, feasibility_for
from wordguess.trees.build import check_tree
from wordguess.trees.tree import TreeFile, leaves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", required=True)
    parser.add_argument("--guesses", required=True)
    parser.add_argument("--mode", default="normal", choices=["normal", "hard"])
    parser.add_argument("--opener", required=True)
    parser.add_argument("--depth", type=int, required=True, help="the guesses allowed, the opener included")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    stop_on_sigterm()  # a kill stops it as Ctrl-C does
    try:
        if args.depth < 1:
            raise WordguessError(f"--depth must be at least 1, not {args.depth}")
        spec = PuzzleSpec(get_game("wordle"), args.answers, args.guesses, args.mode)
        search = feasibility_for(SearchSpec(spec, None, None))
        solver, puzzle = search.solver, search.solver.puzzle
        opener = puzzle.index_of(args.opener)
    except (OSError, WordguessError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    started = time.monotonic()

    def told(done: int, total: int) -> None:
        print(f"\r{done:,}/{total:,} secrets placed, {time.monotonic() - started:.0f} s", end="", file=sys.stderr, flush=True)

    try:
        tree = search.tree(puzzle.all_candidates(), solver.root_state(), args.depth, first=opener, progress=told)
    except KeyboardInterrupt:
        print("\ninterrupted: nothing written", file=sys.stderr)
        raise SystemExit(130) from None
    seconds = time.monotonic() - started
    print(file=sys.stderr)
    if tree is None:
        print(f"{puzzle.guesses[opener].upper()}: no tree finds every secret within {args.depth} "
              f"({seconds:.0f} s, {search.nodes:,} nodes)")
        return
    check_tree(tree, puzzle)
    depths = [depth for _, depth in leaves(tree)]
    TreeFile(puzzle.game, args.mode, args.answers, args.guesses, tree).save(args.out)
    print(f"{puzzle.guesses[opener].upper()}: every secret within {max(depths)}, {sum(depths):,} guesses in all "
          f"(mean {sum(depths) / len(depths):.4f}); {seconds:.0f} s, {search.nodes:,} nodes; written to {args.out}")


if __name__ == "__main__":
    main()
