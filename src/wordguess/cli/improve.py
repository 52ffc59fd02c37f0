"""The `improve` command: a tree file's subtrees searched again by the exact solver and replaced
where they can be done better, with a progress bar, a time limit and Ctrl-C that keep (and
write) the best tree so far, and the store that lets a rerun resume."""

from __future__ import annotations

import dataclasses
from typing import Annotated

import typer

from wordguess.cli import opts as opt
from wordguess.cli.common import (
    err,
    friendly,
    out,
    print_json,
    tree_list,
)
from wordguess.cli.render import opener_text
from wordguess.cli.work import run_search, search_setting
from wordguess.engine.puzzle import Puzzle, PuzzleSpec
from wordguess.errors import WordguessError
from wordguess.optimal.tasks import SearchSpec, solver_for
from wordguess.optimal.total.improve import Budget, Gain, Improvement, TreeImprover
from wordguess.optimal.total.search import INF
from wordguess.trees.build import check_tree
from wordguess.trees.tree import Node, Tree, TreeFile
from wordguess.vocab import Reply

SHOWN = 20  # the gains and openers a text report lists (--json lists them all)


@friendly
def improve_command(
    tree_file: Annotated[str, typer.Argument(metavar="TREE", help="The tree file to improve (as `wordguess tree --out` writes).")],
    out_file: Annotated[str, typer.Option("--out", "-o", help="Where to write the improved tree (JSON, the shared tree format).")],
    root: Annotated[bool, typer.Option("--root", metavar="", help="Let the first guess change too: search the most promising other openers.")] = False,
    openers: Annotated[int, typer.Option(help="With --root: how many of the most promising other first guesses to search.")] = 50,
    nodes: Annotated[int, typer.Option(help="The node budget of each search (one subtree's, or one opener's); one that runs out searches the subtree's children instead.")] = 10_000,
    max_guesses: Annotated[int | None, typer.Option(help="Keep every secret within this many guesses (default: the game's limit, 6 for Wordle; 0: no limit).")] = None,
    answers: Annotated[str | None, typer.Option(help="The secrets' list (default: the one the tree file names, looked for beside it too).")] = None,
    guesses: Annotated[str | None, typer.Option(help="The allowed guesses (default: the ones the tree file names).")] = None,
    workers: Annotated[int, typer.Option(help="Worker processes (tasks: one subtree's search, or one opener's).")] = 1,
    executor: opt.Executor = "process",
    ray_address: opt.RayAddress = None,
    store: opt.Store = None,
    no_store: opt.NoStore = False,
    time_limit: Annotated[float | None, typer.Option(help="Stop after this many seconds, keeping the best tree so far.")] = None,
    width: Annotated[int, typer.Option(help="Search only this many of the most promising guesses at each node (0: every guess): large subtrees get better trees sooner, and nothing is proven by them.")] = 0,
    under: Annotated[list[str] | None, typer.Option(help="Search only the subtrees under this reply to the first guess (e.g. Y...G; repeat it for more), the others left as they are.")] = None,
    as_json: opt.Json = False,
) -> None:
    """Improve a guess tree: search its subtrees again with the exact solver over every allowed
    guess, the largest possible gain first, and replace those that can be done better, keeping
    every secret within the guess limit and the mode's rule. Prints the total before and after,
    each gain, and the proven lower bound for the tree's first guess. Ctrl-C or --time-limit
    writes the best tree so far; the same command resumes from the store."""
    if openers < 0:
        raise WordguessError(f"--openers must be 0 or more, not {openers}")
    if nodes < 1:
        raise WordguessError(f"--nodes must be at least 1, not {nodes}")
    if max_guesses is not None and max_guesses < 0:
        raise WordguessError(f"--max-guesses must be 0 (no limit) or more, not {max_guesses}")
    if not 0 <= width <= 1_000_000:
        raise WordguessError(f"--width must be from 0 (every guess) to 1,000,000, not {width}")
    if width and root:
        raise WordguessError("--root searches openers exactly: use it without --width")
    name, store_path = search_setting(workers, executor, ray_address, time_limit, store, no_store)
    loaded = TreeFile.load(tree_file)
    lists = PuzzleSpec(loaded.game, answers or tree_list(loaded.answers, tree_file), guesses or tree_list(loaded.guesses, tree_file),
                       loaded.mode)
    limit = loaded.game.max_guesses if max_guesses is None else (max_guesses or None)
    spec = SearchSpec(lists, limit, store_path, time_limit, width=width)
    puzzle = solver_for(spec).puzzle
    check_tree(loaded.tree, puzzle)
    searched = first_replies(loaded.tree, puzzle, under or [])
    improver = TreeImprover(spec, loaded.tree, Budget(nodes, root, openers, searched))

    def write(found: Improvement) -> None:
        check_tree(found.tree, puzzle)
        TreeFile(loaded.game, loaded.mode, loaded.answers, loaded.guesses, found.tree, loaded.world).save(out_file)

    def show(found: Improvement, stopped: bool = False) -> None:
        if as_json:  # (stopped: the best tree so far, what was proven kept in the store)
            data = {"game": puzzle.game.name, "mode": puzzle.mode, "world": loaded.world, "max_guesses": limit,
                    "nodes_per_search": nodes, "out": out_file, **found.to_json(puzzle.game)}
            if searched:
                data["under"] = sorted(puzzle.game.format_reply(r) for r in searched)
            if spec.store:
                data["store"] = spec.store
            print_json(data)
        elif not stopped:
            report(found, puzzle, limit, spec.store, loaded.world, nodes)

    def stopped() -> None:  # Ctrl-C: the best tree so far is written, and the store keeps what was proven
        found = improver.result()
        found = dataclasses.replace(found, stopped=found.stopped or "interrupted")
        write(found)
        show(found, stopped=True)
        err.print(f"wrote {out_file}: {found.after:,} guesses in all (from {found.before:,})"
                  + (f"; what was proven is kept in {spec.store}: run the same command to resume" if spec.store else ""),
                  markup=False)

    found = run_search(name, workers, ray_address, "improving the tree", improver.run, stopped=stopped)
    write(found)
    show(found)
    if not as_json:
        err.print(f"wrote {out_file}", markup=False)


