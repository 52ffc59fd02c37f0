"""Open-world benchmark (issue 10): the guesser sees every allowed word, weighted by the prior.

    python bench/bench_open_world.py [--folds 5] [--part wordle|every|termo|sutom|speed|all] [--quick]

Every word: each of the open world's 14,855 allowed words as the secret, with and without the
never-lose guard (what the guarantee costs). Wordle: the 2,315 public answers played as secrets, with
- the cross-validated prior: the answers are split into `folds` seeded folds; the prior used on a
  fold's secrets is fitted without that fold's words (they are neither positives nor negatives);
- the prior fitted on all 2,315 (the shipped model: in-sample, for comparison);
- the uniform baseline: every allowed word alike, greedy entropy (the issue's 3.965).
Termo and Sutom (6 to 9 letters, first letter revealed): secrets drawn from the prior (seeded)
and the most frequent words. Speed: the assistant's suggestions (the first one in a new process,
then again with the opening remembered; mid-game ones at turns 2 to 4 of seeded games drawn from
the prior) and `evaluate --world open` over the 2,315 answers. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time

import numpy as np

from wordguess import PuzzleSpec, get_game
from wordguess.lists import priors, read_bundled
from wordguess.strategies import get_strategy
from wordguess.strategies.expected import FewestGuesses
from wordguess.trees.report import evaluate


def summary(ev, seconds: float) -> dict:
    return {"mean": round(ev.mean, 4), "weighted_mean": round(ev.weighted_mean, 4), "worst": ev.worst,
            "failures": ev.failures, "secrets": len(ev.scores), "histogram": ev.histogram,
            "seconds": round(seconds, 1)}


def merged(parts: list) -> dict:
    scores = {w: v for ev in parts for w, v in ev.scores.items()}
    values = list(scores.values())
    return {"mean": round(sum(values) / len(values), 4), "worst": max(values),
            "failures": sum(v > 6 for v in values), "secrets": len(values),
            "histogram": {k: values.count(k) for k in range(1, max(values) + 1)}}


def wordle(folds: int, quick: bool) -> dict:
    answers = read_bundled("wordle-answers")
    secrets = answers[::7] if quick else answers
    base = PuzzleSpec(get_game("wordle"), world="open").build()
    strategy = get_strategy("fewest-guesses")
    result = {}
    rng = np.random.default_rng(2026)
    order = rng.permutation(len(answers))
    fold_of = {answers[i]: k % folds for k, i in enumerate(order)}
    words, _ = priors.wordle_training_set()
    table = priors.frequency_table(priors.TABLES["wordle"])
    x = priors.features(words, table)
    x_open = priors.features(list(base.answers), table)  # the fold's prior, on every open-world word
    parts, fold_rows = [], []
    start = time.perf_counter()
    for k in range(folds):
        held = {w for w in answers if fold_of[w] == k}
        keep = np.array([w not in held for w in words])
        y = np.array([1.0 if (w in fold_of and w not in held) else 0.0 for w in words])
        beta = priors.fit(x[keep], y[keep])
        weights = priors.probabilities(x_open, beta)
        puzzle = dataclasses.replace(base, weights=weights)
        fold_secrets = [w for w in secrets if w in held]
        t = time.perf_counter()
        ev = evaluate(puzzle, strategy, secrets=fold_secrets, world="open")
        parts.append(ev)
        fold_rows.append({"fold": k, "held_out": len(held), **summary(ev, time.perf_counter() - t),
                          "coefficients": [round(float(b), 3) for b in beta]})
    result["cross_validated"] = {**merged(parts), "folds": fold_rows, "seconds": round(time.perf_counter() - start, 1)}
    t = time.perf_counter()
    ev = evaluate(base, strategy, secrets=secrets, world="open")
    result["prior_fitted_on_all"] = summary(ev, time.perf_counter() - t)
    uniform = dataclasses.replace(base, weights=None)
    t = time.perf_counter()
    ev = evaluate(uniform, get_strategy("entropy"), secrets=secrets)
    result["uniform_entropy"] = summary(ev, time.perf_counter() - t)
    return result


def every_word() -> dict:
    """Every allowed word of the open world (14,855) as the secret, with and without the guard:
    failures, worst, mean, prior-weighted mean; the same over the 12,972 of 2022 and over the
    1,883 words the NYT added."""
    puzzle = PuzzleSpec(get_game("wordle"), world="open").build()
    old = set(read_bundled("wordle-guesses"))
    out = {"allowed": len(puzzle.answers)}
    for name, guarantee in (("guarded", True), ("unguarded", False)):
        t = time.perf_counter()
        ev = evaluate(puzzle, FewestGuesses(guarantee=guarantee), world="open")
        seconds = time.perf_counter() - t
        row = {**summary(ev, seconds), "first": ev.first}
        for part, words in (("of_12972", [w for w in ev.scores if w in old]),
                            ("nyt_added_1883", [w for w in ev.scores if w not in old])):
            values = [ev.scores[w] for w in words]
            row[part] = {"secrets": len(values), "failures": sum(v > 6 for v in values), "worst": max(values),
                         "mean": round(sum(values) / len(values), 4)}
        row["lost"] = sorted(w for w, v in ev.scores.items() if v > 6)[:40]
        out[name] = row
    out["guarantee_costs_weighted_mean"] = round(out["guarded"]["weighted_mean"] - out["unguarded"]["weighted_mean"], 4)
    return out


def drawn_and_frequent(game, draw: int, top: int, seed: int) -> dict:
    puzzle = PuzzleSpec(game, world="open").build()
    p = puzzle.probabilities(puzzle.all_candidates())
    rng = np.random.default_rng(seed)
    drawn = [puzzle.answers[int(i)] for i in rng.choice(len(puzzle.answers), size=min(draw, len(p)), replace=False, p=p)]
    table = priors.frequency_table(priors.table_name(game.name, None))
    frequent = sorted(puzzle.answers, key=lambda w: (-table.get(w, (0.0, ""))[0], w))[:top]
    strategy = get_strategy("fewest-guesses")
    out = {"allowed": len(puzzle.answers)}
    for name, words in (("drawn_from_prior", drawn), ("most_frequent", frequent)):
        t = time.perf_counter()
        out[name] = summary(evaluate(puzzle, strategy, secrets=words, world="open"), time.perf_counter() - t)
    common = np.array([table.get(w, (0.0, ""))[0] >= 3.0 for w in puzzle.answers])
    out["prior_mass_on_zipf_3_or_more"] = round(float(p[common].sum()), 4)
    out["share_of_words_with_zipf_3_or_more"] = round(float(common.mean()), 4)
    return out


def mid_game(puzzle, strategy, secrets) -> dict:
    """Return the suggestion's time at turns 2 to 4 of the games against the secrets (median and
    slowest per turn), the assistant warmed up first as `solve` does while the player types."""
    from wordguess.play.assistant import Assistant

    Assistant(puzzle, strategy).warm_up().join()
    turns: dict[int, list[float]] = {2: [], 3: [], 4: []}
    for secret in secrets:
        assistant = Assistant(puzzle, strategy)
        for turn in range(1, 5):
            t = time.perf_counter()
            guess = assistant.suggestions(5)[0].guess
            if turn > 1:
                turns[turn].append(time.perf_counter() - t)
            reply = puzzle.game.feedback(guess, secret)
            if reply == puzzle.game.solved_reply:
                break
            assistant.record(guess, reply)
    return {str(k): {"suggestions": len(v), "median_s": round(float(np.median(v)), 4), "max_s": round(max(v), 4)}
            for k, v in turns.items() if v}


def first_suggestion(puzzle, strategy) -> dict:
    """Return the first suggestion's time: the first call (the cache as it is) and warm."""
    from wordguess.play.assistant import Assistant

    out = {}
    for name in ("first_suggestion_first_call_s", "first_suggestion_warm_s"):
        t = time.perf_counter()
        Assistant(puzzle, strategy).suggestions(5)
        out[name] = round(time.perf_counter() - t, 4)
    return out


