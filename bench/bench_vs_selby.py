"""The exact solver side by side with Alex Selby's C++ solver (../shared/peers/selby-wordle, MIT),
on the same machine, lists and cases, the two programs alternating. Prints JSON.

    python bench/bench_vs_selby.py                       # SALET normal and hard x5, 100 openers
    python bench/bench_vs_selby.py --runs 3 --openers 20 # a quicker look

Cases (2,315 answers / 12,972 guesses, at most 6 guesses, one thread each):
- prove SALET = 7920 (normal) and 8122 (hard), `--runs` times each, alternating;
- the certification step: for `--openers` openers drawn at random (seeded), show that each
  cannot beat 7920 (cutoff 7921: the value if below it, else a proven bound >= 7921). Each opener
  is searched with an empty memory by both programs (Selby's: a process per opener; ours: a new
  solver per opener in one process), alternating; an opener that takes either program more than
  `--slow` seconds is run once, the others `--cert-runs` times.
Times are each program's own search time (Selby's "Time taken", its processor time; ours the
search's wall time in a process with one numba thread), so start-up (reading lists, the pattern
table) is left out of both; the ratio is Selby's median over ours (above 1: we are faster).

A shipped opener certificate checked against Selby's program (`--check-certificate NAME`, e.g.
wordle-hard or wordle-hard-nyt, with `--sample N`): the best opener, then N exact entries, N openers with no tree
within the limit and N bounds drawn at random (seeded, fewer where there are fewer), each
searched by Selby's program with the certificate's cutoff T + 1 (`-b`, `-H` in hard mode): an
exact entry must get the same value, a bound at least T + 1, a no-tree opener Selby's
"infinity".

As a user meets them (`--whole N`, `--only-whole` for that case alone): the whole program, a
fresh process each run, alternating, wall time from start to exit: Selby's binary proving SALET
against `wordguess optimal --first salet --no-certificate --no-store --json` (numba's on-disk
cache warm, as after the first run, and wordguess's bytecode compiled, as `pip install` leaves
it), normal and hard.

The feasibility search (`--only-depth N`): hard mode with every one of the 14,855 words the
secret, whether a tree within 6 follows the opener (UNHIP, THUMB, JAZZY: the slowest of our
refutations of every opener; SALET, TARSE), Selby's `-H -d -g6` against `wordguess optimal
--objective worst --max-guesses 6 --first WORD`, each afresh per run, alternating.

Lists as a user meets them (`--large N`, `--only-large` for those cases alone): SALET, normal
and hard, on 2,315 / 12,972, and TARSE on the NYT's lists (2,309 answers / 14,855 guesses) and
on a larger answer list drawn from them (the 2,315 answers and 843 more of the 14,855 guesses,
seeded: 3,158 / 14,855; like the issue's held-out list, where TARSE has a tree within 6 in hard
mode), N runs each, alternating. Fresh: each program started afresh per run (Selby's "Time taken" and our JSON
`seconds`, each program's own search time, and the wall time of the whole process); warm: our
search time in the driver process, after a first run (Selby's program has no warm state).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PEER = Path(os.environ.get("SELBY_DIR", Path(__file__).resolve().parents[2] / "shared" / "peers" / "selby-wordle"))
CUTOFF = 7921
SELBY_INFINITY = 1_000_000_000  # Selby's score of an opener with no tree within the limit
DRIVER = r"""
import json, sys, time
from wordguess.engine.puzzle import PuzzleSpec
from wordguess.games import get_game
from wordguess.optimal.total.search import ExactSolver, Limits, SearchStopped
puzzles = {}
for line in sys.stdin:
    word, mode, beta, seconds, answers, guesses = json.loads(line)
    key = (mode, answers, guesses)
    if key not in puzzles:
        puzzles[key] = PuzzleSpec(get_game("wordle"), answers, guesses, mode=mode).build()
        puzzles[key].by_secret
    solver = ExactSolver(puzzles[key], 6, Limits(seconds, None), None)
    began = time.perf_counter()
    try:
        r = solver.opener(word, beta)
        out = {"value": r.value, "exact": r.exact, "nodes": r.nodes}
    except SearchStopped:
        out = {"value": None, "exact": False, "nodes": None}
    out["seconds"] = time.perf_counter() - began
    print(json.dumps(out), flush=True)
