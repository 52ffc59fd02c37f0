"""A pasted share text (one board or several) read by its game's own parser as rows of tiles:
the page holds no copy of any game's squares."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import Field

from wordguess.engine.candidates import share_replies
from wordguess.web.common import Answer
from wordguess.web.requests import (
    BoardsMember,
    BoardsUse,
    Member,
    Use,
    Words,
    union,
)

router = APIRouter(tags=["assistant"])


def text_field(words: Words, *_) -> dict:
    return {"text": (words.share_type(), Field())}


ShareRequest = union([*Use("Share", Member, text_field, "required", ("open", "closed"), tiles_only=True).members(),
                      *BoardsUse("BoardsShare", BoardsMember, text_field).members()])


class ShareAnswer(Answer):
    """A pasted share text read by the game's own parser."""

    game: str
    """The game's registry name."""
    boards: list[list[str]]
    """Each board's rows of tile marks, G (right place), Y (elsewhere) or . (absent), one row
    per guess up to the one that solved the board; one board for a single-board game."""


@router.post("/share", response_model=ShareAnswer, summary="A pasted share text read as each board's rows of tiles")
def share(request: ShareRequest) -> dict:
    # Each board's rows of tile marks (G, Y or .) by the game's own parser: every square as the
    # game's notation has it (Wordle's high-contrast 🟧/🟦 are right and elsewhere, Sutom's 🟦
    # absent), header lines skipped (the document takes the share texts of the games whose
    # replies are rows of squares).
    if isinstance(request, BoardsMember):
        rules = request.board_rules()
        turns, game = rules.parse_share(request.text), rules.board
        boards = [[game.tile_marks(replies[b]) for replies in turns if replies[b] is not None]
                  for b in range(rules.n_boards)]
        return {"game": rules.name, "boards": boards}
    game = request.game_rules()
    return {"game": game.name, "boards": [[game.tile_marks(r) for r in share_replies(game, request.text)]]}
