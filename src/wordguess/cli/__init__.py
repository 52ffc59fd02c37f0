"""The `wordguess` command line: a thin Typer layer over the library. Errors the library raises
for bad input become one line on stderr and exit code 2, never a traceback. Each command lives
in the module of its area; this module only assembles the app."""

from __future__ import annotations

import typer

from wordguess.cli import basic, interactive, optimal, reports

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Play and solve feedback word-guessing games (Wordle, Jotto, Mastermind, ...).")

for command, name in [
    (basic.feedback, "feedback"), (basic.lists_command, "lists"), (basic.filter_command, "filter"),
    (reports.evaluate, "evaluate"), (reports.tree, "tree"), (reports.first_guesses, "first-guesses"),
    (reports.evil, "evil"), (basic.strategies, "strategies"), (reports.demo, "demo"),
    (interactive.solve, "solve"), (interactive.play_command, "play"), (optimal.optimal_command, "optimal"),
]:
    app.command(name)(command)


def main() -> None:
    """Run the command line."""
    app()


__all__ = ["app", "main"]
