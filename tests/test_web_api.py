"""The web API through the framework's test client: each endpoint's answers, and bad input to
every endpoint getting a 4xx with a one-line message (never a 500): 400 for a request that does
not fit the document, 401 for a game token the server cannot take, 409 for one that fits and
that the game refuses."""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import itertools
import json
import tempfile
import threading
import time
import typing

import itsdangerous
import numba
import pydantic
import pytest
from fastapi import HTTPException
from fastapi.testclient import TestClient
from pydantic import TypeAdapter

from conftest import small_wordle_files
from wordguess.advice.kept import PuzzleCache
from wordguess.games import GAMES, MULTI_BOARDS, get_game, get_multiboard
from wordguess.play import daily
from wordguess.web import Limits, Settings, create_app
from wordguess.web.analyze import AnalysisAnswer, BoardsAnalysisAnswer
from wordguess.web.assist import AssistAnswer, AssistRequest, BoardsAssistAnswer
from wordguess.web.explore import ExploreNode
from wordguess.web.games import GameInfo
from wordguess.web.play import BoardsPlayState, PlayNew, PlayState
from wordguess.web.requests import (
    MAX_PREVIOUS,
    MAX_REPLY,
    MAX_SHARE,
    MAX_TOKEN,
    MAX_TURNS,
    MAX_WORD,
    union_members,
)
from wordguess.web.state import TOKEN_SCHEME, ComputeSlots, HeavyPool, KeptAdvice

WORDLE = get_game("wordle")


@pytest.fixture(scope="module")
def client():
    # generous budgets: a loaded machine must not turn an analysis into a 503 (the budget's own test
    # is below)
    limits = Limits(expensive_per_minute=30, startup_seconds=240)
    with TestClient(create_app(Settings(limits=limits))) as test_client:
        yield test_client


def refused(response, status: int | tuple[int, ...] = (400, 409)) -> str:
    """Assert a refusal with a one-line message (by default of bad input: 400 when the request
    does not fit the API's document, 409 when it does and the game refuses it) and return it."""
    assert response.status_code in (status if isinstance(status, tuple) else (status,)), response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str) and detail and "\n" not in detail and "Traceback" not in detail
    return detail


def assist(client, turns=(), **setting):
    body = {"game": "wordle", "world": "closed", **setting,
            "turns": [{"guess": g, "reply": r} for g, r in turns]}
    return client.post("/api/assist", json=body)


# --- games ----------------------------------------------------------------------------------------

def test_games_lists_every_registered_game_with_accented_languages(client):
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert set(games) == set(GAMES) | set(MULTI_BOARDS)
    assert games["termo"]["language"] == "Português (Brasil)" and games["sutom"]["language"] == "Français"
    assert games["quordle"]["multiboard"] and games["quordle"]["boards"] == 4
    assert games["wordle"]["hard_mode"] and not games["jotto"]["tiles"]


def test_a_pasted_share_text_is_read_by_the_games_own_parser(client):
    """/api/share: one parser, the game's (the page holds no copy): each square as the game's
    notation has it, header lines skipped, each board's rows up to its solved one."""
    def read(text, **setting):
        return client.post("/api/share", json={"game": "wordle", **setting, "text": text})

    wordle = read("Wordle 1,234 3/6\n\n⬛⬛⬛🟨🟩\n🟧🟦⬛⬛⬛\n🟩🟩🟩🟩🟩").json()
    assert wordle == {"game": "wordle", "boards": [["...YG", "GY...", "GGGGG"]]}  # high contrast: orange right, blue elsewhere
    sutom = read("SUTOM #1 2/6\n\n🟥🟦🟡🟦🟦🟦", game="sutom", length=6, first="m").json()
    assert sutom["boards"] == [["G.Y..."]]  # Sutom's blue is absent
    grid = get_multiboard("quordle")
    turns = [("soare", (WORDLE.feedback("soare", s) for s in ("cigar", "rebut", "sissy", "humph"))),
             ("cigar", (WORDLE.solved_reply, *(WORDLE.feedback("cigar", s) for s in ("rebut", "sissy", "humph"))))]
    turns = [(g, tuple(r)) for g, r in turns] + [("rebut", (None, WORDLE.solved_reply, *(WORDLE.feedback("rebut", s) for s in ("sissy", "humph"))))]
    boards = read("Daily Quordle 1\n" + grid.share_grid(turns), game="quordle").json()["boards"]
    assert [len(b) for b in boards] == [2, 3, 3, 3] and boards[0][1] == "GGGGG"
    assert boards[3][0] == WORDLE.tile_marks(WORDLE.feedback("soare", "humph"))
    for text, setting, status, fragment in [
            ("no squares here", {}, 400, "text: 'no squares here' is not of the form"),  # the document: a row of marks
            ("⬛⬛⬛🟨🟩", {"game": "quordle"}, 409, "shows 1 boards, not 4"),  # the game: its boards
            ("1,2", {"game": "jotto"}, 400, "unknown game")]:  # the games whose replies are rows of squares
        refused = read(text, **setting)
        assert refused.status_code == status and fragment in refused.json()["detail"], refused.json()
    assert read("", game="wordle").status_code == 400  # the body itself is not valid


def test_wordle_of_other_lengths_from_the_picker(client):
    wordle = {g["name"]: g for g in client.get("/api/games").json()}["wordle"]
    assert [(o["option"], o["default"], o["kind"]) for o in wordle["options"]] == [("length", 5, "int"),
                                                                                 ("language", "en", "str")]
    start = assist(client, length=4).json()
    assert start["candidate_count"] == 2302 and all(len(s["word"]) == 4 for s in start["suggestions"])
    game = client.post("/api/play/new", json={"game": "wordle", "length": 4, "world": "closed"}).json()
    assert game["length"] == 4
    assert "length: Input should be greater than or equal to 4" in refused(assist(client, length=3), 400)


def test_whole_number_options_carry_the_games_own_bounds(client):
    """Each whole-number option a game asks for says the least and most it takes, as the game's own
    check and the API's document accept them (Sutom's: its list's lengths): both ends make a game,
    one past either is refused in one line by the document."""
    games = client.get("/api/games").json()
    bounds = {(g["name"], o["option"]): (o["least"], o["most"]) for g in games for o in g["options"] if o["kind"] == "int"}
    assert bounds[("wordle", "length")] == (4, 11) and bounds[("sutom", "length")] == (4, 12)
    assert bounds[("mastermind", "pegs")] == (1, 12) and bounds[("mastermind", "colours")] == (1, 9)
    assert bounds[("nerdle", "length")] == (5, 8)
    assert all(least is None and most is None for g in games for o in g["options"] if o["kind"] != "int"
               for least, most in [(o["least"], o["most"])])
    within = {("mastermind", "pegs"): {"colours": 2}}  # 12 pegs of the default 6 colours are too many codes
    hosted = TypeAdapter(PlayNew)
    for (name, option), (least, most) in bounds.items():
        for value in (least, most):
            get_game(name, **{option: value})
            hosted.validate_python({"game": name, option: value, **within.get((name, option), {})})  # the document's
        for value in (least - 1, most + 1):
            refused(assist(client, game=name, **{option: value}), 400)


