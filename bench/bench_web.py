"""Load on the web app, on the loopback only: concurrent clients ask for suggestions mid-game
(every request a different game, two turns in: nothing is answered from a cache), alone and
while another client runs an exact-value analysis.
Prints JSON: per phase the latency p50/p95/max in ms, requests and errors. Bounded: every client
sends a fixed number of requests, and the server (started here on a free port) is stopped at the end.

    python bench/bench_web.py                        # 20 clients x 10 requests (the issue's setting)
    python bench/bench_web.py --clients 4 --requests 3 --world closed   # a quick check

Targets (issue 14): p50 <= 100 ms, p95 <= 300 ms, 0 errors, in both phases.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
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


def start_server(port: int) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-c", "from wordguess.cli import main; main()", "serve",
                                "--port", str(port)], env={**os.environ, "WORDGUESS_WEB_KEY": "bench"})
    for _ in range(600):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                return process
        except httpx.TransportError:
            time.sleep(0.1)
    process.terminate()
    raise SystemExit("the server did not start")


def mid_game_bodies(clients: int, requests: int, world: str, phase: int) -> list[list[dict]]:
    """Return each client's assist requests: two turns of a game, each with its own secret."""
    game = get_game("wordle")
    answers = load_words("wordle-answers")

    def body(k: int) -> dict:
        secret = answers[(97 * k + 13) % len(answers)]
        return {"game": "wordle", "world": world,
                "turns": [{"guess": g, "reply": game.format_reply(game.feedback(g, secret))} for g in OPENERS]}

    return [[body((phase * clients + c) * requests + r) for r in range(requests)] for c in range(clients)]


def run_clients(url: str, bodies: list[list[dict]]) -> dict:
    """Every client sends its requests one after another; all clients at once."""
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(len(bodies))

    def client(mine: list[dict]) -> None:
        with httpx.Client(base_url=url, timeout=30) as http:
            start.wait()
            for body in mine:
                began = time.perf_counter()
                try:
                    response = http.post("/api/assist", json=body)
                    ok = response.status_code == 200
                    problem = None if ok else f"{response.status_code}: {response.text[:80]}"
                except httpx.HTTPError as exc:
                    problem = f"{type(exc).__name__}: {exc}"
                with lock:
                    latencies.append((time.perf_counter() - began) * 1000)
                    if problem:
                        errors.append(problem)

    threads = [threading.Thread(target=client, args=(b,)) for b in bodies]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    q = statistics.quantiles(latencies, n=20, method="inclusive") if len(latencies) > 1 else latencies * 19
    return {"requests": len(latencies), "errors": len(errors), "first_errors": errors[:3],
            "p50_ms": round(statistics.median(latencies), 1), "p95_ms": round(q[18], 1),
            "max_ms": round(max(latencies), 1), "seconds": round(time.perf_counter() - began, 2)}


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
    args = parser.parse_args()
    if not (1 <= args.clients <= 100 and 1 <= args.requests <= 100):
        raise SystemExit("--clients and --requests must be from 1 to 100")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = start_server(port)
    try:
        with httpx.Client(base_url=url, timeout=300) as http:  # warm up: the puzzle, the kernels
            for body in mid_game_bodies(2, 1, args.world, 2)[0]:
                http.post("/api/assist", json=body).raise_for_status()
            http.post("/api/analyze", json={"game": "wordle", "guesses": ["salet"], "secret": "rebut"})
        alone = run_clients(url, mid_game_bodies(args.clients, args.requests, args.world, 0))
        stop, analyses = threading.Event(), []
        background = analysis_in_background(url, stop, analyses)
        time.sleep(0.5)  # the analysis is under way
        busy = run_clients(url, mid_game_bodies(args.clients, args.requests, args.world, 1))
        stop.set()
        background.join()
    finally:
        server.terminate()
        server.wait(30)
    report = {"clients": args.clients, "requests_per_client": args.requests, "world": args.world,
              "cores": os.cpu_count(), "suggestions": alone, "suggestions_during_analysis": busy,
              "analyses": analyses,
              "targets_met": all(p["p50_ms"] <= 100 and p["p95_ms"] <= 300 and p["errors"] == 0 for p in (alone, busy))}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
