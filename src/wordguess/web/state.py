"""What the app shares between requests: read-only caches (built puzzles, the optimal trees),
the process pool for heavy work, the rate limiter and the token signer. Nothing a user needs is
kept here: a game's state travels with each request, or in a signed token."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import multiprocessing
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import itsdangerous
from fastapi import HTTPException, Request

from wordguess.engine.kernels import parallel_kernels_threadsafe
from wordguess.engine.puzzle import Puzzle, PuzzleSpec
from wordguess.errors import WordguessError
from wordguess.games import Game
from wordguess.optimal.trees import load_optimal_tree
from wordguess.trees.tree import TreeFile
from wordguess.web.config import Limits, Settings


class PuzzleCache:
    """Each distinct puzzle built once and shared read-only (Wordle's open world holds a 168 MB
    pattern matrix); the least recently used is dropped beyond `size`."""

    def __init__(self, size: int):
        self.size = size
        self._puzzles: collections.OrderedDict[object, Puzzle] = collections.OrderedDict()
        self._lock = threading.Lock()  # guards the dictionary
        self._building: dict[object, threading.Lock] = {}  # one build per key at a time

    def get(self, spec: PuzzleSpec) -> Puzzle:
        """Return the puzzle of a spec, building it on first use."""
        return self._get(spec, spec.build)

    def restricted(self, spec: PuzzleSpec, rules: Game) -> Puzzle:
        """Return the spec's puzzle restricted to what the host revealed (Sutom's first letter)."""
        return self._get((spec, rules), lambda: self.get(spec).restricted(rules))

    def _get(self, key: object, build: Callable[[], Puzzle]) -> Puzzle:
        with self._lock:
            if key in self._puzzles:
                self._puzzles.move_to_end(key)
                return self._puzzles[key]
            lock = self._building.setdefault(key, threading.Lock())
        with lock:
            with self._lock:
                if key in self._puzzles:
                    return self._puzzles[key]
            puzzle = build()
            with self._lock:
                self._puzzles[key] = puzzle
                self._building.pop(key, None)
                while len(self._puzzles) > self.size:
                    self._puzzles.popitem(last=False)
            return puzzle


class HeavyPool:
    """Worker processes for heavy work (exact values), each task under a time budget: a task
    still running at its end is stopped with its pool, and the request gets a 503."""

    def __init__(self, workers: int):
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._running = 0  # tasks submitted and not finished

    def _ensure(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                # spawn: numba's threads are not fork-safe (see engine.executors)
                self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
            return self._pool

    async def run(self, fn: Callable[[Any], Any], item: Any, seconds: float) -> Any:
        """Return fn(item) computed in a worker, or raise HTTPException 503 after `seconds`."""
        pool = self._ensure()
        future = asyncio.get_running_loop().run_in_executor(pool, fn, item)
        self._running += 1
        try:
            return await asyncio.wait_for(future, seconds)
        except TimeoutError:
            self.restart(pool)
            raise HTTPException(503, f"the work did not finish within its budget of {seconds:.0f} s: "
                                     "try fewer moves, or again later") from None
        except BrokenProcessPool:
            self.restart(pool)
            raise HTTPException(503, "a worker process stopped: try again") from None
        finally:
            self._running -= 1

    def restart(self, pool: ProcessPoolExecutor) -> None:
        """Stop the workers of `pool` (their tasks are abandoned) so the next task gets a fresh pool."""
        with self._lock:
            if self._pool is pool:
                self._pool = None
        for process in list(getattr(pool, "_processes", {}).values()):
            with contextlib.suppress(Exception):
                process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Shut the workers down: at once if a task is still running, else cleanly."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None and self._running:
            self.restart(pool)
        elif pool is not None:
            pool.shutdown(wait=True)


class RateLimiter:
    """At most `per_minute` expensive calls per client in any sliding minute."""

    def __init__(self, per_minute: int):
        self.per_minute = per_minute
        self._calls: dict[str, collections.deque[float]] = {}
        self._lock = threading.Lock()

    def check(self, client: str) -> None:
        """Count a call of `client`, or raise HTTPException 429 when it is over the limit."""
        now = time.monotonic()
        with self._lock:
            calls = self._calls.setdefault(client, collections.deque())
            while calls and calls[0] <= now - 60:
                calls.popleft()
            if len(calls) >= self.per_minute:
                raise HTTPException(429, f"at most {self.per_minute} of these calls a minute: wait a little")
            calls.append(now)
            if len(self._calls) > 10_000:  # forget idle clients
                self._calls = {c: q for c, q in self._calls.items() if q and q[-1] > now - 60}


class Tokens:
    """Game state signed with the app's key, so the page keeps it and cannot change it."""

    def __init__(self, key: str):
        self._serializer = itsdangerous.URLSafeSerializer(key, salt="wordguess-game")

    def dump(self, state: dict) -> str:
        return self._serializer.dumps(state)

    def load(self, token: str) -> dict:
        """Return the state of a token, or raise WordguessError when it was not signed here (or
        by a run with another key: tokens do not survive a restart without WORDGUESS_WEB_KEY)."""
        try:
            state = self._serializer.loads(token)
        except itsdangerous.BadData:
            raise WordguessError("the game token is not valid (changed, or from an earlier run of the server): "
                                 "start a new game") from None
        if not isinstance(state, dict):
            raise WordguessError("the game token is not valid: start a new game")
        return state


class AppState:
    """Everything the routers share, made once per app."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.limits: Limits = settings.limits
        self.puzzles = PuzzleCache(settings.limits.puzzles)
        self.pool = HeavyPool(settings.limits.workers)
        self.limiter = RateLimiter(settings.limits.expensive_per_minute)
        self.tokens = Tokens(settings.key)
        # Requests compute in the server's threads at once (the kernels release the GIL) when
        # numba's threading layer allows parallel kernels in two threads at once (TBB, OpenMP);
        # with its fallback layer they take turns (requests are short; heavy work goes to the pool).
        self.compute = contextlib.nullcontext() if parallel_kernels_threadsafe() else threading.Lock()
        self._trees: dict[str, TreeFile] = {}
        self._trees_lock = threading.Lock()

    def tree(self, mode: str) -> TreeFile:
        """Return the shipped optimal tree of a mode, read once."""
        with self._trees_lock:
            if mode not in self._trees:
                self._trees[mode] = load_optimal_tree(mode)
            return self._trees[mode]


def app_state(request: Request) -> AppState:
    """The dependency that gives a route the app's shared state."""
    return request.app.state.wordguess


def client_of(request: Request) -> str:
    """Return the client's address (the rate limiter's key)."""
    return request.client.host if request.client else "unknown"
