"""The `optimal` command: exact optimal guess trees, proven or bounded, with a progress bar,
Ctrl-C that keeps what was proven, and the shared tree format on --out."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from wordguess.cli import opts as opt
from wordguess.cli.common import (
    GameChoice,
    ListChoice,
    build_puzzle,
    err,
    game_command,
    note_skipped,
    out,
    print_json,
    puzzle_spec,
)
from wordguess.cli.render import evaluation_text, opener_text
from wordguess.cli.work import progress_bar, run_search, search_setting
from wordguess.engine.puzzle import Puzzle
from wordguess.errors import WordguessError
from wordguess.optimal.absurdle import solve_absurdle
from wordguess.optimal.equilibrium import SavedTrees, solve_equilibrium
from wordguess.optimal.tasks import SearchSpec, solver_for
from wordguess.optimal.total.certificates import (
    Certificate,
    certificate_for,
    shipped_certificates,
    shipped_names,
)
from wordguess.optimal.total.run import Outcome, optimal
from wordguess.optimal.total.search import INF, OpenerResult
from wordguess.optimal.worst.run import WorstCase, optimal_worst
from wordguess.trees.report import tree_evaluation
from wordguess.trees.tree import TreeFile

OBJECTIVES = ("total", "worst")  # what `optimal --objective` minimises first
SHOWN_OPENERS = 20  # the openers a text report lists (--json lists them all)
SCOPES = {"opener": "proven optimal for trees that open with {first}",
          "openers": "proven optimal for this opener; best of the {n} most promising openers "
                     "(use --all-openers to certify it over every first guess)",
          "all openers": "proven optimal over every allowed first guess"}


@game_command(first=False)
def optimal_command(
    game: GameChoice,
    lists: ListChoice = None,
    mode: opt.ExactMode = "normal",
    objective: Annotated[str, typer.Option(
        help="total: the least total guesses; worst: the least worst case (each fewer guesses proven "
             "impossible), then the least total within it.")] = "total",
    max_guesses: Annotated[int | None, typer.Option(
        help="Solve every secret within this many guesses (default: the game's limit, 6 for Wordle; 0: no limit). "
             "With --objective worst: the deepest worst case tried.")] = None,
    first: Annotated[str | None, typer.Option(help="Prove the best tree that opens with this word.")] = None,
    openers: Annotated[int | None, typer.Option(help="Rank the N most promising first guesses by their exact value (default 5).")] = None,
    all_openers: Annotated[bool, typer.Option("--all-openers", metavar="", help="Certify the optimum over every allowed first guess.")] = False,
    workers: Annotated[int, typer.Option(help="Worker processes (tasks: openers, or first replies of one opener; for --fewest-worst, the second guesses of a large first reply).")] = 1,
    executor: opt.Executor = "process",
    ray_address: opt.RayAddress = None,
    store: opt.Store = None,
    no_store: opt.NoStore = False,
    time_limit: Annotated[float | None, typer.Option(help="Stop the whole search after this many seconds (the result is then an upper bound).")] = None,
    node_limit: Annotated[int | None, typer.Option(help="Stop a search call after this many nodes.")] = None,
    out_file: Annotated[str | None, typer.Option("--out", "-o", help="Write the tree here (JSON, the shared tree format).")] = None,
    no_certificate: Annotated[bool, typer.Option(
        "--no-certificate", metavar="", help="Search even when the shipped opener certificate (see `wordguess openers`) "
        "has the answer (with --objective worst: an opener's refutation within a limit).")] = False,
    fewest_worst: Annotated[bool, typer.Option(
        "--fewest-worst", metavar="", help="With --objective worst: also the fewest secrets that need all the "
        "worst case's guesses (proven).")] = False,
    per_reply: Annotated[float | None, typer.Option(
        help="With --objective worst: search each first reply of an opener for at most this many seconds and "
             "pass over a reply that reaches it, so that another reply can still refute the opener (else it is "
             "left undecided).")] = None,
    as_json: opt.Json = False,
) -> None:
    """Find the guess tree with the least total guesses over all secrets, and say whether it is
    proven optimal or only an upper bound. With --first or --all-openers, a value in the shipped
    opener certificate is read from it instead of searched (unless --out asks for the tree)."""
    if sum(x is not None and x is not False for x in (first, openers, all_openers or None)) > 1:
        raise WordguessError("give at most one of --first, --openers and --all-openers")
    if objective not in OBJECTIVES:
        raise WordguessError(f"--objective must be one of {', '.join(OBJECTIVES)}, not {objective!r}")
    if mode not in ("normal", "hard", "strict") or (mode == "strict" and objective != "total"):
        raise WordguessError(f"the exact search supports --mode normal or hard, and strict for --objective total; "
                             f"not {mode!r}" + (f" with --objective {objective}" if mode == "strict" else ""))
    if fewest_worst and objective != "worst":
        raise WordguessError("--fewest-worst counts the secrets at the worst case: give it with --objective worst")
    if per_reply is not None and (objective != "worst" or not per_reply > 0):
        raise WordguessError("--per-reply limits the worst case's first replies: give it a number of seconds above 0 "
                             "with --objective worst")
    name, store_path = search_setting(workers, executor, ray_address, time_limit, store, no_store)
    rules = game.truthful_rules("optimal")
    limit = rules.max_guesses if max_guesses is None else (max_guesses or None)
    spec = SearchSpec(puzzle_spec(rules, lists, mode), limit, store_path, time_limit, node_limit)
    puzzle = solver_for(spec).puzzle
    note_skipped(spec.puzzle, puzzle.answers, puzzle.guesses)
    if first is not None:
        first = puzzle.guesses[puzzle.index_of(first)]
    count = openers or 5
    label = f"proving {first.upper()}" if first else ("certifying every opener" if all_openers else f"ranking {count} openers")
    if objective == "worst":
        worst_report(spec, first, count, all_openers, name, workers, ray_address, out_file, as_json, fewest_worst,
                     per_reply, not no_certificate)
        return
    certificate = None if no_certificate or out_file else certificate_for(puzzle, limit)
    outcome = certified_outcome(certificate, first, all_openers) if certificate is not None else None
    if outcome is None:
        certificate = None
        outcome = run_search(name, workers, ray_address, label, lambda pool, progress: optimal(
            spec, first, None if first or all_openers else count, all_openers, pool, progress), spec.store)
    if out_file and outcome.tree is not None and outcome.feasible:
        TreeFile(puzzle.game, mode, puzzle.answers.name, puzzle.guesses.name, outcome.tree).save(out_file)
    if as_json:
        data = {"game": puzzle.game.name, "mode": mode, "max_guesses": limit, **outcome.to_json(len(puzzle.answers))}
        if certificate is not None:
            data["source"] = {"certificate": True, "threshold": certificate.threshold, "command": certificate.command}
        elif spec.store:
            data["store"] = spec.store
        print_json(data)
        return
    total_report(puzzle, spec.store, outcome, limit, certificate)
    if out_file and outcome.tree is not None and outcome.feasible:
        err.print(f"wrote {out_file}", markup=False)


def total_report(puzzle: Puzzle, store: str | None, outcome: Outcome, limit: int | None,
                 certificate: Certificate | None = None) -> None:
    """Print an optimal search's outcome: the tree's total, what is proven, the search's work
    (or the certificate the total was read from)."""
    if outcome.infeasible:
        which = (f"opens with {outcome.first.upper()}" if outcome.scope == "opener"
                 else f"opens with any of the {len(outcome.openers)} openers searched")
        how = (f"{outcome.seconds:.1f} s, {outcome.nodes:,} nodes" if outcome.nodes
               else "read from the proven results kept" + (f" in {store}" if store else ""))
        out.print(f"no tree within {limit} guesses {which}: proven ({how})", markup=False)
        return
    if not outcome.feasible:
        out.print(f"no tree within {limit} guesses was found before the search stopped ({outcome.stopped}): "
                  f"the best tree found, opening with {outcome.first.upper()}, needs more than {limit} guesses "
                  f"for {outcome.over_limit:,} of the {len(puzzle.answers):,} secrets", markup=False)
        lower_bound_line(outcome, len(puzzle.answers), None)
        return
    verdict = (SCOPES[outcome.scope].format(first=outcome.first.upper(), n=len(outcome.openers))
               if outcome.proven else f"an upper bound only: {outcome.stopped}")
    out.print(f"[bold]{outcome.first.upper()}[/]: {outcome.total:,} guesses in all, mean "
              f"{outcome.total / len(puzzle.answers):.4f}: {verdict}")
    if not outcome.proven:
        lower_bound_line(outcome, len(puzzle.answers), outcome.total)
    if certificate is not None:
        out.print(f"read from the shipped opener certificate ({certificate_scope(certificate)}; built by "
                  f"`{certificate.command}`): --no-certificate searches, --out builds the tree", markup=False)
    else:
        out.print(f"{outcome.seconds:.1f} s, {outcome.nodes:,} nodes, {outcome.cache_hits:,} cache hits"
                  + (f"; proven results kept in {store}" if store else ""), markup=False)
    if len(outcome.openers) > 1 or (outcome.openers and not outcome.proven):
        head = ("openers settled before the stop" if not outcome.proven else "openers")
        shown = ", ".join(opener_text(r, limit) for r in outcome.openers[:SHOWN_OPENERS])
        more = len(outcome.openers) - SHOWN_OPENERS
        out.print(f"{head} ({len(outcome.openers):,}): {shown}"
                  + (f", and {more:,} more (--json lists them all)" if more > 0 else ""), markup=False)
    if outcome.tree is not None:
        out.print(evaluation_text(tree_evaluation(puzzle, outcome.tree, name="optimal tree")))


def certified_outcome(certificate: Certificate, first: str | None, all_openers: bool) -> Outcome | None:
    """Return the outcome the certificate proves: `first`'s exact value, or with `all_openers`
    the best opener and its exact rivals (one per symmetry class); None when it does not
    answer (`first` has only a bound there, or the best opener is above the threshold)."""
    if first is not None:
        known = certificate.value(first)
        if known is None or not known[1] or known[0] >= INF:
            return None
        value, scope, rivals = known[0], "opener", [OpenerResult(first, known[0], True, 0, 0.0)]
    elif all_openers and certificate.best is not None:
        value, scope, first = certificate.best.value, "all openers", certificate.best.opener
        rivals = [OpenerResult(e.opener, e.value, True, 0, 0.0) for e in certificate.ranked()
                  if e.exact and e.value < INF and e.same_as is None]
    else:
        return None
    return Outcome(first, value, True, scope, rivals, 0.0, 0, 0)


def lower_bound_line(outcome, n: int, total: int | None) -> None:
    """Print the lower bound a stopped search proved, and its gap to the tree found."""
    if outcome.lower_bound is None or outcome.lower_bound >= INF:
        return
    whose = f"any tree opening with {outcome.first.upper()}" if outcome.scope == "opener" else "any tree"
    gap = "" if total is None else f"; the gap: {total - outcome.lower_bound:,}"
    out.print(f"proven: {whose} needs at least {outcome.lower_bound:,} guesses over the {n:,} secrets "
              f"(mean {outcome.lower_bound / n:.4f}){gap}", markup=False)


def certificate_scope(certificate: Certificate) -> str:
    """Return what a certificate proves, in a phrase."""
    n = len(certificate.entries)
    if certificate.undecided_count or certificate.witnessed:
        undecided = (f"; the {certificate.undecided_count:,} undecided (their searches stopped at their limits) with a "
                     "proven lower bound on the total" if certificate.undecided_count else "")
        return (f"{certificate.infeasible_count:,} of the {n:,} openers refuted, each by a first reply no tree "
                f"finishes within {certificate.max_guesses - 1} more{undecided}")
    if certificate.infeasible_count == n:
        return f"each of the {n:,} openers proven to have no tree within {certificate.max_guesses}"
    if certificate.threshold is None:
        return f"every one of the {n:,} openers exact"
    none = certificate.infeasible_count
    beyond = f"; {none:,} proven to have no tree within {certificate.max_guesses} guesses" if none else ""
    return (f"{certificate.exact_count:,} of the {n:,} openers exact, those at most {certificate.threshold:,} "
            f"guesses{beyond}; the others proven above it")


def worst_report(spec: SearchSpec, first: str | None, count: int, all_openers: bool, name: str, workers: int,
                 ray_address: str | None, out_file: str | None, as_json: bool, fewest: bool = False,
                 per_reply: float | None = None, certified: bool = True) -> None:
    """Run and print `optimal --objective worst`: the least worst case and its proof, then the
    least total within it."""
    puzzle = solver_for(spec).puzzle
    label = f"worst case of {first.upper()}" if first else "worst case over every opener"
    found = run_search(name, workers, ray_address, label, lambda pool, progress: optimal_worst(
        spec, first, None if first or all_openers else count, all_openers, pool, progress, fewest, per_reply,
        certified), spec.store)
    total = found.total
    tree = found.tree
    if out_file and tree is not None:
        TreeFile(puzzle.game, puzzle.mode, puzzle.answers.name, puzzle.guesses.name, tree).save(out_file)
    if as_json:
        data = {"game": puzzle.game.name, "mode": puzzle.mode, **found.to_json(len(puzzle.answers))}
        if spec.store:
            data["store"] = spec.store
        print_json(data)
        return
    out.print(worst_text(found.worst), markup=False)
    read = []
    if found.certified:
        n = found.certified
        read.append('its refutation' if n == 1 and first else f"{n:,} refutation{'s' if n > 1 else ''}")
    if found.certified_witness is not None:
        read.append(f"{found.worst.witness.upper()}'s tree within {found.worst.depth} ({found.certified_witness:,} "
                    "guesses; the tree file its command names, walked when it was built)")
    if read:
        out.print(f"{' and '.join(read)} read from the shipped opener certificate "
                  "(`wordguess openers --max-guesses N` prints it): --no-certificate searches", markup=False)
    if total is not None:
        total_report(puzzle, spec.store, total, found.worst.depth)
    depth = found.worst.depth
    if found.witness is not None:
        out.print(f"a tree within {depth} guesses opening with {found.worst.witness.upper()}, as the feasibility "
                  "search grows it (its total is not the least):", markup=False)
        out.print(evaluation_text(tree_evaluation(puzzle, found.witness, name="tree within the worst case")))
    elif found.witness_stopped:
        out.print(f"no tree within {depth} guesses was grown: the search stopped first ({found.witness_stopped})",
                  markup=False)
    if out_file and tree is not None:
        err.print(f"wrote {out_file}", markup=False)


def worst_text(worst: WorstCase) -> str:
    """Return the worst-case verdict: the least worst case and what proves it, or how far the
    proof got."""
    classes = f" ({worst.openers:,} up to symmetry)" if worst.openers < worst.guesses else ""
    scope = (f"for any of the {worst.guesses:,} first guesses{classes}" if worst.scope == "all openers"
             else "for this first guess")
    work = f"{worst.seconds:.1f} s, {worst.nodes:,} nodes"
    below = worst.proven_at_least - 1
    if worst.undecided:
        shown = ", ".join(w.upper() for w in worst.undecided[:12]) + (", ..." if len(worst.undecided) > 12 else "")
        found = (f"; {worst.witness.upper()} finishes every secret within {worst.depth}" if worst.depth is not None
                 else "")
        return (f"worst case >= {worst.proven_at_least} proven{found}; {len(worst.undecided):,} of "
                f"{worst.openers:,} first guesses undecided within {worst.proven_at_least} ({shown}): a first reply "
                f"of each reached the per-reply limit and none of the others refuted it ({work}); "
                "the total within it was not searched")
    if worst.depth is not None:
        fewest = ""
        if worst.stopped:
            fewest = (f"; the fewest secrets that need all {worst.depth} guesses were not finished ({worst.stopped}; "
                      "what was proven is kept in the store, and the same command resumes from it), "
                      "and the total within it was not searched")
        elif worst.fewest_at_worst is not None:
            n = worst.fewest_at_worst
            fewest = (f"; at least {n:,} {'secret needs' if n == 1 else 'secrets need'} all {worst.depth} guesses "
                      "in every such tree, "
                      f"and {worst.fewest_witness.upper()} opens one with that few (proven)")
        return (f"worst case {worst.depth} proven: no tree finishes every secret within {below} guesses {scope}; "
                f"{worst.witness.upper()} finishes them within {worst.depth}{fewest} ({work})")
    if worst.stopped:
        return (f"worst case >= {worst.proven_at_least} proven; within {worst.proven_at_least}: "
                f"{worst.checked:,} of {worst.openers:,} first guesses refuted before the search stopped "
                f"({worst.stopped}; {work}); the total within it was not searched")
    why = ""
    if worst.refuter is not None:
        reply, n = worst.refuter
        why = f": its reply {reply} leaves {n:,} secrets that no tree finishes within {below - 1} more"
    return f"no tree finishes every secret within {below} guesses {scope}{why} ({work})"


@game_command(first=False)
def absurdle_command(
    game: GameChoice,
    lists: ListChoice = None,
    mode: opt.NormalOrHard = "normal",
    prove: Annotated[bool, typer.Option("--prove", metavar="", help="Also prove, by a complete search, that one guess fewer cannot win (for every tie rule).")] = False,
    openers: Annotated[int, typer.Option(help="Search this many first guesses for wins, those whose kept bucket is smallest first (0: all).")] = 100,
    sequences: Annotated[int, typer.Option(help="Show at most this many winning games.")] = 8,
    as_json: opt.Json = False,
) -> None:
    """Solve Absurdle: the fewest guesses that win against the host that keeps the largest
    bucket (ties: the reply that reveals least), the winning games found, and with --prove the
    proof that one guess fewer cannot win."""
    if mode not in ("normal", "hard"):
        raise WordguessError(f"absurdle supports --mode normal or hard, not {mode!r}")
    if openers < 0 or sequences < 0:
        raise WordguessError("--openers and --sequences must be 0 or more")
    puzzle = build_puzzle(puzzle_spec(game.rules(), lists, mode))
    label = "searching for wins" + (" and proving" if prove else "")
    with progress_bar(label) as progress:
        result = solve_absurdle(puzzle, prove, openers or None, sequences, progress)
    if as_json:
        print_json({"game": puzzle.game.name, "answers": len(puzzle.answers),
                    "guesses": len(puzzle.guesses), **result.to_json()})
        return
    setting = (f"{puzzle.game.name} ({len(puzzle.answers):,} answers, {len(puzzle.guesses):,} guesses), "
               f"{mode} mode")
    if result.least is None:
        out.print(f"Absurdle on {setting}: no win found from the {result.openers_tried:,} openers searched", markup=False)
        return
    if result.proven:
        verdict = f"{result.least} guesses win and {result.impossible} cannot (proven, for every tie rule)"
    elif prove:
        verdict = f"{result.least} guesses win; {result.least - 1} was not shown impossible"
    else:
        verdict = f"{result.least} guesses win (fewer not ruled out: --prove searches for that)"
    out.print(f"[bold]Absurdle[/] on {setting}: {verdict}")
    for line in result.sequences:
        out.print("  " + " ".join(puzzle.game.display(w).upper() for w in line), markup=False)
    out.print(f"{result.openers_winning:,} of the {result.openers_tried:,} openers searched win in {result.least}",
              markup=False)
    if prove:
        p = result.proof
        out.print(f"proof: {p.positions:,} positions, {p.guesses:,} guesses tried, {p.replies:,} replies read",
                  markup=False)
    out.print(f"{result.seconds:.1f} s", markup=False)


@game_command(first=False)
def equilibrium_command(
    game: GameChoice,
    lists: ListChoice = None,
    show: Annotated[int, typer.Option(min=0, help="Show the chooser's weights of at most this many secrets.")] = 20,
    save: Annotated[Path | None, typer.Option(help="Keep the trees found in this file, and resume from the "
                                              "trees it holds (a run stopped by Ctrl-C goes on from there).")] = None,
    as_json: opt.Json = False,
) -> None:
    """Solve the chooser's game: the secret is picked with any distribution, the guesser may mix
    trees; print its exact value (by linear programming with exact best responses, checked in
    rational arithmetic), both sides' strategies and the uniform-secret optimum beside it."""
    puzzle = build_puzzle(puzzle_spec(game.rules(), lists))
    with progress_bar("solving the chooser's game") as progress:
        found = solve_equilibrium(puzzle, progress=progress, saved=SavedTrees(save, puzzle) if save else None)
    if as_json:
        print_json({"game": puzzle.game.name, **found.to_json(list(puzzle.answers))})
        return
    n = len(puzzle.answers)
    show_word = puzzle.game.display
    if found.exact:
        value = f"value {found.value} = {float(found.value):.4f} guesses (exact)"
    else:
        value = (f"value between {float(found.low):.6f} and {float(found.high):.6f} guesses (exact bounds: the "
                 "LP's strategies, rounded, do not meet)")
    out.print(f"[bold]The chooser's game[/] on {puzzle.game.name} ({n:,} secrets): {value}")
    gain = found.low - found.uniform_value
    out.print(f"against a uniform secret the best tree needs {found.uniform_value} = {float(found.uniform_value):.4f}: "
              + ("the uniform chooser is optimal" if found.uniform_is_optimal else f"weighting the secrets gains the "
                 f"chooser at least {float(gain):.4f}"), markup=False)
    if found.classes:
        out.print("chooser, by class of codes (each code of a class equally likely): " + ", ".join(
            f"{show_word(w)} x {size:,}: {p}" for w, size, p in found.classes), markup=False)
    ranked = sorted(found.chooser.items(), key=lambda kv: (-kv[1], kv[0]))
    shown = ", ".join(f"{show_word(w)} {p}" for w, p in ranked[:show])
    more = f", ... ({len(ranked):,} of {n:,} secrets)" if len(ranked) > show else f" ({len(ranked):,} of {n:,} secrets)"
    out.print(f"chooser: {shown}{more}", markup=False)
    mapped = " (each played under a random map of the pegs and colours)" if found.symmetrised else ""
    out.print(f"guesser: a mixture of {len(found.guesser):,} trees{mapped}; {found.iterations} best responses, "
              f"{found.nodes:,} positions, {found.seconds:.1f} s", markup=False)


