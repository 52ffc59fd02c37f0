"""Guess trees: the shared artefact that strategies build and the simulator, reports, assistant,
CLI and exact solver consume. Invariant: every secret is exactly one leaf.

JSON form (read by other tools, so kept exactly):
    {"game": "wordle", "mode": "normal", "answers": "wordle-answers", "guesses": "wordle-guesses",
     "tree": NODE}
    NODE = {"guess": "salet", "branches": {"GGGGG": "salet", "G....": NODE, ".Y...": "other"}}
Branch keys are canonical replies; a bare word is the next (and last) guess; the solved reply
maps to the node's own guess.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path

from wordguess.errors import WordguessError
from wordguess.games import Game, get_game
from wordguess.vocab import History, Reply, Word


@dataclasses.dataclass
class Node:
    """A guess and what follows each reply to it."""

    guess: Word  # the word played at this node
    size: int  # the number of secrets below this node (each is one leaf)
    branches: dict[Reply, Tree]  # encoded reply -> the subtree, or the word played last


Tree = Node | Word  # a node, or a word that is the secret (played last)


def leaves(tree: Tree, depth: int = 1) -> Iterator[tuple[Word, int]]:
    """Yield (secret, number of guesses to solve it) for every leaf of the tree."""
    if isinstance(tree, str):
        yield tree, depth
        return
    for branch in tree.branches.values():
        if isinstance(branch, str) and branch == tree.guess:
            yield branch, depth
        else:
            yield from leaves(branch, depth + 1)


def depth_counts(tree: Tree) -> Counter[int]:
    """Return how many secrets the tree solves in exactly k guesses, for each k."""
    return Counter(depth for _, depth in leaves(tree))


def total_guesses(tree: Tree) -> int:
    """Return the sum over all secrets of the guesses the tree takes to solve each."""
    return sum(k * n for k, n in depth_counts(tree).items())


def tree_size(tree: Tree) -> int:
    """Return the number of secrets (leaves) in the tree."""
    return 1 if isinstance(tree, str) else tree.size


def follow(tree: Tree, game: Game, history: History) -> Tree:
    """Return the subtree reached by playing `history` from the root (or raise WordguessError)."""
    for turn, (guess, reply) in enumerate(history, 1):
        if isinstance(tree, str) or game.fold(tree.guess) != game.fold(guess):
            expected = tree if isinstance(tree, str) else tree.guess
            raise WordguessError(f"turn {turn}: the tree plays {game.display(expected)}, not {game.display(guess)}")
        if reply not in tree.branches:
            raise WordguessError(f"turn {turn}: reply {game.format_reply(reply)} to {game.display(guess)} "
                                 "is impossible for the tree's secrets")
        tree = tree.branches[reply]
    return tree


def to_json_node(tree: Tree, game: Game):
    """Return the JSON form of a subtree (a dict, or a bare word)."""
    if isinstance(tree, str):
        return tree
    return {"guess": tree.guess,
            "branches": {game.format_reply(r): to_json_node(b, game) for r, b in sorted(tree.branches.items())}}


def from_json_node(data, game: Game) -> Tree:
    """Return the tree of a JSON node, recomputing each node's size."""
    if isinstance(data, str):
        return data
    try:
        branches = {game.parse_reply(r): from_json_node(b, game) for r, b in data["branches"].items()}
        guess = data["guess"]
    except (KeyError, TypeError, AttributeError) as exc:
        raise WordguessError(f"malformed tree node: {str(data)[:80]}") from exc
    size = sum(1 if isinstance(b, str) else b.size for b in branches.values())
    return Node(guess, size, branches)


@dataclasses.dataclass
class TreeFile:
    """A tree with the setting it was built for."""

    game: Game  # the rules (with options, e.g. Mastermind's pegs)
    mode: str  # normal, hard or strict
    answers: str  # the name of the secrets' list
    guesses: str  # the name of the allowed guesses' list
    tree: Tree  # the root
    world: str = "closed"  # closed (the answers' list is known) or open (every allowed word, weighted)

    def to_json(self) -> dict:
        """Return the JSON document of the tree file."""
        doc = {"game": self.game.name, "mode": self.mode, "answers": self.answers,
               "guesses": self.guesses, "tree": to_json_node(self.tree, self.game)}
        if self.world != "closed":
            doc["world"] = self.world
        defaults = dataclasses.asdict(type(self.game)())
        options = {k: v for k, v in self.game.options.items() if v != defaults.get(k)}
        if options:
            doc["options"] = options  # only for non-default rules, e.g. Mastermind 5x8
        return doc

    def save(self, path: str | Path) -> None:
        """Write the tree file as JSON (or raise WordguessError saying why it cannot be written)."""
        try:
            Path(path).write_text(json.dumps(self.to_json(), ensure_ascii=False) + "\n", encoding="utf-8")
        except OSError as exc:
            raise WordguessError(f"cannot write tree file {str(path)!r}: {exc.strerror or exc}") from exc

    @classmethod
    def from_json(cls, doc: dict) -> TreeFile:
        """Return the tree file of a JSON document."""
        try:
            game = get_game(doc["game"], **doc.get("options", {}))
            first = doc["tree"]
            first_word = first if isinstance(first, str) else first["guess"]
            game = game.fitted([first_word]) if game.length is None else game
            world = doc.get("world", "closed")
            if world not in ("closed", "open"):
                raise WordguessError(f"not a wordguess tree file: its world is {world!r}, not closed or open")
            return cls(game, doc.get("mode", "normal"), doc.get("answers", ""), doc.get("guesses", ""),
                       from_json_node(doc["tree"], game), world)
        except (KeyError, TypeError) as exc:
            raise WordguessError(f"not a wordguess tree file: missing {exc}") from exc

    @classmethod
    def load(cls, path: str | Path, world: str | None = None) -> TreeFile:
        """Read a tree file; with `world`, refuse one built for the other world."""
        try:
            data = Path(path).read_bytes()
            if data[:2] == b"\x1f\x8b":  # a gzip-compressed tree file (results/*.tree.json.gz)
                data = gzip.decompress(data)
            loaded = cls.from_json(json.loads(data.decode("utf-8")))
        except (OSError, EOFError, json.JSONDecodeError) as exc:
            raise WordguessError(f"cannot read tree file {str(path)!r}: {exc}") from exc
        except UnicodeDecodeError:
            raise WordguessError(f"cannot read tree file {str(path)!r}: it is not text (a JSON tree file)") from None
        if world is not None and loaded.world != world:
            raise WordguessError(f"the tree file {str(path)!r} was built for the {loaded.world} world; "
                                 f"use it with --world {loaded.world}")
        return loaded


def check_covers(tree: Tree, game: Game, answers: Sequence[Word]) -> None:
    """Raise WordguessError unless every answer is exactly one leaf of the tree (the tree
    invariant, checked on a tree read from a file)."""
    found = Counter(game.fold(w) for w, _ in leaves(tree))
    expected = Counter(game.fold(w) for w in answers)
    if found != expected:
        missing, extra = expected - found, found - expected
        raise WordguessError(f"the tree does not cover the answers once each: {len(missing)} missing "
                             f"(e.g. {sorted(missing)[:3]}), {sum(extra.values())} extra or repeated")
