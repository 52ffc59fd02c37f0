"""Absurdle solved exactly: the fewest guesses that win against the host that keeps the largest
bucket (`play.hosts.AbsurdleHost`), with the winning sequences found and a complete search showing
that one guess fewer cannot win.

The host never says "solved" while another word is still possible (it drops the solved reply
unless it is the only one), so a game is won with guess k exactly when the words left after
k - 1 replies are one word, which guess k names. Write W(S, k) for "from the words S, some play
wins within k guesses":

    W(S, 1) = |S| == 1
    W(S, k) = |S| == 1  or  some allowed guess g leaves a bucket B with W(B, k - 1).

Which bucket g leaves is the host's: the largest (the solved one excluded unless alone). Ties
between largest buckets are where hosts differ: `AbsurdleHost` takes the one that reveals least.
The impossibility proof does not rely on it: it lets the guesser pick any of the tied largest
buckets (the host most favourable to the guesser), so "k guesses cannot win" holds for every tie
rule. The winning sequences are played against `AbsurdleHost` itself."""

from __future__ import annotations

import dataclasses
import time

import numpy as np
from numba import njit

from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.play.hosts import AbsurdleHost
from wordguess.strategies.scoring import reply_table
from wordguess.vocab import Candidates, History, Progress, Word


@njit(cache=True, nogil=True)
def _largest_buckets(table, guess_ids, candidates, solved, n_replies, cap, out):
    """Set out[i] to the size of the largest bucket other than the solved one that guess_ids[i]
    leaves of the candidates, or to `cap` as soon as a bucket reaches `cap` (the caller only asks
    whether it stays below). 0 means the solved bucket is the only one: the guess is the last
    word. Returns the number of (guess, candidate) replies read."""
    counts = np.zeros(n_replies, dtype=np.int64)
    n = candidates.shape[0]
    read = 0
    for gi in range(guess_ids.shape[0]):
        g = guess_ids[gi]
        largest = 0
        end = n
        for k in range(n):
            r = table[g, candidates[k]]
            counts[r] += 1
            if r != solved and counts[r] > largest:
                largest = counts[r]
                if largest >= cap:
                    end = k + 1
                    break
        for k in range(end):
            counts[table[g, candidates[k]]] = 0
        read += end
        out[gi] = largest
    return read


@dataclasses.dataclass
class Search:
    """What a search examined: positions (word sets with the guesses left), guesses tried at
    them, and replies read by the kernel."""

    positions: int = 0
    guesses: int = 0
    replies: int = 0


def largest_buckets(puzzle: Puzzle, guess_ids: np.ndarray, candidates: Candidates, cap: int,
                    search: Search | None = None) -> np.ndarray:
    """Return, for each guess, the size of the largest bucket the host may keep (0: the guess is
    the only word left), capped at `cap`."""
    out = np.empty(len(guess_ids), dtype=np.int64)
    if len(guess_ids):
        table = reply_table(puzzle, len(candidates))
        read = _largest_buckets(table, np.ascontiguousarray(guess_ids, dtype=np.int64),
                                np.ascontiguousarray(candidates, dtype=np.int64), puzzle.game.solved_reply,
                                puzzle.game.n_replies, int(cap), out)
        if search is not None:
            search.guesses += len(guess_ids)
            search.replies += int(read)
    return out


def kept_buckets(puzzle: Puzzle, guess: int, candidates: Candidates) -> list[tuple[int, Candidates]]:
    """Return every bucket the host may keep after `guess`: the largest ones, the solved bucket
    excluded unless it is the only one (each as (reply, its words))."""
    sizes = puzzle.bucket_sizes(guess, candidates)
    solved = puzzle.game.solved_reply
    if np.count_nonzero(sizes) > 1:
        sizes[solved] = 0
    return [(int(r), puzzle.narrow(candidates, guess, int(r))) for r in np.flatnonzero(sizes == sizes.max())]


def host_bucket(puzzle: Puzzle, guess: int, candidates: Candidates) -> tuple[int, Candidates]:
    """Return the reply `AbsurdleHost` gives to `guess` and the words it keeps."""
    reply = AbsurdleHost().reply(puzzle, guess, candidates)
    return reply, puzzle.narrow(candidates, guess, reply)


def wins_in_two(puzzle: Puzzle, candidates: Candidates, history: History, search: Search) -> int | None:
    """Return a guess after which the host is left one word (so the next guess wins), or None.
    Needs |S| <= n_replies: the host keeps the largest of the buckets other than the solved one,
    which hold at least |S| - 1 words in at most n_replies - 1 buckets, so the largest holds at
    least ceil((|S| - 1) / (n_replies - 1)) words: 1 only if |S| <= n_replies."""
    search.positions += 1
    if len(candidates) == 1:
        return int(puzzle.guess_of_answer[candidates[0]])
    if len(candidates) > puzzle.game.n_replies:
        return None
    allowed = puzzle.allowed(candidates, history)
    largest = largest_buckets(puzzle, allowed, candidates, 2, search)
    found = np.flatnonzero(largest <= 1)
    return int(allowed[found[0]]) if len(found) else None


