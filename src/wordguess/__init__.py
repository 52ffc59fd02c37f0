"""wordguess: play and solve feedback word-guessing games.

    import wordguess
    game = wordguess.get_game("wordle")
    game.format_reply(game.feedback("epees", "geese"))   # 'Y.GYY'
    words = wordguess.load_words("wordle-answers")
"""

from wordguess.engine.candidates import bucket_counts, filter_candidates, partition
from wordguess.engine.puzzle import MODES, Puzzle
from wordguess.errors import ReplyError, UnknownNameError, WordError, WordguessError
from wordguess.games import GAMES, Game, get_game
from wordguess.lists import WordList, game_words, list_names, load_words
from wordguess.play.simulate import GameRecord, get_host, play
from wordguess.strategies import STRATEGIES, get_strategy
from wordguess.trees.build import TreeStrategy, build_tree
from wordguess.trees.report import Evaluation, evaluate, first_guess_table
from wordguess.trees.tree import Node, Tree, TreeFile

__version__ = "0.1.0"

__all__ = [
    "GAMES", "MODES", "STRATEGIES", "Evaluation", "Game", "GameRecord", "Node", "Puzzle",
    "ReplyError", "Tree", "TreeFile", "TreeStrategy", "UnknownNameError", "WordError",
    "WordList", "WordguessError", "build_tree", "bucket_counts", "evaluate", "filter_candidates",
    "first_guess_table", "game_words", "get_game", "get_host", "get_strategy", "list_names",
    "load_words", "partition", "play",
]
