"""A played game analysed move by move (`analyze`), and the turns it is given as: the turns, the
guesses with the secret, or the guesses with a share text's replies."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import numpy as np

from wordguess.analysis.report import BOUNDS, GameAnalysis, Move, luck_score
from wordguess.analysis.values import EstimatedValues, Values, values_for
from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.optimal.store import ResultStore
from wordguess.optimal.worst.exact_guard import played_strategy
from wordguess.play.hosts import FixedHost
from wordguess.play.simulate import play
from wordguess.vocab import Candidates, History, Word

DEFAULT_BUDGET = 3.0  # the whole analysis's exact search, in seconds of NODES_PER_SECOND
# The budget is counted in the exact search's nodes, not in time, so that the same game gets the
# same analysis on any machine and load (about this many a second here, at a load of 2 to 4).
NODES_PER_SECOND = 500
OPTIMAL_PLAY_SHARE = 0.5  # of a move's share of the nodes left, what optimal play on the secret gets


def game_turns(game, puzzle: Puzzle, turns: list[tuple[str, str]] | None = None, guesses: Sequence[str] = (),
               secret: str | None = None, share_rows: list[int] | None = None) -> History:
    """Return a played game's turns (as the puzzle spells its words) from one of: the turns
    (guess, reply as written), the guesses with the secret, or the guesses with the replies of a
    share text (`engine.candidates.share_replies`). The CLI and the web both build them here."""
    if turns:
        return [(puzzle.guesses[puzzle.index_of(g)], game.parse_reply(r)) for g, r in turns]
    words = [puzzle.guesses[puzzle.index_of(w)] for w in guesses]
    if secret is not None:
        return turns_from_secret(game, words, puzzle.guesses[puzzle.index_of(secret)])
    rows = share_rows or []
    if len(rows) != len(words):
        raise WordguessError(f"the share text has {len(rows)} rows of replies but {len(words)} guesses were given")
    return list(zip(words, rows, strict=True))


def for_first_word(game, secret: str | None, guesses: Sequence[str] = (),
                   turns: Sequence[tuple[str, str]] = ()):
    """Return the game as the first word known of a played game sets it (Game.for_secret: Sutom's
    first letter and length): the secret's, else the first guess's; the game itself without one."""
    first = secret or next(iter([*guesses, *(guess for guess, _ in turns)]), None)
    return game if first is None else game.for_secret(first)


def turns_from_secret(game, guesses: list[Word], secret: Word) -> History:
    """Return the turns of the guesses played on the secret (the replies worked out); refuse a
    secret found before the last guess, and a game whose host lies (its shown replies are not
    known from the secret)."""
    if game.lies:
        raise WordguessError(f"{game.name}'s host lies, so the replies shown are not known from the secret: give "
                             "the replies as shown (the turns or the share text)")
    replies = [game.feedback(g, secret) for g in guesses]
    if game.solved_reply in replies[:-1]:
        raise WordguessError(f"the secret {game.display(secret)} was found at guess "
                             f"{replies.index(game.solved_reply) + 1}: give the guesses up to it")
    return list(zip(guesses, replies, strict=True))


def game_in_world(game, world: str, build: Callable[[str], Puzzle], played: Callable[[Puzzle], tuple],
                  secret: Word | None = None) -> tuple:
    """Return (*played(puzzle), the world) of a one-board game in the world asked, the puzzle made
    by build(world) and its turns by played(puzzle) (a tuple that starts with the puzzle and its
    turns); auto: the closed world when the game fits the answer list (its turns replay there
    and the word it solved, or the secret, is an answer), else the open. Bad input raises from the
    closed world's turns. The multi-board form is analysis.boards.boards_in_world."""
    if world == "auto":
        closed = played(build("closed"))
        puzzle, turns = closed[0], closed[1]
        try:
            replay(puzzle, turns)
            known = turns[-1][0] if turns and game.is_solved(turns[-1][1]) else secret
            if known is None or any(game.fold(a) == game.fold(known) for a in puzzle.answers):
                return (*closed, "closed")
        except WordguessError:
            pass
        world = "open"
    return (*played(build(world)), world)


