"""Strategies: small objects with one method, `choose`, found in one registry by name.

Every strategy sees the puzzle and a `Position` (each unsolved board's candidates, indices into
puzzle.answers, the turns so far and the guesses left): one of one board a position of one
board, one of several boards (`several`) any number. It returns the index of its next guess
among puzzle.guesses, one the mode allows.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from wordguess.errors import WordguessError, unknown_name
from wordguess.strategies.base import Strategy
from wordguess.strategies.expected import FewestGuesses
from wordguess.strategies.greedy import Antiwordle, Greedy, Lookahead, RandomCandidate
from wordguess.strategies.guarded import guarded
from wordguess.strategies.letters import LetterFrequency, Positional
from wordguess.strategies.lies import ShownEntropy
from wordguess.strategies.metrics import METRICS
from wordguess.strategies.multiboard import (
    DEFAULT_MULTI_STRATEGY,
    FewestTotal,
    JointEntropy,
    OneBoard,
    SafeTotal,
)


@dataclasses.dataclass(frozen=True)
class StrategyEntry:
    """A registered strategy."""

    make: Callable[..., Strategy]  # returns a new strategy, taking the keywords in `options`
    description: str  # one line, for listings
    options: tuple[str, ...] = ()  # the keywords `make` takes
    several: bool = False  # whether it plays several boards at once (Quordle)


STRATEGIES: dict[str, StrategyEntry] = {
    "random": StrategyEntry(RandomCandidate, "a random consistent candidate (seeded)", ("seed",)),
    **{name: StrategyEntry(lambda name=name: Greedy(name),
                           f"greedy: the guess with the {'most' if metric.shown < 0 else 'least'} {metric.label}")
       for name, metric in METRICS.items()},
    "letter-frequency": StrategyEntry(LetterFrequency, "the Termo notebook's letter-frequency heuristic"),
    "positional": StrategyEntry(Positional, "the Sutom notes' expected eliminations per letter and position"),
    "lookahead": StrategyEntry(Lookahead, "the best guesses by entropy, each followed by a greedy subtree; "
                               "the smallest total wins", ("width",)),
    "fewest-guesses": StrategyEntry(lambda **o: guarded(FewestGuesses(**o)), "the fewest guesses expected under the prior (the open "
                                    "world's default), with a second look at its best guesses", ("width",)),
    "antiwordle": StrategyEntry(Antiwordle, "Antiwordle: consistent guesses that keep the game going"),
    "lie-entropy": StrategyEntry(ShownEntropy, "for a host that lies (Fibble): the most entropy of the shown "
                                 "reply, each secret's mass spread over the lies it may get"),
    "one-board": StrategyEntry(OneBoard, "several boards: finish the first unsolved board by entropy, then the "
                               "next", several=True),
    "joint-entropy": StrategyEntry(JointEntropy, "several boards: the most information over all boards (the sum "
                                   "of their entropies)", several=True),
    "fewest-total": StrategyEntry(FewestTotal, "several boards: the least expected work left over all boards, "
                                  "its best by that sum given a second look", ("width",), several=True),
    "fewest-total-safe": StrategyEntry(lambda **o: guarded(SafeTotal(**o)), "several boards: fewest-total, refusing a guess proven to lose "
                                       "some combination of the secrets (the default)", ("width",), several=True),
}
ALIASES = {"max": "minimax", "knuth": "minimax", "expected": "expectation", "info": "entropy",
           "parts": "most-parts", "fewest": "fewest-guesses", "bayes": "fewest-guesses", "frequency": "letter-frequency", "sutom": "positional"}


def strategy_entry(name: str) -> StrategyEntry:
    """Return the registry entry of a strategy name or alias (or an error listing the names)."""
    key = ALIASES.get(name.strip().lower(), name.strip().lower())
    if key not in STRATEGIES:
        raise unknown_name("strategy", name, STRATEGIES)
    return STRATEGIES[key]


def get_strategy(name: str, *, several: bool | None = None, **options) -> Strategy:
    """Return a new strategy by registry name or alias, e.g. get_strategy('lookahead', width=5);
    `several` True or False: it must be a strategy of several boards, or of one."""
    entry = strategy_entry(name)
    if several is not None and entry.several != several:
        kind = {True: "several boards", False: "one board"}
        fitting = sorted(n for n, e in STRATEGIES.items() if e.several == several)
        raise WordguessError(f"{name} is a strategy for {kind[entry.several]}; those for {kind[several]}: "
                             f"{', '.join(fitting)}")
    unknown = set(options) - set(entry.options)
    if unknown:
        raise WordguessError(f"strategy {name} does not take options {sorted(unknown)}; "
                             f"it takes: {', '.join(entry.options) or 'none'}")
    return entry.make(**options)


def default_strategy(name: str | None, puzzle, several: bool = False) -> str:
    """Return the strategy named, or the puzzle's default: of several boards fewest-total-safe;
    of one, lie-entropy when the game's host lies (Fibble), fewest-guesses when its secrets are
    weighted (the open world of a game with a prior), else entropy."""
    if name:
        return name
    if several:
        return DEFAULT_MULTI_STRATEGY
    if puzzle.game.lies:
        return "lie-entropy"
    return "fewest-guesses" if puzzle.weighted else "entropy"


def offered_strategy(name: str, several: bool | None = None, **offered) -> Strategy:
    """Return get_strategy(name) given those of the `offered` options it takes and that are
    not None (a front end offers its seed and width to whichever strategy was chosen)."""
    entry = strategy_entry(name)
    return get_strategy(name, several=several,
                        **{k: v for k, v in offered.items() if k in entry.options and v is not None})


__all__ = ["ALIASES", "STRATEGIES", "Strategy", "StrategyEntry", "default_strategy", "get_strategy", "offered_strategy",
           "strategy_entry"]
