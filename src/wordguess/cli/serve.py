"""`wordguess serve`: the web app (the optional extra `wordguess[web]`), imported only here."""

from __future__ import annotations

import importlib.util
import os
from typing import Annotated

import typer

from wordguess.cli.common import err, friendly
from wordguess.errors import WordguessError

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
WEB_MISSING = "the web app needs the optional extra: pip install 'wordguess[web]'"


def web_available() -> bool:
    """Return whether the web extra's packages are installed."""
    return all(importlib.util.find_spec(name) is not None for name in ("fastapi", "uvicorn", "itsdangerous"))


@friendly
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (127.0.0.1: this machine only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    workers: Annotated[int | None, typer.Option(min=1, max=16, help="Processes for heavy work (analysis; default: "
                                                "one per core this process may use, at most 16).")] = None,
    advisers: Annotated[int | None, typer.Option(min=0, max=16, help="Processes computing the assistant's suggestions "
                                                 "(default: one per core this process may use, at most 16; 0: in the "
                                                 "server's own threads).")] = None,
    cors: Annotated[list[str] | None, typer.Option(help="An origin allowed to call the API from another site (CORS is off without it).")] = None,
    analyze_seconds: Annotated[float | None, typer.Option(
        min=0.1, max=600, help="Seconds of exact search one analysis may take, its moves together (default: the "
        "app's, 2.5): more settles more moves exactly, and holds a worker longer.")] = None,
    startup_seconds: Annotated[float | None, typer.Option(
        min=1, max=3600, help="Seconds a fresh analysis worker may take to start (imports, compiled kernels, the "
        "puzzle) on top of the analysis's own (default: the app's, 30): raise it on a slow or busy machine.")] = None,
) -> None:
    """Start the web app: the assistant, play, analysis, multi-board games and the optimal tree
    in the browser, and the JSON API under /api/ (docs at /docs). Set WORDGUESS_WEB_KEY to keep
    game tokens valid across restarts."""
    if not web_available():
        raise WordguessError(WEB_MISSING)
    # OpenMP's threads spin for a while after each parallel kernel, waiting for the next: in a
    # server whose requests compute side by side, the spinning takes the processor from the other
    # requests (it nearly doubles the processor time of a suggestion, for the same wall time). Read once, when numba first loads its OpenMP layer, which is after this.
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    import uvicorn

    from wordguess.web import Limits, Settings, create_app

    # On the loopback, only requests that name this machine are answered (a page of another site
    # cannot reach the server through a DNS name pointed at 127.0.0.1).
    hosts = LOOPBACK_NAMES if host in LOOPBACK_NAMES else ()
    budget = {name: value for name, value in (("analyze_seconds", analyze_seconds), ("startup_seconds", startup_seconds))
              if value is not None}
    cores = max(1, min(16, len(os.sched_getaffinity(0))))
    settings = Settings(limits=Limits(workers=workers or cores, advisers=cores if advisers is None else advisers, **budget),
                        cors_origins=tuple(cors or ()), trusted_hosts=hosts)
    err.print(f"wordguess web app on http://{host}:{port}/ (Ctrl-C stops it)", markup=False)
    # proxy_headers off: the client's address (the rate limit's key) is the connection's, not
    # whatever an X-Forwarded-For header claims
    uvicorn.run(create_app(settings), host=host, port=port, log_level="warning", proxy_headers=False)
