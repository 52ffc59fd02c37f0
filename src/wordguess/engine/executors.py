"""Executors: run one picklable top-level function over picklable items, in this process, in a
local process pool, or on a Ray cluster, and yield the results as they complete.

The optimal search splits its work into independent tasks (say, the exact value of an opener
under a cutoff); an executor only moves tasks and results, so the same task runs unchanged on
every backend. Results come as (index of the item, fn(item)) in completion order, and items are
drawn from their iterable lazily, a few per worker ahead of the results: a caller that makes its
items in a generator gives each task the cutoff it has learned from the results so far.

Every executor is a context manager. Leaving the `with` block, normally, on an exception from a
task, on `break` or on Ctrl-C, calls `close()`, which cancels the tasks not yet started and
stops the running ones, so an interrupted search never waits for abandoned work.
"""

from __future__ import annotations

import itertools
import logging
import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Protocol

from wordguess.errors import WordguessError, interrupt_noted, unknown_name

Task = Callable[[Any], Any]  # a picklable top-level function of one picklable item
# Tasks per worker submitted ahead of the results: 2 keeps a worker busy while the caller reads
# a result, and a task drawn later sees more of the results before it (a tighter cutoff).
AHEAD = 2
Result = tuple[int, Any]  # (index of the item, what the function returned for it)

RAY_MISSING = "the ray executor needs the optional extra: pip install 'wordguess[ray]'"


class Executor(Protocol):
    """Runs a task function over items and yields (index, result) pairs as they complete."""

    name: str  # the executor's registry name
    parallel: bool  # whether tasks run side by side (worth splitting one proof into tasks)

    def run(self, fn: Task, items: Iterable[Any]) -> Iterator[Result]:
        """Yield (index of the item, fn(item)) for every item, in completion order; an
        exception raised by fn is raised here."""
        ...

    def close(self) -> None:
        """Cancel the work not yet done and release the workers; closing twice is harmless."""
        ...

    def __enter__(self) -> Executor: ...

    def __exit__(self, *exc_info: object) -> None: ...


class ClosingExecutor:
    """The context-manager half of an executor: leaving the block closes it."""

    def close(self) -> None:
        """Release nothing: an executor without workers has nothing to stop."""

    def __enter__(self):
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class SerialExecutor(ClosingExecutor):
    """Runs every task in this process, one after another (tests, and --workers 1)."""

    parallel = False

    name = "serial"

    def run(self, fn: Task, items: Iterable[Any]) -> Iterator[Result]:
        """Yield (index, fn(item)) in item order, which is the completion order here; stop
        between tasks once Ctrl-C or SIGTERM was noted (its KeyboardInterrupt may have been lost
        inside a task)."""
        for index, item in enumerate(items):
            result = fn(item)
            if interrupt_noted():
                raise KeyboardInterrupt
            yield index, result

    @classmethod
    def create(cls, workers: int, address: str | None) -> SerialExecutor:
        """Return a serial executor (one worker, no address: both options are ignored)."""
        return cls()


class ProcessExecutor(ClosingExecutor):
    """Runs tasks in a pool of local worker processes, started on first use and reused by
    later runs until closed. A script that uses it needs an `if __name__ == "__main__":` guard,
    since every worker imports the main module afresh."""

    name = "process"
    parallel = True
    # "spawn" rather than "fork": numba's threading layer and any thread of the parent (a
    # progress bar, Ray's, SQLite's) are not fork-safe, and a forked child inherits locks held
    # by threads that do not exist in it. "spawn" rather than "forkserver": it is the one method
    # every platform has (Windows only has spawn), and its cost, a fresh interpreter importing
    # the task's module (numpy, numba) once per worker, is paid once per pool, which is small
    # against tasks that run for seconds or minutes.
    START_METHOD = "spawn"

    def __init__(self, workers: int):
        if workers < 1:
            raise WordguessError(f"the process executor needs at least 1 worker, not {workers}")
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._unfinished: set[Future] = set()

    @classmethod
    def create(cls, workers: int, address: str | None) -> ProcessExecutor:
        """Return a process executor with `workers` processes (address is ignored)."""
        return cls(workers)

    def _ensure_pool(self) -> ProcessPoolExecutor:
        """Return the pool, starting it if this is the first run since creation or closing."""
        if self._pool is None:
            context = multiprocessing.get_context(self.START_METHOD)
            threads = max(1, (os.cpu_count() or 1) // self.workers)
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context,
                                             initializer=share_cores, initargs=(threads,))
        return self._pool

    def run(self, fn: Task, items: Iterable[Any]) -> Iterator[Result]:
        """Yield (index, fn(item)) in completion order, with at most AHEAD tasks per worker
        submitted and not yet yielded. Abandoning the iteration cancels this run's tasks that
        have not started; close() also stops the running ones."""
        pool = self._ensure_pool()
        source = enumerate(items)
        futures: dict[Future, int] = {}

        def submit(count: int) -> None:
            for index, item in itertools.islice(source, count):
                future = pool.submit(fn, item)
                futures[future] = index
                self._unfinished.add(future)

        submit(AHEAD * self.workers)
        try:
            while futures:
                done, _ = wait(futures, return_when=FIRST_COMPLETED)
                for future in done:
                    index = futures.pop(future)
                    self._unfinished.discard(future)
                    yield index, future.result()
                    submit(1)  # drawn after the caller has seen this result
        finally:
            for future in futures:
                if future.cancel():
                    self._unfinished.discard(future)

    def close(self) -> None:
        """Cancel the tasks not started, stop the running ones and shut the pool down."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        running = [future for future in self._unfinished if not future.cancel()]
        self._unfinished.clear()
        if any(not future.done() for future in running):
            # shutdown() waits for running tasks, which may take minutes and whose results
            # nobody will read, so their workers are stopped first. A stopped worker loses only
            # its unfinished task: what a task committed to an on-disk store stays there.
            terminate_workers(pool)
        pool.shutdown(wait=True, cancel_futures=True)


def share_cores(threads: int) -> None:
    """Start a worker: its parallel kernels use `threads` threads, the machine's cores shared
    among the pool's workers (numba starts one thread per core in every process, so two
    workers with a thread per core each would run twice as many threads as cores)."""
    from wordguess.engine.kernels import use_threads

    use_threads(threads)


def terminate_workers(pool: ProcessPoolExecutor) -> None:
    """Stop the pool's worker processes at once (the pool is then broken and must be shut down)."""
    terminate = getattr(pool, "terminate_workers", None)  # public from Python 3.14
    if terminate is not None:
        terminate()
        return
    # Python 3.11 to 3.13 have no public way; `_processes` maps pid to Process in all of them.
    for process in list((pool._processes or {}).values()):
        process.terminate()


