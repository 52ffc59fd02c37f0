"""PNG histograms of evaluations (the optional extra `wordguess[plot]` provides matplotlib)."""

from __future__ import annotations

from pathlib import Path

from wordguess.errors import WordguessError
from wordguess.trees.report import Evaluation


def check_format(path: str | Path) -> None:
    """Raise WordguessError unless matplotlib can write a picture named `path` (its ending says
    the format), or when matplotlib is missing: a front end checks before the work."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
    except ImportError as exc:
        raise WordguessError("--plot needs matplotlib: pip install 'wordguess[plot]'") from exc
    formats = FigureCanvasAgg.get_supported_filetypes()
    if Path(path).suffix.lstrip(".").lower() not in formats:
        raise WordguessError(f"cannot write a histogram as {str(path)!r}: end the name with one of "
                             f"{', '.join('.' + f for f in sorted(formats))}")


def save_histogram(evaluations: list[Evaluation], path: str | Path) -> None:
    """Write a bar chart of the share of secrets solved in k guesses, one series per evaluation."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise WordguessError("--plot needs matplotlib: pip install 'wordguess[plot]'") from exc
    check_format(path)
    worst = max(e.worst for e in evaluations)
    fig, ax = plt.subplots(figsize=(7, 4))
    width = 0.8 / len(evaluations)
    for i, ev in enumerate(evaluations):
        xs = [k + (i - (len(evaluations) - 1) / 2) * width for k in range(1, worst + 1)]
        ys = [100 * ev.histogram.get(k, 0) / len(ev.scores) for k in range(1, worst + 1)]
        ax.bar(xs, ys, width=width, label=f"{ev.strategy} ({ev.mode}): mean {ev.mean:.4f}")
    ax.set_xticks(range(1, worst + 1))
    ax.set_xlabel("guesses")
    ax.set_ylabel("% of secrets")
    ax.set_title(f"{evaluations[0].game}: {len(evaluations[0].scores)} secrets")
    ax.legend()
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=120)
    except OSError as exc:
        raise WordguessError(f"cannot write the histogram {str(path)!r}: {exc.strerror or exc}") from exc
    finally:
        plt.close(fig)
