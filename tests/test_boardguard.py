"""The multi-board never-lose check (`strategies/boardguard.py`) against an exhaustive twin: on
small lists, what it refutes no play wins, what it witnesses some play wins, and a guess it calls
safe (or unsafe) wins every combination (or loses one) by the rules' own `feedback`."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random

import numpy as np
import pytest

from wordguess.engine.puzzle import Puzzle, PuzzleSpec
from wordguess.games import get_game
from wordguess.play.multiboard import play_boards
from wordguess.strategies import get_strategy
from wordguess.strategies.boardguard import BoardGuard
from wordguess.strategies.endgame import position_of
from wordguess.strategies.splits import first_by
from wordguess.vocab import Position

# Clusters that differ in one letter, as the open world's lost games do (_INNY, _IPER, _UMBO).
ANSWERS = ("fight light might night right sight tight wight bills fills hills kills mills pills "
           "piper riper viper wiper").split()
PROBES = "flaws mount grove spark thumb dwelt chirp knave".split()


def open_quordle() -> Puzzle:
    return PuzzleSpec(get_game("quordle").board, world="open").build()


def boards_after(puzzle: Puzzle, secrets: str, guesses: str) -> list[np.ndarray]:
    """Return the candidates of each board of `secrets` (those not among `guesses`) after `guesses`."""
    boards = []
    for secret in secrets.split():
        if secret in guesses.split():
            continue
        candidates = puzzle.all_candidates()
        for guess in guesses.split():
            candidates = puzzle.narrow(candidates, puzzle.index_of(guess), puzzle.game.feedback(guess, secret))
        boards.append(candidates)
    return boards


@pytest.fixture(scope="module")
def small():
    return Puzzle(get_game("wordle"), ANSWERS, ANSWERS + PROBES)


def exhaustive(puzzle: Puzzle):
    """Return wins(position, left): whether some play finds every board's secret within `left`
    guesses, whatever the secrets (one per board, all distinct, as the games draw them), every
    allowed word tried at every turn, replies by feedback."""
    game = puzzle.game

    @functools.cache
    def wins(position, left):
        if not position:
            return True
        if left == 0:
            return not any(distinct(position))
        return any(all(wins(child, left - 1) for child in children(guess, position)) for guess in puzzle.guesses)

    def distinct(position):
        return (s for s in itertools.product(*position) if len(set(s)) == len(s))

    @functools.cache  # (the game's feedback is pure: each reply is worked out once)
    def feedback(guess, secret):
        return game.feedback(guess, puzzle.answers[secret])

    @functools.cache
    def children(guess, position):
        out = set()
        for secrets in distinct(position):
            child = []
            for board, secret in zip(position, secrets, strict=True):
                reply = feedback(guess, secret)
                if reply != game.solved_reply:
                    child.append(tuple(a for a in board if feedback(guess, a) == reply))
            out.add(tuple(sorted(child)))
        return out

    wins.children = children
    return wins


def disjoint(position) -> bool:
    return sum(len(b) for b in position) == len({a for b in position for a in b})


def positions(puzzle: Puzzle, count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        boards = rng.randint(1, 3)
        secrets = rng.sample(range(len(puzzle.answers)), boards)
        cluster = {a: [b for b in range(len(puzzle.answers)) if puzzle.answers[b][1:] == puzzle.answers[a][1:]
                       or puzzle.answers[b][:1] + puzzle.answers[b][2:] == puzzle.answers[a][:1] + puzzle.answers[a][2:]]
                   for a in secrets}
        chosen = [rng.sample(cluster[a], rng.randint(1, min(4, len(cluster[a])))) for a in secrets]
        yield position_of([np.array(c) for c in chosen]), rng.randint(boards, boards + 3)


def test_refuted_witnessed_safe_and_unsafe_agree_with_the_exhaustive_twin(small):
    wins, guard, bounds_only = exhaustive(small), BoardGuard(), BoardGuard(exact=0)
    seen = {"refuted": 0, "witnessed": 0, "safe": 0, "unsafe": 0, "exact": 0, "refuted with one to spare": 0,
            "refuted by the exhaustive search": 0}
    for position, left in positions(small, 60, seed=7):
        truth = wins(position, left)
        if guard.refuted(small, position, left):
            assert not truth, (position, left)
            seen["refuted"] += 1
            seen["refuted by the exhaustive search"] += not bounds_only.refuted(small, position, left)
        if guard.witnessed(small, position, left):
            assert truth, (position, left)
            seen["witnessed"] += 1
        if len(position) == left and disjoint(position):  # as many guesses as boards: the bound is exact
            assert guard.refuted(small, position, left) == (not truth), (position, left)
            seen["exact"] += 1
        for g, word in enumerate(small.guesses):
            winning = all(wins(child, left - 1) for child in wins.children(word, position))
            if guard.safe(small, g, position, left):
                assert winning, (position, left, word)
                seen["safe"] += 1
            if guard.unsafe(small, g, position, left):
                assert not winning, (position, left, word)
                seen["unsafe"] += 1
            for child in wins.children(word, position):  # one guess to spare: searched
                if len(child) + 1 == left - 1 and disjoint(child) and guard.refuted(small, child, left - 1):
                    assert not wins(child, left - 1), (child, left - 1)
                    seen["refuted with one to spare"] += 1
                    seen["refuted by the exhaustive search"] += not bounds_only.refuted(small, child, left - 1)
    assert all(n >= 5 for n in seen.values()), seen  # each claim was put to the test
    # The search with one guess to spare refutes what the depth bound alone does not (35 of these
    # with no secret known before it), and the exhaustive one what the bounds do not.
    assert seen["refuted with one to spare"] >= 60, seen
    assert seen["refuted by the exhaustive search"] >= 10, seen


def test_the_fast_paths_equal_their_plain_twins():
    """The check's inner loops read replies cell by cell, rank splitters without sorting every
    guess, and try one splitter per row of replies; each equals the plain way on open Quordle."""
    puzzle, rng = open_quordle(), np.random.default_rng(5)
    guard = BoardGuard()
    guard._use(puzzle)
    solved = puzzle.game.solved_reply
    boards = [tuple(sorted(rng.choice(len(puzzle.answers), int(rng.integers(1, 12)), replace=False).tolist()))
              for _ in range(10)]
    for _ in range(400):  # a board met again with other guesses, often the same replies (remembered by them)
        board = boards[int(rng.integers(len(boards)))]
        guess = int(rng.integers(len(puzzle.guesses)))
        if rng.random() < 0.2:
            guess = int(puzzle.guess_of_answer[board[0]])  # the board's own word: its solved reply is left out
        plain = sorted((tuple(b.tolist()) for r, b in puzzle.buckets(guess, np.array(board)) if r != solved),
                       key=len, reverse=True)
        assert guard._open_buckets(puzzle, guess, board) == plain
        assert guard._open_buckets(puzzle, guess, board) == plain  # remembered
        by_rows = BoardGuard()
        by_rows._use(puzzle)
        by_rows._cells = None  # as on a puzzle played by rows, with no matrix made
        assert by_rows._open_buckets(puzzle, guess, board) == plain
    assert len(guard._shapes) < len(guard._open)  # some were found by their replies
    for _ in range(300):
        n = int(rng.integers(1, 400))
        splits, largest, count = rng.integers(0, 6, n), rng.integers(0, 5, n), int(rng.integers(1, 80))
        assert first_by(count, -splits, largest).tolist() == np.lexsort((largest, -splits))[:count].tolist()
    position = position_of(boards_after(puzzle, "catch vinny label smith", "tarse linch dumpy"))
    union = sorted({a for b in position for a in b})
    every = sorted({int(g) for b in position for g in guard._splitters(puzzle, b)})
    kept = guard._splitting_some(puzzle, position)
    assert set(kept) <= set(every) and len(kept) < len(every)
    row = {g: puzzle.matrix[g, union].tobytes() for g in every}
    assert {row[g] for g in kept} == set(row.values()) and len({row[g] for g in kept}) == len(kept)
    first = {}  # each row of replies: the least guess that gives it
    for g in every:
        first.setdefault(row[g], g)
    assert kept == sorted(kept) and all(g == first[row[g]] for g in kept)


def test_the_exhaustive_search_claims_nothing_past_its_budget(small):
    """A position the bounds do not refute and the exhaustive search does (one guess to spare):
    with too small a budget of words tried it is not refuted, and that is not remembered; with
    enough, it is."""
    wins = exhaustive(small)
    for position, left in positions(small, 400, seed=11):
        if (disjoint(position) and len(position) + 1 == left and not wins(position, left)
                and BoardGuard().refuted(small, position, left) and not BoardGuard(exact=0).refuted(small, position, left)):
            break
    else:
        pytest.fail("no position refuted by the exhaustive search alone")
    poor = BoardGuard(nodes=1)
    poor._use(small)
    assert not poor.refuted(small, position, left)
    assert (position, left) not in poor._refuted  # not proven is not remembered: a later check may prove it
    poor.nodes, poor._spent = 100_000, 0
    assert poor.refuted(small, position, left)


def test_a_refused_favourite_is_replaced_by_the_next_not_refuted_else_by_a_winning_guess(small):
    """A favourite the bounds do not refute is kept. A refuted one is replaced by the first of
    the strategy's next favourites not refuted; when all of those are, in a witnessed position,
    by a guess that wins every combination (by the exhaustive twin)."""
    wins, guard = exhaustive(small), BoardGuard(favourites=3)
    checked = planned = 0
    for position, left in positions(small, 120, seed=11):
        witnessed = guard.witnessed(small, position, left)
        for favourite in range(len(small.guesses)):
            boards = [np.array(b) for b in position]
            if not guard.unsafe(small, favourite, position, left):
                assert guard.choose(small, Position(tuple(boards), [], left), favourite, None) == favourite
                continue
            order = [g for g in range(len(small.guesses)) if g != favourite]
            ranking = lambda f=favourite, o=order: np.array([f, *o])  # noqa: E731 (the strategy's order: list order)
            guess = guard.choose(small, Position(tuple(boards), [], left), favourite, ranking)
            refused = [g for g in order[: guard.favourites] if guard.unsafe(small, g, position, left)]
            if len(refused) < guard.favourites:
                assert guess == next(g for g in order if g not in refused)
            elif witnessed:
                assert all(wins(child, left - 1) for child in wins.children(small.guesses[guess], position)), \
                    (position, left, small.guesses[favourite], small.guesses[guess])
                planned += 1
            checked += 1
    assert checked > 50 and planned > 5, (checked, planned)


def test_the_safe_strategy_wins_a_game_the_plain_one_loses():
    """Open-world Quordle, seed 0's first lost game: with two guesses left and FINNY, GINNY and
    HINNY possible on the last board, fewest-total plays FINNY (the likeliest), then GINNY, and
    loses in 10. The check refuses FINNY (two words would be left for one guess) and plays a
    guess that tells the three apart, and wins. (Played by the one-step sum, width
    1: the second look, the default, wins this game without the check.)"""
    rules = get_game("quordle")
    puzzle = PuzzleSpec(rules.board, world="open").build()
    answer = {w: i for i, w in enumerate(puzzle.answers)}
    secrets = [answer[w] for w in ("hinny", "seize", "sabre", "unpin")]
    opening = puzzle.index_of("soare")
    plain = play_boards(rules, puzzle, get_strategy("fewest-total", several=True, width=1), secrets,
                        opening)
    safe = play_boards(rules, puzzle, get_strategy("fewest-total-safe", several=True, width=1), secrets,
                       opening)
    assert plain.guesses == 10 and not plain.won
    assert plain.turns[7][0] == "finny"
    assert safe.won


@pytest.mark.parametrize("words", [("hinny", "seize", "sabre", "unpin"), ("saucy", "ngaio", "wreak", "palsy"),
                                   ("dadis", "brave", "unfix", "panel"), ("tryst", "palmy", "mezza", "moxie"),
                                   ("pinch", "tuque", "ganja", "greed"), ("catch", "vinny", "label", "smith")])
def test_the_safe_strategy_wins_the_games_it_lost_to_a_refutation_too_weak(words):
    """Open-world Quordle, seed 0: the safe strategy's two lost games of 10,000 (TARSE first).
    In the first, after UNPIN: FINNY, HINNY, MINNY, VINNY on one board and five S?I?E words on
    another, four guesses left; FINNY leaves three ?INNY words and five S?I?E words for three
    guesses, which no play wins, but the depth bound let it pass (each board needs two guesses:
    turns 2 and 3 fit). The search with one guess to spare refutes it: both games are won.
    The next two are lost games of seed 2026, the last one of seed 0 once they were won: each
    passed a position with one guess to spare that no play wins, a word known or with more
    candidates than the bounds see through (TUQUE known, ten _ANJA-like words, BREED and GREED,
    four guesses); the exhaustive search of small positions refutes them. The sixth, seed 2026
    once those were won, is the rescue's (below). All six are won."""
    rules = get_game("quordle")
    puzzle = PuzzleSpec(rules.board, world="open").build()
    answer = {w: i for i, w in enumerate(puzzle.answers)}
    record = play_boards(rules, puzzle, get_strategy("fewest-total-safe", several=True), [answer[w] for w in words])
    assert record.won, record.turns