class RayExecutor(ClosingExecutor):
    """Runs tasks as Ray remote tasks, on a local Ray instance or a cluster.

    If Ray is already initialised in this process it is used as it is and left running;
    otherwise the executor starts (or, with an address, connects to) Ray on first use and shuts
    it down on close.
    """

    name = "ray"
    parallel = True
    # A task whose worker process or machine dies is run again, up to this many times, on any
    # live worker: tasks are pure functions of their item, and what a dead task had proven is
    # either in the store it wrote or proven again, so a rerun is always sound. An exception
    # raised by the task itself (a time limit reached, bad input) is never retried: it would
    # only happen again, and the caller must see it.
    MAX_RETRIES = 3

    def __init__(self, address: str | None = None, num_cpus: int | None = None):
        self.ray = import_ray()
        self.address = address  # None starts a local instance; "auto" or host:port joins one
        self.num_cpus = num_cpus  # for a local instance only: a cluster has its own CPUs
        self._started = False
        self._pending: set = set()

    @classmethod
    def create(cls, workers: int, address: str | None) -> RayExecutor:
        """Return a Ray executor: joining the cluster at `address`, or with a local instance
        of `workers` CPUs when there is no address."""
        return cls(address=address, num_cpus=None if address else workers)

    def _ensure_ray(self) -> None:
        """Initialise Ray unless this process already did."""
        if self.ray.is_initialized():
            return
        # Ray refuses num_cpus when it joins an existing cluster.
        options = {"num_cpus": self.num_cpus} if self.address is None else {}
        self.ray.init(
            address=self.address,
            include_dashboard=False,
            logging_level=logging.WARNING,
            **options,
        )
        self._started = True

    def run(self, fn: Task, items: Iterable[Any]) -> Iterator[Result]:
        """Yield (index, fn(item)) in completion order. A task's exception is raised here as
        Ray's RayTaskError, which is also an instance of the task's exception class.
        Abandoning the iteration cancels this run's unfinished tasks."""
        self._ensure_ray()
        remote = self.ray.remote(max_retries=self.MAX_RETRIES, retry_exceptions=False)(apply_task)
        fn_ref = self.ray.put(fn)
        source = enumerate(items)
        refs: dict = {}

        def submit(count: int) -> None:
            for index, item in itertools.islice(source, count):
                ref = remote.remote(fn_ref, item)
                refs[ref] = index
                self._pending.add(ref)

        # AHEAD tasks per CPU of the cluster (which may grow while it runs: at least 1 CPU).
        submit(AHEAD * max(1, int(self.ray.cluster_resources().get("CPU", 1))))
        try:
            while refs:
                (ready,), _ = self.ray.wait(list(refs), num_returns=1)
                index = refs.pop(ready)
                self._pending.discard(ready)
                yield index, self.ray.get(ready)
                submit(1)
        finally:
            self._cancel(list(refs))

    def _cancel(self, refs: Iterable) -> None:
        """Cancel the tasks of `refs`, stopping those already running (their results would be
        discarded, and a cluster's CPUs are better spent on the next run)."""
        for ref in refs:
            self.ray.cancel(ref, force=True)
            self._pending.discard(ref)

    def close(self) -> None:
        """Cancel every unfinished task, and shut Ray down if this executor started it."""
        if self.ray.is_initialized():
            self._cancel(list(self._pending))
        self._pending.clear()
        if self._started:
            self.ray.shutdown()
            self._started = False


def apply_task(fn: Task, item: Any) -> Any:
    """Return fn(item). Ray runs this one function and receives the task function as an
    argument, because `ray.remote` refuses builtins and other callables that are not plain
    functions, which the process pool accepts."""
    return fn(item)


def import_ray():
    """Return the ray module, or raise the error that names the extra to install."""
    try:
        import ray
    except ImportError as error:
        raise WordguessError(RAY_MISSING) from error
    return ray


# Each executor class builds itself from the two options the CLI has (--workers, --address).
EXECUTORS: dict[str, type[SerialExecutor | ProcessExecutor | RayExecutor]] = {
    "serial": SerialExecutor,
    "process": ProcessExecutor,
    "ray": RayExecutor,
}


def get_executor(name: str, workers: int = 1, address: str | None = None) -> Executor:
    """Return a new executor of the registered kind `name`, with `workers` workers (a local Ray
    instance's CPUs) or the Ray cluster at `address`."""
    try:
        kind = EXECUTORS[name]
    except KeyError:
        raise unknown_name("executor", name, EXECUTORS) from None
    return kind.create(workers, address)
