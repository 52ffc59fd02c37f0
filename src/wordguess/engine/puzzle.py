"""A `Puzzle` is what a strategy solves: the rules, the possible secrets, the allowed guesses and
the mode, with the pattern matrix (allowed guesses x secrets) computed once and shared.
`PuzzleSpec` is the one way to build a puzzle from names, files and options."""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import math
import threading
from collections.abc import Sequence

import numpy as np

from wordguess.engine import kernels
from wordguess.engine.choices import check_mode, check_world, given_words
from wordguess.engine.patterns import MAX_MATRIX_BYTES, PatternStore, check_size, matrix_key
from wordguess.errors import WordError, WordguessError
from wordguess.games import Game
from wordguess.lists import WordList, bundled_lengths, game_words, priors
from wordguess.vocab import Bucket, Candidates, History, Reply, Word

_MATRIX_LOCK = threading.RLock()  # one matrix load at a time (the assistant warms up in a thread)
# A pattern matrix over this is not made for a player's game (a guess, a reply, a suggestion):
# its rows are worked out as they are needed, and the suggestions come from the puzzle focused
# on the candidates left (Puzzle.focused). Classic Nerdle's 17,723 x 17,723 (599 MB) is one.
FOCUS_BYTES = 256 << 20
ROWS_KEPT = 64  # rows worked out on demand, kept per puzzle

# Cached properties made from the lists and the rules alone (not the weights): a twin shares them.
SHARED_ARRAYS = ("matrix", "by_secret", "widest_branching", "guess_index", "guess_letters", "guess_of_answer",
                 "answer_of_guess")


