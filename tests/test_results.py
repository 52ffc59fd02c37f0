"""results/: the committed research trees are what their README says, checked by walking them:
every secret one leaf, every guess allowed and its replies true (trees.build.check_tree), and the
total and the worst case as listed."""

from __future__ import annotations

import gzip
import json
import random
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from wordguess import load_words
from wordguess.engine.puzzle import PuzzleSpec
from wordguess.games import get_game
from wordguess.trees.build import check_tree
from wordguess.trees.tree import TreeFile, leaves

RESULTS = Path(__file__).resolve().parent.parent / "results"

# file -> (pegs, colours, opener, total, worst), as results/README.md lists them
MASTERMIND_TREES = {
    "mastermind-4x7-normal.tree.json.gz": (4, 7, "1123", 11228, 6),
    "mastermind-4x8-normal.tree.json.gz": (4, 8, "1234", 20471, 7),
    "mastermind-4x8-normal-worst.tree.json.gz": (4, 8, "1234", 20473, 6),
    "mastermind-5x5-normal.tree.json.gz": (5, 5, "11223", 13496, 6),
    "mastermind-5x5-normal-worst.tree.json.gz": (5, 5, "11223", 13531, 5),
    "mastermind-5x6-normal.tree.json.gz": (5, 6, "11223", 36721, 7),
    "mastermind-5x6-normal-worst.tree.json.gz": (5, 6, "11223", 36721, 6),
    "mastermind-5x7-normal-found.tree.json.gz": (5, 7, "11234", 85979, 7),
    "mastermind-5x8-normal-found.tree.json.gz": (5, 8, "11234", 179820, 8),
    "mastermind-6x6-normal-found.tree.json.gz": (6, 6, "112234", 242675, 8),
}


# file -> (the secrets' and guesses' list, mode, opener, total, worst), as results/README.md lists
# them: Wordle with every allowed word as the secret
WORD_TREES: dict[str, tuple[str, str, str, int, int]] = {
    "nyt20220215-all-normal.tree.json.gz": ("nyt20220215-all.txt", "normal", "lants", 52777, 6),
    "nyt20220215-all-hard.tree.json.gz": ("nyt20220215-all.txt", "hard", "thump", 58506, 7),
    "wordle-guesses-nyt-normal.tree.json.gz": ("wordle-guesses-nyt", "normal", "trace", 61770, 6),
    "wordle-guesses-nyt-hard.tree.json.gz": ("wordle-guesses-nyt", "hard", "thumb", 67759, 8),
    "wordle-guesses-normal.tree.json.gz": ("wordle-guesses", "normal", "lants", 52896, 6),
    "wordle-guesses-hard.tree.json.gz": ("wordle-guesses", "hard", "thump", 58715, 7),
}


# file -> (game, mode, opener, total, worst), as results/README.md lists them: Jotto's games
JOTTO_TREES = {
    "jotto-normal-found.tree.json.gz": ("jotto", "normal", "cedar", 8335, 9),
    "jotto-strict-found.tree.json.gz": ("jotto", "strict", "south", 8369, 12),
    "jotto2-strict.tree.json.gz": ("jotto2", "strict", "slate", 6785, 7),
}


# The chooser's game of 4 x 7: its best responses, as results/README.md says; its value, the
# chooser's chance of each class of codes (1111, 1112, 1122, 1123, 1234 and their like) and the
# guesser's mixture (tree index: weight)
EQUILIBRIUM_4X7 = ("equilibrium-4x7.jsonl.gz", 18)  # file, trees
EQUILIBRIUM_5X5 = ("equilibrium-5x5.jsonl.gz", 43, 13496)  # file, trees, the uniform optimum
VALUE_5X5 = Fraction(76311, 17620)
CHOOSER_5X5 = [Fraction(0), Fraction(10, 881), Fraction(40, 881), Fraction(150, 881), Fraction(225, 881),
               Fraction(300, 881), Fraction(156, 881)]  # each class's chance: 11111 11112 11122 11123 11223 11234 12345
GUESSER_5X5 = {29: Fraction(357, 54622), 33: Fraction(59306, 12972725), 37: Fraction(7192113, 25945450),
               38: Fraction(3952, 136555), 41: Fraction(102069, 273110), 42: Fraction(84397, 273110)}  # tree: its chance
