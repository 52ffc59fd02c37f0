"""The API keeps its own contract (issue 34, issue 65): Schemathesis with its default
configuration and every check, against a live server (`wordguess serve` on a free loopback
port), examples bounded and the seed fixed. The document describes each game's requests (web.requests:
its options, words and replies) and every answer actually sent: a request that fits it is
accepted (2xx) or refused for what the document cannot say (409: the game's lists, rules and
turns; 401: a game token this server cannot take; 403, 404, 429 and 503 where it says so), one
that does not fit it is a 400 (413 past the body limit); errors are {"detail": one line}, 405
carries its Allow header, no 5xx. The answers' times are bench/bench_web.py's business: here the
check's clock runs beside the rest of the suite on a shared machine, so its limit (10 s by
default) is raised to one that only a hang passes."""

from __future__ import annotations

import os
import subprocess
import sys

import httpx
import pytest

from conftest import SLOW_START, serving

# A first answer of each kind of game, asked before the check with no time limit: with a fresh
# install's empty numba cache the first of each compiles its kernels (a French Sutom of 11
# letters: 14 s with the suite beside it), and the slowest first answers search what later
# ones read; the check's limit per answer is about neither.
WARM_UP = [("/api/assist", {"game": "wordle", "turns": [{"guess": "salet", "reply": ".Y..G"}]}),
           ("/api/assist", {"game": "sutom", "length": 11, "first": "a", "world": "open"}),
           # (and the exact guard's first decision for Sutom's 5 letters from A: 5 s on a quiet machine)
           ("/api/assist", {"game": "sutom", "length": 5, "first": "a", "world": "open"}),
           ("/api/assist", {"game": "sutom", "length": 6, "first": "b"}),
           ("/api/assist", {"game": "wordle", "mode": "hard", "world": "open"}),  # (its opening searched: about 5 s)
           ("/api/assist", {"game": "mastermind", "turns": [{"guess": "1122", "reply": "1,1"}]}),
           ("/api/assist", {"game": "fibble"}),
           ("/api/assist", {"game": "nerdle", "length": 6}),
           ("/api/boards/assist", {"game": "quordle", "turns": [{"guess": "salet", "reply": "..... ..... ..... ....."}]})]


@pytest.fixture(scope="module")
def lean_server():
    """A server whose analyses search half a second of nodes (the default is 2.5 s), in one worker
    process (the default is one per core, each warmed at its start): the answers' shapes are the
    same, and the check spends less time on them."""
    for url in serving("--analyze-seconds", "0.5", "--workers", "1", *SLOW_START):
        for path, body in WARM_UP:
            httpx.post(f"{url}{path}", json=body, timeout=300)  # (its status is the check's business)
        yield url


# The coverage phase (every boundary and negative case the document implies: about 7,900 requests,
# two minutes) runs with `-m slow`; the default run has the examples, fuzzing and stateful phases.
PHASES = [pytest.param("examples,fuzzing,stateful", id="fuzzing"),
          pytest.param("coverage", id="coverage", marks=pytest.mark.slow)]


@pytest.mark.parametrize("phases", PHASES)
def test_schemathesis_finds_no_failure_with_every_check(lean_server, tmp_path, phases):
    server = lean_server
    command = [sys.executable, "-m", "schemathesis.cli", "run", f"{server}/openapi.json", "--phases", phases,
               "--checks", "all", "--max-examples", "50", "--seed", "34", "--no-color",
               "--max-response-time", "60", "--request-timeout", "120"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=tmp_path, env={**os.environ, "NO_COLOR": "1"})
    summary = [line for line in run.stdout.splitlines() if "generated" in line or "❌" in line]
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert any("passed" in line for line in summary), run.stdout[-2000:]
