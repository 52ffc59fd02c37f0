"""Lighthouse audit of the web app: every view of the single-page app (#assist, #play, ...), on
mobile (Lighthouse's default) and desktop (`--preset=desktop`). Prints JSON.

    python bench/bench_lighthouse.py                                # all views, both form factors
    python bench/bench_lighthouse.py --views play --form-factors mobile --runs 3
    python bench/bench_lighthouse.py --keep /tmp/lh                 # keep the Lighthouse reports

Lighthouse 12.2.3 (the last release that runs on Node 20) is installed with npm on first use in
`.bench-venvs/lighthouse` (gitignored); Chrome is Debian's `chromium` (CHROME_PATH, or
/usr/bin/chromium). The server (`wordguess serve`) is started here on a free loopback port, with
its own data and state folders, and stopped at the end, also on Ctrl-C. Each view is first loaded
once in headless Chromium, unmeasured: the figures are those of a server in use, whose games'
puzzles are built and whose first answers are kept (on a fresh server the assistant's first
answer builds the open world's puzzle, seconds, and the page waits for it).

Per view and form factor: the median over `--runs` runs of each category's score (0-100), and
"failing": the audits with a score below 1 that weigh in the category (weight > 0; with
`--unweighted`, the zero-weight diagnostics too), taken from the run whose performance score is
the median one. Each run checks that Lighthouse ended on the view's URL (the #fragment the app
routes on). "errored" lists the audits Lighthouse could not compute (e.g. trace-based audits
when Chromium is newer than the Lighthouse release knows).

Target: every score 100 ("met"), the web app issue's. The performance score depends on the
processor: on a loaded machine take `--runs 3` (medians) and note the load (`uptime`) beside it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
LIGHTHOUSE_VERSION = "12.2.3"  # newer releases need Node 22
LIGHTHOUSE_DIR = ROOT / ".bench-venvs" / "lighthouse"
LIGHTHOUSE_BIN = LIGHTHOUSE_DIR / "node_modules" / ".bin" / "lighthouse"
STATIC = ROOT / "src" / "wordguess" / "web" / "static"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
FORM_FACTORS = ("mobile", "desktop")
TARGET = 100


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def app_views() -> list[str]:
    """Return the hash routes of the app: the nav links that have a page section."""
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    linked = re.findall(r'<a href="#(\w+)" data-page="\1"', html)
    sections = set(re.findall(r'<section id="page-(\w+)"', html))
    views = [v for v in dict.fromkeys(linked) if v in sections]
    if not views:
        raise SystemExit("no views found in index.html")
    return views


def install_lighthouse() -> None:
    if LIGHTHOUSE_BIN.exists():
        return
    if shutil.which("npm") is None:
        raise SystemExit("npm is needed to install Lighthouse")
    LIGHTHOUSE_DIR.mkdir(parents=True, exist_ok=True)
    log(f"installing lighthouse@{LIGHTHOUSE_VERSION} in {LIGHTHOUSE_DIR}")
    subprocess.run(["npm", "i", "-E", f"lighthouse@{LIGHTHOUSE_VERSION}", "--no-audit", "--no-fund"],
                   cwd=LIGHTHOUSE_DIR, check=True, stdout=sys.stderr)
    if not LIGHTHOUSE_BIN.exists():
        raise SystemExit("the Lighthouse install did not provide node_modules/.bin/lighthouse")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, folders: str) -> subprocess.Popen:
    env = {**os.environ, "WORDGUESS_WEB_KEY": "bench", "WORDGUESS_NO_CACHE": "1",
           "XDG_DATA_HOME": os.path.join(folders, "data"), "XDG_STATE_HOME": os.path.join(folders, "state")}
    process = subprocess.Popen([sys.executable, "-c", "from wordguess.cli import main; main()", "serve",
                                "--port", str(port)], env=env, stdout=subprocess.DEVNULL)
    try:
        for _ in range(600):
            if process.poll() is not None:
                raise SystemExit(f"the server exited with code {process.returncode}")
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                    return process
            except httpx.TransportError:
                time.sleep(0.1)
        raise SystemExit("the server did not start")
    except BaseException:
        stop(process)
        raise


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def warm_up(base: str, views: list[str], chrome: str) -> None:
    """Load each view once in headless Chromium (its scripts run and ask the server their first
    answers), so the audits meet a server in use."""
    for view in views:
        with tempfile.TemporaryDirectory(prefix="wordguess-warm-up-") as profile:
            subprocess.run([chrome, "--headless=new", "--no-sandbox", f"--user-data-dir={profile}",
                            "--virtual-time-budget=60000", "--dump-dom", f"{base}/#{view}"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300, check=False)


def run_lighthouse(url: str, form_factor: str, output: Path, chrome: str) -> dict:
    command = [str(LIGHTHOUSE_BIN), url, "--chrome-flags=--headless=new --no-sandbox",
               f"--only-categories={','.join(CATEGORIES)}", "--output=json", f"--output-path={output}", "--quiet"]
    if form_factor == "desktop":
        command.append("--preset=desktop")
    process = subprocess.Popen(command, env={**os.environ, "CHROME_PATH": chrome},
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        _, stderr = process.communicate(timeout=600)
    except BaseException:  # Ctrl-C or timeout: SIGINT lets Lighthouse close its Chrome (detached)
        process.send_signal(signal.SIGINT)
        try:
            process.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
        raise
    if process.returncode != 0 or not output.exists():
        raise RuntimeError(f"lighthouse failed on {url} ({form_factor}), code {process.returncode}:\n"
                           f"{stderr[-2000:]}")
    report = json.loads(output.read_text(encoding="utf-8"))
    if report.get("runtimeError"):
        raise RuntimeError(f"lighthouse on {url}: {report['runtimeError']}")
    return report


def run_lighthouse_again(url: str, form_factor: str, output: Path, chrome: str, tries: int = 3) -> dict:
    """Return run_lighthouse's report, running it again (up to `tries` in all) when Lighthouse itself
    asks for it (its trace lost: "Something went wrong with recording the trace ... run Lighthouse again")."""
    for attempt in range(1, tries):
        try:
            return run_lighthouse(url, form_factor, output, chrome)
        except RuntimeError as error:
            if "run Lighthouse again" not in str(error):
                raise
            log(f"{url} ({form_factor}): Lighthouse asks to run again (try {attempt + 1} of {tries})")
            output.unlink(missing_ok=True)
    return run_lighthouse(url, form_factor, output, chrome)


def scores(report: dict) -> dict[str, int | None]:
    out = {}
    for name in CATEGORIES:
        score = report["categories"].get(name, {}).get("score")
        out[name] = None if score is None else round(score * 100)
    return out


def failing(report: dict, unweighted: bool) -> dict[str, list[dict]]:
    audits = report["audits"]
    out = {}
    for name in CATEGORIES:
        rows = []
        for ref in report["categories"].get(name, {}).get("auditRefs", []):
            audit = audits[ref["id"]]
            if audit.get("score") is None or audit.get("scoreDisplayMode") in ("notApplicable", "manual", "error"):
                continue
            if audit["score"] >= 1 or (ref.get("weight", 0) <= 0 and not unweighted):
                continue
            row = {"id": ref["id"], "title": audit.get("title"), "score": audit["score"],
                   "displayValue": audit.get("displayValue")}
            if unweighted:
                row["weight"] = ref.get("weight", 0)
            rows.append(row)
        rows.sort(key=lambda row: row["score"])
        out[name] = rows
    return out


def errored(report: dict) -> list[str]:
    wanted = {ref["id"] for name in CATEGORIES for ref in report["categories"].get(name, {}).get("auditRefs", [])}
    return sorted(a for a, audit in report["audits"].items()
                  if audit.get("scoreDisplayMode") == "error" and a in wanted)


def audit_view(base: str, view: str, form_factor: str, runs: int, folder: Path, chrome: str,
               unweighted: bool, keep: Path | None) -> dict:
    url = f"{base}/#{view}"
    reports = []
    for k in range(runs):
        output = folder / f"{view}-{form_factor}-{k}.json"
        started = time.perf_counter()
        report = run_lighthouse_again(url, form_factor, output, chrome)
        landed = report.get("finalDisplayedUrl") or report.get("finalUrl")
        if landed != url:
            raise RuntimeError(f"lighthouse ended on {landed}, not on the view {url}")
        if keep is not None:
            shutil.copy(output, keep / output.name)
        reports.append(report)
        log(f"{view:8} {form_factor:7} run {k + 1}/{runs}: {scores(report)} "
            f"({time.perf_counter() - started:.0f} s)")
    median = {}
    for name in CATEGORIES:
        values = [s for s in (scores(r)[name] for r in reports) if s is not None]
        median[name] = round(statistics.median(values)) if values else None
    perf = [scores(r)["performance"] or 0 for r in reports]
    representative = reports[sorted(range(runs), key=lambda i: perf[i])[(runs - 1) // 2]]
    return {"view": view, "form_factor": form_factor, "url": url, "scores": median,
            "runs": [scores(r) for r in reports] if runs > 1 else None,
            "failing": failing(representative, unweighted), "errored": errored(representative),
            "lighthouse": representative["lighthouseVersion"]}


def main() -> None:
    views = app_views()
    parser = argparse.ArgumentParser(description="Lighthouse audit of every view of the web app, on mobile and desktop. Prints JSON.")
    parser.add_argument("--views", nargs="+", choices=views, default=views, metavar="VIEW",
                        help=f"views to audit (default: all of {', '.join(views)})")
    parser.add_argument("--form-factors", nargs="+", choices=FORM_FACTORS, default=list(FORM_FACTORS))
    parser.add_argument("--runs", type=int, default=1, help="runs per view and form factor (median)")
    parser.add_argument("--target", type=int, default=TARGET)
    parser.add_argument("--unweighted", action="store_true",
                        help="also list failing audits that do not weigh in the score (diagnostics)")
    parser.add_argument("--keep", type=Path, help="copy each Lighthouse JSON report into this folder")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    chrome = os.environ.get("CHROME_PATH") or "/usr/bin/chromium"
    if not os.access(chrome, os.X_OK):
        raise SystemExit(f"no Chromium at {chrome} (set CHROME_PATH)")
    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=True)
    install_lighthouse()

    with tempfile.TemporaryDirectory(prefix="wordguess-lighthouse-") as temp:
        port = free_port()
        server = start_server(port, temp)
        try:
            base = f"http://127.0.0.1:{port}"
            warm_up(base, args.views, chrome)
            results = [audit_view(base, view, form_factor, args.runs, Path(temp), chrome, args.unweighted, args.keep)
                       for view in args.views for form_factor in args.form_factors]
        except KeyboardInterrupt:
            log("interrupted")
            raise SystemExit(130) from None
        finally:
            stop(server)

    version = results[0]["lighthouse"]
    for row in results:
        del row["lighthouse"]
        if row["runs"] is None:
            del row["runs"]
    all_scores = [s for row in results for s in row["scores"].values() if s is not None]
    missing = any(s is None for row in results for s in row["scores"].values())
    min_score = min(all_scores) if all_scores else None
    print(json.dumps({"lighthouse": version, "runs": results, "min_score": min_score, "target": args.target,
                      "met": min_score is not None and not missing and min_score >= args.target}, indent=2))


if __name__ == "__main__":
    main()
