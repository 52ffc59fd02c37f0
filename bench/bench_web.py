"""Load on the web app, on the loopback only: concurrent clients ask for suggestions mid-game
(two turns in, every request a position of its own: none is answered from the advice the server
keeps, while there are positions enough: 1,031 for the two openers), alone and while another
client runs an exact-value analysis.
Prints JSON: per phase the latency p50/p95/max in ms, requests and errors. Bounded: every client
sends a fixed number of requests, and the server (started here on a free port) is stopped at the end.

    python bench/bench_web.py                        # 20 clients x 10 requests (the issue's setting)
    python bench/bench_web.py --clients 4 --requests 3 --world closed   # a quick check

Targets (issue 14): p50 <= 100 ms, p95 <= 300 ms, 0 errors, in both phases.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import httpx

from wordguess.games import get_game
from wordguess.lists import load_words

OPENERS = ("salet", "corni")  # every client's first two guesses; the secrets differ


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, cache: str) -> subprocess.Popen:
    """Start `wordguess serve` on a cache folder of its own (`cache`, empty: what an earlier run
    remembered is not read back) and wait until it answers."""
    env = {**os.environ, "WORDGUESS_WEB_KEY": "bench", "WORDGUESS_CACHE_DIR": cache}
    env.pop("WORDGUESS_NO_CACHE", None)
    process = subprocess.Popen([sys.executable, "-c", "from wordguess.cli import main; main()", "serve",
                                "--port", str(port)], env=env)
    for _ in range(600):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                return process
        except httpx.TransportError:
            time.sleep(0.1)
    process.terminate()
    raise SystemExit("the server did not start")


def distinct_secrets() -> list[str]:
    """Return answers in a fixed pseudo-random order, each giving a pair of replies to OPENERS
    that no earlier one gives (each a position of its own)."""
    game, answers = get_game("wordle"), load_words("wordle-answers")
    seen, secrets = set(), []
    for k in range(len(answers)):
        secret = answers[(97 * k + 13) % len(answers)]
        replies = tuple(game.feedback(g, secret) for g in OPENERS)
        if replies not in seen:
            seen.add(replies)
            secrets.append(secret)
    return secrets


def mid_game_bodies(clients: int, requests: int, world: str, first: int) -> list[list[dict]]:
    """Return each client's assist requests: two turns of a game whose secret is the k-th of
    distinct_secrets, k from `first` on (from the start again past the last: a position asked
    again)."""
    game, secrets = get_game("wordle"), distinct_secrets()

    def body(k: int) -> dict:
        secret = secrets[k % len(secrets)]
        return {"game": "wordle", "world": world,
                "turns": [{"guess": g, "reply": game.format_reply(game.feedback(g, secret))} for g in OPENERS]}

    return [[body(first + c * requests + r) for r in range(requests)] for c in range(clients)]


class LightClient:
    """A keep-alive HTTP/1.1 connection from the standard library: the clients run on the
    server's own two cores, and httpx spends about 4 ms of processor a request (measured with
    /proc's CPU times: more than the server spends on a cheap request), which the server's
    requests then wait for; http.client spends a fraction of it. `--client httpx` keeps the old one."""

    def __init__(self, url: str, timeout: float):
        host, port = url.removeprefix("http://").split(":")
        self.connection = http.client.HTTPConnection(host, int(port), timeout=timeout)

    def post(self, path: str, body: dict) -> tuple[int, str]:
        self.connection.request("POST", path, json.dumps(body), {"content-type": "application/json"})
        response = self.connection.getresponse()
        return response.status, response.read().decode()

    def close(self) -> None:
        self.connection.close()


class HttpxClient:
    def __init__(self, url: str, timeout: float):
        self.http = httpx.Client(base_url=url, timeout=timeout)

    def post(self, path: str, body: dict) -> tuple[int, str]:
        response = self.http.post(path, json=body)
        return response.status_code, response.text

    def close(self) -> None:
        self.http.close()


CLIENTS = {"light": LightClient, "httpx": HttpxClient}


def run_clients(url: str, bodies: list[list[dict]], kind: str = "light") -> dict:
    """Every client sends its requests one after another; all clients at once. Also returns
    the processor time the server and the clients spent per request."""
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(len(bodies))

    def client(mine: list[dict]) -> None:
        http = CLIENTS[kind](url, 30)
        try:
            start.wait()
            for body in mine:
                began = time.perf_counter()
                try:
                    status, text = http.post("/api/assist", body)
                    problem = None if status == 200 else f"{status}: {text[:80]}"
                except (OSError, http_errors(kind)) as exc:
                    problem = f"{type(exc).__name__}: {exc}"
                with lock:
                    latencies.append((time.perf_counter() - began) * 1000)
                    if problem:
                        errors.append(problem)
        finally:
            http.close()

    threads = [threading.Thread(target=client, args=(b,)) for b in bodies]
    began, server_cpu, client_cpu = time.perf_counter(), processor_seconds(SERVER_PID[0]), time.process_time()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    per_request = 1000 / max(1, len(latencies))
    q = statistics.quantiles(latencies, n=20, method="inclusive") if len(latencies) > 1 else latencies * 19
    return {"requests": len(latencies), "errors": len(errors), "first_errors": errors[:3],
            "p50_ms": round(statistics.median(latencies), 1), "p95_ms": round(q[18], 1),
            "max_ms": round(max(latencies), 1), "seconds": round(time.perf_counter() - began, 2),
            "server_cpu_ms_per_request": round((processor_seconds(SERVER_PID[0]) - server_cpu) * per_request, 2),
            "client_cpu_ms_per_request": round((time.process_time() - client_cpu) * per_request, 2)}


SERVER_PID = [0]  # the server process, for its processor time


def stat_fields(pid: int) -> list[str]:
    """Return the fields of /proc/PID/stat after the command's name (Linux), [] when unreadable."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return []


