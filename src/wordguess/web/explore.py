"""The proven optimal Wordle trees (SALET, normal and hard mode), node by node."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Depends, HTTPException, Query

from wordguess.advice.advice import LISTED
from wordguess.engine.candidates import parse_turn, split_turns
from wordguess.errors import WordguessError
from wordguess.games import get_game
from wordguess.trees.tree import Node, depth_counts, follow, leaves
from wordguess.vocab import Word
from wordguess.web import patterns
from wordguess.web.common import Answer, TurnOut, Worded, error, turns_json
from wordguess.web.state import AppState, app_state

router = APIRouter(tags=["explore"])
WORDLE = get_game("wordle")  # the trees' game
PATH = patterns.tree_path(WORDLE, WORDLE.max_guesses)
NOT_FOUND = {404: error("The path leaves the tree: a guess it does not play, or a reply none of its secrets gives.")}


class BranchOut(Answer):
    """One reply to a node's guess and where it leads."""

    reply: str
    """The reply in the game's notation."""
    marks: str | None
    """Its tile marks."""
    size: int
    """How many secrets give this reply."""
    next: str
    """The tree's next guess after it (display form)."""
    word: str
    """The next guess as the word list writes it."""
    solved: bool
    """Whether this reply solves the game."""
    leaf: bool
    """Whether the next guess is the last (one secret left)."""


class ExploreNode(Worded):
    """A node of the optimal tree."""

    mode: str
    """normal or hard."""
    first: str
    """The tree's first guess."""
    turn: int
    """The number of this node's guess, from 1."""
    path: list[TurnOut]
    """The turns from the root to this node."""
    size: int
    """How many secrets reach this node."""
    histogram: dict[str, int]
    """Guesses needed (as a string) -> how many of this node's secrets need that many."""
    mean: float
    """The mean number of guesses over this node's secrets."""
    secrets: list[str] | None
    """This node's secrets when at most 60, else null."""
    leaf: bool
    """Whether this guess is the last (one secret left)."""
    branches: list[BranchOut]
    """The replies to the guess, largest first."""


@router.get("/explore", response_model=ExploreNode, responses=NOT_FOUND,
            summary="A node of the optimal tree: its guess, branches and secrets")
def explore(mode: Literal["normal", "hard"] = "normal",
            path: str = Query("", max_length=200, pattern=PATH,
                              description='Turns from the root, e.g. "salet=..Y..;corni=.GG.."'),
            state: AppState = Depends(app_state)) -> dict:
    return node_json(state, mode, path)


def node_json(state: AppState, mode: str, path: str) -> dict:
    """Return the node of the optimal tree reached by `path` (GUESS=REPLY turns, as the document's
    pattern has them), its branches largest first, and how many guesses its secrets take; a
    path that leaves the tree is not found (404)."""
    tree_file = state.tree(mode)
    game = tree_file.game
    history = []
    for text in split_turns(path):
        guess, reply = parse_turn(text)
        history.append((guess.strip().lower(), game.parse_reply(reply)))
    try:
        node = follow(tree_file.tree, game, history)
    except WordguessError as exc:
        raise HTTPException(404, f"the tree has no node there: {exc}") from None
    depth = len(history) + 1
    counts = depth_counts(node)
    shifted = {str(k + depth - 1): n for k, n in sorted(counts.items())}
    secrets = [w for w, _ in leaves(node)]
    result = {"mode": mode, "first": tree_file.tree.guess, "turn": depth,
              "path": turns_json(game, [(g, (r,)) for g, r in history]),
              "size": len(secrets), "histogram": shifted,
              "mean": sum(int(k) * n for k, n in shifted.items()) / len(secrets),
              "secrets": [game.display(w) for w in secrets] if len(secrets) <= LISTED else None}
    if isinstance(node, str):
        return {**result, "guess": game.display(node), "word": node, "leaf": True, "branches": []}
    branches = []
    for reply, branch in sorted(node.branches.items(), key=lambda kv: (-size_of(kv[1]), kv[0])):
        solved = isinstance(branch, str) and branch == node.guess
        nxt = branch if isinstance(branch, str) else branch.guess
        branches.append({"reply": game.format_reply(reply), "marks": game.tile_marks(reply), "size": size_of(branch),
                         "next": game.display(nxt), "word": nxt, "solved": solved, "leaf": isinstance(branch, str)})
    return {**result, "guess": game.display(node.guess), "word": node.guess, "leaf": False, "branches": branches}


def size_of(tree: Node | Word) -> int:
    return 1 if isinstance(tree, str) else tree.size
