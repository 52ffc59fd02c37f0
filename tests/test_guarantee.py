"""The never-lose guarantee (strategies/guard.py) and words in no list taken as played."""

from __future__ import annotations

import dataclasses
import functools
import gzip
import json
import random
from typing import ClassVar

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from conftest import script, words_for
from wordguess.cli import app
from wordguess.engine.puzzle import Puzzle, PuzzleSpec
from wordguess.errors import WordError
from wordguess.games import get_game
from wordguess.games.wordle import Wordle
from wordguess.lists import read_bundled
from wordguess.play.assistant import Assistant
from wordguess.play.session import admitted
from wordguess.strategies import get_strategy
from wordguess.strategies.base import one_board
from wordguess.strategies.expected import FewestGuesses
from wordguess.strategies.guard import (
    SHOWN,
    UNKNOWN,
    Guard,
)
from wordguess.strategies.guarded import guarded
from wordguess.strategies.splits import first_by, split_every, split_stats
from wordguess.strategies.witnesses import (
    Witnesses,
    puzzle_memo,
    shipped_witnesses,
    trivially_within,
)
from wordguess.trees.report import evaluate

runner = CliRunner()
WORDLE = get_game("wordle")
# Words of a few clusters that differ in one letter: the sets a greedy player loses words of.
CLUSTER_ENDINGS = ("ills", "atch", "ight", "ound", "ower", "aker", "ines", "ears")


def cluster_words() -> list[str]:
    return [w for w in read_bundled("wordle-guesses") if w[1:] in CLUSTER_ENDINGS]


@functools.cache
def least_worst(puzzle: Puzzle, secrets: frozenset[int], limit: int, history: tuple = ()) -> int:
    """The slow twin: the least worst case of any tree over the secrets (each guess one the mode
    allows after `history`: Puzzle.allowed, the rule's own check), by exhaustive search;
    limit + 1 stands for "more than limit"."""
    if len(secrets) <= 1:
        return len(secrets)
    if limit <= 1:
        return limit + 1
    best = limit + 1
    ids = np.array(sorted(secrets))
    for g in puzzle.allowed(ids, list(history)).tolist():
        worst = 1
        for reply, bucket in puzzle.buckets(g, ids):
            if reply == puzzle.game.solved_reply:
                continue
            if len(bucket) == len(ids):
                worst = limit + 1
                break
            turn = (puzzle.guesses[g], reply)
            worst = max(worst, 1 + least_worst(puzzle, frozenset(bucket.tolist()), best - 2,
                                               (*history, turn) if puzzle.mode != "normal" else ()))
            if worst >= best:
                break
        best = min(best, worst)
    return best


def tight_game(limit: int) -> Wordle:
    """Return Wordle with another limit of guesses (the shipped proof needs 6: not used)."""

    @dataclasses.dataclass(frozen=True)
    class Tight(Wordle):
        max_guesses: ClassVar[int] = limit

    return Tight()


def cluster_puzzle(seed: int, size: int) -> Puzzle:
    words = sorted(random.Random(seed).sample(cluster_words(), size))
    weights = np.array([10.0 ** random.Random(seed + k).uniform(-6, 0) for k in range(size)])
    probe = tight_game(6)
    return Puzzle(probe, words, words, weights=weights, store=None)


