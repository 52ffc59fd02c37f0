"""Operations on candidate words (the word-level API; a Puzzle does the same on indices):
consistency with a history, partitions of a guess, and turns written as GUESS=REPLY."""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from wordguess.errors import ReplyError, WordguessError
from wordguess.games import Game
from wordguess.vocab import CandidateWords, History, Reply, ReplyText, Word


def replies_to(game: Game, guess: Word, candidates: Sequence[Word]) -> np.ndarray:
    """Return the encoded reply `guess` gets from each candidate."""
    return game.pattern_matrix([guess], candidates)[0]


def filter_candidates(game: Game, candidates: Sequence[Word], history: History) -> CandidateWords:
    """Return the candidates consistent with every (guess, reply) of the history (in a game
    whose host lies, those whose true reply the shown one can stand for)."""
    kept = list(candidates)
    for guess, reply in history:
        if not kept:
            break
        replies = replies_to(game, guess, kept)
        mask = np.isin(replies, game.truths(reply)) if game.lies else replies == reply
        kept = [w for w, ok in zip(kept, mask, strict=True) if ok]
    return kept


def filter_or_explain(game: Game, candidates: Sequence[Word], history: History) -> CandidateWords:
    """Return filter_candidates, or raise ReplyError naming the first turn that leaves none."""
    kept = list(candidates)
    for turn, (guess, reply) in enumerate(history, 1):
        narrowed = filter_candidates(game, kept, [(guess, reply)])
        if not narrowed:
            raise ReplyError(
                f"no word in the list fits reply {game.format_reply(reply)} to "
                f"{game.display(guess)} (turn {turn}) together with the earlier replies")
        kept = narrowed
    return kept


def bucket_counts(game: Game, guess: Word, candidates: Sequence[Word]) -> np.ndarray:
    """Return how many candidates give each encoded reply to `guess` (length game.n_replies)."""
    game = game.fitted(candidates[:1]) if game.length is None else game
    return np.bincount(replies_to(game, guess, candidates), minlength=game.n_replies)


def partition(game: Game, guess: Word, candidates: Sequence[Word]) -> dict[Reply, CandidateWords]:
    """Return the candidates grouped by the reply they give to `guess`, in reply order."""
    buckets: dict[Reply, CandidateWords] = {}
    for word, reply in zip(candidates, replies_to(game, guess, candidates), strict=True):
        buckets.setdefault(int(reply), []).append(word)
    return dict(sorted(buckets.items()))


def parse_turn(text: str) -> tuple[Word, ReplyText]:
    """Return (guess, reply text) of a turn written GUESS=REPLY, e.g. 'raise=..Y.G' (split at
    the last '=': no reply notation uses it, and a Nerdle guess holds one, '1+2=3=GG.GG')."""
    guess, sep, reply = text.strip().rpartition("=")
    if not sep:
        raise WordguessError(f"{text.strip()!r} is not GUESS=REPLY, e.g. raise=..Y.G")
    return guess.strip(), reply


def is_turn(game: Game, text: str) -> bool:
    """Return whether `text` is a GUESS=REPLY turn rather than a guess alone (a Nerdle guess
    has its own '=')."""
    return text.count("=") > (1 if "=" in game.alphabet else 0)


# A turn ends at ';', or at ',' when another GUESS= follows (so Mastermind's reply 1,1 stays whole)
# or nothing does (a trailing ',' is a separator, as a trailing ';' is).
TURN_SEPARATOR = re.compile(r";|,(?=[^,;=]+=)|,(?=\s*(?:[,;]|$))")


def split_turns(text: str) -> list[str]:
    """Return the turns of a history written GUESS=REPLY;GUESS=REPLY... (',' also separates
    turns when it is followed by a guess and '=', or ends the text: 'raise=..Y..,mount=.G...',
    '1122=1,1,3456=0,2', 'raise=..Y..,')."""
    return [turn.strip() for turn in TURN_SEPARATOR.split(text) if turn.strip()]


# A share header's score with the hard-mode star: "Wordle 1,234 4/6*", "X/6*".
HARD_SHARE = re.compile(r"(?:^|\s)[\dX]+/\d+\*(?:\s|$)")


def share_says_hard(text: str) -> bool:
    """Return whether a share text's header marks the game as played in hard mode (the `*`
    after its score, as the NYT's share text writes it)."""
    return any(HARD_SHARE.search(line) for line in text.splitlines())


def share_replies(game: Game, text: str) -> list[Reply]:
    """Return the replies of a pasted share text: every line that reads as a reply in one of the
    game's notations (the emoji squares included); header lines ("Wordle 1,234 4/6") are skipped."""
    rows = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            rows.append(game.parse_reply(line))
        except WordguessError:
            continue
    if not rows:
        raise WordguessError("the share text has no row of replies (e.g. 🟩⬛🟨⬛⬛ or G.Y..)")
    return rows
