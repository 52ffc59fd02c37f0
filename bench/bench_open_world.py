"""Open-world benchmark (issue 10): the guesser sees every allowed word, weighted by the prior.

    python bench/bench_open_world.py [--folds 5] [--part wordle|every|hard|termo|sutom|speed|all] [--quick]

Every word: each of the open world's 14,855 allowed words as the secret, with and without the
never-lose guard (what the guarantee costs). Wordle: the 2,315 public answers played as secrets, with
- the cross-validated prior: the answers are split into `folds` seeded folds; the prior used on a
  fold's secrets is fitted without that fold's words (they are neither positives nor negatives);
- the prior fitted on all 2,315 (the shipped model: in-sample, for comparison);
- the uniform baseline: every allowed word alike, greedy entropy (the issue's 3.965).
Hard mode (`--part hard`, not in `all`): every allowed word as the secret in hard mode (the guard
alone, then with the exact guard as its last resort, as the front ends play), and each of the
latter's lost games classified by the exact feasibility search (optimal/worst) along its path: the first
position after a reply from which no hard-mode tree finds every candidate within the guesses left
(proven), and whether a position before it on the path had such a tree (the loss was avoidable
there) or none had from the first reply on (given the opener, some word of that bucket is lost
whatever is played). A position the first budget leaves open is tried again with the deep budget
(up to `--deep-most` secrets) and through its cores (optimal.worst.exact_guard.refuting_core: clusters
such as ?ILLS and pairs of them, in rounds of 3,000, 30,000 and the deep budget's nodes): a subset
of its words with no tree proves it has none.
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
from wordguess.optimal.worst.exact_guard import with_exact_guard
from wordguess.strategies import get_strategy
from wordguess.strategies.expected import FewestGuesses
from wordguess.strategies.guarded import guarded
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
    strategy = with_exact_guard(get_strategy("fewest-guesses"))  # as the front ends give it
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
    """Every allowed word of the open world (14,855) as the secret, with and without the guard
    (with it: as the front ends give it, with the exact guard; the same with the second turn
    searched rather than read as measured offline; and without the exact guard, which the measured
    second turn needs): failures, worst, mean, prior-weighted mean; the same over the 12,972 of
    2022 and over the 1,883 words the NYT added."""
    puzzle = PuzzleSpec(get_game("wordle"), world="open").build()
    old = set(read_bundled("wordle-guesses"))
    out = {"allowed": len(puzzle.answers)}
    variants = (("guarded", with_exact_guard(guarded(FewestGuesses()))),  # as the front ends give it
                ("guarded_second_turn_searched", with_exact_guard(guarded(FewestGuesses(measured=False)))),
                ("guarded_without_the_exact_guard", guarded(FewestGuesses())),  # (the measured second turn needs it)
                ("unguarded", FewestGuesses()))
    for name, strategy in variants:
        t = time.perf_counter()
        ev = evaluate(puzzle, strategy, world="open")
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


def hard_mode(nodes: int, deep: int, deep_most: int | None = None) -> dict:
    """Every allowed word as the secret in hard mode (open world), and each lost game's path
    checked by the exact feasibility search within `nodes` nodes per position, then for the
    positions that budget left undecided `deep` nodes (for those of at most `deep_most` secrets)
    and their cores (see the module)."""
    from wordguess.optimal.total.search import ExactSolver, Limits, SearchStopped
    from wordguess.optimal.worst.exact_guard import CORE_ROUNDS, ExactGuard, refuting_core
    from wordguess.optimal.worst.search import FeasibilitySearch
    from wordguess.trees.tree import Node

    game = get_game("wordle")
    puzzle = PuzzleSpec(game, mode="hard", world="open").build()
    t = time.perf_counter()
    alone = evaluate(puzzle, guarded(FewestGuesses()), world="open")
    out = {"allowed": len(puzzle.answers), "guard_alone": summary(alone, time.perf_counter() - t)}
    t = time.perf_counter()  # as the front ends play: the exact guard as the guard's last resort
    ev = evaluate(puzzle, with_exact_guard(guarded(FewestGuesses())), world="open")
    out.update({**summary(ev, time.perf_counter() - t), "first": ev.first, "with": "the exact guard"})
    # The exact search counts every word alike: the same words as a closed world.
    exact = puzzle.counted_alike()
    solver = ExactSolver(exact, game.max_guesses, Limits(nodes=nodes))
    search = FeasibilitySearch(solver)
    verdicts: dict[tuple, bool | None] = {}  # (path of replies) -> winnable within the guesses left
    sizes: dict[tuple, int] = {}
    checked: dict[tuple, tuple] = {}  # path -> (the position, its secrets), for the deep phase
    core_proofs: dict[tuple, list | None] = {}  # a position left undecided: the words of a core without a tree
    proven_offline: dict[tuple, bool] = {}  # settled by a shipped proof

    def secrets_below(tree) -> list[str]:
        if isinstance(tree, str):
            return [tree]
        return [w for b in tree.branches.values() for w in ([b] if isinstance(b, str) else secrets_below(b))]

    def within(secrets: np.ndarray, state: tuple, left: int) -> bool | None:
        try:
            return search.within(secrets, state, left, time.monotonic(), search.nodes)
        except SearchStopped:
            return None

    def winnable(position: tuple) -> bool | None:
        path, node, state, left, history = position
        if left <= 0:
            return False
        if path not in verdicts:
            secrets = np.array(sorted(puzzle.index_of(w) for w in secrets_below(node)))
            sizes[path], checked[path] = len(secrets), (position, secrets)
            # a shipped proof first (scripts/build_refutations.py; its tests check it)
            shipped = ExactGuard.shipped(puzzle, secrets, history, left)
            verdicts[path] = False if shipped is False else within(secrets, state, left)
            proven_offline[path] = shipped is False
        return verdicts[path]

    def positions(word: str) -> list[tuple]:  # after each reply on the word's path
        node, state, path, history, found = ev.tree, solver.root_state(), (), [], []
        while isinstance(node, Node):
            reply = game.feedback(node.guess, word)
            state = solver.child_state(*state, puzzle.index_of(node.guess), reply)
            path, history = (*path, reply), [*history, (node.guess, reply)]
            node = node.branches[reply]
            found.append((path, node, state, game.max_guesses - len(path), history))
        return found

    def classify(path_positions: list[tuple]) -> tuple[str, int, tuple | None]:
        """From the last position up: a loss is sealed at the first of the run of unwinnable
        positions that reaches the end; the position above it was winnable, undecided, or the
        run reaches the first reply. Returns (kind, the turn it was sealed at, the position above)."""
        j = len(path_positions)
        while j > 0:
            j -= 1
            verdict = winnable(path_positions[j])
            if verdict is not False:
                return ("avoidable" if verdict else "undecided"), j + 2, path_positions[j][0]
        return "unavoidable_after_opener", 1, None

    lost = sorted(w for w, v in ev.scores.items() if v > game.max_guesses)
    paths = {word: positions(word) for word in lost}
    t = time.perf_counter()
    for k, word in enumerate(lost):
        classify(paths[word])
        if k % 100 == 0:
            print(f"{k}/{len(lost)} words, {len(verdicts)} positions, {time.perf_counter() - t:.0f} s",
                  file=sys.stderr, flush=True)
    undecided = [path for path, v in verdicts.items() if v is None]
    out["first_pass"] = {"positions": len(verdicts), "undecided": len(undecided), "nodes": search.nodes,
                         "seconds": round(time.perf_counter() - t, 1), "node_budget": nodes}
    # The undecided ones again: with the deeper budget, smallest first, those of at most
    # `deep_most` secrets; then every one through its cores (a core without a tree proves the
    # whole set has none), each verdict logged as it comes.
    solver.limits = Limits(nodes=deep)
    rounds = sorted({*CORE_ROUNDS[:-1], deep})  # the cores' node budgets
    for path in sorted(undecided, key=sizes.get):
        (_, _, state, left, _), secrets = checked[path]
        t_deep = time.perf_counter()
        verdict = within(secrets, state, left) if deep_most is None or sizes[path] <= deep_most else None
        core = None if verdict is not None else refuting_core(search, secrets, state, left, rounds)
        if core is not None:
            verdict = False
        verdicts[path] = verdict
        core_proofs[path] = None if core is None else sorted(puzzle.answers[i] for i in core)
        print(f"deep: {sizes[path]} words after {len(path)} replies: {verdict} (core {core_proofs[path]}, "
              f"{time.perf_counter() - t_deep:.0f} s)", file=sys.stderr, flush=True)
    result = {word: classify(paths[word]) for word in lost}
    kinds = {kind: sorted(w for w, r in result.items() if r[0] == kind)
             for kind in ("unavoidable_after_opener", "avoidable", "undecided")}
    out["lost"] = {kind: {"count": len(words), "words": words[:30]} for kind, words in kinds.items()}
    out["sealed_at_turn"] = {str(turn): sum(r[1] == turn for r in result.values())
                             for turn in sorted({r[1] for r in result.values()})}
    above = {r[2] for r in result.values() if r[0] != "unavoidable_after_opener"}
    out["positions_above"] = [{"replies": len(path), "secrets": sizes[path], "winnable": verdicts[path],
                               "lost_below": sum(r[2] == path for r in result.values())}
                              for path in sorted(above, key=lambda p: (len(p), -sizes[p]))]
    out["deep_phase"] = [{"replies": len(path), "secrets": sizes[path], "winnable": verdicts[path],
                          "refuting_core": core} for path, core in sorted(core_proofs.items(), key=lambda pc: sizes[pc[0]])]
    out["positions_checked"] = len(verdicts)
    out["positions_proven_offline"] = sum(proven_offline.values())
    out["positions_undecided"] = sum(v is None for v in verdicts.values())
    out["exact_nodes"] = search.nodes
    out["exact_seconds"] = round(time.perf_counter() - t, 1)
    out["deep_node_budget"] = deep
    out["deep_most_secrets"] = deep_most
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
    strategy = with_exact_guard(get_strategy("fewest-guesses"))  # as the front ends give it (its shipped turn 2 too)
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
    parser.add_argument("--part", choices=["wordle", "every", "hard", "termo", "sutom", "speed", "all"],
                        default="all")
    parser.add_argument("--nodes", type=int, default=30_000, help="hard: the exact search's nodes per position")
    parser.add_argument("--deep-nodes", type=int, default=1_000_000,
                        help="hard: the nodes for a position the first budget left undecided")
    parser.add_argument("--deep-most", type=int, default=None,
                        help="hard: search again whole only the undecided positions of at most this many secrets (the cores of all)")
    parser.add_argument("--quick", action="store_true", help="fewer secrets (a smoke run)")
    args = parser.parse_args()
    report = {"load": os.getloadavg()[:2], "cpus": os.cpu_count()}
    scale = 10 if args.quick else 1
    if args.part in ("wordle", "all"):
        report["wordle"] = wordle(args.folds, args.quick)
    if args.part in ("every", "all"):
        report["every_word"] = every_word()
    if args.part == "hard":
        report["hard"] = hard_mode(args.nodes, args.deep_nodes, args.deep_most)
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
