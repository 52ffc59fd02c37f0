"""The puzzles kept between questions: each distinct puzzle built once and shared read-only, with
its exact guard. A server keeps one `PuzzleCache` within its limits; the Python API's `advise`
keeps one per process, so a second question about the same game builds nothing again."""

from __future__ import annotations

import collections
import dataclasses
import os
import threading
from collections.abc import Callable

from wordguess.engine.patterns import PatternStore
from wordguess.engine.puzzle import Puzzle, PuzzleSpec
from wordguess.games import Game
from wordguess.optimal.worst.exact_guard import ExactGuard


def held_bytes(puzzle: Puzzle) -> int:
    """Return what a puzzle's pattern matrix and its transpose take now (bytes; 0 unbuilt)."""
    return sum(puzzle.__dict__[name].nbytes for name in ("matrix", "by_secret") if name in puzzle.__dict__)


def list_stamps(spec: PuzzleSpec) -> tuple:
    """Return the size and change time of each list a spec names by a file: a file edited between
    two questions is read again (a bundled list's name stands for itself)."""
    stamps = []
    for name in (spec.answers, spec.guesses, spec.exclude, spec.add_words):
        if name is not None and os.path.isfile(name):
            stat = os.stat(name)
            stamps.append((os.path.abspath(name), stat.st_size, stat.st_mtime_ns))
    return tuple(stamps)


class PuzzleCache:
    """Each distinct puzzle built once and shared read-only (Wordle's open world holds a 168 MB
    pattern matrix and its transpose). Its store makes matrices of at most `matrix_bytes` (a
    larger one is refused in one line when a request needs it), and the least recently used
    puzzles are dropped while those kept hold more than `total_bytes`."""

    def __init__(self, size: int, matrix_bytes: int, total_bytes: int):
        self.size = size
        self.matrix_bytes = matrix_bytes
        self.total_bytes = total_bytes
        self._puzzles: collections.OrderedDict[object, Puzzle] = collections.OrderedDict()
        self._lock = threading.Lock()  # guards the dictionary
        self._building: dict[object, threading.Lock] = {}  # one build per key at a time
        # each kept puzzle's exact guard (the never-lose guard's last resort), so a request
        # that reaches it does not set the exact search up again (1.5 s in hard mode); by the
        # puzzle's id, dropped with it
        self._exact_guards: dict[int, ExactGuard] = {}

    def get(self, spec: PuzzleSpec) -> Puzzle:
        """Return the puzzle of a spec, building it on first use (and again when a list it
        reads from a file has changed)."""
        return self._get((spec, list_stamps(spec)), lambda: spec.build(PatternStore.from_environment(self.matrix_bytes)))

    def restricted(self, spec: PuzzleSpec, game: Game) -> Puzzle:
        """Return the spec's puzzle restricted to what the host revealed (Sutom's first letter),
        with a store of its own, so that its matrix goes when it is dropped."""
        return self._get((spec, game), lambda: dataclasses.replace(
            self.get(spec).restricted(game), store=PatternStore(None, max_bytes=self.matrix_bytes)))

    def exact_guard(self, puzzle: Puzzle) -> ExactGuard:
        """Return the exact guard kept for a puzzle (a new one when the puzzle is not kept)."""
        with self._lock:
            if not any(kept is puzzle for kept in self._puzzles.values()):
                return ExactGuard()
            return self._exact_guards.setdefault(id(puzzle), ExactGuard())

    def _get(self, key: object, build: Callable[[], Puzzle]) -> Puzzle:
        with self._lock:
            if key in self._puzzles:
                self._puzzles.move_to_end(key)
                self._trim()
                return self._puzzles[key]
            lock = self._building.setdefault(key, threading.Lock())
        with lock:
            with self._lock:
                if key in self._puzzles:
                    return self._puzzles[key]
            try:
                puzzle = build()
            finally:
                with self._lock:
                    self._building.pop(key, None)
            with self._lock:
                self._puzzles[key] = puzzle
                self._trim()
            return puzzle

    def _trim(self) -> None:
        """Drop the least recently used puzzles (not the newest) beyond the count or the bytes;
        called with the lock held (matrices are built after a puzzle is kept, so this runs again
        at the next request)."""
        while len(self._puzzles) > 1 and (len(self._puzzles) > self.size or sum(
                held_bytes(p) for p in self._puzzles.values()) > self.total_bytes):
            _, dropped = self._puzzles.popitem(last=False)
            if not any(kept is dropped for kept in self._puzzles.values()):
                self._exact_guards.pop(id(dropped), None)