def test_wordle_in_other_languages_from_the_picker(client):
    """The picker offers Wordle's languages, each with its keyboard; a German game is played
    with German lists and the QWERTZ keys, a Spanish one with Ñ; a language not offered is a
    one-line 400 (the document enumerates them), one the game does not take (Termo) too."""
    games = {g["name"]: g for g in client.get("/api/games").json()}
    language = next(o for o in games["wordle"]["options"] if o["option"] == "language")
    choices = {c["value"]: c for c in language["choices"]}
    assert language["default"] == "en" and {"de", "es", "it", "nl", "sv", "nb", "pl", "ca"} <= set(choices)
    assert choices["es"]["keyboard"][1] == "asdfghjklñ" and choices["de"]["keyboard"][0] == "qwertzuiop"
    assert [o["option"] for o in games["quordle"]["options"]] == ["language"]
    assert not any(o["option"] == "language" for o in games["termo"]["options"])
    start = assist(client, language="es", world="closed").json()
    assert start["answers"] == "es-answers-5" and start["candidate_count"] == 1486
    game = client.post("/api/play/new", json={"game": "wordle", "language": "de", "world": "closed"}).json()
    assert game["answers"] == "de-answers-5" and game["keyboard_rows"][0] == "qwertzuiop"
    boards = client.post("/api/boards/play/new", json={"game": "quordle", "language": "sv", "world": "closed"}).json()
    assert boards["keyboard_rows"][0] == "qwertyuiopå" and "ö" in boards["alphabet"]
    assert "language: Input should be 'en', 'de'" in refused(assist(client, language="xx"), 400)
    assert "language: Extra inputs are not permitted" in refused(assist(client, game="termo", language="de"), 400)
    assert "4 to 8 letters in German" in refused(assist(client, language="de", length=9), 400)


# --- the assistant --------------------------------------------------------------------------------

def test_assist_narrows_and_suggests(client):
    start = assist(client).json()
    assert start["candidate_count"] == 2315 and len(start["suggestions"]) == 5
    after = assist(client, [("salet", "..Y.."), ("corni", ".Y...")]).json()
    assert 0 < after["candidate_count"] < 99 and after["turns"][1]["marks"] == ".Y..."
    best = after["suggestions"][0]
    assert best["expected_left"] <= after["candidate_count"] and best["guesses_to_finish"] >= 1
    assert sum(p["probability"] for p in after["likely"]) == pytest.approx(min(1, 20 / after["candidate_count"]))
    if after["candidate_count"] <= 20:
        assert set(after["words"]) == {w["word"] for w in after["likely"]}


def test_assist_hard_mode_suggests_allowed_guesses_only(client):
    turns = [("salet", "..Y.G")]
    result = assist(client, turns, mode="hard").json()
    for s in result["suggestions"]:
        assert WORDLE.hard_mode_problem("salet", WORDLE.parse_reply("..Y.G"), s["word"]) is None
    refused(assist(client, [*turns, ("crane", ".....")], mode="hard"))  # T must stay last
    assert assist(client, [*turns, ("crane", ".....")]).status_code == 200  # normal mode allows it


def test_assist_open_world_weighs_the_candidates(client):
    result = assist(client, [("salet", ".Y..."), ("corni", "..Y..")], world="open").json()
    assert result["world"] == "open" and result["strategy"] == "fewest-guesses"
    chances = [c["probability"] for c in result["likely"]]
    assert chances == sorted(chances, reverse=True) and chances[0] > chances[-1]


def test_assist_says_what_can_be_promised_of_a_win(client):
    assert assist(client, world="open").json()["win_guarantee"] == "shown"  # the shipped TRACE tree
    assert assist(client).json()["win_guarantee"] is None  # entropy keeps no guarantee
    # Hard mode, after LATCH .GGGG: each guess must be ?ATCH and finds at most one of the words
    # left (BATCH, CATCH, HATCH, MATCH, PATCH, WATCH, ...), more than the five guesses left.
    cornered = assist(client, [("latch", ".GGGG")], mode="hard", world="open").json()
    assert cornered["candidate_count"] > 5 and cornered["win_guarantee"] == "impossible"
    # The puzzle's exact guard is kept between requests: its search is set up once.
    state = client.app.state.wordguess
    hard = next(p for p in state.puzzles._puzzles.values() if p.mode == "hard" and p.world == "open")
    exact_guard = state.puzzles.exact_guard(hard)
    search = exact_guard._search
    assert search is not None and state.puzzles.exact_guard(hard) is exact_guard
    again = assist(client, [("latch", ".GGGG")], mode="hard", world="open").json()
    assert again["win_guarantee"] == "impossible" and exact_guard._search is search


def test_assist_solved_and_termo_accents(client):
    result = assist(client, [("crane", "GGGGG")]).json()
    assert result["solved"] and result["suggestions"] == [] and result["candidate_count"] == 1
    termo = assist(client, [("serao", "..Y..")], game="termo").json()
    assert any(ch in "".join(termo["words"] or [w["word"] for w in termo["likely"]]) for ch in "ÁÃÇÉÊÍÓÔÕÚ")


@pytest.mark.parametrize(("body", "status", "fragment"), [
    ({"game": "nope"}, 400, "unknown game"),
    ({"game": "../../etc/passwd"}, 400, "unknown game"),
    ({"game": "WORDLE"}, 400, "unknown game"),  # the names as the registry has them
    ({"game": None}, 400, "unknown game"),
    ({"turns": [{"guess": "zzzz", "reply": "....."}]}, 400, "turns.0.guess"),  # Wordle's 5 letters
    ({"turns": [{"guess": "z", "reply": "."}], "length": 6}, 400, "turns.0.guess"),  # none has 1
    ({"turns": [{"guess": "salet", "reply": "..Q.."}]}, 400, "turns.0.reply"),
    ({"turns": [{"guess": "crane", "reply": "GGGGG"}, {"guess": "salet", "reply": "....."}]}, 409, "turn 2"),
    ({"turns": [{"guess": "salet", "reply": "GGGGG"}]}, 409, "fits no word"),  # SALET is no answer
    ({"turns": [{"guess": "x" * 25, "reply": "....."}]}, 400, "turns.0.guess"),
    ({"turns": [{"guess": "salet", "reply": "....."}] * 41}, 400, "turns"),
    ({"turns": "salet"}, 400, "turns"),
    ({"mode": "sideways"}, 400, "mode"),
    ({"game": "jotto", "mode": "hard"}, 400, "mode"),  # hard mode where the game has it
    ({"world": "flat"}, 400, "world"),
    ({"answers": "/etc/passwd"}, 400, "answers"),
    ({"game": "sutom"}, 400, "length: field required"),
    ({"game": "quordle"}, 400, "unknown game"),  # a multi-board game: /api/boards/assist
    ({"game": "wordle", "pegs": 4}, 400, "pegs: extra inputs"),
    ({"game": "wordle", "colours": 6}, 400, "colours: extra inputs"),
    ({"game": "wordle", "language": "aa"}, 400, "language"),
    ({"game": "mastermind", "pegs": 12}, 400, "2,176,782,336 codes"),  # 6 colours: too many
    ({"game": "mastermind", "turns": [{"guess": "1179", "reply": "0,0"}]}, 400, "turns.0.guess"),  # 1-6
    ({"game": "mastermind", "turns": [{"guess": "1122", "reply": "3,1"}]}, 400, "turns.0.reply"),  # impossible
    ({"game": "nerdle", "turns": [{"guess": "1+1=2", "reply": "GGGGG"}]}, 400, "turns.0.guess"),  # 8 symbols
    ({"game": "nerdle", "turns": [{"guess": "12+34=99", "reply": "GGGGG..."}]}, 409, "the left side is 46"),
    ({"game": "jotto", "turns": [{"guess": "sissy", "reply": "2"}]}, 409, "repeated"),
    ({"count": 1000}, 400, "count"),
])
def test_assist_refuses_bad_input(client, body, status, fragment):
    detail = refused(client.post("/api/assist", json={"game": "wordle", "world": "closed", **body}), status)
    assert fragment.lower() in detail.lower()


