"""Build the table of exact first-move values that `wordguess analyze` reads (package data).

    python scripts/build_opener_table.py --mode normal [--openers salet,crane,...] [--time-limit 300]

For the bundled closed-world Wordle puzzle (2,315 answers, 12,972 guesses, at most 6 guesses),
each opener's least total is proven by wordguess's exact solver (`ExactSolver.opener`, no cutoff)
and written with the solver's puzzle key (lists by content, mode, depth limit, solver version),
the seconds it took, and a sha256 of the entries. An opener not proven within the time limit is
left out. Proven results also go to the solver's store (--store), so a rerun resumes. The table
is not a certificate over every opener: `analyze` still bounds the first move's best below by
the openers it has not examined (see wordguess.analysis).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

from wordguess import PuzzleSpec, get_game
from wordguess.optimal.search import ExactSolver, Limits, SearchStopped
from wordguess.optimal.store import ResultStore, default_store_path

POPULAR = ("salet,reast,crate,trace,slate,crane,carte,caret,trape,slane,prate,stare,soare,roate,raise,"
           "arise,irate,later,alert,adieu,audio,arose,least,tares,react,raile,saine,house,train,cigar")
OUT = Path(__file__).resolve().parent.parent / "src" / "wordguess" / "analysis" / "data"


def entries_digest(entries: dict) -> str:
    return hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mode", choices=["normal", "hard"], default="normal")
    parser.add_argument("--openers", default=POPULAR, help="comma-separated first guesses")
    parser.add_argument("--time-limit", type=float, default=300.0, help="seconds per opener")
    parser.add_argument("--store", default=str(default_store_path()))
    args = parser.parse_args()
    puzzle = PuzzleSpec(get_game("wordle"), mode=args.mode).build()
    out = OUT / f"openers-wordle-{args.mode}.json"
    old = json.loads(out.read_text()) if out.exists() else {}
    solver = ExactSolver(puzzle, puzzle.game.max_guesses, Limits(seconds=args.time_limit), ResultStore(args.store))
    entries = old.get("openers", {}) if old.get("key") == solver.key else {}
    for word in [w.strip().lower() for w in args.openers.split(",") if w.strip()]:
        if word in entries:
            continue
        started = time.perf_counter()
        try:
            result = solver.opener(word)
        except SearchStopped as exc:
            print(f"{word}: not proven ({exc})", file=sys.stderr, flush=True)
            continue
        if result.exact:
            entries[word] = {"value": result.value, "seconds": round(time.perf_counter() - started, 1)}
            print(f"{word}: {result.value} ({entries[word]['seconds']} s)", file=sys.stderr, flush=True)
            doc = {"key": solver.key, "game": "wordle", "mode": args.mode, "answers": puzzle.answers.name,
                   "guesses": puzzle.guesses.name, "max_guesses": puzzle.game.max_guesses,
                   "command": f"python scripts/build_opener_table.py --mode {args.mode}",
                   "openers": dict(sorted(entries.items())), "sha256": entries_digest(dict(sorted(entries.items())))}
            OUT.mkdir(parents=True, exist_ok=True)
            out.write_text(json.dumps(doc, indent=1) + "\n")


if __name__ == "__main__":
    main()
