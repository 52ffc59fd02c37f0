"""Long work in the CLI: the progress a command shows (a bar on a terminal, a line a minute in a
log), Ctrl-C that stops it cleanly, and the shared options of the search commands (workers, the
executor, the store, the time limit)."""

from __future__ import annotations

import contextlib
import datetime
import time

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from wordguess.cli.common import err
from wordguess.engine.executors import EXECUTORS, get_executor
from wordguess.errors import WordguessError, interrupted

LOG_SECONDS = 60.0  # with stderr not a terminal (a log file): a progress line this often, the first after as long


class ProgressLog:
    """A progress callback (done, total, note) that writes a plain line to stderr every
    LOG_SECONDS, for a long run whose stderr is a file: a short run writes none."""

    def __init__(self, description: str, clock=time.monotonic):
        self.description, self.clock = description, clock
        self.started = self.last = clock()

    def __call__(self, done: int, total: int | None, note: str = "") -> None:
        now = self.clock()
        if now - self.last >= LOG_SECONDS:
            self.last = now
            of = f"/{total:,}" if total is not None else ""
            note = f"; {note}" if note else ""
            err.print(f"{self.description}: {done:,}{of} after {datetime.timedelta(seconds=round(now - self.started))}"
                      f"{note}", markup=False, soft_wrap=True)


@contextlib.contextmanager
def progress_bar(description: str):
    """Yield a progress callback (done, total, note) drawn as a bar on stderr when it is a
    terminal (the note after the description), else written as a line every minute
    (ProgressLog); Ctrl-C exits cleanly."""
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    try:
        if not err.is_terminal:
            yield ProgressLog(description)
            return
        with Progress(*columns, console=err, transient=True) as bar:
            task = bar.add_task(description, total=None)
            yield lambda done, total, note="": bar.update(
                task, completed=done, total=total, description=f"{description}: {note}" if note else description)
    except (KeyboardInterrupt, Exception) as exc:
        if not interrupted(exc):
            raise
        err.print("interrupted")
        raise typer.Exit(130) from None


MAX_WORKERS = 256  # more workers than this is a typing mistake on any machine this runs on


def check_workers(workers: int) -> None:
    """Refuse a number of worker processes that cannot be meant."""
    if not 1 <= workers <= MAX_WORKERS:
        raise WordguessError(f"--workers must be from 1 to {MAX_WORKERS}, not {workers}")


def check_executor(name: str, ray_address: str | None) -> None:
    """Refuse an executor that is not registered, and a Ray address without Ray."""
    if name not in EXECUTORS:
        raise WordguessError(f"--executor must be one of {', '.join(EXECUTORS)}, not {name!r}")
    if ray_address is not None and name != "ray":
        raise WordguessError("--ray-address joins a Ray cluster: give it with --executor ray")


def search_setting(workers: int, executor: str, ray_address: str | None, time_limit: float | None,
                   store: str | None, no_store: bool) -> tuple[str, str | None]:
    """Check a search command's shared options; return the executor to run on and the store's path.
    One local worker is this process; Ray is what was asked for even with one (a cluster's size
    is its own, not --workers)."""
    from wordguess.optimal.store import default_store_path  # the store only where a search runs

    check_workers(workers)
    if time_limit is not None and not time_limit > 0:
        raise WordguessError(f"--time-limit must be a positive number of seconds, not {time_limit}")
    check_executor(executor, ray_address)
    name = "serial" if workers == 1 and executor == "process" else executor
    return name, None if no_store else str(store or default_store_path())


def run_search(name: str, workers: int, ray_address: str | None, label: str, search, store: str | None = None,
               stopped=None):
    """Return search(pool, progress) run on the executor `name` (search_setting's) under a
    progress bar. A run stopped by Ctrl-C first calls `stopped` (to write what it kept), else
    says where what it proved is kept (`store`)."""
    try:
        with get_executor(name, workers, ray_address) as pool, progress_bar(label) as progress:
            return search(pool, progress)
    except typer.Exit:
        if stopped is not None:
            stopped()
        elif store:
            err.print(f"what was proven is kept in {store}: run the same command to resume", markup=False)
        raise
