#!/usr/bin/env python3
"""Measure the open world's second turn offline and ship it: the guesses the guarded strategy
plays after its opener, and the values it shows there.

    python scripts/build_rollouts.py                  # 25 min on 2 cores; resumes
    python scripts/build_rollouts.py --tried 12 --jobs 1

The open world's first guess is the same every game (the shipped witness tree's opener, TRACE), so
the second turn meets one of its 178 replies. For each, the strategy's best `--tried` guesses there
(its own order: the guard's choice, its second look's best, then its one-step score), those of
its first `--screened` that the guard shows safe, and the shipped witness tree's guess, are each
played and the game finished by the strategy itself, as the
front ends give it (`fewest-guesses` with its guard and the exact guard, a new one for each
position of the third turn, as in a process that meets that position first), for every word the
reply leaves. A guess that finds every word within the game's limit is safe (that play is its
witness tree); its value is the guesses taken from the second on, weighted by the prior. The safe
guesses ship, best first (where fewer than 3 of those tried are safe, the next ones in the
strategy's order that the guard shows safe are measured too, so the table has rows to show), to
src/wordguess/strategies/data/rollouts-turn2.json.gz with the strategy's key
(`FewestGuesses.rollouts_key`) and its sha256 in data/rollouts.json; the strategy reads them there
(`FewestGuesses.rollouts`) and ignores them under any other key (`tests/test_rollouts.py` fails
until this is run again).

Each position's measures are saved as they are made (--work, in the cache folder by default): a
run stopped with Ctrl-C resumes where it stopped. Deterministic output: the searches' budgets
count work, not time.
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
from wordguess.optimal.worst.exact_guard import with_exact_guard  # noqa: E402
from wordguess.strategies.expected import ROLLOUTS_INDEX, FewestGuesses  # noqa: E402
from wordguess.strategies.guard import IMPOSSIBLE  # noqa: E402
from wordguess.strategies.guarded import Guarded, guarded  # noqa: E402
from wordguess.strategies.witnesses import path_of  # noqa: E402

DATA = ROOT / "src" / "wordguess" / "strategies" / "data"
FILE = "rollouts-turn2.json.gz"
TRIED = 30  # the strategy's best guesses measured at each position (and the witness tree's)
SCREENED = 100  # of the strategy's best guesses, those the guard shows safe are measured too ...
SAFE_ROWS = 3  # ... and where fewer than this many are safe, the next ones it shows safe ...
FURTHER = 600  # ... among the strategy's first FURTHER


@functools.lru_cache(maxsize=1)
def open_wordle():
    return PuzzleSpec(get_game("wordle"), world="open").build()


def strategy(measured: bool = True) -> Guarded:
    """The strategy as the front ends give it (the exact guard as the guard's last resort);
    `measured=False` does not read the shipped second turns (they are being measured)."""
    return with_exact_guard(guarded(FewestGuesses(measured=measured)))


class Unsafe(Exception):
    """A word is not found within the game's limit (or the guard proved it cannot be)."""


def play_out(puzzle, candidates, history, guess: int) -> dict[int, int]:
    """Return, for each candidate (an answer index), the guesses the strategy takes to find it
    when `guess` is played now and the strategy plays on: a new strategy for each position
    the guess leaves, kept for the rest of that game. Raise Unsafe at the first word it does not
    find within the game's limit (or that its guard proves no strategy can)."""
    game, found = puzzle.game, {}

    def walk(player, candidates, history, taken: int) -> None:
        if len(history) + 1 > game.max_guesses:
            raise Unsafe
        if len(candidates) == 1:
            found[int(candidates[0])] = taken + 1
            return
        word = puzzle.guesses[player.choose(puzzle, one_board(puzzle, candidates, history))]
        decided = player.guard._decided
        if decided is not None and decided[1] == IMPOSSIBLE and decided[0][1] == tuple(history):
            raise Unsafe
        for reply, bucket in puzzle.buckets(puzzle.guess_index[word], candidates):
            if reply == game.solved_reply:
                found[int(bucket[0])] = taken + 1
            else:
                walk(player, bucket, [*history, (word, reply)], taken + 1)

    word = puzzle.guesses[guess]
    for reply, bucket in puzzle.buckets(guess, candidates):
        if reply == game.solved_reply:
            found[int(bucket[0])] = 1
        else:
            walk(strategy(), bucket, [*history, (word, reply)], 1)
    return found


def measure(puzzle, candidates, history, guess: int) -> float | None:
    """Return the prior-weighted guesses to finish after `history` when `guess` is played and
    the strategy plays on (the guess included), or None when some candidate is not found within
    the game's limit."""
    try:
        found = play_out(puzzle, candidates, history, guess)
    except Unsafe:
        return None
    assert sorted(found) == sorted(candidates.tolist())
    weights = puzzle.weights_of(candidates)
    taken = np.array([found[int(c)] for c in candidates], dtype=np.float64)
    return float((weights * taken).sum() / weights.sum())


def position(task: tuple[int, int, list[int], dict[str, float | None]]) -> dict:
    """Measure one reply to the opener (a task for the workers): the guesses tried, in the
    strategy's order, each with its value (None: not safe). `settings`: the strategy's first
    guesses measured, and how many of its first it screens; `known`: the measures already made
    here (a rerun with wider settings measures only the new guesses)."""
    opener, reply, (count, screened), known = task
    puzzle = open_wordle()
    word = puzzle.guesses[opener]
    candidates = puzzle.narrow(puzzle.all_candidates(), opener, reply)
    history = [(word, reply)]
    ranker = strategy(measured=False)
    first = ranker.choose(puzzle, one_board(puzzle, candidates, history))
    ranking = ranker.ranking(puzzle, one_board(puzzle, candidates, history), FURTHER)
    if ranking is None:  # a choice without a search (two candidates: the likelier): theirs
        ranking = puzzle.guess_of_answer[candidates]
    order = [int(first), *(int(g) for g in ranking if g != first)]
    tried = order[:count]
    tree = ranker.guard._shipped.guess(puzzle.game, history) if ranker.guard._shipped is not None else None
    if tree is not None and puzzle.guess_index[tree] not in tried:
        tried.append(puzzle.guess_index[tree])
    rows = []

    def measured(guess: int) -> bool:
        word = puzzle.guesses[guess]
        value = known[word] if word in known else measure(puzzle, candidates, history, guess)
        rows.append([word, None if value is None else round(value, 6)])
        return value is not None

    safe = sum(measured(guess) for guess in tried)
    # Beyond them, the guesses the guard shows safe (its witness search, cheaper than a measure):
    # among the strategy's first `screened`, then, while the table has fewer than SAFE_ROWS rows
    # (its favourites keep a cluster together), among its first FURTHER.
    for k, guess in enumerate(order[:FURTHER]):
        if k >= screened and safe >= SAFE_ROWS:
            break
        if guess not in tried and ranker.guard.safe(puzzle, guess, candidates, history):
            tried.append(guess)
            safe += measured(guess)
    return {"path": path_of(puzzle.game, history), "words": len(candidates), "choice": puzzle.guesses[first],
            "tree": tree, "rows": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tried", type=int, default=TRIED, help="the strategy's best guesses measured per position")
    parser.add_argument("--screened", type=int, default=SCREENED,
                        help="the strategy's best guesses screened by the guard per position (the safe ones measured)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--work", type=Path, default=None, help="where measures are saved as they are made")
    args = parser.parse_args()
    if min(args.tried, args.screened, args.jobs) < 1:
        parser.error("--tried, --screened and --jobs need at least 1")
    stop_on_sigterm()  # kill (SIGTERM) stops as Ctrl-C does: the workers stopped, the measures kept
    started = time.perf_counter()
    puzzle = open_wordle()
    game = puzzle.game
    played = strategy()
    key = played.inner.rollouts_key(puzzle, played.guard)
    opener = strategy(measured=False).choose(puzzle, one_board(puzzle, puzzle.all_candidates(), []))
    work = args.work or Path(platformdirs.user_cache_dir("wordguess")) / f"rollouts-{key}.json"
    work.parent.mkdir(parents=True, exist_ok=True)
    settings = [args.tried, args.screened, SAFE_ROWS, FURTHER]
    done: dict[str, dict] = {}
    if work.exists():  # measures of another key (strategy, lists, prior, guard) are not reused
        try:
            saved = json.loads(work.read_text("utf-8"))
        except (OSError, ValueError) as exc:
            raise SystemExit(f"{work} cannot be read ({exc}): delete it to measure again") from None
        if saved.get("key") == key:
            done = saved["positions"]
            print(f"resuming from {work}: {sum(d['settings'] == settings for d in done.values())} positions "
                  f"measured with these settings, {len(done)} in all", file=sys.stderr)
    replies = sorted(((int(r), len(b)) for r, b in puzzle.buckets(opener, puzzle.all_candidates())
                      if r != game.solved_reply), key=lambda rb: (-rb[1], rb[0]))
    todo = []
    for reply, _ in replies:
        found = done.get(path_of(game, [(puzzle.guesses[opener], reply)]))
        if found is None or found["settings"] != settings:
            todo.append((opener, reply, settings[:2], {} if found is None else dict(found["rows"])))
    try:
        with get_executor("process" if args.jobs > 1 else "serial", workers=args.jobs) as executor:
            for k, (_, result) in enumerate(executor.run(position, todo)):
                done[result["path"]] = {**result, "settings": settings}
                tmp = work.with_suffix(".tmp")
                tmp.write_text(json.dumps({"key": key, "positions": done}), encoding="utf-8")
                tmp.replace(work)
                safe = [row for row in result["rows"] if row[1] is not None]
                best = min(safe, key=lambda row: row[1]) if safe else None
                print(f"{len(replies) - len(todo) + k + 1}/{len(replies)} {result['path']} ({result['words']} words): the strategy's "
                      f"{result['choice'].upper()}, best safe {best[0].upper() if best else None} "
                      f"{best[1] if best else ''} [{time.perf_counter() - started:.0f} s]", file=sys.stderr, flush=True)
    except (KeyboardInterrupt, Exception) as exc:  # an interrupt numba turned into another error too
        if not interrupted(exc):
            raise
        raise SystemExit(f"stopped: {len(done)} of {len(replies)} positions saved in {work}; run again to resume") from None
    positions = {}
    for path in sorted(done):
        if done[path]["settings"] != settings:
            raise SystemExit(f"{path} was measured with other settings")
        rows = done[path]["rows"]  # in the strategy's order: a tie goes to its earlier guess
        safe = sorted((k for k, row in enumerate(rows) if row[1] is not None), key=lambda k: (rows[k][1], k))
        if not safe:
            raise SystemExit(f"no guess tried after {path} is safe: is the witness tree shipped?")
        positions[path] = [[rows[k][0], rows[k][1]] for k in safe]
    text = json.dumps(positions, separators=(",", ":")).encode()
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as gz:
        gz.write(text)
    (DATA / FILE).write_bytes(buffer.getvalue())
    index = {"file": FILE, "sha256": hashlib.sha256(buffer.getvalue()).hexdigest(), "game": game.key, "world": "open",
             "opener": puzzle.guesses[opener], "positions": len(positions), "tried": args.tried,
             "screened": args.screened, "key": key,
             "strategy": "fewest-guesses"}
    (DATA / ROLLOUTS_INDEX).write_text(json.dumps(index, indent=2) + "\n", encoding="utf-8")
    print(f"{FILE}: {len(positions)} positions after {puzzle.guesses[opener].upper()}, sha256 {index['sha256']}, "
          f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