"""


def build_selby(work: Path) -> Path:
    """Compile the peer's program (g++ -O3, as its Makefile does) into `work`."""
    if not (PEER / "wordle.cpp").exists():
        raise SystemExit(f"Selby's solver is not at {PEER} (set SELBY_DIR to its folder)")
    if shutil.which("g++") is None:
        raise SystemExit("g++ is needed to build Selby's solver")
    binary = work / "wordle"
    subprocess.run(["g++", "-o", str(binary), str(PEER / "wordle.cpp"), "-std=c++17", "-O3", "-Wall",
                    '-DCOMMITDESC="peer"'], check=True, capture_output=True)
    return binary


LARGE_SEED = 0  # the draw of the larger answer list (after which TARSE has a hard-mode tree within 6)
LARGE_SIZE = 3158


def write_lists(work: Path) -> None:
    """Write the lists both programs read: `hidden`/`all` (2,315 / 12,972), `nyt-hidden`/`nyt-all`
    (2,309 / 14,855) and `large-hidden` (the 2,315 and a seeded draw of the 14,855 to 3,158)."""
    from wordguess.lists import load_words

    answers, nyt_guesses = load_words("wordle-answers"), load_words("wordle-guesses-nyt")
    extra = random.Random(LARGE_SEED).sample(sorted(set(nyt_guesses) - set(answers)), LARGE_SIZE - len(answers))
    for name, words in (("hidden", answers), ("all", load_words("wordle-guesses")),
                        ("nyt-hidden", load_words("wordle-answers-nyt")), ("nyt-all", nyt_guesses),
                        ("large-hidden", sorted([*answers, *extra]))):
        (work / name).write_text("\n".join(words) + "\n")


def run_selby(binary: Path, work: Path, word: str, hard: bool, beta: int | None, seconds: float,
              lists: tuple[str, str] = ("hidden", "all")) -> dict:
    args = [str(binary), "-a", lists[1], "-h", lists[0], "-w", word] + (["-H"] if hard else [])
    if beta is not None:
        args.append(f"-b{beta}")
    try:
        done = subprocess.run(args, cwd=work, capture_output=True, text=True, timeout=seconds + 30)
    except subprocess.TimeoutExpired:
        return {"value": None, "seconds": None}
    score = re.search(r"Best first guess score =\s*(\d+)", done.stdout)
    took = re.search(r"Time taken = ([\d.]+)s", done.stdout)
    nodes = re.search(r"Nodes used = (\d+)", done.stdout)
    return {"value": int(score.group(1)) if score else None, "seconds": float(took.group(1)) if took else None,
            "nodes": int(nodes.group(1)) if nodes else None}


def as_installed() -> None:
    """Compile wordguess's bytecode beside its modules, as `pip install` does: an editable
    install under PYTHONDONTWRITEBYTECODE would otherwise compile every module at every start."""
    import compileall
    import importlib.util

    for folder in importlib.util.find_spec("wordguess").submodule_search_locations:
        compileall.compile_dir(folder, quiet=1)