VALUE_4X7 = Fraction(622, 133)
CHOOSER_4X7 = [Fraction(0), Fraction(4, 57), Fraction(1, 19), Fraction(10, 19), Fraction(20, 57)]
GUESSER_4X7 = {13: Fraction(4123450, 6715094), 15: Fraction(481495, 6715094), 16: Fraction(1165952, 6715094),
               17: Fraction(944197, 6715094)}


def test_every_committed_tree_is_listed():
    assert sorted(p.name for p in (RESULTS / "mastermind").glob("*.tree.json.gz")) == sorted(MASTERMIND_TREES)
    assert sorted(p.name for p in (RESULTS / "every-word").glob("*.tree.json.gz")) == sorted(WORD_TREES)
    assert sorted(p.name for p in (RESULTS / "jotto").glob("*.tree.json.gz")) == sorted(JOTTO_TREES)
    readme = (RESULTS / "README.md").read_text(encoding="utf-8")
    assert all(f"`{name}`" in readme for name in [*MASTERMIND_TREES, *WORD_TREES, *JOTTO_TREES])


@pytest.mark.parametrize("name", sorted(JOTTO_TREES))
def test_a_jotto_tree_is_valid_in_its_mode_and_totals_what_it_says(name):
    """Walked secret by secret (check_tree): in strict mode every guess one that the replies
    before it leave possible."""
    game, mode, opener, total, worst = JOTTO_TREES[name]
    loaded = TreeFile.load(RESULTS / "jotto" / name)
    assert (loaded.game.name, loaded.mode) == (game, mode)
    puzzle = PuzzleSpec(loaded.game, loaded.answers, loaded.guesses, mode=loaded.mode).build()
    check_tree(loaded.tree, puzzle)
    depths = [depth for _, depth in leaves(loaded.tree)]
    assert loaded.tree.guess == opener and len(depths) == len(puzzle.answers)
    assert (sum(depths), max(depths)) == (total, worst)


@pytest.mark.parametrize("name", sorted(WORD_TREES))
def test_a_tree_over_every_allowed_word_is_valid_and_totals_what_it_says(name):
    """Walked word by word with the game's own feedback (check_tree): every allowed word one
    leaf, every reply on its path true, in hard mode every guess one the replies before it
    allow; the total and the worst case as listed."""
    words, mode, opener, total, worst = WORD_TREES[name]
    source = RESULTS / "every-word" / words if (RESULTS / "every-word" / words).exists() else words
    loaded = TreeFile.load(RESULTS / "every-word" / name)
    puzzle = PuzzleSpec(loaded.game, str(source), str(source), mode=mode).build()
    assert loaded.answers == loaded.guesses == words and loaded.mode == mode
    check_tree(loaded.tree, puzzle)
    depths = [depth for _, depth in leaves(loaded.tree)]
    assert loaded.tree.guess == opener and len(depths) == len(puzzle.answers)
    assert (sum(depths), max(depths)) == (total, worst)


@pytest.mark.parametrize("name", sorted(MASTERMIND_TREES))
def test_a_mastermind_tree_is_valid_and_totals_what_it_says(name):
    pegs, colours, opener, total, worst = MASTERMIND_TREES[name]
    loaded = TreeFile.load(RESULTS / "mastermind" / name)
    assert (loaded.game.name, loaded.game.pegs, loaded.game.colours) == ("mastermind", pegs, colours)
    puzzle = PuzzleSpec(loaded.game).build()
    check_tree(loaded.tree, puzzle)
    depths = [depth for _, depth in leaves(loaded.tree)]
    assert loaded.tree.guess == opener and len(depths) == colours**pegs
    assert (sum(depths), max(depths)) == (total, worst)


