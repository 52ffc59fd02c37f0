"""The shipped refutations (scripts/build_refutations.py): proofs that no hard-mode tree finds
every word of the open world within six after the opener's reply, read by the exact guard.
The slow test proves every core again from a fresh search."""

from __future__ import annotations

import time
from importlib import resources

import numpy as np
import pytest
from typer.testing import CliRunner

from wordguess import PuzzleSpec, get_game
from wordguess.cli import app
from wordguess.errors import WordguessError
from wordguess.optimal.total.search import ExactSolver, Limits
from wordguess.optimal.worst import exact_guard as exact_guard_module
from wordguess.optimal.worst.exact_guard import (
    REFUTATIONS_INDEX,
    ExactGuard,
    guesses_digest,
    shipped_refutations,
)
from wordguess.optimal.worst.search import FeasibilitySearch

GAME = get_game("wordle")


@pytest.fixture(scope="module")
def hard_open():
    return PuzzleSpec(GAME, mode="hard", world="open").build()


def shipped(puzzle):
    return shipped_refutations(GAME.key, "hard", guesses_digest(puzzle))


def history_of(puzzle, *turns):
    return [(word, GAME.parse_reply(reply)) for word, reply in turns]


def candidates_after(puzzle, history):
    words = puzzle.all_candidates()
    for word, reply in history:
        words = dict(puzzle.buckets(puzzle.index_of(word), words)).get(reply, words[:0])
    return words


def test_the_shipped_cores_lie_in_their_buckets(hard_open):
    proofs = shipped(hard_open)
    opener, depth, cores = proofs.opener, proofs.depth, proofs.cores
    assert opener == "tarse" and depth == 5
    assert "...Y." in cores and len(cores["...Y."]) < 40  # ?ILLS, not the 1,136 words
    buckets = {GAME.format_reply(r): {hard_open.answers[i] for i in b}
               for r, b in hard_open.buckets(hard_open.index_of(opener), hard_open.all_candidates())}
    for reply, core in cores.items():
        assert core <= buckets[reply], reply


def test_the_exact_guard_answers_from_them_without_searching(hard_open):
    """One node of budget: only a shipped proof can settle these positions."""
    exact_guard = ExactGuard(nodes=1)
    history = history_of(hard_open, ("tarse", "...Y."))
    assert exact_guard(hard_open, candidates_after(hard_open, history), history, 5) is False
    # Later on, while the candidates still hold the core (TOUTS tells none of ?ILLS apart), ...
    later = history_of(hard_open, ("tarse", "...Y."), ("touts", "....G"))
    assert exact_guard(hard_open, candidates_after(hard_open, later), later, 4) is False
    # ... but not once they lost part of it (SHOOK: HILLS and KILLS gone), nor with more guesses
    # left than the proof's, nor after another opener or in another mode.
    parted = history_of(hard_open, ("tarse", "...Y."), ("shook", "Y...."))
    assert ExactGuard.shipped(hard_open, candidates_after(hard_open, parted), parted, 4) is None
    # (There the search's own group bound settles it with no node: more of one group of words
    # alike but for one letter is left than four guesses can tell apart.)
    assert exact_guard(hard_open, candidates_after(hard_open, parted), parted, 4) is False
    assert exact_guard(hard_open, candidates_after(hard_open, history), history, 6) is None
    other = history_of(hard_open, ("tares", "....Y"))
    assert exact_guard(hard_open, candidates_after(hard_open, other), other, 5) is None
    normal = PuzzleSpec(GAME, world="open").build()
    assert ExactGuard.shipped(normal, candidates_after(normal, history), history, 5) is None


def follow_the_witnesses(puzzle, replies) -> None:
    """Follow the shipped trees from the opener's replies: each finds every word of its bucket
    within six, each guess allowed in hard mode (the rules' feedback decides every reply)."""
    proofs = shipped(puzzle)
    buckets = {GAME.format_reply(r): b for r, b in puzzle.buckets(puzzle.index_of(proofs.opener), puzzle.all_candidates())}
    exact_guard = ExactGuard(nodes=1)
    for reply in replies:
        assert reply not in proofs.cores and f"{proofs.opener}={reply}" in proofs.nodes
        for secret in (puzzle.answers[i] for i in buckets[reply]):
            history = [(proofs.opener, GAME.feedback(proofs.opener, secret))]
            left = buckets[reply]
            while not GAME.is_solved(history[-1][1]):
                assert len(history) < GAME.max_guesses, (secret, history)
                if len(left) == 1:
                    word = puzzle.answers[left[0]]
                else:
                    guess = exact_guard(puzzle, left, history, GAME.max_guesses - len(history))
                    assert guess is not None and guess is not False, (secret, history)
                    word = puzzle.guesses[guess]
                    assert puzzle.mode_problem(history, word) is None, (secret, history, word)
                reply_now = GAME.feedback(word, secret)
                history.append((word, reply_now))
                left = dict(puzzle.buckets(puzzle.index_of(word), left)).get(reply_now, left[:0])


