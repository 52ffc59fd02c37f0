"""Wordle in other languages (issue 36): each language's lists and how the strategies do there.

    python bench/bench_languages.py [--languages de,es,...] [--draw 1000] [--top 1000] [--positions 20]

For each language, five letters:
- the list sizes;
- closed world (the answers as secrets, the allowed guesses as guesses): the entropy strategy's
  mean, worst and failures over every answer;
- open world (every allowed word a secret, weighted by the language's prior): fewest-guesses with
  the never-lose guard over the `top` commonest words (wordfreq) and over `draw` words drawn from
  the prior (seeded): mean, worst, failures;
- speed: the first suggestion in a new cache (the bench runs with an empty $WORDGUESS_CACHE_DIR
  unless it is set) and warm (a second assistant), and the mid-game suggestion at turns 2 to 4 of
  `positions` seeded games drawn from the prior.
Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_open_world import first_suggestion, mid_game, summary  # noqa: E402
from wordguess import PuzzleSpec, get_game  # noqa: E402
from wordguess.games.languages import LANGUAGES  # noqa: E402
from wordguess.lists import priors  # noqa: E402
from wordguess.strategies import get_strategy  # noqa: E402
from wordguess.trees.report import evaluate  # noqa: E402


def language_figures(code: str, draw: int, top: int, positions: int) -> dict:
    game = get_game("wordle", language=code)
    out: dict = {"name": LANGUAGES[code].english}
    closed = PuzzleSpec(game).build()
    out["answers"], out["guesses"] = len(closed.answers), len(closed.guesses)
    t = time.perf_counter()
    out["closed_entropy"] = summary(evaluate(closed, get_strategy("entropy")), time.perf_counter() - t)

    puzzle = PuzzleSpec(game, world="open").build()
    strategy = get_strategy("fewest-guesses")
    out.update(first_suggestion(puzzle, strategy))

    p = puzzle.probabilities(puzzle.all_candidates())
    rng = np.random.default_rng(36)
    drawn = [puzzle.answers[int(i)] for i in rng.choice(len(p), size=min(draw, len(p)), replace=False, p=p)]
    table = priors.frequency_table(priors.table_name("wordle", game.open_guesses))
    frequent = sorted(puzzle.answers, key=lambda w: (-table.get(w, (0.0, ""))[0], w))[:top]
    for name, words in (("open_most_frequent", frequent), ("open_drawn_from_prior", drawn)):
        t = time.perf_counter()
        out[name] = summary(evaluate(puzzle, strategy, secrets=words, world="open"), time.perf_counter() - t)

    out["mid_game"] = mid_game(puzzle, strategy, drawn[:positions])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--languages", default=",".join(c for c in LANGUAGES if c != "en"))
    parser.add_argument("--draw", type=int, default=1000)
    parser.add_argument("--top", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=20)
    args = parser.parse_args()
    os.environ.setdefault("WORDGUESS_CACHE_DIR", tempfile.mkdtemp(prefix="bench-languages-"))  # a new cache
    report: dict = {"load": os.getloadavg()[:2], "cpus": os.cpu_count()}
    started = time.perf_counter()
    for code in args.languages.split(","):
        report[code] = language_figures(code, args.draw, args.top, args.positions)
        print(f"{code}: {json.dumps(report[code])}", file=sys.stderr, flush=True)
    report["seconds"] = round(time.perf_counter() - started, 1)
    report["load_after"] = os.getloadavg()[:2]
    json.dump(report, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
