"""The web API through the framework's test client: each endpoint's answers, and bad input to
every endpoint getting a 4xx with a one-line message (never a 500)."""

from __future__ import annotations

import json

import itsdangerous
import pytest
from fastapi.testclient import TestClient

from wordguess.games import GAMES, MULTI_BOARDS, get_game
from wordguess.web import Limits, Settings, create_app

WORDLE = get_game("wordle")


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Settings(limits=Limits(expensive_per_minute=30)))) as test_client:
        yield test_client


def refused(response, status: int = 422) -> str:
    """Assert a refusal with a one-line message and return the message."""
    assert response.status_code == status, response.text
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


# --- the assistant --------------------------------------------------------------------------------

def test_assist_narrows_and_suggests(client):
    start = assist(client).json()
    assert start["candidates"] == 2315 and len(start["suggestions"]) == 5
    after = assist(client, [("salet", "..Y.."), ("corni", ".Y...")]).json()
    assert 0 < after["candidates"] < 99 and after["turns"][1]["marks"] == ".Y..."
    best = after["suggestions"][0]
    assert best["expected"] <= after["candidates"] and best["expected_guesses"] >= 1
    assert sum(p["probability"] for p in after["likely"]) == pytest.approx(min(1, 20 / after["candidates"]))
    if after["candidates"] <= 20:
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


def test_assist_solved_and_termo_accents(client):
    result = assist(client, [("crane", "GGGGG")]).json()
    assert result["solved"] and result["suggestions"] == [] and result["candidates"] == 1
    termo = assist(client, [("serao", "..Y..")], game="termo").json()
    assert any(ch in "".join(termo["words"] or [w["word"] for w in termo["likely"]]) for ch in "ÁÃÇÉÊÍÓÔÕÚ")


@pytest.mark.parametrize(("body", "fragment"), [
    ({"game": "nope"}, "unknown game"),
    ({"game": "../../etc/passwd"}, "game"),
    ({"turns": [{"guess": "zzzzz", "reply": "....."}]}, "not in the list"),
    ({"turns": [{"guess": "salet", "reply": "..Q.."}]}, "reply"),
    ({"turns": [{"guess": "crane", "reply": "GGGGG"}, {"guess": "salet", "reply": "....."}]}, "turn 2"),
    ({"turns": [{"guess": "x" * 25, "reply": "....."}]}, "turns.0.guess"),
    ({"turns": [{"guess": "salet", "reply": "....."}] * 41}, "turns"),
    ({"turns": "salet"}, "turns"),
    ({"mode": "sideways"}, "mode"),
    ({"world": "flat"}, "world"),
    ({"answers": "/etc/passwd"}, "answers"),
    ({"game": "sutom"}, "sutom needs"),
    ({"game": "quordle"}, "multi-board"),
    ({"game": "wordle", "pegs": 4}, "no option"),
    ({"count": 1000}, "count"),
])
def test_assist_refuses_bad_input(client, body, fragment):
    detail = refused(client.post("/api/assist", json={"world": "closed", **body}))
    assert fragment.lower() in detail.lower()


def test_assist_refuses_a_body_that_is_not_json(client):
    refused(client.post("/api/assist", content=b"{not json", headers={"content-type": "application/json"}))


# --- games hosted here ----------------------------------------------------------------------------

def token_payload(token: str) -> str:
    """Return what anyone can read in a signed token (its payload, without checking the signature)."""
    return json.dumps(itsdangerous.URLSafeSerializer("any key").loads_unsafe(token)[1])


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
    replies = [client.post("/api/play/guess", json={"token": g["token"], "guess": "salet"}).json()["turns"][0]["reply"]
               for g in (one, two)]
    assert replies[0] == replies[1]
    refused(client.post("/api/play/guess", json={"token": one["token"], "guess": "zzzzz"}))
    again = client.post("/api/play/guess", json={"token": one["token"], "guess": "crane"}).json()
    assert len(again["turns"]) == 1


def test_absurdle_and_sutom_hosts(client):
    game = client.post("/api/play/new", json={"game": "wordle", "host": "absurdle"}).json()
    assert game["limit"] == "∞" and game["remaining"] == 12972
    game = client.post("/api/play/guess", json={"token": game["token"], "guess": "salet"}).json()
    assert 0 < game["remaining"] < 12972 and not game["over"]
    sutom = client.post("/api/play/new", json={"game": "sutom", "host": "random", "world": "closed"}).json()
    assert sutom["length"] == 6 and sutom["clue"].startswith("starting with ")


@pytest.mark.parametrize(("path", "body"), [
    ("/api/play/new", {"host": "friendly"}),
    ("/api/play/new", {"game": "nope"}),
    ("/api/play/new", {"game": "quordle"}),
    ("/api/play/guess", {"token": "abc", "guess": "salet"}),
    ("/api/play/guess", {"token": "x" * 5000, "guess": "salet"}),
    ("/api/play/guess", {"guess": "salet"}),
])
def test_play_refuses_bad_input(client, path, body):
    refused(client.post(path, json=body))


