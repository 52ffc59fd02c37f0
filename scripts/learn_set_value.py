#!/usr/bin/env python3
"""Learn the value of a set of words (the least expected guesses to find its secret, the next
guess included) from the exact labels of results/set-values/, and measure each model on held-out
sets that share no secret with the training ones.

    pip install -e ".[learn]"
    python scripts/learn_set_value.py --out results/set-values/models.json

The models, from simple to deep, each fitted on the training split (the sets met over Wordle's
2,315 answers, normal mode) and measured on every other split (the sets met over the other
English words, over German and Spanish answers, and in hard mode, where each set is valued as a
hard-mode game of its own):

- `curve`: the cost curve `fewest-guesses` ships (data/cost-model.json), fitted on the entropy
  tree's nodes, not on optimal values: f(log2 n);
- `refit`: the same kind of curve, f(log2 n) by bins of 0.25 bits made non-decreasing, fitted on
  the exact labels;
- `features`: least squares over a few features of the set: log2 n, and of the best split over
  every allowed guess its entropy, its largest part and its number of parts (as shares of n);
- `letters`: least squares over what a bucket's own words give, cheap enough to work out for every
  bucket of every guess: log2 n, the distinct letters at each position and the entropy of each
  position's letters (each sorted), and the distinct letters of the set;
- `boosted`: gradient-boosted trees (scikit-learn) over richer features: the above, the best
  largest part and most parts over every guess, the singletons of the best split, whether the
  best split's guess is in the set, and the set's letters (distinct letters by position);
- `deepsets`: a permutation-invariant network (PyTorch) that reads the set itself: each word's
  letters by position, one-hot, through a shared network; the mean and the sum of its outputs,
  with log2 n, through another.

`--play` measures the two curves in play: `fewest-guesses` as the front ends give it (its guard
with the exact guard; the second turn searched, not read from the measures shipped for the
shipped curve, so both play alike), over every secret of Wordle's closed world, its hard mode,
German Wordle, a seeded sample of the open world and every word of it (its mean weighted by the
prior): mean, worst, failures and the time of a mid-game suggestion. The curves play alone; the
`settled` column is the shipped curve with the exact values of the buckets the exact search
settles within a suggestion's budget (optimal.total.settled), as the front ends play it where
the secrets count alike. `--play-models` measures
the `letters` and `boosted` models the same way inside `fewest-guesses` (model_strategy): its
best guesses by the one-step score (the curve's) are ranked by the model's values of their
buckets in place of the second look.

The errors are of the mean (guesses per secret): mean absolute error, bias, root mean square, and
the mean absolute error by size. Deterministic: the seeds are fixed, the network trains on one
thread. The `refit` curve is written with `--curve FILE` in the format of data/cost-model.json.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import numpy as np

from wordguess.strategies.base import one_board

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from wordguess import PuzzleSpec, get_game  # noqa: E402
from wordguess.strategies.expected import cost_curve  # noqa: E402
from wordguess.strategies.scoring import score_guesses  # noqa: E402

DATA = ROOT / "results" / "set-values"
TRAIN = "wordle-answers"
BIN = 0.25
SIZES = ((3, 5), (6, 20), (21, 100), (101, 300))


def load(paths: list[Path]) -> list[dict]:
    """Return the exact rows of the label files, each with its file's stem as `file` and its words
    in its language's letters as `letters` (German's ß and umlauts folded: five letters a word)."""
    rows, games = [], {}
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row.get("exact"):
                language = row.get("language") or "en"
                game = games.setdefault(language, get_game("wordle", language=language))
                rows.append({**row, "file": path.stem, "letters": [game.fold(w) for w in row["words"]]})
    return rows


class Featurer:
    """Features of a set of words, over the allowed guesses of its list (one puzzle per list)."""

    def __init__(self) -> None:
        self.puzzles: dict[str, object] = {}

    def puzzle(self, guesses: str, language: str | None):
        """Return the puzzle of a list, read with its language's letters (English by default)."""
        key = (guesses, language or "en")
        if key not in self.puzzles:
            self.puzzles[key] = PuzzleSpec(get_game("wordle", language=key[1]), guesses, guesses).build()
        return self.puzzles[key]

    def __call__(self, row: dict) -> list[float]:
        puzzle = self.puzzle(row["guesses"], row.get("language"))
        return bucket_features(puzzle, np.array(sorted(puzzle.guess_index[w] for w in row["words"]), dtype=np.int64))


