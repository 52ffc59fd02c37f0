"""The API keeps its own contract (issue 34): Schemathesis, every check, against a live server
(`wordguess serve` on a free loopback port), examples bounded and the seed fixed. The OpenAPI
document must describe every answer actually sent: the errors' {"detail": one line} with their
statuses (400 for a request that does not fit it, 422 for one the game refuses, 409, 413, 429,
503), the fields each operation requires (an analysis's three ways), 405 with its Allow header;
no 5xx. tests/data/schemathesis.toml says why a refusal by the game (a word not in its lists, a
token this server did not sign) is 422 although the document cannot tell such a request apart."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CONFIG = Path(__file__).parent / "data" / "schemathesis.toml"


def test_schemathesis_finds_no_failure_with_every_check(server, tmp_path):
    command = [sys.executable, "-m", "schemathesis.cli", "--config-file", str(CONFIG), "run", f"{server}/openapi.json",
               "--checks", "all", "--max-examples", "40", "--seed", "34", "--no-color",
               # a request's time is not what this checks: on a loaded machine the open world's first
               # suggestion in a new cache (its 14,855-word matrix made) passed the default 10 s
               "--request-timeout", "120"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=tmp_path, env={**os.environ, "NO_COLOR": "1"})
    summary = [line for line in run.stdout.splitlines() if "generated" in line or "❌" in line]
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert any("passed" in line for line in summary), run.stdout[-2000:]
