"""scripts/import_selby_tree.py: a tree in the text format of Alex Selby's solver read into the
shared tree format. The twin here writes that format from a tree of ours, each path in full with
the part it shares with the line above blanked out, as his files are laid out."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from test_improve import tree_file
from wordguess.trees.tree import Node, TreeFile, total_guesses

SCRIPT = str(Path(__file__).parents[1] / "scripts" / "import_selby_tree.py")


def selby_text(tree, game) -> str:
    """The tree in Selby's layout: `guess REPLYn` to each leaf, B for grey."""
    paths = []

    def walk(node, path):
        for reply, branch in node.branches.items():
            text = game.format_reply(reply).replace(".", "B")
            step = path + [node.guess, f"{text}{len(path) // 2 + 1}"]
            if isinstance(branch, Node):
                walk(branch, step)
            elif branch == node.guess:
                paths.append(step)
            else:
                paths.append(step + [branch, f"GGGGG{len(step) // 2 + 1}"])

    walk(tree, [])
    lines, previous = [], []
    for path in paths:
        shared = 0
        while shared < min(len(path), len(previous)) and path[shared] == previous[shared]:
            shared += 1
        line = " ".join(path)
        blank = len(" ".join(path[:shared])) + (1 if shared else 0)
        lines.append(" " * blank + line[blank:])
        previous = path
    return "\n".join(lines) + "\n"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True, timeout=300)


def test_a_tree_in_selbys_format_reads_back_as_the_same_tree(tmp_path):
    path = tree_file(tmp_path, "entropy")
    ours = TreeFile.load(path)
    text = selby_text(ours.tree, ours.game)
    assert text.splitlines()[1].startswith(" ")  # the layout continues paths, as his files do
    (tmp_path / "selby.tree").write_text(text)
    out = tmp_path / "imported.json"
    done = run(str(tmp_path / "selby.tree"), "--answers", str(tmp_path / "a.txt"), "--guesses",
               str(tmp_path / "g.txt"), "--out", str(out))
    assert done.returncode == 0, done.stderr
    imported = TreeFile.load(out)
    assert imported.tree == ours.tree and f"{total_guesses(ours.tree):,} guesses in all" in done.stdout


def test_a_tree_with_a_false_reply_or_a_broken_line_is_refused(tmp_path):
    path = tree_file(tmp_path, "entropy")
    ours = TreeFile.load(path)
    lines = selby_text(ours.tree, ours.game).splitlines()
    first = lines[0].split()
    first[1] = "GGGGB1" if first[1] != "GGGGB1" else "GGGBG1"  # a reply the first guess cannot get
    cases = {"false": "\n".join([" ".join(first), *lines[1:]]), "broken": lines[0] + " extra\n"}
    for name, text in cases.items():
        (tmp_path / f"{name}.tree").write_text(text)
        done = run(str(tmp_path / f"{name}.tree"), "--answers", str(tmp_path / "a.txt"), "--guesses",
                   str(tmp_path / "g.txt"), "--out", str(tmp_path / f"{name}.json"))
        assert done.returncode == 2 and done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, name
        assert not (tmp_path / f"{name}.json").exists()