def test_the_shipped_witness_tree_of_tarse_yy_finds_every_word(hard_open):
    """..YY. (192 words) has a tree that the exact guard's own budget does not find."""
    follow_the_witnesses(hard_open, ["..YY."])


def test_the_witness_trees_found_second_guess_by_second_guess_find_every_word(hard_open):
    """Y.... (311 words), ....G (469) and ..... (1,022): the whole search within 300,000 nodes
    settles none of them; the split finds a second guess (BUNDT, BLUME, CLOMP) whose every bucket
    has a tree within 4."""
    proofs = shipped(hard_open)
    assert [proofs.nodes[f"tarse={reply}"] for reply in ("Y....", "....G", ".....")] == ["bundt", "blume", "clomp"]
    follow_the_witnesses(hard_open, ["Y....", "....G", "....."])


def test_every_first_reply_of_the_opener_is_settled(hard_open):
    """Each first reply of TARSE has a proof with no tree (a core, or one second guess by second
    guess) or a witness tree: no strategy can do better after TARSE than the guard does."""
    proofs = shipped(hard_open)
    replies = {GAME.format_reply(r) for r, b in hard_open.buckets(hard_open.index_of("tarse"), hard_open.all_candidates())
               if not GAME.is_solved(r) and len(b) > 1}
    settled = set(proofs.cores) | set(proofs.split) | {key.split("=")[1] for key in proofs.nodes if " " not in key}
    assert replies <= settled
    assert not set(proofs.cores) & set(proofs.split) and not (set(proofs.cores) | set(proofs.split)) & {
        key.split("=")[1] for key in proofs.nodes if " " not in key}


@pytest.mark.slow
def test_every_shipped_witness_tree_finds_every_word(hard_open):
    proofs = shipped(hard_open)
    follow_the_witnesses(hard_open, sorted({key.split(" ")[0].split("=")[1] for key in proofs.nodes}))


@pytest.mark.parametrize("reply", ["...Y.", "..Y.Y"])  # by a core; second guess by second guess
def test_solve_says_no_strategy_can_guarantee_a_win_after_tarse(reply):
    result = CliRunner().invoke(app, ["solve", "--mode", "hard", "--world", "open", "--history", f"tarse={reply}"])
    assert result.exit_code == 0, result.output
    assert "no strategy can guarantee a win from here" in result.output