def letter_features(row: dict) -> list[float]:
    """Return the `letters` model's features of a set (see the module)."""
    words = row["letters"]
    spreads, entropies = [], []
    for i in range(len(words[0])):
        counts = np.unique([w[i] for w in words], return_counts=True)[1] / len(words)
        spreads.append(len(counts))
        entropies.append(float(-(counts * np.log2(counts)).sum()))
    return [math.log2(len(words)), *sorted(spreads), *sorted(entropies), len(set("".join(words))), 1.0]


def errors(predicted: np.ndarray, rows: list[dict]) -> dict:
    """Return the errors of predicted means against the rows' exact means."""
    truth = np.array([r["mean"] for r in rows])
    n = np.array([r["n"] for r in rows])
    diff = predicted - truth
    out = {"sets": len(rows), "mae": float(np.abs(diff).mean()), "bias": float(diff.mean()),
           "rmse": float(np.sqrt((diff ** 2).mean()))}
    for low, high in SIZES:
        keep = (n >= low) & (n <= high)
        if keep.any():
            out[f"mae_{low}_{high}"] = float(np.abs(diff[keep]).mean())
    return out


def fit_curve(rows: list[dict]) -> tuple[np.ndarray, np.ndarray]:
    """Return a curve (bits, guesses) of the mean by bins of log2 n, non-decreasing, starting at
    (0, 1) and (1, 1.5) as the shipped one does."""
    x = np.log2([r["n"] for r in rows])
    y = np.array([r["mean"] for r in rows])
    bins = np.round(x / BIN).astype(int)
    xs, ys = [0.0, 1.0], [1.0, 1.5]
    for b in np.unique(bins):
        if b * BIN > 1.0:
            xs.append(float(b * BIN))
            ys.append(float(y[bins == b].mean()))
    return np.array(xs), np.maximum.accumulate(np.array(ys))


