"""The `wordguess` command line: a thin Typer layer over the library. Errors the library raises
for bad input become one line on stderr and exit code 2, never a traceback; so do usage errors.
Each command lives in the module of its area; this module only assembles the app."""

from __future__ import annotations

import atexit
import contextlib
import importlib
import os
import re
import signal
import sys
import threading
from collections.abc import Iterable
from typing import Annotated

import typer

from wordguess import __version__
from wordguess.cli.common import REFUSED_LINES, err, out
from wordguess.errors import interrupted, note_interrupt

# Each command and where it lives (module of wordguess.cli, function), in the help's order. A
# command line that names one command imports only that command's module (`main`), so a command
# starts without the others' imports; `app` (the whole app, for the help and the tests) is made
# on first use.
COMMANDS = {
    "feedback": ("basic", "feedback"), "lists": ("basic", "lists_command"), "filter": ("basic", "filter_command"),
    "evaluate": ("reports", "evaluate"), "tree": ("reports", "tree"), "first-guesses": ("reports", "first_guesses"),
    "evil": ("reports", "evil"), "games": ("basic", "games"), "strategies": ("basic", "strategies"),
    "cache": ("basic", "cache"), "demo": ("reports", "demo"), "solve": ("interactive", "solve"),
    "play": ("interactive", "play_command"), "optimal": ("optimal", "optimal_command"),
    "absurdle": ("optimal", "absurdle_command"), "equilibrium": ("optimal", "equilibrium_command"),
    "openers": ("optimal", "openers_command"), "improve": ("improve", "improve_command"),
    "analyze": ("analysis", "analyze_command"), "serve": ("serve", "serve"),
}
HELP = "Play and solve feedback word-guessing games (Wordle, Jotto, Mastermind, ...)."


def show_version(value: bool) -> None:
    if value:
        print(f"wordguess {__version__}")
        raise typer.Exit()


