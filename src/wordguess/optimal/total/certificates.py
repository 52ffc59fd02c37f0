"""Opener certificates: every allowed first guess of a puzzle with what the exact solver proved
about it under a threshold T, shipped as package data and read back instead of searching.

An entry is *exact* when the opener's least total is at most T (then `value` is that total) and
a *proven lower bound* otherwise (`value` > T, from a search cut off at T + 1); an opener after
which no tree meets the depth limit has value None (INF here). With every opener listed, the
certificate proves the best opener and that no other beats it, whenever the best is at most T.
Without a threshold every entry is exact. A certificate of the feasibility search's verdicts
(`verdicts_certificate`) gives each refuted opener its refuting reply, and each opener the
search left undecided its admissible bound, marked undecided; an opener with a witness, a tree
file that finds every secret within the limit (walked when the certificate is built), its bound
and the witness's total.

`build_certificate` runs the certification through the run machinery (executor, store: a rerun
resumes, and a stored bound below T + 1 is searched again while an exact result is reused);
`save_certificate` writes `data/<name>.json.gz` and its line in `data/certificates.json` (the
file's sha256, the command that regenerates it); `certificate_for` finds the certificate of a
puzzle by its solver key (rules, lists by content, mode, depth limit, solver version) and checks
its sha256 on load.
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import gzip
import hashlib
import json
from pathlib import Path

import numpy as np

from wordguess.engine.executors import Executor, SerialExecutor
from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.optimal.store import ResultStore
from wordguess.optimal.tasks import (
    SearchSpec,
    feasibility_for,
    opener_task,
    promising_openers,
    record,
    run_deadline,
    solver_for,
    symmetric_openers,
    verdict_task,
)
from wordguess.optimal.total.search import INF, VERSION, ExactSolver, OpenerResult, puzzle_key
from wordguess.optimal.worst.search import refutation_order
from wordguess.trees.build import check_tree
from wordguess.trees.tree import TreeFile, leaves, total_guesses
from wordguess.vocab import Progress, Word

DATA = Path(__file__).parent.parent / "data"  # where the shipped certificates live
MANIFEST = "certificates.json"  # their manifest, in the same folder
FORMAT = 1  # the certificate file's format version
SCRIPT = "scripts/build_certificate.py"  # what builds them


@dataclasses.dataclass(frozen=True)
class Entry:
    """What is proven about one opener."""

    opener: Word  # the first guess
    value: int  # its least total if exact, else a proven lower bound above the threshold (INF: no tree)
    exact: bool  # whether `value` is the opener's exact least total
    nodes: int = 0  # nodes its search expanded (0 for a symmetric copy)
    seconds: float = 0.0  # wall time of its search
    same_as: Word | None = None  # the opener of its symmetry class whose search proved it
    refuter: tuple[str, int] | None = None  # no tree: the first reply proven to have none, its bucket's size
    undecided: bool = False  # whether the feasibility search left it undecided within the limit (a bound)
    witness: int | None = None  # a tree of it finds every secret within the limit: that tree's total

    def to_json(self) -> dict:
        data = {"opener": self.opener, "value": None if self.value >= INF else self.value,
                "exact": self.exact, "nodes": self.nodes, "seconds": round(self.seconds, 3)}
        return (data | ({"same_as": self.same_as} if self.same_as else {})
                | ({"refuter": list(self.refuter)} if self.refuter else {}) | ({"undecided": True} if self.undecided else {})
                | ({"witness": self.witness} if self.witness is not None else {}))

    @classmethod
    def from_json(cls, data: dict) -> Entry:
        value = INF if data["value"] is None else int(data["value"])
        refuter = data.get("refuter")
        return cls(data["opener"], value, bool(data["exact"]), int(data["nodes"]), float(data["seconds"]),
                   data.get("same_as"), None if refuter is None else (str(refuter[0]), int(refuter[1])),
                   bool(data.get("undecided", False)), None if data.get("witness") is None else int(data["witness"]))


@dataclasses.dataclass(frozen=True)
class Certificate:
    """Every opener of one puzzle with its exact value (at most the threshold) or a proven lower
    bound (above it), ranked: exact values first, least first."""

    key: str  # the solver's puzzle key (rules, lists by content, mode, depth limit, version)
    game: str  # the game's name
    options: dict  # the game's options (for get_game)
    mode: str  # normal or hard
    answers: str  # the answer list's name
    guesses: str  # the guess list's name
    secrets: int  # how many answers
    max_guesses: int | None  # the depth limit the values respect (None: none)
    threshold: int | None  # T: entries at most T are exact, the others bounds (None: all exact)
    command: str  # the command that regenerates it
    solver_version: str  # the exact search's version
    date: str  # when it was built (ISO date)
    entries: tuple[Entry, ...]  # every opener, ranked

    @functools.cached_property
    def _by_word(self) -> dict[Word, Entry]:
        return {e.opener: e for e in self.entries}

    def value(self, word: Word) -> tuple[int, bool] | None:
        """Return (value, exact) of an opener (INF: no tree within the limit), or None when the
        word is not one of the certificate's openers."""
        entry = self._by_word.get(word)
        return None if entry is None else (entry.value, entry.exact)

    def ranked(self) -> list[Entry]:
        """Return every entry, exact ones first by value, then the bounds by bound."""
        return list(self.entries)

    @property
    def best(self) -> Entry | None:
        """Return the best opener's entry when it is exact (the certificate proves it), else None."""
        first = self.entries[0] if self.entries else None
        return first if first is not None and first.exact and first.value < INF else None

    @property
    def exact_count(self) -> int:
        """Return how many openers have an exact value (a total: no tree within the limit is
        `infeasible_count`)."""
        return sum(e.exact and e.value < INF for e in self.entries)

    @property
    def infeasible_count(self) -> int:
        """Return how many openers are proven to have no tree within the depth limit."""
        return sum(e.value >= INF for e in self.entries)

    @property
    def witnessed(self) -> list[Entry]:
        """Return the openers with a witness: a tree within the depth limit, least total first."""
        return sorted((e for e in self.entries if e.witness is not None), key=lambda e: e.witness)

    @property
    def undecided_count(self) -> int:
        """Return how many openers the feasibility search left undecided within the depth limit."""
        return sum(e.undecided for e in self.entries)

    def to_json(self) -> dict:
        header = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "entries"}
        return {"format": FORMAT, **header, "openers": [e.to_json() for e in self.entries]}

    @classmethod
    def from_json(cls, data: dict) -> Certificate:
        if data.get("format") != FORMAT:
            raise WordguessError(f"opener certificate format {data.get('format')!r} is not {FORMAT}")
        names = [f.name for f in dataclasses.fields(cls) if f.name != "entries"]
        return cls(**{n: data[n] for n in names}, entries=tuple(Entry.from_json(e) for e in data["openers"]))

    def text(self) -> str:
        """Return the JSON text that is stored, compressed, and hashed."""
        return json.dumps(self.to_json(), ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


def certificate_key(puzzle: Puzzle, max_guesses: int | None) -> str:
    """Return the key the exact solver gives this puzzle's results (ExactSolver drops a depth
    limit that binds nothing, at least the number of answers, before keying)."""
    if max_guesses is not None and max_guesses >= len(puzzle.answers):
        max_guesses = None
    return puzzle_key(puzzle, max_guesses)


def shipped_certificates(folder: Path | None = None) -> dict[str, dict]:
    """Return the manifest: name -> {file, sha256, key, game, options, mode, threshold, ...}."""
    path = (folder or DATA) / MANIFEST
    if not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))["certificates"]


