"""The daily game (issue 34): one secret a day per game, variant and world, the same for every
player of a key (the page and `wordguess play --daily`), one attempt a day, and the record."""

from __future__ import annotations

import datetime
import json

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from wordguess.cli import app
from wordguess.play.daily import DailyRecords, DailyResult, daily_stats
from wordguess.web import Settings, create_app

KEY = "a key for the daily tests, long enough to be one"
runner = CliRunner()


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Settings(key=KEY))) as test_client:
        yield test_client


def daily(client, **setting) -> dict:
    answer = client.post("/api/play/new", json={"host": "daily", **setting})
    assert answer.status_code == 200, answer.text
    return answer.json()


def secret_of(client, game: dict, boards: bool = False):
    ended = client.post(f"/api/{'boards/' if boards else ''}play/give-up", json={"token": game["token"]}).json()
    return ended["secrets"] if boards else ended["secret"]


def test_each_game_variant_and_world_has_its_own_daily_and_every_player_the_same(client):
    secrets = {
        "wordle": secret_of(client, daily(client, game="wordle")),
        "wordle, closed": secret_of(client, daily(client, game="wordle", world="closed")),
        "fibble": secret_of(client, daily(client, game="fibble")),
        "wordle 6": secret_of(client, daily(client, game="wordle", length=6)),
    }
    dordle = client.post("/api/boards/play/new", json={"game": "dordle", "host": "daily"}).json()
    quordle = client.post("/api/boards/play/new", json={"game": "quordle", "host": "daily"}).json()
    secrets["dordle 1"], secrets["dordle 2"] = secret_of(client, dordle, boards=True)
    secrets["quordle 1"] = secret_of(client, quordle, boards=True)[0]
    assert len(set(secrets.values())) == len(secrets), secrets  # the page's bug: one word for them all
    with TestClient(create_app(Settings(key=KEY))) as other:  # another player, another run: the same
        assert secret_of(other, daily(other, game="fibble")) == secrets["fibble"]


def test_one_attempt_a_day_a_finished_daily_refuses_another_and_an_unfinished_one_resumes(client):
    game = daily(client, game="wordle", world="closed", length=4)
    played = client.post("/api/play/guess", json={"token": game["token"], "guess": "lane"}).json()
    resumed = daily(client, game="wordle", world="closed", length=4, previous=[played["token"]])
    assert resumed["token"] == played["token"] and len(resumed["turns"]) == 1
    ended = client.post("/api/play/give-up", json={"token": played["token"]}).json()
    assert ended["daily"]["variant"] == "wordle(word_length=4)|closed|scowl-answers-4"
    assert 0 <= ended["daily"]["next_in"] <= 86400
    for kept in (ended["token"], played["token"]):  # the end, or a state the game has moved on from
        again = client.post("/api/play/new", json={"game": "wordle", "world": "closed", "length": 4, "host": "daily",
                                                   "previous": [kept]})
        assert again.status_code == 409 and "today's daily" in again.json()["detail"]
        assert "\n" not in again.json()["detail"]
    # the shown word typed into a new daily was "Solved in 1!": now that daily is refused; another
    # game's daily, or a random one, is not
    daily(client, game="wordle", world="closed", length=5, previous=[ended["token"]])
    fresh = client.post("/api/play/new", json={"game": "wordle", "world": "closed", "length": 4, "host": "random",
                                               "previous": [ended["token"]]})
    assert fresh.status_code == 200
    forged = daily(client, game="wordle", world="closed", length=4, previous=[ended["token"][:-4] + "AAAA"])
    assert forged["turns"] == []  # a token that is not the server's counts for nothing


def test_the_terminal_daily_is_the_pages_and_keeps_its_record(client, tmp_path):
    env = {"WORDGUESS_WEB_KEY": KEY, "XDG_DATA_HOME": str(tmp_path), "NO_COLOR": "1"}
    page = secret_of(client, daily(client, game="wordle", world="closed"))
    first = runner.invoke(app, ["play", "--daily", "--world", "closed"], input="quit\n", env=env)
    assert first.exit_code == 0 and f"the word was {page}" in first.output
    assert "today's daily game" in first.output and "host random" not in first.output
    assert not (tmp_path / "wordguess" / "daily.json").exists()  # no guess: no attempt
    played = runner.invoke(app, ["play", "--daily", "--world", "closed"], input=f"{page.lower()}\n", env=env)
    assert "solved in 1!" in played.output and "played 1, won 100%, streak 1 (best 1)" in played.output
    again = runner.invoke(app, ["play", "--daily", "--world", "closed"], input=f"{page.lower()}\n", env=env)
    assert again.exit_code == 0 and "today's daily was solved in 1 here" in again.output
    assert "guess 1" not in again.output
    rows = json.loads((tmp_path / "wordguess" / "daily.json").read_text())
    assert rows == [{"day": datetime.date.today().isoformat(), "variant": "wordle(word_length=5)|closed|wordle-answers",
                     "won": True, "guesses": 1, "max_guesses": 6}]


def test_the_record_counts_streaks_over_consecutive_days(tmp_path):
    day = datetime.date(2026, 11, 25)

    def result(days_ago: int, won: bool, guesses: int = 4, variant: str = "v") -> DailyResult:
        return DailyResult((day - datetime.timedelta(days=days_ago)).isoformat(), variant, won, guesses, 6)

    records = DailyRecords(tmp_path / "daily.json")
    for r in (result(9, True, 3), result(8, True, 5), result(7, True), result(6, False, 6), result(4, True, 2),
              result(3, True, 3), result(1, True, 3), result(0, True, 4), result(0, False, 6), result(0, True, 1, "w")):
        records.add(r)  # the second result of a day is not kept
    stats = daily_stats(records.results(), "v", day)
    assert (stats.played, stats.won, stats.win_percent) == (8, 7, 88)
    assert (stats.current_streak, stats.best_streak) == (2, 3)  # days 1 and 0; days 9, 8, 7 (a gap at 2)
    assert stats.distribution == {2: 1, 3: 3, 4: 2, 5: 1}
    assert daily_stats(records.results(), "v", day + datetime.timedelta(days=1)).current_streak == 2  # not played yet
    assert daily_stats(records.results(), "v", day + datetime.timedelta(days=2)).current_streak == 0
    (tmp_path / "daily.json").write_text("{not json")
    assert DailyRecords(tmp_path / "daily.json").results() == []  # a damaged record starts again


def test_a_multi_board_daily_is_played_once_a_day_too(client):
    game = client.post("/api/boards/play/new", json={"game": "octordle", "host": "daily", "world": "closed"}).json()
    ended = client.post("/api/boards/play/give-up", json={"token": game["token"]}).json()
    assert ended["daily"]["variant"] == "octordle/wordle(word_length=5)|closed|wordle-answers"
    again = client.post("/api/boards/play/new", json={"game": "octordle", "host": "daily", "world": "closed",
                                                      "previous": [ended["token"]]})
    assert again.status_code == 409 and "octordle" in again.json()["detail"]