def replay(puzzle: Puzzle, history: History) -> list[Candidates]:
    """Return the candidates before each turn and after the last; raise WordguessError naming
    the first turn the mode forbids or whose reply leaves no possible secret."""
    states = [puzzle.all_candidates()]
    game = puzzle.game
    for turn, (guess, reply) in enumerate(history, 1):
        problem = puzzle.mode_problem(history[: turn - 1], guess)
        if problem:
            raise WordguessError(f"turn {turn}: {game.display(guess)} is not allowed in {puzzle.mode} mode: {problem}")
        narrowed = puzzle.narrow(states[-1], puzzle.index_of(guess), reply)
        if len(narrowed) == 0:
            which = "no allowed word" if puzzle.weighted else "no word of the answer list"
            raise WordguessError(f"turn {turn}: reply {game.format_reply(reply)} to {game.display(guess)} "
                                 f"leaves no possible secret: {which} fits the replies so far")
        states.append(narrowed)
    return states



def analyze(puzzle: Puzzle, history: History, secret: Word | None = None, budget: float = DEFAULT_BUDGET,
            store: ResultStore | None = None, values: Values | None = None) -> GameAnalysis:
    """Return the analysis of a played game (its turns as (guess, encoded reply)); see the
    package for what each move reports. `values` (analysis.values: `values_for` the puzzle by
    default) may be reused between games of one puzzle.

    `budget` is the exact search's for the whole analysis, in seconds of NODES_PER_SECOND nodes
    (nodes, not time: the same analysis on any machine and load). The moves are taken last
    first: a late move's few candidates are proven at once, and what it leaves of its share goes
    to the early moves, where the sets are large; each move gets an even share of the nodes left
    (the reference play on the secret half a share, last)."""
    started = time.perf_counter()
    if not history:
        raise WordguessError("there is no move to analyse: give at least one guess")
    if budget <= 0:
        raise WordguessError(f"the budget must be a positive number of seconds, not {budget}")
    game = puzzle.game
    values = values or values_for(puzzle, store)
    # A game is lost at its limit: the guesses after it (a player typing on) are not moves of it.
    beyond = max(0, len(history) - values.max_guesses)
    history = history[: len(history) - beyond]
    states = replay(puzzle, history)
    total, first = int(budget * NODES_PER_SECOND), values.nodes
    solved = game.is_solved(history[-1][1])
    if solved:
        secret = history[-1][0]
    elif secret is not None:
        secret = puzzle.guesses[puzzle.index_of(secret)]
    moves = {}
    reserve = OPTIMAL_PLAY_SHARE if secret is not None else 0.0
    for turn in range(len(history), 0, -1):
        word, reply = history[turn - 1]
        move_started = time.perf_counter()
        candidates, before = states[turn - 1], history[: turn - 1]
        guess = puzzle.index_of(word)
        values.prepare(candidates, before, guess)
        values.start_move(max(0, total - (values.nodes - first)) // (turn + reserve))
        played, best_value, best, buckets = values.move(candidates, before, guess)
        if best == guess and best_value.kind != BOUNDS:  # the best is the guess played: one value, no regret
            best_value = played
        # the buckets' guesses to finish when all are known; else only their chance counts
        known = all(v is not None for _, v in buckets.values())
        shares = np.array([s for s, _ in buckets.values()])
        bucket_values = np.array([v if known else 0.0 for _, v in buckets.values()])
        replies = list(buckets)
        luck = luck_score(shares, bucket_values, replies.index(reply))
        w_before, w_after = puzzle.weights_of(candidates).sum(), puzzle.weights_of(states[turn]).sum()
        moves[turn] = Move(turn, word, reply, len(candidates), len(states[turn]), float(w_before), float(w_after),
                           played, best_value, puzzle.guesses[best], float(shares[replies.index(reply)]),
                           float((shares**2).sum()), luck, "guesses" if known else "weight",
                           time.perf_counter() - move_started, game.is_solved(reply))
    moves = [moves[turn] for turn in sorted(moves)]
    optimal_guesses = optimal_opener = None
    if secret is not None:
        optimal_guesses, optimal_opener = values.secret_play(secret, moves[0].best_guess,
                                                             max(0, total - (values.nodes - first)))
    limit = None if values.max_guesses == game.max_guesses else values.max_guesses
    strategy = strategy_guesses = None
    if secret is not None and limit is None and not game.lies:  # the default strategy on the secret (a liar's
        # replies are the host's to draw, not the secret's alone)
        guesser = played_strategy(None, puzzle)
        strategy = guesser.name
        if isinstance(values, EstimatedValues) and values.strategy.name == strategy and optimal_guesses is not None:
            strategy_guesses = optimal_guesses  # the estimates' reference play is that strategy's: played once
        else:
            strategy_guesses = play(puzzle, guesser, FixedHost(secret)).guesses
    return GameAnalysis(game.name, puzzle.mode, puzzle.world, values.kind, moves, secret, solved, optimal_guesses,
                        optimal_opener, time.perf_counter() - started, limit, beyond, strategy, strategy_guesses)