def shipped_names(folder: Path | None = None) -> str:
    """Return the shipped certificates as 'game mode (answers / guesses)' phrases, for messages;
    a game of generated codes by its size instead ('mastermind 4x7 normal')."""
    def phrase(m: dict) -> str:
        if m["answers"] == m["game"]:  # (generated: the lists are the game's codes)
            size = [m["options"][k] for k in ("pegs", "colours") if k in m["options"]]  # (pegs x colours)
            return f"{m['game']} {'x'.join(str(v) for v in size or m['options'].values())} {m['mode']}"
        return f"{m['game']} {m['mode']} ({m['answers']} / {m['guesses']})"
    phrases = [(phrase(m), m) for m in shipped_certificates(folder).values()]
    seen = [p for p, _ in phrases]  # two limits of one puzzle: each says its limit
    return ", ".join(p if seen.count(p) == 1 else f"{p[:-1]}, at most {m['max_guesses']})" for p, m in phrases) or "none"


@functools.lru_cache(maxsize=4)
def _load(path: Path, sha256: str, command: str) -> Certificate:
    damaged = (f"the opener certificate {path.name} is damaged or missing (its sha256 does not match "
               f"{MANIFEST}): rebuild it with `{command}`")
    try:
        text = gzip.decompress(path.read_bytes()).decode("utf-8")
    except (OSError, EOFError, UnicodeDecodeError):
        raise WordguessError(damaged) from None
    if hashlib.sha256(text.encode("utf-8")).hexdigest() != sha256:
        raise WordguessError(damaged)
    return Certificate.from_json(json.loads(text))


