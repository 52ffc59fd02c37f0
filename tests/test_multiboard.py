"""Multi-board games (issue 12, first part): the rules, their text forms, the joint strategies
and the simulated evaluation."""

from __future__ import annotations

import itertools
import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from conftest import WORDLE_SMALL
from wordguess.cli import app
from wordguess.engine.puzzle import Puzzle, PuzzleSpec
from wordguess.errors import WordguessError
from wordguess.games import MULTI_BOARDS, get_game, get_multiboard
from wordguess.play.assistant import Assistant
from wordguess.play.hosted import HostedGame
from wordguess.play.multiboard import (
    draw_secrets,
    evaluate_boards,
    play_boards,
)
from wordguess.strategies import STRATEGIES, get_strategy
from wordguess.strategies.endgame import Endgame, position_of
from wordguess.strategies.multiboard import (
    NEVER_LOSE,
    BoardScores,
    FewestTotal,
)
from wordguess.vocab import Position

runner = CliRunner()
WORDS = WORDLE_SMALL[:80]


@pytest.mark.parametrize("name", sorted(MULTI_BOARDS))
def test_registry_has_the_real_games(name):
    game = get_game(name)
    single, boards, limit = MULTI_BOARDS[name]
    assert game.n_boards == boards and game.max_guesses == limit and game.board.name == single
    assert get_game("multiboard", boards=3, max_guesses=8).n_boards == 3


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=4, max_size=4, unique=True), st.sampled_from(WORDS))
def test_feedback_is_each_boards_reply_and_text_round_trips(secrets, guess):
    game = get_game("quordle")
    replies = game.feedback(guess, secrets)
    assert replies == tuple(game.board.feedback(guess, s) for s in secrets)
    assert game.parse_reply(game.format_reply(replies)) == replies
    solved = [r == game.board.solved_reply for r in replies]
    later = tuple(None if done else r for r, done in zip(replies, solved, strict=True))
    assert game.parse_reply(game.format_reply(later), solved) == later
    short = " | ".join(game.board.format_reply(r) for r in later if r is not None)
    if any(solved) and not all(solved):
        assert game.parse_reply(short, solved) == later  # solved boards may be left out


def test_share_grid_round_trips_and_bad_replies_say_which_board():
    game = get_game("quordle")
    secrets = ["cigar", "rebut", "sissy", "humph"]
    solved = [False] * 4
    turns = []
    for guess in ["crane", "cigar", "rebut", "sissy", "humph"]:
        replies = tuple(None if done else game.board.feedback(guess, s) for s, done in zip(secrets, solved, strict=True))
        solved = [done or r == game.board.solved_reply for r, done in zip(replies, solved, strict=True)]
        turns.append((guess, replies))
    grid = game.share_grid(turns)
    assert game.parse_share("Daily Quordle 1234\n" + grid) == [r for _, r in turns]
    with pytest.raises(WordguessError, match="board 2"):
        game.parse_reply("GGGGG XX.YY ..... .....")
    with pytest.raises(WordguessError, match="4 replies"):
        game.parse_reply("GGGGG .....")
    with pytest.raises(WordguessError, match="at least"):
        get_multiboard("multiboard", boards=5, max_guesses=4)


@pytest.fixture(scope="module")
def small():
    return Puzzle(get_game("wordle"), WORDS, WORDLE_SMALL)


@pytest.mark.parametrize("name", sorted(n for n, e in STRATEGIES.items() if e.several))
def test_every_strategy_finishes_every_board_and_replies_are_the_feedback(small, name):
    rules = get_game("quordle")
    strategy = get_strategy(name, several=True)
    for row in draw_secrets(small, 4, 15, seed=3):
        record = play_boards(rules, small, strategy, row)
        secrets = [small.answers[int(i)] for i in row]
        done = [False] * 4
        for guess, replies in record.turns:
            for b, reply in enumerate(replies):
                if done[b]:
                    assert reply is None
                else:
                    assert reply == rules.board.feedback(guess, secrets[b])
                    done[b] = reply == rules.board.solved_reply
        assert all(done) and record.guesses >= 4


