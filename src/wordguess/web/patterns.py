"""The regular expressions the API's document gives what a game takes: its words (the symbols a
player types, each folding onto one symbol of the game's alphabet, as many as its length), its
replies (one of its notations), the rows of a share text, and the forms of a game token and of
a path in the optimal tree. Each is derived from the game's own `fold` and `parse_reply`, so a
text that matches is read by the game (a word may still be in no list, or not an equation: the
game judges that). The patterns hold plain characters, classes and counts only, so Python's
`re`, pydantic's Rust engine and the document's readers read them alike."""

from __future__ import annotations

import functools
from collections.abc import Iterable

from wordguess.errors import WordguessError
from wordguess.games import Game, MultiBoard
from wordguess.games.base import MAX_LENGTH
from wordguess.lists import bundled_lengths

# The characters a word may be typed with: ASCII and the Latin letters with diacritics.
TYPED = [chr(code) for code in range(0x21, 0x250)]
# The characters a reply may be written with: ASCII, the share squares (⬛ ⬜) and the coloured
# squares and circles of the share texts (🟩 🟨 🟧 🟦 🟥 🟡 ...).
MARKS = [chr(code) for code in range(0x21, 0x7F)] + ["⬛", "⬜"] + [chr(code) for code in range(0x1F7E0, 0x1F7EC)]
PRESENTATION = "\ufe0f"  # the emoji presentation selector a copied square may carry
BOARD_SEPARATOR = "[|/;, ]+"  # between the boards' replies of a multi-board turn (a subset of the game's)
TOKEN = r"^\.?[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+$"  # itsdangerous' URL-safe payload.signature
CLASS_ESCAPES = set("\\]-[^")


def char_class(symbols: Iterable[str]) -> str:
    """Return a character class of the symbols, runs of consecutive code points as ranges."""
    runs: list[list[int]] = []
    for code in sorted({ord(s) for s in symbols}):
        if runs and code == runs[-1][-1] + 1:
            runs[-1].append(code)
        else:
            runs.append([code])
    if not runs:
        raise WordguessError("a pattern needs at least one symbol")
    parts = [escaped(chr(run[0])) + ("" if len(run) == 1 else escaped(chr(run[-1])) if len(run) == 2
                                     else f"-{escaped(chr(run[-1]))}") for run in runs]
    return f"[{''.join(parts)}]"


def escaped(symbol: str) -> str:
    return f"\\{symbol}" if symbol in CLASS_ESCAPES else symbol


def counted(lengths: Iterable[int]) -> str:
    """Return the repetition of a pattern's unit: {n}, or {least,most} over a span of lengths."""
    lengths = sorted(set(lengths))
    if lengths != list(range(lengths[0], lengths[-1] + 1)):
        raise WordguessError(f"the lengths {lengths} are not one span")
    return f"{{{lengths[0]}}}" if len(lengths) == 1 else f"{{{lengths[0]},{lengths[-1]}}}"


@functools.cache
def typed_symbols(game: Game) -> frozenset[str]:
    """Return the characters a player may type a game's words with: each folds onto one symbol
    of its alphabet (a capital, an accent the language drops: Á is A in Spanish, É in Sutom)."""
    return frozenset(ch for ch in TYPED if len(folded := game.fold(ch)) == 1 and folded in game.alphabet)


def word_lengths(game: Game) -> set[int]:
    """Return the lengths a game's words may have: its length, else its list's (Sutom's, a
    generated list's)."""
    if game.length is not None:
        return {game.length}
    generated = game.generated_words()
    if generated is not None:
        return {len(word) for word in generated}
    return set(bundled_lengths(game.default_answers) or range(1, MAX_LENGTH + 1))


def word_pattern(games: Iterable[Game]) -> str:
    """Return the pattern of the words of any of the games: their typed symbols, as many as
    their lengths."""
    games = list(games)
    lengths = set().union(*map(word_lengths, games))
    return f"^{char_class(set().union(*map(typed_symbols, games)))}{counted(lengths)}$"


@functools.cache
def mark_symbols(game: Game) -> frozenset[str]:
    """Return the characters that are a mark of a per-letter game's reply (its letters, digits
    and squares): each one, repeated the word's length, is a reply it reads."""
    game = sized(game)
    return frozenset(ch for ch in MARKS if readable(game, ch * game.length))


def sized(game: Game) -> Game:
    """Return the game with a length: its own, else its shortest words' (a reply's marks and
    counts are those of any length)."""
    return game if game.length is not None else game.sized(min(word_lengths(game)))


def readable(game: Game, text: str) -> bool:
    try:
        game.parse_reply(text)
    except WordguessError:
        return False
    return True


def marks_unit(games: Iterable[Game], without: str = "") -> str:
    """Return the pattern of one mark of a per-letter reply of any of the games (a square may
    carry the presentation selector), leaving out the characters `without`."""
    symbols = set().union(*map(mark_symbols, games)) - set(without)
    return f"(?:{char_class(symbols)}{PRESENTATION}?)"


def reply_unit(games: Iterable[Game]) -> str:
    """Return the pattern of a reply of any of the games, unanchored: one mark per letter of
    their lengths, or, for a reply that is not per letter, one of their canonical replies
    (Jotto's 0 to 5, Mastermind's 1,2)."""
    games = list(games)
    if all(game.per_letter_marks for game in games):
        return marks_unit(games) + counted(set().union(*map(word_lengths, games)))
    replies = sorted({game.format_reply(r) for game in map(sized, games) for r in range(game.n_replies)},
                     key=lambda r: (len(r), r))
    return f"(?:{'|'.join(replies)})"


def reply_pattern(games: Iterable[Game]) -> str:
    """Return the pattern of a reply of any of the games (reply_unit)."""
    return f"^{reply_unit(games)}$"


def board_reply(rules: Iterable[MultiBoard]) -> str:
    """Return the pattern of a multi-board turn's reply: a reply per board (- for a board solved
    before), separated by spaces (or | / ; ,), at most one per board."""
    rules = list(rules)
    lengths = set().union(*(word_lengths(r.board) for r in rules))
    board = marks_unit([r.board for r in rules], without=",;/|") + counted(lengths)
    part = f"(?:-|{board})"
    most = max(r.n_boards for r in rules)
    return f"^{part}(?:{BOARD_SEPARATOR}{part}){{0,{most - 1}}}$"


def share_row(games: Iterable[Game]) -> str:
    """Return the pattern a share text of the games matches: it holds a line that is one reply
    (a row of marks), spaces or tabs around it."""
    return f"(?:^|\\n)[ \\t]*{reply_unit(games)}[ \\t]*(?:\\r?\\n|$)"


def board_share_row(rules: Iterable[MultiBoard]) -> str:
    """Return the pattern a multi-board share grid matches: it holds a line of boards' rows of
    marks side by side, separated by spaces or tabs."""
    rules = list(rules)
    cell = marks_unit([r.board for r in rules]) + counted(set().union(*(word_lengths(r.board) for r in rules)))
    return f"(?:^|\\n)[ \\t]*{cell}(?:[ \\t]+{cell})*[ \\t]*(?:\\r?\\n|$)"


def tree_path(game: Game, depth: int) -> str:
    """Return the pattern of a path in a tree of the game: GUESS=REPLY turns joined by ';', at
    most `depth` of them (none: the root)."""
    turn = f"{word_pattern([game])[1:-1]}={reply_pattern([game])[1:-1]}"
    return f"^(?:{turn}(?:;{turn}){{0,{depth - 1}}})?$"