def load_certificate(name: str, folder: Path | None = None) -> Certificate:
    """Return a shipped certificate by name, its sha256 checked (WordguessError when damaged)."""
    folder = folder or DATA
    manifest = shipped_certificates(folder)
    if name not in manifest:
        raise WordguessError(f"no opener certificate {name!r} is shipped; shipped: {', '.join(manifest) or 'none'}")
    entry = manifest[name]
    return _load(folder / entry["file"], entry["sha256"], entry["command"])


def certificate_by_key(key: str, folder: Path | None = None) -> Certificate | None:
    """Return the shipped certificate with this solver key, or None."""
    for name, entry in shipped_certificates(folder).items():
        if entry["key"] == key:
            return load_certificate(name, folder)
    return None


def certificate_for(puzzle: Puzzle, max_guesses: int | None, folder: Path | None = None) -> Certificate | None:
    """Return the shipped certificate of this puzzle and depth limit (same rules, lists by
    content, mode, limit and solver version), or None when none is shipped."""
    return certificate_by_key(certificate_key(puzzle, max_guesses), folder)


def certified_verdicts(puzzle: Puzzle, max_guesses: int, deeper: int = 4) -> dict[Word, Entry]:
    """Return the shipped certificates' entries that settle an opener within this limit: of the
    certificate of this limit, the openers with no tree (refuted by a reply, `refuter`, or proven
    without one, INF) and those with a tree walked when it was built (`witness`, that tree's
    total); of the certificates of the `deeper` limits above it, the openers with no tree (none
    within more guesses is none within fewer)."""
    found: dict[Word, Entry] = {}
    for limit in range(max_guesses + deeper, max_guesses - 1, -1):
        certificate = certificate_for(puzzle, limit)
        for entry in [] if certificate is None else certificate.entries:
            if entry.refuter or entry.value >= INF or (limit == max_guesses and entry.witness is not None):
                found[entry.opener] = entry
    return found


def build_certificate(spec: SearchSpec, threshold: int | None, command: str,
                      executor: Executor | None = None, progress: Progress | None = None) -> Certificate:
    """Return the certificate of a puzzle: every opener (one search per symmetry class, most
    promising first) searched with the cutoff threshold + 1, so it comes back exact if at most
    the threshold and as a proven bound above it otherwise (no cutoff without a threshold). The
    solver's store makes a rerun resume: a stored exact value is reused, and a stored bound only
    when it is at least threshold + 1. Raise SearchStopped at the spec's time limit."""
    solver = solver_for(spec)
    puzzle = solver.puzzle
    classes = symmetric_openers(puzzle)
    first = promising_openers(solver)
    # promising_openers leaves out the openers its admissible bound rules out (no tree within
    # the limit, or a guess that splits nothing): they are searched too, last, as every opener
    # must have an entry.
    words = first + [w for w in classes if w not in set(first)]
    beta = INF if threshold is None else threshold + 1
    deadline = run_deadline(spec)
    tasks = [(spec, w, beta, deadline) for w in words]
    results: dict[Word, OpenerResult] = {}
    for _, result in (executor or SerialExecutor()).run(opener_task, tasks):
        record(solver, result)  # the driver's store holds every result, wherever the task ran
        results[result.opener] = result
        if progress:
            progress(len(results), len(words))
    store = ResultStore(spec.store) if spec.store else None
    firsts = {}
    for word in classes:
        r = results[word]
        # A result read back from the store reports no work: the store kept the search's.
        work = store.opener(solver.key, word) if store is not None and r.nodes == 0 else None
        nodes, seconds = (work[2], work[3]) if work is not None and work[:2] == (r.value, r.exact) else (r.nodes, r.seconds)
        value = min(r.value, INF)
        firsts[word] = Entry(word, value, r.exact or value >= INF, nodes, seconds)
    if store is not None:
        store.close()
    return ranked_certificate(solver, classes, firsts, threshold, command)


def ranked_certificate(solver: ExactSolver, classes: dict[Word, list[Word]], firsts: dict[Word, Entry],
                       threshold: int | None, command: str) -> Certificate:
    """Return the certificate of the entries of each symmetry class's first opener (`firsts`),
    the class's other members given the same value (the symmetry maps the puzzle to itself),
    ranked: exact values first, least first, then the bounds, ties in the guesses' order."""
    entries = []
    for word, members in classes.items():
        first = firsts[word]
        entries += [first, *(Entry(m, first.value, first.exact, same_as=word) for m in members[1:])]
    puzzle = solver.puzzle
    order = {w: i for i, w in enumerate(puzzle.guesses)}
    entries.sort(key=lambda e: (not e.exact, e.value, order[e.opener]))
    game = puzzle.game
    return Certificate(solver.key, game.name, game.options, puzzle.mode, puzzle.answers.name, puzzle.guesses.name,
                       len(puzzle.answers), solver.max_guesses, threshold, command, VERSION,
                       datetime.date.today().isoformat(), tuple(entries))


