"""Build an opener certificate (package data read by `wordguess openers`, `optimal --first` and
`analyze`): every allowed first guess with its exact least total when it is at most the
threshold T, and a proven lower bound above T otherwise.

    python scripts/build_certificate.py --game wordle --mode normal --threshold 8000 --workers 2
    python scripts/build_certificate.py --game mastermind            # every opener exact
    python scripts/build_certificate.py --refute --mode hard --answers wordle-guesses-nyt --guesses wordle-guesses-nyt

Every opener (one per symmetry class) is searched by the exact solver with the cutoff T + 1,
through the same executors as `wordguess optimal` (--workers, --executor process or ray). What
is proven goes to the solver's store (--store) as it comes, so a run stopped by Ctrl-C, kill
(SIGTERM) or --time-limit resumes where it stopped when the same command is run again; the
certificate is written only when every opener has its entry. Choose T at or above the optimum:
the openers at most T come out exact (the script warns when fewer than 100 do, and the game has
that many openers); a larger T costs more search. Without --threshold every opener's exact value
is searched (small games only).

With --refute no opener has a tree within the limit (hard mode with every allowed word the
secret): each is refuted by the feasibility search, and every entry says "no tree".

With --verdicts F the certificate is made from the verdicts `scripts/refute_openers.py` wrote
(its --out, or its --export, gzipped), one per allowed opener, searching nothing: a refuted
opener "no tree", with its refuting reply (its bucket's size checked), an undecided one its
admissible lower bound on the total, marked undecided. Each --witness TREE (a tree file, read
by `wordguess evaluate --tree`) is walked: an opener whose tree finds every secret within the
limit in the mode's rules is entered with that tree's total, first:

    python scripts/build_certificate.py --verdicts results/every-word/wordle-guesses-nyt-hard7.verdicts.jsonl.gz \
        --mode hard --max-guesses 7 --answers wordle-guesses-nyt --guesses wordle-guesses-nyt --name wordle-hard-every-nyt-7
    python scripts/build_certificate.py --verdicts results/every-word/wordle-guesses-hard7.verdicts.jsonl.gz \
        --witness results/every-word/wordle-guesses-hard.tree.json.gz \
        --mode hard --max-guesses 7 --answers wordle-guesses --guesses wordle-guesses --name wordle-hard-every-7

The certificate goes to src/wordguess/optimal/data/<game>-<mode>.json.gz (--out for another
folder, --name for another name) with its sha256 in certificates.json.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path

from wordguess.cli import stop_on_sigterm
from wordguess.engine.executors import EXECUTORS, get_executor
from wordguess.engine.puzzle import PuzzleSpec
from wordguess.errors import WordguessError, interrupted
from wordguess.games import get_game
from wordguess.optimal.store import default_store_path
from wordguess.optimal.tasks import SearchSpec, solver_for
from wordguess.optimal.total.certificates import (
    DATA,
    build_certificate,
    read_verdicts,
    refutation_certificate,
    save_certificate,
    verdicts_certificate,
    witness_tree,
)
from wordguess.optimal.total.search import SearchStopped

TOP = 100  # the "top 100 at least, exact"
CONTENT = ("verdicts", "game", "mode", "threshold", "max_guesses", "answers", "guesses", "length", "pegs", "colours", "name")


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="wordle", help="a registered game (or alias)")
    parser.add_argument("--mode", choices=["normal", "hard"], default="normal")
    parser.add_argument("--threshold", type=int, default=None,
                        help="T: openers at most T get their exact total, the others a proven bound above T "
                             "(default: every opener exact). Wordle normal: about 7,990-8,050 gives >= 100 exact")
    parser.add_argument("--refute", action="store_true",
                        help="no opener has a tree within the limit: refute each by the feasibility search "
                             "(no totals; an opener with a tree stops it)")
    parser.add_argument("--verdicts", default=None,
                        help="build it from refute_openers.py's verdicts within the limit (JSON lines, or gzipped)")
    parser.add_argument("--witness", action="append", default=None, metavar="TREE",
                        help="with --verdicts: a tree file proving its opener has a tree within the limit (repeatable)")
    parser.add_argument("--max-guesses", type=int, default=None, help="the depth limit (default: the game's; 0: none)")
    parser.add_argument("--answers", default=None, help="a list name or file (default: the game's)")
    parser.add_argument("--guesses", default=None, help="a list name or file (default: the game's)")
    parser.add_argument("--length", type=int, default=None, help="word length (games that take one)")
    parser.add_argument("--pegs", type=int, default=None, help="Mastermind: pegs per code")
    parser.add_argument("--colours", type=int, default=None, help="Mastermind: colours")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (tasks are openers)")
    parser.add_argument("--executor", choices=list(EXECUTORS), default="process")
    parser.add_argument("--ray-address", default=None, help="Ray: the cluster to join")
    parser.add_argument("--store", default=str(default_store_path()), help="the SQLite store of proven results")
    parser.add_argument("--time-limit", type=float, default=None, help="stop after this many seconds (rerun to resume)")
    parser.add_argument("--out", type=Path, default=DATA, help="the folder of the certificate and its manifest")
    parser.add_argument("--name", default=None, help="the certificate's name (default: <game>-<mode>)")
    return parser.parse_args(argv)


def command_line(args: argparse.Namespace) -> str:
    """Return the command that regenerates the certificate (the options that shape its content)."""
    words = ["python", "scripts/build_certificate.py"] + (["--refute"] if args.refute else [])
    for name in CONTENT:
        value = getattr(args, name)
        if value is not None:
            words += [f"--{name.replace('_', '-')}", str(value)]
    for tree in args.witness or []:
        words += ["--witness", tree]
    return shlex.join(words)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    options = {k: getattr(args, k) for k in ("length", "pegs", "colours") if getattr(args, k) is not None}
    game = get_game(args.game, **options)
    limit = game.max_guesses if args.max_guesses is None else (args.max_guesses or None)
    spec = SearchSpec(PuzzleSpec(game, args.answers, args.guesses, args.mode), limit, args.store, args.time_limit)
    puzzle = solver_for(spec).puzzle
    name = args.name or f"{game.name}-{args.mode}"
    started = time.monotonic()
    last = [0.0]
    if args.witness and args.verdicts is None:
        raise WordguessError("--witness goes with --verdicts")
    if args.verdicts is not None and limit is None:
        raise WordguessError("--verdicts needs the depth limit of its verdicts: --max-guesses N, not 0")
    if args.verdicts is not None:
        witnesses = dict(witness_tree(Path(tree), puzzle, limit) for tree in args.witness or [])
        certificate = verdicts_certificate(solver_for(spec), read_verdicts(Path(args.verdicts), args.mode, limit),
                                           command_line(args), witnesses)
        path = save_certificate(certificate, name, args.out)
        print(f"wrote {path}: {len(certificate.entries):,} openers, {len(witnesses):,} with a tree within {limit}, "
              f"{certificate.infeasible_count:,} with none, {certificate.undecided_count:,} undecided", file=sys.stderr)
        return 0

    def progress(done: int, total: int) -> None:
        if done == total or time.monotonic() - last[0] > 10:
            last[0] = time.monotonic()
            print(f"{done:,}/{total:,} openers searched, {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)

    stop_on_sigterm()  # kill (SIGTERM) stops as Ctrl-C does: the workers stopped, what was proven kept
    try:
        with get_executor("serial" if args.workers == 1 else args.executor, args.workers, args.ray_address) as pool:
            if args.refute:
                certificate = refutation_certificate(spec, command_line(args), pool, progress)
            else:
                certificate = build_certificate(spec, args.threshold, command_line(args), pool, progress)
    except SearchStopped as exc:
        print(f"stopped ({exc}): what was proven is kept in {args.store}; run the same command to resume",
              file=sys.stderr)
        return 1
    except (KeyboardInterrupt, Exception) as exc:  # an interrupt numba turned into another error too
        if not interrupted(exc):
            raise
        print(f"\ninterrupted: what was proven is kept in {args.store}; run the same command to resume", file=sys.stderr)
        return 130
    path = save_certificate(certificate, name, args.out)
    exact, openers = certificate.exact_count, len(certificate.entries)
    best = certificate.best
    none = certificate.infeasible_count
    print(f"wrote {path}: {openers:,} openers, {exact:,} exact" + (f", {none:,} with no tree within the limit" if none else "")
          + (f", best {best.opener} {best.value:,} (mean {best.value / len(puzzle.answers):.4f})" if best else "")
          + f", {time.monotonic() - started:.1f} s", file=sys.stderr)
    if best is None and not args.refute:
        print(f"warning: no opener is at most the threshold {args.threshold}: the certificate proves no best opener; "
              "raise --threshold", file=sys.stderr)
    if exact < min(TOP, openers) and not args.refute:
        print(f"warning: only {exact:,} openers are exact (fewer than {min(TOP, openers)}): raise --threshold",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except WordguessError as exc:
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(2)