def counted(puzzle: Puzzle, candidates: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """split_stats of every guess by its bucket counter (a third of the guesses at a time: it
    reads split_every's pairs for half of them or more)."""
    count = len(puzzle.guesses)
    thirds = [split_stats(puzzle, np.arange(k, min(count, k + count // 3 + 1), dtype=np.int64), candidates)
              for k in range(0, count, count // 3 + 1)]
    return np.concatenate([t[0] for t in thirds]), np.concatenate([t[1] for t in thirds])


def test_split_every_equals_split_stats_and_a_count_of_the_replies():
    """The blocked pairwise kernel against the bucket counter over every guess (split_stats, a
    third of the guesses at a time); split_stats of every guess, and of more than half of them
    shuffled (read from the pairs for few candidates), the same; and both against a plain count
    of the replies (collections.Counter) on some guesses, for sets of 1 to 260 candidates (past
    255 it is split_stats itself), on the open world and on a list shorter than one block of guesses."""
    from collections import Counter

    rng = np.random.default_rng(7)
    for puzzle in (open_wordle(), cluster_puzzle(3, 12)):
        game, count = puzzle.game, len(puzzle.guesses)
        for size in (1, 2, 3, 5, 8, 13, 40, 81, 255, 256, 260):
            if size > len(puzzle.answers):
                continue
            candidates = np.sort(rng.choice(len(puzzle.answers), size, replace=False)).astype(np.int64)
            parts, largest = split_every(puzzle, candidates)
            twin_parts, twin_largest = counted(puzzle, candidates)
            assert parts.tolist() == twin_parts.tolist() and largest.tolist() == twin_largest.tolist(), size
            every_parts, every_largest = split_stats(puzzle, np.arange(count, dtype=np.int64), candidates)
            assert every_parts.tolist() == parts.tolist() and every_largest.tolist() == largest.tolist()
            most = rng.permutation(count)[:count // 2 + 1].astype(np.int64)
            most_parts, most_largest = split_stats(puzzle, most, candidates)
            assert most_parts.tolist() == parts[most].tolist() and most_largest.tolist() == largest[most].tolist()
            for g in rng.choice(count, min(count, 50), replace=False).tolist():
                replies = Counter(game.feedback(puzzle.guesses[g], puzzle.answers[c]) for c in candidates.tolist())
                assert parts[g] == len(replies)
                assert largest[g] == max((n for r, n in replies.items() if r != game.solved_reply), default=0)


def test_first_by_is_the_head_of_the_full_sort():
    rng = np.random.default_rng(11)
    for _ in range(500):
        n = int(rng.integers(0, 3_000))
        keys = [rng.integers(-int(rng.integers(1, 12)), int(rng.choice([3, 300, 2**40])), n) for _ in range(int(rng.integers(1, 4)))]
        count = int(rng.integers(1, n + 2))
        assert first_by(count, *keys).tolist() == np.lexsort(keys[::-1])[:count].tolist()


def test_the_guard_is_a_strategy_wrapping_one():
    """The registry's guarded strategies are the bare ones wrapped with their guard, and answer
    the same protocol: the choice is the guard's over the strategy's ranking, and heads the
    ranking offered; the guesses the guard refused are named and not it."""
    from wordguess.strategies import get_strategy
    from wordguess.strategies.boardguard import BoardGuard
    from wordguess.strategies.guarded import Guarded

    one, several = get_strategy("fewest-guesses"), get_strategy("fewest-total-safe", several=True)
    assert isinstance(one, Guarded) and one.name == "fewest-guesses" and one.guarantee and one.inner.guard is None
    assert isinstance(several, Guarded) and several.several and not several.guarantee and isinstance(several.guard, BoardGuard)
    refusing = 0
    for seed in range(6):
        base = cluster_puzzle(seed, 18)
        puzzle = dataclasses.replace(base, game=tight_game(least_worst(base, frozenset(range(len(base.answers))), 8)))
        position = one_board(puzzle, puzzle.all_candidates(), [])
        wrapped, bare = guarded(FewestGuesses()), FewestGuesses()
        choice = wrapped.choose(puzzle, position)
        favourite = bare.choose(puzzle, position)
        ranking = bare.ranking(puzzle, position, 40)
        assert choice == Guard().choose(puzzle, position, favourite, lambda: ranking)  # noqa: B023
        assert wrapped.ranking(puzzle, position, 10)[0] == choice
        refused = wrapped.refused(puzzle, position).tolist()
        assert choice not in refused and (choice == favourite) == (favourite not in refused)
        refusing += bool(refused)
    assert refusing > 0  # (the guard turned a favourite down somewhere: the checks above bite)


def test_the_guards_of_one_puzzle_share_what_their_searches_proved():
    """A server makes a strategy per request: the witness searches of one puzzle share what they
    proved, so a position asked again is proven with less search, to the same guess; another
    puzzle starts with nothing proven."""
    def decide(puzzle):
        guard, position = Guard(), one_board(puzzle, np.arange(len(puzzle.answers)), [])
        ranking = np.arange(len(puzzle.guesses))
        guess = guard.choose(puzzle, position, 0, lambda: ranking)
        return guess, guard.witnesses(puzzle).spent

    puzzle = dataclasses.replace(cluster_puzzle(2, 40), game=tight_game(4))
    first, again, other = decide(puzzle), decide(puzzle), decide(dataclasses.replace(puzzle))
    assert first[1] > 0 and again[0] == first[0] and again[1] < first[1]
    assert other == first


def test_a_puzzle_with_words_added_reads_what_its_base_proved_and_keeps_its_own_finds():
    """The witnesses proven on a puzzle hold on it with words added (its sets of the base's
    secrets split alike): the new puzzle's memo reads them, and what it finds (whose guesses may
    be the words added, unknown to the base) stays its own."""
    def decide(puzzle):
        guard = Guard()
        guess = guard.choose(puzzle, one_board(puzzle, np.arange(len(base.answers)), []), 0,
                             lambda: np.arange(len(base.guesses)))
        return guess, guard.witnesses(puzzle).spent

    base = dataclasses.replace(cluster_puzzle(2, 40), game=tight_game(4))
    first, again = decide(base), decide(base)
    proven = dict(puzzle_memo(base).found)
    assert proven and again[1] < first[1]
    extended = base.with_words(["zzzzz"], np.array([0.5]))
    memo = puzzle_memo(extended)
    assert all(memo.found[key] == guess for key, guess in proven.items())
    guess, spent = decide(extended)
    assert guess == first[0] and spent <= again[1]  # (no more search than asked again on the base)
    memo.found[b"its own"] = len(base.guesses)
    assert b"its own" not in puzzle_memo(base).found


def test_trivially_within_is_the_count_argument():
    assert trivially_within(3, 3) and trivially_within(2, 2) and trivially_within(1, 1) and trivially_within(0, 0)
    assert not trivially_within(3, 2) and not trivially_within(2, 1)


@pytest.mark.parametrize("seed", range(6))
def test_the_guard_wins_every_secret_whenever_some_tree_can(seed):
    """Against the exhaustive twin: with the limit set to the least worst case of the set, the
    guarded strategy finds every secret within it (and the unguarded one sometimes does not)."""
    base = cluster_puzzle(seed, 18)
    least = least_worst(base, frozenset(range(len(base.answers))), 8)
    assert least <= 6
    puzzle = dataclasses.replace(base, game=tight_game(least))
    played = evaluate(puzzle, guarded(FewestGuesses()), world="open")
    assert played.worst <= least and played.failures == 0


def test_the_guard_matters_on_some_of_those_sets():
    lost = 0
    for seed in range(6):
        base = cluster_puzzle(seed, 18)
        least = least_worst(base, frozenset(range(len(base.answers))), 8)
        puzzle = dataclasses.replace(base, game=tight_game(least))
        lost += evaluate(puzzle, FewestGuesses(), world="open").failures
    assert lost > 0  # the loss term alone protects no unlikely word: the test above can fail


def test_within_two_is_exact_and_a_witness_is_a_tree_within_its_depth():
    base = cluster_puzzle(3, 14)
    search = Witnesses(base)
    everything = np.arange(len(base.answers))
    for size in (3, 4, 5):
        for start in range(0, len(everything) - size, 3):
            s = everything[start:start + size]
            assert search.within(s, 2) == (least_worst(base, frozenset(s.tolist()), 3) <= 2)
    least = least_worst(base, frozenset(everything.tolist()), 8)
    tree = search.tree(everything, least) if search.within(everything, least) else None
    if tree is not None:  # every secret found within `least` by following the witness
        for secret in base.answers:
            history = []
            while not history or not base.game.is_solved(history[-1][1]):
                word = tree.get(" ".join(f"{g}={base.game.format_reply(r)}" for g, r in history), secret)
                history.append((word, base.game.feedback(word, secret)))
            assert len(history) <= least


def test_the_shipped_witness_tree_covers_the_open_world_and_is_checked():
    (tree,) = [t for t in shipped_witnesses(WORDLE.key) if t.mode == "normal"]
    puzzle = PuzzleSpec(WORDLE, world="open").build()
    assert tree.covers(puzzle) and tree.depth == 6 and len(tree.words) == 14855 and tree.nodes[""] == "trace"
    # Every word of a sample is found within 6 by following it.
    for secret in random.Random(1).sample(sorted(tree.words), 300):
        history = []
        while not history or not WORDLE.is_solved(history[-1][1]):
            word = tree.guess(WORDLE, history) or secret
            history.append((word, WORDLE.feedback(word, secret)))
        assert len(history) <= 6
    assert not tree.covers(PuzzleSpec(WORDLE).build())  # the closed world's guesses lack some of its words


def test_hard_modes_closed_world_opens_on_the_shipped_proof_and_never_loses_the_aste_family():
    """The default strategy's favourite SLATE loses one of ?ASTE in hard mode (six words, one
    letter known per guess): the guard opens on the shipped tree's SALET, which finds every
    answer within 6, on the NYT's lists too."""
    from wordguess.optimal.worst.exact_guard import played_strategy
    from wordguess.play.hosts import FixedHost
    from wordguess.play.simulate import play

    (tree,) = [t for t in shipped_witnesses(WORDLE.key) if t.mode == "hard"]
    assert tree.depth == 6 and len(tree.words) == 2315 and tree.nodes[""] == "salet"
    for answers, guesses in ((None, None), ("wordle-answers-nyt", "wordle-guesses-nyt")):
        puzzle = PuzzleSpec(WORDLE, answers, guesses, mode="hard").build()
        assert tree.covers(puzzle)
        strategy = played_strategy("fewest-guesses", puzzle)
        for secret in ("waste", "baste", "taste"):
            record = play(puzzle, strategy, FixedHost(secret))
            assert record.turns[0][0] == "salet" and record.guesses <= 6


def test_a_damaged_shipped_tree_is_refused(tmp_path, monkeypatch):
    from wordguess.strategies import witnesses

    data = tmp_path / "data"
    data.mkdir()
    raw = gzip.compress(json.dumps({"words": ["cigar"], "depth": 6, "mode": "normal", "nodes": {}}).encode())
    (data / "t.json.gz").write_bytes(raw)
    (data / witnesses.GUARANTEE_INDEX).write_text(json.dumps({"trees": [
        {"game": "x", "mode": "normal", "file": "t.json.gz", "sha256": "0" * 64}]}))

    class Folder:
        def __truediv__(self, name):
            return data if name == "data" else None

    monkeypatch.setattr(witnesses.resources, "files", lambda package: Folder())
    witnesses.shipped_witnesses.cache_clear()
    try:
        with pytest.raises(Exception, match="damaged"):
            witnesses.shipped_witnesses("x")
    finally:
        witnesses.shipped_witnesses.cache_clear()


def test_the_open_world_opening_is_the_proven_one():
    puzzle = PuzzleSpec(WORDLE, world="open").build()
    strategy = guarded(FewestGuesses())
    assert puzzle.guesses[strategy.choose(puzzle, one_board(puzzle, puzzle.all_candidates(), []))] == "trace"
    assert Guard().win_guarantee(puzzle, one_board(puzzle, puzzle.all_candidates(), [])) == SHOWN


def test_words_added_to_the_list_keep_the_shipped_proof_extended_to_them(tmp_path):
    """Adding words (--add-words, an unknown word played) no longer drops the proof: SKIBI follows
    the tree to TRACE ..... SPUNK SILKS SKIFF SKIMO with SKIVY, one guess left for two, so the
    subtree above is searched again with it. Followed word by word (the slow, obvious check),
    the extended tree finds every word, old and added, within 6; the opening stays TRACE with a
    win shown, and the guard's key says the tree was extended (the key is the same without)."""
    extra = tmp_path / "new.txt"
    extra.write_text("yeets\nskibi\n")
    puzzle = PuzzleSpec(WORDLE, world="open", add_words=str(extra)).build()
    guard = Guard()
    guard.witnesses(puzzle)
    tree = guard._shipped
    assert tree is not None and tree.extended and {"yeets", "skibi"} <= tree.words
    assert tree.nodes[""] == "trace"
    for secret in puzzle.answers:
        assert followed(puzzle, tree.nodes, secret, []) <= 6, secret
    strategy = guarded(FewestGuesses())
    assert puzzle.guesses[strategy.choose(puzzle, one_board(puzzle, puzzle.all_candidates(), []))] == "trace"
    assert Guard().win_guarantee(puzzle, one_board(puzzle, puzzle.all_candidates(), [])) == SHOWN
    plain = open_wordle()
    assert Guard().key_for(plain) != guard.key_for(puzzle) and Guard().key_for(plain) == Guard().key_for(plain)
    (shipped,) = [t for t in shipped_witnesses(WORDLE.key) if t.mode == "normal"]
    assert shipped.extend_to(puzzle, Witnesses(puzzle), most=1) is None  # more words than it extends to


@functools.cache
def build_guarantee():
    """Return scripts/build_guarantee.py as a module."""
    return script("build_guarantee")


@functools.cache
def open_wordle() -> Puzzle:
    return PuzzleSpec(WORDLE, world="open").build()


def followed(puzzle: Puzzle, tree: dict[str, str], secret: str, history: list) -> int:
    """Return the guesses the tree takes to find a secret after `history` (a single candidate
    left is guessed)."""
    history = list(history)
    start = len(history)
    while not history or not WORDLE.is_solved(history[-1][1]):
        word = tree.get(" ".join(f"{g}={WORDLE.format_reply(r)}" for g, r in history), secret)
        history.append((word, WORDLE.feedback(word, secret)))
    return len(history) - start


def test_the_build_follows_the_strategy_to_the_guess_it_values_most_of_its_first_safe_ones():
    """TRACE ....Y LINKY YY... (41 words), 3 guesses left: the tree's root is, of the first 4
    guesses of the strategy's order that keep every word winnable, the one its second look values
    most. Within 2 guesses left a set is winnable exactly when some guess leaves its words each
    alone, so which guesses are safe is checked here exhaustively, over every allowed guess."""
    puzzle = open_wordle()
    history = [("trace", WORDLE.parse_reply("....Y")), ("linky", WORDLE.parse_reply("YY..."))]
    candidates = puzzle.all_candidates()
    for word, reply in history:
        candidates = puzzle.narrow(candidates, puzzle.index_of(word), reply)
    assert len(candidates) == 41
    strategy = FewestGuesses()
    tree = build_guarantee().follow(Witnesses(puzzle), strategy, candidates, 3, history, 30)
    ranking = strategy.ranking(puzzle, one_board(puzzle, candidates, history), 30)[:30]
    replies = puzzle.matrix

    def separable(bucket) -> bool:  # some allowed guess gives each word of the bucket its own reply
        rows = np.sort(replies[:, bucket], axis=1)
        return bool((rows[:, 1:] != rows[:, :-1]).all(axis=1).any())

    safe = [int(g) for g in ranking
            if all(separable(b) for r, b in puzzle.buckets(int(g), candidates) if r != WORDLE.solved_reply)][:4]
    assert len(safe) == 4 and safe[0] != ranking[0]  # the strategy's own first is not safe here
    values = strategy.values(puzzle, one_board(puzzle, candidates, history), np.array(safe))
    assert tree["trace=....Y linky=YY..."] == puzzle.guesses[safe[int(np.argmin(values))]]
    assert all(followed(puzzle, tree, puzzle.answers[s], history) <= 3 for s in candidates)


def test_the_build_sweeps_a_bucket_the_witness_search_misses_by_its_cluster():
    """TRACE ..... (1,806 words): the guided search finds no witness within 5; the sweep takes the
    guesses that break ?ILLS (16 of them here) most and finds one: LYMPH."""
    puzzle = open_wordle()
    history = [("trace", WORDLE.parse_reply("....."))]
    candidates = puzzle.narrow(puzzle.all_candidates(), puzzle.index_of("trace"), history[0][1])
    assert len(candidates) == 1806
    tree = build_guarantee().sweep(Witnesses(puzzle), candidates, 5, history, 3)
    assert tree["trace=....."] == "lymph"
    assert max(followed(puzzle, tree, puzzle.answers[s], history) for s in candidates) <= 5


# --- words in no list ---------------------------------------------------------------------------

@given(words=st.lists(words_for(WORDLE, few_letters=False), min_size=1, max_size=3, unique=True))
def test_an_added_word_gets_its_replies_from_the_rules(words):
    base = Puzzle(WORDLE, ["cigar", "rebut", "sissy"], ["cigar", "rebut", "sissy", "humph"], weights=np.ones(3),
                  store=None)
    new = [w for w in words if w not in base.guess_index]
    assert base.by_secret.shape == (3, 4)  # (made: the new puzzle's is extended from it)
    puzzle = base.with_words(words, np.full(len(new), 0.5))
    assert list(puzzle.guesses[: 4]) == list(base.guesses) and list(puzzle.answers[:3]) == list(base.answers)
    for g, guess in enumerate(puzzle.guesses):
        for s, secret in enumerate(puzzle.answers):
            assert puzzle.matrix[g, s] == WORDLE.feedback(guess, secret)
    assert len(puzzle.weights) == len(puzzle.answers)
    assert np.array_equal(puzzle.by_secret, puzzle.matrix.T) and not puzzle.by_secret.flags.writeable
    made = Puzzle(WORDLE, list(puzzle.answers), list(puzzle.guesses), weights=puzzle.weights, store=None)
    assert puzzle.guess_index == made.guess_index  # (extended from the base's, as made from the lists)
    guesses_only = Puzzle(WORDLE, ["cigar", "rebut"], ["cigar", "rebut"], store=None)
    assert guesses_only.by_secret.shape == (2, 2)
    assert np.array_equal(guesses_only.with_words(words).by_secret, guesses_only.with_words(words).matrix.T)


def test_the_assistant_takes_a_word_in_no_list_and_refuses_a_malformed_one():
    puzzle = Puzzle(WORDLE, ["cigar", "rebut", "sissy", "humph"], ["cigar", "rebut", "sissy", "humph", "awake"],
                    weights=np.ones(4), store=None)
    assistant = Assistant(puzzle, get_strategy("fewest-guesses"))
    assistant.report("zzzax", ".....")
    assert "ZZZAX is in no list" in assistant.notices[0] and "possible secret" in assistant.notices[0]
    assert "zzzax" not in assistant.candidate_words  # a possible secret, ruled out by its own reply
    before = (list(assistant.history), list(assistant.candidate_words))
    for bad in ("zzza", "zzz1x", "abcdef"):
        with pytest.raises(WordError):
            assistant.report(bad, ".....")
    assert (assistant.history, assistant.candidate_words) == before  # the state is kept
    closed = Assistant(Puzzle(WORDLE, ["cigar", "rebut"], ["cigar", "rebut"], store=None), get_strategy("entropy"))
    closed.report("qqqqq", ".....")
    assert closed.candidate_words == ["cigar", "rebut"] and "possible secret" not in closed.notices[0]
    _, notice = admitted(closed.puzzle, "cigar")
    assert notice is None


def test_solve_takes_a_real_guess_in_no_list_with_a_notice():
    result = runner.invoke(app, ["solve", "--answers", "wordle-answers", "--guesses", "wordle-answers",
                                 "--world", "closed", "--history", "aapas=.....", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["notices"] and "AAPAS is in no list" in data["notices"][0]
    bad = runner.invoke(app, ["solve", "--world", "closed", "--history", "aapa=....."])
    assert bad.exit_code == 2 and len(bad.output.strip().splitlines()) == 1 and "not a valid wordle word" in bad.output


def test_add_words_joins_the_lists(tmp_path):
    extra = tmp_path / "new.txt"
    extra.write_text("zzzax\nqzzzq\n")
    spec = PuzzleSpec(WORDLE, answers="wordle-answers", add_words=str(extra))
    answers, guesses = spec.lists()
    assert {"zzzax", "qzzzq"} <= set(answers) and {"zzzax", "qzzzq"} <= set(guesses)
    extra.write_text("toolong\n")
    with pytest.raises(WordError, match="toolong"):
        PuzzleSpec(WORDLE, add_words=str(extra)).lists()


@pytest.mark.parametrize("secret", ["sissy", "rebut", "humph"])
def test_hard_mode_allowed_turn_by_turn_equals_the_puzzles(secret):
    puzzle = Puzzle(WORDLE, read_bundled("wordle-answers")[:300], read_bundled("wordle-answers")[:300] + ["crane"],
                    mode="hard", store=None)
    search = Witnesses(puzzle)
    history = []
    for guess in ("crane", "lousy", "pithy"):
        history.append((guess, WORDLE.feedback(guess, secret)))
        assert np.array_equal(search._allowed(puzzle.all_candidates(), history),
                              puzzle.allowed(puzzle.all_candidates(), history))


def test_a_decision_stops_at_its_budget_of_replies_looked_up():
    """A large set far from the end (an opener off the shipped tree) costs the guard at most its
    cell budget, counted, not timed: the same work on any machine, and the position then said
    not shown winnable unless a witness was found within it."""
    answers = read_bundled("wordle-answers")
    puzzle = Puzzle(get_game("wordle"), answers, sorted(set(answers) | set(read_bundled("wordle-guesses")[:3000])))
    candidates = puzzle.all_candidates()
    history = [(puzzle.guesses[0], puzzle.game.parse_reply("....."))]
    candidates = puzzle.narrow(candidates, 0, history[0][1])
    strategy = guarded(FewestGuesses())
    guard = strategy.guard
    guard.cells = 5_000_000
    search = guard.witnesses(puzzle)
    before = search.worked
    choice = strategy.choose(puzzle, one_board(puzzle, candidates, history))
    largest_split = len(puzzle.guesses) * len(candidates) + 500_000
    assert guard.cells <= search.worked - before <= guard.cells + 2 * largest_split, search.worked - before
    again = guarded(FewestGuesses())
    again.guard.cells = 5_000_000
    assert again.choose(puzzle, one_board(puzzle, candidates, history)) == choice  # deterministic
    assert guard.win_guarantee(puzzle, one_board(puzzle, candidates, history)) in (SHOWN, UNKNOWN)


def test_the_verdict_on_a_players_guess_equals_the_exhaustive_twin():
    """`Guard.guarantee_after` judges any guess (the analysis's played one): with the exact guard, on
    small sets it is never undecided, and SHOWN exactly when every bucket the guess leaves has a
    tree within the guesses left (the twin's least worst case); IMPOSSIBLE otherwise. Without the
    exact guard it never says IMPOSSIBLE, and SHOWN still only when the twin agrees."""
    from wordguess.optimal.worst.exact_guard import ExactGuard
    from wordguess.strategies.guard import IMPOSSIBLE

    seen = {SHOWN: 0, IMPOSSIBLE: 0}
    for seed in range(3):
        base = cluster_puzzle(seed, 16)
        least = least_worst(base, frozenset(range(len(base.answers))), 8)
        puzzle = dataclasses.replace(base, game=tight_game(least))
        exact, alone = Guard(exact=ExactGuard()), Guard()
        starts = [([], puzzle.all_candidates())]
        first = puzzle.guess_index[puzzle.answers[seed]]
        for reply, bucket in puzzle.buckets(first, puzzle.all_candidates()):
            if len(bucket) >= 4 and reply != puzzle.game.solved_reply:
                starts.append(([(puzzle.guesses[first], reply)], bucket))
        for history, candidates in starts:
            left = least - len(history) - 1
            for guess in range(len(puzzle.guesses)):
                twin = all(least_worst(puzzle, frozenset(b.tolist()), left + 1) <= left
                           for r, b in puzzle.buckets(guess, candidates) if r != puzzle.game.solved_reply)
                after = exact.guarantee_after(puzzle, guess, candidates, history)
                assert after == (SHOWN if twin else IMPOSSIBLE), (seed, history, puzzle.guesses[guess])
                seen[after] += 1
                assert alone.guarantee_after(puzzle, guess, candidates, history) in ((SHOWN, UNKNOWN) if twin else (UNKNOWN,))
    assert min(seen.values()) >= 5, seen  # both answers exercised


def test_a_guarantee_after_asks_the_exact_guard_about_a_bounded_number_of_buckets():
    """The work of `guarantee_after` is bounded: once the witness search's cells are spent, the exact guard
    is asked about at most `after_calls` buckets, and the rest leave it UNKNOWN."""
    base = cluster_puzzle(0, 16)
    least = least_worst(base, frozenset(range(len(base.answers))), 8)
    puzzle = dataclasses.replace(base, game=tight_game(least))
    asked: list[int] = []

    def undecided(puzzle, bucket, history, left, ranking):
        asked.append(len(bucket))
        return None

    guard, most = Guard(exact=undecided, cells=0, after_calls=1), 0
    for guess in range(len(puzzle.guesses)):
        asked.clear()
        after = guard.guarantee_after(puzzle, guess, puzzle.all_candidates(), [])
        assert len(asked) <= 1 and (after == UNKNOWN or not asked), (puzzle.guesses[guess], asked, after)
        most = max(most, len(asked))
    assert most == 1
