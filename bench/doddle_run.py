"""Baseline of issue 5: doddle 1.6.0's `tree_search` on Wordle (2315 answers, 12972 guesses).
Prints JSON.

doddle runs in its own environment (created on first use by doddle_env.py) in a subprocess, so
its numpy and numba pins never meet the project's. The subprocess times itself: `seconds` is its
wall time from before `import doddle` to the result (so interpreter start-up is left out),
`compile_seconds` the part spent importing doddle (which compiles its scoring kernel) and
compiling its lazily jitted histogram kernel; `phases` breaks the rest down. doddle's search is
a heuristic (it tries the few best guesses by entropy in each bucket), so its total is an upper
bound, not a proof. bench_optimal.py calls `run_doddle` to measure it side by side with ours.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import doddle_env  # noqa: E402  (a sibling script, importable once bench/ is on the path)

DRIVER = Path(__file__).resolve().parent / "doddle_driver.py"


def run_doddle(opener: str = "SALET") -> dict:
    """Return doddle's tree-search result for `opener`: opener, total, mean, seconds,
    compile_seconds and doddle_version, plus worst, answers, guesses, histogram and phases.
    doddle's progress bar goes to this process's stderr."""
    env = doddle_env.ensure()
    out = subprocess.run(
        [env["python"], str(DRIVER), opener], check=True, stdout=subprocess.PIPE, text=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opener", default="SALET", help="doddle's first guess")
    args = parser.parse_args()
    print(json.dumps(run_doddle(args.opener), indent=2))


if __name__ == "__main__":
    main()
