"""Rich renderings for the CLI: tiles, evaluation reports, first-guess tables."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from wordguess.cli.common import out
from wordguess.games import Game
from wordguess.strategies.metrics import METRICS
from wordguess.trees.report import Evaluation

if TYPE_CHECKING:
    from wordguess.optimal.total.search import OpenerResult

TILE_STYLES = {"G": "bold white on green4", "Y": "bold black on yellow3", ".": "bold white on grey35"}


def percent(p: float) -> str:
    """Return a probability as a percentage that never reads as another: 0% and 100% only when
    exact, small ones with two significant digits (0.043%), near-certain ones as >99.9%."""
    v = 100 * p
    if p <= 0 or p >= 1:
        return f"{max(0.0, min(v, 100.0)):.0f}%"
    if v < 0.01:
        return "<0.01%"
    if v < 1:
        return f"{v:.2g}%"
    if v > 99.9:
        return ">99.9%"
    return f"{v:.1f}%"


def words_whole(table: Table, console: Console | None = None) -> Table:
    """Return the table made to keep every word of its cells whole (a number, a range such as
    2.959–3.512) on a terminal narrower than the table (`console`'s, by default the output's).
    The widest columns are narrowed first, each down to its longest word at most: cells wrap at
    their spaces instead of being cut short with an ellipsis. Only when the longest words
    together are wider than the terminal is a word folded onto the next line."""
    console = out if console is None else console
    columns = table.columns
    texts = [[str(cell) for cell in (column.header, *column.cells)] for column in columns]
    natural = [max((cell_len(line) for text in cells for line in text.splitlines()), default=0) for cells in texts]
    longest = [max((cell_len(word) for text in cells for word in text.split()), default=0) for cells in texts]
    widths = list(natural)
    # The table's whole width, padding and borders included, measured as if the terminal had no edge.
    excess = console.measure(table, options=console.options.update_width(1 << 16)).maximum - console.width
    while excess > 0:
        narrowed = max(range(len(columns)), key=lambda i: (widths[i] > longest[i], widths[i]))
        if widths[narrowed] <= longest[narrowed]:
            break  # every column down to its longest word
        widths[narrowed] -= 1
        excess -= 1
    for column, width, full in zip(columns, widths, natural, strict=True):
        column.overflow = "fold"
        if width < full:
            column.max_width = width
    return table


def in_colour() -> bool:
    """Return whether the standard output shows colour (not with NO_COLOR, a pipe or a dumb
    terminal): without it, every tile and key is written with its mark."""
    return out.color_system is not None and not out.no_color


def tiles(game: Game, guess: str, reply: int, compact: bool = False) -> Text:
    """Return the guess as coloured tiles (Wordle-like games) or with its reply (others);
    compact: one cell per letter, and the reply written out only when there are no tiles (or no
    colour to show them)."""
    text = Text()
    marks = game.tile_marks(reply)
    if marks is not None:
        for letter, mark in zip(game.display(guess), marks, strict=False):
            text.append(letter if compact else f" {letter} ", style=TILE_STYLES[mark])
        if compact and in_colour():
            return text
    else:
        text.append(game.display(guess) if compact else f" {game.display(guess)} ", style="bold reverse")
    text.append(f" {game.format_reply(reply)}" if compact else f"  {game.format_reply(reply)}")
    return text


LOST_SHOWN = 10  # lost games whose secrets a text report names


def lost_line(games: list[str]) -> str:
    """Return the line naming the first LOST_SHOWN lost games (each its secrets, as shown)."""
    more = f" (and {len(games) - LOST_SHOWN:,} more; --json lists all)" if len(games) > LOST_SHOWN else ""
    return f"lost: {'; '.join(games[:LOST_SHOWN])}{more}"


def evaluation_text(ev: Evaluation, bar_width: int = 40) -> Text:
    """Return the report of an evaluation: summary lines and a histogram of bars."""
    text = Text()
    text.append(f"{ev.strategy}", style="bold")
    world = ", open world" if ev.world == "open" else ""
    text.append(f" on {ev.game} ({ev.mode} mode{world}): {len(ev.scores):,} secrets")
    if ev.first:
        text.append(f", first guess {ev.first.upper()}")
    text.append("\n")
    text.append(f"median {ev.median:g}, mean {ev.mean:.4f} ± {ev.std:.2f}, best {ev.best}, worst {ev.worst}, "
                f"total {ev.total:,}; failures (over {ev.max_guesses}): {ev.failures}\n")
    if ev.failures:
        text.append(lost_line([f"{w.upper()} ({ev.scores[w]})" for w in ev.lost]) + "\n", style="red")
    if ev.weights is not None:
        text.append(f"mean weighted by the prior: {ev.weighted_mean:.4f}\n")
    text.append("cumulative: " + ", ".join(f"≤{k}: {percent(v)}" for k, v in ev.cumulative().items()) + "\n")
    top = max(ev.histogram.values())
    for k, n in ev.histogram.items():
        bar = "█" * max(1 if n else 0, round(bar_width * n / top))
        style = "red" if k > ev.max_guesses else "cyan"
        text.append(f"{k:>3} ")
        text.append(f"{bar:<{bar_width}}", style=style)
        text.append(f" {n:>6,} {percent(n / len(ev.scores)):>6}\n")
    if ev.seconds >= 0.005:  # a tree read off its leaves takes no time worth showing
        text.append(f"({ev.seconds:.2f} s)")
    return text


def first_guess_tables(table: dict) -> list[Table]:
    """Return one rich table per metric with its best and worst first guesses."""
    out = []
    for metric, rows in table.items():
        t = Table(title=f"{metric}: {METRICS[metric].label}", show_lines=False)
        t.add_column("best")
        t.add_column("value", justify="right")
        t.add_column("worst")
        t.add_column("value", justify="right")
        for (bw, bv), (ww, wv) in zip(rows["best"], rows["worst"], strict=False):
            t.add_row(bw.upper(), number(bv), ww.upper(), number(wv))
        out.append(words_whole(t))
    return out


def number(value: float) -> str:
    """Return a metric value: whole numbers without decimals, others with three."""
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.3f}"


def keyboard(game: Game, states: dict[str, str]) -> Text:
    """Return the keyboard with each played letter coloured by its best mark."""
    rows = game.keyboard()
    colour = in_colour()
    text = Text()
    for row in rows:
        for letter in row:
            mark = states.get(letter, "")
            if not colour:  # [Q] right place, (Q) elsewhere, · absent
                text.append({"G": f"[{letter.upper()}]", "Y": f"({letter.upper()})", ".": " · "}.get(mark, f" {letter.upper()} "))
                continue
            style = TILE_STYLES.get(mark, "")
            if mark == ".":
                style = "grey30"
            text.append(f" {letter.upper()} ", style=style)
        text.append("\n")
    return text


def opener_text(result: OpenerResult, limit: int | None, shown: str | None = None) -> str:
    """Return one opener (`shown`: as the game shows it; by default its word) with its proven
    value, its bound, or that no tree within the limit opens with it."""
    word = (shown or result.opener).upper()
    if not result.feasible:
        return f"{word} none within {limit}"
    return f"{word} {result.value:,}" if result.exact else f"{word} >= {result.value:,}"
