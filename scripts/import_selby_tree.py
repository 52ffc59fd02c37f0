"""Read a Wordle tree in the text format of Alex Selby's solver (alex1770/wordle, MIT) and write it
in the shared tree format, checked by the rules over the lists given (every secret one leaf,
every reply on its path true, every guess allowed, hard mode's rule where --mode hard).

    python scripts/import_selby_tree.py TREE --answers LIST --guesses LIST [--mode hard] --out OUT

Selby's format: each line a path from the root, `guess REPLYn guess REPLYn ...` with the reply in
B (grey), Y and G and n the number of the guess; a line that starts further right continues the
path of the line above it up to that column; a path ends at the reply GGGGG. Such a tree can
then be edited by `wordguess improve` or compared reply by reply (`graft_tree.py --best-of`).
"""

from __future__ import annotations

import argparse
import re
import sys

from wordguess.engine.puzzle import PuzzleSpec
from wordguess.errors import WordguessError
from wordguess.trees.build import check_tree
from wordguess.trees.tree import Node, TreeFile, total_guesses

REPLY = re.compile(r"([BYG]+)(\d+)$")


def read_paths(lines) -> list[list[tuple[str, str]]]:
    """Return each root-to-leaf path as its (guess, reply) pairs, replies in B/Y/G."""
    paths, current = [], []  # current: (column, token) of the path the last line ended
    for number, line in enumerate(lines, 1):
        tokens = [(m.start(), m.group()) for m in re.finditer(r"\S+", line)]
        if not tokens:
            continue
        current = [t for t in current if t[0] < tokens[0][0]] + tokens
        words = [t for _, t in current]
        steps = list(zip(words[::2], words[1::2], strict=False)) if len(words) % 2 == 0 else []
        if not steps or not all(g.isalpha() and REPLY.match(r) for g, r in steps):
            raise WordguessError(f"line {number} is not a path of guesses and replies: {line.strip()!r}")
        pairs = [(g, REPLY.match(r).group(1)) for g, r in steps]
        if set(pairs[-1][1]) != {"G"}:
            raise WordguessError(f"line {number} does not end with a win: {line.strip()!r}")
        paths.append(pairs)
    return paths


def build(paths: list[list[tuple[str, str]]]):
    """Return the tree as nested dicts {"guess": g, "branches": {reply: dict}} (B/Y/G replies)."""
    root: dict = {}
    for pairs in paths:
        node = root
        for guess, reply in pairs:
            if node.setdefault("guess", guess) != guess:
                raise WordguessError(f"two guesses at one node: {node['guess']} and {guess}")
            branches = node.setdefault("branches", {})
            node = branches.setdefault(reply, {})
    return root


def to_shared(node: dict) -> dict | str:
    """The shared tree format: a reply maps to a node, or to a word guessed next that is the secret."""
    guess, branches = node["guess"], node["branches"]
    won = [r for r in branches if set(r) == {"G"}]
    if won and len(branches) == 1:
        return guess
    table = str.maketrans("BYG", ".YG")
    return {"guess": guess,
            "branches": {r.translate(table): guess if r in won else to_shared(child) for r, child in branches.items()}}


def convert(text_lines, answers: str, guesses: str, mode: str, out: str) -> int:
    """Write the converted tree to `out` after checking it; return its total."""
    doc = {"game": "wordle", "mode": mode, "answers": answers, "guesses": guesses,
           "tree": to_shared(build(read_paths(text_lines)))}
    tree_file = TreeFile.from_json(doc)
    if not isinstance(tree_file.tree, Node):
        raise WordguessError("the tree has no first guess")
    check_tree(tree_file.tree, PuzzleSpec(tree_file.game, answers, guesses, mode).build())
    tree_file.save(out)
    return total_guesses(tree_file.tree)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", help="a tree file of Selby's solver")
    parser.add_argument("--answers", required=True, help="the secrets' list (a bundled name or a file)")
    parser.add_argument("--guesses", required=True, help="the guesses' list")
    parser.add_argument("--mode", default="normal", choices=["normal", "hard"])
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    try:
        with open(args.tree, encoding="ascii") as handle:
            total = convert(handle, args.answers, args.guesses, args.mode, args.out)
    except (OSError, UnicodeDecodeError, WordguessError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    print(f"{total:,} guesses in all; wrote {args.out}")


if __name__ == "__main__":
    main()
