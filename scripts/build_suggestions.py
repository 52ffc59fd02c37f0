#!/usr/bin/env python3
"""Rebuild the second turn's suggestions shipped for the open world's Wordle.

    python scripts/build_suggestions.py

The open world's first guess is the same every game (the shipped witness tree's opener, TRACE),
so the second turn meets one of its ~150 replies. For each reply this computes the suggestions
as the assistant does (`fewest-guesses` with the never-lose guard, the OPENING_KEPT best) and
writes them, by the assistant's own key (puzzle, strategy, turns), to
`src/wordguess/strategies/data/suggestions-turn2.json.gz` with its sha256 in `suggestions.json`.
The largest bucket (1,806 words after TRACE .....) takes the guard about 0.6 s; shipped, every
second turn after the opener is read, not searched. A key that no longer matches (the lists,
the prior or the strategy changed) is simply not found, and the suggestion is computed;
`tests/test_shipped_suggestions.py` fails until this is run again. Deterministic output.
"""

from __future__ import annotations

import dataclasses
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
from wordguess.optimal.worst.decide import exact_guard  # noqa: E402
from wordguess.play.assistant import OPENING_KEPT, SHIPPED_INDEX, Assistant  # noqa: E402
from wordguess.strategies import get_strategy  # noqa: E402

DATA = ROOT / "src" / "wordguess" / "strategies" / "data"
FILE = "suggestions-turn2.json.gz"


def main() -> None:
    started = time.perf_counter()
    puzzle = PuzzleSpec(get_game("wordle"), world="open").build()
    strategy = exact_guard(get_strategy("fewest-guesses"))
    opener = Assistant(puzzle, strategy)._suggestions(OPENING_KEPT)[0].guess
    game = puzzle.game
    rows: dict[str, list] = {}
    buckets = [(r, b) for r, b in puzzle.buckets(puzzle.index_of(opener), puzzle.all_candidates()) if r != game.solved_reply]
    for k, (reply, _) in enumerate(buckets, 1):
        # A new strategy each time: its guard's memory empty, as in a process that reads the
        # opening from disk and meets this position first (the searches' budgets count work).
        assistant = Assistant(puzzle, exact_guard(get_strategy("fewest-guesses")))
        assistant.record(opener, reply)
        rows[assistant.suggestions_key(OPENING_KEPT)] = [dataclasses.astuple(s) for s in assistant._suggestions(OPENING_KEPT)]
        print(f"\r{k}/{len(buckets)} {opener.upper()} {game.format_reply(reply)} ", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    text = json.dumps({k: rows[k] for k in sorted(rows)}, separators=(",", ":")).encode()
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as gz:
        gz.write(text)
    (DATA / FILE).write_bytes(buffer.getvalue())
    index = {"file": FILE, "sha256": hashlib.sha256(buffer.getvalue()).hexdigest(), "game": game.key, "world": "open",
             "opener": opener, "positions": len(rows), "strategy": "fewest-guesses", "kept": OPENING_KEPT}
    (DATA / SHIPPED_INDEX).write_text(json.dumps(index, indent=2) + "\n", encoding="utf-8")
    print(f"{FILE}: {len(rows)} positions after {opener.upper()}, sha256 {index['sha256']}, "
          f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
