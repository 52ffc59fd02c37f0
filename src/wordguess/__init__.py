"""wordguess: play and solve feedback word-guessing games.

    import wordguess
    game = wordguess.get_game("wordle")
    game.format_reply(game.feedback("epees", "geese"))   # 'Y.GYY'
    words = wordguess.load_words("wordle-answers")

The layers, each importing only those before it: games (rules and their kernels) -> lists ->
engine (the Puzzle) -> strategies -> trees -> play -> optimal, leetcode -> cli. See
ARCHITECTURE.md.
"""

from wordguess.engine.candidates import bucket_counts, filter_candidates, partition
from wordguess.engine.patterns import PatternStore
from wordguess.engine.puzzle import MODES, Puzzle, PuzzleSpec
from wordguess.errors import ReplyError, UnknownNameError, WordError, WordguessError
from wordguess.games import GAMES, Game, get_game
from wordguess.lists import WordList, game_words, list_names, load_words
from wordguess.play.assistant import Assistant
from wordguess.play.hosted import HostedGame
from wordguess.play.hosts import get_host
from wordguess.play.simulate import GameRecord, play
from wordguess.strategies import STRATEGIES, get_strategy
from wordguess.strategies.metrics import METRICS
from wordguess.trees.build import TreeStrategy, build_tree
from wordguess.trees.report import Evaluation, evaluate, first_guess_table
from wordguess.trees.tree import Node, Tree, TreeFile

__version__ = "0.1.0"

__all__ = [
    "GAMES", "METRICS", "MODES", "STRATEGIES", "Assistant", "Evaluation", "Game", "GameRecord",
    "HostedGame", "Node", "PatternStore", "Puzzle", "PuzzleSpec", "ReplyError", "Tree", "TreeFile",
    "TreeStrategy", "UnknownNameError", "WordError", "WordList", "WordguessError", "build_tree",
    "bucket_counts", "evaluate", "filter_candidates", "first_guess_table", "game_words",
    "get_game", "get_host", "get_strategy", "list_names", "load_words", "partition", "play",
]