def options(
    version: Annotated[bool, typer.Option("--version", metavar="", callback=show_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """Play and solve feedback word-guessing games (Wordle, Jotto, Mastermind, ...)."""


def make_app(names: Iterable[str] = COMMANDS) -> typer.Typer:
    """Return the Typer app with these commands (all by default), importing their modules."""
    made = typer.Typer(add_completion=False, no_args_is_help=True, help=HELP,
                       context_settings={"help_option_names": ["-h", "--help"]})
    made.callback()(options)
    for name in names:
        module, function = COMMANDS[name]
        made.command(name)(getattr(importlib.import_module(f"wordguess.cli.{module}"), function))
    return made


def __getattr__(name: str) -> typer.Typer:
    if name == "app":  # the whole app, made once on first use (PEP 562)
        globals()["app"] = made = make_app()
        return made
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# Click's error classes, found through one that Typer exports (Typer vendors Click in newer
# releases, so the module to import them from differs).
USAGE_ERROR = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError")
CLICK_ERROR = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")


def main(argv: list[str] | None = None) -> None:
    """Run the command line. A usage error is one line on stderr with exit code 2, Ctrl-C ends
    with 130 on a new line, and output cut short by a closed pipe (`| head`) ends quietly."""
    argv = list(sys.argv[1:] if argv is None else argv) or ["--help"]  # no arguments: the help, exit 0
    # A named command needs only its own module; the help and an unknown command need them all.
    command = tidy_help(typer.main.get_command(make_app([argv[0]]) if argv[0] in COMMANDS else __getattr__("app")))
    stop_on_sigterm()
    REFUSED_LINES[0] = 0
    cache_was_empty = pattern_cache_size() == 0
    try:
        code = command.main(args=argv, prog_name="wordguess", standalone_mode=False)
    except USAGE_ERROR as exc:
        where = exc.ctx.command_path if exc.ctx is not None else "wordguess"
        err.print(f"error: {exc.format_message()} (see '{where} --help')", markup=False, soft_wrap=True)
        code = 2
    except CLICK_ERROR as exc:
        err.print(f"error: {exc.format_message()}", markup=False)
        code = exc.exit_code
    except BrokenPipeError:
        code = 0
    except (KeyboardInterrupt, Exception) as exc:  # typer.Abort is Ctrl-C at a prompt
        if not isinstance(exc, typer.Abort) and not interrupted(exc):
            raise
        err.print("\ninterrupted", markup=False)
        code = 130
    except SystemExit as exc:
        # Rich ends a write to a closed pipe (`| head`) with exit 1, having made itself quiet and
        # pointed stdout at /dev/null: the reader chose to stop, so it is no failure.
        code = 0 if out.quiet else exc.code
    if code is not None and not isinstance(code, int):
        code = 0
    if not code and refused_in_script():
        code = 2
    if cache_was_empty:
        note_new_cache()
    quiet_if_pipe_closed()
    sys.exit(code or 0)


def refused_in_script() -> bool:
    """Return whether a session refused a line of its input when that input was not a terminal
    (a script): it ends with exit code 2, after a line saying how many were refused."""
    if not REFUSED_LINES[0] or sys.stdin.isatty():
        return False
    many = REFUSED_LINES[0]
    err.print(f"error: {many} line{'s' if many > 1 else ''} of the input {'were' if many > 1 else 'was'} refused "
              "(each said why above); exit code 2", markup=False)
    return True


def pattern_cache_size() -> int:
    """Return the bytes the pattern cache's matrices take (0 when it is off or holds none)."""
    from wordguess.engine.patterns import default_cache_dir

    folder = default_cache_dir()
    size = 0
    for path in [] if folder is None else folder.glob("*.npy"):
        with contextlib.suppress(OSError):  # (removed meanwhile by another process)
            size += path.stat().st_size
    return size


def note_new_cache() -> None:
    """Say, once, that a command made the pattern cache: where, how large, and how to see or
    clear it (it grows to hundreds of megabytes; nothing else would tell)."""
    size = pattern_cache_size()
    if size:
        from wordguess.engine.patterns import PatternStore

        store = PatternStore.from_environment()
        err.print(f"note: {size / 2**20:,.0f} MB of pattern matrices are now cached in {store.cache_dir} for faster "
                  f"answers (at most {store.cap_bytes / 2**20:,.0f} MB); 'wordguess cache' shows it, "
                  "'wordguess cache --clear' removes it", markup=False, soft_wrap=True)


def tidy_help(root):
    """Return the command tree made to read well in the help: the -h/--help options shown as the
    flags they are (typer would show `<bool>`), each command's text in whole lines (its docstring
    is wrapped for the source) and its first sentence as the line in the command list."""
    for command in [root, *getattr(root, "commands", {}).values()]:
        option = command.get_help_option(command.context_class(command, **root.context_settings))
        if option is not None:
            option.metavar = ""
        if command.help:
            paragraphs = [" ".join(p.split()) for p in command.help.strip().split("\n\n")]
            command.help = "\n\n".join(paragraphs)
            first = re.split(r"(?<=[.?!])\s", paragraphs[0], maxsplit=1)[0]
            command.short_help = first if first.endswith((".", "?", "!")) else first + "."
    return root


def _interrupt(signum: int, frame: object) -> None:
    note_interrupt()  # `interrupted` knows it even where the KeyboardInterrupt is lost
    raise KeyboardInterrupt


def stop_on_sigterm() -> None:
    """Make SIGTERM (kill, a service manager, a CI timeout) stop a command as Ctrl-C does: its
    executor closes and stops its worker processes (killed outright, the command would leave a
    worker pool's processes running on). Only from the main thread, and only over the default
    actions; Ctrl-C's is kept but noted too (`errors.note_interrupt`)."""
    if threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _interrupt)
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _interrupt)


def quiet_if_pipe_closed() -> None:
    """Flush stdout; if its reader has gone (`| head`), point it at /dev/null so the
    interpreter's own flush at exit has nothing to complain about."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def run() -> None:
    """The console script: `main`, then the process ends without the interpreter's teardown.
    Freeing numba's and LLVM's compiled code piece by piece at exit took 0.25 s of a 1.6 s
    `wordguess optimal` (0.15 s after a one-line numba program). The exit handlers still run (the
    stores, Ray, process pools) and the output is flushed; when a thread other than the main one
    is still alive, the interpreter ends the process as usual. A traceback is not cut short."""
    try:
        main()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if not isinstance(exc.code, (int, type(None))):
            print(exc.code, file=sys.stderr)
    if threading.active_count() > 1:
        sys.exit(code)
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass  # a reader that has gone: nothing more can be said to it
    os._exit(code)


__all__ = ["app", "main", "run"]
