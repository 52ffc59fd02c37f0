"""The web app's settings: limits, the signing key of game tokens, CORS. Read once when the app
is made; nothing here changes while it runs."""

from __future__ import annotations

import dataclasses
import os
import secrets

KEY_VARIABLE = "WORDGUESS_WEB_KEY"  # a fixed signing key, so game tokens survive a restart


@dataclasses.dataclass(frozen=True)
class Limits:
    """What one request may ask for."""

    max_body: int = 32 * 1024  # bytes of a request body (the sizes of its fields: web.models)
    analyze_seconds: float = 20.0  # the time budget of one analysis, all moves together
    expensive_per_minute: int = 12  # expensive calls (analysis) per client and minute
    workers: int = 1  # processes for heavy work
    puzzles: int = 12  # puzzles kept built (each distinct game, mode and world)


@dataclasses.dataclass(frozen=True)
class Settings:
    """How the app runs."""

    limits: Limits = Limits()
    # Game tokens are signed with this key. A random key (the default) makes every token of an
    # earlier run invalid after a restart; set WORDGUESS_WEB_KEY to keep them.
    key: str = dataclasses.field(default_factory=lambda: os.environ.get(KEY_VARIABLE) or secrets.token_hex(32))
    cors_origins: tuple[str, ...] = ()  # origins allowed to call the API from elsewhere (none: CORS off)
    docs: bool = True  # serve /docs (Swagger UI from the swagger-ui-bundle package, no CDN)
