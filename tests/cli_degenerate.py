"""Degenerate values (0, 1, -1, 2, huge) of every numeric option of every command, for every game
where the option is a game's: run in one process by `test_cli_fuzz`, which starts it as a
subprocess so that a signal death (a numba kernel given a size it was not written for) is caught
and named: before each case the driver writes it to the progress file.

    python tests/cli_degenerate.py PROGRESS_FILE WORDS_FILE [--full]

Each case runs `wordguess.cli.main(argv)` with stdin empty (an interactive command then ends at
the end of input) and a per-case alarm; the driver prints one JSON line per case that did not
end cleanly (exit 0 or 2 with a one-line error, no traceback) and exits 0 when it ends.
"""

from __future__ import annotations

import contextlib
import io
import json
import signal
import sys
import time

import typer

HUGE = "99999999999999999999"
TREE = "{tree}"  # in CHEAP: the tree file written over the small list before the cases run
VALUES = ["0", "1", "-1", "2", HUGE]
FLOATS = ["0", "-1", "1e308", "nan", "inf"]
GAMES = ["wordle", "termo", "sutom", "jotto", "jotto2", "matches", "mastermind", "bulls", "nerdle", "fibble",
         "quordle"]
GAME_OPTIONS = ["--length", "--pegs", "--colours"]
# Per command: what makes one run cheap (a sample, a small list), and the game commands the
# game options are tried with.
CHEAP = {"evaluate": ["--sample", "1", "--games", "1"], "first-guesses": ["--count", "1"], "solve": [],
         "openers": ["--top", "1"], "tree": ["--out", "/dev/null"], "evil": [], "filter": ["x=0"],
         "feedback": ["a", "a"], "absurdle": ["--openers", "1"], "equilibrium": ["--show", "1"],
         "optimal": ["--node-limit", "200", "--no-store", "--openers", "1"], "play": [],
         "analyze": ["--budget", "0.2", "--no-store", "x"], "demo": [],
         "improve": [TREE, "--out", "/dev/null", "--no-store", "--openers", "1"]}
WITH_GAMES = ["solve", "evaluate", "first-guesses", "play"]
FEWER = {"equilibrium"}  # commands run on the small list's first 10 words (its mixed strategy takes seconds on 40)
SKIP = {"serve", "cache", "games", "lists", "strategies"}  # serve listens forever; the others take no numbers
SECONDS = 40


def fewer(words: str) -> str:
    """Return the file of the small list's first 10 words (main writes it)."""
    return f"{words}.10"


def numeric_options() -> dict[str, list[tuple[str, bool]]]:
    """Return each command's numeric options: (the option, whether it is a float)."""
    from wordguess.cli import app

    root = typer.main.get_command(app)
    found = {}
    for name, command in sorted(root.commands.items()):
        if name in SKIP:
            continue
        options = []
        for param in command.params:
            text = str(getattr(param, "type_descriptor", "")) or str(getattr(param, "type", ""))
            kind = "float" if "float" in text.lower() else "int" if "int" in text.lower() else None
            if kind and param.opts[0].startswith("--") and not getattr(param, "is_flag", False):
                options.append((param.opts[0], kind == "float"))
        found[name] = options
    return found


def cases(words: str, full: bool = False) -> list[list[str]]:
    """Return the argument lists: every game option of every game with the commands that play a
    game; every other numeric option on a small list (`full`: with every game's own lists too,
    which takes minutes: `make test-all`)."""
    out = []
    for command, options in numeric_options().items():
        listed = fewer(words) if command in FEWER else words
        small = ["--answers", listed, "--guesses", listed]
        cheap = [f"{words}.tree.json" if arg == TREE else arg for arg in CHEAP.get(command, [])]
        for option, is_float in options:
            values = FLOATS if is_float else VALUES
            if option in GAME_OPTIONS:
                if command in WITH_GAMES:
                    out += [[command, *cheap, "--game", g, option, v] for g in GAMES for v in values]
                elif option == "--length":
                    out += [[command, *cheap, "--game", g, option, v] for g in ("matches", "jotto", "sutom")
                            for v in ("0", "1", "-1")]
                continue
            out += [[command, *cheap, option, v, *small] for v in values]
            if command in WITH_GAMES:  # each game has its own code paths
                out += [[command, *cheap, "--game", g, option, v, *small] for g in ("fibble", "quordle") for v in values]
                if full:  # a huge sample or count plays or shows the whole list: legitimate, but slow
                    out += [[command, *cheap, "--game", g, option, v] for g in GAMES for v in values
                            if not (option in ("--sample", "--count") and v == HUGE)]
    return out


def main() -> None:
    from wordguess.cli import main as cli

    progress, words, full = sys.argv[1], sys.argv[2], sys.argv[3:] == ["--full"]

    def alarm(*_):
        raise TimeoutError

    signal.signal(signal.SIGALRM, alarm)
    with open(words, encoding="utf-8") as full_list, open(fewer(words), "w", encoding="utf-8") as first_ten:
        first_ten.write("".join(full_list.readlines()[:10]))
    with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
        cli(["tree", "--answers", words, "--guesses", words, "--out", f"{words}.tree.json"])
    for argv in cases(words, full):
        with open(progress, "w", encoding="utf-8") as f:
            f.write(json.dumps(argv))
        out, err = io.StringIO(), io.StringIO()
        sys.stdin = io.StringIO("")
        code: object = 0
        started = time.perf_counter()
        signal.alarm(SECONDS)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                cli(argv)
        except SystemExit as exited:
            code = exited.code or 0
        except TimeoutError:
            code = "hang"
        except BaseException as e:  # noqa: BLE001 - every escape is a finding
            code = f"raised {type(e).__name__}: {e}"
        finally:
            signal.alarm(0)
        text = err.getvalue()
        print(f"{time.perf_counter() - started:.2f} {' '.join(argv)}", file=sys.stderr, flush=True)
        clean = code in (0, 2) and "Traceback" not in out.getvalue() + text and "╭" not in text
        if code == 2:
            clean = clean and text.startswith("error:") and text.count("\n") <= 2
        if not clean:
            print(json.dumps({"argv": argv, "code": code, "err": text[-400:]}), flush=True)
    with open(progress, "w", encoding="utf-8") as f:
        f.write("done")


if __name__ == "__main__":
    main()
