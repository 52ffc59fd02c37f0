#!/usr/bin/env python3
"""Prove offline that every word of an open world can be found within the game's limit, and ship
the proof: a witness tree (strategies/guarantee.py), read by the never-lose guard.

    python scripts/build_guarantee.py                     # Wordle's open world (14,855 words)
    python scripts/build_guarantee.py --game termo
    python scripts/build_guarantee.py --openers lants,salet

The openers are tried in the open-world strategy's order (fewest guesses expected under the
prior, without the guard), then the ones given; the first whose every first reply's bucket has a
witness within the guesses left is kept. The whole tree is then checked against the rules
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from wordguess import PuzzleSpec, get_game  # noqa: E402
from wordguess.strategies.expected import FewestGuesses  # noqa: E402
from wordguess.strategies.guarantee import GUARANTEE_INDEX, Witnesses, path_of  # noqa: E402

DATA = ROOT / "src" / "wordguess" / "strategies" / "data"
FALLBACK_OPENERS = ("lants", "salet", "tales", "slate")


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="wordle")
    parser.add_argument("--mode", default="normal")
    parser.add_argument("--openers", default="", help="more openers to try, comma-separated")
    parser.add_argument("--top", type=int, default=5, help="the strategy's best openers tried first (0: none)")
    parser.add_argument("--nodes", type=int, default=20_000, help="the witness search's budget per bucket")
    args = parser.parse_args()
    game = get_game(args.game)
    puzzle = PuzzleSpec(game, world="open", mode=args.mode).build()
    depth = game.max_guesses
    candidates = puzzle.all_candidates()
    ranking = []
    if args.top > 0:
        strategy = FewestGuesses(guarantee=False)
        strategy.search(puzzle, candidates, [])
        ranking = [puzzle.guesses[int(g)] for g in strategy.ranking(puzzle, candidates, [], args.top)[: args.top]]
    openers = list(dict.fromkeys([*ranking, *(w for w in args.openers.split(",") if w), *FALLBACK_OPENERS]))
    search = Witnesses(puzzle, nodes=args.nodes)
    started = time.time()
    for opener in openers:
        t = time.time()
        guess = puzzle.index_of(opener)
        failed = [game.format_reply(r) for r, b in sorted(puzzle.buckets(guess, candidates), key=lambda rb: -len(rb[1]))
                  if r != game.solved_reply and not search.within(b, depth - 1, [(opener, r)])]
        print(f"{opener}: {'proven' if not failed else 'no witness for ' + ' '.join(failed)} ({time.time() - t:.1f} s)",
              flush=True)
        if not failed:
            break
    else:
        raise SystemExit(f"no opener proven among {', '.join(openers)}")
    nodes = {"": opener}
    for reply, bucket in puzzle.buckets(guess, candidates):
        if reply != game.solved_reply:
            nodes.update(search.tree(bucket, depth - 1, [(opener, reply)]))
    worst = check(puzzle, nodes, depth)
    data = {"game": game.key, "mode": args.mode, "depth": depth, "opener": opener, "worst": worst,
            "words": sorted(game.fold(w) for w in puzzle.answers), "nodes": dict(sorted(nodes.items()))}
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as gz:
        gz.write(json.dumps(data, separators=(",", ":")).encode("utf-8"))
    name = f"guarantee-{game.name}-{args.mode}.json.gz"
    (DATA / name).write_bytes(buffer.getvalue())
    index_path = DATA / GUARANTEE_INDEX
    index = json.loads(index_path.read_text()) if index_path.exists() else {"trees": []}
    entry = {"game": game.key, "mode": args.mode, "file": name, "words": len(puzzle.answers), "opener": opener,
             "worst": worst, "internal_nodes": len(nodes), "sha256": hashlib.sha256(buffer.getvalue()).hexdigest(),
             "list": puzzle.answers.name}
    index["trees"] = sorted([e for e in index["trees"] if e["file"] != name] + [entry], key=lambda e: e["file"])
    index_path.write_text(json.dumps(index, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(entry), f"{time.time() - started:.1f} s")


if __name__ == "__main__":
    main()
