"""Put a subtree into a tree file: the tree below one reply to its first guess replaced by the tree
of another file over that reply's secrets (for instance `wordguess optimal --first WORD --out
FILE` over them, with the guesses left as its --max-guesses), the whole checked by the rules over
the tree's own lists (every secret one leaf, every reply on its path true, every guess allowed)
and the subtree's secrets within the guess limit (--max-guesses, default the game's: 6 for
Wordle), then written in the shared tree format.

    python scripts/graft_tree.py TREE REPLY SUBTREE --out OUT [--max-guesses N]

It prints the totals before and after. `wordguess improve --under REPLY` searches such a subtree
itself; this is for one found elsewhere (a longer search of that reply alone, another program).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys

from wordguess.cli.common import tree_list
from wordguess.engine.puzzle import PuzzleSpec
from wordguess.errors import WordguessError
from wordguess.trees.build import check_tree
from wordguess.trees.tree import Node, TreeFile, leaves, total_guesses


def graft(tree_file: str, reply_text: str, subtree_file: str, out: str, limit: int | None = None) -> tuple[int, int]:
    """Write the grafted tree to `out`; return the totals before and after. The subtree's secrets
    must be found within `limit` guesses (None: the game's limit)."""
    whole, part = TreeFile.load(tree_file), TreeFile.load(subtree_file)
    if (whole.game.name, whole.game.options, whole.mode) != (part.game.name, part.game.options, part.mode):
        raise WordguessError(f"{subtree_file} is a tree of another game or mode than {tree_file}")
    root = whole.tree
    reply = whole.game.parse_reply(reply_text)
    if not isinstance(root, Node) or not isinstance(root.branches.get(reply), Node):
        raise WordguessError(f"{tree_file} plays no guess after {reply_text} to its first guess")
    puzzle = PuzzleSpec(whole.game, tree_list(whole.answers, tree_file), tree_list(whole.guesses, tree_file),
                        whole.mode).build()
    grafted = dataclasses.replace(root, branches={**root.branches, reply: part.tree})
    check_tree(grafted, puzzle)
    limit = whole.game.max_guesses if limit is None else limit
    deepest = 1 + max(depth for _, depth in leaves(part.tree))  # the first guess, then the subtree's
    if limit and deepest > limit:
        raise WordguessError(f"the grafted subtree takes {deepest} guesses for some secret, past the limit of {limit}")
    dataclasses.replace(whole, tree=grafted).save(out)
    return total_guesses(root), total_guesses(grafted)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree")
    parser.add_argument("reply", help="the reply to the tree's first guess, in the game's notation (e.g. Y...G)")
    parser.add_argument("subtree", help="a tree file over that reply's secrets")
    parser.add_argument("--out", required=True)
    parser.add_argument("--max-guesses", type=int, default=None,
                        help="the subtree's secrets within this many guesses (default: the game's limit; 0: none)")
    args = parser.parse_args()
    try:
        before, after = graft(args.tree, args.reply, args.subtree, args.out, args.max_guesses)
    except WordguessError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    print(f"{before:,} -> {after:,} guesses in all; wrote {args.out}")


if __name__ == "__main__":
    main()
