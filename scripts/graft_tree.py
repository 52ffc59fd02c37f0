"""Put a subtree into a tree file: the tree below one reply to its first guess replaced by the tree
of another file over that reply's secrets (for instance `wordguess optimal --first WORD --out
FILE` over them, with the guesses left as its --max-guesses), the whole checked by the rules over
the tree's own lists (every secret one leaf, every reply on its path true, every guess allowed)
and the subtree's secrets within the guess limit (--max-guesses, default the game's: 6 for
Wordle), then written in the shared tree format.

    python scripts/graft_tree.py TREE REPLY SUBTREE --out OUT [--max-guesses N]
    python scripts/graft_tree.py TREE --best-of OTHER --out OUT [--max-guesses N]

It prints the totals before and after. `wordguess improve --under REPLY` searches such a subtree
itself; this is for one found elsewhere (a longer search of that reply alone, another program).
With --best-of, OTHER is a whole tree of the same game, lists and first guess (another run's, or
another program's read by import_selby_tree.py): below each first reply the subtree with fewer
guesses is kept (fewer secrets past the limit first; on a tie, TREE's), and each reply where the
two differ is printed with both totals.
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


def tree_spec(tree: TreeFile, path: str) -> PuzzleSpec:
    """Return the puzzle a tree file is over: its game, mode and lists (found beside it too)."""
    return PuzzleSpec(tree.game, tree_list(tree.answers, path), tree_list(tree.guesses, path), tree.mode)


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
    puzzle = tree_spec(whole, tree_file).build()
    grafted = dataclasses.replace(root, branches={**root.branches, reply: part.tree})
    check_tree(grafted, puzzle)
    limit = whole.game.max_guesses if limit is None else limit
    deepest = 1 + max(depth for _, depth in leaves(part.tree))  # the first guess, then the subtree's
    if limit and deepest > limit:
        raise WordguessError(f"the grafted subtree takes {deepest} guesses for some secret, past the limit of {limit}")
    dataclasses.replace(whole, tree=grafted).save(out)
    return total_guesses(root), total_guesses(grafted)


def best_of(tree_file: str, other_file: str, out: str, limit: int | None = None) -> tuple[int, int, list]:
    """Write TREE with each first reply's subtree the better of TREE's and OTHER's; return the
    totals before and after and, for each reply where they differ, (reply, TREE's, OTHER's)."""
    whole, other = TreeFile.load(tree_file), TreeFile.load(other_file)
    puzzle = tree_spec(whole, tree_file).build()
    there = [sorted(words) for words in tree_spec(other, other_file).lists()]
    if (whole.game.name, whole.game.options, whole.mode) != (other.game.name, other.game.options, other.mode) or [
            sorted(puzzle.answers), sorted(puzzle.guesses)] != there:
        raise WordguessError(f"{other_file} is a tree of another game, mode or lists than {tree_file}")
    root, theirs = whole.tree, other.tree
    if not (isinstance(root, Node) and isinstance(theirs, Node)) or root.guess != theirs.guess:
        raise WordguessError(f"{other_file} opens with another guess than {tree_file}")
    if set(root.branches) != set(theirs.branches):
        raise WordguessError(f"{other_file} and {tree_file} do not have the same first replies: not the same secrets")
    limit = whole.game.max_guesses if limit is None else limit

    def cost(branch) -> tuple[int, int]:  # (secrets past the limit, guesses after the first)
        depths = [depth for _, depth in leaves(branch)]
        return sum(limit > 0 and 1 + d > limit for d in depths), sum(depths)

    kept, differ = {}, []
    for reply, mine in root.branches.items():
        ours, yours = cost(mine), cost(theirs.branches[reply])
        kept[reply] = theirs.branches[reply] if yours < ours else mine
        if ours != yours:
            differ.append((whole.game.format_reply(reply), ours[1], yours[1]))
    chosen = dataclasses.replace(root, branches=kept)
    check_tree(chosen, puzzle)
    dataclasses.replace(whole, tree=chosen).save(out)
    return total_guesses(root), total_guesses(chosen), differ


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree")
    parser.add_argument("reply", nargs="?", help="the reply to the tree's first guess, in the game's notation (e.g. Y...G)")
    parser.add_argument("subtree", nargs="?", help="a tree file over that reply's secrets")
    parser.add_argument("--best-of", metavar="OTHER",
                        help="a whole tree with the same first guess: keep the better subtree below each first reply")
    parser.add_argument("--out", required=True)
    parser.add_argument("--max-guesses", type=int, default=None,
                        help="the subtree's secrets within this many guesses (default: the game's limit; 0: none)")
    args = parser.parse_args()
    if (args.best_of is None) == (args.reply is None) or (args.reply is None) != (args.subtree is None):
        parser.error("give either REPLY and SUBTREE, or --best-of OTHER")
    try:
        if args.best_of:
            before, after, differ = best_of(args.tree, args.best_of, args.out, args.max_guesses)
            for reply, mine, theirs in differ:
                print(f"{reply}: {mine:,} here, {theirs:,} in {args.best_of} (guesses after the first)")
        else:
            before, after = graft(args.tree, args.reply, args.subtree, args.out, args.max_guesses)
    except WordguessError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    print(f"{before:,} -> {after:,} guesses in all; wrote {args.out}")


if __name__ == "__main__":
    main()