def can_win(puzzle: Puzzle, candidates: Candidates, history: History, guesses: int, search: Search) -> bool:
    """Return W(candidates, guesses) against the host most favourable to the guesser (any of the
    tied largest buckets): False proves that no tie rule lets `guesses` guesses win."""
    if guesses <= 0:
        return False
    if len(candidates) == 1:
        return True
    if guesses == 1:
        return False
    if guesses == 2:
        return wins_in_two(puzzle, candidates, history, search) is not None
    search.positions += 1
    # The largest bucket is at least ceil((|S| - 1) / (n_replies - 1)) (see wins_in_two), and
    # each guess divides it at most that way again: more than n_replies^(guesses - 1) words
    # cannot come down to one in guesses - 1 replies.
    if len(candidates) > puzzle.game.n_replies ** (guesses - 1):
        return False
    for guess in puzzle.allowed(candidates, history):
        search.guesses += 1
        for reply, bucket in kept_buckets(puzzle, int(guess), candidates):
            if can_win(puzzle, bucket, [*history, (puzzle.guesses[guess], reply)], guesses - 1, search):
                return True
    return False


@dataclasses.dataclass
class AbsurdleProof:
    """The fewest guesses that win against Absurdle on a puzzle, as far as it was settled."""

    mode: str
    least: int | None  # the fewest guesses that win (None: no win found within the search)
    impossible: int | None  # the most guesses shown unable to win, for every tie rule (None: not searched)
    proven: bool  # least == impossible + 1: the value is exact
    sequences: list[list[Word]]  # winning games against AbsurdleHost, each ending with the word
    openers_tried: int  # first guesses searched for a win in `least`
    openers_winning: int  # of those, how many win in `least`
    proof: Search  # what the impossibility search examined
    win_search: Search  # what the search for wins examined
    seconds: float

    def to_json(self) -> dict:
        return {"mode": self.mode, "least": self.least, "impossible": self.impossible, "proven": self.proven,
                "sequences": self.sequences, "openers_tried": self.openers_tried,
                "openers_winning": self.openers_winning, "proof": dataclasses.asdict(self.proof),
                "win_search": dataclasses.asdict(self.win_search), "seconds": round(self.seconds, 2)}


def prove_impossible(puzzle: Puzzle, guesses: int, progress: Progress | None = None,
                     search: Search | None = None) -> bool:
    """Return True when a complete search shows that no play wins within `guesses` guesses,
    whichever of the tied largest buckets the host keeps; False when one can."""
    search = search if search is not None else Search()
    everything = puzzle.all_candidates()
    if guesses <= 1:
        return len(everything) != 1
    openers = puzzle.allowed(everything, [])
    search.positions += 1
    for done, guess in enumerate(openers, 1):
        search.guesses += 1
        for reply, bucket in kept_buckets(puzzle, int(guess), everything):
            if can_win(puzzle, bucket, [(puzzle.guesses[guess], reply)], guesses - 1, search):
                return False
        if progress:
            progress(done, len(openers))
    return True


def winning_line(puzzle: Puzzle, candidates: Candidates, history: History, guesses: int,
                 search: Search) -> list[int] | None:
    """Return guesses that win within `guesses` against AbsurdleHost from the words left (the
    last one names the word), trying at each step the guesses whose largest bucket is smallest
    first; None when none does."""
    if guesses <= 0:
        return None
    if len(candidates) == 1:
        return [int(puzzle.guess_of_answer[candidates[0]])]
    if guesses == 1:
        return None
    if guesses == 2:
        guess = wins_in_two(puzzle, candidates, history, search)
        if guess is None:
            return None
        _, bucket = host_bucket(puzzle, guess, candidates)
        return [guess, int(puzzle.guess_of_answer[bucket[0]])]
    search.positions += 1
    allowed = puzzle.allowed(candidates, history)
    sizes = largest_buckets(puzzle, allowed, candidates, len(candidates) + 1, search)
    bound = puzzle.game.n_replies ** (guesses - 2)  # see can_win
    for k in np.argsort(sizes, kind="stable"):
        if sizes[k] > bound:
            break
        guess = int(allowed[k])
        reply, bucket = host_bucket(puzzle, guess, candidates)
        rest = winning_line(puzzle, bucket, [*history, (puzzle.guesses[guess], reply)], guesses - 1, search)
        if rest is not None:
            return [guess, *rest]
    return None


def solve_absurdle(puzzle: Puzzle, prove: bool = True, openers: int | None = 100, most: int = 8,
                   progress: Progress | None = None) -> AbsurdleProof:
    """Return the fewest guesses that win against Absurdle on the puzzle: the least k for which a
    winning game is found (searching the `openers` first guesses whose kept bucket is smallest;
    None: all), with up to `most` winning games, and with `prove`, a complete search showing that
    k - 1 guesses cannot win whatever the tie rule."""
    if puzzle.weighted:
        raise WordguessError("Absurdle is solved on the answer list (closed world)")
    began = time.perf_counter()
    everything = puzzle.all_candidates()
    first = puzzle.allowed(everything, [])
    win_search = Search()
    sizes = largest_buckets(puzzle, first, everything, len(everything) + 1, win_search)
    order = first[np.argsort(sizes, kind="stable")]
    tried = order if openers is None else order[:openers]
    least, lines, winning = None, [], 0
    for guesses in range(1, 64):
        for done, guess in enumerate(tried, 1):
            reply, bucket = host_bucket(puzzle, int(guess), everything)
            rest = winning_line(puzzle, bucket, [(puzzle.guesses[guess], reply)], guesses - 1, win_search)
            if rest is not None:
                winning += 1
                if len(lines) < most:
                    lines.append([puzzle.guesses[g] for g in [int(guess), *rest]])
            if progress:
                progress(done, len(tried))
        if winning:
            least = guesses
            break
    impossible = None
    proof = Search()
    if prove and least is not None:
        impossible = least - 1 if prove_impossible(puzzle, least - 1, progress, proof) else None
    return AbsurdleProof(puzzle.mode, least, impossible, least is not None and impossible == least - 1, lines,
                         len(tried), winning, proof, win_search, time.perf_counter() - began)
