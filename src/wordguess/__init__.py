"""wordguess: play and solve feedback word-guessing games.

    import wordguess
    game = wordguess.get_game("wordle")
    game.format_reply(game.feedback("epees", "geese"))   # 'Y.GYY'
    words = wordguess.load_words("wordle-answers")

The layers, each importing only those before it: games (rules and their kernels) -> lists ->
engine (the Puzzle) -> strategies -> trees -> play -> optimal, leetcode -> cli. See
ARCHITECTURE.md.
"""

import importlib
import sys


def _import_numba() -> None:
    """Import numba, with its numpy functions, as if scipy were not installed.

    numba imports scipy to check its version (0.1 s), and at the first kernel a process compiles
    or loads from its cache it imports its numpy functions, whose check for a BLAS (np.dot,
    np.linalg) imports scipy.linalg (0.15 s more). No kernel of this package uses either, and
    every command pays them before its first result. Both imports are made here, first, with
    scipy hidden; scipy stays importable for the rest of the process (the test extra). When
    scipy or numba is loaded already, numba is left to import as usual."""
    if "scipy" in sys.modules or "numba" in sys.modules:
        return
    sys.modules["scipy"] = None  # an import of it, or of its modules, raises ImportError
    try:
        import numba.np.arraymath  # noqa: F401  (its BLAS check runs at import)
    finally:
        del sys.modules["scipy"]


_import_numba()

# Bound now, not on first use: `wordguess.play` is both this function and the subpackage, and
# importing the subpackage binds its name here; the function must be bound after it.
from wordguess.play.simulate import GameRecord, play  # noqa: E402, F401  (after numba; in __all__)

# Where each public name lives: imported on first use (PEP 562), so that `import wordguess` or a
# command that needs a few layers does not load them all.
_HOMES = {
    "Advice": "wordguess.advice", "Advisor": "wordguess.advice", "advise": "wordguess.advice",
    "bucket_counts": "wordguess.engine.candidates",
    "filter_candidates": "wordguess.engine.candidates", "partition": "wordguess.engine.candidates",
    "PatternStore": "wordguess.engine.patterns", "MODES": "wordguess.engine.choices",
    "Puzzle": "wordguess.engine.puzzle", "PuzzleSpec": "wordguess.engine.puzzle",
    "ReplyError": "wordguess.errors", "UnknownNameError": "wordguess.errors",
    "WordError": "wordguess.errors", "WordguessError": "wordguess.errors",
    "GAMES": "wordguess.games", "Game": "wordguess.games", "get_game": "wordguess.games",
    "WordList": "wordguess.lists", "game_words": "wordguess.lists", "list_names": "wordguess.lists",
    "load_words": "wordguess.lists", "Assistant": "wordguess.play.assistant",
    "HostedGame": "wordguess.play.hosted", "get_host": "wordguess.play.hosts",
    "STRATEGIES": "wordguess.strategies", "get_strategy": "wordguess.strategies",
    "METRICS": "wordguess.strategies.metrics", "TreeStrategy": "wordguess.trees.build",
    "build_tree": "wordguess.trees.build", "Evaluation": "wordguess.trees.report",
    "evaluate": "wordguess.trees.report", "first_guess_table": "wordguess.trees.report",
    "Node": "wordguess.trees.tree", "Tree": "wordguess.trees.tree",
    "TreeFile": "wordguess.trees.tree",
}

__version__ = "0.1.0"

__all__ = sorted([*_HOMES, "GameRecord", "play"])


def __getattr__(name: str) -> object:
    if name in _HOMES:
        value = getattr(importlib.import_module(_HOMES[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
