"""Pattern matrices computed once per process and reused, optionally cached on disk.

A `PatternStore` maps (game rules, guesses, secrets) to the matrix of encoded replies. The disk
cache lives under the user cache folder (or $WORDGUESS_CACHE_DIR), keyed by a content hash, and
is written atomically (a temporary file renamed into place), so concurrent processes never see a
partial file. A file is mapped into memory, not read: a position touches a few rows of a matrix
of hundreds of megabytes. A file's name carries the checksum of its data, checked in full at its
first read and again whenever the file is no longer the one checked (its inode, size or
modification time, which the store sets itself at each read, differ from its mark in `checked/`):
a damaged file is removed and the matrix computed again. Sized to the machine: a matrix is
written at its second use (a one-off command's stays off the disk), the files together take at
most 1 GiB or a tenth of the disk's free space ($WORDGUESS_CACHE_MAX_MB), and no matrix is made
over a quarter of the machine's memory (4 GiB at most).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
import threading
import time
import zlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import platformdirs

from wordguess.errors import WordguessError
from wordguess.games import Game
from wordguess.vocab import Word

# Matrices smaller than this are cheaper to recompute than to read back from disk.
DISK_MIN_ENTRIES = 2_000_000
# The largest matrix made (bytes): the machines this runs on have a few GiB to spare, and a
# larger one means lists far beyond any real game's (or Sutom without its first letter).
MAX_MATRIX_BYTES = 4 << 30
# The most the matrix files of one cache folder may take together; the least recently used
# files are removed past it ($WORDGUESS_CACHE_MAX_MB sets another cap).
DEFAULT_CAP_BYTES = 1 << 30


def default_cache_dir() -> Path | None:
    """Return the folder of the on-disk cache, or None when $WORDGUESS_NO_CACHE is set."""
    if os.environ.get("WORDGUESS_NO_CACHE"):
        return None
    folder = os.environ.get("WORDGUESS_CACHE_DIR")
    return Path(folder) if folder else Path(platformdirs.user_cache_dir("wordguess")) / "patterns"


def memo_key(*parts: object) -> str:
    """Return the key a result remembered in a store (PatternStore.remembered) or shipped is kept
    under: a hash of its parts' repr (what the result depends on)."""
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def matrix_key(game: Game, guesses: Sequence[Word], secrets: Sequence[Word]) -> str:
    """Return the content hash that identifies a pattern matrix."""
    digest = hashlib.sha256(game.key.encode())
    for words in (guesses, secrets):
        digest.update(b"\x00" + "\n".join(words).encode("utf-8"))
    return digest.hexdigest()[:32]


