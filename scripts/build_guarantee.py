#!/usr/bin/env python3
"""Prove offline that every word of an open world can be found within the game's limit, and ship
the proof: a witness tree (strategies/guard.py), read by the never-lose guard.

    python scripts/build_guarantee.py                     # Wordle's open world (14,855 words)
    python scripts/build_guarantee.py --game termo
    python scripts/build_guarantee.py --openers lants,salet
    python scripts/build_guarantee.py --tree src/wordguess/optimal/data/salet-hard.json.gz   # a proven tree

The openers are tried in the open-world strategy's order (fewest guesses expected under the
prior, without the guard), then the ones given; the first whose every first reply's bucket has a
witness within the guesses left is kept. Where the guided search finds no witness for a first
reply's bucket, a sweep tries the second guesses that break the bucket's largest cluster of words
differing at one place (?ILLS) most, of those that split the bucket most (TRACE .....: LYMPH).
The prior's 13 favourite openers (TARSE, SALET, ...) have no tree at all (docs/open-world.md), so
by default none of the strategy's openers is tried; TRACE is the best by its score that has one.
With `--tree`, the proof is a tree file already made (the shipped optimal SALET tree of hard
mode finds each of the 2,315 answers within 6: the guard plays it where no strategy's opener is
shown safe at run time, so hard mode's closed world never loses a game). The whole tree is then
checked against the rules
(every word found within the limit by following it) before it is written to
src/wordguess/strategies/data/guarantee-<game>-<mode>.json.gz (gzip, mtime 0) and listed with its
sha256 in data/guarantee.json. Deterministic: a rebuild writes the same bytes.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import sys
import time
from pathlib import Path

import numpy as np

from wordguess.strategies.base import one_board

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from wordguess import PuzzleSpec, get_game  # noqa: E402
from wordguess.optimal.worst.exact_guard import neighbour_cores  # noqa: E402
from wordguess.strategies.expected import FewestGuesses  # noqa: E402
from wordguess.strategies.splits import split_stats  # noqa: E402
from wordguess.strategies.witnesses import GUARANTEE_INDEX, Witnesses, path_of  # noqa: E402

DATA = ROOT / "src" / "wordguess" / "strategies" / "data"
# Openers known to have a tree, tried after the strategy's (a game listed here tries none of the
# strategy's unless --top says so).
KNOWN_OPENERS = {"wordle": ("trace", "lants")}


def check(puzzle, nodes: dict[str, str], depth: int) -> int:
    """Return the most guesses any word needs when the tree is followed; raise if a word is not
    found within `depth` or the tree leaves it."""
    game, worst = puzzle.game, 0
    for secret in puzzle.answers:
        history = []
        while True:
            if len(history) >= depth:
                raise SystemExit(f"{secret} is not found within {depth}")
            word = nodes.get(path_of(game, history))
            if word is None:  # a single candidate left: it is the guess
                word = secret
            reply = game.feedback(word, secret)
            history.append((word, reply))
            if game.is_solved(reply):
                break
        worst = max(worst, len(history))
    return worst


def unwitnessed(search: Witnesses, guess: int, bucket: np.ndarray, depth: int, history: list) -> np.ndarray | None:
    """Return a bucket the guess leaves with no witness found within depth - 1 (the largest
    first; the whole set when the guess does not split it), or None when each has one."""
    puzzle = search.puzzle
    word = puzzle.guesses[guess]
    buckets = sorted(((r, b) for r, b in puzzle.buckets(guess, bucket) if r != puzzle.game.solved_reply),
                     key=lambda rb: -len(rb[1]))
    if any(len(b) == len(bucket) for _, b in buckets):
        return bucket
    return next((b for r, b in buckets if not search.within(b, depth - 1, [*history, (word, r)])), None)


def rooted(search: Witnesses, guess: int, bucket: np.ndarray, depth: int, history: list) -> dict[str, str]:
    """Return the witness tree of a bucket rooted at a guess whose buckets each have a witness
    (unwitnessed said so)."""
    puzzle = search.puzzle
    word = puzzle.guesses[guess]
    nodes = {path_of(puzzle.game, history): word}
    for r, b in puzzle.buckets(guess, bucket):
        if r != puzzle.game.solved_reply:
            nodes.update(search.tree(b, depth - 1, [*history, (word, r)]))
    return nodes


def sweep(search: Witnesses, bucket: np.ndarray, depth: int, history: list, tries: int) -> dict[str, str] | None:
    """Return a witness tree for a bucket the guided search found none for, rooted at one of the
    `tries` guesses that leave the fewest of its largest cluster (words that differ in one letter
    at one place) together, most buckets first; None when none of them has a witness for every
    bucket it leaves within depth - 1."""
    puzzle = search.puzzle
    words = [puzzle.answers[int(i)] for i in bucket]
    clusters = neighbour_cores(words, least=())
    if not clusters:
        return None
    cluster = bucket[np.array(clusters[0])]
    allowed = puzzle.allowed(bucket, history)
    parts, largest = split_stats(puzzle, allowed, bucket)
    _, left = split_stats(puzzle, allowed, cluster)
    order = allowed[np.lexsort((allowed, largest, -parts, left))]
    for guess in order[:tries].tolist():
        if unwitnessed(search, guess, bucket, depth, history) is None:
            return rooted(search, guess, bucket, depth, history)
    return None


def follow(search: Witnesses, strategy: FewestGuesses, bucket: np.ndarray, depth: int, history: list,
           scan: int, among: int = 4) -> dict[str, str] | None:
    """Return a witness tree for a bucket rooted at a guess the strategy likes that has a witness
    for every bucket it leaves within depth - 1: of the first `among` such guesses in its order
    (its `scan` best looked at), the one its second look values most, as its own choice is made.
    So where the guard cannot show the strategy's favourites safe at run time, the tree's guess
    is a good safe one (TRACE .....: SPUNK, its 436th, where the search's own witness plays LYMPH,
    its 1,299th); None when none of them is safe. A guess that keeps together a set already
    found without a witness is passed over (it would fail there again)."""
    puzzle = search.puzzle
    strategy.search(puzzle, one_board(puzzle, bucket, history))
    ranking = strategy.ranking(puzzle, one_board(puzzle, bucket, history), scan)[:scan]
    failed: list[np.ndarray] = []
    safe: list[int] = []
    for guess in ranking.tolist():
        if len(safe) >= among:
            break
        if any(split_stats(puzzle, np.array([guess]), f)[0][0] < 2 for f in failed):
            continue
        bad = unwitnessed(search, guess, bucket, depth, history)
        if bad is None:
            safe.append(guess)
        else:
            failed.append(bad)
    if not safe:
        return None
    values = strategy.values(puzzle, one_board(puzzle, bucket, history), np.array(safe, dtype=np.int64))
    return rooted(search, safe[int(np.argmin(values))], bucket, depth, history)  # (the first of equals: the order's)


def tree_nodes(game, node, history: list) -> dict[str, str]:
    """Return a tree file's guesses by the path to them (a leaf, one word left, has none)."""
    if isinstance(node, str):
        return {}
    nodes = {path_of(game, history): node["guess"]}
    for reply, branch in node["branches"].items():
        if reply != game.format_reply(game.solved_reply):
            nodes.update(tree_nodes(game, branch, [*history, (node["guess"], game.parse_reply(reply))]))
    return nodes


