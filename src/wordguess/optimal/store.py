"""The on-disk store of proven results (SQLite), so that a rerun resumes where a search stopped
and a long certification can be split across runs and machines.

Two tables, both keyed by the puzzle (rules, lists, mode, depth limit and search version):
  * `opener_results`: per first guess, its exact value, or a proven lower bound;
  * `set_results`: memo entries of large candidate sets (exact value and best guess, or lower
    bound), keyed by the search's 128-bit set hash.
Every row carries a checksum of its content, checked when it is read: a damaged row is passed
over (its result is proven again), never trusted. Writes are transactions, so an interrupted
run leaves only whole results behind.

Several processes (a process pool's workers, the Ray workers of one machine) may write one file
at once: SQLite's write-ahead log lets one writer in at a time, and every write is a single
upsert that keeps the stronger of the stored and the new result (exact beats a bound, of two
bounds the higher), decided inside the write itself, so a process that loaded the store before
another one proved more can never replace that result with a weaker one. SQLite's locking does
not hold on network file systems: on a cluster each machine keeps its own file (docs/cluster.md).
"""

from __future__ import annotations

import contextlib
import sqlite3
import zlib
from pathlib import Path

import numpy as np
import platformdirs

from wordguess.errors import WordguessError

SCHEMA = """
CREATE TABLE IF NOT EXISTS opener_results (
    puzzle TEXT NOT NULL, opener TEXT NOT NULL, value INTEGER NOT NULL, exact INTEGER NOT NULL,
    nodes INTEGER NOT NULL, seconds REAL NOT NULL, checksum INTEGER NOT NULL, PRIMARY KEY (puzzle, opener));
CREATE TABLE IF NOT EXISTS set_results (
    puzzle TEXT NOT NULL, k1 INTEGER NOT NULL, k2 INTEGER NOT NULL, word INTEGER NOT NULL,
    checksum INTEGER NOT NULL, PRIMARY KEY (puzzle, k1, k2));
"""


def row_checksum(*fields: object) -> int:
    """Return the CRC-32 of a row's fields (what is checked when the row is read back)."""
    return zlib.crc32("|".join(map(str, fields)).encode())


# The upserts' conditions: replace a stored row only with a stronger result, or if it is damaged.
# A memo word holds (value << 24 | guess << 1 | exact), as kernel.pack writes it.
SAVE_OPENER = """
INSERT INTO opener_results VALUES (?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (puzzle, opener) DO UPDATE SET value = excluded.value, exact = excluded.exact,
    nodes = excluded.nodes, seconds = excluded.seconds, checksum = excluded.checksum
WHERE opener_results.checksum != row_checksum(opener_results.puzzle, opener_results.opener,
                                              opener_results.value, opener_results.exact)
   OR (NOT opener_results.exact AND (excluded.exact OR excluded.value > opener_results.value))
"""
SAVE_SET = """
INSERT INTO set_results VALUES (?, ?, ?, ?, ?)
ON CONFLICT (puzzle, k1, k2) DO UPDATE SET word = excluded.word, checksum = excluded.checksum
WHERE set_results.checksum != row_checksum(set_results.puzzle, set_results.k1, set_results.k2, set_results.word)
   OR (NOT (set_results.word & 1)
       AND ((excluded.word & 1) OR (excluded.word >> 24) > (set_results.word >> 24)))
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
            self._db.create_function("row_checksum", 4, row_checksum, deterministic=True)
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
        """Return (value, exact, nodes, seconds) stored for an opener, or None (also for a
        damaged row)."""
        with self._guarded():
            row = self._db.execute("SELECT value, exact, nodes, seconds, checksum FROM opener_results "
                                   "WHERE puzzle=? AND opener=?", (puzzle, opener)).fetchone()
        if row is None or row[4] != row_checksum(puzzle, opener, row[0], row[1]):
            return None
        return int(row[0]), bool(row[1]), int(row[2]), float(row[3])

    def openers(self, puzzle: str) -> dict[str, tuple[int, bool]]:
        """Return every stored opener of a puzzle whose row is intact: opener -> (value, exact)."""
        with self._guarded():
            rows = self._db.execute("SELECT opener, value, exact, checksum FROM opener_results WHERE puzzle=?",
                                    (puzzle,)).fetchall()
        return {opener: (int(value), bool(exact)) for opener, value, exact, check in rows
                if check == row_checksum(puzzle, opener, value, exact)}

    def save_opener(self, puzzle: str, opener: str, value: int, exact: bool, nodes: int, seconds: float) -> None:
        """Record an opener's result unless a better one is stored (exact beats a bound; of two
        bounds the higher is kept)."""
        with self._guarded(), self._db:
            self._db.execute(SAVE_OPENER, (puzzle, opener, int(value), int(exact), int(nodes), float(seconds),
                                           row_checksum(puzzle, opener, int(value), int(exact))))

    def sets(self, puzzle: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Return the intact stored set entries of a puzzle as arrays (k1, k2, memo word)."""
        with self._guarded():
            rows = self._db.execute("SELECT k1, k2, word, checksum FROM set_results WHERE puzzle=?",
                                    (puzzle,)).fetchall()
        intact = [(a, b, w) for a, b, w, check in rows if check == row_checksum(puzzle, a, b, w)]
        data = np.array(intact, dtype=np.int64).reshape(-1, 3)
        return data[:, 0].copy(), data[:, 1].copy(), data[:, 2].copy()

    def save_sets(self, puzzle: str, k1: np.ndarray, k2: np.ndarray, words: np.ndarray) -> None:
        """Add set entries, each unless a stronger one is stored (exact beats a bound; of two
        bounds the higher is kept)."""
        if len(k1):
            rows = [(puzzle, int(a), int(b), int(w), row_checksum(puzzle, int(a), int(b), int(w)))
                    for a, b, w in zip(k1, k2, words, strict=True)]
            with self._guarded(), self._db:
                self._db.executemany(SAVE_SET, rows)
