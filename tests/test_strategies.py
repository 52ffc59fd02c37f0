"""Shared tests that run against every registered strategy, game and mode, with brute-force
checks of the scoring kernel and the greedy choice on small lists."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest

from wordguess.core import partition
from wordguess.games import get_game
from wordguess.metrics import METRICS
from wordguess.planning import TreeStrategy, build_tree
from wordguess.puzzle import Puzzle
from wordguess.scoring import metric_value, score_guesses
from wordguess.simulate import FixedHost, play
from wordguess.strategies import STRATEGIES, get_strategy
from wordguess.tree import Node, leaves, total_guesses

WORDLE_SMALL = """cigar rebut sissy humph awake blush focal evade naval serve heath dwarf model karma
stink grade quiet bench abate feign major death fresh crust stool colon abase marry react batty
pride floss helix croak staff paper unfed whelp trawl outdo adobe crazy sower repay digit crate
cluck spike mimic pound maxim linen unmet flesh booby forth first stand belly ivory seedy print
yearn drain bribe stout panel crass flume offal agree error swirl argue bleed delta flick totem
wooer front shrub parry biome lapel start greet goner golem lusty loopy round audit lying gamma
labor islet civic forge corny moult basic salad agate spicy spray essay fjord spend kebab guild
aback motor alone hatch hyper thumb dowry ought belch dutch pilot tweed comet jaunt enema steed
abyss growl fling dozen boozy erode world gouge click briar great altar pulpy blurt coast duchy
groin fixer group rogue badly smart pithy gaudy chill heron vodka finer surer radio rouge perch
retch wrote clock tilde store prove bring solve cheat grime exult usher epoch triad break rhino
viral conic masse sonic vital trace using peach champ baton brake pluck craze gripe weary picky
acute ferry aside tapir troll unify rebus boost truss siege tiger banal slump crank gorge query
drink favor abbey tangy panic solar shire proxy point robot prick wince crimp knoll sugar whack
mount perky could wrung light those moist shard pleat aloft skill elder frame humor pause ulcer
ultra robin cynic aroma caulk shake dodge swill tacit other thorn trove bloke vivid spill chant
choke rupee nasty mourn ahead brine cloth hoard sweet month lapse watch today focus smelt tease
cater movie saute allow renew their slosh purge chest depot epoxy nymph found shall stove lowly
snout trope fewer shawl natal comma foray scare stair black squad royal chunk mince shame cheek
ample flair foyer cargo oxide plant olive inert askew heist shown zesty trash larva forgo story
hairy train homer badge midst canny fetus butch farce slung tipsy metal yield delve being scour
glass gamer scrap money hinge album vouch asset tiara crept bayou atoll manor creak showy phase
froth depth gloom flood trait girth piety goose float donor atone primo apron blown cacao loser
input gloat awful brink smite beady rusty retro droll gawky hutch pinto egret lilac sever field
fluff flock bleep grand""".split()

SMALL_LISTS = {
    "wordle": (get_game("wordle"), WORDLE_SMALL[:30], WORDLE_SMALL),
    "termo": (get_game("termo"), ["ações", "acaso", "sábio", "pódio", "termo", "nobre", "sutil",
                                  "fazer", "sobre", "mundo", "tenso", "vigor", "ideia", "poder"], None),
    "sutom": (get_game("sutom", length=6), ["maison", "marche", "mouton", "moteur", "maigre",
                                            "mirage", "mangue", "manger", "menton", "mortel"], None),
    "jotto": (get_game("jotto"), [w for w in WORDLE_SMALL if len(set(w)) == 5][:25], None),
    "matches": (get_game("matches", length=5), WORDLE_SMALL[:25], None),
    "mastermind": (get_game("mastermind", pegs=3, colours=4), None, None),
}
MODES_FOR = {name: ("normal", "hard", "strict") if name in ("wordle", "termo", "sutom")
             else ("normal", "strict") for name in SMALL_LISTS}
CASES = [(g, m, s) for g in SMALL_LISTS for m in MODES_FOR[g] for s in STRATEGIES]


def small_puzzle(name: str, mode: str) -> Puzzle:
    game, answers, guesses = SMALL_LISTS[name]
    if answers is None:
        answers = game.generated_words()
    return Puzzle(game, answers, guesses or answers, mode=mode)


def walk(tree, history=()):
    """Yield (node, history) for every node of the tree."""
    if isinstance(tree, Node):
        yield tree, list(history)
        for reply, branch in tree.branches.items():
            if branch != tree.guess:
                yield from walk(branch, [*history, (tree.guess, reply)])


@pytest.mark.parametrize(("game_name", "mode", "strategy"), CASES)
def test_tree_invariants(game_name, mode, strategy):
    puzzle = small_puzzle(game_name, mode)
    tree = build_tree(puzzle, get_strategy(strategy))
    secrets = Counter(secret for secret, _ in leaves(tree))
    assert secrets == Counter(puzzle.answers), "every secret is exactly one leaf"
    game = puzzle.game
    for node, history in walk(tree):
        for guess, reply in history:
            if mode == "strict":
                assert game.feedback(guess, node.guess) == reply, "strict plays consistent guesses"
            if mode == "hard":
                assert game.hard_mode_problem(guess, reply, node.guess) is None


@pytest.mark.parametrize(("game_name", "mode", "strategy"), [c for c in CASES if c[2] != "lookahead"])
def test_replayed_tree_gives_its_stats(game_name, mode, strategy):
    puzzle = small_puzzle(game_name, mode)
    tree = build_tree(puzzle, get_strategy(strategy))
    depths = dict(leaves(tree))
    for secret in puzzle.answers:
        record = play(puzzle, TreeStrategy(tree), FixedHost(secret))
        assert record.secret == secret and record.guesses == depths[secret]
    assert total_guesses(tree) == sum(depths.values())


@pytest.mark.parametrize("metric", sorted(METRICS))
def test_kernel_scores_equal_metric_definitions(metric):
    puzzle = small_puzzle("wordle", "normal")
    game = puzzle.game
    rng = np.random.default_rng(1)
    for _ in range(20):
        candidates = np.sort(rng.choice(len(puzzle.answers), size=rng.integers(1, 30), replace=False))
        guess_ids = np.arange(len(puzzle.guesses))
        scores = score_guesses(puzzle.matrix, guess_ids, candidates, game.n_replies, metric)
        words = [puzzle.answers[i] for i in candidates]
        for g in rng.choice(guess_ids, size=25, replace=False):
            counts = [len(b) for b in partition(game, puzzle.guesses[g], words).values()]
            assert metric_value(metric, scores[g], len(words)) == pytest.approx(METRICS[metric](counts))


@pytest.mark.parametrize("metric", sorted(METRICS))
def test_greedy_choice_equals_brute_force(metric):
    puzzle = small_puzzle("wordle", "normal")
    game = puzzle.game
    strategy = get_strategy(metric)
    rng = np.random.default_rng(2)
    for _ in range(15):
        candidates = np.sort(rng.choice(len(puzzle.answers), size=rng.integers(3, 30), replace=False))
        words = [puzzle.answers[i] for i in candidates]

        def key(g, words=words):
            counts = [len(b) for b in partition(game, puzzle.guesses[g], words).values()]
            return (round(METRICS[metric](counts), 9), puzzle.guesses[g] not in words, g)

        assert strategy.choose(puzzle, candidates, []) == min(range(len(puzzle.guesses)), key=key)


def test_brute_force_best_two_guess_trees_on_tiny_lists():
    """On every 4-word sublist of a small list, the greedy strategies never beat the true optimum
    (found by enumerating every first guess and optimal play after it)."""
    game = get_game("wordle")
    words = WORDLE_SMALL[:12]
    for sub in itertools.islice(itertools.combinations(words, 4), 60):
        puzzle = Puzzle(game, list(sub), words)
        best = optimal_total(puzzle, np.arange(4))
        for name in ("entropy", "minimax", "expectation", "most-parts", "lookahead"):
            assert total_guesses(build_tree(puzzle, get_strategy(name))) >= best


def optimal_total(puzzle: Puzzle, candidates: np.ndarray) -> int:
    """Return the least total guesses over the candidates (exhaustive; tiny inputs only)."""
    if len(candidates) == 1:
        return 1
    best = None
    for g in range(len(puzzle.guesses)):
        replies = puzzle.matrix[g, candidates]
        if len(set(replies.tolist())) == 1 and puzzle.answer_of_guess[g] not in candidates:
            continue
        total = len(candidates)
        for r in set(replies.tolist()):
            if r != puzzle.game.solved_reply:
                total += optimal_total(puzzle, candidates[replies == r])
        best = total if best is None else min(best, total)
    return best


def test_unknown_strategy_lists_choices():
    with pytest.raises(ValueError, match="choose one of"):
        get_strategy("clairvoyant")
