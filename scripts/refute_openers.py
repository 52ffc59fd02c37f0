"""Ask of each opener whether a tree finds every secret within DEPTH guesses, with a time limit
on each first reply: an opener's replies are searched smallest first, each within DEPTH - 1
guesses by the feasibility search; the first reply proven to have no tree refutes the opener, a
reply whose search reaches its limit is passed over (the opener undecided unless another reply
refutes it), and an opener whose every reply has a tree is feasible.

    python scripts/refute_openers.py --answers A --guesses G --mode hard --depth 7 \
        [--openers W1,W2,... | --openers-file F | --order groups --first N] \
        --per-reply 20 --per-opener 90 --store S.sqlite --out verdicts.jsonl

This is `wordguess optimal --objective worst --first W --per-reply S` (FeasibilitySearch.opener
with its per-reply limit) over many openers, with a limit per opener too: a reply past its limit
is passed over, so that a small reply no tree can finish (THUMP's `..YYY` over the 14,855)
refutes the opener at once. The openers default to
every allowed guess, easy refutations first; `--order groups` puts first the openers that leave
the groups of words alike but for one letter (?UMPS) most broken up: for each group, the most of
its words one reply keeps together, then the largest of those over the groups, their sum of
squares and the largest reply break ties (fewest first), since such groups are what makes a
reply unfinishable in hard mode; `--order constrained` puts first the openers with the largest
reply that fixes two letters or shows three. One JSON line an opener is appended to --out (a
rerun skips the openers there); verdicts proven either way go to the store under the key
`optimal --objective worst` reads, so that a later run of it takes them. `--retry` asks again
the openers left undecided in --out (with new limits); a word's last line there is its verdict.
Each line names its mode and depth, and a file holds the verdicts of one search: a run of another
mode or depth refuses it. `--export F.jsonl.gz` writes those last lines, one a word in word
order, compressed (the form results/ keeps them in), and searches nothing; `zcat F.jsonl.gz >
verdicts.jsonl` resumes from it.

`--core F` refutes by a core instead, and stops: F lists secrets that no tree finishes within
DEPTH - 1 guesses, proven first by the feasibility search over every allowed guess in normal
mode (which holds in hard mode too: its guesses are fewer); every opener one of whose replies
keeps the whole core together then has no tree within DEPTH, that reply its refuter. Over the
12,947 words of the NYT's 2022 list, the 94 words SALET's `Y.G..` and TERAS's `....G` share
(?ILLS, ?OLLS, ?ULLS and others) have none within five, which refutes 170 openers within six.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path

import numpy as np

from wordguess.cli import stop_on_sigterm
from wordguess.engine.puzzle import PuzzleSpec
from wordguess.errors import WordguessError
from wordguess.games import get_game
from wordguess.optimal.tasks import SearchSpec, feasibility_for
from wordguess.optimal.total.certificates import read_verdicts
from wordguess.optimal.worst.groups import alike_groups
from wordguess.optimal.worst.run import optimal_worst
from wordguess.optimal.worst.search import FeasibilitySearch, refutation_order


def groups_order(puzzle) -> list[str]:
    """Return every allowed guess, those that keep the fewest alike words together first."""
    matrix = puzzle.matrix  # guesses x answers
    most = np.zeros(len(puzzle.guesses), dtype=np.int64)
    squares = np.zeros_like(most)
    for members in alike_groups([puzzle.game.fold(w) for w in puzzle.answers]):
        part = np.sort(matrix[:, members].astype(np.int64), axis=1)
        kept, run = np.ones_like(most), np.ones_like(most)
        for j in range(1, part.shape[1]):
            run = np.where(part[:, j] == part[:, j - 1], run + 1, 1)
            kept = np.maximum(kept, run)
        most, squares = np.maximum(most, kept), squares + kept * kept
    everything = puzzle.all_candidates()
    largest = np.array([puzzle.bucket_sizes(g, everything).max() for g in range(len(puzzle.guesses))])
    return [puzzle.guesses[g] for g in np.lexsort((largest, squares, most))]


def constrained_order(puzzle) -> list[str]:
    """Return every allowed guess, those with the largest reply that fixes two letters or shows
    three first (hard mode holds every later guess to those letters: such a reply is the
    likeliest to refute), ties in the guesses' order."""
    game, everything = puzzle.game, puzzle.all_candidates()
    tight = np.zeros(game.n_replies, dtype=bool)
    for reply in range(game.n_replies):
        if reply != game.solved_reply:
            marks = game.letter_marks(reply)
            tight[reply] = marks.count(2) >= 2 or sum(m > 0 for m in marks) >= 3
    largest = [int((puzzle.bucket_sizes(g, everything) * tight).max()) for g in range(len(puzzle.guesses))]
    return [puzzle.guesses[g] for g in sorted(range(len(largest)), key=lambda g: -largest[g])]