def test_when_nothing_the_plan_search_tries_is_safe_every_allowed_word_is_tried():
    """After TARSE LINCH DUMPY SMITH with CATCH VINNY LABEL the secrets (open-world Quordle, seed
    2026): five _ATCH words, twelve _INNY, _INKY and _INGY words, LABEL or LAEVO, five guesses
    left. The strategy's favourite BAWKS and its next ten are refuted, and no guess of the plan
    search's pool (the candidates and the best splitters of the union) keeps every combination;
    HOING does, 31st of every allowed word's 8,796 rows of replies. Without that last look the
    refuted favourite is played, and the game was lost in 10."""
    puzzle = open_quordle()
    boards = boards_after(puzzle, "catch vinny label", "tarse linch dumpy smith")
    position, bawks = position_of(boards), puzzle.index_of("bawks")
    guard = BoardGuard()
    ranking = lambda: np.array([bawks])  # noqa: E731 (the strategy's next ten are refuted too: left out)
    assert guard.unsafe(puzzle, bawks, position, 5)
    assert not any(guard.safe(puzzle, g, position, 5) for g in guard._order(puzzle, position))
    guess = guard.choose(puzzle, Position(tuple(boards), [], 5), bawks, ranking)
    assert guess != bawks and guard.safe(puzzle, guess, position, 5)
    for child in guard._children(puzzle, guess, position):  # each combination: a plan within four
        assert guard.witnessed(puzzle, child, 4) and not guard.refuted(puzzle, child, 4)
    assert dataclasses.replace(guard, rescue=0).choose(puzzle, Position(tuple(boards), [], 5), bawks, ranking) == bawks