def refutation_certificate(spec: SearchSpec, command: str, executor: Executor | None = None,
                           progress: Progress | None = None) -> Certificate:
    """Return the certificate of a puzzle in which no opener has a tree within the depth limit:
    every opener (one per symmetry class) refuted by the feasibility search (verdict_task, whose
    verdicts the store keeps, so a rerun resumes), each entry "no tree" (INF, exact). Raise
    WordguessError naming an opener that has a tree (certify with a threshold then), and
    SearchStopped at the spec's time limit."""
    solver = solver_for(spec)
    puzzle, depth = solver.puzzle, spec.max_guesses
    if depth is None:
        raise WordguessError("a certificate of refutations needs a guess limit")
    classes = symmetric_openers(puzzle)
    deadline = run_deadline(spec)
    tasks = [(spec, w, depth, deadline, None) for w in refutation_order(solver, list(classes))]
    firsts: dict[Word, Entry] = {}
    store = ResultStore(spec.store) if spec.store else None
    key = feasibility_for(spec).key(depth)
    for _, verdict in (executor or SerialExecutor()).run(verdict_task, tasks):
        if verdict.feasible:
            raise WordguessError(f"{verdict.opener!r} has a tree within {depth} guesses: certify with a threshold")
        # A verdict read back from the store reports no work: the store kept the search's.
        stored = store.opener(key, verdict.opener) if store is not None and verdict.nodes == 0 else None
        work = (stored[2], stored[3]) if stored is not None else (verdict.nodes, verdict.seconds)
        firsts[verdict.opener] = Entry(verdict.opener, INF, True, *work)
        if progress:
            progress(len(firsts), len(tasks))
    if store is not None:
        store.close()
    return ranked_certificate(solver, classes, firsts, None, command)


def read_verdicts(path: Path, mode: str | None = None, depth: int | None = None) -> dict[Word, dict]:
    """Return each word's last verdict in the JSON lines `scripts/refute_openers.py` writes (its
    --out, or its --export when the name ends in .gz). Every line names the mode and the depth
    its verdict is within; they are one for the whole file, and `mode` and `depth`, when given,
    must be theirs: verdicts within another limit are not these."""
    try:
        text = gzip.decompress(path.read_bytes()).decode() if path.suffix == ".gz" else path.read_text()
        lines = [json.loads(line) for line in text.splitlines() if line.strip()]
        rows = {row["word"]: row for row in lines}
        kinds = {(row["mode"], row["depth"]) for row in lines}
    except (OSError, EOFError, ValueError, KeyError, TypeError) as exc:
        raise WordguessError(f"{path} is not the JSON lines of scripts/refute_openers.py ({exc})") from None
    if len(kinds) > 1:
        shown = ", ".join(f"{m} within {d}" for m, d in sorted(kinds, key=str))
        raise WordguessError(f"{path} mixes verdicts of different searches ({shown})")
    for found_mode, found_depth in kinds:
        if mode is not None and found_mode != mode:
            raise WordguessError(f"{path} holds verdicts in {found_mode} mode, not {mode}")
        if depth is not None and found_depth != depth:
            raise WordguessError(f"{path} holds verdicts within {found_depth} guesses, not {depth}")
    return rows


def witness_tree(path: Path, puzzle: Puzzle, limit: int) -> tuple[Word, int]:
    """Return (opener, total) of a tree file that finds every secret of the puzzle within `limit`
    guesses: each secret one leaf with the replies on its path, every guess allowed by the
    puzzle's mode after the turns before it, no leaf deeper than the limit. Raise WordguessError
    saying what is wrong otherwise."""
    found = TreeFile.load(path)
    if found.game.key != puzzle.game.key or found.mode != puzzle.mode:
        raise WordguessError(f"{path} is a tree of {found.game.name} in {found.mode} mode, not of {puzzle.game.name} "
                             f"in {puzzle.mode} mode")
    check_tree(found.tree, puzzle)
    deepest = max(depth for _, depth in leaves(found.tree))
    if deepest > limit:
        raise WordguessError(f"{path} finds a secret at guess {deepest}, past the limit of {limit}")
    return (found.tree if isinstance(found.tree, str) else found.tree.guess), total_guesses(found.tree)


