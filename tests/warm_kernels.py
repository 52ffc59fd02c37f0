"""Compile the package's numba kernels into numba's on-disk cache before the suite starts
(`make test` runs it first). The suite's processes each compile a kernel they meet with an empty
cache, side by side with the others compiling the same one; compiled once here, they all read it.

The jobs are the paths the suite and the web server meet most: the assistant's first answer in
each kind of game (the web's warm-up list), the exact solver's total and worst-case searches in
normal and hard mode over reply codes of 8, 16 and 32 bits (and with a store, read and
written), the chooser's equilibrium (the weighted search), the LeetCode planner, the greedy
bound and the strategies' trees. They run over one process per core. A job that fails is
reported and the step fails, so that a command line here that no longer runs is mended, not
left to cost the suite its time."""

from __future__ import annotations

import multiprocessing
import os
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

HERE = Path(__file__).parent

# (game, turns, settings) of the assistant's first answers: test_web_contract's WARM_UP and the
# games the browser and API tests open.
ADVICE = [("wordle", "salet=.Y..G", {}), ("wordle", None, {"world": "closed"}),
          ("wordle", None, {"mode": "hard", "world": "open"}),
          ("sutom", None, {"length": 11, "first": "a", "world": "open"}),
          ("sutom", None, {"length": 5, "first": "a", "world": "open"}),
          ("sutom", None, {"length": 6, "first": "b"}),
          ("mastermind", "1122=1,1", {}), ("fibble", None, {}), ("nerdle", None, {"length": 6}),
          ("nerdle", None, {}), ("jotto", None, {}), ("termo", None, {}),
          ("quordle", [("salet", "..... ..... ..... .....")], {}), ("matches", None, {"length": 6})]

# Command lines of the exact solver and the strategies, over small lists (`{small}`: 100 Wordle
# answers) and small codes.
COMMANDS = [
    "optimal --game mastermind --pegs 3 --colours 4 --no-store --json",
    "optimal --game mastermind --pegs 3 --colours 4 --objective worst --fewest-worst --no-store --json",
    "optimal --answers {small} --guesses {small} --no-store --json",
    "optimal --answers {small} --guesses {small} --mode hard --no-store --json",
    "optimal --answers {small} --guesses {small} --objective worst --fewest-worst --no-store --json",
    "optimal --answers {small} --guesses {small} --objective worst --mode hard --no-store --json",
    "optimal --game bulls --pegs 2 --colours 5 --no-store --json",
    "optimal --game bulls --pegs 2 --colours 5 --objective worst --no-store --json",
    "optimal --game sutom --length 11 --first-letter a --answers {sutom} --guesses {sutom} --no-store --json",
    "optimal --game nerdle --length 6 --answers {nerdle} --guesses {nerdle} --no-store --json",
    "evaluate --answers {small} --guesses {small} --strategy lookahead --json",
    "evaluate --answers {small} --guesses {small} --strategy fewest-guesses --mode hard --json",
    "evaluate --game mastermind --pegs 3 --colours 4 --strategy minimax --json",
    "evaluate --answers {small} --strategy entropy --json",
    "evaluate --game jotto --strategy entropy --json",
    "absurdle --answers {small} --guesses {small} --json",
    "equilibrium --game mastermind --pegs 2 --colours 3 --json",
    "optimal --answers {small} --guesses {small} --store {store} --json",
    "optimal --answers {small} --guesses {small} --objective worst --mode hard --store {worst_store} --json",
]


def advise_job(game: str, turns, settings: dict) -> str:
    from wordguess import advise
    advise(game, turns, **settings)
    return game


def leetcode_job() -> str:
    """The LeetCode solver's planner, over the first 200 six-letter words of its game."""
    from wordguess import game_words, get_game
    from wordguess.leetcode import Master, Solution
    words = list(game_words(get_game("matches", length=6))[0])[:200]
    Solution().findSecretWord(words, Master(words, words[-1]))
    return "leetcode"


def command_job(line: str, files: dict[str, str]) -> str:
    from typer.testing import CliRunner

    from wordguess.cli import app
    result = CliRunner().invoke(app, line.format(**files).split())
    if result.exit_code != 0:
        raise RuntimeError(f"exit {result.exit_code}: {result.output[-300:]}")
    return line.split(" --json")[0]


def small_lists(folder: Path) -> dict[str, str]:
    """Write the small lists the command lines read."""
    sys.path.insert(0, str(HERE))
    from conftest import WORDLE_SMALL
    from wordguess import game_words, get_game
    files = {"small": WORDLE_SMALL[:100],
             "sutom": list(game_words(get_game("sutom", length=11, first="a"))[0])[:60],
             "nerdle": list(game_words(get_game("nerdle", length=6))[0])[:60]}
    paths = {}
    for name, words in files.items():
        path = folder / f"warm-{name}.txt"
        path.write_text("\n".join(words) + "\n")
        paths[name] = str(path)
    return paths | {"store": str(folder / "warm-total.sqlite"), "worst_store": str(folder / "warm-worst.sqlite")}


def main() -> int:
    import tempfile
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        files = small_lists(Path(folder))
        workers = len(os.sched_getaffinity(0))
        failed = 0
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
            jobs = {pool.submit(command_job, line, files): line for line in COMMANDS}
            jobs |= {pool.submit(advise_job, *job): job[0] for job in ADVICE}
            jobs[pool.submit(leetcode_job)] = "leetcode"
            for job in as_completed(jobs):
                try:
                    job.result()
                except Exception:  # noqa: BLE001  (reported; the tests judge the code)
                    failed += 1
                    print(f"warm-up {jobs[job]!r} failed:\n{traceback.format_exc(limit=2)}", file=sys.stderr)
    print(f"kernels compiled in {time.monotonic() - start:.0f} s ({len(jobs) - failed} of {len(jobs)} jobs)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