def first_replies(tree: Tree, puzzle: Puzzle, texts: list[str]) -> frozenset[Reply]:
    """Return the replies `--under` names, each one the tree's first guess can get below which a
    guess is played."""
    game = puzzle.game
    below = {} if isinstance(tree, str) else {r: b for r, b in tree.branches.items() if isinstance(b, Node)}
    replies = set()
    for text in texts:
        reply = game.parse_reply(text)
        if reply not in below:
            shown = ", ".join(sorted(game.format_reply(r) for r in below)[:8])
            raise WordguessError(f"--under {text}: the tree plays no guess after that reply to its first guess; "
                                 f"it does after {shown}{', ...' if len(below) > 8 else ''}")
        replies.add(reply)
    return frozenset(replies)


def report(found: Improvement, puzzle: Puzzle, limit: int | None, store: str | None, world: str, nodes: int) -> None:
    """Print an improvement: the totals, the gains, what is proven, the openers, the work."""
    game = puzzle.game
    n = found.secrets
    within = f"within {limit} guesses" if limit else "no guess limit"
    out.print(f"[bold]{game.display(found.first).upper()}[/]: {found.before:,} -> {found.after:,} guesses in all "
              f"(mean {found.before / n:.4f} -> {found.after / n:.4f}), {n:,} secrets, {puzzle.mode} mode, {within}")
    if world == "open":
        out.print("the open world's tree: every allowed word counted alike (the exact search weighs none)", markup=False)
    if any(found.over_limit):
        out.print(f"secrets past the limit of {limit}: {found.over_limit[0]:,} -> {found.over_limit[1]:,}", markup=False)
    gains = sorted(found.gains, key=lambda g: (g.after - g.before, len(g.path)))
    if gains:
        out.print(f"{len(gains):,} subtree{'s' if len(gains) > 1 else ''} improved:", markup=False)
        for g in gains[:SHOWN]:
            out.print(f"  {gain_text(g, puzzle)}", markup=False)
        if len(gains) > SHOWN:
            out.print(f"  and {len(gains) - SHOWN:,} more (--json lists them all)", markup=False)
    else:
        out.print("no subtree improved", markup=False)
    first = game.display(found.first).upper()
    if found.optimal_for_opener:
        out.print(f"proven: {found.after:,} is the least total of any tree that opens with {first}", markup=False)
    elif found.opener_bound >= INF:
        out.print(f"proven: no tree within {limit} guesses opens with {first}", markup=False)
    else:
        out.print(f"proven lower bound for trees that open with {first}: {found.opener_bound:,}", markup=False)
    if found.width:
        out.print(f"restricted search: the {found.width:,} most promising guesses at each node (its trees "
                  "prove nothing; the bound above is the one-step bounds')", markup=False)
    if found.ran_out:
        out.print(f"{found.ran_out:,} searches ran out of their {nodes:,} nodes (their subtrees' children were "
                  "searched instead; --nodes gives each more)", markup=False)
    if found.unsettled:
        out.print(f"{found.unsettled:,} subtrees not searched before the stop", markup=False)
    if found.openers or found.openers_unsettled:
        shown = ", ".join(opener_text(r, limit, game.display(r.opener)) for r in found.openers[:SHOWN])
        more = f", and {len(found.openers) - SHOWN:,} more" if len(found.openers) > SHOWN else ""
        left = f"; {found.openers_unsettled:,} ran out of their nodes" if found.openers_unsettled else ""
        out.print(f"other openers searched ({len(found.openers):,}): {shown}{more}{left}", markup=False)
    if found.stopped:
        out.print(f"stopped: {found.stopped}; the best tree so far is written"
                  + ("; the same command resumes from the store" if store else ""), markup=False)
    out.print(f"{found.seconds:.1f} s, {found.nodes:,} nodes" + (f"; proven results kept in {store}" if store else ""),
              markup=False)


def gain_text(gain: Gain, puzzle: Puzzle) -> str:
    """Return one gain: where, the guess before and after, the totals."""
    game = puzzle.game
    where = " ".join(f"{game.display(w).upper()} {game.format_reply(r)}" for w, r in gain.path) or "the first guess"
    old, new = (game.display(w).upper() for w in gain.guesses)
    guess = old if old == new else f"{old} -> {new}"
    past = f", {gain.over_limit:,} past the limit before" if gain.over_limit else ""
    return (f"{where}: {guess} ({gain.size:,} secrets{past}): {gain.before:,} -> {gain.after:,} "
            f"({gain.after - gain.before:+,})")
