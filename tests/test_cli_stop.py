"""A command stopped by SIGTERM (kill, a service manager, a CI timeout) stops as Ctrl-C does: its
worker processes end with it, and it exits 130 saying it was interrupted."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc (Linux)")


def children(pid: int) -> set[int]:
    """Return the pids of a process's children (from /proc)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found |= {int(p) for p in (task / "children").read_text().split()}
        except OSError:
            pass
    return found


def alive(pid: int) -> bool:
    """Whether the process exists and is not a zombie."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_sigterm_stops_the_worker_processes_too(tmp_path):
    command = [sys.executable, "-c", "from wordguess.cli import main; main()", "optimal", "--game", "bulls",
               "--first", "0123", "--objective", "worst", "--max-guesses", "7", "--fewest-worst",
               "--workers", "2", "--store", str(tmp_path / "s.sqlite"), "--json"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "NUMBA_NUM_THREADS": "1"})
    try:
        deadline = time.monotonic() + 120
        while len(workers := children(process.pid)) < 2 and process.poll() is None:
            assert time.monotonic() < deadline, "no worker processes started within 120 s"
            time.sleep(0.2)
        assert process.poll() is None, process.communicate()
        time.sleep(2)  # the workers are searching
        workers = children(process.pid)
        process.send_signal(signal.SIGTERM)
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, stderr
    assert "interrupted" in stderr and "Traceback" not in stderr
    deadline = time.monotonic() + 20
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(alive(pid) for pid in workers), "worker processes outlived the command"


def test_an_interrupt_as_a_kernel_returns_is_an_interrupt():
    """Ctrl-C (or SIGTERM) that comes as a compiled kernel returns is raised as a SystemError
    caused by KeyboardInterrupt; it is still an interrupt (exit 130), and another SystemError is not."""
    from wordguess.errors import interrupted

    try:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as inner:
            raise SystemError("returned a result with an exception set") from inner
    except SystemError as exc:
        assert interrupted(exc)
    assert interrupted(KeyboardInterrupt())
    assert not interrupted(SystemError("other"))


def test_an_interrupt_numba_replaced_with_another_error_is_still_an_interrupt(monkeypatch):
    """SIGTERM (or Ctrl-C) that lands while numba unboxes a kernel's arguments comes out as
    "TypeError: can't unbox ...", the KeyboardInterrupt lost (seen once in about 45 kills of
    build_certificate.py, which then exited 1 with a traceback). The handler notes the
    interrupt, so that error is an interrupt too, and the serial executor stops between tasks."""
    import signal

    from wordguess import errors
    from wordguess.cli import stop_on_sigterm
    from wordguess.engine.executors import SerialExecutor

    monkeypatch.setattr(errors, "_SIGNALLED", [False])
    lost = TypeError("can't unbox a <class 'numba.typed.typeddict.Dict'> as a <NULL>")
    assert not errors.interrupted(lost)
    for name in ("SIGTERM", "SIGINT"):
        previous = signal.getsignal(getattr(signal, name))
        monkeypatch.setattr(errors, "_SIGNALLED", [False])
        try:
            if name == "SIGTERM":
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
            else:
                signal.signal(signal.SIGINT, signal.default_int_handler)
            stop_on_sigterm()
            handler = signal.getsignal(getattr(signal, name))
            with pytest.raises(KeyboardInterrupt):
                handler(getattr(signal, name), None)
        finally:
            signal.signal(getattr(signal, name), previous)
        assert errors.interrupted(lost), name

    def task(item: int) -> int:
        if item == 1:  # the interrupt lands inside the task and is lost there
            errors.note_interrupt()
        return item

    monkeypatch.setattr(errors, "_SIGNALLED", [False])
    done = []
    with pytest.raises(KeyboardInterrupt):
        for index, _ in SerialExecutor().run(task, range(5)):
            done.append(index)
    assert done == [0]
