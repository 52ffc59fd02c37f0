"""A local Ray cluster started the way a user starts one on real machines: `ray start --head`,
then `ray start --address=...` for each worker node, every node its own process tree with its
own temporary folder (two raylets on one machine cannot share one). Everything it started is
stopped by process id, never by name, so other Ray instances on the machine are left alone.
The cluster uses Ray's token authentication with a fresh token of its own, given to its nodes
and to this process (the driver) while it runs: Ray turns authentication on for `ray start`
when a token file exists in the home folder (a local `ray.init()` writes one), and a driver that
joins by address must then send the same token.
Used by tests/test_cluster.py and bench/bench_scaleout.py (Linux: it reads /proc)."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import wordguess

RAY = Path(sys.executable).with_name("ray")  # the ray command of this interpreter's environment
TASK_TITLE = b"ray::apply_task"  # a Ray worker's process title while it runs an executor's task
AUTH = ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH")  # how Ray finds its token


def use_auth(values: dict[str, str | None]) -> None:
    """Set this process's Ray authentication variables (None: unset), and have Ray read them
    again (it caches them on first use; older Ray versions have no authentication)."""
    for name in AUTH:
        if values.get(name) is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = values[name]
    from ray import _raylet

    if hasattr(_raylet, "AuthenticationTokenLoader"):
        _raylet.Config.initialize("")
        _raylet.AuthenticationTokenLoader.instance().reset_cache()


def free_port() -> int:
    """Return a TCP port that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def children() -> dict[int, list[int]]:
    """Return every process's children, {pid: [child pids]}, read from /proc."""
    tree: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the process ended while we looked
        tree.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    return tree


def descendants(pid: int) -> list[int]:
    """Return the ids of every process below `pid`."""
    tree, found, todo = children(), [], [pid]
    while todo:
        below = tree.get(todo.pop(), [])
        found += below
        todo += below
    return found


def started(pid: int) -> str | None:
    """Return when a process started (clock ticks since boot; None if it has ended): a process
    id with the same start time is the same process, not a later one given the same id."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def title(pid: int) -> bytes:
    """Return a process's command line as it shows it (Ray workers set it to their task)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


class LocalRayCluster:
    """A head node with no CPUs (it only schedules) and `workers` worker nodes of one CPU each."""

    def __init__(self, workers: int):
        self.workers = workers
        self.port = free_port()
        self.address = f"127.0.0.1:{self.port}"  # what `--ray-address` and ray.init take
        self.folder = Path(tempfile.mkdtemp(prefix="wg-ray-", dir="/tmp"))  # short: sockets live here
        self.nodes: list[subprocess.Popen] = []  # `ray start --block` of the head, then each worker
        # The nodes' workers import this same wordguess (a worktree's, under PYTHONPATH), and run
        # one numba thread each: a worker node stands for one CPU.
        package_root = str(Path(wordguess.__file__).resolve().parents[1])
        self.auth = {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(32)}
        self._driver_auth: dict[str, str | None] | None = None  # this process's own, while it runs
        self.env = {**{k: v for k, v in os.environ.items() if k not in AUTH}, **self.auth,
                    "NUMBA_NUM_THREADS": "1", "RAY_USAGE_STATS_ENABLED": "0",
                    "PYTHONPATH": os.pathsep.join(filter(None, [package_root, os.environ.get("PYTHONPATH")]))}

    def __enter__(self) -> LocalRayCluster:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def _start_node(self, name: str, *options: str) -> None:
        command = [str(RAY), "start", "--block", "--node-ip-address=127.0.0.1", f"--temp-dir={self.folder / name}",
                   f"--dashboard-agent-listen-port={free_port()}", *options]
        with (self.folder / f"{name}.log").open("w") as log:  # the node keeps its own copy of the file
            self.nodes.append(subprocess.Popen(command, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                                               start_new_session=True))

    def start(self, timeout: float = 90.0) -> None:
        """Start the head and the worker nodes; return once the cluster has all their CPUs."""
        self._driver_auth = {name: os.environ.get(name) for name in AUTH}
        use_auth(self.auth)
        self._start_node("head", "--head", f"--port={self.port}", "--num-cpus=0", "--include-dashboard=false",
                         f"--dashboard-port={free_port()}")
        for i in range(self.workers):
            self.add_worker(f"worker{i + 1}")
        self.wait_for_cpus(self.workers, timeout)

    def add_worker(self, name: str) -> None:
        """Start one more worker node of one CPU, as `ray start --address=... --num-cpus=1`."""
        self._start_node(name, f"--address={self.address}", "--num-cpus=1")

    def wait_for_cpus(self, cpus: int, timeout: float) -> None:
        """Wait until the cluster counts `cpus` CPUs (every worker node has joined)."""
        import ray

        ray.init(address=self.address, include_dashboard=False, logging_level="ERROR")
        try:
            deadline = time.monotonic() + timeout
            while ray.cluster_resources().get("CPU", 0) < cpus:
                if time.monotonic() > deadline or any(node.poll() is not None for node in self.nodes):
                    raise RuntimeError(f"the local Ray cluster did not start: see the logs in {self.folder}")
                time.sleep(0.2)
        finally:
            ray.shutdown()

    def task_processes(self) -> list[int]:
        """Return the ids of the worker processes running a task now, on every worker node."""
        return [pid for node in self.nodes[1:] for pid in descendants(node.pid) if title(pid).startswith(TASK_TITLE)]

    def stop(self) -> None:
        """Stop every node that was started (`ray start --block` stops its node's processes on
        SIGTERM; what is still alive after a grace period is killed) and remove their folder."""
        for node in reversed(self.nodes):
            below = {pid: started(pid) for pid in descendants(node.pid)}
            if node.poll() is None:
                node.send_signal(signal.SIGTERM)
                try:
                    node.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    node.kill()
                    node.wait()
            for pid, start in below.items():
                if start is not None and started(pid) == start:  # still the process we started
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)
        self.nodes.clear()
        shutil.rmtree(self.folder, ignore_errors=True)
        if self._driver_auth is not None:
            use_auth(self._driver_auth)
            self._driver_auth = None