def write(game, mode: str, puzzle, nodes: dict[str, str], opener: str, started: float) -> None:
    """Check the tree, write it gzipped (mtime 0) and list it with its sha256 in the index."""
    depth = game.max_guesses
    worst = check(puzzle, nodes, depth)
    data = {"game": game.key, "mode": mode, "depth": depth, "opener": opener, "worst": worst,
            "words": sorted(game.fold(w) for w in puzzle.answers), "nodes": dict(sorted(nodes.items()))}
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as gz:
        gz.write(json.dumps(data, separators=(",", ":")).encode("utf-8"))
    name = f"guarantee-{game.name}-{mode}.json.gz"
    (DATA / name).write_bytes(buffer.getvalue())
    index_path = DATA / GUARANTEE_INDEX
    index = json.loads(index_path.read_text()) if index_path.exists() else {"trees": []}
    entry = {"game": game.key, "mode": mode, "file": name, "words": len(puzzle.answers), "opener": opener,
             "worst": worst, "internal_nodes": len(nodes), "sha256": hashlib.sha256(buffer.getvalue()).hexdigest(),
             "list": puzzle.answers.name}
    index["trees"] = sorted([e for e in index["trees"] if e["file"] != name] + [entry], key=lambda e: e["file"])
    index_path.write_text(json.dumps(index, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(entry), f"{time.time() - started:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="wordle")
    parser.add_argument("--mode", default="normal")
    parser.add_argument("--openers", default="", help="more openers to try, comma-separated")
    parser.add_argument("--top", type=int, default=None,
                        help="the strategy's best openers tried first (default 5, or 0 for a game with known openers)")
    parser.add_argument("--nodes", type=int, default=20_000, help="the witness search's budget per bucket")
    parser.add_argument("--follow", type=int, default=600,
                        help="the strategy's best second guesses tried for each first reply's tree (0: the witness's)")
    parser.add_argument("--sweep", type=int, default=40, help="second guesses the sweep tries for a bucket with no witness")
    parser.add_argument("--tree", type=Path, default=None, help="ship this tree file (its lists and mode) as the proof")
    args = parser.parse_args()
    game = get_game(args.game)
    if args.tree is not None:
        data = json.loads(gzip.decompress(args.tree.read_bytes()))
        puzzle = PuzzleSpec(game, data["answers"], data["guesses"], mode=data["mode"]).build()
        write(game, data["mode"], puzzle, tree_nodes(game, data["tree"], []), data["tree"]["guess"], time.time())
        return
    puzzle = PuzzleSpec(game, world="open", mode=args.mode).build()
    depth = game.max_guesses
    candidates = puzzle.all_candidates()
    known = tuple(w for w in (KNOWN_OPENERS.get(game.name, ()) if args.mode == "normal" else ()) if w in puzzle.guess_index)
    top = args.top if args.top is not None else (0 if known else 5)
    ranking = []
    if top > 0:
        strategy = FewestGuesses()
        strategy.search(puzzle, one_board(puzzle, candidates, []))
        ranking = [puzzle.guesses[int(g)] for g in strategy.ranking(puzzle, one_board(puzzle, candidates, []), top)[:top]]
    openers = list(dict.fromkeys([*ranking, *(w for w in args.openers.split(",") if w), *known]))
    search = Witnesses(puzzle, nodes=args.nodes)
    started = time.time()
    for opener in openers:
        t = time.time()
        guess = puzzle.index_of(opener)
        failed, swept = [], {}
        for r, b in sorted(puzzle.buckets(guess, candidates), key=lambda rb: -len(rb[1])):
            if r == game.solved_reply or search.within(b, depth - 1, [(opener, r)]):
                continue
            tree = sweep(search, b, depth - 1, [(opener, r)], args.sweep)
            if tree is None:
                failed.append(game.format_reply(r))
                break
            swept[r] = tree
            print(f"{opener} {game.format_reply(r)} ({len(b)} words): {tree[path_of(game, [(opener, r)])]} by the sweep",
                  flush=True)
        print(f"{opener}: {'proven' if not failed else 'no witness for ' + ' '.join(failed)} ({time.time() - t:.1f} s)",
              flush=True)
        if not failed:
            break
    else:
        raise SystemExit(f"no opener proven among {', '.join(openers)}")
    nodes = {"": opener}
    chooser = FewestGuesses()
    for n, (reply, bucket) in enumerate(sorted(puzzle.buckets(guess, candidates), key=lambda rb: -len(rb[1]))):
        if reply == game.solved_reply:
            continue
        t = time.time()
        history = [(opener, reply)]
        tree = follow(search, chooser, bucket, depth - 1, history, args.follow) if args.follow else None
        nodes.update(tree or swept.get(reply) or search.tree(bucket, depth - 1, history))
        if time.time() - t > 5:
            print(f"{n}: {opener} {game.format_reply(reply)} ({len(bucket)} words): "
                  f"{nodes[path_of(game, history)]} ({time.time() - t:.1f} s)", flush=True)
    write(game, args.mode, puzzle, nodes, opener, started)


if __name__ == "__main__":
    main()