def test_assist_refuses_a_body_that_is_not_json(client):
    refused(client.post("/api/assist", content=b"{not json", headers={"content-type": "application/json"}))


def test_answer_lists_offered_per_game_and_length(client):
    games = {g["name"]: g for g in client.get("/api/games").json()}
    wordle = {a["name"]: a["lengths"] for a in games["wordle"]["answer_lists"]}
    assert games["wordle"]["answer_lists"][0]["name"] == "wordle-answers"
    assert wordle["wordle-answers-nyt"] == [5] and wordle["scowl-answers-5"] == [5] and wordle["scowl-answers-4"] == [4]
    assert not any("guesses" in name for name in wordle)
    assert [a["name"] for a in games["termo"]["answer_lists"]] == ["termo"]
    assert games["mastermind"]["answer_lists"][0]["lengths"] is None and games["quordle"]["answer_lists"] == []


@pytest.mark.parametrize(("setting", "count"), [
    ({"answers": "wordle-answers-nyt"}, 2309),
    ({"answers": "wordle-answers-nyt", "length": 5, "language": "en"}, 2309),  # the default setting, given
    ({"answers": "scowl-answers-5"}, 4442),
    ({"game": "jotto", "answers": "wordle-answers"}, 1393),  # one word per anagram class, as Jotto plays
])
def test_assist_with_a_chosen_answer_list(client, setting, count):
    data = assist(client, **setting).json()
    assert data["candidate_count"] == count and data["answers"] == setting["answers"]


@pytest.mark.parametrize(("setting", "fragment"), [
    ({"answers": "nonesuch"}, "Input should be 'wordle-answers', 'scowl-answers-5' or 'wordle-answers-nyt'"),
    ({"answers": "scowl-answers-4"}, "answers: Input should be"),
    ({"answers": "wordle-guesses"}, "answers: Input should be"),
    # another setting plays its own list (the only one of its length or language)
    ({"answers": "scowl-answers-4", "length": 4}, "answers: Extra inputs are not permitted"),
    ({"answers": "de-answers-5", "language": "de"}, "answers: Extra inputs are not permitted"),
    ({"game": "termo", "answers": "wordle-answers"}, "Input should be 'termo'"),
    ({"answers": "wordle-answers-nyt", "world": "open"}, "closed world"),
    ({"answers": "../lists/secret.txt"}, "answers"),
    ({"answers": "/etc/passwd"}, "answers"),
])
def test_assist_refuses_an_answer_list_that_does_not_fit(client, setting, fragment):
    assert fragment in refused(assist(client, **setting), 400)


def test_play_keeps_its_answer_list_through_the_token(client):
    game = client.post("/api/play/new", json={"game": "wordle", "world": "closed", "host": "random",
                                              "answers": "scowl-answers-5"}).json()
    assert game["answers"] == "scowl-answers-5"
    game = client.post("/api/play/guess", json={"token": game["token"], "guess": "salet"}).json()
    assert game["answers"] == "scowl-answers-5" and len(game["turns"]) == 1
    assert "closed world" in refused(client.post("/api/play/new", json={"game": "wordle", "host": "random",
                                                                         "answers": "scowl-answers-5"}))


# --- games hosted here ----------------------------------------------------------------------------

def token_payload(token: str) -> str:
    """Return what anyone can read in a signed token: its payload's values, without checking the
    signature (its field names are no secret: a secret may be FIRST or HOST, a field's name)."""
    return json.dumps(list(itsdangerous.URLSafeSerializer("any key").loads_unsafe(token)[1].values()))


def test_play_to_the_win_with_the_assistant_and_share(client):
    game = client.post("/api/play/new", json={"game": "wordle", "world": "closed", "host": "random"}).json()
    first_payload = token_payload(game["token"])
    turns = []
    while not game["over"]:
        guess = assist(client, turns).json()["suggestions"][0]["word"]
        game = client.post("/api/play/guess", json={"token": game["token"], "guess": guess}).json()
        turns.append((guess, game["turns"][-1]["reply"]))
    assert game["won"] and game["secret"] == game["turns"][-1]["guess"]
    assert game["secret"].lower() not in first_payload
    lines = game["share"].splitlines()
    assert lines[0] == f"wordguess wordle {len(turns)}/6" and lines[-1] == "🟩" * 5
    assert set(game["keyboard"].values()) <= {"G", "Y", "."} and game["keyboard"][turns[-1][0][0]] == "G"


def test_daily_games_agree_and_a_refused_guess_costs_no_turn(client):
    one = client.post("/api/play/new", json={"game": "wordle", "host": "daily", "world": "closed"}).json()
    two = client.post("/api/play/new", json={"game": "wordle", "host": "daily", "world": "closed"}).json()
    played = [client.post("/api/play/guess", json={"token": g["token"], "guess": "salet"}).json() for g in (one, two)]
    assert played[0]["turns"][0]["reply"] == played[1]["turns"][0]["reply"]
    assert "not in the list" in refused(client.post("/api/play/guess", json={"token": played[0]["token"], "guess": "zzzzz"}), 409)
    again = client.post("/api/play/guess", json={"token": played[0]["token"], "guess": "crane"}).json()
    assert len(again["turns"]) == 2


@pytest.mark.parametrize("path", ["/api/play/new", "/api/boards/play/new"])
def test_a_daily_is_of_the_players_day_within_a_day_of_the_servers(client, path):
    """The page sends the player's date: the server's own or a day either side opens its daily
    (another day's secret), any other is refused in one line (409); a past day is practice."""
    import datetime

    game = {"game": "quordle" if "boards" in path else "wordle", "host": "daily", "world": "closed"}
    today = datetime.date.today()
    days = {}
    for shift in (-1, 0, 1):
        day = (today + datetime.timedelta(days=shift)).isoformat()
        start = client.post(path, json={**game, "day": day}).json()
        assert start["daily"]["day"] == day and start["daily"]["practice"] is False
        over = client.post(path.replace("/new", "/give-up"), json={"token": start["token"]}).json()
        number = daily.daily_number(today + datetime.timedelta(days=shift))
        assert over["share"].splitlines()[0].split()[2] == f"{number:,}"  # as NYT's "Wordle 1,234"
        days[day] = over.get("secret") or tuple(over["secrets"])
    assert len(set(days.values())) == 3
    for far in (-2, 2, 400):
        message = refused(client.post(path, json={**game, "day": (today + datetime.timedelta(days=far)).isoformat()}), 409)
        assert "is not open" in message and today.isoformat() in message
    practice = client.post(path, json={**game, "day": "2024-01-01", "practice": True}).json()
    assert practice["daily"] == {**practice["daily"], "day": "2024-01-01", "practice": True}
    assert "from 2021-06-19" in refused(client.post(path, json={**game, "day": "2020-01-01", "practice": True}), 409)


def test_the_daily_number_counts_from_wordles_first():
    import datetime

    assert daily.daily_number(datetime.date(2021, 6, 19)) == 0 and daily.daily_number(datetime.date(2024, 1, 1)) == 926


def token_refused(response) -> str:
    """Assert the refusal of a game token (401, naming the token scheme) and return its message."""
    assert response.headers.get("www-authenticate") == TOKEN_SCHEME, response.headers
    return refused(response, 401)