def whole_runs(binary: Path, work: Path, runs: int) -> dict:
    """Return the whole-process case: each program started afresh `runs` times per mode,
    alternating, its wall time from start to exit (medians, the ratio Selby / wordguess)."""
    as_installed()
    ours_cmd = [str(Path(sys.executable).with_name("wordguess")), "optimal", "--first", "salet", "--no-certificate",
                "--no-store", "--json"]
    out = {}
    for mode, flags in (("normal", []), ("hard", ["--mode", "hard"])):
        subprocess.run(ours_cmd + flags, capture_output=True, check=True)  # numba's cache and the matrix, once
        selby_s, ours_s, values = [], [], set()
        for _ in range(runs):
            began = time.perf_counter()
            s = run_selby(binary, work, "salet", mode == "hard", None, 600)
            selby_s.append(time.perf_counter() - began)
            began = time.perf_counter()
            done = subprocess.run(ours_cmd + flags, capture_output=True, text=True, check=True)
            ours_s.append(time.perf_counter() - began)
            values.add((s["value"], json.loads(done.stdout)["total"]))
        out[f"salet-{mode}"] = {"values (selby, wordguess)": sorted(values),
                                "selby_wall_s": [round(t, 3) for t in selby_s],
                                "wordguess_wall_s": [round(t, 3) for t in ours_s],
                                "ratio_of_medians": ratio(selby_s, ours_s)}
    return out


# name -> (opener, answers file, guesses file): the four cases are SALET on 2,315 / 12,972
# and TARSE on a 3,158 / 14,855 list, each normal and hard
LARGE_CASES = {"salet-2315": ("salet", "hidden", "all"), "tarse-nyt": ("tarse", "nyt-hidden", "nyt-all"),
               "tarse-large-3158": ("tarse", "large-hidden", "nyt-all")}


def large_runs(binary: Path, work: Path, ours: Ours, runs: int, limit: float) -> dict:
    """Return the list cases: SALET or TARSE, normal and hard, on each list, Selby's program and ours
    each started afresh per run (search time and whole-process wall time), alternating, and our
    search in the warm driver process; ratios of medians (Selby / wordguess)."""
    cli = str(Path(sys.executable).with_name("wordguess"))
    env = {**os.environ, "NUMBA_NUM_THREADS": "1"}
    as_installed()
    out = {}
    for name, (opener, hidden, allowed) in LARGE_CASES.items():
        for mode in ("normal", "hard"):
            hard = mode == "hard"
            cmd = [cli, "optimal", "--first", opener, "--answers", str(work / hidden), "--guesses",
                   str(work / allowed), "--mode", mode, "--no-certificate", "--no-store", "--json"]
            subprocess.run(cmd, capture_output=True, env=env, timeout=limit)  # numba's cache, once
            ours.run(opener, hard, None, limit, str(work / hidden), str(work / allowed))  # warm
            t: dict[str, list[float]] = {k: [] for k in ("selby_s", "selby_wall_s", "fresh_s", "fresh_wall_s", "warm_s")}
            values = set()
            for _ in range(runs):
                began = time.perf_counter()
                s = run_selby(binary, work, opener, hard, None, limit, (hidden, allowed))
                t["selby_wall_s"].append(time.perf_counter() - began)
                t["selby_s"].append(s["seconds"])
                began = time.perf_counter()
                done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=limit)
                t["fresh_wall_s"].append(time.perf_counter() - began)
                if done.returncode != 0:
                    raise SystemExit(f"{name} {mode}: {done.stderr.strip()}")
                fresh = json.loads(done.stdout)
                t["fresh_s"].append(fresh["seconds"])
                warm = ours.run(opener, hard, None, limit, str(work / hidden), str(work / allowed))
                t["warm_s"].append(warm["seconds"])
                values.add((s["value"], fresh["total"], warm["value"]))
            out[f"{name}-{mode}"] = {
                "lists": [len((work / f).read_text().split()) for f in (hidden, allowed)],
                "values (selby, fresh, warm)": sorted(values),
                **{k: [round(x, 3) for x in v] for k, v in t.items()},
                "ratio_fresh_search": ratio(t["selby_s"], t["fresh_s"]),
                "ratio_fresh_wall": ratio(t["selby_wall_s"], t["fresh_wall_s"]),
                "ratio_warm": ratio(t["selby_s"], t["warm_s"])}
            print(json.dumps({f"{name}-{mode}": out[f"{name}-{mode}"]}), file=sys.stderr, flush=True)
    return out


