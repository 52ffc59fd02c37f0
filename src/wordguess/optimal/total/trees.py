"""The proven optimal Wordle trees shipped with the package: SALET in normal mode (7920
guesses) and in hard mode within six guesses (8122), over the 2,315 answers and 12,972 allowed
guesses. `scripts/build_optimal_trees.py` proves and writes them; `data/trees.json` holds each
file's sha256, checked on load, and the proven total, checked against the tree."""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

from wordguess.errors import WordguessError
from wordguess.trees.tree import TreeFile, total_guesses

DATA = Path(__file__).parent.parent / "data"
MANIFEST = DATA / "trees.json"


def shipped_trees() -> dict[str, dict]:
    """Return the manifest: mode -> {file, sha256, first, total, secrets, proven}."""
    return json.loads(MANIFEST.read_text(encoding="utf-8"))["trees"]


def tree_text(tree: TreeFile) -> str:
    """Return the JSON text that is stored (and hashed) for a tree file."""
    return json.dumps(tree.to_json(), ensure_ascii=False, sort_keys=True) + "\n"


def load_optimal_tree(mode: str = "normal") -> TreeFile:
    """Return the shipped optimal tree of a mode (normal or hard), or raise WordguessError when
    there is none or its file does not match the manifest."""
    trees = shipped_trees()
    if mode not in trees:
        raise WordguessError(f"no optimal tree is shipped for mode {mode!r}; modes: {', '.join(trees)}")
    entry = trees[mode]
    text = gzip.decompress((DATA / entry["file"]).read_bytes()).decode("utf-8")
    if hashlib.sha256(text.encode("utf-8")).hexdigest() != entry["sha256"]:
        raise WordguessError(f"{entry['file']} does not match its sha256 in trees.json: rebuild it with "
                             "scripts/build_optimal_trees.py")
    tree = TreeFile.from_json(json.loads(text))
    if total_guesses(tree.tree) != entry["total"]:
        raise WordguessError(f"{entry['file']} does not total {entry['total']} guesses")
    return tree
