"""The on-disk store of proven results (SQLite), so that a rerun resumes where a search stopped
and a long certification can be split across runs and machines.

Two tables, both keyed by the puzzle (rules, lists, mode, depth limit and search version):
  * `openers`: per first guess, its exact value, or a proven lower bound;
  * `sets`: memo entries of large candidate sets (exact value and best guess, or lower bound),
    keyed by the search's 128-bit set hash.
Writes are transactions, so an interrupted run leaves only whole results behind.
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import numpy as np
import platformdirs

from wordguess.errors import WordguessError

SCHEMA = """
CREATE TABLE IF NOT EXISTS openers (
    puzzle TEXT NOT NULL, opener TEXT NOT NULL, value INTEGER NOT NULL, exact INTEGER NOT NULL,
    nodes INTEGER NOT NULL, seconds REAL NOT NULL, PRIMARY KEY (puzzle, opener));
CREATE TABLE IF NOT EXISTS sets (
    puzzle TEXT NOT NULL, k1 INTEGER NOT NULL, k2 INTEGER NOT NULL, word INTEGER NOT NULL,
    PRIMARY KEY (puzzle, k1, k2));
"""


def default_store_path() -> Path:
    """Return the store's default file, in the user cache folder."""
    return Path(platformdirs.user_cache_dir("wordguess")) / "optimal.sqlite"


class ResultStore:
    """Proven opener values and set values for any number of puzzles, in one SQLite file."""

    def __init__(self, path: str | Path):
        self.path = Path(path)  # the SQLite file
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=60)
            self._db.execute("PRAGMA journal_mode=WAL")  # readers and one writer at a time
            self._db.executescript(SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise self._damaged(exc) from None
        except (OSError, sqlite3.Error) as exc:
            raise WordguessError(f"cannot open the result store {str(self.path)!r}: {exc}") from exc

    def _damaged(self, exc: Exception) -> WordguessError:
        return WordguessError(f"the result store {str(self.path)!r} is damaged ({exc}): run with --no-store, "
                              "or delete the file (it only holds results that can be proven again)")

    @contextlib.contextmanager
    def _guarded(self):
        """Turn SQLite's complaint about a damaged file into one line naming the way out."""
        try:
            yield
        except sqlite3.DatabaseError as exc:
            raise self._damaged(exc) from None

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    def opener(self, puzzle: str, opener: str) -> tuple[int, bool, int, float] | None:
        """Return (value, exact, nodes, seconds) stored for an opener, or None."""
        with self._guarded():
            row = self._db.execute("SELECT value, exact, nodes, seconds FROM openers WHERE puzzle=? AND opener=?",
                                   (puzzle, opener)).fetchone()
            return None if row is None else (int(row[0]), bool(row[1]), int(row[2]), float(row[3]))

    def openers(self, puzzle: str) -> dict[str, tuple[int, bool]]:
        """Return every stored opener of a puzzle: opener -> (value, exact)."""
        with self._guarded():
            rows = self._db.execute("SELECT opener, value, exact FROM openers WHERE puzzle=?", (puzzle,))
            return {opener: (int(value), bool(exact)) for opener, value, exact in rows}

    def save_opener(self, puzzle: str, opener: str, value: int, exact: bool, nodes: int, seconds: float) -> None:
        """Record an opener's result unless a better one is stored (exact beats a bound; of two
        bounds the higher is kept)."""
        with self._guarded():
            old = self.opener(puzzle, opener)
            if old is not None and (old[1] or (not exact and old[0] >= value)):
                return
            with self._db:
                self._db.execute("INSERT OR REPLACE INTO openers VALUES (?, ?, ?, ?, ?, ?)",
                                 (puzzle, opener, int(value), int(exact), int(nodes), float(seconds)))

    def sets(self, puzzle: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Return the stored set entries of a puzzle as arrays (k1, k2, memo word)."""
        with self._guarded():
            rows = self._db.execute("SELECT k1, k2, word FROM sets WHERE puzzle=?", (puzzle,)).fetchall()
            data = np.array(rows, dtype=np.int64).reshape(-1, 3)
            return data[:, 0].copy(), data[:, 1].copy(), data[:, 2].copy()

    def save_sets(self, puzzle: str, k1: np.ndarray, k2: np.ndarray, words: np.ndarray) -> None:
        """Add set entries (the caller only sends entries at least as strong as what it loaded)."""
        with self._guarded():
            if len(k1):
                with self._db:
                    self._db.executemany("INSERT OR REPLACE INTO sets VALUES (?, ?, ?, ?)",
                                         ((puzzle, int(a), int(b), int(w)) for a, b, w in zip(k1, k2, words, strict=True)))
