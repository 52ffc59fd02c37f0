"""Open-world priors: the probability that an allowed word is the secret, from how common it is.

The data are per-list frequency tables (`data/freq-<list>.tsv.gz`, built by
`scripts/build_priors.py` from wordfreq 3.1.1 and Debian's wamerican): each word's Zipf frequency
(log10 occurrences per billion words + 9, 0 = unseen) and flags (p plural, d past tense, n proper
name, w dictionary word).

The model is a logistic regression of "is a puzzle answer" on features of the word:

    logit P(answer) = b0 + b1 z + b2 z^2 + b3 z^3 + b4 plural + b5 past + b6 name + b7 dictionary

with z = Zipf / 7 (a cubic in frequency gives the sigmoid-like rise of 3Blue1Brown's prior and
lets very frequent function words fall back). It is fitted (`fit`, L2-regularised IRLS) on the
public 2,315 Wordle answers against the other 10,657 allowed words; `data/prior-model.json` holds
the coefficients fitted on every answer. Termo and Sutom have no public answer list: they use the
same coefficients on their own language's frequencies (a word's Zipf frequency means the same in
every language: how often it is printed), and their own plural flags; the flags that only English
has (past tense, names, dictionary) are 0 there, which shifts every word of the list alike and so
changes no relative weight. Where a language's answers are known to differ from the NYT's
(LANGUAGE_CHOICES: plurals are answers in Termo and Sutom), that feature's coefficient is set.
"""

from __future__ import annotations

import functools
import gzip
import json
from collections.abc import Sequence
from importlib import resources

import numpy as np

from wordguess.errors import WordguessError

MODEL_FILE = "prior-model.json"
FEATURES = ("bias", "z", "z^2", "z^3", "plural", "past", "name", "dictionary")
FLAG_FEATURES = {"p": 4, "d": 5, "n": 6, "w": 7}
TABLES = {"wordle": "wordle-guesses-nyt", "termo": "termo", "sutom": "sutom"}  # a game's list -> its table
# Lists that no table covers, by name prefix: SCOWL's lists of 4 to 11 letters (wordle --length N).
# With them the open world keeps the answers, all alike, as a game without a prior does.
UNCOVERED = ("scowl-",)


def _data(name: str):
    return resources.files("wordguess.lists") / "data" / name


@functools.lru_cache(maxsize=8)
def frequency_table(name: str) -> dict[str, tuple[float, str]]:
    """Return a list's frequency table: word -> (Zipf frequency, flags)."""
    meta = json.loads(_data("priors.json").read_text(encoding="utf-8"))["tables"].get(name)
    if meta is None:
        raise WordguessError(f"no frequency table for {name!r}; there are: {', '.join(sorted(TABLES.values()))}")
    with gzip.open(_data(meta["file"]).open("rb"), "rt", encoding="utf-8") as handle:
        rows = (line.split("\t") for line in handle.read().splitlines())
        return {w: (float(z), f) for w, z, f in rows}


def table_name(game_name: str, list_name: str | None) -> str | None:
    """Return the frequency table for a game's words: the list's own table (another language's
    lists have theirs), else the game family's, or None when the game has no prior (Mastermind,
    Jotto, LeetCode: every word alike) or the list no table covers (UNCOVERED)."""
    if list_name is not None and list_name.startswith(UNCOVERED):
        return None
    if list_name in table_names():
        return list_name
    for family, table in TABLES.items():
        if game_name == family:
            return table
    return None


@functools.lru_cache(maxsize=1)
def table_names() -> frozenset[str]:
    """Return the names of the shipped frequency tables."""
    return frozenset(json.loads(_data("priors.json").read_text(encoding="utf-8"))["tables"])