def processor_seconds(pid: int) -> float:
    """Return the user + system processor time so far of the server process and of those of its
    descendants at its priority (the suggestions' workers; not the analysis workers, which run
    niced), Linux /proc; 0 elsewhere."""
    fields = stat_fields(pid)
    if not fields:
        return 0.0
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (mine := stat_fields(int(entry))):
            children.setdefault(int(mine[1]), []).append(int(entry))
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        if (mine := stat_fields(p)) and mine[16] == fields[16]:
            total += (int(mine[11]) + int(mine[12])) / os.sysconf("SC_CLK_TCK")
        todo.extend(children.get(p, ()))
    return total


def http_errors(kind: str) -> type[Exception]:
    return httpx.HTTPError if kind == "httpx" else http.client.HTTPException


def analysis_in_background(url: str, stop: threading.Event, results: list) -> threading.Thread:
    """Run exact-value analyses (closed world) one after another until `stop` (at most 3)."""
    body = {"game": "wordle", "guesses": ["crane", "slosh", "shake"], "secret": "shake"}

    def work() -> None:
        with httpx.Client(base_url=url, timeout=120) as http:
            for _ in range(3):
                began = time.perf_counter()
                response = http.post("/api/analyze", json=body)
                results.append({"status": response.status_code, "seconds": round(time.perf_counter() - began, 2)})
                if stop.is_set():
                    return

    thread = threading.Thread(target=work)
    thread.start()
    return thread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--requests", type=int, default=10, help="requests per client and phase")
    parser.add_argument("--world", choices=("open", "closed"), default="open")
    parser.add_argument("--client", choices=tuple(CLIENTS), default="light",
                        help="the clients' HTTP library (light: the standard library's http.client)")
    args = parser.parse_args()
    if not (1 <= args.clients <= 100 and 1 <= args.requests <= 100):
        raise SystemExit("--clients and --requests must be from 1 to 100")
    load_before = round(os.getloadavg()[0], 2)  # the 1-minute load average as the run began
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    cache = tempfile.TemporaryDirectory(prefix="bench-web-")
    server = start_server(port, cache.name)
    SERVER_PID[0] = server.pid
    try:
        with httpx.Client(base_url=url, timeout=300) as http:  # warm up: the puzzle, the kernels
            phase = args.clients * args.requests  # (the warm-up's positions after both phases')
            for body in mid_game_bodies(2, 1, args.world, 2 * phase)[0]:
                http.post("/api/assist", json=body).raise_for_status()
            http.post("/api/analyze", json={"game": "wordle", "guesses": ["salet"], "secret": "rebut"})
        alone = run_clients(url, mid_game_bodies(args.clients, args.requests, args.world, 0), args.client)
        stop, analyses = threading.Event(), []
        background = analysis_in_background(url, stop, analyses)
        time.sleep(0.5)  # the analysis is under way
        busy = run_clients(url, mid_game_bodies(args.clients, args.requests, args.world, phase), args.client)
        stop.set()
        background.join()
    finally:
        server.terminate()
        server.wait(30)
        cache.cleanup()
    report = {"clients": args.clients, "requests_per_client": args.requests, "world": args.world, "client": args.client,
              "load_before": load_before,
              "distinct_positions": 2 * args.clients * args.requests + 2 <= len(distinct_secrets()),
              "cores": os.cpu_count(), "suggestions": alone, "suggestions_during_analysis": busy,
              "analyses": analyses,
              "targets_met": all(p["p50_ms"] <= 100 and p["p95_ms"] <= 300 and p["errors"] == 0 for p in (alone, busy))}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
