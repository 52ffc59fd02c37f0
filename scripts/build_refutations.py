#!/usr/bin/env python3
"""Prove offline where no strategy can guarantee a win after the open world's opener, and ship
the proofs, read by the exact decider (optimal/worst/decide.py) so the assistant knows at once:
for each first reply whose words have no tree within the guesses left, a core (a subset of them
with no tree, so neither has the whole set); for each first reply whose words have one, a witness
tree.

    python scripts/build_refutations.py                  # Wordle, hard mode (opener TARSE)
    python scripts/build_refutations.py --opener salet

Hard mode's open world has no tree within six after its opener TARSE; some of its first replies
(...Y.: 1,136 words) are beyond what the decider settles while a player waits (30,000 nodes), but
a small core settles them (?ILLS: 17 words, 108,792 nodes, 34 s). Each first reply's bucket is
tried whole within `--nodes`, then through its cores (optimal.worst.decide.refuting_core); the
first core proven without a tree is kept (the whole bucket when no core is); a bucket still
undecided (of at most `--whole-most` words) is searched whole once more with the cores' last
budget. A bucket with a tree gets the
search's witness tree. Each core is proven again from a fresh search before it is written to
src/wordguess/optimal/data/refutations-<game>-<mode>.json.gz (gzip, mtime 0) and listed with its
sha256 in data/refutations.json. Deterministic: a rebuild writes the same bytes.
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from wordguess import PuzzleSpec, get_game  # noqa: E402
from wordguess.optimal.total.search import ExactSolver, Limits, SearchStopped  # noqa: E402
from wordguess.optimal.worst.decide import (  # noqa: E402
    CORE_ROUNDS,
    REFUTATIONS_INDEX,
    ExactDecider,
    guesses_digest,
    refuting_core,
)
from wordguess.optimal.worst.search import FeasibilitySearch  # noqa: E402
from wordguess.strategies.expected import FewestGuesses  # noqa: E402
from wordguess.strategies.guarantee import path_of  # noqa: E402

DATA = ROOT / "src" / "wordguess" / "optimal" / "data"


def proven_without_tree(solver: ExactSolver, opener: int, reply: int, core: np.ndarray, depth: int) -> bool:
    """Prove again, from an empty memo (a search of its own on the solver's tables), that the core
    has no tree within `depth` after the opener's reply."""
    solver.limits = Limits(nodes=None)
    search = FeasibilitySearch(solver)
    state = solver.child_state(*solver.root_state(), opener, reply)
    return not search.within(core, state, depth, time.monotonic(), search.nodes)


def witness(search, candidates: np.ndarray, state, depth: int, history: list, nodes: dict[str, str]) -> None:
    """Add to `nodes` a witness tree finding every candidate within `depth` guesses after
    `history` (proven: the guesses' buckets are searched until each is settled)."""
    solver = search.solver
    puzzle, game = solver.puzzle, solver.puzzle.game
    if len(candidates) <= 1:
        return
    guess = ExactDecider()._witness(search, np.sort(candidates), state, depth, time.monotonic(), search.nodes)
    if guess is None:
        raise SystemExit(f"{path_of(game, history)}: no witness within {depth}")
    word = puzzle.guesses[guess]
    nodes[path_of(game, history)] = word
    for reply, bucket in puzzle.buckets(guess, candidates):
        if reply != game.solved_reply:
            witness(search, bucket, solver.child_state(*state, guess, reply), depth - 1, [*history, (word, reply)], nodes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="wordle")
    parser.add_argument("--mode", default="hard")
    parser.add_argument("--opener", default=None, help="the first guess (default: the open-world strategy's)")
    parser.add_argument("--nodes", type=int, default=30_000, help="the whole bucket's search budget")
    parser.add_argument("--whole-most", type=int, default=330,
                        help="an undecided bucket of at most this many words is searched whole again with --core-nodes")
    parser.add_argument("--core-nodes", type=int, default=CORE_ROUNDS[-1], help="the cores' last round's budget")
    args = parser.parse_args()
    game = get_game(args.game)
    puzzle = PuzzleSpec(game, mode=args.mode, world="open").build()
    opener = puzzle.index_of(args.opener) if args.opener else FewestGuesses().choose(puzzle, puzzle.all_candidates(), [])
    twin = puzzle.counted_alike()
    search = FeasibilitySearch(ExactSolver(twin, game.max_guesses, Limits(nodes=None)))
    solver = search.solver
    depth = game.max_guesses - 1
    rounds = sorted({*CORE_ROUNDS[:-1], args.core_nodes})
    entries, nodes = [], {}
    buckets = sorted(twin.buckets(opener, twin.all_candidates()), key=lambda rb: (len(rb[1]), rb[0]))
    for reply, bucket in buckets:
        if reply == game.solved_reply:
            continue
        t = time.perf_counter()
        state = solver.child_state(*solver.root_state(), opener, reply)
        solver.limits = Limits(nodes=args.nodes)
        try:
            whole = search.within(bucket, state, depth, time.monotonic(), search.nodes)
        except SearchStopped:
            whole = None
        core = None if whole else refuting_core(search, bucket, state, depth, rounds)
        if core is None and whole is False:
            core = np.asarray(bucket)
        line = f"{game.format_reply(reply)} {len(bucket):5d} words: "
        if whole is None and core is None and len(bucket) <= args.whole_most:  # once more, with the cores' last budget
            solver.limits = Limits(nodes=args.core_nodes)
            try:
                whole = search.within(bucket, state, depth, time.monotonic(), search.nodes)
            except SearchStopped:
                pass
            if whole is False:
                core = np.asarray(bucket)
        if whole:
            solver.limits = Limits(nodes=None)
            witness(search, bucket, state, depth, [(puzzle.guesses[opener], reply)], nodes)
        if core is None:
            print(line + ("a tree" if whole else "undecided"), f"({time.perf_counter() - t:.0f} s)", file=sys.stderr, flush=True)
            continue
        core = np.sort(core)
        if not proven_without_tree(solver, opener, reply, core, depth):
            raise SystemExit(f"{game.format_reply(reply)}: the core's proof did not hold from a fresh search")
        entries.append({"reply": game.format_reply(reply), "words": len(bucket),
                        "core": [puzzle.answers[i] for i in core]})
        print(line + f"no tree (a core of {len(core)})", f"({time.perf_counter() - t:.0f} s)", file=sys.stderr, flush=True)
    data = {"game": game.key, "mode": args.mode, "guesses": guesses_digest(puzzle), "opener": puzzle.guesses[opener],
            "depth": depth, "refuted": sorted(entries, key=lambda e: e["reply"]), "witnessed": nodes}
    raw = io.BytesIO()
    with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out:
        out.write(json.dumps(data, sort_keys=True, separators=(",", ":")).encode())
    name = f"refutations-{args.game}-{args.mode}.json.gz"
    (DATA / name).write_bytes(raw.getvalue())
    index_path = DATA / REFUTATIONS_INDEX
    index = json.loads(index_path.read_text()) if index_path.exists() else {"files": []}
    index["files"] = [e for e in index["files"] if e["file"] != name] + [{
        "file": name, "game": game.key, "mode": args.mode, "opener": data["opener"], "list": puzzle.guesses.name,
        "refuted": len(entries), "words": sum(e["words"] for e in entries), "witness_nodes": len(nodes),
        "sha256": hashlib.sha256(raw.getvalue()).hexdigest()}]
    index["files"].sort(key=lambda e: e["file"])
    index_path.write_text(json.dumps(index, indent=2) + "\n")
    print(f"{name}: {len(entries)} first replies of {data['opener'].upper()} proven without a tree within {depth}")


if __name__ == "__main__":
    main()