def deepsets(train: list[dict], tests: dict[str, list[dict]], seed: int) -> tuple[dict, object]:
    """Train the permutation-invariant network; return its predictions per test split, and the
    network."""
    import torch

    torch.manual_seed(seed)
    torch.set_num_threads(1)
    alphabet = sorted({c for rows in [train, *tests.values()] for r in rows for w in r["letters"] for c in w})
    index = {c: i for i, c in enumerate(alphabet)}
    length = len(train[0]["words"][0])
    width = length * len(alphabet)

    def encode(rows: list[dict]) -> tuple:
        most = max(r["n"] for r in rows)
        x = torch.zeros(len(rows), most, width)
        mask = torch.zeros(len(rows), most, 1)
        for k, r in enumerate(rows):
            for j, w in enumerate(r["letters"]):
                for i, c in enumerate(w):
                    x[k, j, i * len(alphabet) + index[c]] = 1.0
            mask[k, : r["n"]] = 1.0
        logn = torch.tensor([[math.log2(r["n"])] for r in rows])
        return x, mask, logn

    class Net(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.phi = torch.nn.Sequential(torch.nn.Linear(width, 64), torch.nn.ReLU(), torch.nn.Linear(64, 32),
                                           torch.nn.ReLU())
            self.rho = torch.nn.Sequential(torch.nn.Linear(32 * 2 + 1, 64), torch.nn.ReLU(), torch.nn.Linear(64, 1))

        def forward(self, x, mask, logn):
            h = self.phi(x) * mask
            total = h.sum(1)
            mean = total / mask.sum(1)
            return self.rho(torch.cat([mean, total / 100.0, logn], 1)).squeeze(1) + 1.0 + 0.5 * logn.squeeze(1)

    net = Net()
    x, mask, logn = encode(train)
    y = torch.tensor([r["mean"] for r in train], dtype=torch.float32)
    optimiser = torch.optim.Adam(net.parameters(), lr=3e-3, weight_decay=1e-5)
    order = torch.Generator().manual_seed(seed)
    for _epoch in range(150):
        perm = torch.randperm(len(train), generator=order)
        for start in range(0, len(train), 64):
            batch = perm[start:start + 64]
            optimiser.zero_grad()
            loss = torch.nn.functional.mse_loss(net(x[batch], mask[batch], logn[batch]), y[batch])
            loss.backward()
            optimiser.step()
    net.eval()
    with torch.no_grad():
        return {name: net(*encode(rows)).numpy().astype(np.float64) for name, rows in tests.items()}, net


# (label, the game's options, the puzzle's, the secrets sampled or None)
PLAYED = (("wordle closed", {}, dict(), None), ("wordle hard", {}, dict(mode="hard"), None),
          ("german closed", dict(language="de"), dict(answers="de-answers-5", guesses="de-guesses-5"), None),
          ("wordle open", {}, dict(world="open"), 300), ("wordle open all", {}, dict(world="open"), None))


def play_curves(curves: dict[str, tuple[np.ndarray, np.ndarray]], labels: list[str] | None = None,
                settled: set[str] = frozenset()) -> dict:
    """Return each curve's play by `fewest-guesses` on the PLAYED puzzles (see the module), or on
    those of `labels`: the curve alone, or for the names in `settled` as the front ends give it,
    with the exact values of the buckets the exact search settles (optimal.total.settled) and the
    curve for the others."""
    import time

    from wordguess.optimal.worst.exact_guard import played_strategy
    from wordguess.strategies import expected
    from wordguess.trees.report import evaluate

    out: dict = {}
    shipped = expected.cost_curve  # each curve in turn, the shipped one given back at the end
    try:
        for name, (bits, guesses) in curves.items():
            expected.cost_curve = lambda bits=bits, guesses=guesses: (bits, guesses)
            for label, options, spec, sample in PLAYED:
                if labels is not None and label not in labels:
                    continue
                puzzle = PuzzleSpec(get_game("wordle", **options), **spec).build()
                strategy = played_strategy("fewest-guesses", puzzle)
                strategy.inner.measured = False
                if name not in settled:
                    strategy.inner.settled = None
                found = evaluate(puzzle, strategy, sample=sample, world=spec.get("world", "closed"))
                opener = puzzle.index_of(found.first)  # the timed suggestion: after it, on the middle answer
                reply = puzzle.game.feedback(found.first, puzzle.answers[len(puzzle.answers) // 2])
                history = [(found.first, reply)]
                candidates = puzzle.narrow(puzzle.all_candidates(), opener, reply)
                start = time.perf_counter()
                strategy.choose(puzzle, one_board(puzzle, candidates, history))
                out.setdefault(name, {})[label] = {"mean": found.mean, "weighted_mean": found.weighted_mean, "worst": found.worst, "failures": found.failures,
                                                   "secrets": len(found.scores), "midgame_ms": 1000 * (time.perf_counter() - start)}
    finally:
        expected.cost_curve = shipped
    return out


def bucket_features(puzzle, ids: np.ndarray) -> list[float]:
    """Return the `boosted` model's features (Featurer's) of a bucket of a puzzle being played:
    the same numbers for the same words (its guesses, not the bucket's own list, are searched)."""
    every = np.arange(len(puzzle.guesses), dtype=np.int64)
    n = len(ids)
    entropy = -score_guesses(puzzle, every, ids, "entropy")
    largest = score_guesses(puzzle, every, ids, "minimax")
    parts = -score_guesses(puzzle, every, ids, "most-parts")
    best = int(np.argmax(entropy))
    sizes = np.bincount(np.asarray(puzzle.row(best))[ids])
    words = [puzzle.game.fold(puzzle.answers[a]) for a in ids]
    letters = [len({w[i] for w in words}) for i in range(len(words[0]))]
    return [math.log2(n), entropy[best], largest[best] / n, parts[best] / n, largest.min() / n, parts.max() / n,
            float((sizes == 1).sum()) / n, float(best in set(puzzle.guess_of_answer[ids].tolist())), *sorted(letters),
            len(set("".join(words))) / len(puzzle.game.alphabet)]


def model_strategy(base, name: str, value, width: int | None = None):
    """Return `fewest-guesses` (`base`, as played_strategy gives it: its guard with the exact
    guard) whose best by the one-step score are ranked by a model's value of their buckets
    instead of the second look: E[g] = 1 + sum over the replies but "solved" of P(r) * v(bucket),
    v exact for one and two candidates, value(puzzle, sets) the values of the larger ones (the least expected guesses to
    find the bucket's secret). Within two guesses of the limit it plays as `base` (the losses)."""
    from wordguess.strategies import expected as module
    from wordguess.strategies.guarded import Guarded

    class ModelGuesses(module.FewestGuesses):
        def looks(self, puzzle, head, candidates, history, pool):
            if self.left(puzzle, history) < 3:
                return super().looks(puzzle, head, candidates, history, pool)
            return self.valued(puzzle, head, candidates)

        @staticmethod
        def valued(puzzle, head, candidates):
            total = puzzle.weights_of(candidates).sum()
            out, large = np.ones(len(head)), []  # large: (guess's place, its share, the bucket)
            for k, g in enumerate(np.asarray(head).tolist()):
                for reply, bucket in puzzle.buckets(g, candidates):
                    if reply == puzzle.game.solved_reply:
                        continue
                    w = puzzle.weights_of(bucket)
                    if len(bucket) > 2:
                        large.append((k, w.sum() / total, np.asarray(bucket, dtype=np.int64)))
                    else:
                        out[k] += w.sum() / total * (1.0 if len(bucket) == 1 else 1.0 + (w.sum() - w.max()) / w.sum())
            if large:
                for (k, share, _), v in zip(large, value(puzzle, [b for *_, b in large]), strict=True):
                    out[k] += share * v
            return out

    inner = base.inner
    strategy = ModelGuesses(width=width or inner.width, pool=inner.pool, loss=inner.loss,
                            name=f"{inner.name}+{name}", limit=inner.limit, measured=False)
    return Guarded(strategy, base.guard)


def play_models(models: dict, labels: list[str] | None = None, width: int | None = None) -> dict:
    """Return each model's play inside `fewest-guesses` (model_strategy) on the PLAYED puzzles:
    mean, worst, failures over every secret and the time of a mid-game suggestion."""
    import time

    from wordguess.optimal.worst.exact_guard import played_strategy
    from wordguess.trees.report import evaluate

    out: dict = {}
    for label, options, spec, sample in PLAYED:
        if labels is not None and label not in labels:
            continue
        puzzle = PuzzleSpec(get_game("wordle", **options), **spec).build()
        for name, value in models.items():
            strategy = model_strategy(played_strategy("fewest-guesses", puzzle), name, value, width)
            start = time.perf_counter()
            found = evaluate(puzzle, strategy, sample=sample, world=spec.get("world", "closed"))
            seconds = time.perf_counter() - start
            opener = puzzle.index_of(found.first)
            reply = puzzle.game.feedback(found.first, puzzle.answers[len(puzzle.answers) // 2])
            candidates = puzzle.narrow(puzzle.all_candidates(), opener, reply)
            start = time.perf_counter()
            strategy.choose(puzzle, one_board(puzzle, candidates, [(found.first, reply)]))
            out.setdefault(name, {})[label] = {"mean": found.mean, "weighted_mean": found.weighted_mean, "worst": found.worst, "failures": found.failures,
                                               "secrets": len(found.scores), "seconds": seconds,
                                               "midgame_ms": 1000 * (time.perf_counter() - start)}
            print(json.dumps({name: {label: out[name][label]}}), file=sys.stderr, flush=True)
    return out


def plot(predictions: dict[str, dict[str, np.ndarray]], every: dict[str, list[dict]], path: Path) -> None:
    """Draw each model's predicted mean against the exact one, a panel per model, every split but
    the training one in its own colour, the diagonal for reference (matplotlib: the `plot` extra)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    models = list(predictions)
    columns = 3
    figure, axes = plt.subplots((len(models) + columns - 1) // columns, columns, figsize=(12, 8), sharex=True,
                                sharey=True, squeeze=False)
    tests = sorted((s for s in every if s != TRAIN), key=lambda s: -len(every[s]))  # the largest drawn first
    for ax, model in zip(axes.flat, models, strict=False):
        for split in tests:
            truth = np.array([r["mean"] for r in every[split]])
            ax.scatter(truth, predictions[model][split], s=3, alpha=0.35, label=split)
            error = float(np.abs(predictions[model][split] - truth).mean())
            ax.plot([], [], " ", label=f"  mean abs. error {error:.3f}")
        ax.plot([1.5, 4], [1.5, 4], color="black", linewidth=0.8)
        ax.set_xlim(1.5, 4)
        ax.set_ylim(1.5, 4)
        ax.set_title(model)
        ax.set_xlabel("exact least expected guesses")
        ax.set_ylabel("predicted")
        ax.legend(fontsize=6, markerscale=3, loc="upper left")
    for ax in list(axes.flat)[len(models):]:
        ax.set_visible(False)
    figure.suptitle("The value of a set of words: each model against the exact solver, on the sets it was not trained on")
    figure.tight_layout()
    figure.savefig(path, dpi=80)
    plt.close(figure)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", nargs="*", type=Path, default=sorted(DATA.glob("*.jsonl")))
    parser.add_argument("--train", default=TRAIN, help="the file (stem) whose sets train the models")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=None, help="write the measures here (JSON)")
    parser.add_argument("--play", action="store_true", help="measure the curves in play (minutes)")
    parser.add_argument("--play-models", action="store_true",
                        help="measure the letters and boosted models in play inside fewest-guesses (minutes)")
    parser.add_argument("--width", type=int, default=None,
                        help="with --play-models: how many of the best by the one-step score the model ranks (default: fewest-guesses' own)")
    parser.add_argument("--played", nargs="*", choices=[label for label, *_ in PLAYED], default=None,
                        help="with --play: only these (default: every one)")
    parser.add_argument("--plot", type=Path, default=None, help="draw predicted against exact values here (PNG; the plot extra)")
    parser.add_argument("--curve", type=Path, default=None, help="write the refitted curve here")
    args = parser.parse_args()

    from sklearn.ensemble import HistGradientBoostingRegressor

    rows = load(args.data)
    train = [r for r in rows if r["file"] == args.train]
    tests = {stem: [r for r in rows if r["file"] == stem] for stem in sorted({r["file"] for r in rows} - {args.train})}
    if not train or not tests:
        sys.exit(f"error: need the training file {args.train!r} and at least one other among {args.data}")
    featurer = Featurer()
    features = {stem: np.array([featurer(r) for r in part]) for stem, part in [(args.train, train), *tests.items()]}
    target = np.array([r["mean"] for r in train])
    every = {args.train: train, **tests}
    predictions: dict[str, dict[str, np.ndarray]] = {}

    bits, guesses = cost_curve()
    predictions["curve"] = {s: np.interp(np.log2([r["n"] for r in p]), bits, guesses) for s, p in every.items()}
    refit = fit_curve(train)
    predictions["refit"] = {s: np.interp(np.log2([r["n"] for r in p]), *refit) for s, p in every.items()}
    few = lambda f: np.column_stack([f[:, :4], np.ones(len(f))])  # noqa: E731
    weights, *_ = np.linalg.lstsq(few(features[args.train]), target, rcond=None)
    predictions["features"] = {s: few(features[s]) @ weights for s in every}
    own = {s: np.array([letter_features(r) for r in p]) for s, p in every.items()}
    weights, *_ = np.linalg.lstsq(own[args.train], target, rcond=None)
    predictions["letters"] = {s: own[s] @ weights for s in every}
    boosted = HistGradientBoostingRegressor(max_iter=300, learning_rate=0.05, random_state=args.seed)
    boosted.fit(features[args.train], target)
    predictions["boosted"] = {s: boosted.predict(features[s]) for s in every}
    predictions["deepsets"], _net = deepsets(train, every, args.seed)

    measures = {model: {s: errors(p[s], every[s]) for s in every} for model, p in predictions.items()}
    if args.plot is not None:
        plot(predictions, every, args.plot)
    report = {"train": args.train, "sizes": {s: len(p) for s, p in every.items()}, "models": measures}
    if args.play:
        report["play"] = play_curves({"curve": (bits, guesses), "refit": refit, "settled": (bits, guesses)}, args.played,
                                     settled={"settled"})
    if args.play_models:
        lstsq_letters = weights
        report["play_models"] = play_models({
            "letters": lambda puzzle, sets: np.array([letter_features(
                {"letters": [puzzle.game.fold(puzzle.answers[a]) for a in ids]}) for ids in sets]) @ lstsq_letters,
            "boosted": lambda puzzle, sets: boosted.predict(np.array([bucket_features(puzzle, ids) for ids in sets])),
        }, args.played, args.width)
    text = json.dumps(report, indent=1)
    print(text)
    if args.out is not None:
        args.out.write_text(text + "\n", encoding="utf-8")
    if args.curve is not None:
        args.curve.write_text(json.dumps({"bits": [round(float(b), 4) for b in refit[0]],
                                          "guesses": [round(float(g), 4) for g in refit[1]]}) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
