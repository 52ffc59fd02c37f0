#!/usr/bin/env python3
"""Prove offline where no strategy can guarantee a win after the open world's opener, and ship
the proofs, read by the exact guard (optimal/worst/exact_guard.py) so the assistant knows at once:
for each first reply whose words have no tree within the guesses left, a core (a subset of them
with no tree, so neither has the whole set); for each first reply whose words have one, a witness
tree.

    python scripts/build_refutations.py                  # Wordle, hard mode (opener TARSE)
    python scripts/build_refutations.py --opener salet

Hard mode's open world has no tree within six after its opener TARSE; some of its first replies
(...Y.: 1,136 words) are beyond what the exact guard settles while a player waits (30,000 nodes), but
a small core settles them (?ILLS: 17 words, 108,792 nodes, 34 s). Each first reply's bucket is
tried whole within `--nodes`, then through its cores (optimal.worst.exact_guard.refuting_core); the
first core proven without a tree is kept (the whole bucket when no core is); a bucket still
undecided (of at most `--whole-most` words) is searched whole once more with the cores' last
budget. A bucket with a tree gets the
search's witness tree.

A bucket still undecided is taken second guess by second guess (`split`): every second guess
the mode allows there, in the kernel's order (smallest largest bucket first), is refuted by a core
of one of its buckets with no tree within the guesses left after it, or shown to open a tree
(then the bucket has one: its witness tree is shipped). A core carries over to a later second
guess that keeps it together where its reply allows no guess the core's position did not (see
exact_guard.SplitProof), so most second guesses need no search. The second guesses go in chunks of
CHUNK to the workers (--jobs), WAVE chunks at a time, each seeing the cores of the waves before
it and searching with a memo of its own (so the output does not depend on --jobs or on timing).
Every mapping is checked again by the rules (Puzzle-level hard mode, not the kernel's) and every
core proven again from a fresh search.

Each core is proven again from a fresh search before it is written to
src/wordguess/optimal/data/refutations-<game>-<mode>.json.gz (gzip, mtime 0) and listed with its
sha256 in data/refutations.json. Deterministic: a rebuild writes the same bytes. What is settled
is saved as it comes (--work, in the cache folder): Ctrl-C or kill stops the run, and a rerun
resumes (the split of `.....`, 1,022 words, takes hours).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import hashlib
import io
import json
import os
import sys
import time
from pathlib import Path

import numpy as np
import platformdirs

from wordguess.strategies.base import one_board

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from wordguess import PuzzleSpec, get_game  # noqa: E402
from wordguess.cli import stop_on_sigterm  # noqa: E402
from wordguess.engine.executors import get_executor  # noqa: E402
from wordguess.errors import interrupted  # noqa: E402
from wordguess.optimal.total.search import ExactSolver, Limits, SearchStopped  # noqa: E402
from wordguess.optimal.worst.exact_guard import (  # noqa: E402
    CORE_ROUNDS,
    REFUTATIONS_INDEX,
    VERSION,
    ExactGuard,
    allowed_mask,
    guesses_digest,
    refuting_core,
)
from wordguess.optimal.worst.search import FeasibilitySearch  # noqa: E402
from wordguess.strategies.expected import FewestGuesses  # noqa: E402
from wordguess.strategies.guarded import guarded  # noqa: E402
from wordguess.strategies.witnesses import path_of  # noqa: E402

DATA = ROOT / "src" / "wordguess" / "optimal" / "data"
CHUNK = 64  # second guesses per task of the split
WAVE = 2  # tasks at a time, each seeing the cores of the waves before it (not --jobs: determinism)
SPLIT_ROUNDS = (3_000, 30_000, 300_000)  # the node budgets a second guess is tried with
CORE_FLOOR = 40  # a bucket of a second guess larger than this is tried through its cores first


def proven_without_tree(solver: ExactSolver, state, core: np.ndarray, depth: int) -> bool:
    """Prove again, from an empty memo (a search of its own on the solver's tables), that the core
    has no tree within `depth` from `state`."""
    solver.limits = Limits(nodes=None)
    search = FeasibilitySearch(solver)
    return not search.within(np.sort(np.asarray(core)), state, depth, time.monotonic(), search.nodes)


def settled(search, words: np.ndarray, state, depth: int) -> bool | None:
    """Return whether the words have a tree within `depth` from `state`, None past the solver's
    node budget."""
    try:
        return search.within(words, state, depth, time.monotonic(), search.nodes)
    except SearchStopped:
        return None


def witness(search, candidates: np.ndarray, state, depth: int, history: list, nodes: dict[str, str]) -> None:
    """Add to `nodes` a witness tree finding every candidate within `depth` guesses after
    `history` (proven: the guesses' buckets are searched until each is settled)."""
    solver = search.solver
    puzzle, game = solver.puzzle, solver.puzzle.game
    if len(candidates) <= 1:
        return
    guess = ExactGuard()._witness(search, np.sort(candidates), state, depth, time.monotonic(), search.nodes)
    if guess is None:
        raise SystemExit(f"{path_of(game, history)}: no witness within {depth}")
    word = puzzle.guesses[guess]
    nodes[path_of(game, history)] = word
    for reply, bucket in puzzle.buckets(guess, candidates):
        if reply != game.solved_reply:
            witness(search, bucket, solver.child_state(*state, guess, reply), depth - 1, [*history, (word, reply)], nodes)


@functools.lru_cache(maxsize=1)
def setting(game_key: str, mode: str) -> tuple:
    """Return (the open-world puzzle, its twin counted alike, an exact solver on the twin): built
    once per process (a worker's tasks share them; each search has a memo of its own)."""
    game = get_game(game_key)
    puzzle = PuzzleSpec(game, mode=mode, world="open").build()
    twin = puzzle.counted_alike()
    return puzzle, twin, ExactSolver(twin, game.max_guesses, Limits(nodes=None))


@functools.lru_cache(maxsize=16)
def first_position(game_key: str, mode: str, opener: str, reply: int) -> tuple[np.ndarray, tuple]:
    """Return the words of the opener's reply (answer indices, sorted) and the solver's state there."""
    _, twin, solver = setting(game_key, mode)
    g = twin.index_of(opener)
    bucket = np.sort(np.asarray(dict(twin.buckets(g, twin.all_candidates()))[reply]))
    return bucket, solver.child_state(*solver.root_state(), g, reply)


def refute_second(search, bucket: np.ndarray, state, guess: int, depth: int) -> tuple[int, np.ndarray] | str | None:
    """Return (a reply of the second guess, a core of its bucket with no tree within `depth`
    after it), "tree" when every bucket of the guess has one (so the first reply has a tree),
    or None when SPLIT_ROUNDS settle neither."""
    solver = search.solver
    twin = solver.puzzle
    solved = twin.game.solved_reply
    buckets = sorted(((r, b) for r, b in twin.buckets(guess, bucket) if r != solved), key=lambda rb: (-len(rb[1]), rb[0]))
    states = [solver.child_state(*state, guess, r) for r, _ in buckets]
    for budget in SPLIT_ROUNDS:
        solver.limits = Limits(nodes=budget)
        every = True
        for (reply, words), child in zip(buckets, states, strict=True):
            core = refuting_core(search, words, child, depth, rounds=(budget,)) if len(words) > CORE_FLOOR else None
            if core is None:
                verdict = settled(search, words, child, depth)
                every &= verdict is True
                if verdict is False:
                    core = words
            if core is not None:
                return reply, np.sort(np.asarray(core))
        if every:
            return "tree"
    return None


def split_task(task: tuple) -> dict:
    """Refute a chunk of second guesses after the opener's reply (a task for the workers): each
    by a core already known (`known`: (second guess, reply, words), proven where it was found)
    that it keeps together where its reply allows no guess the core's position did not, else by
    a search (refute_second, with a memo of this task's own). Returns the new cores, each guess's
    core (["known", k] or ["new", k]), the guesses left undecided, and a guess opening a tree."""
    game_key, mode, opener, reply, guesses, known, depth = task
    _, twin, solver = setting(game_key, mode)
    game = twin.game
    bucket, state = first_position(game_key, mode, opener, reply)
    search = FeasibilitySearch(solver)
    cores: list[tuple[str, int, np.ndarray]] = [("known", k, np.array(sorted(twin.index_of(w) for w in words)))
                                                 for k, (_, _, words) in enumerate(known)]
    allowed: list[np.ndarray] = []  # the guesses allowed where each core was proven, as masks

    def kernel_allowed(second: int, r: int) -> np.ndarray:  # (the kernel's own, not the rules')
        mask = np.zeros(len(twin.guesses), dtype=bool)
        mask[solver.child_state(*state, second, r)[0]] = True
        return mask

    for second, r, _ in known:
        allowed.append(kernel_allowed(twin.index_of(second), game.parse_reply(r)))
    by_first: dict[int, list[int]] = {}
    for k, (_, _, core) in enumerate(cores):
        by_first.setdefault(int(core[0]), []).append(k)
    new, mapping, undecided, tree = [], {}, [], None
    solved = game.solved_reply
    for guess in guesses:
        found = None
        for r, words in sorted(((r, b) for r, b in twin.buckets(guess, bucket) if r != solved), key=lambda rb: -len(rb[1])):
            inside = np.zeros(len(twin.answers), dtype=bool)
            inside[words] = True
            here = None
            for k in sorted({k for i in words.tolist() for k in by_first.get(i, ())}):
                if inside[cores[k][2]].all():
                    here = solver.child_state(*state, guess, r)[0] if here is None else here
                    if allowed[k][here].all():
                        found = k
                        break
            if found is not None:
                break
        if found is None:
            result = refute_second(search, bucket, state, guess, depth)
            if result == "tree":
                tree = twin.guesses[guess]
                break
            if result is None:
                undecided.append(twin.guesses[guess])
                continue
            r, core = result
            new.append([twin.guesses[guess], game.format_reply(r), [twin.answers[i] for i in core]])
            cores.append(("new", len(new) - 1, core))
            allowed.append(kernel_allowed(guess, r))
            by_first.setdefault(int(core[0]), []).append(len(cores) - 1)
            found = len(cores) - 1
        mapping[twin.guesses[guess]] = list(cores[found][:2])
    return {"new": new, "second": mapping, "undecided": undecided, "tree": tree}


def prove_task(task: tuple) -> bool:
    """Prove a split core again from a fresh search (a task for the workers): no tree within
    `depth` after the opener's reply and the core's second guess and reply."""
    game_key, mode, opener, reply, second, second_reply, words, depth = task
    _, twin, solver = setting(game_key, mode)
    _, state = first_position(game_key, mode, opener, reply)
    state = solver.child_state(*state, twin.index_of(second), twin.game.parse_reply(second_reply))
    return proven_without_tree(solver, state, [twin.index_of(w) for w in words], depth)


def check_split(puzzle, opener: str, reply: int, proof: dict) -> None:
    """Check a split proof by the rules (Puzzle-level hard mode and feedback, not the kernel's):
    every second guess allowed after the opener's reply is mapped, and keeps its core together
    where its reply allows no guess the core's position did not."""
    game = puzzle.game
    first = [(opener, reply)]
    bucket = {w for w in puzzle.answers if game.feedback(opener, w) == reply}
    seconds = {puzzle.guesses[i] for i in puzzle.allowed(puzzle.all_candidates(), first)}
    if seconds != set(proof["second"]):
        raise SystemExit(f"{game.format_reply(reply)}: the split maps {len(proof['second'])} second guesses, not the {len(seconds)} allowed")
    masks = [allowed_mask(puzzle, [*first, (g0, game.parse_reply(r0))]) for g0, r0, _ in proof["cores"]]
    for second, k in proof["second"].items():
        _, _, words = proof["cores"][k]
        replies = {game.feedback(second, w) for w in words}
        if not set(words) <= bucket or len(replies) != 1 or game.is_solved(next(iter(replies))):
            raise SystemExit(f"{game.format_reply(reply)}: {second} does not keep its core together")
        here = puzzle.allowed(puzzle.all_candidates(), [*first, (second, replies.pop())])
        if not masks[k][here].all():
            raise SystemExit(f"{game.format_reply(reply)}: {second} allows guesses its core's position did not")


def first_reply(args, puzzle, opener: int, reply: int, bucket: np.ndarray, depth: int, rounds: list[int],
                nodes: dict[str, str]) -> dict:
    """Settle one first reply (a search with a memo of its own, so a resumed run settles it as a
    whole one does): whole within --nodes, else through its cores, else whole once more with the
    cores' last budget when small. A tree's witness goes to `nodes`; a core is proven again from a
    fresh search. Returns {"kind": "core" (with the core's words), "tree" or "undecided"}."""
    game = puzzle.game
    _, _, solver = setting(args.game, args.mode)
    search = FeasibilitySearch(solver)
    t = time.perf_counter()
    state = solver.child_state(*solver.root_state(), opener, reply)
    solver.limits = Limits(nodes=args.nodes)
    whole = settled(search, bucket, state, depth)
    core = None if whole else refuting_core(search, bucket, state, depth, rounds)
    if core is None and whole is False:
        core = np.asarray(bucket)
    if whole is None and core is None and len(bucket) <= args.whole_most:  # once more, with the cores' last budget
        solver.limits = Limits(nodes=args.core_nodes)
        whole = settled(search, bucket, state, depth)
        if whole is False:
            core = np.asarray(bucket)
    if whole:
        solver.limits = Limits(nodes=None)
        witness(search, bucket, state, depth, [(puzzle.guesses[opener], reply)], nodes)
    seconds = round(time.perf_counter() - t, 1)
    if core is None:
        return {"kind": "tree" if whole else "undecided", "seconds": seconds}
    core = np.sort(core)
    if not proven_without_tree(solver, state, core, depth):
        raise SystemExit(f"{game.format_reply(reply)}: the core's proof did not hold from a fresh search")
    return {"kind": "core", "core": [puzzle.answers[i] for i in core], "seconds": seconds}


def split_phase(args, puzzle, opener: str, replies: list[int], depth: int, work: dict, save) -> None:
    """Settle the undecided first replies second guess by second guess (see the module), saving
    each wave's results in `work["split"]`."""
    game = puzzle.game
    _, twin, solver = setting(args.game, args.mode)
    with get_executor("process" if args.jobs > 1 else "serial", workers=args.jobs) as executor:
        for reply in replies:
            name = game.format_reply(reply)
            proof = work["split"].setdefault(name, {"cores": [], "second": {}, "undecided": [], "tree": None})
            bucket, state = first_position(args.game, args.mode, opener, reply)
            allowed = state[0]
            largest = np.array([twin.bucket_sizes(int(g), bucket).max() for g in allowed])
            order = [twin.guesses[g] for g in allowed[np.lexsort((allowed, largest))]]
            todo = [g for g in order if g not in proof["second"] and g not in proof["undecided"]]
            t = time.perf_counter()
            print(f"split {name} ({len(bucket)} words): {len(order)} second guesses, {len(todo)} to go",
                  file=sys.stderr, flush=True)
            chunks = [todo[i:i + CHUNK] for i in range(0, len(todo), CHUNK)]
            for w in range(0, len(chunks), WAVE):
                if proof["tree"]:
                    break
                tasks = [(args.game, args.mode, opener, reply, [twin.index_of(g) for g in chunk], proof["cores"], depth - 1)
                         for chunk in chunks[w:w + WAVE]]
                results = dict(executor.run(split_task, tasks))
                for k in sorted(results):  # in the chunks' order, whatever finished first
                    result, base = results[k], len(proof["cores"])
                    proof["cores"] += result["new"]
                    for g, (kind, j) in result["second"].items():
                        proof["second"][g] = j if kind == "known" else base + j
                    proof["undecided"] += result["undecided"]
                    proof["tree"] = proof["tree"] or result["tree"]
                save()
                print(f"  {len(proof['second'])}/{len(order)} refuted by {len(proof['cores'])} cores, "
                      f"{len(proof['undecided'])} undecided{', a tree: ' + proof['tree'] if proof['tree'] else ''} "
                      f"[{time.perf_counter() - t:.0f} s]", file=sys.stderr, flush=True)
            if proof["tree"] or proof["undecided"] or proof.get("checked"):
                continue
            check_split(puzzle, opener, reply, proof)
            tasks = [(args.game, args.mode, opener, reply, g0, r0, words, depth - 1) for g0, r0, words in proof["cores"]]
            for k, proven in executor.run(prove_task, tasks):
                if not proven:
                    raise SystemExit(f"{name}: the core of {proof['cores'][k][0]} did not hold from a fresh search")
            proof["checked"] = True
            save()
            print(f"  checked: every mapping by the rules, every core from a fresh search [{time.perf_counter() - t:.0f} s]",
                  file=sys.stderr, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="wordle")
    parser.add_argument("--mode", default="hard")
    parser.add_argument("--opener", default=None, help="the first guess (default: the open-world strategy's)")
    parser.add_argument("--nodes", type=int, default=30_000, help="the whole bucket's search budget")
    parser.add_argument("--whole-most", type=int, default=330,
                        help="an undecided bucket of at most this many words is searched whole again with --core-nodes")
    parser.add_argument("--core-nodes", type=int, default=CORE_ROUNDS[-1], help="the cores' last round's budget")
    parser.add_argument("--split-most", type=int, default=None,
                        help="split only the undecided buckets of at most this many words (default: every one)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes of the split")
    parser.add_argument("--work", type=Path, default=None, help="where what is settled is saved as it comes")
    args = parser.parse_args()
    stop_on_sigterm()  # kill (SIGTERM) stops as Ctrl-C does: the workers stopped, the work kept
    game = get_game(args.game)
    puzzle, twin, solver = setting(args.game, args.mode)
    opener = puzzle.index_of(args.opener) if args.opener else guarded(FewestGuesses()).choose(puzzle, one_board(puzzle, puzzle.all_candidates(), []))
    depth = game.max_guesses - 1
    rounds = sorted({*CORE_ROUNDS[:-1], args.core_nodes})
    key = ":".join(map(str, (VERSION, guesses_digest(puzzle), args.mode, puzzle.guesses[opener], args.nodes,
                             args.whole_most, args.core_nodes, CORE_ROUNDS, CHUNK, WAVE, SPLIT_ROUNDS, CORE_FLOOR)))
    path = args.work or Path(platformdirs.user_cache_dir("wordguess")) / (
        "refutations-" + hashlib.sha256(key.encode()).hexdigest()[:16] + ".json")
    path.parent.mkdir(parents=True, exist_ok=True)
    work = {"key": key, "first": {}, "nodes": {}, "split": {}}
    if path.exists():
        try:
            saved = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError) as exc:
            raise SystemExit(f"{path} cannot be read ({exc}): delete it to start again") from None
        if saved.get("key") == key:
            work = saved
            print(f"resuming from {path}", file=sys.stderr)

    def save() -> None:
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(work), encoding="utf-8")
        tmp.replace(path)

    entries, nodes = [], work["nodes"]
    buckets = sorted(twin.buckets(opener, twin.all_candidates()), key=lambda rb: (len(rb[1]), rb[0]))
    try:
        for reply, bucket in buckets:
            if reply == game.solved_reply:
                continue
            line = f"{game.format_reply(reply)} {len(bucket):5d} words: "
            known = work["first"].get(game.format_reply(reply))
            if known is None:
                known = first_reply(args, puzzle, opener, reply, bucket, depth, rounds, nodes)
                work["first"][game.format_reply(reply)] = known
                save()
                verdict = f"no tree (a core of {len(known['core'])})" if known["kind"] == "core" else {
                    "tree": "a tree", "undecided": "undecided"}[known["kind"]]
                print(line + verdict, f"({known['seconds']:.0f} s)", file=sys.stderr, flush=True)
            if known["kind"] == "core":
                entries.append({"reply": game.format_reply(reply), "words": len(bucket), "core": known["core"]})
        undecided = [(reply, len(bucket)) for reply, bucket in buckets
                     if work["first"].get(game.format_reply(reply), {}).get("kind") == "undecided"
                     and (args.split_most is None or len(bucket) <= args.split_most)]
        split_phase(args, puzzle, puzzle.guesses[opener], [r for r, _ in undecided], depth, work, save)
    except (KeyboardInterrupt, Exception) as exc:  # an interrupt numba turned into another error too
        if not interrupted(exc):
            raise
        save()
        raise SystemExit(f"stopped: what was settled is saved in {path}; run again to resume") from None
    split = []
    for reply, size in undecided:
        proof = work["split"][game.format_reply(reply)]
        history = [(puzzle.guesses[opener], reply)]
        if proof["tree"] and path_of(game, history) not in nodes:  # its witness tree
            solver.limits = Limits(nodes=None)
            search = FeasibilitySearch(solver)
            state = solver.child_state(*solver.root_state(), opener, reply)
            bucket = first_position(args.game, args.mode, puzzle.guesses[opener], reply)[0]
            second = twin.index_of(proof["tree"])
            nodes[path_of(game, history)] = proof["tree"]
            for r, words in twin.buckets(second, bucket):
                if r != game.solved_reply:
                    witness(search, words, solver.child_state(*state, second, r), depth - 1,
                            [*history, (proof["tree"], r)], nodes)
            save()
        elif proof.get("checked"):
            split.append({"reply": game.format_reply(reply), "words": size, "cores": proof["cores"], "second": proof["second"]})
    data = {"game": game.key, "mode": args.mode, "guesses": guesses_digest(puzzle), "opener": puzzle.guesses[opener],
            "depth": depth, "refuted": sorted(entries, key=lambda e: e["reply"]), "witnessed": nodes,
            "split": sorted(split, key=lambda e: e["reply"])}
    raw = io.BytesIO()
    with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out:
        out.write(json.dumps(data, sort_keys=True, separators=(",", ":")).encode())
    name = f"refutations-{args.game}-{args.mode}.json.gz"
    (DATA / name).write_bytes(raw.getvalue())
    index_path = DATA / REFUTATIONS_INDEX
    index = json.loads(index_path.read_text()) if index_path.exists() else {"files": []}
    index["files"] = [e for e in index["files"] if e["file"] != name] + [{
        "file": name, "game": game.key, "mode": args.mode, "opener": data["opener"], "list": puzzle.guesses.name,
        "refuted": len(entries) + len(split), "words": sum(e["words"] for e in entries + split),
        "witness_nodes": len(nodes), "sha256": hashlib.sha256(raw.getvalue()).hexdigest()}]
    index["files"].sort(key=lambda e: e["file"])
    index_path.write_text(json.dumps(index, indent=2) + "\n")
    left = [game.format_reply(r) for r, _ in buckets if work["first"].get(game.format_reply(r), {}).get("kind") == "undecided"
            and not work["split"].get(game.format_reply(r), {}).get("checked") and not work["split"].get(game.format_reply(r), {}).get("tree")]
    print(f"{name}: {len(entries) + len(split)} first replies of {data['opener'].upper()} proven without a tree within "
          f"{depth} ({len(split)} second guess by second guess); undecided: {', '.join(left) or 'none'}")


if __name__ == "__main__":
    main()