@game_command(first=False)
def openers_command(
    game: GameChoice,
    mode: opt.NormalOrHard = "normal",
    lists: ListChoice = None,
    max_guesses: Annotated[int | None, typer.Option(
        help="The certificate of this guess limit (default: the game's, 6 for Wordle).")] = None,
    top: Annotated[int, typer.Option(help="Show the first N openers (0: all).")] = 20,
    as_json: opt.Json = False,
) -> None:
    """Print a shipped opener certificate: every first guess with its exact total guesses where
    it is at most the certificate's threshold, and a proven lower bound above it otherwise; of
    the game's lists, or of those --answers and --guesses name (the NYT's, say). A certificate
    of the feasibility search's verdicts gives each refuted opener the reply that refutes it."""
    if top < 0:
        raise WordguessError(f"--top must be 0 (all) or more, not {top}")
    if max_guesses is not None and max_guesses < 1:
        raise WordguessError(f"--max-guesses must be 1 or more, not {max_guesses}")
    rules = game.truthful_rules("openers")
    if not any(m["game"] == rules.name and m["mode"] == mode for m in shipped_certificates().values()):
        raise WordguessError(f"no opener certificate is shipped for {rules.name} in {mode} mode; shipped: "
                             f"{shipped_names()}")
    puzzle = puzzle_spec(rules, lists, mode).build()
    limit = rules.max_guesses if max_guesses is None else max_guesses
    certificate = certificate_for(puzzle, limit)
    if certificate is None:
        within = "" if max_guesses is None else f" within {limit} guesses"
        raise WordguessError(f"no opener certificate is shipped for {rules.key} in {mode} mode with answers "
                             f"{puzzle.answers.name} and guesses {puzzle.guesses.name}{within} (other options, "
                             f"lists or limits); shipped: {shipped_names()}")
    rows = certificate_rows(certificate, top or None)
    if as_json:
        best = certificate.best
        header = {k: v for k, v in certificate.to_json().items() if k not in ("openers", "format")}
        print_json({**header, "exact": certificate.exact_count,
                    "infeasible": certificate.infeasible_count, "undecided": certificate.undecided_count,
                    "witnessed": len(certificate.witnessed),
                    "count": len(certificate.entries),
                    "best": None if best is None else best.opener, "openers": rows})
        return
    out.print(certificate_header(certificate, puzzle), markup=False)
    width = max(len(r["opener"]) for r in rows)
    verdicts = any(e.refuter or e.undecided or e.witness for e in certificate.entries)
    out.print(f"{'rank':>5}  {'opener':<{width}}  {'total':>9}  {'mean':>9}" + ("  why" if verdicts else ""),
              markup=False)
    for r in rows:
        if r["value"] is None:
            rank, value, mean = "-", "none", f"within {certificate.max_guesses}"
        else:
            rank, value, mean = (str(r["rank"]), f"{r['value']:,}", f"{r['mean']:.4f}") if r["exact"] else (
                "-", f">= {r['value']:,}", f">= {r['mean']:.4f}")
        why = (f"  a tree of {r['witness']:,}" if r.get("witness") else "  undecided" if r.get("undecided") else
               f"  {r['refuter'][0]} leaves {r['refuter'][1]:,}" if r.get("refuter") else "")
        out.print(f"{rank:>5}  {r['opener'].upper():<{width}}  {value:>9}  {mean:>9}{why}", markup=False)
    if len(rows) < len(certificate.entries):
        out.print(f"(the first {len(rows):,} of {len(certificate.entries):,} openers; --top 0 shows all)", markup=False)