def test_the_last_look_goes_as_far_as_its_work_allows_not_a_number_of_words():
    """After TARSE PUNCH LOBBY BASTE with WHERE, SMACK and LAZED the secrets (open-world Quordle,
    seed 0): seven LA_ED words, RHEME RHIME WHERE, SMACK SWACK, five guesses left. SMACK is
    refuted, the plan search finds nothing, and no word of the first 300 rows keeps every
    combination (the look's old limit: the refuted SMACK was played, the game won by luck).
    RADIX, the 902nd row, does: the look is bounded by the positions it expands, and most rows
    fail at once."""
    puzzle = open_quordle()
    boards = boards_after(puzzle, "where baste smack lazed", "tarse punch lobby baste")
    position, smack = position_of(boards), puzzle.index_of("smack")
    guard = BoardGuard()
    ranking = lambda: np.array([smack])  # noqa: E731
    assert guard.unsafe(puzzle, smack, position, 5) and not guard.witnessed(puzzle, position, 5)
    every = guard._order(puzzle, position, every=True)
    assert not any(guard.safe(puzzle, g, position, 5) for g in every[:300])
    guess = BoardGuard().choose(puzzle, Position(tuple(boards), [], 5), smack, ranking)
    assert guess != smack and guard.safe(puzzle, guess, position, 5) and every.index(guess) >= 300
    for child in guard._children(puzzle, guess, position):
        assert guard.witnessed(puzzle, child, 4) and not guard.refuted(puzzle, child, 4)
    assert BoardGuard(rescue=1_000).choose(puzzle, Position(tuple(boards), [], 5), smack, ranking) == smack  # the work it took: over 1,000