def features(words: Sequence[str], table: dict[str, tuple[float, str]]) -> np.ndarray:
    """Return the (len(words), len(FEATURES)) feature matrix of the words."""
    x = np.zeros((len(words), len(FEATURES)))
    x[:, 0] = 1.0
    for i, word in enumerate(words):
        zipf, flags = table.get(word, (0.0, ""))
        z = zipf / 7.0
        x[i, 1:4] = z, z * z, z * z * z
        for flag in flags:
            x[i, FLAG_FEATURES[flag]] = 1.0
    return x


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1.0, rounds: int = 50) -> np.ndarray:
    """Return the logistic-regression coefficients of labels y (0/1) on features x, by
    iteratively reweighted least squares with an L2 penalty `ridge` (not on the bias)."""
    beta = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], ridge)
    penalty[0] = 0.0
    for _ in range(rounds):
        p = 1.0 / (1.0 + np.exp(-(x @ beta)))
        gradient = x.T @ (y - p) - penalty * beta
        hessian = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty)
        step = np.linalg.solve(hessian, gradient)
        beta += step
        if np.abs(step).max() < 1e-10:
            break
    return beta


def probabilities(x: np.ndarray, beta: np.ndarray) -> np.ndarray:
    """Return the model's P(answer) for each row of features."""
    return 1.0 / (1.0 + np.exp(-(x @ beta)))


def wordle_training_set(answers: Sequence[str] | None = None) -> tuple[list[str], np.ndarray]:
    """Return (every allowed Wordle word, 1 for a public answer else 0); `answers` replaces the
    public answer list (cross-validation fits on some of it)."""
    from wordguess.lists import read_bundled

    words = read_bundled("wordle-guesses")
    positive = set(read_bundled("wordle-answers") if answers is None else answers)
    return words, np.array([1.0 if w in positive else 0.0 for w in words])


def fit_wordle_model(answers: Sequence[str] | None = None) -> dict:
    """Return the model fitted on the Wordle answers (or the given subset of them) against the
    rest of the allowed words, as stored in prior-model.json."""
    words, y = wordle_training_set(answers)
    beta = fit(features(words, frequency_table(TABLES["wordle"])), y)
    return {"features": list(FEATURES), "coefficients": [round(float(b), 6) for b in beta],
            "fitted_on": f"{int(y.sum())} Wordle answers against {int(len(y) - y.sum())} other allowed words"}


@functools.lru_cache(maxsize=1)
def shipped_model() -> tuple[float, ...]:
    """Return the coefficients of the shipped model (fitted on all 2,315 answers)."""
    model = json.loads(_data(MODEL_FILE).read_text(encoding="utf-8"))
    if tuple(model["features"]) != FEATURES:
        raise WordguessError(f"{MODEL_FILE} has features {model['features']}, expected {list(FEATURES)}")
    return tuple(model["coefficients"])


# What each language's answers show, where it differs from the NYT's (the model is fitted on
# those alone; Termo and Sutom publish no answer list to fit on). The NYT almost never picks a
# plural (the fit gives plurals -7.7, a factor of about 2,000 less likely); Termo's answers do
# include plurals (CASAS, OLHOS) and Sutom's grids too, so there a plural is weighed by its
# frequency alone, like any other word.
LANGUAGE_CHOICES: dict[str, dict[str, float]] = {"termo": {"plural": 0.0}, "sutom": {"plural": 0.0}}


def coefficients_for(table: str) -> np.ndarray:
    """Return the model's coefficients for a frequency table: the shipped fit with the table's
    language choices (LANGUAGE_CHOICES) applied."""
    beta = np.asarray(shipped_model(), dtype=np.float64).copy()
    for feature, value in LANGUAGE_CHOICES.get(table, {}).items():
        beta[FEATURES.index(feature)] = value
    return beta


def prior(words: Sequence[str], table: str, coefficients: Sequence[float] | None = None) -> np.ndarray:
    """Return the prior weight of each word (the model's P(answer), not normalised), from a
    frequency table and the shipped model with the table's language choices (or the given
    coefficients)."""
    beta = coefficients_for(table) if coefficients is None else np.asarray(coefficients, dtype=np.float64)
    return probabilities(features(words, frequency_table(table)), beta)
