"""The API keeps its own contract (issue 34, issue 65): Schemathesis with its default
configuration and every check, against a live server (`wordguess serve` on a free loopback
port), examples bounded and the seed fixed. The document describes each game's requests (web.requests:
its options, words and replies) and every answer actually sent: a request that fits it is
accepted (2xx) or refused for what the document cannot say (409: the game's lists, rules and
turns; 401: a game token this server cannot take; 403, 404, 429 and 503 where it says so), one
that does not fit it is a 400 (413 past the body limit); errors are {"detail": one line}, 405
carries its Allow header, no 5xx, every answer within the check's 10 s."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import SLOW_START, serving


@pytest.fixture(scope="module")
def lean_server():
    """A server whose analyses search half a second of nodes (the default is 2.5 s): the answers'
    shapes are the same, and an analysis stays within the check's 10 s on a loaded machine."""
    yield from serving("--analyze-seconds", "0.5", *SLOW_START)


def test_schemathesis_finds_no_failure_with_every_check(lean_server, tmp_path):
    server = lean_server
    command = [sys.executable, "-m", "schemathesis.cli", "run", f"{server}/openapi.json",
               "--checks", "all", "--max-examples", "25", "--seed", "34", "--no-color",
               # the client's own wait, beyond the 10 s every answer is held to (max_response_time)
               "--request-timeout", "120"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=tmp_path, env={**os.environ, "NO_COLOR": "1"})
    summary = [line for line in run.stdout.splitlines() if "generated" in line or "❌" in line]
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert any("passed" in line for line in summary), run.stdout[-2000:]
