"""Shared test helpers: game fixtures and hypothesis strategies for words rich in repeats."""

from __future__ import annotations

import atexit
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

import httpx
import pytest
from hypothesis import settings
from hypothesis import strategies as st

from wordguess.engine.patterns import PatternStore, default_cache_dir
from wordguess.engine.puzzle import Puzzle, PuzzleSpec
from wordguess.games import GAMES, Game, get_game

# Tests never touch the user's cache folder: the run has one of its own, made by the first
# process (pytest-xdist's workers inherit it) and shared by every process of the run, the commands
# the tests start included, so a matrix, a proven value or an opening computed once is read back
# as a user's later commands read theirs (the stores check what they read).
_OWN_CACHE = "WORDGUESS_TESTS_CACHE" not in os.environ
if _OWN_CACHE:
    os.environ["WORDGUESS_TESTS_CACHE"] = tempfile.mkdtemp(prefix="wordguess-tests-cache-")
    atexit.register(shutil.rmtree, os.environ["WORDGUESS_TESTS_CACHE"], ignore_errors=True)
os.environ["XDG_CACHE_HOME"] = os.environ["WORDGUESS_TESTS_CACHE"]
os.environ.pop("WORDGUESS_CACHE_DIR", None)
if _OWN_CACHE:
    # It holds a matrix from the start, so no command of the run says that it made the cache
    # (a user's first command does, once: whichever test's command came first would).
    PatternStore(default_cache_dir(), disk_min_entries=1).matrix(get_game("wordle"), ["crane"], ["crane"])
os.environ.setdefault("WORDGUESS_WEB_KEY", "tests")  # nor write the web app's key file
# nor its data and state folders (the daily record, the prompt's history): one of their own
_FOLDERS = tempfile.mkdtemp(prefix="wordguess-tests-")
atexit.register(shutil.rmtree, _FOLDERS, ignore_errors=True)  # each process its own, gone as it ends
os.environ["XDG_DATA_HOME"] = os.path.join(_FOLDERS, "data")
os.environ["XDG_STATE_HOME"] = os.path.join(_FOLDERS, "state")
# The property tests draw 60 examples each in `make test`; `make test-all` draws 300
# (--hypothesis-profile thorough).
settings.register_profile("default", deadline=None, max_examples=60)
settings.register_profile("thorough", deadline=None, max_examples=300)
settings.load_profile("default")

# One instance of every registered game, sized so words can be drawn for it.
GAME_INSTANCES = {
    "wordle": get_game("wordle"),
    "wordle-4": get_game("wordle", length=4),
    "wordle-7": get_game("wordle", length=7),
    "wordle-11": get_game("wordle", length=11),
    "termo": get_game("termo"),
    "sutom": get_game("sutom", length=7),
    "jotto": get_game("jotto"),
    "matches": get_game("matches", length=6),
    "mastermind": get_game("mastermind"),
    "mastermind-5x8": get_game("mastermind", pegs=5, colours=8),
    "nerdle": get_game("nerdle"),
    "nerdle-mini": get_game("nerdle", length=6),
    "fibble": get_game("fibble"),
    "jotto2": get_game("jotto2"),
    "bulls": get_game("bulls"),
    "bulls-3of6": get_game("bulls", digits=3, symbols=6),
}
DISTINCT_SYMBOLS = {"jotto", "jotto2", "bulls"}  # games whose words never repeat a symbol
assert {g.name for g in GAME_INSTANCES.values()} == set(GAMES), "every registered game is tested"


@pytest.fixture(params=sorted(GAME_INSTANCES), scope="session")
def game(request) -> Game:
    return GAME_INSTANCES[request.param]


def words_for(game: Game, few_letters: bool = True) -> st.SearchStrategy[str]:
    """Return a strategy of valid words; with few_letters, from a small alphabet so repeated
    letters (the hard cases of duplicate handling) are common."""
    alphabet = game.alphabet
    if game.name in DISTINCT_SYMBOLS:  # few letters: words that share many of them
        pool = alphabet[: max(game.length + 2, 8)] if few_letters else alphabet
        return st.permutations(list(pool)).map(lambda p: "".join(p[: game.length]))
    if few_letters and len(alphabet) > 6:
        alphabet = alphabet[:2] + alphabet[4:6] + alphabet[-1]
    return st.text(alphabet, min_size=game.length, max_size=game.length)