def test_a_changed_or_foreign_token_is_refused(client):
    game = client.post("/api/play/new", json={"game": "wordle", "world": "closed"}).json()
    payload, _, signature = game["token"].rpartition(".")
    forged = payload[:-2] + ("AA" if payload[-2:] != "AA" else "BB") + "." + signature
    assert "not valid" in refused(client.post("/api/play/guess", json={"token": forged, "guess": "salet"}))
    other = TestClient(create_app(Settings(key="another key")))
    refused(other.post("/api/play/guess", json={"token": game["token"], "guess": "salet"}))


# --- analysis -------------------------------------------------------------------------------------

def test_analyze_a_game_given_with_the_secret(client):
    result = client.post("/api/analyze", json={"guesses": ["salet", "corni", "rebut"], "secret": "rebut"})
    data = result.json()
    assert result.status_code == 200, data
    assert data["world"] == "closed" and data["solved"] and len(data["moves"]) == 3
    assert [p["turn"] for p in data["chart"]] == [1, 2, 3]
    last = data["moves"][-1]
    assert last["marks"] == "GGGGG" and last["candidates_after"] == 1 and last["played"]["low"] >= 1


def test_analyze_a_pasted_share_text(client):
    share = "Wordle 1,234 3/6\n\n⬛⬛⬛🟨🟩\n⬛⬛🟨⬛⬛\n🟩🟩🟩🟩🟩"
    data = client.post("/api/analyze", json={"guesses": ["salet", "corni", "rebut"], "share": share}).json()
    assert [m["reply"] for m in data["moves"]] == ["...YG", "..Y..", "GGGGG"]


@pytest.mark.parametrize(("body", "fragment"), [
    ({"guesses": ["salet"]}, "one way"),
    ({"guesses": ["salet", "crane"], "share": "⬛⬛⬛⬛⬛"}, "1 rows"),
    ({"guesses": ["salet"], "share": "no grid here"}, "no row"),
    ({"guesses": ["qqqqq"], "secret": "rebut"}, "not in the list"),
    ({"game": "quordle", "guesses": ["salet"], "secret": "rebut"}, "single-board"),
    ({"guesses": ["salet"] * 41, "secret": "rebut"}, "guesses"),
    ({"share": "x" * 4001, "guesses": ["salet"]}, "share"),
    ({"guesses": ["salet"], "secret": "rebut", "budget": 1000}, "budget"),
])
def test_analyze_refuses_bad_input(client, body, fragment):
    assert fragment.lower() in refused(client.post("/api/analyze", json=body)).lower()


def test_expensive_calls_are_rate_limited():
    limited = TestClient(create_app(Settings(limits=Limits(expensive_per_minute=1))))
    refused(limited.post("/api/analyze", json={"guesses": ["salet"]}))
    assert "a minute" in refused(limited.post("/api/analyze", json={"guesses": ["salet"]}), 429)


# --- several boards -------------------------------------------------------------------------------

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


@pytest.mark.parametrize(("path", "body"), [
    ("/api/boards/assist", {"game": "wordle"}),
    ("/api/boards/assist", {"game": "multiboard"}),
    ("/api/boards/assist", {"turns": [{"guess": "salet", "reply": "....."}]}),
    ("/api/boards/assist", {"turns": [{"guess": "salet", "reply": "..... ..... ..... ....X"}]}),
    ("/api/boards/play/new", {"game": "octordle", "host": "evil"}),
    ("/api/boards/play/guess", {"token": "nope", "guess": "salet"}),
])
def test_boards_refuse_bad_input(client, path, body):
    refused(client.post(path, json=body))


def test_a_single_board_token_is_refused_by_the_boards(client):
    game = client.post("/api/play/new", json={"game": "wordle", "world": "closed"}).json()
    refused(client.post("/api/boards/play/guess", json={"token": game["token"], "guess": "salet"}))


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


@pytest.mark.parametrize("params", [
    {"mode": "strict"}, {"path": "crane=....."}, {"path": "salet"}, {"path": "salet=XXXXX"},
    {"path": "x" * 201}, {"path": ";".join(["salet=GGGGG"] * 8)},
])
def test_explore_refuses_bad_input(client, params):
    refused(client.get("/api/explore", params=params))


# --- limits, headers, docs ------------------------------------------------------------------------

def test_a_large_body_is_refused(client):
    assert "bytes" in refused(client.post("/api/assist", content=b"x" * 40_000,
                                          headers={"content-type": "application/json"}), 413)


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


def test_unknown_api_path_is_a_404_with_a_message(client):
    refused(client.get("/api/nothing-here"), 404)


def test_pages_have_no_inline_script_or_external_link(client):
    for page in ("/", "/docs"):
        html = client.get(page).text
        assert "<script>" not in html and "style=" not in html and "https://" not in html
    assert json.loads(client.get("/openapi.json").text)["info"]["title"] == "wordguess"


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