def verdict(search: FeasibilitySearch, word: str, depth: int, per_reply: float, per_opener: float) -> dict:
    """Return one opener's verdict: the mode and depth it is within, feasible True/False/None,
    the refuting reply, the replies passed over."""
    found = search.opener(word, depth, per_reply, per_opener)
    return {"word": found.opener, "mode": search.solver.puzzle.mode, "depth": depth, "feasible": found.feasible,
            "refuter": None if found.refuter is None else list(found.refuter), "undecided": list(found.undecided),
            "seconds": round(found.seconds, 3)}


def core_verdicts(puzzle, core_file: str, guesses: str, depth: int, openers: list[str], store: str | None) -> list[dict]:
    """Return the verdicts a core gives: each of `openers` one of whose replies holds every
    secret of the core refuted by that reply, once the core is proven to have no tree within
    depth - 1 guesses (normal mode, every allowed guess). Raise WordguessError when it is not."""
    if depth < 2:
        raise WordguessError(f"--core needs a depth of at least 2, not {depth}")
    spec = SearchSpec(PuzzleSpec(get_game("wordle"), core_file, guesses, "normal"), depth - 1, store)
    core, secrets = list(spec.puzzle.build().answers), set(puzzle.answers)
    missing = [w for w in core if w not in secrets]
    if missing:
        raise WordguessError(f"{core_file}: {', '.join(missing[:5])} {'is' if len(missing) == 1 else 'are'} not "
                             "among the secrets")

    def progress(done: int, total: int, note: str = "") -> None:
        if done % 1000 == 0 or done == total:
            print(f"the core within {depth - 1}: {done:,}/{total:,} first guesses {note}", file=sys.stderr)

    found = optimal_worst(spec, all_openers=True, progress=progress, certified=False).worst
    if found.depth is not None:
        raise WordguessError(f"{core_file}: {found.witness.upper()} finishes the core within {found.depth} guesses, "
                             "so it refutes no opener")
    if found.stopped or found.proven_at_least < depth:
        raise WordguessError(f"{core_file}: the core was not refuted within {depth - 1} guesses ({found.stopped})")
    columns = puzzle.matrix[:, [puzzle.answers.index(w) for w in core]]
    everything, rows = puzzle.all_candidates(), []
    for word in openers:
        guess = puzzle.index_of(word)
        replies = columns[guess]
        if (replies == replies[0]).all():
            reply = int(replies[0])
            size = int(puzzle.bucket_sizes(guess, everything)[reply])
            rows.append({"word": word, "mode": puzzle.mode, "depth": depth, "feasible": False,
                         "refuter": [puzzle.game.format_reply(reply), size], "undecided": [],
                         "seconds": 0.0, "core": len(core)})
    return rows


