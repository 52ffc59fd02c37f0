"""Prove and write the optimal SALET trees shipped in src/wordguess/optimal/data/ (normal mode,
and hard mode within six guesses), with their sha256 and totals in trees.json.

    python scripts/build_optimal_trees.py            # both modes; about 15 s each on 2 cores
    python scripts/build_optimal_trees.py --check    # rebuild in memory and compare with the files
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys

from wordguess.engine.puzzle import PuzzleSpec
from wordguess.games import get_game
from wordguess.optimal.tasks import SearchSpec
from wordguess.optimal.total.run import optimal
from wordguess.optimal.total.trees import DATA, MANIFEST, tree_text
from wordguess.trees.tree import TreeFile, tree_size

FIRST = "salet"
MODES = ("normal", "hard")
MAX_GUESSES = 6


def build(mode: str) -> tuple[TreeFile, int]:
    """Return the proven optimal tree of a mode and its total, or exit when it is not proven."""
    game = get_game("wordle")
    spec = PuzzleSpec(game, mode=mode)
    outcome = optimal(SearchSpec(spec, max_guesses=MAX_GUESSES), first=FIRST)
    if not (outcome.proven and outcome.feasible and outcome.tree is not None):
        sys.exit(f"{mode}: the {FIRST} tree was not proven optimal")
    return TreeFile(game, mode, game.default_answers, game.default_guesses, outcome.tree), outcome.total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped files, write nothing")
    args = parser.parse_args()
    manifest = {"first": FIRST, "max_guesses": MAX_GUESSES, "trees": {}}
    for mode in MODES:
        tree, total = build(mode)
        text = tree_text(tree)
        entry = {"file": f"{FIRST}-{mode}.json.gz", "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
                 "first": FIRST, "total": total, "secrets": tree_size(tree.tree), "proven": True}
        manifest["trees"][mode] = entry
        if args.check:
            shipped = json.loads(MANIFEST.read_text(encoding="utf-8"))["trees"][mode]
            print(f"{mode}: total {total}, sha256 {'matches' if shipped == entry else 'DIFFERS'}")
            continue
        # mtime=0: the same tree gives the same bytes
        (DATA / entry["file"]).write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))
        print(f"{mode}: total {total} over {entry['secrets']} secrets -> {entry['file']}")
    if not args.check:
        MANIFEST.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
