"""LeetCode 843: the statement's example, the Master's bookkeeping, and the planner's guarantee
checked against a brute-force oracle that tries every strategy."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordguess.errors import WordguessError
from wordguess.leetcode import (
    Master,
    Solution,
    capacity,
    plan_tree,
    worst_case_guesses,
)
from wordguess.trees.tree import leaves

EXAMPLE = ["acckzz", "ccbazz", "eiowzz", "abcczz"]


def test_statement_example():
    master = Master(EXAMPLE, "acckzz")
    assert [master.guess(w) for w in ("aaaaaa", "acckzz", "ccbazz", "eiowzz", "abcczz")] == [-1, 6, 3, 2, 4]
    assert master.calls[0] == "aaaaaa" and master.guesses_used == 5 and master.solved
    master = Master(EXAMPLE, "acckzz")
    Solution().findSecretWord(EXAMPLE, master)
    assert master.solved and all(w in EXAMPLE for w in master.calls)


def test_master_rules():
    with pytest.raises(WordguessError):
        Master(EXAMPLE, "zzzzzz")
    master = Master(EXAMPLE, "eiowzz", allowed_guesses=1)
    master.guess("acckzz")
    master.guess("eiowzz")
    assert not master.solved  # found, but after the allowed calls


def solve_all(words, allowed):
    """Return, for each secret, whether the solver found it within `allowed` guesses."""
    results = {}
    for secret in words:
        master = Master(words, secret, allowed)
        Solution().find_secret_word(words, master)
        assert all(w in words for w in master.calls), "only list words are guessed"
        results[secret] = master.solved
    return results


def oracle_feasible(words, allowed) -> bool:
    """Return whether SOME strategy finds every secret within `allowed` guesses (exhaustive)."""
    def reply(g, s):
        return sum(a == b for a, b in zip(g, s, strict=True))

    @functools.cache
    def feasible(cands: frozenset, left: int) -> bool:
        if len(cands) <= 1:
            return left >= len(cands)
        if left <= 1:
            return False
        for g in words:
            buckets = {}
            for s in cands:
                if s != g:
                    buckets.setdefault(reply(g, s), set()).add(s)
            if len(buckets) == 1 and g not in cands and len(next(iter(buckets.values()))) == len(cands):
                continue
            if all(feasible(frozenset(b), left - 1) for b in buckets.values()):
                return True
        return False

    return feasible(frozenset(words), allowed)


words_lists = st.integers(3, 6).flatmap(
    lambda n: st.lists(st.text("abc", min_size=n, max_size=n), min_size=2, max_size=8, unique=True))


@given(words=words_lists, allowed=st.integers(1, 5))
def test_solver_succeeds_exactly_when_a_plan_exists(words, allowed):
    results = solve_all(words, allowed)
    possible = oracle_feasible(words, allowed)
    assert all(results.values()) == possible
    assert (plan_tree(words, allowed) is not None) == possible


@settings(max_examples=40)
@given(st.integers(3, 7).flatmap(
    lambda n: st.lists(st.text("abcd", min_size=n, max_size=n), min_size=5, max_size=60, unique=True)))
def test_random_lists_every_secret_within_ten(words):
    assert all(solve_all(words, 10).values())


def test_worst_case_and_plan_tree_agree():
    rng = random.Random(5)
    words = sorted({"".join(rng.choice("abcdef") for _ in range(5)) for _ in range(40)})
    need = worst_case_guesses(words)
    tree = plan_tree(words, need)
    assert tree is not None and plan_tree(words, need - 1) is None
    depths = dict(leaves(tree))
    assert sorted(depths) == words and max(depths.values()) <= need


def test_capacity_bound():
    assert [capacity(d, 6) for d in range(1, 5)] == [1, 7, 43, 259]


def statement_lists(count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        found = set()
        while len(found) < 100:
            found.add("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(6)))
        yield sorted(found)


@pytest.mark.parametrize("seed", [1, 2])
def test_statement_lists_every_secret(seed):
    for words in statement_lists(100, seed):
        depths = dict(leaves(plan_tree(words, 10)))
        assert sorted(depths) == words and max(depths.values()) <= 10


@pytest.mark.slow
def test_statement_lists_many():
    for words in statement_lists(2000, 99):
        depths = dict(leaves(plan_tree(words, 10)))
        assert max(depths.values()) <= 10
