#!/usr/bin/env python3
"""Label the sets of words a player meets with their exact values: the data a learned value of a
set is trained and tested on.

    python scripts/build_set_values.py --out results/set-values/wordle.jsonl          # resumes
    python scripts/build_set_values.py --answers wordle-guesses --without wordle-answers --sample 2315 --out ...

The sets are the candidates left before each guess in the games of the `--strategies` (each a
registry name) over every secret of `--answers` (a seeded sample with `--sample`), in the closed
world: every bucket a player reaches. Each distinct set of `--min-size` to `--max-size` words gets
the exact solver's least total over it, as a game of its own (in `--mode`, normal by default:
in hard mode a fresh game whose secrets are the set, no clue yet; every allowed guess of
`--guesses`, no limit of guesses), its mean (the least expected guesses to finish, the next guess
included) and the worst case of that optimal tree, each proven; a set whose search passes
`--nodes` is written with `exact: false` and proven bounds (the least total at least `low`, a
greedy tree of `high`).

One JSON object a line, appended as each set is settled: a run stopped with Ctrl-C (or killed)
resumes where it stopped, skipping the sets already written. The output is deterministic: the
games are seeded and each search's budget counts nodes, not time. `split` is the answer list's
name: sets of different lists share no secret when the lists share none, so one list trains and
another tests.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import tempfile
from pathlib import Path

import numpy as np
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from wordguess import PuzzleSpec, get_game  # noqa: E402
from wordguess.optimal.total import kernel  # noqa: E402
from wordguess.optimal.total.search import ExactSolver, Limits, SearchStopped  # noqa: E402
from wordguess.optimal.worst.exact_guard import played_strategy  # noqa: E402
from wordguess.play.hosts import FixedHost  # noqa: E402
from wordguess.play.simulate import play  # noqa: E402
from wordguess.trees.tree import depth_counts  # noqa: E402


def set_key(words: list[str]) -> str:
    """Return the key a set is written under (its words, sorted, hashed)."""
    return hashlib.sha256(" ".join(sorted(words)).encode()).hexdigest()[:20]


def met_sets(puzzle, strategies: list[str], secrets: list[int], low: int, high: int) -> list[list[int]]:
    """Return the distinct candidate sets of `low` to `high` words met before a guess in the
    strategies' games on the secrets (answer indices), smallest first, then by their words."""
    found: dict[tuple[int, ...], None] = {}
    for name in strategies:
        strategy = played_strategy(name, puzzle)
        for secret in secrets:
            record = play(puzzle, strategy, FixedHost(puzzle.answers[secret]))
            candidates = puzzle.all_candidates()
            for guess, reply in record.turns:
                if low <= len(candidates) <= high:
                    found.setdefault(tuple(int(c) for c in candidates), None)
                candidates = puzzle.narrow(candidates, puzzle.index_of(guess), reply)
    return [list(s) for s in sorted(found, key=lambda s: (len(s), s))]


def label(solver: ExactSolver, puzzle, candidates: list[int], nodes: int) -> dict:
    """Return the set's exact least total within the limit, its mean and the worst case of the
    optimal tree; or, past `nodes`, its proven bounds (`exact` false)."""
    ids = np.array(sorted(candidates), dtype=np.int32)
    n = len(ids)
    solver.node_deadline = solver.nodes + nodes
    try:
        total = solver.solve(ids)
        tree = solver.subtree_if_known(ids, solver.root_state(), solver.depth)
        worst = max(depth_counts(tree)) if tree is not None else None
        return {"exact": True, "total": total, "mean": total / n, "worst": worst}
    except SearchStopped:
        tables = solver.ctx.tables
        low = int(tables[int(kernel.table_row(solver.depth, len(tables)))][n])  # any n secrets need this many
        high = solver.upper_total(ids)
        return {"exact": False, "low": low, "high": high, "mean_low": low / n,
                "mean_high": None if high is None else high / n}
    finally:
        solver.node_deadline = None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="wordle")
    parser.add_argument("--answers", default=None, help="the secrets' list (default: the game's)")
    parser.add_argument("--guesses", default=None, help="the allowed guesses (default: the game's)")
    parser.add_argument("--language", default=None,
                        help="Wordle's language (de, es, ...): its letters read the lists (default: the game's)")
    parser.add_argument("--mode", choices=["normal", "hard"], default="normal",
                        help="the mode of the strategies' games and of each set's own game")
    parser.add_argument("--without", default=None,
                        help="a list whose words are taken out of the secrets (a held-out split sharing none)")
    parser.add_argument("--strategies", default="entropy,minimax,most-parts,lookahead",
                        help="comma-separated strategies whose games give the sets")
    parser.add_argument("--sample", type=int, default=None, help="a seeded sample of this many secrets")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--min-size", type=int, default=3)
    parser.add_argument("--max-size", type=int, default=300)
    parser.add_argument("--nodes", type=int, default=200_000, help="each set's node budget")
    parser.add_argument("--out", required=True, help="the JSON lines file (appended to, resumed)")
    args = parser.parse_args()
    if not 1 <= args.min_size <= args.max_size:
        parser.error("--min-size must be at least 1 and at most --max-size")

    game = get_game(args.game, **({"language": args.language} if args.language else {}))
    answers, split = args.answers, args.answers
    if args.without is not None:
        listed = PuzzleSpec(game, args.answers, args.guesses).lists()[0]
        taken = {game.fold(w) for w in PuzzleSpec(game, args.without, args.guesses).lists()[0]}
        held_out = Path(tempfile.mkdtemp()) / "held-out.txt"
        held_out.write_text("".join(f"{w}\n" for w in listed if game.fold(w) not in taken), encoding="utf-8")
        answers, split = str(held_out), f"{listed.name}-without-{args.without}"
    puzzle = PuzzleSpec(game, answers, args.guesses, mode=args.mode).build()
    split = split or puzzle.answers.name
    secrets = list(range(len(puzzle.answers)))
    if args.sample is not None:
        secrets = sorted(random.Random(args.seed).sample(secrets, min(args.sample, len(secrets))))
    strategies = [s.strip() for s in args.strategies.split(",") if s.strip()]
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    done, kept = set(), []
    if out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            try:
                done.add(json.loads(line)["key"])
                kept.append(line)
            except (ValueError, KeyError):
                continue  # a line cut short by a kill: dropped, its set written again below
        out.write_text("".join(f"{line}\n" for line in kept), encoding="utf-8")
    sets = met_sets(puzzle, strategies, secrets, args.min_size, args.max_size)
    solver = ExactSolver(puzzle, None, Limits(), None)  # no limit of guesses: the set's own value
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    try:
        with Progress(*columns, transient=True) as progress, out.open("a", encoding="utf-8") as sink:
            task = progress.add_task(f"{len(sets):,} sets", total=len(sets), completed=0)
            for candidates in sets:
                words = [puzzle.answers[i] for i in candidates]
                key = set_key(words)
                if key not in done:
                    row = {"key": key, "game": puzzle.game.key, "language": getattr(puzzle.game, "language", None),
                           "mode": args.mode, "answers": split,
                           "guesses": puzzle.guesses.name, "split": split, "n": len(words),
                           "words": sorted(words), **label(solver, puzzle, candidates, args.nodes)}
                    sink.write(json.dumps(row) + "\n")
                    sink.flush()
                    done.add(key)
                progress.advance(task)
    except KeyboardInterrupt:
        print(f"stopped: {len(done):,} sets written to {out}; run again to go on", file=sys.stderr)
        raise SystemExit(130) from None
    print(json.dumps({"out": str(out), "sets": len(sets), "written": len(done)}))


if __name__ == "__main__":
    main()
