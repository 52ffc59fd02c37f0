"""The web app (`wordguess serve`, the optional extra `wordguess[web]`): the assistant, play,
analysis, multi-board games and the optimal tree in the browser, over a JSON API under /api/.
It imports the library; the library never imports it."""

from wordguess.web.app import create_app
from wordguess.web.config import Limits, Settings

__all__ = ["Limits", "Settings", "create_app"]
