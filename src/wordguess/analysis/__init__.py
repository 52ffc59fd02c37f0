"""How well was a game played? Move-by-move analysis, exact where the solver proves it.

For each move, at the position before it (the candidates the earlier replies left):

- `played`: the expected number of guesses to finish from there when this guess is played (the
  guess itself included), and `best`: the same for the best guess, with `best_guess` itself;
- `regret = played - best`, in guesses (0 for an optimal move);
- `skill = round(99 * exp(-4 * regret))`: 99 for an optimal move; a regret of 0.1 guess gives
  66, 0.25 gives 36, half a guess 13, a whole guess 2;
- `luck`: where the reply's bucket fell among the buckets this guess could meet, weighted by
  their chance: 99 * (P(a worse bucket) + P(an equally good one) / 2), a bucket being better when
  it needs fewer guesses to finish (0 for the secret found by this guess), then when it is
  smaller. 50 is average luck.

Values carry their kind. In the closed world (the answer list known, every answer alike) of a
game the exact solver takes (normal and hard mode), they are the solver's proven optima,
labelled `exact`: the optimal expected guesses of a set S is f(S) / |S|, f its least total
within the game's limit. The solver works within a time budget (the analysis's, shared by its moves); when it ends first,
the move shows proven `bounds` [low, high] (low from the admissible least-total table, high from
a tree actually built within the limit, or unknown), never a silent estimate. The first move's
best is certified over every opener: the shipped opener certificate (optimal/total/certificates.py,
`wordguess openers`) gives every opener's exact value or a proven lower bound above its
threshold, so the first move's best is proven and a first guess's value is exact or bounded
below at once. Without a certificate for the puzzle, the openers are examined most promising
first, each cut off at the best found: the bounds are [the least bound of the openers not yet
examined, the best opener proven], and the proven openers stay in the solver's store, so each
analysis takes the certification further.
In the open world the values are the fewest-guesses strategy's estimates (its second look, a
lost game counting 10 guesses), labelled `estimate`; `bench/bench_analysis.py` measures their
error against exact values.
"""
from wordguess.analysis.played import (
    DEFAULT_BUDGET,
    OPTIMAL_PLAY_SHARE,
    analyze,
    game_in_world,
    game_turns,
    replay,
    turns_from_secret,
)
from wordguess.analysis.report import (
    BOUNDS,
    ESTIMATE,
    EXACT,
    GameAnalysis,
    Move,
    Value,
    legend,
    luck_score,
    luck_words,
    regret_text,
    skill_of,
)
from wordguess.analysis.values import (
    EstimatedValues,
    ExactValues,
    FocusedEstimates,
    LieEstimates,
    MoveValues,
    Values,
    exact_supported,
    values_for,
)
from wordguess.strategies.expected import bucket_estimate

__all__ = ["BOUNDS", "DEFAULT_BUDGET", "ESTIMATE", "EXACT", "OPTIMAL_PLAY_SHARE", "EstimatedValues", "ExactValues",
           "FocusedEstimates", "GameAnalysis", "LieEstimates", "Move", "MoveValues", "Value", "Values", "analyze",
           "bucket_estimate", "exact_supported", "game_in_world", "game_turns", "legend", "luck_score", "luck_words", "regret_text",
           "replay", "skill_of", "turns_from_secret", "values_for"]
