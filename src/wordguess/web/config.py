"""The web app's settings: limits, the signing key of game tokens, CORS. Read once when the app
is made; nothing here changes while it runs."""

from __future__ import annotations

import dataclasses

from wordguess.play.daily import signing_key


@dataclasses.dataclass(frozen=True)
class Limits:
    """What one request may ask for."""

    # bytes of a request body: more than the largest the document allows (the sizes of its fields,
    # web.requests, with every character escaped as JSON's \uXXXX, an emoji square as two)
    max_body: int = 256 * 1024
    analyze_seconds: float = 2.5  # the exact search's seconds of one analysis, all moves together
    startup_seconds: float = 30.0  # a fresh worker's extra time (imports, compiled kernels, the puzzle)
    expensive_per_minute: int = 12  # expensive calls (analysis) per client and minute
    workers: int = 1  # processes for heavy work
    analyze_queue: int = 8  # analyses waiting for a worker; beyond, 503
    puzzles: int = 12  # puzzles kept built (each distinct game, mode and world)
    matrix_mb: int = 256  # the largest pattern matrix made (its transpose takes as much again)
    puzzles_mb: int = 2048  # the most the kept puzzles' matrices may take together
    advisers: int = 0  # processes computing suggestions (web.advisers; 0: in the server's threads)
    advise_queue: int = 256  # suggestions waiting for an adviser; beyond, 503
    advise_seconds: float = 120.0  # the most one suggestion computes in an adviser before it is stopped (503)
    compute_slots: int = 8  # requests computing at once in the server's threads
    compute_wait: float = 20.0  # seconds a request waits for a slot before a 503
    games: int = 100_000  # hosted games whose latest state is remembered (see state.GameLedger)
    kept_advice: int = 4096  # the assistant's answers kept, by position (see state.KeptAdvice)


@dataclasses.dataclass(frozen=True)
class Settings:
    """How the app runs."""

    limits: Limits = Limits()
    # Game tokens are signed with this key (see signing_key: kept between runs).
    key: str = dataclasses.field(default_factory=signing_key)
    cors_origins: tuple[str, ...] = ()  # origins allowed to call the API from elsewhere (none: CORS off)
    docs: bool = True  # serve /docs (Swagger UI from the swagger-ui-bundle package, no CDN)
    warm: bool = True  # the advisers build the default game before their first question (web.advisers)
    trusted_hosts: tuple[str, ...] = ()  # the Host names answered (none: any; `serve` on the loopback: its names)
