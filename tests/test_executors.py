"""Executors: every backend returns fn(item) for every item exactly once, raises a task's
exception in the caller, and closes promptly when the consumer stops early."""

from __future__ import annotations

import sys
import time
from contextlib import nullcontext

import pytest

from wordguess.engine.executors import (
    AHEAD,
    EXECUTORS,
    ProcessExecutor,
    RayExecutor,
    SerialExecutor,
    get_executor,
)
from wordguess.errors import UnknownNameError, WordguessError

ITEMS = [3, 1, 4, 1, 5, 9, 2, 6]
SLOW = 60.0  # seconds a "long" task sleeps: far longer than any close() may take


def square(x: int) -> int:
    """Return x squared (a trivial picklable task)."""
    return x * x


def fail_on_five(x: int) -> int:
    """Return x, or raise WordguessError for 5 (a task that fails)."""
    if x == 5:
        raise WordguessError("five is not allowed")
    return x


def numba_threads(_: int) -> int:
    """Return the threads a parallel kernel launched here may use."""
    import numba

    return numba.get_num_threads()


def sleep_unless_first(x: int) -> int:
    """Return x at once for 0, after SLOW seconds otherwise (work an early stop abandons)."""
    if x:
        time.sleep(SLOW)
    return x


class ExecutorContract:
    """The behaviour every executor shares; subclasses say how to make one."""

    def make(self):
        raise NotImplementedError

    def test_results_cover_every_item_once(self):
        with self.make() as executor:
            results = list(executor.run(square, ITEMS))
        assert sorted(index for index, _ in results) == list(range(len(ITEMS)))
        assert all(value == ITEMS[index] ** 2 for index, value in results)

    def test_executor_runs_again_after_a_run(self):
        with self.make() as executor:
            first = dict(executor.run(square, [2, 3]))
            second = dict(executor.run(square, [4]))
        assert first == {0: 4, 1: 9} and second == {0: 16}

    def test_no_items_yield_nothing(self):
        with self.make() as executor:
            assert list(executor.run(square, [])) == []

    def test_task_exception_reaches_the_caller(self):
        with pytest.raises(WordguessError, match="five is not allowed"):
            with self.make() as executor:
                list(executor.run(fail_on_five, ITEMS))

    def test_close_twice_is_harmless(self):
        executor = self.make()
        list(executor.run(square, [1]))
        executor.close()
        executor.close()

    def test_items_are_drawn_as_results_come(self):
        """A generator of items sees the results before it: each item is drawn at most AHEAD
        per worker ahead of the results read (so a cutoff learned from them reaches later tasks)."""
        read = []
        drawn = []

        def items():
            for x in range(20):
                drawn.append(len(read))
                yield x

        with self.make() as executor:
            for index, _ in executor.run(square, items()):
                read.append(index)
        assert sorted(read) == list(range(20))
        ahead = AHEAD * 2  # the executors here have at most 2 workers (Ray: 2 CPUs)
        assert all(k - results_read <= ahead for k, results_read in enumerate(drawn))


class TestSerial(ExecutorContract):
    def make(self):
        return SerialExecutor()

    def test_results_come_in_item_order(self):
        with self.make() as executor:
            assert [index for index, _ in executor.run(square, ITEMS)] == list(range(len(ITEMS)))


class TestProcess(ExecutorContract):
    def make(self):
        return ProcessExecutor(2)

    @pytest.mark.parametrize("stop", ["break", "interrupt"])
    def test_early_stop_does_not_wait_for_running_tasks(self, stop):
        # Both workers get a task: item 0 returns at once, the others sleep for a minute.
        start = time.perf_counter()
        with pytest.raises(KeyboardInterrupt) if stop == "interrupt" else nullcontext():
            with self.make() as executor:
                for index, value in executor.run(sleep_unless_first, [0, 1, 2, 3]):
                    assert (index, value) == (0, 0)
                    if stop == "interrupt":
                        raise KeyboardInterrupt  # what Ctrl-C raises in the consumer
                    break
        assert time.perf_counter() - start < SLOW / 4

    def test_needs_a_worker(self):
        with pytest.raises(WordguessError):
            ProcessExecutor(0)


@pytest.fixture(scope="class")
def local_ray():
    """Start a local Ray instance with 2 CPUs for the class, and shut it down after."""
    ray = pytest.importorskip("ray")
    # Ray workers import a task's module by name; real tasks live in the installed wordguess
    # package, but this test module is not importable there, so its functions travel by value.
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    ray.init(num_cpus=2, include_dashboard=False)
    yield ray
    ray.shutdown()
    ray.cloudpickle.unregister_pickle_by_value(sys.modules[__name__])


@pytest.mark.slow  # starting a local Ray instance and its workers takes about 10 seconds
@pytest.mark.usefixtures("local_ray")
class TestRay(ExecutorContract):
    def make(self):
        return RayExecutor()

    def test_early_stop_cancels_running_tasks(self, local_ray):
        start = time.perf_counter()
        with self.make() as executor:
            for index, _ in executor.run(sleep_unless_first, [0, 1, 2, 3]):
                assert index == 0
                break
        assert time.perf_counter() - start < SLOW / 4
        # The cancelled tasks free the CPUs: a new run finishes without waiting for them.
        with self.make() as executor:
            assert dict(executor.run(square, [7])) == {0: 49}
        assert time.perf_counter() - start < SLOW / 4

    def test_leaves_an_existing_ray_running(self, local_ray):
        with self.make() as executor:
            list(executor.run(square, [1]))
        assert local_ray.is_initialized()


def test_registry_builds_each_executor():
    assert get_executor("serial").name == "serial"
    assert get_executor("process", workers=2).workers == 2
    assert set(EXECUTORS) == {"serial", "process", "ray"}


def test_unknown_executor_lists_the_choices():
    with pytest.raises(UnknownNameError, match="process, ray, serial"):
        get_executor("threads")


def test_missing_ray_names_the_extra(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_ray(name, *args, **kwargs):
        if name == "ray":
            raise ImportError("No module named 'ray'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    with pytest.raises(WordguessError, match=r"wordguess\[ray\]"):
        get_executor("ray")


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_process_workers_share_the_cores_among_their_kernel_threads(workers, monkeypatch):
    """Numba starts a thread per core in every process: each worker's kernels get an equal
    share of the cores (at least 1), so the pool never runs more kernel threads than cores."""
    import numba

    cores = 4
    monkeypatch.setattr("wordguess.engine.executors.os.cpu_count", lambda: cores)
    with ProcessExecutor(workers) as executor:
        threads = {result for _, result in executor.run(numba_threads, range(2 * workers))}
    assert threads == {min(max(1, cores // workers), numba.config.NUMBA_NUM_THREADS)}