def test_an_earlier_state_of_a_game_is_refused(client):
    """Played again, an earlier token would give replies that cost no turn: a stale token, 401."""
    start = client.post("/api/play/new", json={"game": "wordle", "world": "closed"}).json()
    one = client.post("/api/play/guess", json={"token": start["token"], "guess": "salet"}).json()
    assert "earlier state" in token_refused(client.post("/api/play/guess", json={"token": start["token"], "guess": "crane"}))
    two = client.post("/api/play/guess", json={"token": one["token"], "guess": "crane"}).json()
    assert len(two["turns"]) == 2
    token_refused(client.post("/api/play/give-up", json={"token": one["token"]}))


def test_the_daily_secret_depends_on_the_servers_key():
    """A page (or anyone) without the key cannot work the daily secret out from the date."""
    replies = []
    for key in ("one key", "another key"):
        other = TestClient(create_app(Settings(key=key)))
        game = other.post("/api/play/new", json={"game": "wordle", "host": "daily", "world": "closed"}).json()
        ended = other.post("/api/play/give-up", json={"token": game["token"]}).json()
        replies.append(ended["secret"])
    assert replies[0] != replies[1]


def test_absurdle_and_sutom_hosts(client):
    game = client.post("/api/play/new", json={"game": "wordle", "host": "absurdle"}).json()
    assert game["max_guesses"] == 40 and game["guesses_left"] == 40 and game["adversary_candidates"] == 14855
    game = client.post("/api/play/guess", json={"token": game["token"], "guess": "salet"}).json()
    assert 0 < game["adversary_candidates"] < 14855 and not game["over"]
    sutom = client.post("/api/play/new", json={"game": "sutom", "host": "random", "world": "closed"}).json()
    assert sutom["length"] == 6 and sutom["clue"].startswith("starting with ")


@pytest.mark.parametrize(("path", "body"), [
    ("/api/play/new", {"host": "friendly"}),
    ("/api/play/new", {"game": "wordle", "host": "friendly"}),
    ("/api/play/new", {"game": "nope"}),
    ("/api/play/new", {"game": "quordle"}),
    ("/api/play/new", {"game": "wordle", "colours": 6}),
    ("/api/play/new", {"game": "nerdle", "mode": "hard"}),
    ("/api/play/guess", {"token": "abc", "guess": "salet"}),
    ("/api/play/guess", {"token": "x" * 5000, "guess": "salet"}),
    ("/api/play/guess", {"token": "abc.def", "guess": "a" * 13}),  # no game's word has 13 symbols
    ("/api/play/guess", {"guess": "salet"}),
    ("/api/play/give-up", {}),
    ("/api/play/give-up", {"token": "abc"}),
    ("/api/play/give-up", {"token": "abc", "guess": "salet"}),
])
def test_play_refuses_bad_input(client, path, body):
    refused(client.post(path, json=body), 400)


@pytest.mark.parametrize("host", ["random", "daily", "absurdle"])
def test_giving_up_shows_the_secret_and_ends_the_game(client, host):
    game = client.post("/api/play/new", json={"game": "wordle", "world": "closed", "host": host}).json()
    assert game["secret"] is None and not game["over"]
    game = client.post("/api/play/guess", json={"token": game["token"], "guess": "salet"}).json()
    ended = client.post("/api/play/give-up", json={"token": game["token"]}).json()
    assert ended["over"] and not ended["won"] and ended["secret"]
    assert ended["share"].splitlines()[0].endswith(" X/6" if host != "absurdle" else " X/40")
    # the state from before giving up, played with the secret now known, is refused
    assert "earlier state" in token_refused(client.post("/api/play/guess", json={"token": game["token"],
                                                                                 "guess": ended["secret"]}))
    assert "over" in refused(client.post("/api/play/guess", json={"token": ended["token"], "guess": "crane"}), 409)
    assert "over" in refused(client.post("/api/play/give-up", json={"token": ended["token"]}), 409)


def test_a_multi_board_token_is_refused_by_single_board_play(client):
    game = client.post("/api/boards/play/new", json={"game": "quordle", "world": "closed"}).json()
    assert "not a game of this page" in token_refused(client.post("/api/play/guess", json={"token": game["token"],
                                                                                           "guess": "salet"}))
    token_refused(client.post("/api/play/give-up", json={"token": game["token"]}))


def test_a_changed_foreign_or_unknown_token_is_unauthorised(client):
    """A token of the document's form that this server did not sign (changed, another key's, made
    up) is 401 with the token scheme's challenge, as HTTP answers a request without valid
    credentials; the document says so for every operation that takes one."""
    game = client.post("/api/play/new", json={"game": "wordle", "world": "closed"}).json()
    payload, _, signature = game["token"].rpartition(".")
    forged = payload[:-2] + ("AA" if payload[-2:] != "AA" else "BB") + "." + signature
    assert "not valid" in token_refused(client.post("/api/play/guess", json={"token": forged, "guess": "salet"}))
    other = TestClient(create_app(Settings(key="another key")))
    token_refused(other.post("/api/play/guess", json={"token": game["token"], "guess": "salet"}))
    for path in ("/api/play/give-up", "/api/boards/play/give-up"):
        token_refused(client.post(path, json={"token": "made.up"}))
    operations = client.get("/openapi.json").json()["paths"]
    for path in ("/api/play/guess", "/api/play/give-up", "/api/boards/play/guess", "/api/boards/play/give-up"):
        unauthorised = operations[path]["post"]["responses"]["401"]
        assert unauthorised["headers"]["WWW-Authenticate"]["required"]


# --- analysis -------------------------------------------------------------------------------------

def test_analyze_a_game_given_with_the_secret(client):
    result = client.post("/api/analyze", json={"game": "wordle", "guesses": ["salet", "corni", "rebut"], "secret": "rebut"})
    data = result.json()
    assert result.status_code == 200, data
    assert data["world"] == "closed" and data["solved"] and len(data["moves"]) == 3
    assert [p["turn"] for p in data["chart"]] == [1, 2, 3]
    AnalysisAnswer.model_validate(data)
    last = data["moves"][-1]
    assert last["marks"] == "GGGGG" and last["candidates_after"] == 1 and last["played"]["low"] >= 1
    assert data["moves"][0]["sentence"].startswith("SALET left ") and "Luck " in data["moves"][0]["sentence"]
    assert last["sentence"].startswith("REBUT found the word among ")
    assert any(line.startswith("Skill: 99 for the best guess") for line in data["legend"])
    assert all(m["regret_text"] and m["skill_text"] for m in data["moves"]) and data["total_regret_text"]


def test_analyze_a_pasted_share_text(client):
    share = "Wordle 1,234 3/6\n\n⬛⬛⬛🟨🟩\n⬛⬛🟨⬛⬛\n🟩🟩🟩🟩🟩"
    data = client.post("/api/analyze", json={"game": "wordle", "guesses": ["salet", "corni", "rebut"], "share": share}).json()
    assert [m["reply"] for m in data["moves"]] == ["...YG", "..Y..", "GGGGG"]


@pytest.mark.parametrize(("body", "status", "fragment"), [
    ({"guesses": ["salet"]}, 400, "one way"),
    ({"guesses": ["salet", "crane"], "share": "⬛⬛⬛⬛⬛"}, 409, "1 rows"),
    ({"guesses": ["salet"], "share": "no grid here"}, 400, "share"),
    ({"guesses": ["qqqq"], "secret": "rebut"}, 400, "guesses.0"),
    ({"guesses": ["rebut", "salet"], "secret": "rebut"}, 409, "found at guess 1"),
    ({"game": "quordle", "guesses": ["salet"], "secret": "rebut"}, 400, "unknown game"),
    ({"guesses": ["salet"] * 41, "secret": "rebut"}, 400, "guesses"),
    ({"share": "x" * 4001, "guesses": ["salet"]}, 400, "share"),
    ({"guesses": ["salet"], "secret": "rebut", "budget": 1000}, 400, "budget"),
])
def test_analyze_refuses_bad_input(client, body, status, fragment):
    assert fragment.lower() in refused(client.post("/api/analyze", json={"game": "wordle", **body}), status).lower()