# Small lists of every game, for tests that build whole trees or search exhaustively.
WORDLE_SMALL = """cigar rebut sissy humph awake blush focal evade naval serve heath dwarf model karma
stink grade quiet bench abate feign major death fresh crust stool colon abase marry react batty
pride floss helix croak staff paper unfed whelp trawl outdo adobe crazy sower repay digit crate
cluck spike mimic pound maxim linen unmet flesh booby forth first stand belly ivory seedy print
yearn drain bribe stout panel crass flume offal agree error swirl argue bleed delta flick totem
wooer front shrub parry biome lapel start greet goner golem lusty loopy round audit lying gamma
labor islet civic forge corny moult basic salad agate spicy spray essay fjord spend kebab guild
aback motor alone hatch hyper thumb dowry ought belch dutch pilot tweed comet jaunt enema steed
abyss growl fling dozen boozy erode world gouge click briar great altar pulpy blurt coast duchy
groin fixer group rogue badly smart pithy gaudy chill heron vodka finer surer radio rouge perch
retch wrote clock tilde store prove bring solve cheat grime exult usher epoch triad break rhino
viral conic masse sonic vital trace using peach champ baton brake pluck craze gripe weary picky
acute ferry aside tapir troll unify rebus boost truss siege tiger banal slump crank gorge query
drink favor abbey tangy panic solar shire proxy point robot prick wince crimp knoll sugar whack
mount perky could wrung light those moist shard pleat aloft skill elder frame humor pause ulcer
ultra robin cynic aroma caulk shake dodge swill tacit other thorn trove bloke vivid spill chant
choke rupee nasty mourn ahead brine cloth hoard sweet month lapse watch today focus smelt tease
cater movie saute allow renew their slosh purge chest depot epoxy nymph found shall stove lowly
snout trope fewer shawl natal comma foray scare stair black squad royal chunk mince shame cheek
ample flair foyer cargo oxide plant olive inert askew heist shown zesty trash larva forgo story
hairy train homer badge midst canny fetus butch farce slung tipsy metal yield delve being scour
glass gamer scrap money hinge album vouch asset tiara crept bayou atoll manor creak showy phase
froth depth gloom flood trait girth piety goose float donor atone primo apron blown cacao loser
input gloat awful brink smite beady rusty retro droll gawky hutch pinto egret lilac sever field
fluff flock bleep grand""".split()

SMALL_LISTS = {
    "wordle": (get_game("wordle"), WORDLE_SMALL[:30], WORDLE_SMALL),
    "termo": (get_game("termo"), ["ações", "acaso", "sábio", "pódio", "termo", "nobre", "sutil",
                                  "fazer", "sobre", "mundo", "tenso", "vigor", "ideia", "poder"], None),
    "sutom": (get_game("sutom", length=6), ["maison", "marche", "mouton", "moteur", "maigre",
                                            "mirage", "mangue", "manger", "menton", "mortel"], None),
    "jotto": (get_game("jotto"), [w for w in WORDLE_SMALL if len(set(w)) == 5][:25], None),
    "matches": (get_game("matches", length=5), WORDLE_SMALL[:25], None),
    "mastermind": (get_game("mastermind", pegs=3, colours=4), None, None),
    "nerdle": (get_game("nerdle", length=6), None, None),  # mini Nerdle's 206 equations
    "jotto2": (get_game("jotto2"), [w for w in WORDLE_SMALL if len(set(w)) == 5][:25], None),
    "bulls": (get_game("bulls", digits=3, symbols=5), None, None),
}
def small_puzzle(name: str, mode: str) -> Puzzle:
    game, answers, guesses = SMALL_LISTS[name]
    if answers is None:
        answers = game.generated_words()
    return Puzzle(game, answers, guesses or answers, mode=mode)


def small_wordle_files(folder) -> PuzzleSpec:
    """Return the spec of a closed-world Wordle on list files in `folder`: 40 answers, 160 guesses
    (small enough to certify every opener in a second)."""
    answers, guesses = folder / "answers.txt", folder / "guesses.txt"
    answers.write_text("\n".join(WORDLE_SMALL[:40]) + "\n")
    guesses.write_text("\n".join(WORDLE_SMALL[:160]) + "\n")
    return PuzzleSpec(get_game("wordle"), str(answers), str(guesses))


def walk(tree, history=()):
    """Yield (node, history) for every node of the tree."""
    if not isinstance(tree, str):
        yield tree, list(history)
        for reply, branch in tree.branches.items():
            if branch != tree.guess:
                yield from walk(branch, [*history, (tree.guess, reply)])


def pytest_unconfigure(config):
    if _OWN_CACHE:
        shutil.rmtree(os.environ["WORDGUESS_TESTS_CACHE"], ignore_errors=True)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test item (item.stash), so fixtures can tell in their
    teardown whether the test failed (the browser tests then print what the page showed)."""
    report = yield
    item.stash.setdefault(PHASE_REPORTS, {})[report.when] = report
    return report


PHASE_REPORTS = pytest.StashKey[dict]()

# The longest files are handed out first, so that no worker starts one of them near the end
# (the contract test warms its server's kernels before the check: see its WARM_UP).
FIRST = ("test_web_contract.py", "test_cli_fuzz.py")


def pytest_collection_modifyitems(items):
    order = {name: k for k, name in enumerate(FIRST)}
    items.sort(key=lambda item: order.get(item.path.name, len(FIRST)))  # (stable: the rest keep their order)


# --- a live server (the browser and contract tests) ---------------------------------------------

def script(name: str):
    """Return scripts/<name>.py as a module (the build scripts are not in the package)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# A fresh analysis worker runs at a lower priority (web.state.lower_priority) and imports and
# loads its kernels within the server's time limit, which beside other work (a loaded CI machine)
# it may overrun: what the tests check is the analysis, not that limit, so they give it room.
SLOW_START = ("--startup-seconds", "300")


@pytest.fixture(scope="module")
def server():
    yield from serving(*SLOW_START)


def serving(*options: str):
    port = free_port()
    process = subprocess.Popen([sys.executable, "-c", "from wordguess.cli import main; main()", "serve", "--port", str(port),
                                *options], env={**os.environ, "WORDGUESS_WEB_KEY": "browser tests"})
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(f"{url}/api/games", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        else:
            raise RuntimeError("the server did not start")
        yield url
    finally:
        process.terminate()
        try:
            process.wait(30)  # it stops its analysis workers first
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