def test_draws_are_distinct_seeded_and_follow_the_prior():
    closed = Puzzle(get_game("wordle"), WORDS, WORDLE_SMALL)
    rows = draw_secrets(closed, 8, 50, seed=1)
    assert all(len(set(r)) == 8 for r in rows.tolist())
    assert (rows == draw_secrets(closed, 8, 50, seed=1)).all()
    weights = np.full(len(WORDS), 1e-6)
    weights[:10] = 1.0
    weighted = Puzzle(get_game("wordle"), WORDS, WORDLE_SMALL, weights=weights)
    assert (draw_secrets(weighted, 2, 200, seed=2) < 10).mean() > 0.99


def test_evaluate_cli_for_multi_boards_and_refusals(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("\n".join(WORDS) + "\n")
    args = ["evaluate", "--game", "dordle", "--games", "20", "--answers", str(words), "--guesses", str(words), "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 20 and data["max_guesses"] == 7 and sum(data["histogram"].values()) == 20
    assert {"mean", "ci95", "win_rate", "worst", "first"} <= set(data)
    again = json.loads(runner.invoke(app, args).stdout)
    assert again["mean"] == data["mean"]  # seeded
    for bad in (["first-guesses", "--game", "quordle"], ["solve", "--game", "quordle", "--mode", "hard"],
                ["play", "--game", "octordle", "--host", "evil"],
                ["solve", "--game", "dordle", "--answers", str(words), "--guesses", str(words), "--secret", "cigar"],
                ["solve", "--game", "dordle", "--answers", str(words), "--guesses", str(words),
                 "--history", "cigar=GGGGG ....Y;rebut=....."],
                ["evaluate", "--game", "dordle", "--workers", "0"],
                ["evaluate", "--game", "quordle", "--strategy", "entropy"],
                ["evaluate", "--game", "multiboard"]):
        result = runner.invoke(app, bad)
        assert result.exit_code == 2, (bad, result.output)
        assert len([line for line in result.stderr.splitlines() if line.strip()]) == 1, (bad, result.stderr)


def test_assistant_reports_refuses_undoes_and_shows_solved_boards(small):
    rules = get_game("quordle")
    secrets = ["cigar", "rebut", "sissy", "humph"]
    assistant = Assistant(small, get_strategy("fewest-total", several=True), rules)
    first = assistant.suggest()
    replies = rules.feedback(first, secrets)
    assistant.report(first, rules.format_reply(replies))
    before = [b.copy() for b in assistant.boards]
    cigar = small.answers.index("cigar")
    k = next(k for k, b in enumerate(assistant.boards) if cigar not in b)  # a board where CIGAR cannot be
    claimed = [rules.board.format_reply(rules.board.feedback("cigar", s)) for s in secrets]
    claimed[k] = "GGGGG"
    with pytest.raises(WordguessError, match=f"board {k + 1}"):  # contradicts board k: nothing changes
        assistant.report("cigar", " ".join(claimed))
    assert len(assistant.turns) == 1 and all((a == b).all()
                                               for a, b in zip(assistant.boards, before, strict=True))
    assistant.report("cigar", rules.format_reply(rules.feedback("cigar", secrets)))
    status = assistant.status()
    assert status[0].solved == "cigar" and status[0].candidate_words == []
    # the solved board's reply may now be left out
    assistant.report("rebut", " ".join(rules.board.format_reply(rules.board.feedback("rebut", s)) for s in secrets[1:]))
    assert assistant.status()[1].solved == "rebut" and assistant.left == rules.max_guesses - 3
    assert assistant.undo()[0] == "rebut" and assistant.status()[1].solved is None
    for word in ("rebut", "sissy", "humph"):
        replies = tuple(None if done else rules.board.feedback(word, s)
                        for s, done in zip(secrets, assistant.solved_mask(), strict=True))
        assistant.record(word, replies)
    assert assistant.solved and [s.solved for s in assistant.status()] == secrets
    with pytest.raises(WordguessError, match="solved"):
        assistant.suggest()


def test_hosted_boards_reply_keyboards_and_share_text_round_trips(small):
    rules = get_game("quordle")
    secrets = [small.answers.index(w) for w in ("cigar", "rebut", "sissy", "humph")]
    game = HostedGame.with_secrets(rules, small, secrets)
    with pytest.raises(WordguessError):
        game.guess("zzzzz")
    assert game.turns == []
    game.guess("crate")
    assert game.undo()[0] == "crate" and game.turns == []
    for word in ("crate", "cigar", "sissy", "rebut", "humph"):
        replies = game.guess(word)
        assert all(r is None or r == rules.board.feedback(word, s)
                   for r, s in zip(replies, ("cigar", "rebut", "sissy", "humph"), strict=True))
    assert game.won and game.over
    keys = game.letter_states()
    assert keys[0]["c"] == "G" and keys[1]["c"] == "." and keys[3]["h"] == "G"
    text = game.share_text("wordguess quordle")
    assert text.startswith("wordguess quordle 5/9") and "2️⃣ 4️⃣" in text
    assert rules.parse_share(text) == [r for _, r in game.turns]
    with pytest.raises(WordguessError, match="over"):
        game.guess("crate")


def naive_value(puzzle, position, left, penalty, first=None):
    """The slow twin of the endgame search: every allowed guess, replies by the game's feedback,
    no grouping and no cut-off (memoised only); `first`: the first guess forced."""
    game = puzzle.game
    memo = {}

    def value(position, left, only=None):
        if not position:
            return 0.0
        if left <= 0:
            return penalty + len(position)
        if only is None and (position, left) in memo:
            return memo[(position, left)]
        best = np.inf
        for guess in puzzle.guesses if only is None else [only]:
            per_board = []
            useful = False
            for board in position:
                groups = {}
                for a in board:
                    groups.setdefault(game.feedback(guess, puzzle.answers[a]), []).append(a)
                useful |= len(groups) > 1 or game.solved_reply in groups
                per_board.append([(len(m) / len(board), None if r == game.solved_reply else tuple(m))
                                  for r, m in groups.items()])
            if not useful:
                continue  # the same position again: never better
            total = 1.0
            for combo in itertools.product(*per_board):
                p = math.prod(q for q, _ in combo)
                total += p * value(tuple(sorted(c for _, c in combo if c is not None)), left - 1)
            best = min(best, total)
        if only is None:
            memo[(position, left)] = best
        return best

    return value(position, left, first)


def test_endgame_search_equals_the_slow_twin():
    puzzle = Puzzle(get_game("wordle"), WORDLE_SMALL[:40], WORDLE_SMALL[:70])
    rng = np.random.default_rng(4)
    search = Endgame(size=6, nodes=10**6)
    for _ in range(25):
        boards = int(rng.integers(1, 4))
        sizes = rng.integers(1, 4, size=boards)
        chosen = rng.choice(len(puzzle.answers), size=int(sizes.sum()), replace=False)
        cuts = np.cumsum(sizes)[:-1]
        position = [np.sort(part) for part in np.split(chosen, cuts)]
        left = int(rng.integers(1, 5))
        value, guess = search.solve(puzzle, position, left)
        assert value == pytest.approx(naive_value(puzzle, position_of(position), left, search.penalty), rel=1e-12)
        # the guess it returns is one that achieves the value (not merely some guess)
        achieved = naive_value(puzzle, position_of(position), left, search.penalty, first=puzzle.guesses[guess])
        assert achieved == pytest.approx(value, rel=1e-12)


def test_memory_and_workers_change_nothing(small, tmp_path):
    rules = get_game("quordle")
    remembering, forgetting = FewestTotal(), FewestTotal(memory=BoardScores(min_size=10**9))
    for row in draw_secrets(small, 4, 10, seed=8):
        assert play_boards(rules, small, remembering, row).turns == play_boards(rules, small, forgetting, row).turns
    words = tmp_path / "w.txt"
    words.write_text("\n".join(WORDS) + "\n")
    spec = PuzzleSpec(get_game("wordle"), answers=str(words), guesses=str(words))
    puzzle = spec.build()
    one = evaluate_boards(rules, puzzle, FewestTotal(), 60, seed=1)
    two = evaluate_boards(rules, puzzle, FewestTotal(), 60, seed=1, workers=2, spec=spec)
    assert one.guesses == two.guesses


def test_cli_solve_and_play_multi_boards(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("\n".join(WORDS) + "\n")
    lists = ["--answers", str(words), "--guesses", str(words)]
    result = runner.invoke(app, ["solve", "--game", "quordle", *lists, "--secret", "cigar,rebut,sissy,humph", "--json"])
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["won"] and record["turns"][-1]["replies"].count("GGGGG") == 1
    rules = get_game("quordle")
    secrets = ["cigar", "rebut", "sissy", "humph"]
    history = ";".join(f"{w}={rules.format_reply(rules.feedback(w, secrets))}" for w in ("crate", "pound"))
    state = json.loads(runner.invoke(app, ["solve", "--game", "quordle", *lists, "--history", history, "--json"]).stdout)
    mirror = Assistant(Puzzle(rules.board, WORDS, WORDS), get_strategy("fewest-total", several=True), rules)
    for w in ("crate", "pound"):
        mirror.record(w, rules.feedback(w, secrets))
    assert [b["candidate_count"] for b in state["boards"]] == [len(s.candidate_words) for s in mirror.status()]
    assert state["suggestion"] and state["guesses_left"] == 7
    # interactive: a bad reply is refused and asked again; undo; then every board to the end
    crate = rules.format_reply(rules.feedback("crate", secrets))
    lines = ["crate", "GGGGG", crate, "undo"]
    done = [False] * 4
    for word in ("crate", "cigar", "rebut", "sissy", "humph"):
        replies = tuple(None if d else rules.board.feedback(word, s) for s, d in zip(secrets, done, strict=True))
        lines.append(f"{word}={rules.format_reply(replies)}")
        done = [d or r == rules.board.solved_reply for d, r in zip(done, replies, strict=True)]
    result = runner.invoke(app, ["solve", "--game", "quordle", *lists], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "error: " in result.stderr and "took back CRATE" in result.stdout
    assert "all 4 boards solved in 5 of 9" in result.stdout
    # play: the secrets are the seeded draw; guessing them wins, and the share text parses back
    puzzle = Puzzle(rules.board, WORDS, WORDS)
    drawn = [puzzle.answers[int(i)] for i in draw_secrets(puzzle, 2, 1, 11)[0]]
    result = runner.invoke(app, ["play", "--game", "dordle", *lists, "--seed", "11"],
                           input="zzzzz\n" + "\n".join(drawn) + "\n")
    assert result.exit_code == 0, result.output
    assert "all 2 boards solved in 2!" in result.stdout and "no turn used" in result.stderr
    assert "wordguess dordle 2/7" in result.stdout


def test_past_the_limit_every_strategy_still_finishes(small):
    """A game that runs past its limit (lost) is played on to the end, never stuck on a guess
    that cannot help (the endgame search once returned no guess there)."""
    rules = get_multiboard("multiboard", boards=4, max_guesses=4)
    for name in sorted(n for n, e in STRATEGIES.items() if e.several):
        for row in draw_secrets(small, 4, 10, seed=5):
            record = play_boards(rules, small, get_strategy(name, several=True), row)
            solved = [any(replies[k] == small.game.solved_reply for _, replies in record.turns) for k in range(4)]
            assert all(solved), (name, row)  # every board finished, past the limit or not
            assert record.guesses <= 4 + len(small.answers)  # and every guess after the limit helped
    search = Endgame()
    boards = [np.array([0, 1]), np.array([2])]
    for left in (0, -3):
        guess = search.guess(small, boards, left)
        assert guess is not None and small.answer_of_guess[guess] >= 0


def test_one_word_solves_one_board_at_most(small):
    """The boards' words are all different: a guess shown solved on two boards, at once or in two
    turns, is refused and the state kept (the page accepted CRANE solved on both of Dordle's)."""
    rules = get_game("quordle")
    assistant = Assistant(small, get_strategy("fewest-total", several=True), rules)
    secrets = ["cigar", "rebut", "sissy", "humph"]
    with pytest.raises(WordguessError, match="boards 1 and 3"):
        assistant.report("cigar", "GGGGG " + rules.board.format_reply(rules.board.feedback("cigar", "rebut")) +
                         " GGGGG " + rules.board.format_reply(rules.board.feedback("cigar", "humph")))
    assert assistant.turns == []
    assistant.report("cigar", rules.format_reply(rules.feedback("cigar", secrets)))
    others = " ".join(rules.board.format_reply(rules.board.feedback("cigar", s)) for s in ("sissy", "humph"))
    with pytest.raises(WordguessError, match="board 2"):  # boards 2, 3, 4 are left: 2 claimed solved
        assistant.report("cigar", "GGGGG " + others)
    assert len(assistant.turns) == 1


def test_the_second_look_over_boards_equals_each_boards_slow_second_look(small):
    """FewestTotal.second_look (the numba kernel per board) equals the sum over the boards of
    FewestGuesses.second_look, the general version, with no limit near; boards alike are
    looked at once and still counted each."""
    from wordguess.strategies.expected import FewestGuesses
    from wordguess.strategies.multiboard import NO_LIMIT

    rng = np.random.default_rng(3)
    slow = FewestGuesses(limit=NO_LIMIT + 1)  # left after the first guess: NO_LIMIT
    for _ in range(4):
        boards = [np.sort(rng.choice(len(small.answers), size=int(rng.integers(3, 40)), replace=False))
                  for _ in range(3)]
        boards.append(boards[0])
        head = rng.choice(len(small.guesses), size=6, replace=False).astype(np.int64)
        pool = rng.choice(len(small.guesses), size=30, replace=False).astype(np.int64)
        fast = FewestTotal.second_look(small, boards, head, pool)
        twin = [sum(slow.second_look(small, int(g), c, (), pool) for c in boards) for g in head]
        assert np.allclose(fast, twin)


def test_fewest_total_plays_the_least_second_look_of_its_best(small):
    """Its choice is, of its `width` best by the one-step sum, the one whose second look is least
    (width 1: the one-step sum alone)."""
    rng = np.random.default_rng(5)
    strategy, one_step = FewestTotal(endgame=None), FewestTotal(width=1, endgame=None)
    for _ in range(3):
        boards = [np.sort(rng.choice(len(small.answers), size=30, replace=False)) for _ in range(4)]
        ids = np.arange(len(small.guesses), dtype=np.int64)
        work = one_step._work(small, boards)
        order = np.lexsort((ids, work))
        head = ids[order[: strategy.width]]
        looks = FewestTotal.second_look(small, boards, head, ids[order[: strategy.pool]])
        assert strategy.choose(small, Position(tuple(boards), [], 9)) in head[looks <= looks.min() + 1e-9]
        assert work[one_step.choose(small, Position(tuple(boards), [], 9))] <= work.min() + 1e-9
        # its ranking (what the never-lose check replaces a refused favourite from): that head
        # by the second look, then the rest by the one-step sum
        ranking = strategy.ranking(small, Position(tuple(boards), [], 9))
        assert ranking[0] == strategy.choose(small, Position(tuple(boards), [], 9))
        assert sorted(ranking[: strategy.width].tolist()) == sorted(head.tolist())
        assert np.all(np.diff(looks[[head.tolist().index(g) for g in ranking[: strategy.width]]]) >= -1e-9)
        assert np.array_equal(ranking[strategy.width:], ids[order[strategy.width:]])


def test_the_safe_strategys_endgame_never_risks_a_loss_it_can_avoid():
    """With a lost game costing NEVER_LOSE, where some play wins every combination (the slow
    twin, whatever the priors) the endgame's guess is one of them. Half the words are a million
    times less likely than the others, so the plain endgame (a loss costs 10 guesses) takes such
    a risk somewhere among these positions: the test tells them apart."""
    rng = np.random.default_rng(11)
    clusters = [w.split() for w in ("fight light might night right sight tight wight", "bills fills hills kills mills pills",
                                    "piper riper viper wiper")]
    words = [w for c in clusters for w in c]
    puzzle = Puzzle(get_game("wordle"), words, words + "flaws mount grove spark thumb dwelt chirp knave".split(),
                    weights=np.where(np.arange(len(words)) % 2, 1e-6, 1.0))
    safe, plain = Endgame(size=6, nodes=10**6, penalty=NEVER_LOSE), Endgame(size=6, nodes=10**6)
    winnable = risked = 0
    for _ in range(40):
        boards = int(rng.integers(1, 3))
        picked = [rng.choice(clusters[k], size=int(rng.integers(2, 4)), replace=False)
                  for k in rng.choice(len(clusters), size=boards, replace=False)]
        position = [np.sort([words.index(w) for w in board]) for board in picked]
        left = int(rng.integers(boards + 1, boards + 3))
        guess = safe.solve(puzzle, position, left)[1]
        if naive_value(puzzle, position_of(position), left, NEVER_LOSE) < NEVER_LOSE / 1e9:  # some play wins all
            winnable += 1
            first = naive_value(puzzle, position_of(position), left, NEVER_LOSE, first=puzzle.guesses[guess])
            assert first < NEVER_LOSE / 1e9
            risky = puzzle.guesses[plain.solve(puzzle, position, left)[1]]
            risked += naive_value(puzzle, position_of(position), left, NEVER_LOSE, first=risky) >= NEVER_LOSE / 1e9
    assert winnable >= 10 and risked >= 1, (winnable, risked)


def test_evaluation_names_the_secrets_of_every_lost_game(small):
    """`lost` lists exactly the games over the limit, by their secrets, in the order played,
    whether the games are played here or by workers; the JSON and the text report carry them."""
    import dataclasses

    rules = dataclasses.replace(get_game("quordle"), max_guesses=6)
    strategy = get_strategy("one-board", several=True)
    ev = evaluate_boards(rules, small, strategy, 40, seed=2)
    rows = draw_secrets(small, 4, 40, seed=2)
    expected = [tuple(small.answers[a] for a in row) for row in rows
                if play_boards(rules, small, strategy, row).guesses > rules.max_guesses]
    assert expected and ev.lost == expected
    assert ev.to_json()["lost"] == [list(s) for s in expected]
    assert ev.to_json()["failures"] == len(expected)


@pytest.mark.parametrize(("guesses", "suggestion", "win_guarantee", "said"), [
    # SMACK, the favourite, is refuted; RADIX keeps every combination (test_boardguard)
    ("tarse punch lobby baste", "radix", "shown", None),
    # WHERE, BASTE and SMACK known, five LA_ED words, four guesses: no play finds them all
    ("tarse punch lobby fight wimpy", None, "impossible", "no strategy can guarantee a win from here"),
])
def test_the_multiboard_assistant_says_when_no_win_of_every_combination_can_be_guaranteed(guesses, suggestion, win_guarantee,
                                                                                         said):
    """As the single board's: `solve` (its JSON's win_guarantee, and a line) says when the check
    knows that no win of every combination of the boards' words can be guaranteed from here."""
    rules = get_game("quordle")
    secrets = ["where", "baste", "smack", "lazed"]
    history = ";".join(f"{w}={rules.format_reply(rules.feedback(w, secrets))}" for w in guesses.split())
    state = json.loads(runner.invoke(app, ["solve", "--game", "quordle", "--world", "open", "--history", history,
                                           "--json"]).stdout)
    assert state["win_guarantee"] == win_guarantee
    assert suggestion is None or state["suggestion"] == suggestion.upper()
    text = runner.invoke(app, ["solve", "--game", "quordle", "--world", "open", "--history", history])
    assert text.exit_code == 0, text.output
    if said:
        assert said in text.stdout
    else:
        assert "guarantee" not in text.stdout and "can be shown" not in text.stdout


def test_the_opening_of_several_boards_is_remembered_and_read_back(tmp_path):
    """The first guess of a multi-board game is the same every game of its boards: the first
    assistant searches it and keeps it in the store's folder; a later one (another process, a
    new store on the same folder) reads it without searching; another number of boards, or a
    position after a turn, is searched."""
    from wordguess.engine.patterns import PatternStore
    from wordguess.strategies.multiboard import SafeTotal

    class Counting(SafeTotal):
        calls = 0

        def choose(self, puzzle, position):
            Counting.calls += 1
            return super().choose(puzzle, position)

    def assistant(boards: str) -> Assistant:
        puzzle = Puzzle(get_game("wordle"), WORDS, WORDS, store=PatternStore(tmp_path))
        return Assistant(puzzle, Counting(), get_multiboard(boards))

    first = assistant("quordle").suggest()
    assert Counting.calls == 1
    assert assistant("quordle").suggest() == first and Counting.calls == 1  # read back
    assistant("octordle").suggest()
    assert Counting.calls == 2  # its own boards: its own search
    game = assistant("quordle")
    game.report(first, " ".join(["....."] * 4))
    game.suggest()
    assert Counting.calls == 3  # after a turn: searched