def verdicts_certificate(solver: ExactSolver, verdicts: dict[Word, dict], command: str,
                         witnesses: dict[Word, int] | None = None) -> Certificate:
    """Return the certificate of the feasibility search's verdicts within the solver's depth
    limit, one per allowed opener as `scripts/refute_openers.py` writes them ({"feasible": False,
    "refuter": [reply, size]} or {"feasible": None}): a refuted opener "no tree", with its
    refuting reply, whose bucket size is checked against the puzzle; an undecided one its
    admissible bound on the total (a proven lower bound), marked undecided, or, when that bound
    already proves it has no tree, refuted by its largest bucket. Undecided openers come first.
    An opener with a witness (`witnesses`: opener -> the total of its tree within the limit,
    `witness_tree` walked it) has its bound and that total, listed first. Raise WordguessError
    when an opener is missing, is refuted but has a witness, has a tree but no witness, or has
    a refuting reply that does not match."""
    puzzle = solver.puzzle
    missing = [w for w in puzzle.guesses if w not in verdicts]
    if missing:
        raise WordguessError(f"{len(missing):,} of the {len(puzzle.guesses):,} openers have no verdict, "
                             f"{missing[0]!r} the first")
    witnesses = witnesses or {}
    entries, everything = [], puzzle.all_candidates()
    for word in puzzle.guesses:
        row, guess = verdicts[word], puzzle.index_of(word)
        seconds = float(row.get("seconds", 0.0))
        if word in witnesses:
            bound = int(solver.root_bound(guess))
            if row.get("feasible") is False or bound >= INF:
                raise WordguessError(f"{word!r} has a tree within {solver.max_guesses} guesses, yet its verdict "
                                     "or its bound says it has none")
            entries.append(Entry(word, bound, False, 0, seconds, witness=int(witnesses[word])))
            continue
        sizes = puzzle.bucket_sizes(guess, everything)
        sizes[puzzle.game.solved_reply] = 0
        if row.get("feasible") is None:
            bound = int(solver.root_bound(guess))
            if bound < INF:
                entries.append(Entry(word, bound, False, 0, seconds, undecided=True))
                continue
            largest = int(np.argmax(sizes))  # (the bound: this bucket cannot be finished in time)
            row = {"feasible": False, "refuter": [puzzle.game.format_reply(largest), int(sizes[largest])]}
        if row["feasible"] or not row.get("refuter"):
            raise WordguessError(f"{word!r} has no refutation within {solver.max_guesses} guesses: give its tree "
                                 "as a witness, or certify with a threshold")
        reply, size = str(row["refuter"][0]), int(row["refuter"][1])
        try:
            counted = int(sizes[puzzle.game.parse_reply(reply)])
        except WordguessError:
            counted = -1
        if counted != size or size == 0:
            raise WordguessError(f"{word!r}: its refuting reply {reply} leaves {counted} secrets, not {size}")
        entries.append(Entry(word, INF, True, 0, seconds, refuter=(reply, size)))
    # Stable: the witnessed first (least total first), the undecided, then the refuted, each in the guesses' order.
    entries.sort(key=lambda e: (e.witness is None, e.witness or 0, not e.undecided))
    game = puzzle.game
    return Certificate(solver.key, game.name, game.options, puzzle.mode, puzzle.answers.name, puzzle.guesses.name,
                       len(puzzle.answers), solver.max_guesses, None, command, VERSION,
                       datetime.date.today().isoformat(), tuple(entries))


def save_certificate(certificate: Certificate, name: str, folder: Path | None = None) -> Path:
    """Write a certificate to `<folder>/<name>.json.gz` (gzip without a timestamp, so the same
    content gives the same bytes) and its line in the manifest; return the file's path."""
    folder = folder or DATA
    folder.mkdir(parents=True, exist_ok=True)
    text = certificate.text()
    path = folder / f"{name}.json.gz"
    path.write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))
    manifest = shipped_certificates(folder)
    best = certificate.best
    manifest[name] = {"file": path.name, "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
                      "key": certificate.key, "game": certificate.game, "options": certificate.options,
                      "mode": certificate.mode, "answers": certificate.answers, "guesses": certificate.guesses,
                      "max_guesses": certificate.max_guesses,
                      "threshold": certificate.threshold, "openers": len(certificate.entries),
                      "exact": certificate.exact_count, "infeasible": certificate.infeasible_count,
                      **({"undecided": certificate.undecided_count} if certificate.undecided_count else {}),
                      "best": best.opener if best else None,
                      "best_value": best.value if best else None, "command": certificate.command}
    (folder / MANIFEST).write_text(json.dumps({"certificates": dict(sorted(manifest.items()))}, indent=2) + "\n",
                                   encoding="utf-8")
    _load.cache_clear()
    return path
