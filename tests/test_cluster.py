"""Certification split into tasks over a cluster: the driver's store gathers every opener result
wherever the tasks ran (in-process); on a real local Ray cluster, started with `ray start` as a
user starts one, the results equal the process pool's, and a worker killed in the middle of a
run costs a retried task, never a proven result (slow)."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import signal
import sqlite3
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ray_cluster import LocalRayCluster
from wordguess.cli import app
from wordguess.engine.executors import SerialExecutor
from wordguess.engine.puzzle import PuzzleSpec
from wordguess.games import get_game
from wordguess.optimal.tasks import SearchSpec
from wordguess.optimal.total.run import certify
from wordguess.optimal.total.search import INF

runner = CliRunner()


class OtherMachineExecutor(SerialExecutor):
    """Runs each task in this process as a worker on another machine would: keeping what it
    proves in that machine's own store file, not in the driver's."""

    parallel = True

    def __init__(self, store: str):
        self.store = store
        self.tasks = 0  # how many tasks it ran

    def run(self, fn, items):
        for index, (spec, *rest) in enumerate(items):
            self.tasks += 1
            yield index, fn((dataclasses.replace(spec, store=self.store), *rest))


def stored_openers(path: Path) -> dict[str, tuple[int, bool]]:
    """Return a store file's opener results, {opener: (value, exact)} (one puzzle per file here)."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        rows = db.execute("SELECT puzzle, opener, value, exact FROM opener_results").fetchall()
    assert len({puzzle for puzzle, *_ in rows}) <= 1
    return {opener: (value, bool(exact)) for _, opener, value, exact in rows}


def test_the_driver_store_holds_every_result_wherever_tasks_ran(tmp_path):
    spec = SearchSpec(PuzzleSpec(get_game("mastermind", colours=4, pegs=4)), store=str(tmp_path / "driver.sqlite"))
    results, _ = certify(spec, OtherMachineExecutor(str(tmp_path / "elsewhere.sqlite")))
    assert len(results) > 1
    assert stored_openers(tmp_path / "driver.sqlite") == {r.opener: (r.value, r.exact) for r in results}
    # A rerun whose workers are on machines that never saw these results sends no task.
    fresh = OtherMachineExecutor(str(tmp_path / "new-machine.sqlite"))
    again, _ = certify(spec, fresh)
    assert fresh.tasks == 0
    assert [(r.opener, r.value, r.exact) for r in again] == [(r.opener, r.value, r.exact) for r in results]


def assert_same_certification(ours: dict[str, tuple[int, bool]], theirs: dict[str, tuple[int, bool]],
                              cutoff: int) -> None:
    """Check two certifications' opener results agree: the same openers, each exact in both or
    in neither, the same exact values, and every bound at least the cutoff. (A bound is any
    proven number >= the cutoff; which one depends on what the worker's memo held when the task
    ran, and so on which tasks that worker ran before it.)"""
    assert ours.keys() == theirs.keys()
    for opener, (value, exact) in ours.items():
        assert theirs[opener][1] == exact, opener
        if exact:
            assert theirs[opener][0] == value, opener
        else:
            assert min(value, theirs[opener][0]) >= cutoff, opener


@pytest.fixture(scope="module")
def cluster():
    """A local Ray cluster: a head and two worker nodes of one CPU each, stopped after the module."""
    pytest.importorskip("ray")
    if not Path("/proc").is_dir():
        pytest.skip("the local cluster's helper reads /proc (Linux)")
    with LocalRayCluster(workers=2) as started:
        yield started


def optimal_json(*args: str) -> dict:
    result = runner.invoke(app, ["optimal", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.slow  # starts a Ray cluster (about 15 s) and certifies Mastermind twice
def test_cluster_certification_equals_the_process_pool(cluster, tmp_path):
    game = ["--game", "mastermind", "--all-openers", "--no-certificate"]  # search, not the shipped table
    ray_store, pool_store = tmp_path / "ray.sqlite", tmp_path / "pool.sqlite"
    on_ray = optimal_json(*game, "--executor", "ray", "--ray-address", cluster.address, "--store", str(ray_store))
    pooled = optimal_json(*game, "--workers", "2", "--store", str(pool_store))
    assert on_ray["proven"] and on_ray["scope"] == "all openers"
    assert (on_ray["first"], on_ray["total"]) == (pooled["first"], pooled["total"]) == ("1123", 5625)
    cutoff = on_ray["total"] + 1
    as_results = [{r["opener"]: (r["value"], r["exact"]) for r in run["openers"]} for run in (on_ray, pooled)]
    assert_same_certification(*as_results, cutoff)
    assert_same_certification(stored_openers(ray_store), stored_openers(pool_store), cutoff)
    assert stored_openers(ray_store) == as_results[0]


class WorkerKiller(threading.Thread):
    """Once `after` opener results are in the store, kill a worker process that is running a
    task (SIGKILL: a crash, nothing is cleaned up), and note what the store held just before."""

    def __init__(self, cluster: LocalRayCluster, store: Path, after: int):
        super().__init__(daemon=True)
        self.cluster, self.store, self.after = cluster, store, after
        self.before: dict[str, tuple[int, bool]] | None = None  # the store's openers before the kill
        self.killed: int | None = None  # the process killed
        self.finished = threading.Event()  # the run is over: stop looking

    def run(self) -> None:
        while not self.finished.is_set():
            try:
                before = stored_openers(self.store)
            except sqlite3.OperationalError:  # not created yet
                before = {}
            if len(before) >= self.after:
                for pid in self.cluster.task_processes():
                    self.before = stored_openers(self.store)
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)
                        self.killed = pid
                        return
            time.sleep(0.01)


@pytest.mark.slow  # a Ray cluster and a Wordle certification sample, in this process and on the cluster
def test_a_killed_worker_costs_a_retried_task_not_a_result(cluster, tmp_path):
    from wordguess.engine.executors import RayExecutor
    from wordguess.lists import load_words

    # Every other Wordle answer, the same words as the guesses: tasks of about a tenth of a second.
    words = tmp_path / "half.txt"
    words.write_text("\n".join(sorted(load_words("wordle-answers"))[::2]))

    def spec(store: Path) -> SearchSpec:
        return SearchSpec(PuzzleSpec(get_game("wordle"), answers=str(words), guesses=str(words)), 6, str(store))

    sample = 40
    reference, _ = certify(spec(tmp_path / "serial.sqlite"), SerialExecutor(), limit=sample)
    store = tmp_path / "ray.sqlite"
    killer = WorkerKiller(cluster, store, after=sample // 4)
    killer.start()
    try:
        with RayExecutor(address=cluster.address) as executor:
            results, _ = certify(spec(store), executor, limit=sample)
    finally:
        killer.finished.set()
        killer.join()
    assert killer.killed is not None, "no task was running to be killed: the run ended first"
    cutoff = reference[0].value + 1
    assert (results[0].opener, results[0].value) == (reference[0].opener, reference[0].value)
    assert_same_certification({r.opener: (r.value, r.exact) for r in results},
                              {r.opener: (r.value, r.exact) for r in reference}, cutoff)
    after = stored_openers(store)
    assert len(after) == sample and all(value < INF for value, _ in after.values())
    assert killer.before  # results were proven before the kill...
    for opener, (value, exact) in killer.before.items():  # ...and none was lost or weakened
        kept_value, kept_exact = after[opener]
        assert kept_exact or not exact, opener
        assert kept_value == value if exact else kept_value >= value, opener
