"""The daily game, as the NYT's: one secret a day per game, variant and world, the same for every
player of one key (a server's, or this machine's: the page and `wordguess play --daily` share
it), one attempt a day, and the player's record: played, win %, streaks, the guess distribution.

The day is the player's: the page sends its own date, which a server takes when it is its own or a
day either side (`player_day`), so that the daily turns at the player's midnight and no one reads
days ahead; a past day's daily may be played as practice (`practice_day`), outside the record.
Each day has a number, as the NYT's ("Wordle 1,234"): the days since Wordle's first (`daily_number`).

The secret's seed is HMAC-SHA256(key, "daily:<date>:<variant>"), the variant naming the rules
with their options, the world and the answer list (`daily_variant`), so that the daily Wordle,
Dordle, Fibble and the closed world's Wordle are different words, and nobody without the key can
work out tomorrow's. The terminal keeps its record in the user data folder (`DailyRecords`); the
page keeps its own in local storage and computes the same figures (static/js/daily.js)."""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path

import platformdirs

from wordguess.errors import WordguessError

KEY_VARIABLE = "WORDGUESS_WEB_KEY"  # a key given by the environment
RECORDS_KEPT = 5000  # daily results kept in the terminal's record (about 13 years of one game a day)
FIRST_DAY = datetime.date(2021, 6, 19)  # Wordle's first daily, number 0: the NYT's numbers
DAY_SPREAD = datetime.timedelta(days=1)  # a player's date may be the server's or a day either side (time zones)


def key_file() -> Path:
    """Return the file that keeps the key (game tokens, daily secrets) between runs."""
    return Path(platformdirs.user_data_dir("wordguess")) / "web-key"


def signing_key() -> str:
    """Return the key: $WORDGUESS_WEB_KEY, else the one kept in key_file() (made on the first run,
    readable by its owner only), so that games and dailies survive a restart; a random one, for
    this run only, when that file cannot be read or written."""
    if os.environ.get(KEY_VARIABLE):
        return os.environ[KEY_VARIABLE]
    path = key_file()
    try:
        found = path.read_text(encoding="ascii").strip()
        if len(found) >= 32:
            return found
    except (OSError, UnicodeDecodeError):
        pass
    key = secrets.token_hex(32)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="ascii") as file:
            file.write(key + "\n")
    except OSError:
        pass  # a read-only home: this run's games end with it
    return key


def daily_variant(rules_key: str, world: str, answers: str) -> str:
    """Return the name of a daily game: the rules with their options (Game.key; a multi-board
    game's name and its board's), the world and the answer list."""
    return f"{rules_key}|{world}|{answers}"


def daily_seed(key: str, day: datetime.date, variant: str) -> int:
    """Return the seed of the day's secret of a daily game."""
    digest = hmac.new(key.encode(), f"daily:{day.isoformat()}:{variant}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")


def daily_number(day: datetime.date) -> int:
    """Return the daily's number of a day, the NYT's: the days since Wordle's first (2021-06-19)."""
    return (day - FIRST_DAY).days


def player_day(day: datetime.date | None, today: datetime.date) -> datetime.date:
    """Return the day of a player's daily: their own date (`day`; none: the server's `today`),
    refused unless it is `today` or a day either side, the time zones' spread."""
    if day is None:
        return today
    if abs(day - today) > DAY_SPREAD:
        raise WordguessError(f"the daily of {day.isoformat()} is not open: it is {today.isoformat()} here, and a "
                             "player's date may be a day either side (check this device's date)")
    return day


def practice_day(day: datetime.date, today: datetime.date) -> datetime.date:
    """Return the day of a past daily played as practice: any day from Wordle's first up to the
    player's (at most a day after `today`), refused otherwise."""
    if not FIRST_DAY <= day <= today + DAY_SPREAD:
        raise WordguessError(f"a past daily is of a day from {FIRST_DAY.isoformat()} to today, not {day.isoformat()}")
    return day


def seconds_to_next_day(now: datetime.datetime | None = None) -> int:
    """Return the seconds until the next daily (local midnight)."""
    now = now or datetime.datetime.now()
    tomorrow = datetime.datetime.combine(now.date() + datetime.timedelta(days=1), datetime.time())
    return max(0, int((tomorrow - now).total_seconds()))


@dataclasses.dataclass(frozen=True)
class DailyResult:
    """One daily game's end."""

    day: str  # ISO date
    variant: str  # daily_variant
    won: bool
    guesses: int  # guesses played
    max_guesses: int


@dataclasses.dataclass(frozen=True)
class DailyStats:
    """A player's record of one daily game."""

    played: int
    won: int
    current_streak: int  # wins on consecutive days up to today (or yesterday, today not played yet)
    best_streak: int
    distribution: dict[int, int]  # guesses -> wins in that many

    @property
    def win_percent(self) -> int:
        return round(100 * self.won / self.played) if self.played else 0

    def to_json(self) -> dict:
        return {"played": self.played, "won": self.won, "win_percent": self.win_percent,
                "current_streak": self.current_streak, "best_streak": self.best_streak,
                "distribution": {str(k): v for k, v in sorted(self.distribution.items())}}


def daily_stats(results: list[DailyResult], variant: str, today: datetime.date) -> DailyStats:
    """Return the record of one daily game from its results (one per day; a later one of the
    same day is ignored)."""
    by_day: dict[datetime.date, DailyResult] = {}
    for result in results:
        if result.variant == variant:
            by_day.setdefault(datetime.date.fromisoformat(result.day), result)
    best = run = 0
    previous = None
    for day in sorted(by_day):
        won = by_day[day].won
        run = (run + 1 if previous is not None and day - previous == datetime.timedelta(days=1) else 1) if won else 0
        previous = day if won else None
        best = max(best, run)
    current = 0
    day = today if today in by_day else today - datetime.timedelta(days=1)
    while day in by_day and by_day[day].won:
        current += 1
        day -= datetime.timedelta(days=1)
    distribution: dict[int, int] = {}
    for result in by_day.values():
        if result.won:
            distribution[result.guesses] = distribution.get(result.guesses, 0) + 1
    return DailyStats(len(by_day), sum(r.won for r in by_day.values()), current, best, distribution)


class DailyRecords:
    """The terminal's daily results, in a JSON file of the user data folder (a file that cannot be
    read is started again, and one that cannot be written leaves the results of this run only)."""

    def __init__(self, path: Path | None = None):
        self.path = path or Path(platformdirs.user_data_dir("wordguess")) / "daily.json"

    def results(self) -> list[DailyResult]:
        try:
            rows = json.loads(self.path.read_text(encoding="utf-8"))
            return [DailyResult(**row) for row in rows]
        except (OSError, ValueError, TypeError):
            return []

    def find(self, day: datetime.date, variant: str) -> DailyResult | None:
        """Return the day's result of a daily game, if it was played."""
        return next((r for r in self.results() if r.day == day.isoformat() and r.variant == variant), None)

    def add(self, result: DailyResult) -> None:
        """Keep a result (the first of its day and game only)."""
        results = self.results()
        if any(r.day == result.day and r.variant == result.variant for r in results):
            return
        results = [*results, result][-RECORDS_KEPT:]
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_suffix(".tmp")
            temporary.write_text(json.dumps([dataclasses.asdict(r) for r in results]), encoding="utf-8")
            temporary.replace(self.path)
        except OSError:
            pass
