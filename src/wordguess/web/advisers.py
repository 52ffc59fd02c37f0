"""The assistant's suggestions computed in worker processes (`wordguess serve` starts one per
core): each worker keeps its own puzzles and exact guards, so suggestions compute side by side
on every core with no interpreter lock, exact guard or puzzle lock shared, and the server's own
process only takes and answers requests. A worker builds the default game's puzzle, loads its
kernels and sets its exact guard's search up before its first task (that is a second or two
that no player waits for). Top-level functions of picklable arguments, as HeavyPool runs them."""

from __future__ import annotations

import contextlib
import multiprocessing
from typing import Any

from wordguess.advice import Advisor, Setting, advice_of
from wordguess.advice.kept import PuzzleCache
from wordguess.engine.kernels import use_threads
from wordguess.vocab import Word
from wordguess.web.config import Limits

ALL_THREADS = 1 << 16  # use_threads clamps it to the threads numba has
WARMED = Setting.of("wordle", world="open")  # the web's default game, built before the first task

# A suggestion's question: (the setting, the turns as (guess, reply) texts, the words added, the count).
Task = tuple[Setting, list[tuple[Word, str]], list[str], int]

_advisor: Advisor | None = None  # this worker's (start)
_computing: Any = None  # the workers' count of tasks computing: a shared multiprocessing.Value


def shared_count() -> Any:
    """Return a count of tasks computing (begin_computing): the one the workers of one pool share
    (what `start` takes; a new one for each pool, since a worker stopped while computing leaves
    its task counted), or the server threads'."""
    return multiprocessing.get_context("spawn").Value("i", 0)


def start(limits: Limits, computing: Any, warmed: bool = True) -> None:
    """Start a worker: its puzzles kept within the server's limits, the default game warmed
    (`warmed`). A failure while warming is left to the first task that meets it, which reports it."""
    global _advisor, _computing
    puzzles = PuzzleCache(limits.puzzles, limits.matrix_mb << 20, limits.puzzles_mb << 20)
    _advisor, _computing = Advisor(puzzles.get, puzzles.exact_guard), computing
    if warmed:
        with contextlib.suppress(Exception):
            warm(_advisor, WARMED)


def warm(advisor: Advisor, setting: Setting) -> None:
    """Build a setting's puzzle, answer its first question, load the scoring kernels and set the
    exact guard's search up (the feasibility search's tables and kernels)."""
    assistant = advisor.position(setting)
    advice_of(assistant)
    assistant.warm_up().join()
    advisor.exact_guard(assistant.puzzle).warm(assistant.puzzle)


def ready() -> None:
    """Return once this worker has started (HeavyPool.start)."""


def advise_with(advisor: Advisor, task: Task) -> dict:
    """Return the advice of a task's position as JSON (Advice.to_json)."""
    setting, turns, added, count = task
    return advice_of(advisor.position(setting, turns, added), count).to_json()


def begin_computing(count: Any) -> None:
    """Count a task as computing (`count`: a shared_count, of processes or threads) and give it
    every core when it is the only one, else one: parallel kernels of several tasks on the same
    cores wait for each other's threads."""
    with count.get_lock():
        count.value += 1
        alone = count.value == 1
    use_threads(ALL_THREADS if alone else 1)


def end_computing(count: Any) -> None:
    """Count a task begun by begin_computing as done."""
    with count.get_lock():
        count.value -= 1


def advise_task(task: Task) -> dict:
    """Return a task's advice computed in this worker, its cores shared with the other workers'
    tasks (begin_computing)."""
    begin_computing(_computing)
    try:
        return advise_with(_advisor, task)
    finally:
        end_computing(_computing)