class Ours:
    """A process running the driver: one request (opener, mode, cutoff, time limit) a line."""

    def __init__(self):
        env = {**os.environ, "NUMBA_NUM_THREADS": "1"}
        self.process = subprocess.Popen([sys.executable, "-c", DRIVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, env=env)

    def run(self, word: str, hard: bool, beta: int | None, seconds: float, answers: str = "wordle-answers",
            guesses: str = "wordle-guesses") -> dict:
        request = [word, "hard" if hard else "normal", beta or (1 << 40), seconds, answers, guesses]
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(60)


def check_certificate(binary: Path, work: Path, name: str, sample: int, seed: int, limit: float) -> dict:
    """Return how a shipped certificate's entries compare with Selby's program: the best opener
    and `sample` exact and `sample` bounded entries drawn at random, each searched by Selby's
    program with the cutoff T + 1 (an exact entry must come back equal, a bound at least T + 1)."""
    from wordguess.optimal.total.certificates import load_certificate
    from wordguess.optimal.total.search import INF

    cert = load_certificate(name)
    files = {("wordle", "wordle-answers", "wordle-guesses"): ("hidden", "all"),
             ("wordle", "wordle-answers-nyt", "wordle-guesses-nyt"): ("nyt-hidden", "nyt-all")}
    lists = files.get((cert.game, cert.answers, cert.guesses))
    if lists is None:
        raise SystemExit(f"{name}: only the Wordle certificates on 2,315 / 12,972 and the NYT's lists are checked here")
    cut, hard = cert.threshold + 1, cert.mode == "hard"
    exact = [e for e in cert.entries if e.exact and e.value < INF]
    none = [e for e in cert.entries if e.value >= INF]
    bounded = [e for e in cert.entries if not e.exact]
    rng = random.Random(seed)
    entries = [exact[0], *(e for group in (exact[1:], none, bounded) for e in rng.sample(group, min(sample, len(group))))]
    rows, began = [], time.monotonic()
    for entry in entries:
        s = run_selby(binary, work, entry.opener, hard, cut, limit, lists)
        none = entry.value >= INF  # no tree within the limit: Selby's program scores it its infinity
        agree = s["value"] is not None and (s["value"] >= SELBY_INFINITY if none else
                                            s["value"] == entry.value if entry.exact else s["value"] >= cut)
        rows.append({"opener": entry.opener, "certificate": None if none else entry.value, "exact": entry.exact,
                     "selby": s["value"],
                     "selby_s": s["seconds"], "agree": agree})
        print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    return {"certificate": name, "mode": cert.mode, "threshold": cert.threshold, "checked": len(rows),
            "exact_checked": sum(r["exact"] and r["certificate"] is not None for r in rows),
            "no_tree_checked": sum(r["certificate"] is None for r in rows), "all_agree": all(r["agree"] for r in rows),
            "wall_s": round(time.monotonic() - began, 1), "rows": rows}


DEPTH_OPENERS = ("unhip", "thumb", "jazzy", "salet", "tarse")  # the hardest of hard mode's refutations, and two good


def depth_runs(binary: Path, work: Path, runs: int, limit: float) -> dict:
    """Return the feasibility case: hard mode with every one of the 14,855 words the secret, is
    there a tree within 6 after the opener? Selby's `-H -d -g6` against `wordguess optimal
    --objective worst --max-guesses 6 --first WORD` (which also refutes 3, 4 and 5), each a fresh
    process per run, alternating: each program's search time and whole-process wall time."""
    cli = str(Path(sys.executable).with_name("wordguess"))
    out = {}
    for word in DEPTH_OPENERS:
        ours_cmd = [cli, "optimal", "--answers", "wordle-guesses-nyt", "--guesses", "wordle-guesses-nyt", "--mode",
                    "hard", "--objective", "worst", "--max-guesses", "6", "--first", word, "--no-store", "--json"]
        subprocess.run(ours_cmd, capture_output=True, check=True)  # numba's cache and the matrix, once
        rows = {"selby_s": [], "selby_wall_s": [], "wordguess_s": [], "wordguess_wall_s": []}
        verdicts = set()
        for _ in range(runs):
            began = time.perf_counter()
            done = subprocess.run([str(binary), "-a", "nyt-all", "-h", "nyt-all", "-H", "-d", "-g6", "-w", word],
                                  cwd=work, capture_output=True, text=True, timeout=limit + 30)
            rows["selby_wall_s"].append(time.perf_counter() - began)
            took = re.search(r"Time taken = ([\d.]+)s", done.stdout)
            rows["selby_s"].append(float(took.group(1)) if took else None)
            selby_none = "no-legal-guess" in done.stdout
            began = time.perf_counter()
            ran = subprocess.run(ours_cmd, capture_output=True, text=True, check=True, timeout=limit + 60)
            rows["wordguess_wall_s"].append(time.perf_counter() - began)
            worst = json.loads(ran.stdout)["worst_case"]
            rows["wordguess_s"].append(worst["seconds"])
            verdicts.add((selby_none, worst["least"] is None and worst["proven_at_least"] > 6))
        out[word] = {"no tree within 6 (selby, wordguess)": sorted(verdicts),
                     **{k: [round(t, 3) for t in v if t is not None] for k, v in rows.items()},
                     "ratio_of_medians": ratio([t for t in rows["selby_s"] if t is not None], rows["wordguess_s"]),
                     "wall_ratio_of_medians": ratio(rows["selby_wall_s"], rows["wordguess_wall_s"])}
    return out


def ratio(selby: list[float], ours: list[float]) -> float | None:
    return round(statistics.median(selby) / statistics.median(ours), 3) if selby and ours else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each SALET proof")
    parser.add_argument("--openers", type=int, default=100, help="random openers in the certification step")
    parser.add_argument("--cert-runs", type=int, default=5, help="runs of each opener that is not slow")
    parser.add_argument("--slow", type=float, default=60.0, help="seconds beyond which an opener is run once")
    parser.add_argument("--limit", type=float, default=600.0, help="most seconds one search may take")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--whole", type=int, default=5, help="runs of each whole-process case (0: none)")
    parser.add_argument("--only-whole", action="store_true", help="the whole-process case alone")
    parser.add_argument("--large", type=int, default=3, help="runs of each large-list case (0: none)")
    parser.add_argument("--only-large", action="store_true", help="the large-list cases alone")
    parser.add_argument("--only-depth", type=int, default=0, metavar="N",
                        help="the feasibility case alone, N runs: hard mode, every word the secret, within 6")
    parser.add_argument("--check-certificate", metavar="NAME", help="check a shipped certificate against Selby's values")
    parser.add_argument("--sample", type=int, default=20, help="exact and bounded entries each, with --check-certificate")
    args = parser.parse_args()
    load = round(os.getloadavg()[0], 2)
    work = Path(tempfile.mkdtemp(prefix="bench-selby-"))
    ours = None
    try:
        binary = build_selby(work)
        write_lists(work)
        report: dict = {"load_before": load, "cores": os.cpu_count(), "cases": {}}
        if args.check_certificate:
            report = {"load_before": load, **check_certificate(binary, work, args.check_certificate, args.sample,
                                                                args.seed, args.limit),
                      "load_after": round(os.getloadavg()[0], 2)}
            print(json.dumps(report, indent=2))
            return
        if args.only_depth:
            report["depth"] = depth_runs(binary, work, args.only_depth, args.limit)
            report["load_after"] = round(os.getloadavg()[0], 2)
            print(json.dumps(report, indent=2))
            return
        if args.only_large:
            ours = Ours()
            report["large_lists"] = large_runs(binary, work, ours, args.large, args.limit)
            report["load_after"] = round(os.getloadavg()[0], 2)
            print(json.dumps(report, indent=2))
            return
        if args.whole:
            report["whole_process"] = whole_runs(binary, work, args.whole)
        if args.only_whole:
            report["load_after"] = round(os.getloadavg()[0], 2)
            print(json.dumps(report, indent=2))
            return
        ours = Ours()
        for name, hard, value in (("salet-normal", False, 7920), ("salet-hard", True, 8122)):
            ours.run("salet", hard, None, args.limit)  # warm: lists, matrix, compiled kernels
            times: dict[str, list[float]] = {"selby": [], "wordguess": []}
            values = set()
            for _ in range(args.runs):
                s = run_selby(binary, work, "salet", hard, None, args.limit)
                o = ours.run("salet", hard, None, args.limit)
                times["selby"].append(s["seconds"])
                times["wordguess"].append(o["seconds"])
                values.add((s["value"], o["value"]))
            report["cases"][name] = {"expected": value, "values (selby, wordguess)": sorted(values),
                                     "selby_s": [round(t, 3) for t in times["selby"]],
                                     "wordguess_s": [round(t, 3) for t in times["wordguess"]],
                                     "ratio_of_medians": ratio(times["selby"], times["wordguess"])}
        from wordguess.lists import load_words

        openers = random.Random(args.seed).sample(sorted(load_words("wordle-guesses")), args.openers)
        rows = []
        began = time.monotonic()
        for word in openers:
            s_times, o_times = [], []
            s = run_selby(binary, work, word, False, CUTOFF, args.limit)
            o = ours.run(word, False, CUTOFF, args.limit)
            s_times.append(s["seconds"])
            o_times.append(o["seconds"])
            slow = max(t or 1e9 for t in (s["seconds"], o["seconds"])) > args.slow
            for _ in range(0 if slow else args.cert_runs - 1):
                s_times.append(run_selby(binary, work, word, False, CUTOFF, args.limit)["seconds"])
                o_times.append(ours.run(word, False, CUTOFF, args.limit)["seconds"])
            agree = (s["value"] is not None and o["value"] is not None
                     and (s["value"] == o["value"] or min(s["value"], o["value"]) >= CUTOFF))
            rows.append({"opener": word, "selby": s["value"], "wordguess": o["value"], "agree": agree,
                         "selby_s": round(statistics.median(t for t in s_times if t is not None), 3) if s["seconds"] else None,
                         "wordguess_s": round(statistics.median(o_times), 3) if o["seconds"] is not None else None,
                         "runs": len(s_times)})
            print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
        done = [r for r in rows if r["selby_s"] and r["wordguess_s"]]
        report["certification"] = {
            "cutoff": CUTOFF, "openers": len(rows), "seed": args.seed, "wall_s": round(time.monotonic() - began, 1),
            "all_agree": all(r["agree"] for r in rows),
            "selby_total_s": round(sum(r["selby_s"] for r in done), 2),
            "wordguess_total_s": round(sum(r["wordguess_s"] for r in done), 2),
            "ratio_of_medians": ratio([r["selby_s"] for r in done], [r["wordguess_s"] for r in done]),
            "ratio_of_totals": round(sum(r["selby_s"] for r in done) / max(1e-9, sum(r["wordguess_s"] for r in done)), 3),
            "openers_faster_here": sum(r["wordguess_s"] < r["selby_s"] for r in done),
            "slowest_here": sorted(done, key=lambda r: -r["wordguess_s"])[:5],
            "rows": rows}
        if args.large:
            report["large_lists"] = large_runs(binary, work, ours, args.large, args.limit)
        report["load_after"] = round(os.getloadavg()[0], 2)
        print(json.dumps(report, indent=2))
    finally:
        if ours is not None:
            ours.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