def test_analyze_a_quordle_board_by_board(client):
    guesses = ["soare", "clint", "rebut", "cigar", "sissy", "humph"]
    result = client.post("/api/boards/analyze", json={"game": "quordle", "guesses": guesses,
                                                      "secrets": ["cigar", "rebut", "sissy", "humph"]})
    data = result.json()
    assert result.status_code == 200, data
    BoardsAnalysisAnswer.model_validate(data)
    assert data["won"] and data["guesses"] == 6 and data["max_guesses"] == 9 and data["world"] == "closed"
    assert [len(b["moves"]) for b in data["boards"]] == [4, 3, 5, 6] and data["secrets"] == ["cigar", "rebut", "sissy", "humph"]
    assert all(b["max_guesses"] == 9 and len(b["chart"]) == len(b["moves"]) for b in data["boards"])
    assert data["strategy"] == "fewest-total-safe" and data["strategy_guesses"] >= 4
    assert [t["replies"][0] for t in data["turns"]][3] == "GGGGG" and data["turns"][4]["replies"][0] is None


@pytest.mark.parametrize(("body", "status", "fragment"), [
    ({"game": "wordle", "guesses": ["salet"], "secrets": ["rebut"]}, 400, "unknown game"),
    ({"game": "quordle", "guesses": ["salet"], "secrets": ["rebut"]}, 400, "secrets: quordle has 4 secrets, one per board"),
    ({"game": "quordle", "guesses": ["salet"]}, 400, "one way"),
    ({"game": "quordle", "guesses": ["salet", "crane"], "share": "🟩🟩🟩🟩🟩 ⬛⬛⬛⬛⬛"}, 409, "2 boards"),
    ({"game": "quordle", "turns": [{"guess": "cigar", "reply": "GGGGG GGGGG ..... ....."}]}, 409, "boards 1 and 2"),
    ({"game": "quordle", "guesses": ["salet"], "secrets": ["a"] * 65}, 400, "secrets"),
    ({"game": "dueto", "language": "de", "guesses": ["salet"], "secrets": ["rebut", "cigar"]}, 400, "language"),
])
def test_boards_analyze_refuses_bad_input(client, body, status, fragment):
    assert fragment.lower() in refused(client.post("/api/boards/analyze", json=body), status).lower()


def test_expensive_calls_are_rate_limited():
    limited = TestClient(create_app(Settings(limits=Limits(expensive_per_minute=1))))
    body = {"game": "wordle", "guesses": ["rebut", "salet"], "secret": "rebut"}  # counted, then refused by the game
    assert "found at guess 1" in refused(limited.post("/api/analyze", json=body), 409)
    assert "a minute" in refused(limited.post("/api/analyze", json=body), 429)
    refused(limited.post("/api/analyze", json={"game": "wordle", "guesses": ["salet"]}), 400)  # before counting


# --- several boards -------------------------------------------------------------------------------

def test_the_board_assistant_says_when_no_win_of_every_combination_can_be_promised(client):
    """win_guarantee, as the single board's: null at the start (beyond the check's reach), "shown"
    where the suggestion keeps every combination of the boards' words (RADIX, where the favourite
    SMACK is refuted), "impossible" where no play finds them all."""
    rules = get_game("quordle")
    secrets = ["where", "baste", "smack", "lazed"]

    def advice(guesses):
        turns = [{"guess": w, "reply": rules.format_reply(rules.feedback(w, secrets))} for w in guesses.split()]
        answer = client.post("/api/boards/assist", json={"game": "quordle", "world": "open", "turns": turns})
        assert answer.status_code == 200, answer.text
        return answer.json()

    assert advice("")["win_guarantee"] is None
    refuted_favourite = advice("tarse punch lobby baste")
    assert (refuted_favourite["win_guarantee"], refuted_favourite["suggestion"]) == ("shown", "RADIX")
    assert advice("tarse punch lobby fight wimpy")["win_guarantee"] == "impossible"


def test_quordle_round_with_the_board_assistant(client):
    game = client.post("/api/boards/play/new", json={"game": "quordle", "world": "closed"}).json()
    turns = []
    while not game["over"]:
        advice = client.post("/api/boards/assist", json={"game": "quordle", "world": "closed", "turns": turns}).json()
        game = client.post("/api/boards/play/guess", json={"token": game["token"], "guess": advice["suggestion"]}).json()
        last = game["turns"][-1]
        turns.append({"guess": last["word"], "reply": " ".join(r or "-" for r in last["replies"])})
    assert game["won"] and len(game["secrets"]) == 4 and all(game["solved"])
    assert game["share"].startswith(f"wordguess quordle {len(turns)}/9")
    assert len(game["keyboards"]) == 4


@pytest.mark.parametrize(("path", "body", "status"), [
    ("/api/boards/assist", {"game": "wordle"}, 400),
    ("/api/boards/assist", {"game": "multiboard"}, 400),
    ("/api/boards/assist", {"turns": [{"guess": "salet", "reply": "..... ....."}]}, 400),  # no game
    ("/api/boards/assist", {"game": "quordle", "turns": [{"guess": "salet", "reply": "....."}]}, 409),  # 4 boards
    ("/api/boards/assist", {"game": "quordle", "turns": [{"guess": "salet", "reply": "..... ..... ..... ....X"}]}, 400),
    ("/api/boards/assist", {"game": "dordle", "turns": [{"guess": "salet", "reply": "..... ..... ....."}]}, 400),
    ("/api/boards/assist", {"game": "dueto", "language": "de"}, 400),  # Termo's boards have no languages
    ("/api/boards/play/new", {"game": "octordle", "host": "evil"}, 400),
    ("/api/boards/play/guess", {"token": "nope", "guess": "salet"}, 400),
    ("/api/boards/play/guess", {"token": "no.pe", "guess": "salet"}, 401),
])
def test_boards_refuse_bad_input(client, path, body, status):
    refused(client.post(path, json=body), status)


def test_a_single_board_token_is_refused_by_the_boards(client):
    game = client.post("/api/play/new", json={"game": "wordle", "world": "closed"}).json()
    token_refused(client.post("/api/boards/play/guess", json={"token": game["token"], "guess": "salet"}))
    token_refused(client.post("/api/boards/play/give-up", json={"token": game["token"]}))


def test_giving_up_a_quordle_shows_every_secret(client):
    game = client.post("/api/boards/play/new", json={"game": "quordle", "world": "closed"}).json()
    game = client.post("/api/boards/play/guess", json={"token": game["token"], "guess": "salet"}).json()
    ended = client.post("/api/boards/play/give-up", json={"token": game["token"]}).json()
    assert ended["over"] and not ended["won"] and len(ended["secrets"]) == 4
    assert "🟥" in ended["share"]
    refused(client.post("/api/boards/play/guess", json={"token": ended["token"], "guess": "crane"}), 409)
    refused(client.post("/api/boards/play/give-up", json={"token": ended["token"]}), 409)


# --- the optimal tree -----------------------------------------------------------------------------