@dataclasses.dataclass(frozen=True, eq=False)
class Puzzle:
    """The setting of a solve. Candidates are numpy arrays of indices into `answers`; guesses
    are indices into `guesses`."""

    game: Game  # the rules
    answers: Sequence[Word]  # the possible secrets (kept as a named WordList)
    guesses: Sequence[Word]  # the allowed guesses; every answer must be one of them
    mode: str = "normal"  # normal, hard or strict (see MODES)
    # Normal mode only: consider inconsistent guesses only while lo <= candidates <= hi (the
    # classic write-up used (4, 125)); None allows them always.
    inconsistent_window: tuple[int, int] | None = None
    # Ties between equally good guesses go to one that may be the answer, then to the list's
    # order; False uses the list's order alone (as the classic write-up's min() did).
    prefer_candidates: bool = True
    # Where pattern matrices come from: puzzles derived from this one share it. None: the
    # matrix is computed for this puzzle alone (a LeetCode call's 100 words need no cache).
    store: PatternStore | None = dataclasses.field(default_factory=PatternStore.from_environment, repr=False)
    # The prior weight of each answer (aligned with `answers`, positive): how likely each is the
    # secret. None: every answer alike (the closed world), which reproduces the unweighted figures.
    weights: np.ndarray | None = dataclasses.field(default=None, repr=False)
    # closed (the secret is one of `answers`) or open (any allowed word, by the prior). None: open
    # when weighted. PuzzleSpec says it, so a closed world whose past answers are weighed down
    # (--exclude) stays closed.
    world: str | None = None

    def __post_init__(self) -> None:
        check_mode(self.mode)
        if self.world is None:
            object.__setattr__(self, "world", "open" if self.weights is not None else "closed")
        check_world(self.world)
        same = self.guesses is self.answers  # one list for both: every answer is a guess
        for name in ("answers", "guesses"):
            words = getattr(self, name)
            if not isinstance(words, WordList):
                object.__setattr__(self, name, WordList(words, name=name))
        if same:
            object.__setattr__(self, "guesses", self.answers)
        if self.game.length is None and self.answers:
            object.__setattr__(self, "game", self.game.fitted(self.answers))
        if self.weights is not None:
            weights = np.ascontiguousarray(self.weights, dtype=np.float64)
            if weights.shape != (len(self.answers),) or not (np.isfinite(weights).all() and (weights > 0).all()):
                raise WordguessError(f"weights must be {len(self.answers)} positive numbers, one per answer")
            object.__setattr__(self, "weights", weights)
        if self.mode == "hard" and not self.game.has_hard_mode:
            raise WordguessError(f"hard mode is defined for Wordle-like games, not {self.game.name}; "
                                 "use normal or strict")
        missing = [] if same else [w for w in self.answers if w not in self.guess_index]
        if missing:
            raise WordError(f"{len(missing)} answers are not allowed guesses (first: {missing[:3]})")

    @functools.cached_property
    def matrix(self) -> np.ndarray:
        """Return the encoded reply of every allowed guess (rows) on every answer (columns).
        Thread-safe: a second thread asking while the first loads waits for its matrix."""
        with _MATRIX_LOCK:
            if "matrix" in self.__dict__:  # loaded meanwhile by another thread
                return self.__dict__["matrix"]
            if self.store is None:
                check_size(self.game, len(self.guesses), len(self.answers))
                (matrix := self.game.pattern_matrix(self.guesses, self.answers)).flags.writeable = False  # as the store's
                return matrix  # (read-only either way: one compiled kernel serves both)
            return self.store.matrix(self.game, self.guesses, self.answers)

    @functools.cached_property
    def by_secret(self) -> np.ndarray:
        """Return the matrix transposed (answers x guesses, C order, read-only): each secret's
        replies to every guess, contiguous. Scoring a few candidates against every guess reads
        these few rows in order instead of one scattered byte per guess row (see
        strategies.scoring.reply_table)."""
        with _MATRIX_LOCK:
            if "by_secret" in self.__dict__:
                return self.__dict__["by_secret"]
            shape = (len(self.answers), len(self.guesses))
            return self._derived("by-secret", shape, lambda: kernels.transpose(self.matrix))

    @functools.cached_property
    def widest_branching(self) -> int:
        """Return the most unsolved replies any guess gives on all the answers (at least 1): no
        guess gives more on a subset, so it bounds every node of a tree (the exact solver's
        tables); computed once per puzzle (0.05 s for Wordle) and kept beside its matrix."""
        return max(1, int(self._derived("widest", (1,), lambda: np.array([kernels.widest_split(
            self.matrix, np.arange(len(self.answers), dtype=np.int32), np.arange(len(self.guesses), dtype=np.int32),
            self.game.n_replies, self.game.solved_reply)], dtype=np.int64))[0]))

    def _derived(self, name: str, shape: tuple[int, ...], compute) -> np.ndarray:
        """Return compute() (read-only), an array made from the matrix: through the store, which
        keeps it on disk beside the matrix's file (by content: the rules and the lists)."""
        if self.store is None:
            (array := compute()).flags.writeable = False
            return array
        return self.store.derived(self.game, self.guesses, self.answers, name, shape, compute)

    @functools.cached_property
    def folded_answers(self) -> frozenset[str]:
        """Return the answers' folded forms (as word sets are compared)."""
        return frozenset(self.game.fold(w) for w in self.answers)

    @functools.cached_property
    def guess_forms(self) -> frozenset[str]:
        """Return every form a guess is found by (guess_index's keys)."""
        return frozenset(self.guess_index)

    @functools.cached_property
    def guess_index(self) -> dict[Word, int]:
        """Return each allowed guess's index, by the word and by its folded form."""
        index = {self.game.fold(w): i for i, w in reversed(list(enumerate(self.guesses)))}
        index.update({w: i for i, w in reversed(list(enumerate(self.guesses)))})
        return index

    @functools.cached_property
    def guess_letters(self) -> np.ndarray:
        """Return the allowed guesses encoded (encode_words), in the column order hard mode's rule reads."""
        return np.asfortranarray(self.game.encode_words(self.guesses))

    @functools.cached_property
    def guess_of_answer(self) -> np.ndarray:
        """Return, for each answer, its index among the allowed guesses."""
        return np.array([self.guess_index[w] for w in self.answers], dtype=np.int64)

    @functools.cached_property
    def answer_of_guess(self) -> np.ndarray:
        """Return, for each allowed guess, its index among the answers, or -1."""
        found = np.full(len(self.guesses), -1, dtype=np.int64)
        found[self.guess_of_answer] = np.arange(len(self.answers))
        return found

    def all_candidates(self) -> Candidates:
        """Return the indices of every answer."""
        return np.arange(len(self.answers), dtype=np.int64)

    @property
    def matrix_bytes(self) -> int:
        """Return the size of the whole pattern matrix in bytes, made or not."""
        return len(self.guesses) * len(self.answers) * self.game.reply_dtype().itemsize

    @property
    def matrix_limit(self) -> int:
        """Return the most a pattern matrix of this puzzle may take: its store's max_bytes (by
        default a quarter of the machine's memory, at most MAX_MATRIX_BYTES), MAX_MATRIX_BYTES
        without a store."""
        return MAX_MATRIX_BYTES if self.store is None else self.store.max_bytes

    @property
    def matrix_fits(self) -> bool:
        """Return whether the whole pattern matrix is made or may be: within matrix_limit. A
        puzzle played by rows may still fit, and its matrix be made for a search of the whole
        game (the exact search, make_matrix)."""
        return "matrix" in self.__dict__ or self.matrix_bytes <= self.matrix_limit

    def make_matrix(self) -> bool:
        """Make the whole pattern matrix when it fits (matrix_fits), so the puzzle is no longer
        played by rows; return whether it is made."""
        if not self.matrix_fits:
            return False
        _ = self.matrix  # the cached property, made through the store
        return True

    @property
    def by_rows(self) -> bool:
        """Return whether a game played on this puzzle works row by row: its pattern matrix is
        not made yet and would be over FOCUS_BYTES or its store's limit (see Puzzle.focused)."""
        if "matrix" in self.__dict__:
            return False
        return self.matrix_bytes > self.focus_bytes

    @property
    def focus_bytes(self) -> int:
        """Return the most a player's game's matrix may take: FOCUS_BYTES, or its store's limit."""
        return FOCUS_BYTES if self.store is None else min(FOCUS_BYTES, self.store.max_bytes)

    def row(self, guess: int) -> np.ndarray:
        """Return the guess's reply to every answer: the matrix's row, or, on a puzzle played by
        rows, worked out from the rules (the last ROWS_KEPT are kept)."""
        if not self.by_rows:
            return self.matrix[guess]
        with _MATRIX_LOCK:
            rows = self.__dict__.setdefault("_rows", {})
            found = rows.pop(guess, None)
            if found is None:
                found = self.game.pattern_matrix([self.guesses[guess]], self.answers)[0]
            rows[guess] = found  # the most recent last
            while len(rows) > ROWS_KEPT:
                rows.pop(next(iter(rows)))
            return found

    def focused(self, candidates: Candidates, keep: Sequence[int] = ()) -> Puzzle:
        """Return the puzzle whose answers are these candidates (with their weights), with every
        allowed guess when that matrix is within focus_bytes, else the candidates' own words, the
        guesses `keep` and allowed guesses evenly spread over the list, as many as fit. When even
        the candidates' own words do not fit (the first move of classic Nerdle), its answers are
        candidates evenly spread over them, as many as fit: a sample (the caller says so). Its
        matrix is made at once; the last few are kept."""
        key = (hashlib.sha256(np.ascontiguousarray(candidates, dtype=np.int64).tobytes()).hexdigest(),
               tuple(sorted(int(g) for g in keep)))
        with _MATRIX_LOCK:
            kept = self.__dict__.setdefault("_focused", {})
            if key in kept:
                return kept[key]
        itemsize = self.game.reply_dtype().itemsize
        limit = self.focus_bytes
        most = max(1, math.isqrt(limit // (2 * itemsize)))  # the matrix and its transpose
        if len(candidates) > most:
            candidates = np.unique(candidates[np.linspace(0, len(candidates) - 1, num=most).astype(np.int64)])
        room = limit // max(1, 2 * len(candidates) * itemsize)
        if room >= len(self.guesses):
            chosen = np.arange(len(self.guesses), dtype=np.int64)
        else:
            own = self.guess_of_answer[candidates]
            spread = np.linspace(0, len(self.guesses) - 1, num=max(1, room - len(own) - len(keep))).astype(np.int64)
            chosen = np.unique(np.concatenate([own, np.asarray(keep, dtype=np.int64), spread]))
        guesses = WordList([self.guesses[int(g)] for g in chosen], self.guesses.name)
        answers = WordList([self.answers[int(c)] for c in candidates], self.answers.name)
        weights = None if self.weights is None else self.weights[candidates]
        focus = dataclasses.replace(self, answers=answers, guesses=guesses, weights=weights,
                                    store=PatternStore(None, max_bytes=limit))
        matrix = self.game.pattern_matrix(guesses, answers)
        matrix.flags.writeable = False
        focus.__dict__["matrix"] = matrix
        with _MATRIX_LOCK:
            kept[key] = focus
            while len(kept) > 4:
                kept.pop(next(iter(kept)))
        return focus

    def lookup(self, word: Word) -> int | None:
        """Return the index of an allowed guess (as spelled or folded), or None."""
        return self.guess_index.get(word, self.guess_index.get(self.game.fold(word)))

    def index_of(self, word: Word) -> int:
        """Return the index of an allowed guess, or raise WordError."""
        found = self.lookup(word)
        if found is None:
            self.game.check_word(word)
            raise WordError(f"{word!r} is not in the list of allowed guesses")
        return found

    def restricted(self, game: Game, answers: Sequence[Word] | None = None) -> Puzzle:
        """Return the puzzle played under narrower rules (what the host revealed, e.g. Sutom's
        first letter): the given answers (default: those the rules allow) and the guesses the
        rules allow, with the same settings and store."""
        allowed = [w for w in self.guesses if game.word_problem(w) is None]
        kept = [w for w in self.answers if game.word_problem(w) is None] if answers is None else list(answers)
        weights = None
        if self.weights is not None:
            position = {w: i for i, w in enumerate(self.answers)}
            weights = self.weights[[position[w] for w in kept]]
        answer_list = WordList(kept, self.answers.name)
        same = self.answers is self.guesses and answers is None
        return dataclasses.replace(self, game=game, answers=answer_list, weights=weights,
                                   guesses=answer_list if same else WordList(allowed, self.guesses.name))

    def with_words(self, words: Sequence[Word], weights: np.ndarray | None = None) -> Puzzle:
        """Return the puzzle with `words` (well-formed words of the game that are in no list)
        added at the end of the allowed guesses and, when `weights` are given (the open world:
        their prior), of the possible secrets too. Indices of the words already here are kept, so
        candidates carry over; the matrix (and its transpose) is extended, not computed again.
        The new puzzle's `extends` is this one (what is proven of a set of this one's secrets
        holds there: the witness memo reads this one's)."""
        words = [w for w in dict.fromkeys(words) if self.lookup(w) is None]
        if not words:
            return self
        for word in words:
            self.game.check_word(word)
        add_secrets = weights is not None and self.weights is not None
        answers = WordList([*self.answers, *words], self.answers.name) if add_secrets else self.answers
        same = self.answers is self.guesses and add_secrets  # (one list for both stays one)
        guesses = answers if same else WordList([*self.guesses, *words], self.guesses.name)
        old = self.matrix
        matrix = np.empty((len(guesses), len(answers)), dtype=old.dtype)
        matrix[: len(self.guesses), : len(self.answers)] = old
        matrix[len(self.guesses):] = self.game.pattern_matrix(words, answers)
        if add_secrets:
            matrix[: len(self.guesses), len(self.answers):] = self.game.pattern_matrix(self.guesses, words).astype(old.dtype)
        new_weights = np.concatenate([self.weights, np.asarray(weights, dtype=np.float64)]) if add_secrets else self.weights
        puzzle = dataclasses.replace(self, answers=answers, guesses=guesses, weights=new_weights)
        matrix.flags.writeable = False
        puzzle.__dict__.update(matrix=matrix, extends=self)  # (matrix: cached_property's slot, the store is not asked)
        if "guess_index" in self.__dict__:  # (the words are in no list: their forms are new keys)
            puzzle.__dict__["guess_index"] = {**self.guess_index, **{form: i for i, w in enumerate(words, len(self.guesses))
                                                                     for form in (self.game.fold(w), w)}}
        if "by_secret" in self.__dict__:  # its transpose extended the same way: a copy costs less than a transpose
            g, a, by_secret = len(self.guesses), len(self.answers), np.empty(matrix.shape[::-1], dtype=old.dtype)
            by_secret[:a, :g], by_secret[:, g:], by_secret[a:, :g] = self.by_secret, matrix[g:].T, matrix[:g, a:].T
            by_secret.flags.writeable = False
            puzzle.__dict__["by_secret"] = by_secret
        return puzzle

    def counted_alike(self) -> Puzzle:
        """Return the puzzle with every answer counted alike (no prior, the closed world): the
        setting of the exact searches. The arrays made from the matrix are shared, not made again."""
        if self.weights is None and self.world == "closed":
            return self
        twin = dataclasses.replace(self, weights=None, world="closed")
        for name in SHARED_ARRAYS:
            if name in self.__dict__:
                twin.__dict__[name] = self.__dict__[name]
        return twin

    @functools.cached_property
    def fingerprint(self) -> str:
        """Return a digest of everything a choice depends on (rules, lists, mode, settings and
        weights): results kept on disk for one puzzle are found again under it."""
        # The weights at float32 precision: their last bits can differ between machines (numpy's
        # exp and the BLAS product pick their code by the CPU's instructions), and so would the
        # digest, and the measures shipped under it (strategies/data/rollouts.json) would be
        # ignored there. Every weight lies far from a float32 rounding boundary (test_rollouts).
        weights = None if self.weights is None else hashlib.sha256(self.weights.astype(np.float32).tobytes()).hexdigest()
        setting = (matrix_key(self.game, self.guesses, self.answers), self.mode, self.inconsistent_window,
                   self.prefer_candidates, weights)
        return hashlib.sha256(repr(setting).encode()).hexdigest()[:32]

    @property
    def weighted(self) -> bool:
        """Return whether the answers carry prior weights (the open world)."""
        return self.weights is not None

    def weights_of(self, candidates: Candidates) -> np.ndarray:
        """Return the prior weights of the candidates (ones in the closed world)."""
        return np.ones(len(candidates)) if self.weights is None else self.weights[candidates]

    def probabilities(self, candidates: Candidates) -> np.ndarray:
        """Return the probability that each candidate is the secret, given that one of them is."""
        w = self.weights_of(candidates)
        return w / w.sum()

    def narrow(self, candidates: Candidates, guess: int, reply: Reply) -> Candidates:
        """Return the candidates that give `reply` to the guess with index `guess` (in a game
        whose host lies, the candidates whose true reply the shown one can stand for)."""
        replies = self.row(guess)[candidates]
        if self.game.lies:
            return candidates[np.isin(replies, self.game.truths(reply))]
        return candidates[replies == reply]

    def bucket_sizes(self, guess: int, candidates: Candidates) -> np.ndarray:
        """Return how many candidates give each reply to the guess (length game.n_replies)."""
        return np.bincount(self.row(guess)[candidates], minlength=self.game.n_replies)

    def buckets(self, guess: int, candidates: Candidates) -> list[Bucket]:
        """Return the non-empty buckets of the guess over the candidates, in reply order; each
        keeps the candidates' order."""
        grouped, spans = kernels.nonempty_buckets(self.row(guess), candidates, self.game.n_replies)
        return [(r, grouped[a:b]) for r, a, b in spans.tolist()]

    def allowed(self, candidates: Candidates, history: History) -> np.ndarray:
        """Return the indices of the guesses the mode allows after `history`."""
        n = len(candidates)
        if self.mode == "normal":
            window = self.inconsistent_window
            if window is None or window[0] <= n <= window[1]:
                return np.arange(len(self.guesses), dtype=np.int64)
            return self.guess_of_answer[candidates]
        found = np.arange(len(self.guesses), dtype=np.int64)
        for guess, reply in history:  # each turn narrows what the turns before it allow
            if self.mode == "strict":
                found = found[self.game.pattern_matrix([guess], [self.guesses[i] for i in found])[0] == reply]
            else:
                letters = self.guess_letters if len(found) == len(self.guesses) else self.guess_letters[found]
                found = found[self.game.hard_mode_mask(guess, reply, letters)]
        return found

    def mode_problem(self, history: History, word: Word) -> str | None:
        """Return why the mode forbids playing `word` after `history`, or None when it may be
        played (the scalar twin of `allowed`)."""
        game = self.game
        for guess, reply in history:
            if self.mode == "hard":
                problem = game.hard_mode_problem(guess, reply, word)
                if problem:
                    return f"hard mode: {problem} (after {game.display(guess)})"
            elif self.mode == "strict" and game.feedback(guess, word) != reply:
                return f"strict mode: {game.display(word)} contradicts the reply to {game.display(guess)}"
        return None


@dataclasses.dataclass(frozen=True)
class PuzzleSpec:
    """How to build a puzzle: the rules, the lists by name or file, and the settings. Hashable and
    picklable, so a worker process can build the same puzzle."""

    game: Game  # the rules, with their options
    answers: str | None = None  # the secrets: a list name or a file (None: the game's default)
    guesses: str | None = None  # the allowed guesses: a list name or a file (None: the game's)
    mode: str = "normal"  # normal, hard or strict
    inconsistent_window: tuple[int, int] | None = None  # see Puzzle
    prefer_candidates: bool = True  # see Puzzle
    # closed: the secret is one of `answers`, all alike; open: any allowed guess may be the secret,
    # weighted by the game's prior (games without a prior keep their answers, all alike).
    world: str = "closed"
    exclude: str | None = None  # a list (name or file) of words to weigh down (past answers)
    exclude_factor: float = 0.1  # their prior is multiplied by this (0 < factor <= 1)
    # A list (name or file) of words in no list that the game takes (today's new words): they
    # join the allowed guesses and the possible secrets (in the open world with the prior of a
    # word it has no frequency for).
    add_words: str | None = None

    def lists(self) -> tuple[WordList, WordList]:
        """Return (answers, guesses) as loaded for the game, with the added words; words it
        cannot play are skipped and listed in each WordList's `rejected`. In the open world the
        answers are the guesses (the same WordList) when the game has a prior."""
        answers, guesses = self._listed()
        if self.add_words is None:
            return answers, guesses
        extra = given_words(self.add_words, self.game, "the added words")
        fold = self.game.fold
        known, secrets = {fold(w) for w in guesses}, {fold(w) for w in answers}
        new = [w for w in extra if fold(w) not in known]
        added = WordList([*answers, *(w for w in extra if fold(w) not in secrets)], answers.name, answers.rejected)
        if answers is guesses:
            return added, added
        return added, WordList([*guesses, *new], guesses.name, guesses.rejected)

    def _listed(self) -> tuple[WordList, WordList]:
        if self.world == "open" and self.prior_table() is not None:
            if self.answers is not None:
                raise WordguessError("--answers names the secrets of the closed world; in the open world every "
                                     "allowed word may be the secret (choose them with --guesses)")
            source = self.guesses or self.game.open_guesses
            _, allowed = game_words(self.game, source, source)
            return allowed, allowed
        return game_words(self.game, self.answers, self.guesses)

    def prior_table(self) -> str | None:
        """Return the frequency table of the game's prior, or None when it has none."""
        return priors.table_name(self.game.name, self.guesses or self.game.open_guesses)

    def weights(self, secrets: WordList) -> np.ndarray | None:
        """Return the prior weight of each secret (None in the closed world, and for games with
        no prior unless words are excluded), past answers multiplied by exclude_factor."""
        table = self.prior_table() if self.world == "open" else None
        if table is None and self.exclude is None:
            return None
        weights = np.ones(len(secrets)) if table is None else priors.prior(secrets, table)
        if self.exclude is not None:
            excluded = {self.game.fold(w) for w in given_words(self.exclude, self.game, "the excluded words")}
            weights = weights * np.array([self.exclude_factor if self.game.fold(w) in excluded else 1.0
                                          for w in secrets])
        return weights

    def build(self, store: PatternStore | None = None) -> Puzzle:
        """Return the puzzle (or raise WordguessError when no answer fits the rules)."""
        check_mode(self.mode)
        check_world(self.world)
        if not 0 < self.exclude_factor <= 1:
            raise WordguessError(f"the exclusion factor must be above 0 and at most 1, not {self.exclude_factor}")
        secrets, allowed = self.lists()
        if not secrets:
            lengths, length = bundled_lengths(secrets.name), self.game.length
            if lengths and length is not None and length not in lengths:
                least, most = min(lengths), max(lengths)
                span = f"{least} to {most}" if least < most else f"{least}"
                raise WordguessError(f"the {secrets.name} list has words of {span} letters, not {length}")
            raise WordguessError(f"no word of the answers list fits {self.game.name} with these options")
        extra = {} if store is None else {"store": store}
        return Puzzle(self.game, secrets, allowed, mode=self.mode, inconsistent_window=self.inconsistent_window,
                      prefer_candidates=self.prefer_candidates, weights=self.weights(secrets),
                      world="open" if self.world == "open" and self.prior_table() is not None else "closed", **extra)


@functools.lru_cache(maxsize=4)
def built_puzzle(spec: PuzzleSpec) -> Puzzle:
    """Return the puzzle of a spec, built once per process: a worker process (or the web app)
    that meets the same spec again reuses its lists and pattern matrix (read only)."""
    return spec.build()