def speed(games: int) -> dict:
    puzzle = PuzzleSpec(get_game("wordle"), world="open").build()
    strategy = get_strategy("fewest-guesses")
    out = first_suggestion(puzzle, strategy)
    p = puzzle.probabilities(puzzle.all_candidates())
    rng = np.random.default_rng(7)
    secrets = [puzzle.answers[int(i)] for i in rng.choice(len(p), size=games, replace=False, p=p)]
    out["mid_game"] = mid_game(puzzle, strategy, secrets)
    t = time.perf_counter()
    ev = evaluate(puzzle, strategy, secrets=read_bundled("wordle-answers"), world="open")
    out["evaluate_2315_secrets_s"] = round(time.perf_counter() - t, 1)
    out["evaluate_mean"] = round(ev.mean, 4)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--part", choices=["wordle", "every", "termo", "sutom", "speed", "all"], default="all")
    parser.add_argument("--quick", action="store_true", help="fewer secrets (a smoke run)")
    args = parser.parse_args()
    report = {"load": os.getloadavg()[:2], "cpus": os.cpu_count()}
    scale = 10 if args.quick else 1
    if args.part in ("wordle", "all"):
        report["wordle"] = wordle(args.folds, args.quick)
    if args.part in ("every", "all"):
        report["every_word"] = every_word()
    if args.part in ("termo", "all"):
        report["termo"] = drawn_and_frequent(get_game("termo"), 2000 // scale, 1000 // scale, 1)
    if args.part in ("sutom", "all"):
        report["sutom"] = {str(n): drawn_and_frequent(get_game("sutom", length=n), 500 // scale, 250 // scale, n)
                           for n in range(6, 10)}
    if args.part in ("speed", "all"):
        report["speed"] = speed(30 // (3 if args.quick else 1))
    report["load_after"] = os.getloadavg()[:2]
    json.dump(report, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