def export(rows: dict[str, dict], path: Path) -> None:
    """Write the verdicts a line a word, in word order, gzipped without a time stamp (the same
    verdicts give the same bytes), and print how many of each."""
    if not rows:
        print("error: --out holds no verdicts to export", file=sys.stderr)
        raise SystemExit(2)
    text = "".join(json.dumps(rows[w]) + "\n" for w in sorted(rows))
    try:
        path.write_bytes(gzip.compress(text.encode(), mtime=0))
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    counts = [sum(r["feasible"] is v for r in rows.values()) for v in (True, False, None)]
    print(f"{len(rows):,} openers: feasible {counts[0]:,}, refuted {counts[1]:,}, undecided {counts[2]:,}; in {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", help="the secrets' list (required but with --export)")
    parser.add_argument("--guesses", help="the allowed guesses (required but with --export)")
    parser.add_argument("--mode", default="normal", choices=["normal", "hard"])
    parser.add_argument("--depth", type=int, help="the guesses allowed, the opener included (required but with --export)")
    parser.add_argument("--openers", help="the openers to ask about, comma-separated")
    parser.add_argument("--openers-file", help="a file of openers: the first word of each line")
    parser.add_argument("--order", choices=["refutations", "groups", "constrained"], default="refutations",
                        help="the order of every allowed guess when no openers are given")
    parser.add_argument("--first", type=int, default=None, help="only the first N openers of that order")
    parser.add_argument("--per-reply", type=float, default=20.0, help="seconds for one first reply")
    parser.add_argument("--per-opener", type=float, default=90.0, help="seconds for one opener")
    parser.add_argument("--store", default=None)
    parser.add_argument("--out", required=True, help="JSON lines, appended; openers there are skipped")
    parser.add_argument("--retry", action="store_true",
                        help="ask again the openers --out leaves undecided (a word's last line is its verdict)")
    parser.add_argument("--export", metavar="FILE", help="write --out's verdicts, a line a word, gzipped, and stop")
    parser.add_argument("--core", metavar="FILE", help="refute the openers that keep these secrets together, and stop")
    args = parser.parse_args()
    out = Path(args.out)
    missing = [f"--{n}" for n in ("answers", "guesses", "depth") if getattr(args, n) is None]
    if missing and not args.export:
        parser.error(f"the following arguments are required: {', '.join(missing)}")
    try:  # (a search adds to the verdicts of its own mode and depth only)
        rows = read_verdicts(out, None if args.export else args.mode, args.depth) if out.exists() else {}
    except WordguessError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    if args.export:
        export(rows, Path(args.export))
        return
    stop_on_sigterm()  # a kill stops it as Ctrl-C does: what it proved is saved
    try:
        spec = SearchSpec(PuzzleSpec(get_game("wordle"), args.answers, args.guesses, args.mode), None, args.store)
        search = feasibility_for(spec)
        puzzle = search.solver.puzzle
        if args.openers_file:
            openers = [line.split()[0] for line in Path(args.openers_file).read_text().splitlines() if line.split()]
        elif args.openers:
            openers = [w.strip() for w in args.openers.split(",") if w.strip()]
        elif args.order == "groups":
            openers = groups_order(puzzle)[:args.first]
        elif args.order == "constrained":
            openers = constrained_order(puzzle)[:args.first]
        else:
            openers = refutation_order(search.solver, list(puzzle.guesses))[:args.first]
        openers = [puzzle.guesses[puzzle.index_of(w)] for w in openers]
    except (OSError, WordguessError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    done = {w for w, row in rows.items() if not (args.retry and row["feasible"] is None)}
    if args.core:
        try:
            found = core_verdicts(puzzle, args.core, args.guesses, args.depth, [w for w in openers if w not in done],
                                  args.store)
        except (OSError, WordguessError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            raise SystemExit(2) from None
        except KeyboardInterrupt:
            print("interrupted before the core was proven: nothing written (--store keeps what was proven)",
                  file=sys.stderr)
            raise SystemExit(130) from None
        with out.open("a") as handle:
            handle.writelines(json.dumps(row) + "\n" for row in found)
        print(f"refuted {len(found):,} of {len(openers):,} openers by the core; verdicts in {out}")
        return
    if args.retry:
        openers = [w for w in openers if w in rows and w not in done]
    counts = {True: 0, False: 0, None: 0}
    try:
        with out.open("a") as handle:
            for n, word in enumerate(openers, 1):
                if word in done:
                    continue
                row = verdict(search, word, args.depth, args.per_reply, args.per_opener)
                handle.write(json.dumps(row) + "\n")
                handle.flush()
                counts[row["feasible"]] += 1
                print(f"{n:,}/{len(openers):,} {word}: {row['feasible']} ({row['seconds']:.1f} s)", file=sys.stderr)
    except KeyboardInterrupt:
        print("interrupted: run the same command to resume", file=sys.stderr)
    finally:
        search.solver.save()
    print(f"feasible {counts[True]:,}, refuted {counts[False]:,}, undecided {counts[None]:,} "
          f"(this run); verdicts in {out}")


if __name__ == "__main__":
    main()