def test_explore_walks_the_optimal_tree(client):
    root = client.get("/api/explore").json()
    assert root["guess"] == "SALET" and root["size"] == 2315 and sum(root["histogram"].values()) == 2315
    assert root["mean"] == pytest.approx(7920 / 2315)
    branch = root["branches"][0]
    child = client.get("/api/explore", params={"path": f"salet={branch['reply']}"}).json()
    assert child["size"] == branch["size"] and child["guess"] == branch["next"]
    hard = client.get("/api/explore", params={"mode": "hard"}).json()
    assert hard["mean"] == pytest.approx(8122 / 2315)
    single = next(b for b in root["branches"] if b["leaf"])
    leaf = client.get("/api/explore", params={"path": f"salet={single['reply']}"}).json()
    assert leaf["leaf"] and leaf["guess"] == single["next"] and leaf["size"] == 1


@pytest.mark.parametrize(("params", "status"), [
    ({"mode": "strict"}, 400), ({"path": "crane=....."}, 404), ({"path": "salet=GGGGG;crane=....."}, 404),
    ({"path": "salet"}, 400), ({"path": "salet=XXXXX"}, 400), ({"path": "x" * 201}, 400),
    ({"path": ";".join(["salet=GGGGG"] * 8)}, 400),
])
def test_explore_refuses_bad_input(client, params, status):
    refused(client.get("/api/explore", params=params), status)


# --- limits, headers, docs ------------------------------------------------------------------------

def test_a_large_body_is_refused(client):
    assert "bytes" in refused(client.post("/api/assist", content=b"x" * 300_000,
                                          headers={"content-type": "application/json"}), 413)


def test_the_body_limit_holds_the_largest_body_the_document_allows():
    """A body that fits the document is never refused as too large: its longest fields (a
    multi-board analysis's turns, guesses, share text and secrets; a new game's tokens), every
    character escaped as JSON's \\u (an emoji square as two), are within the limit."""
    escaped = len(json.dumps("🟩")) - 2
    analysis = escaped * (MAX_TURNS * (MAX_WORD + MAX_REPLY) + MAX_TURNS * MAX_WORD + MAX_SHARE + 32 * MAX_WORD)
    assert max(analysis, MAX_PREVIOUS * MAX_TOKEN * escaped) < Limits().max_body


def test_security_headers_and_no_cors_by_default(client):
    response = client.get("/", headers={"origin": "https://elsewhere.example"})
    assert response.status_code == 200
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert response.headers["x-content-type-options"] == "nosniff"
    assert "access-control-allow-origin" not in response.headers
    preflight = client.options("/api/assist", headers={"origin": "https://elsewhere.example",
                                                       "access-control-request-method": "POST"})
    assert "access-control-allow-origin" not in preflight.headers


def test_docs_are_served_without_a_cdn(client):
    page = client.get("/docs").text
    assert "/docs-assets/swagger-ui-bundle.js" in page and "http" not in page.replace("http-equiv", "")
    assert client.get("/docs-assets/swagger-ui-bundle.js").status_code == 200
    schema = client.get("/openapi.json").json()
    assert {"/api/assist", "/api/play/new", "/api/analyze", "/api/boards/assist", "/api/explore"} <= set(schema["paths"])


def schema_of(schema: dict, ref: dict) -> dict:
    """Return the component a $ref (or a list's items' $ref) points to."""
    ref = ref.get("items", ref)
    return schema["components"]["schemas"][ref["$ref"].rsplit("/", 1)[1]]


def test_every_route_documents_its_answer_field_by_field(client):
    schema = client.get("/openapi.json").json()
    routes = [(path, method, op) for path, ops in schema["paths"].items() if path.startswith("/api/")
              for method, op in ops.items()]
    assert len(routes) == 13
    for path, method, op in routes:
        answer = schema_of(schema, op["responses"]["200"]["content"]["application/json"]["schema"])
        assert answer["properties"], (path, method)
        undocumented = [name for name, field in answer["properties"].items() if not field.get("description")]
        assert not undocumented, (path, method, undocumented)


@pytest.mark.parametrize(("path", "body", "model"), [
    ("/api/assist", {"game": "wordle", "world": "closed", "turns": [{"guess": "salet", "reply": "....."}]},
     AssistAnswer),
    ("/api/play/new", {"game": "wordle", "host": "absurdle"}, PlayState),
    ("/api/boards/assist", {"game": "quordle", "world": "closed"}, BoardsAssistAnswer),
    ("/api/boards/play/new", {"game": "octordle", "world": "closed"}, BoardsPlayState),
])
def test_answers_validate_against_their_model_and_a_missing_field_fails(client, path, body, model):
    data = client.post(path, json=body).json()
    model.model_validate(data)
    for name in ("game", next(iter(reversed(model.model_fields)))):
        with pytest.raises(pydantic.ValidationError):
            model.model_validate({k: v for k, v in data.items() if k != name})
    with pytest.raises(pydantic.ValidationError):  # a field the contract does not name
        model.model_validate({**data, "candidates": 1})


def test_each_game_has_its_own_request_models_named_by_the_registry():
    """A request is a union discriminated by `game`: each registered game's members take its name
    and aliases, only the options it asks for, and hard mode only where the game has it."""
    by_game: dict = {}
    for member in union_members(AssistRequest):
        by_game.setdefault(member.rules, []).append(member)
    assert set(by_game) == set(GAMES.values())
    for cls, members in by_game.items():
        for member in members:
            fields = member.model_fields
            assert set(typing.get_args(fields["game"].annotation)) == {cls.name, *cls.aliases}
            options = set(fields) & {"length", "language", "first", "pegs", "colours"}
            assert options == {p.option for p in cls.asked_options}, member
            assert ("hard" in typing.get_args(fields["mode"].annotation)) == cls.has_hard_mode


def test_the_document_says_each_refusal_the_api_gives(client):
    """Every operation documents its 400 (not the framework's 422, which the API never sends) and
    409; those that take a game token its 401 with the challenge; the explorer its 404."""
    operations = [(path, op) for path, ops in client.get("/openapi.json").json()["paths"].items() for op in ops.values()]
    assert operations
    for path, operation in operations:
        assert "422" not in operation["responses"] and {"400", "409"} <= set(operation["responses"]), path
        assert ("401" in operation["responses"]) == path.endswith(("/guess", "/give-up")), path
    assert "404" in dict(operations)["/api/explore"]["responses"]


def test_explore_and_games_validate_against_their_models(client):
    ExploreNode.model_validate(client.get("/api/explore", params={"path": "salet=..Y.."}).json())
    for game in client.get("/api/games").json():
        GameInfo.model_validate(game)


def test_unknown_api_path_is_a_404_with_a_message(client):
    refused(client.get("/api/nothing-here"), 404)


def test_pages_have_no_inline_script_or_external_link(client):
    for page in ("/", "/docs"):
        html = client.get(page).text
        assert "<script>" not in html and "style=" not in html and "https://" not in html
    assert json.loads(client.get("/openapi.json").text)["info"]["title"] == "wordguess"


# --- limits and hardening -------------------------------------------------------------------------

@pytest.mark.parametrize(("length", "said"), [
    (1, "length: Input should be greater than or equal to 4"),
    (3, "length: Input should be greater than or equal to 4"),  # its list's lengths, as the document says them
    (13, "length: Input should be less than or equal to 12"),
])
def test_a_sutom_length_out_of_reach_is_refused_saying_what_is_accepted(client, length, said):
    """The document takes the lengths of Sutom's list (4 to 12, GET /api/games' least and most)
    and its refusal says what it accepts."""
    assert refused(assist(client, game="sutom", length=length, first="m"), 400) == said
    assert assist(client, game="sutom", length=12, first="m").status_code == 200