def test_the_promise_says_what_the_decision_found_and_searches_nothing():
    """What the multi-board assistant says of a win of every combination (`win_guarantee`): SHOWN where
    the decision found a guess keeping them all, UNKNOWN where it played a refuted favourite
    (nothing safe found), IMPOSSIBLE where the bounds refute the position, None where it knows
    neither or the boards are beyond the check's reach."""
    puzzle = open_quordle()
    boards = boards_after(puzzle, "catch vinny label", "tarse linch dumpy smith")
    bawks = puzzle.index_of("bawks")
    ranking = lambda: np.array([bawks])  # noqa: E731
    guard = BoardGuard()
    assert guard.win_guarantee(puzzle, Position(tuple(boards), [], 5)) is None  # nothing decided here yet: no search is made for it
    assert guard.choose(puzzle, Position(tuple(boards), [], 5), bawks, ranking) != bawks
    assert guard.win_guarantee(puzzle, Position(tuple(boards), [], 5)) == "shown"
    blind = BoardGuard(rescue=0)
    assert blind.choose(puzzle, Position(tuple(boards), [], 5), bawks, ranking) == bawks
    assert blind.win_guarantee(puzzle, Position(tuple(boards), [], 5)) == "unknown"
    # WHERE BASTE SMACK known and five LA_ED words with four guesses left: each known word takes a
    # turn, and one guess cannot find one of five.
    known = boards_after(puzzle, "where baste smack lazed", "tarse punch lobby fight wimpy")
    assert sorted(len(b) for b in known) == [1, 1, 1, 5]
    assert BoardGuard().win_guarantee(puzzle, Position(tuple(known), [], 4)) == "impossible"
    assert BoardGuard().win_guarantee(puzzle, Position(tuple(known), [], 8)) is None
    assert BoardGuard().win_guarantee(puzzle, Position(tuple(boards_after(puzzle, "where baste smack lazed", "tarse")), [], 8)) is None  # too many
