"""The advisor: a position of any game assembled once (the game, its lists, its default
strategy and never-lose guard, the turns) and what a player is told about it (`Advice`)."""

from wordguess.advice.advice import Advice, Advised, BoardAdvice, Likely, PlayedTurn
from wordguess.advice.advisor import Advisor, Setting, advice_of, advise

__all__ = ["Advice", "Advised", "Advisor", "BoardAdvice", "Likely", "PlayedTurn", "Setting", "advice_of", "advise"]
