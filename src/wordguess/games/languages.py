"""The languages Wordle is played in here (`get_game("wordle", language="de")`): each one's
letters, how typed input folds onto them, and its players' keyboard.

A letter of the language's alphabet is a letter of its own (Spanish Ñ is not N; Swedish Å Ä Ö
are not A or O; the Polish letters; Catalan Ç); any other accented letter folds to its base
letter (Spanish Á is A), as the most played clone of each language does (docs/languages.md
has what each does, with sources). German clones write the umlauts as two letters (KÄSE is
played KAESE) and ß as SS; Dutch IJ is two tiles, I and J; Catalan L·L is played LL. The lists
keep the dictionary's spelling, shown when it has one letter per tile (ÁRBOL); feedback
compares folded words.
"""

from __future__ import annotations

import dataclasses
import unicodedata

from wordguess.errors import WordError

ENGLISH = "abcdefghijklmnopqrstuvwxyz"


@dataclasses.dataclass(frozen=True)
class Language:
    """A language's letters and keyboard."""

    code: str  # BCP 47: de, es, ...
    name: str  # in the language itself: Deutsch, Español
    english: str  # German, Spanish
    alphabet: str  # the letters a folded word may use (32 at most: the kernels' letter counts)
    keyboard: tuple[str, ...]  # the rows of keys its players know, every letter of the alphabet once
    replace: tuple[tuple[str, str], ...] = ()  # spellings written as another before folding (ß -> ss)
    lengths: range = range(5, 6)  # the word lengths with bundled lists

    def __post_init__(self) -> None:
        if len(self.alphabet) > 32 or sorted("".join(self.keyboard)) != sorted(self.alphabet):
            raise ValueError(f"{self.code}: the keyboard must hold each of the (at most 32) letters once")

    def fold(self, word: str) -> str:
        """Return `word` as feedback compares it: lower-cased, the two-character letters as one,
        and each accented letter that is not a letter of the alphabet as its base letter."""
        text = unicodedata.normalize("NFC", word.strip().lower())
        for old, new in self.replace:
            text = text.replace(old, new)
        out = []
        for ch in text:
            if ch in self.alphabet:
                out.append(ch)
            else:
                base = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))
                out.append(base if base and all(c in self.alphabet for c in base) else ch)
        return "".join(out)


LANGUAGES: dict[str, Language] = {lang.code: lang for lang in (
    Language("en", "English", "English", ENGLISH, ("qwertyuiop", "asdfghjkl", "zxcvbnm"), lengths=range(4, 12)),
    Language("de", "Deutsch", "German", ENGLISH, ("qwertzuiop", "asdfghjkl", "yxcvbnm"),
             replace=(("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")), lengths=range(4, 9)),
    Language("es", "Español", "Spanish", ENGLISH + "ñ", ("qwertyuiop", "asdfghjklñ", "zxcvbnm"),
             lengths=range(4, 9)),
    Language("it", "Italiano", "Italian", ENGLISH, ("qwertyuiop", "asdfghjkl", "zxcvbnm"), lengths=range(4, 9)),
    Language("nl", "Nederlands", "Dutch", ENGLISH, ("qwertyuiop", "asdfghjkl", "zxcvbnm"), lengths=range(4, 9)),
    Language("sv", "Svenska", "Swedish", ENGLISH + "åäö", ("qwertyuiopå", "asdfghjklöä", "zxcvbnm"),
             lengths=range(4, 9)),
    Language("nb", "Norsk bokmål", "Norwegian", ENGLISH + "æøå", ("qwertyuiopå", "asdfghjkløæ", "zxcvbnm"),
             lengths=range(4, 9)),
    # Polish words use the 32 letters of the Polish alphabet (no q, v, x: foreign words only),
    # the nine letters with diacritics at the rows' ends.
    Language("pl", "Polski", "Polish", "aąbcćdeęfghijklłmnńoóprsśtuwyzźż",
             ("wertyuiopęó", "asdfghjkląśł", "zcbnmżźćń"), lengths=range(4, 9)),
    Language("ca", "Català", "Catalan", ENGLISH + "ç", ("qwertyuiop", "asdfghjklç", "zxcvbnm"),
             replace=(("l·l", "ll"), ("ŀl", "ll")), lengths=range(4, 9)),
)}


def get_language(code: str) -> Language:
    """Return a language by its code (or raise an error listing them)."""
    found = LANGUAGES.get(code.strip().lower())
    if found is None:
        raise WordError(f"no language {code!r}; wordle is played here in {', '.join(sorted(LANGUAGES))}")
    return found