def test_a_game_whose_matrix_is_too_large_is_played_by_rows_and_an_adversary_refused(client):
    """A game whose matrix is over the server's limit is played by rows, its suggestions from
    the candidates' own puzzle (a sample while they are too many, said so); an adversary needs the
    whole matrix from the first guess on: refused in one line."""
    answer = assist(client, game="mastermind", pegs=5, colours=9)
    assert answer.status_code == 200 and answer.json()["suggestions"]
    assert "11,585 of the 59,049 possible codes" in answer.json()["notices"][0]
    assert "over the limit" in refused(client.post("/api/play/new", json={"game": "sutom", "length": 7,
                                                                          "host": "absurdle"}), 403)
    small = TestClient(create_app(Settings(limits=Limits(matrix_mb=1))))
    analysis = small.post("/api/analyze", json={"game": "wordle", "guesses": ["salet", "corni"], "secret": "rebut"})
    assert analysis.status_code == 200 and analysis.json()["kind"] == "estimate"


def test_analysis_input_is_checked_before_any_work(client):
    both = {"game": "wordle", "guesses": ["salet"], "turns": [{"guess": "salet", "reply": "....."}]}
    assert "turns hold the guesses" in refused(client.post("/api/analyze", json=both))
    assert "one way" in refused(client.post("/api/analyze", json={"game": "wordle", "guesses": ["salet"]}))


def test_puzzle_cache_keeps_an_exact_guard_per_kept_puzzle_and_drops_it_with_the_puzzle(tmp_path):
    cache = PuzzleCache(1, 1 << 30, 1 << 30)
    first = cache.get(small_wordle_files(tmp_path))
    exact_guard = cache.exact_guard(first)
    assert cache.exact_guard(first) is exact_guard
    second = cache.get(dataclasses.replace(small_wordle_files(tmp_path), mode="hard"))  # drops the first
    assert cache.exact_guard(second) is not exact_guard and cache.exact_guard(second) is cache.exact_guard(second)
    assert cache.exact_guard(first) is not exact_guard and len(cache._exact_guards) == 1  # not kept: a new one each time


def test_a_position_is_answered_once_and_kept(client):
    """Every player of a setting asks its start first, and the players of a day's game ask the
    same positions again: each answer is made once and kept (the multi-board strategy takes a
    second or more on a start); the least recently asked goes first."""
    kept = client.app.state.wordguess.kept
    first = client.post("/api/boards/assist", json={"game": "dordle", "world": "closed"}).json()
    size = len(kept._answers)
    again = client.post("/api/boards/assist", json={"game": "dordle", "world": "closed", "language": "en"}).json()
    assert again == first and len(kept._answers) == size  # English named or left out: one setting
    turns = [{"guess": "salet", "reply": "..... ....."}]
    later = client.post("/api/boards/assist", json={"game": "dordle", "world": "closed", "turns": turns}).json()
    assert len(kept._answers) == size + 1
    assert client.post("/api/boards/assist", json={"game": "dordle", "world": "closed", "turns": turns}).json() == later
    assert len(kept._answers) == size + 1
    one = KeptAdvice(1)

    def answer(key: str, made: int) -> dict:
        async def make() -> dict:
            return {"made": made}
        return asyncio.run(one.answer(key, make))

    assert answer("a", 1) == answer("a", 2) == {"made": 1}
    answer("b", 3)
    assert answer("a", 4) == {"made": 4}


def test_kept_advice_asked_again_while_computing_waits_for_the_same_answer():
    kept = KeptAdvice(4)
    made = []

    async def make() -> dict:
        made.append(1)
        await asyncio.sleep(0.05)
        return {"made": len(made)}

    async def fails() -> dict:
        await asyncio.sleep(0.05)
        raise HTTPException(503, "busy")

    async def scenario():
        first = asyncio.create_task(kept.answer("a", make))
        await asyncio.sleep(0)
        second = asyncio.create_task(kept.answer("a", make))
        await asyncio.sleep(0)
        first.cancel()  # the request that started it went away: the other still gets the answer
        answers = await asyncio.gather(first, second, return_exceptions=True)
        refused = await asyncio.gather(kept.answer("b", fails), kept.answer("b", fails), return_exceptions=True)
        return answers, refused, await kept.answer("b", make)

    (first, second), refused, after = asyncio.run(scenario())
    assert isinstance(first, asyncio.CancelledError) and second == {"made": 1} and len(made) == 2
    assert [r.status_code for r in refused] == [503, 503]  # shared, and not kept
    assert after == {"made": 2}


def test_compute_slots_answer_busy_instead_of_waiting_forever():
    slots = ComputeSlots(1, wait=0.05)
    with slots, pytest.raises(HTTPException) as busy, slots:
        pass
    assert busy.value.status_code == 503
    with slots:  # free again
        pass


def test_requests_compute_at_once_with_one_thread_each_when_several_compute():
    slots = ComputeSlots(2, wait=1)
    seen: dict[str, int] = {}
    first_in, second_done = threading.Event(), threading.Event()

    def first():
        with slots:
            seen["alone"] = numba.get_num_threads()
            first_in.set()
            second_done.wait(10)

    def second():
        first_in.wait(10)
        with slots:  # a slot while the first still holds its own: both compute at once
            seen["together"] = numba.get_num_threads()
        second_done.set()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    assert seen == {"alone": numba.config.NUMBA_NUM_THREADS, "together": 1}


def test_the_heavy_pool_budget_starts_with_the_slot_and_a_full_queue_is_busy():
    pool = HeavyPool(workers=1, queue=1)

    async def scenario():
        slow = asyncio.create_task(pool.run(time.sleep, 60, seconds=12))
        await asyncio.sleep(0.05)
        # It waits 12 s for the slot, more than its own 10 s: it finishes only if its budget starts
        # with the slot (a fresh worker's start, seconds on a loaded machine, fits well in it).
        queued = asyncio.create_task(pool.run(time.sleep, 0.1, seconds=10))
        await asyncio.sleep(0.05)
        with pytest.raises(HTTPException) as full:
            await pool.run(time.sleep, 0.1, seconds=3)
        results = await asyncio.gather(slow, queued, return_exceptions=True)
        return full.value, results

    try:
        full, (slow, queued) = asyncio.run(scenario())
    finally:
        pool.close()
    assert full.status_code == 503 and "busy" in full.detail
    assert isinstance(slow, HTTPException) and slow.status_code == 503 and "budget" in slow.detail
    assert queued is None  # its budget began when the slow one's slot was free


def test_the_heavy_pool_warms_its_fresh_workers_after_a_task_overran(tmp_path):
    """A task past its budget stops the pool's workers; the fresh ones start warming at once
    (each warm-up here leaves a file), not when the next task comes, and with their own
    initializer's arguments (each start here leaves a file named by them)."""
    pools = itertools.count()
    pool = HeavyPool(workers=1, queue=1, initializer=functools.partial(tempfile.mkstemp, dir=str(tmp_path)),
                     initargs=lambda: (f".pool{next(pools)}",))

    def files(count: int) -> int:
        deadline = time.monotonic() + 120  # (a spawned worker's start, slow on a loaded machine)
        while len(list(tmp_path.iterdir())) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return len(list(tmp_path.iterdir()))

    async def overrun():
        with pytest.raises(HTTPException):
            await pool.run(time.sleep, 60, seconds=0.5)

    try:
        pool.start(functools.partial(tempfile.mkstemp, dir=str(tmp_path)))
        assert files(2) == 2  # the worker's start, then its warm-up
        asyncio.run(overrun())
        assert files(4) == 4  # no task asked for since: the restart warmed the new worker
        assert sorted(p.suffix for p in tmp_path.iterdir() if p.suffix) == [".pool0", ".pool1"]
    finally:
        pool.close()


