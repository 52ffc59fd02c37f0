"""What the app shares between requests: read-only caches (built puzzles, the optimal trees),
the process pool for heavy work, the rate limiter and the token signer. Nothing a user needs is
kept here: a game's state travels with each request, or in a signed token."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import multiprocessing
import os
import threading
import time
from collections.abc import Awaitable, Callable, Hashable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import itsdangerous
from fastapi import HTTPException, Request
from starlette.concurrency import run_in_threadpool

from wordguess.advice import Advisor
from wordguess.advice.kept import PuzzleCache
from wordguess.engine.kernels import parallel_kernels_threadsafe
from wordguess.optimal.total.trees import load_optimal_tree
from wordguess.trees.tree import TreeFile
from wordguess.web import advisers
from wordguess.web.config import Limits, Settings


class ComputeSlots:
    """Library work in request threads: at most `slots` requests compute at once (one when
    numba's threading layer cannot run parallel kernels in two threads at once); a request that
    waits longer than `wait` seconds for a slot gets a 503, so a burst of slow requests cannot
    hold every server thread. A request alone uses every core for its parallel kernels; with
    others computing it uses one (parallel regions of several requests on the same cores wait
    for each other's threads: measured 10x slower)."""

    def __init__(self, slots: int, wait: float):
        self.wait = wait
        self._slots = threading.BoundedSemaphore(slots)
        self._active = advisers.shared_count()  # the requests computing (advisers.begin_computing)

    def __enter__(self) -> ComputeSlots:
        if not self._slots.acquire(timeout=self.wait):
            raise HTTPException(503, "the server is busy: try again in a moment")
        advisers.begin_computing(self._active)
        return self

    def __exit__(self, *exc) -> None:
        advisers.end_computing(self._active)
        self._slots.release()


def lower_priority() -> None:
    """Make this (worker) process yield the processor to the server's requests."""
    with contextlib.suppress(AttributeError, OSError):  # no os.nice on Windows
        os.nice(10)


class HeavyPool:
    """Worker processes (exact values; suggestions, see web.advisers). At most one task per
    worker is in the pool at a time (the others wait for a slot, at most `queue` of them: beyond,
    503), and each task's time budget starts when it gets its slot. A task still running at the
    end of its budget is stopped with the pool; a task of another request stopped with it is run
    once more in the new pool. Each worker starts with `initializer(*initargs)` (by default it
    yields the processor to the server's requests); `initargs` may be a function making them
    for each new pool (what the stopped workers shared is left with them); `name` and `hint`:
    whose workers a 503 is about, and what to do after an overrun."""

    def __init__(self, workers: int, queue: int, initializer: Callable[..., None] = lower_priority,
                 initargs: tuple | Callable[[], tuple] = (), name: str = "the analysis workers", hint: str = "try fewer moves, or again later"):
        self.workers = workers
        self.queue = queue
        self.initializer, self.initargs, self.name, self.hint = initializer, initargs, name, hint
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._slots: asyncio.Semaphore | None = None
        self._waiting = 0  # tasks waiting for a slot
        self._running = 0  # tasks in the pool
        self._ready: Callable[[], Any] | None = None  # what start() warms each worker with

    def start(self, ready: Callable[[], Any]) -> None:
        """Start the workers now, each running `ready` (the imports of the work), so that the
        first task does not wait for them; so too after every restart."""
        self._ready = ready
        pool = self._ensure()
        for _ in range(self.workers):
            pool.submit(ready)

    def _ensure(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                # spawn: numba's threads are not fork-safe (see engine.executors)
                initargs = self.initargs() if callable(self.initargs) else self.initargs
                self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=self.initializer, initargs=initargs)
            return self._pool

    async def run(self, fn: Callable[[Any], Any], item: Any, seconds: float) -> Any:
        """Return fn(item) computed in a worker, or raise HTTPException 503 when the pool is
        full or the task overruns `seconds`."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        if self._waiting >= self.queue:
            raise HTTPException(503, f"{self.name} are busy: try again in a minute")
        self._waiting += 1
        try:
            await self._slots.acquire()
        finally:
            self._waiting -= 1
        self._running += 1
        try:
            for attempt in (1, 2):
                pool = self._ensure()
                future = asyncio.get_running_loop().run_in_executor(pool, fn, item)
                try:
                    return await asyncio.wait_for(asyncio.shield(future), seconds)
                except TimeoutError:
                    self.restart(pool)
                    raise HTTPException(503, f"the work did not finish within its budget of {seconds:.0f} s: "
                                             f"{self.hint}") from None
                except (BrokenProcessPool, asyncio.CancelledError):
                    if not future.done() or not (future.cancelled() or isinstance(future.exception(),
                                                                                  BrokenProcessPool)):
                        raise  # this request itself was cancelled (the client went away)
                    self.restart(pool)
                    if attempt == 2:
                        raise HTTPException(503, "a worker process stopped: try again") from None
            raise AssertionError("unreachable")
        finally:
            self._running -= 1
            self._slots.release()

    def restart(self, pool: ProcessPoolExecutor) -> None:
        """Stop the workers of `pool` (their tasks are abandoned) so the next task gets a fresh pool,
        whose workers start warming at once (a task after a stopped one waits less for them)."""
        with self._lock:
            if self._pool is pool:
                self._pool = None
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            with contextlib.suppress(Exception):
                process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        if self._ready is not None:
            self.start(self._ready)

    def close(self) -> None:
        """Shut the workers down: at once if a task is still running, else cleanly."""
        self._ready = None  # (no fresh workers after these)
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None and self._running:
            self.restart(pool)
        elif pool is not None:
            pool.shutdown(wait=True)


class KeptAdvice:
    """The assistant's answers kept, by position (setting, words added, turns and count): the
    players of a setting all ask its start first (the multi-board strategy takes a second or
    more on it), and the players of a day's game ask the same positions again (those who open
    with the same word get the same reply). At most `size` kept, the least recently asked
    dropped first. A position asked again while its answer is computing waits for that answer;
    the computation goes on when the request that started it goes away. Used from the event
    loop only (no lock)."""

    def __init__(self, size: int):
        self.size = size
        self._answers: collections.OrderedDict[Hashable, dict] = collections.OrderedDict()
        self._computing: dict[Hashable, asyncio.Task] = {}

    async def answer(self, key: Hashable, make: Callable[[], Awaitable[dict]]) -> dict:
        """Return the answer kept for `key`, else the one computing, else await make() and keep it."""
        if key in self._answers:
            self._answers.move_to_end(key)
            return self._answers[key]
        task = self._computing.get(key)
        if task is None:
            task = self._computing[key] = asyncio.ensure_future(self._make(key, make))
            task.add_done_callback(lambda done: done.cancelled() or done.exception())  # (seen, if no one waits)
        return await asyncio.shield(task)

    async def _make(self, key: Hashable, make: Callable[[], Awaitable[dict]]) -> dict:
        try:
            answer = await make()
        finally:
            del self._computing[key]
        self._answers[key] = answer
        while len(self._answers) > self.size:
            self._answers.popitem(last=False)
        return answer


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


TOKEN_SCHEME = 'Token realm="wordguess games"'  # the WWW-Authenticate challenge of a refused game token


class TokenRefused(HTTPException):
    """A game token this server cannot take (401, naming the token scheme): not signed here
    (changed, or by a run with another key), not its game's latest state, or of a game this
    server no longer plays as it was started."""

    def __init__(self, detail: str):
        super().__init__(401, detail, headers={"WWW-Authenticate": TOKEN_SCHEME})


class GameLedger:
    """How far each game hosted here has gone (by its token's nonce), so that a token which is
    not its game's latest state is refused: an earlier state kept by the page (played again, it
    would give replies that cost no turn) or one from before the game ended (after giving up, the
    secret is known). It keeps nothing a player needs: after a restart every token is accepted
    again. At most `size` games, the oldest forgotten first."""

    def __init__(self, size: int):
        self.size = size
        self._games: collections.OrderedDict[str, tuple[int, bool]] = collections.OrderedDict()
        self._lock = threading.Lock()

    def latest(self, nonce: str, turns: int, ended: bool) -> bool:
        """Return whether a token at `turns` turns (`ended`: given up) is its game's latest state
        as far as this run knows (a game it has not seen: yes)."""
        with self._lock:
            seen = self._games.get(nonce)
        if seen is None:
            return True
        seen_turns, seen_over = seen
        return not (turns < seen_turns or (seen_over and turns == seen_turns and not ended))

    def check(self, nonce: str, turns: int, ended: bool) -> None:
        """Raise TokenRefused unless a token at `turns` turns (`ended`: given up) is its game's
        latest state."""
        if not self.latest(nonce, turns, ended):
            raise TokenRefused("this is an earlier state of a game that has moved on (in another tab?): "
                               "reload the page to continue it, or start a new game")

    def record(self, nonce: str, turns: int, over: bool) -> None:
        """Note a game's latest state."""
        with self._lock:
            self._games[nonce] = (turns, over)
            self._games.move_to_end(nonce)
            while len(self._games) > self.size:
                self._games.popitem(last=False)


class Tokens:
    """Game state signed with the app's key, so the page keeps it and cannot change it."""

    def __init__(self, key: str):
        self._serializer = itsdangerous.URLSafeSerializer(key, salt="wordguess-game")

    def dump(self, state: dict) -> str:
        return self._serializer.dumps(state)

    def load(self, token: str) -> dict:
        """Return the state of a token, or raise TokenRefused when it was not signed here (or
        by a run with another key: tokens do not survive a restart without WORDGUESS_WEB_KEY)."""
        try:
            state = self._serializer.loads(token)
        except itsdangerous.BadData:
            raise TokenRefused("the game token is not valid (changed, or from an earlier run of the server): "
                               "start a new game") from None
        if not isinstance(state, dict):
            raise TokenRefused("the game token is not valid: start a new game")
        return state


class AppState:
    """Everything the routers share, made once per app."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.limits: Limits = settings.limits
        self.puzzles = PuzzleCache(settings.limits.puzzles, settings.limits.matrix_mb << 20,
                                   settings.limits.puzzles_mb << 20)
        self.advisor = Advisor(self.puzzles.get, self.puzzles.exact_guard)  # the puzzles and their exact guards kept
        self.pool = HeavyPool(settings.limits.workers, settings.limits.analyze_queue)
        self.advisers = (HeavyPool(settings.limits.advisers, settings.limits.advise_queue, advisers.start,
                                   lambda: (settings.limits, advisers.shared_count(), settings.warm), "the assistant's workers",
                                   "try again later") if settings.limits.advisers else None)
        self.limiter = RateLimiter(settings.limits.expensive_per_minute)
        self.tokens = Tokens(settings.key)
        self.ledger = GameLedger(settings.limits.games)
        self.kept = KeptAdvice(settings.limits.kept_advice)
        # Requests compute in the server's threads at once (the kernels release the GIL) when
        # numba's threading layer allows parallel kernels in two threads at once (TBB, OpenMP);
        # with its fallback layer they take turns (requests are short; heavy work goes to the pool).
        slots = settings.limits.compute_slots if parallel_kernels_threadsafe() else 1
        self.compute = ComputeSlots(slots, settings.limits.compute_wait)
        self._trees: dict[str, TreeFile] = {}
        self._trees_lock = threading.Lock()

    async def advise(self, task: advisers.Task) -> dict:
        """Return the advice of a position (advisers.Task) as JSON: computed by an adviser
        process when the app has them, else in a server thread."""
        if self.advisers is not None:
            return await self.advisers.run(advisers.advise_task, task,
                                           self.limits.advise_seconds + self.limits.startup_seconds)

        def here() -> dict:
            with self.compute:
                return advisers.advise_with(self.advisor, task)

        return await run_in_threadpool(here)

    def tree(self, mode: str) -> TreeFile:
        """Return the shipped optimal tree of a mode, read once."""
        with self._trees_lock:
            if mode not in self._trees:
                self._trees[mode] = load_optimal_tree(mode)
            return self._trees[mode]


async def app_state(request: Request) -> AppState:
    """The dependency that gives a route the app's shared state (a coroutine: a plain function
    would be called in a worker thread, a hop for every request)."""
    return request.app.state.wordguess


def client_of(request: Request) -> str:
    """Return the client's address (the rate limiter's key)."""
    return request.client.host if request.client else "unknown"