def test_the_chooser_s_game_4x7_trees_hold_its_value_from_both_sides(tmp_path):
    """Every tree of the run covers the 2,401 codes by the rules (SavedTrees checks each as a
    resumed run does), the first is the uniform distribution's best response (the known optimum,
    11,228, marked so that a resumed run does not search it again); in rationals, the guesser's
    mixture of them takes at most 622/133 on every class of codes (the value's upper bound) and
    the chooser's distribution holds every one of them to at least 622/133 (the lower bound is
    the search's: no tree at all does better against it)."""
    import gzip

    from wordguess.games import get_game
    from wordguess.optimal.equilibrium import SavedTrees, class_columns
    from wordguess.optimal.weighted import secret_classes, tree_depths

    name, count = EQUILIBRIUM_4X7
    path = tmp_path / "mm47.jsonl"
    path.write_bytes(gzip.decompress((RESULTS / "mastermind" / name).read_bytes()))
    puzzle = PuzzleSpec(get_game("mastermind", pegs=4, colours=7)).build()
    saved = SavedTrees(path, puzzle)
    trees = saved.load()
    assert len(trees) == count and saved.uniform_first and int(tree_depths(puzzle, trees[0]).sum()) == 11228
    assert f"`{name}`" in (RESULTS / "README.md").read_text(encoding="utf-8")
    classes = secret_classes(puzzle)
    sizes = np.bincount(classes)
    assert [puzzle.answers[int(np.flatnonzero(classes == c)[0])] for c in range(len(sizes))] == \
        ["1111", "1112", "1122", "1123", "1234"]
    columns = [class_columns(tree_depths(puzzle, tree), classes, sizes) for tree in trees]
    assert sum(GUESSER_4X7.values()) == 1 == sum(CHOOSER_4X7)
    assert max(sum(q * columns[t][c] for t, q in GUESSER_4X7.items()) for c in range(len(sizes))) == VALUE_4X7
    assert min(sum(p * col for p, col in zip(CHOOSER_4X7, column, strict=True)) for column in columns) == VALUE_4X7


def test_the_chooser_s_game_5x5_is_solved_by_its_trees(tmp_path):
    """The 5 x 5 run's trees cover the 3,125 codes by the rules (as a resumed run reads them),
    the first the uniform distribution's best response, marked; over them the guesser's mixture
    holds every class of codes to at most the value and the chooser's distribution holds every
    tree to at least it, in rationals."""
    import gzip

    from wordguess.games import get_game
    from wordguess.optimal.equilibrium import SavedTrees, class_columns
    from wordguess.optimal.weighted import secret_classes, tree_depths

    name, count, uniform = EQUILIBRIUM_5X5
    path = tmp_path / "mm55.jsonl"
    path.write_bytes(gzip.decompress((RESULTS / "mastermind" / name).read_bytes()))
    puzzle = PuzzleSpec(get_game("mastermind", pegs=5, colours=5)).build()
    saved = SavedTrees(path, puzzle)
    trees = saved.load()
    assert len(trees) == count and saved.uniform_first and int(tree_depths(puzzle, trees[0]).sum()) == uniform
    assert f"`{name}`" in (RESULTS / "README.md").read_text(encoding="utf-8")
    classes = secret_classes(puzzle)
    sizes = np.bincount(classes)
    assert [puzzle.answers[int(np.flatnonzero(classes == c)[0])] for c in range(len(sizes))] == \
        ["11111", "11112", "11122", "11123", "11223", "11234", "12345"]
    columns = [class_columns(tree_depths(puzzle, tree), classes, sizes) for tree in trees]
    assert sum(GUESSER_5X5.values()) == 1 == sum(CHOOSER_5X5)
    assert max(sum(q * columns[t][c] for t, q in GUESSER_5X5.items()) for c in range(len(sizes))) == VALUE_5X5
    assert min(sum(p * col for p, col in zip(CHOOSER_5X5, column, strict=True)) for column in columns) == VALUE_5X5
    shown = f"{VALUE_5X5.numerator:,} / {VALUE_5X5.denominator:,} = {float(VALUE_5X5):.5f}"
    for doc in (RESULTS / "README.md", RESULTS.parent / "docs" / "results.md"):
        assert shown in doc.read_text(encoding="utf-8")


# The ?ILLS core (results/every-word/ills-core.txt), which has no tree within five guesses (its
# proof: the command of results/README.md): the lists it refutes openers of, with the number of
# openers that keep it in one reply, as results/README.md and docs/results.md count them
CORE = "ills-core.txt"
CORE_REFUTES = {"nyt20220215-all.txt": 170, "wordle-guesses": 170, "wordle-guesses-nyt": 185}


