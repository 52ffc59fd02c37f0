"""The command line's option types: each an Annotated type with its flag and help, read by typer
from a command's signature (`as_json: opt.Json = False`). Commands import the module as `opt`."""

from __future__ import annotations

from typing import Annotated

import typer

from wordguess.games import GAMES

Game = Annotated[str, typer.Option("--game", "-g", help=f"The game: {', '.join(GAMES)} (or an alias).")]
Length = Annotated[int | None, typer.Option(help="Word length (wordle: 4-11, default 5; nerdle: 8 classic, 6 mini; sutom, matches, jotto, jotto2; bulls: digits).")]
First = Annotated[str | None, typer.Option("--first-letter", "--first", help="Sutom: the revealed first letter (--first too, where a command has no --first of its own).")]
Pegs = Annotated[int | None, typer.Option(help="Mastermind: pegs per code (default 4); Bulls and Cows: digits per code (default 4).")]
Colours = Annotated[int | None, typer.Option("--colours", "--colors", help="Mastermind: colours (default 6); Bulls and Cows: symbols, the digits 0..N-1 (default 10).")]
Answers = Annotated[str | None, typer.Option(help="Secrets: a bundled list name or a file (default: the game's).")]
Guesses = Annotated[str | None, typer.Option(help="Allowed guesses: a list name or a file (default: the game's).")]
Json = Annotated[bool, typer.Option("--json", metavar="", help="Print JSON instead of text.")]
Mode = Annotated[str, typer.Option("--mode", "-m", help="normal, hard or strict.")]
ExactMode = Annotated[str, typer.Option("--mode", "-m", help="normal or hard (with --objective total, strict too: every guess a candidate).")]
NormalOrHard = Annotated[str, typer.Option("--mode", "-m", help="normal or hard.")]
Strategy = Annotated[str, typer.Option("--strategy", "-s", help="A strategy name (see `wordguess strategies`).")]
Window = Annotated[str | None, typer.Option(
    "--inconsistent-window", help="Normal mode: consider inconsistent guesses only while LO-HI candidates remain (classic: 4-125).")]
Ties = Annotated[str, typer.Option(
    "--ties", help="Break ties between equal guesses: 'candidates' (one that may be the answer, then list order) or 'list' (list order only, as the classic write-up).")]
Width = Annotated[int | None, typer.Option(help="lookahead: how many top guesses to try (default 10).")]
Seed = Annotated[int, typer.Option(min=0, help="Seed for random strategies, hosts and samples (0 or more).")]
World = Annotated[str, typer.Option(
    "--world", help="closed: the secret is one of the answer list (the published figures); open: any allowed "
    "word may be, weighted by how common it is (today's puzzles; Wordle, Termo and Sutom).")]
Exclude = Annotated[str | None, typer.Option(help="A list (name or file) of words to weigh down, e.g. past answers.")]
AddWords = Annotated[str | None, typer.Option(
    "--add-words", help="A file (or list name) of words in no list that the game takes: they join the guesses and "
    "the possible secrets.")]
ExcludeFactor = Annotated[float, typer.Option(
    "--exclude-factor", help="The weight of --exclude words is multiplied by this (above 0, at most 1).")]
OpenStrategy = Annotated[str | None, typer.Option(
    "--strategy", "-s", help="A strategy name (see `wordguess strategies`; default: fewest-guesses in the open world of Wordle, Termo and "
    "Sutom, lie-entropy for Fibble, fewest-total-safe for several boards, else entropy).")]

SessionWorld = Annotated[str | None, typer.Option(
    "--world", help="open (the default): any allowed word may be the secret, weighted by how common it is; "
    "closed (the default when --answers is given): the secret is one of the answer list, all alike.")]
Language = Annotated[str | None, typer.Option(help="Wordle's language: en (default), de, es, it, nl, sv, nb, pl, ca.")]
# For a command whose own --first means something else (optimal: the opening word).
FirstLetter = Annotated[str | None, typer.Option("--first-letter", help="Sutom: the revealed first letter.")]
AnalyzeWorld = Annotated[str, typer.Option(
    "--world", help="closed: exact values over the answer list; open: estimates over every allowed word, "
    "weighted by the prior; auto (default): closed when the game fits the answer list, else open.")]
# The exact searches' executors and store (optimal, improve).
Executor = Annotated[str, typer.Option(
    help="process (local pool) or ray (a Ray cluster; needs the extra wordguess\\[ray]).")]
RayAddress = Annotated[str | None, typer.Option(help="Ray: the cluster to join (default: start a local one).")]
Store = Annotated[str | None, typer.Option(
    help="SQLite file of proven results, shared by reruns (default: in the user cache).")]
NoStore = Annotated[bool, typer.Option("--no-store", metavar="", help="Keep nothing on disk.")]
