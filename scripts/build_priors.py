#!/usr/bin/env python3
"""Rebuild the word-frequency tables behind wordguess's open-world priors, and the fitted model.

    python scripts/build_priors.py             # needs `pip install wordfreq==3.1.1` (the build extra)

For each bundled list that a game guesses from (wordle-guesses, termo, sutom) it writes
`src/wordguess/lists/data/freq-<list>.tsv.gz`: one line per word that has something to say,
`word<TAB>zipf<TAB>flags`, where zipf is wordfreq's Zipf frequency (log10 of occurrences per
billion words + 9; 0 = not seen) and flags are letters:
- `p`: a plural: the word ends in s (French: s or x; English also: es) and the word without that
  ending is itself a word (Zipf >= 2.5 in the same language);
- `d`: an English past tense: ends in ed, and the word without ed (or d) is a word (Zipf >= 2.5);
- `n`: an English proper name: Debian's wamerican (SCOWL size 50) has it only capitalised;
- `w`: in wamerican in lower case (a dictionary word).
Sutom's list has its accents removed, so the French frequencies of all spellings that fold to the
same letters are added. Words absent from the table have Zipf 0 and no flags.

Then it fits the prior's model (wordguess.lists.priors.fit) on the public 2,315 Wordle answers
against the rest of the 12,972 allowed words, and writes `prior-model.json`.

Sources: PyPI wordfreq 3.1.1 (code Apache-2.0, data CC BY-SA 4.0: the tables are shared under
CC BY-SA 4.0 with its attribution in licenses/wordfreq-NOTICE.txt) and Debian wamerican
(SCOWL, permissive: licenses/wamerican-copyright.txt). Output is deterministic (gzip mtime 0).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "scripts"))

from build_wordlists import (  # noqa: E402
    DATA,
    LANGUAGE_SOURCES,
    LICENSES,
    WORDFREQ,
    debian_package,
    pypi_wheel,
    sha256_bytes,
    wordfreq_table,
)

WAMERICAN = "wamerican"
STEM_ZIPF = 2.5  # a stem at least this frequent is a word
LISTS = {"wordle-guesses-nyt": "en", "termo": "pt", "sutom": "fr"}  # and each language's guesses (language_lists)


def language_lists() -> dict[str, str]:
    """Return the other languages' guess lists (<code>-guesses-N) -> their language."""
    from wordguess.lists import list_names

    return {name: name.split("-")[0] for name in list_names() if name.split("-")[0] in LANGUAGE_SOURCES
            and "-guesses-" in name}


def zipf(freq: float) -> float:
    """Return the Zipf frequency (log10 per billion words) of a share, 0 when unseen."""
    import math

    return round(math.log10(freq * 1e9), 2) if freq > 0 else 0.0


def wamerican_words(cache: Path) -> tuple[set[str], set[str]]:
    """Return (words in lower case, words found only capitalised) of Debian's wamerican."""
    deb = debian_package(cache, WAMERICAN)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["dpkg-deb", "-x", str(deb), tmp], check=True)
        text = (Path(tmp) / "usr/share/dict/american-english").read_text(encoding="utf-8")
        copyright_text = next(Path(tmp).glob("usr/share/doc/*/copyright")).read_bytes()
    (LICENSES / "wamerican-copyright.txt").write_bytes(copyright_text)
    lower = {w for w in text.split() if w.isalpha() and w.islower()}
    capital = {w.lower() for w in text.split() if w.isalpha() and w[:1].isupper()} - lower
    return lower, capital


def flags(word: str, lang: str, freq: dict[str, float], lower: set[str], capital: set[str]) -> str:
    """Return the flag letters of a word (see the module's docstring)."""
    def is_word(stem: str) -> bool:
        return len(stem) >= 2 and zipf(freq.get(stem, 0.0)) >= STEM_ZIPF

    out = ""
    endings = {"en": ("s", "es"), "pt": ("s", "es"), "fr": ("s", "x")}.get(lang, ())  # others: no plural flag
    if any(word.endswith(e) and not word.endswith("ss") and is_word(word[: -len(e)]) for e in endings):
        out += "p"
    if lang == "en":
        if word.endswith("ed") and (is_word(word[:-2]) or is_word(word[:-1])):
            out += "d"
        if word in capital:
            out += "n"
        if word in lower:
            out += "w"
    return out


def write_table(name: str, rows: list[tuple[str, float, str]], meta: dict, manifest: dict) -> None:
    """Write one frequency table (sorted, gzip, mtime 0) and its manifest entry."""
    text = "".join(f"{w}\t{z:.2f}\t{f}\n" for w, z, f in sorted(rows))
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as gz:
        gz.write(text.encode("utf-8"))
    file = f"freq-{name}.tsv.gz"
    (DATA / file).write_bytes(buffer.getvalue())
    manifest[name] = {"file": file, "rows": len(rows), "sha256": sha256_bytes(text.encode("utf-8")), **meta}
    print(f"freq-{name:<16} {len(rows):>7} rows  sha256 {manifest[name]['sha256']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "wordguess-build",
                        help="where downloads are kept between runs")
    args = parser.parse_args()
    args.cache.mkdir(parents=True, exist_ok=True)
    from wordguess.lists import read_bundled
    from wordguess.lists.priors import MODEL_FILE, fit_wordle_model

    wheel = pypi_wheel(args.cache, *WORDFREQ)
    with zipfile.ZipFile(wheel) as z:
        notice = [n for n in z.namelist() if n.endswith(("LICENSE.txt", "NOTICE.md", "LICENSE"))]
        text = "\n\n".join(f"== {n} ==\n" + z.read(n).decode("utf-8", "replace") for n in sorted(notice))
    (LICENSES / "wordfreq-NOTICE.txt").write_text(
        "The freq-*.tsv.gz tables are derived from wordfreq 3.1.1 by Robyn Speer (Luminoso), whose data\n"
        "is licensed CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/); the derived tables\n"
        "are shared under the same licence. wordfreq's own notices follow.\n\n" + text, encoding="utf-8")
    lower, capital = wamerican_words(args.cache)
    manifest_path = DATA / "priors.json"
    manifest: dict = {}
    common = {"licence": "CC-BY-SA-4.0", "licence_file": "licenses/wordfreq-NOTICE.txt",
              "source": "PyPI wordfreq 3.1.1 (large lists); flags n and w from Debian wamerican (SCOWL)",
              "source_sha256": sha256_bytes(wheel.read_bytes())}
    from wordguess.games.languages import get_language

    for name, lang in {**LISTS, **language_lists()}.items():
        words = read_bundled(name)
        language = get_language(lang) if lang in LANGUAGE_SOURCES else None
        freq = wordfreq_table(lang, folded=(name == "sutom"), fold_with=language.fold if language else None)
        rows = []
        for word in words:
            key = language.fold(word) if language else word
            z, f = zipf(freq.get(key, 0.0)), flags(key, lang, freq, lower, capital)
            if z > 0 or f:
                rows.append((word, z, f))
        write_table(name, rows, {"language": lang, **common}, manifest)
    manifest_path.write_text(json.dumps({"tables": manifest}, indent=2) + "\n", encoding="utf-8")
    model = fit_wordle_model()
    (DATA / MODEL_FILE).write_text(json.dumps(model, indent=2) + "\n", encoding="utf-8")
    print(f"{MODEL_FILE}: {json.dumps(model['coefficients'])}")
    print("sha256 of the model:", hashlib.sha256((DATA / MODEL_FILE).read_bytes()).hexdigest())


if __name__ == "__main__":
    main()