def certificate_rows(certificate: Certificate, top: int | None) -> list[dict]:
    """Return the first `top` openers (None: all) as rows: rank (shared by equal exact values;
    None for a bound), opener, value (None: no tree within the limit), mean, exact."""
    rows, rank = [], 0
    previous = None
    for k, entry in enumerate(certificate.ranked()[:top]):
        if entry.exact and entry.value != previous:
            rank, previous = k + 1, entry.value
        value = None if entry.value >= INF else entry.value
        rows.append({"rank": rank if entry.exact and value is not None else None, "opener": entry.opener,
                     "value": value, "mean": None if value is None else round(value / certificate.secrets, 4),
                     "exact": entry.exact}
                    | ({"refuter": list(entry.refuter)} if entry.refuter else {})
                    | ({"undecided": True} if entry.undecided else {})
                    | ({"witness": entry.witness} if entry.witness is not None else {}))
    return rows


def certificate_header(certificate: Certificate, puzzle: Puzzle) -> str:
    """Return what a certificate covers and proves, in three lines."""
    options = ", ".join(f"{k} {v}" for k, v in certificate.options.items())
    limit = f"at most {certificate.max_guesses} guesses" if certificate.max_guesses else "no guess limit"
    setting = (f"Opener certificate: {certificate.game} ({options}), {certificate.mode} mode, {certificate.secrets:,} "
               f"answers ({certificate.answers}), {len(puzzle.guesses):,} guesses ({certificate.guesses}), {limit}")
    best, witnessed = certificate.best, certificate.witnessed
    trees = (", ".join(f"{e.opener.upper()} ({e.witness:,} guesses)" for e in witnessed[:3])
             + (", ..." if len(witnessed) > 3 else ""))
    proves = (f"proves that {len(witnessed):,} {'opener finds' if len(witnessed) == 1 else 'openers find'} every answer "
              f"within {certificate.max_guesses} guesses by a tree walked when it was built, {trees}, and that no "
              f"opener but {'it' if len(witnessed) == 1 else 'those'} and the {certificate.undecided_count:,} undecided does" if witnessed else
              f"proves that no opener finds every answer within {certificate.max_guesses} guesses"
              if certificate.infeasible_count == len(certificate.entries) else
              f"proves that no opener but the {certificate.undecided_count:,} undecided finds every answer within "
              f"{certificate.max_guesses} guesses" if certificate.undecided_count else
              "proves no best opener: none is at most the threshold" if best is None else
              f"proves {best.opener.upper()} is a best opener, {best.value:,} guesses in all (mean "
              f"{best.value / certificate.secrets:.4f}), and that no other opener beats it")
    return (f"{setting}\n{proves}; {certificate_scope(certificate)}\nbuilt by `{certificate.command}` "
            f"(solver {certificate.solver_version}, {certificate.date})")
