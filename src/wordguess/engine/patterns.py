"""Pattern matrices computed once per process and reused, optionally cached on disk.

A `PatternStore` maps (game rules, guesses, secrets) to the matrix of encoded replies. The disk
cache lives under the user cache folder (or $WORDGUESS_CACHE_DIR), keyed by a content hash, and
is written atomically (a temporary file renamed into place), so concurrent processes never see a
partial file.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import platformdirs

from wordguess.games import Game
from wordguess.vocab import Word

# Matrices smaller than this are cheaper to recompute than to read back from disk.
DISK_MIN_ENTRIES = 2_000_000


def default_cache_dir() -> Path | None:
    """Return the folder of the on-disk cache, or None when $WORDGUESS_NO_CACHE is set."""
    if os.environ.get("WORDGUESS_NO_CACHE"):
        return None
    folder = os.environ.get("WORDGUESS_CACHE_DIR")
    return Path(folder) if folder else Path(platformdirs.user_cache_dir("wordguess")) / "patterns"


def matrix_key(game: Game, guesses: Sequence[Word], secrets: Sequence[Word]) -> str:
    """Return the content hash that identifies a pattern matrix."""
    digest = hashlib.sha256(game.key.encode())
    for words in (guesses, secrets):
        digest.update(b"\x00" + "\n".join(words).encode("utf-8"))
    return digest.hexdigest()[:32]


class PatternStore:
    """Pattern matrices by content: in memory for the process, and on disk when a folder is set."""

    def __init__(self, cache_dir: Path | None = None, disk_min_entries: int = DISK_MIN_ENTRIES):
        self.cache_dir = cache_dir  # where large matrices persist between processes (None: nowhere)
        self.disk_min_entries = disk_min_entries  # smaller matrices stay in memory only
        self._memory: dict[str, np.ndarray] = {}

    @classmethod
    def from_environment(cls) -> PatternStore:
        """Return a new store on the default cache folder (see default_cache_dir)."""
        return cls(default_cache_dir())

    def matrix(self, game: Game, guesses: Sequence[Word], secrets: Sequence[Word]) -> np.ndarray:
        """Return game.pattern_matrix(guesses, secrets), computed at most once (read-only)."""
        key = matrix_key(game, guesses, secrets)
        found = self._memory.get(key)
        if found is None:
            found = self._load(key, len(guesses) * len(secrets))
            if found is None:
                found = game.pattern_matrix(guesses, secrets)
                self._save(key, found)
            found.flags.writeable = False
            self._memory[key] = found
        return found

    def remembered(self, key: str, compute):
        """Return compute() (JSON-ready data), kept on disk under `key` so a later process
        reads it instead of computing it again (e.g. the opening suggestions)."""
        path = None if self.cache_dir is None else self.cache_dir / "results" / f"{key}.json"
        if path is not None and path.exists():
            try:
                return json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                pass  # damaged: computed again below and replaced
        value = compute()
        if path is not None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                with tempfile.NamedTemporaryFile("w", dir=path.parent, suffix=".tmp", delete=False,
                                                 encoding="utf-8") as tmp:
                    json.dump(value, tmp)
                os.replace(tmp.name, path)
            except OSError:
                pass  # the cache is an optimisation
        return value

    def _path(self, key: str, entries: int) -> Path | None:
        if self.cache_dir is None or entries < self.disk_min_entries:
            return None
        return self.cache_dir / f"{key}.npy"

    def _load(self, key: str, entries: int) -> np.ndarray | None:
        path = self._path(key, entries)
        if path is None or not path.exists():
            return None
        try:
            return np.load(path, allow_pickle=False)
        except (OSError, ValueError):
            return None  # a damaged cache file is recomputed and replaced

    def _save(self, key: str, matrix: np.ndarray) -> None:
        path = self._path(key, matrix.size)
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".tmp", delete=False) as tmp:
                np.save(tmp, matrix, allow_pickle=False)
            os.replace(tmp.name, path)
        except OSError:
            pass  # the cache is an optimisation; a read-only home must not stop the program