class PatternStore:
    """Pattern matrices by content: in memory for the process, and on disk when a folder is set."""

    def __init__(self, cache_dir: Path | None = None, disk_min_entries: int = DISK_MIN_ENTRIES,
                 cap_bytes: int = DEFAULT_CAP_BYTES, max_bytes: int = MAX_MATRIX_BYTES, write_on_use: int = 1):
        self.cache_dir = cache_dir  # where large matrices persist between processes (None: nowhere)
        self.disk_min_entries = disk_min_entries  # smaller matrices stay in memory only
        # A matrix is written at its n-th computation (a small mark counts the earlier ones): 2
        # keeps a one-off command's matrix (a Nerdle session, a list given once) off the disk.
        self.write_on_use = write_on_use
        self.cap_bytes = cap_bytes  # the most the folder's matrix files may take together
        self.max_bytes = max_bytes  # the largest matrix this store makes
        self._memory: dict[str, np.ndarray] = {}
        self._results: dict[str, object] = {}  # remembered results, also kept in memory
        self._computing: dict[str, threading.Lock] = {}  # one computation per key at a time
        self._lock = threading.Lock()

    @classmethod
    def from_environment(cls, max_bytes: int = MAX_MATRIX_BYTES) -> PatternStore:
        """Return a new store on the default cache folder (see default_cache_dir), capped at
        $WORDGUESS_CACHE_MAX_MB megabytes if set, making matrices of at most `max_bytes`."""
        cap = os.environ.get("WORDGUESS_CACHE_MAX_MB", "")
        folder = default_cache_dir()
        return cls(folder, cap_bytes=int(cap) << 20 if cap.isdecimal() else machine_cap(folder),
                   max_bytes=min(max_bytes, machine_memory() // 4), write_on_use=2)

    def files(self) -> list[Path]:
        """Return the store's files on disk (matrices and remembered results), oldest use first."""
        if self.cache_dir is None or not self.cache_dir.is_dir():
            return []
        found = [*self.cache_dir.glob("*.npy"), *self.cache_dir.glob("results/*.json"), *self.cache_dir.glob("uses/*"),
                 *self.cache_dir.glob("checked/*")]
        return sorted(found, key=lambda p: p.stat().st_mtime)

    def clear(self) -> int:
        """Remove the store's files and return how many bytes they took."""
        freed = 0
        for path in self.files():
            with contextlib.suppress(OSError):
                size = path.stat().st_size
                path.unlink()
                freed += size
        return freed

    def _trim(self) -> None:
        """Remove the least recently used matrix files until the rest fit the cap."""
        matrices = [p for p in self.files() if p.suffix == ".npy"]
        total = sum(p.stat().st_size for p in matrices)
        for path in matrices:
            if total <= self.cap_bytes:
                break
            with contextlib.suppress(OSError):
                total -= path.stat().st_size
                path.unlink()
                (self.cache_dir / "checked" / path.name).unlink(missing_ok=True)

    def matrix(self, game: Game, guesses: Sequence[Word], secrets: Sequence[Word]) -> np.ndarray:
        """Return game.pattern_matrix(guesses, secrets), computed at most once (read-only)."""
        key = matrix_key(game, guesses, secrets)
        found = self._memory.get(key)
        if found is None:
            check_size(game, len(guesses), len(secrets), self.max_bytes)
            found = self._load(key, len(guesses) * len(secrets))
            if found is None:
                found = game.pattern_matrix(guesses, secrets)
                self._save(key, found)
            found.flags.writeable = False
            self._memory[key] = found
        return found

    def derived(self, game: Game, guesses: Sequence[Word], secrets: Sequence[Word], name: str, shape: tuple[int, ...],
                compute) -> np.ndarray:
        """Return compute(), an array of `shape` made from the matrix of (game, guesses,
        secrets), such as its transpose: read from a file beside the matrix's own when there is
        one (checked as the matrix is), else computed, and written there when the matrix is on
        disk. Not kept in memory: its caller keeps it as long as its matrix."""
        matrix = matrix_key(game, guesses, secrets)
        key = f"{matrix}.{name}"
        entries = len(guesses) * len(secrets)
        found = self._load(key, int(np.prod(shape)), entries)
        if found is None or found.shape != shape:
            found = compute()
            if self._on_disk(entries) and any(self.cache_dir.glob(f"{matrix}-*.npy")):
                self._write(key, found)
        found.flags.writeable = False
        return found

    def remembered(self, key: str, compute):
        """Return compute() (JSON-ready data), kept in memory and on disk under `key` so a later
        call or process reads it instead of computing it again (e.g. the opening suggestions);
        threads asking for the same key at once compute it once."""
        with self._lock:
            lock = self._computing.setdefault(key, threading.Lock())
        with lock:
            if key not in self._results:
                self._results[key] = self._remembered(key, compute)
            return self._results[key]

    def _remembered(self, key: str, compute):
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

    def _on_disk(self, entries: int) -> bool:
        return self.cache_dir is not None and entries >= self.disk_min_entries

    def _load(self, key: str, size: int, entries: int | None = None) -> np.ndarray | None:
        """Return the cached array of `key` (`size` entries, mapped from its file, read-only) if
        a file holds it intact, else None (a damaged or unreadable file is removed, so it is
        recomputed and replaced). `entries`: the size of the matrix it belongs to, when that is
        not the array itself."""
        if not self._on_disk(size if entries is None else entries):
            return None
        for path in self.cache_dir.glob(f"{key}-*.npy"):
            try:
                found = np.load(path, mmap_mode="r", allow_pickle=False)
                if found.size == size and (self._checked(path) or f"{key}-{checksum(found)}.npy" == path.name):
                    self._mark_checked(path)  # and used now: the cap removes the least recently used first
                    return np.asarray(found)  # (a plain array over the mapping)
            except (OSError, ValueError, EOFError):
                pass
            with contextlib.suppress(OSError):
                path.unlink()
                (self.cache_dir / "checked" / path.name).unlink(missing_ok=True)
        return None

    def _checked(self, path: Path) -> bool:
        """Return whether the file is the one whose checksum was last checked (its mark)."""
        try:
            return (self.cache_dir / "checked" / path.name).read_text() == file_identity(path)
        except OSError:
            return False

    def _mark_checked(self, path: Path) -> None:
        """Set the file's modification time to now (its last use) and mark it as checked."""
        with contextlib.suppress(OSError):
            now = time.time_ns()  # to the nanosecond: no later write to the file gets the same time
            os.utime(path, ns=(now, now))
            mark = self.cache_dir / "checked" / path.name
            mark.parent.mkdir(exist_ok=True)
            mark.write_text(file_identity(path))

    def _save(self, key: str, matrix: np.ndarray) -> None:
        """Write the matrix under a name that carries its key and the checksum of its data (at
        its `write_on_use`-th computation: before, a mark counts the uses)."""
        if not self._on_disk(matrix.size):
            return
        try:
            self.cache_dir.mkdir(parents=True, exist_ok=True)
            if self.write_on_use > 1:
                mark = self.cache_dir / "uses" / key
                seen = mark.read_text() if mark.is_file() else ""
                uses = int(seen) + 1 if seen.isdecimal() else 1
                if uses < self.write_on_use:
                    mark.parent.mkdir(exist_ok=True)
                    mark.write_text(str(uses))
                    return
                mark.unlink(missing_ok=True)
        except OSError:
            return  # the cache is an optimisation; a read-only home must not stop the program
        self._write(key, matrix)

    def _write(self, key: str, array: np.ndarray) -> None:
        """Write the array atomically under a name that carries its key and checksum."""
        try:
            with tempfile.NamedTemporaryFile(dir=self.cache_dir, suffix=".tmp", delete=False) as tmp:
                np.save(tmp, array, allow_pickle=False)
            os.replace(tmp.name, self.cache_dir / f"{key}-{checksum(array)}.npy")
            self._trim()
        except OSError:
            pass  # as above


def machine_memory() -> int:
    """Return the machine's memory in bytes (8 GiB when it cannot be read)."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return 8 << 30


def machine_cap(folder: Path | None) -> int:
    """Return the default cap of the matrix files: DEFAULT_CAP_BYTES, or a tenth of the free
    space of the cache's disk when that is less."""
    probe = folder
    while probe is not None and not probe.exists() and probe != probe.parent:
        probe = probe.parent
    if probe is None:
        return DEFAULT_CAP_BYTES
    try:
        disk = os.statvfs(probe)
    except OSError:
        return DEFAULT_CAP_BYTES
    return min(DEFAULT_CAP_BYTES, disk.f_bavail * disk.f_frsize // 10)


def file_identity(path: Path) -> str:
    """Return what tells a file from any other or a later version of it: its inode, size and
    modification time."""
    stat = path.stat()
    return f"{stat.st_ino} {stat.st_size} {stat.st_mtime_ns}"


def checksum(matrix: np.ndarray) -> str:
    """Return the CRC-32 of the matrix's data, its shape and dtype, as 8 hex digits."""
    crc = zlib.crc32(f"{matrix.dtype.str}{matrix.shape}".encode())
    return f"{zlib.crc32(np.ascontiguousarray(matrix).data, crc):08x}"


def check_size(game: Game, n_guesses: int, n_secrets: int, max_bytes: int = MAX_MATRIX_BYTES) -> None:
    """Raise WordguessError when the matrix of n_guesses x n_secrets would be over `max_bytes`."""
    size = n_guesses * n_secrets * game.reply_dtype().itemsize
    if size > max_bytes:
        raise WordguessError(f"{n_guesses:,} guesses x {n_secrets:,} secrets need a {size / 2**20:,.0f} MB "
                             f"pattern matrix, over the limit of {max_bytes / 2**20:,.0f} MB: use "
                             "shorter lists (Sutom: give the first letter)")