@pytest.mark.parametrize("lists", sorted(CORE_REFUTES))
def test_the_ills_core_is_one_reply_of_the_openers_it_refutes(lists):
    """The core's 94 words are secrets of the list; SALET's reply Y.G.. and TERAS's ....G hold
    all of them, and as many openers as the README says give all of them one reply (the rules'
    feedback, through the game's pattern matrix, and word by word for SALET and TERAS)."""
    game = get_game("wordle")
    core = (RESULTS / "every-word" / CORE).read_text().split()
    source = RESULTS / "every-word" / lists
    words = list(load_words(str(source) if source.exists() else lists))
    assert len(core) == 94 and set(core) <= set(words)
    for opener, reply in (("salet", "Y.G.."), ("teras", "....G")):
        assert {game.feedback(opener, w) for w in core} == {game.parse_reply(reply)}
    replies = game.pattern_matrix(words, core)
    together = [w for w, row in zip(words, replies, strict=True) if (row == row[0]).all()]
    assert len(together) == CORE_REFUTES[lists] and {"slate", "stare", "rates", "alert"} <= set(together)
    readme = " ".join((RESULTS / "README.md").read_text(encoding="utf-8").split())
    assert f"`{CORE}`" in readme and "**170 of the 12,947 openers, 170 of the 12,972 and 185 of the 14,855**" in readme


# The verdicts of every opener in hard mode, as results/README.md and docs/results.md count them:
# file -> (lists, the turn whose secrets are the game's or None for the whole list, depth,
# feasible, refuted, undecided, what docs/results.md says between the two counts, the trees of
# results/every-word that find every word within the depth)
VERDICTS = {
    "wordle-guesses-nyt-hard7.verdicts.jsonl.gz": ("wordle-guesses-nyt", None, 7, 0, 14614, 241,
                                                   " none with a tree within seven,", ()),
    "wordle-guesses-hard7.verdicts.jsonl.gz": ("wordle-guesses", None, 7, 0, 12389, 583, "",
                                               ("wordle-guesses-hard.tree.json.gz",)),
    "thumb-nothing-hard6.verdicts.jsonl.gz": ("wordle-guesses-nyt", ("thumb", "....."), 6, 0, 14141, 714, "", ()),
}


@pytest.mark.parametrize("name", sorted(VERDICTS))
def test_the_verdicts_cover_every_opener_once_and_name_true_replies(name):
    """Each allowed word once, in word order, with its verdict as the README counts them; a
    refuted opener names the reply that refutes it and that reply's bucket, an undecided one the
    replies its search passed over. The secrets are the list's, or those one turn leaves (THUMB's
    `.....`: every allowed word then opens a game of its own, hard mode holding it to no letter).
    Each refuting reply of a seeded sample is the rules' own (the game's feedback over the secrets
    gives its bucket that size); the proofs themselves are the search's, not re-run here."""
    lists, turn, depth, feasible, refuted, undecided, between, trees = VERDICTS[name]
    readme = " ".join((RESULTS / "README.md").read_text(encoding="utf-8").split())
    results = " ".join((RESULTS.parent / "docs" / "results.md").read_text(encoding="utf-8").split())
    assert f"`{name}`" in readme and f"**{refuted:,} openers are refuted and {undecided:,} undecided;" in readme
    assert f"**{refuted:,} refuted,{between} {undecided:,} undecided**" in results
    rows = [json.loads(line) for line in gzip.decompress((RESULTS / "every-word" / name).read_bytes()).splitlines()]
    game, words = get_game("wordle"), list(load_words(lists))
    secrets = words
    if turn is not None:
        reply = game.parse_reply(turn[1])
        secrets = [w for w in words if game.feedback(turn[0], w) == reply]
        assert not any(game.letter_marks(reply))  # no letter shown: hard mode holds no later guess to one
        assert f"({len(secrets):,} words" in readme  # as many secrets as the README says
    assert [r["word"] for r in rows] == sorted(words)
    counts = [sum(r["feasible"] is v for r in rows) for v in (True, False, None)]
    assert counts == [feasible, refuted, undecided]
    assert all((r["refuter"] is not None) == (r["feasible"] is False) for r in rows)
    assert all(r["undecided"] for r in rows if r["feasible"] is None)
    assert {(r["mode"], r["depth"]) for r in rows} == {("hard", depth)}
    for tree in trees:  # a tree within the depth: its opener is not refuted (the certificate takes it as a witness)
        found = TreeFile.load(RESULTS / "every-word" / tree)
        assert (found.mode, found.answers, found.guesses) == ("hard", lists, lists)
        assert max(d for _, d in leaves(found.tree)) <= depth
        assert next(r for r in rows if r["word"] == found.tree.guess)["feasible"] is not False
    for row in random.Random(7).sample([r for r in rows if r["feasible"] is False], 40):
        reply = game.parse_reply(row["refuter"][0])
        assert sum(game.feedback(row["word"], w) == reply for w in secrets) == row["refuter"][1], row