def test_a_damaged_file_is_refused(tmp_path, monkeypatch, hard_open):
    real = resources.files("wordguess.optimal") / "data"
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / REFUTATIONS_INDEX).write_text((real / REFUTATIONS_INDEX).read_text("utf-8"), encoding="utf-8")
    name = "refutations-wordle-hard.json.gz"
    raw = bytearray((real / name).read_bytes())
    raw[len(raw) // 2] ^= 1
    (tmp_path / "data" / name).write_bytes(bytes(raw))
    monkeypatch.setattr(exact_guard_module.resources, "files", lambda package: tmp_path)
    shipped_refutations.cache_clear()
    try:
        with pytest.raises(WordguessError, match="damaged"):
            shipped(hard_open)
    finally:
        monkeypatch.undo()
        shipped_refutations.cache_clear()


@pytest.mark.slow
def test_every_shipped_core_has_no_tree_from_a_fresh_search(hard_open):
    proofs = shipped(hard_open)
    opener, depth, cores = proofs.opener, proofs.depth, proofs.cores
    solver = ExactSolver(hard_open.counted_alike(), GAME.max_guesses, Limits(nodes=None))
    g = hard_open.index_of(opener)
    for reply, core in sorted(cores.items(), key=lambda rc: len(rc[1])):
        search = FeasibilitySearch(solver)  # an empty memo of its own
        state = solver.child_state(*solver.root_state(), g, GAME.parse_reply(reply))
        words = np.array(sorted(hard_open.index_of(w) for w in core))
        assert not search.within(words, state, depth, time.monotonic(), search.nodes), reply


def split_checked_by_the_rules(puzzle, reply: str, cores_to_prove: int | None) -> None:
    """The slow twin of the build's check of a proof second guess by second guess: every second
    guess that hard mode allows after the opener's reply (Puzzle.allowed) keeps its core together
    by the rules' feedback, word by word, and allows no guess there that the core's own position
    did not (Puzzle.allowed again); the first `cores_to_prove` cores (smallest first; None: all)
    have no tree within the guesses left from a fresh search of their own."""
    proofs = shipped(puzzle)
    proof, depth = proofs.split[reply], proofs.depth
    first = [(proofs.opener, GAME.parse_reply(reply))]
    bucket = {w for w in puzzle.answers if GAME.feedback(proofs.opener, w) == first[0][1]}
    seconds = {puzzle.guesses[i] for i in puzzle.allowed(puzzle.all_candidates(), first)}
    assert set(proof.second) == seconds
    there = {}
    for second, k in sorted(proof.second.items()):
        core_second, core_reply, core = proof.cores[k]
        assert core <= bucket, (reply, second)
        replies = {GAME.feedback(second, w) for w in core}
        assert len(replies) == 1 and not GAME.is_solved(next(iter(replies))), (reply, second)
        if k not in there:
            there[k] = set(puzzle.allowed(puzzle.all_candidates(), [*first, (core_second, GAME.parse_reply(core_reply))]).tolist())
        here = puzzle.allowed(puzzle.all_candidates(), [*first, (second, replies.pop())])
        assert set(here.tolist()) <= there[k], (reply, second)
    solver = ExactSolver(puzzle.counted_alike(), GAME.max_guesses, Limits(nodes=None))
    opener = puzzle.index_of(proofs.opener)
    for second, core_reply, core in sorted(proof.cores, key=lambda c: (len(c[2]), c[0]))[:cores_to_prove]:
        search = FeasibilitySearch(solver)  # an empty memo of its own
        state = solver.child_state(*solver.root_state(), opener, first[0][1])
        state = solver.child_state(*state, puzzle.index_of(second), GAME.parse_reply(core_reply))
        words = np.array(sorted(puzzle.index_of(w) for w in core))
        assert not search.within(words, state, depth - 1, time.monotonic(), search.nodes), (reply, second)


def smallest_split(puzzle) -> str:
    proofs = shipped(puzzle)
    assert proofs.split, "no first reply is proven second guess by second guess"
    return min(proofs.split, key=lambda r: (len(proofs.split[r].second), r))


def test_the_smallest_split_proof_holds_by_the_rules(hard_open):
    split_checked_by_the_rules(hard_open, smallest_split(hard_open), cores_to_prove=3)


@pytest.mark.slow
def test_every_split_proof_holds_by_the_rules(hard_open):
    for reply in sorted(shipped(hard_open).split):
        split_checked_by_the_rules(hard_open, reply, cores_to_prove=None)


def test_the_exact_guard_answers_from_a_split_proof_without_searching(hard_open):
    """One node of budget: after the opener's reply, and after any second guess while the
    candidates hold the core it keeps together; not once a core's word is gone."""
    proofs = shipped(hard_open)
    reply = smallest_split(hard_open)
    proof = proofs.split[reply]
    exact_guard = ExactGuard(nodes=1)
    history = history_of(hard_open, ("tarse", reply))
    left = candidates_after(hard_open, history)
    assert exact_guard(hard_open, left, history, 5) is False
    second = sorted(proof.second)[len(proof.second) // 2]
    core = proof.cores[proof.second[second]][2]
    later = [*history, (second, GAME.feedback(second, min(core)))]
    assert exact_guard(hard_open, candidates_after(hard_open, later), later, 4) is False
    assert exact_guard(hard_open, candidates_after(hard_open, later), later, 5) is None  # more guesses than proven
    missing = np.array([i for i in left if hard_open.answers[i] != min(core)])
    assert exact_guard(hard_open, missing, history, 5) is None  # a core's word gone: the proof no longer holds


def test_the_exact_guards_key_holds_only_its_own_modes_proofs(hard_open):
    """Rebuilding hard mode's proofs changes no normal-mode key (the measured second turn, the
    remembered suggestions): the exact guard's key holds the proofs of the puzzle's game and mode."""
    normal = PuzzleSpec(GAME, world="open").build()
    exact_guard = ExactGuard()
    assert exact_guard.key_for(normal).endswith(":none")
    assert exact_guard.key_for(hard_open) != exact_guard.key_for(normal)
    assert exact_guard_module.refutations_version(GAME.key, "hard") in exact_guard.key_for(hard_open)