def test_the_signing_key_is_kept_between_runs(tmp_path, monkeypatch):
    monkeypatch.delenv(daily.KEY_VARIABLE, raising=False)
    monkeypatch.setattr(daily, "key_file", lambda: tmp_path / "wordguess" / "web-key")
    key = daily.signing_key()
    assert daily.signing_key() == key and len(key) == 64
    assert (tmp_path / "wordguess" / "web-key").stat().st_mode & 0o777 == 0o600
    monkeypatch.setenv(daily.KEY_VARIABLE, "given")
    assert daily.signing_key() == "given"


def test_only_the_trusted_host_names_are_answered():
    app = create_app(Settings(trusted_hosts=("127.0.0.1", "localhost", "::1")))
    assert TestClient(app, base_url="http://localhost:8000").get("/api/games").status_code == 200
    assert TestClient(app, base_url="http://[::1]:8000").get("/api/games").status_code == 200
    assert TestClient(app, base_url="http://rebound.example").get("/api/games").status_code == 400


def test_fibble_hosted_game_lies_once_per_row_and_replays_the_same_lies(client):
    game = client.post("/api/play/new", json={"game": "fibble", "world": "closed", "host": "random"}).json()
    turns = []
    while not game["over"]:
        guess = assist(client, turns, game="fibble").json()["suggestions"][0]["word"]
        game = client.post("/api/play/guess", json={"token": game["token"], "guess": guess}).json()
        assert [(t["guess"].lower(), t["reply"]) for t in game["turns"][:-1]] == turns  # replayed, same lies
        turns.append((guess.lower(), game["turns"][-1]["reply"]))
    rules = get_game("fibble")
    assert game["won"] and turns[-1][1] == "GGGGG"
    for guess, shown in turns[:-1]:
        assert rules.parse_reply(shown) in rules.shown_replies(rules.feedback(guess, game["secret"].lower()))
    # the game analysed with its lies: the replies as shown; the secret alone cannot say them
    analysis = client.post("/api/analyze", json={"game": "fibble", "turns": [{"guess": g, "reply": r} for g, r in turns]})
    assert analysis.status_code == 200, analysis.json()
    data = analysis.json()
    assert data["kind"] == "estimate" and data["solved"] and len(data["moves"]) == len(turns)
    assert any(line.startswith("Fibble's host lies") for line in data["legend"])
    words = [g for g, _ in turns]
    assert "not known from the secret" in refused(client.post("/api/analyze", json={
        "game": "fibble", "guesses": words, "secret": words[-1]}))


def test_the_multiboard_assistant_takes_words_in_no_list_for_its_game(client):
    """add_words on /api/boards/assist: in the open world the word joins each board whose replies
    it fits (CRANE "....." fits QXQXQ, "G...." does not); in the closed world it is a guess only."""
    turns = [{"guess": "crane", "reply": "..... G...."}]
    def counts(**request):
        data = client.post("/api/boards/assist", json={"game": "dordle", "turns": turns, **request}).json()
        return [b["candidate_count"] for b in data["boards"]], data["notices"]
    plain, _ = counts()
    added, notices = counts(add_words=["qxqxq"])
    assert added == [plain[0] + 1, plain[1]]
    assert len(notices) == 1 and "QXQXQ is in no list of this game: added for this game" in notices[0]
    closed, _ = counts(world="closed")
    assert counts(world="closed", add_words=["qxqxq"])[0] == closed
    assert "add_words" in refused(client.post("/api/boards/assist", json={"game": "dordle", "add_words": ["qxq"]}))
    assert "add_words" in refused(client.post("/api/boards/assist", json={"game": "dordle", "add_words": ["q1q1q"]}))


def test_a_real_guess_in_no_list_is_taken_with_a_notice(client):
    data = client.post("/api/assist", json={"game": "wordle", "world": "closed",
                                            "turns": [{"guess": "zzzax", "reply": "....."}]}).json()
    assert data["turns"][0]["word"] == "zzzax" and "ZZZAX is in no list" in data["notices"][0]
    assert data["candidate_count"] > 0
    boards = client.post("/api/boards/assist", json={"game": "dordle", "world": "closed",
                                                      "turns": [{"guess": "zzzax", "reply": "..... ....."}]}).json()
    assert "ZZZAX is in no list" in boards["notices"][0]
    added = client.post("/api/assist", json={"game": "wordle", "world": "closed", "add_words": ["qxqxq"],
                                              "turns": [{"guess": "crane", "reply": "....."}]}).json()
    assert "QXQXQ" in added["notices"][0] and added["candidate_count"] > 0
    assert "added for this game" in added["notices"][0] and "taken as played" not in added["notices"][0]
    assert "taken as played" in data["notices"][0]
    assert "add_words" in refused(client.post("/api/assist", json={"game": "wordle", "add_words": ["qxq"]}))
    from wordguess.engine.puzzle import Puzzle
    from wordguess.web.analyze.work import played_turns

    wordle = get_game("wordle")
    small = Puzzle(wordle, ["rebut", "cigar"], ["rebut", "cigar"], store=None)
    puzzle, turns, notices = played_turns(wordle, small, {"turns": [], "guesses": ["zzzax", "rebut"],
                                                           "secret": "rebut", "share": None})
    assert turns[0] == ("zzzax", wordle.feedback("zzzax", "rebut")) and "ZZZAX" in notices[0]
    assert "zzzax" in puzzle.guesses


@pytest.mark.parametrize(("method", "path", "status", "allow"), [
    ("get", "/api/assist", 405, "POST"), ("put", "/api/assist", 405, "POST"), ("delete", "/api/games", 405, "GET"),
    ("get", "/api/no-such-route", 404, None), ("post", "/api/no/such/route", 404, None)])
def test_a_wrong_method_is_405_with_allow_and_an_unknown_api_path_404(client, method, path, status, allow):
    answer = getattr(client, method)(path)
    assert answer.status_code == status and answer.headers.get("allow") == allow
    assert set(answer.json()) == {"detail"} and "\n" not in answer.json()["detail"]


def test_classic_nerdle_is_played_with_the_assistant_and_analysed_within_the_matrix_limit(client):
    """Classic Nerdle's 17,723 x 17,723 matrix (599 MB) is over the server's 256 MB: its game is
    played by rows and its suggestions come from the candidates' own puzzle (a sample of them on
    the first move, said so), not refused."""
    game = client.post("/api/play/new", json={"game": "nerdle", "length": 8, "host": "random"}).json()
    turns = []
    while not game["over"]:
        answer = client.post("/api/assist", json={"game": "nerdle", "length": 8, "turns": turns})
        assert answer.status_code == 200, answer.text
        if not turns:
            assert answer.json()["candidate_count"] == 17723 and "8,192 of the 17,723" in answer.json()["notices"][0]
        guess = answer.json()["suggestions"][0]["word"]
        game = client.post("/api/play/guess", json={"token": game["token"], "guess": guess}).json()
        turns.append({"guess": guess, "reply": game["turns"][-1]["reply"]})
    assert game["won"] and len(turns) <= 6
    analysis = client.post("/api/analyze", json={"game": "nerdle", "length": 8, "guesses": [t["guess"] for t in turns],
                                                 "secret": game["secret"]})
    assert analysis.status_code == 200, analysis.text
    assert analysis.json()["kind"] == "estimate" and len(analysis.json()["moves"]) == len(turns)


def test_fibble_analysis_is_refused_in_one_line_as_on_the_command_line(client):
    """A game whose host lies is not known from its secret: the document takes its turns or its
    share text only, and its refusal says why."""
    message = refused(client.post("/api/analyze", json={"game": "fibble", "guesses": ["salet", "rebut"], "secret": "rebut"}),
                      400)
    assert "lies" in message and "no possible secret" not in message
