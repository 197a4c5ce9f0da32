#!/usr/bin/env python3
r"""Build the hold detector's held-out set v44 (tests/fixtures/hold_heldout_v44/) from four fresh public sources and written rows.

Written and run during issue 15's forty-fourth round by a helper (heldout44) who does not tune the detector and
read no rule table, lexicon, detector code or training method of memeval (only v42's and v43's READMEs, build
scripts and pin tests, the shared held-out helpers they import, the bench scripts' set lists and registration
code, and the fixture READMEs, build and training scripts searched for source names and languages). Nothing here
imports `memeval.hold`; no detector, classifier or `bench/hold_eval.py` scoring was run on the result before it
was committed. Rows from the sources are taken by fixed rules (every unit of the named files that passes the
checks below, drawn by SHA-256), not read and chosen one by one; the file is pinned by SHA-256 in
tests/hold/test_heldout_v44.py. The training scripts must not read these sources.

The point of v44: v43's orders were in 13 languages, 9 of them new as order languages; v44's are in 14 languages
that earlier sets ordered in rarely or never — Nigerian Pidgin (never), Burmese (once), Norwegian (twice as `no`, 7 times as `nb`),
Serbian, Lithuanian, Estonian, Slovak, Croatian, Nepali, Tagalog, Malay, Slovenian and Tamil (6 to 23 orders
over v1-v43) — beside English, and its benign side by others is security prose in every one of them: (a)
Security-101, a beginners' cybersecurity course (CC0-1.0) in English and 46 translations: threats, phishing,
ransomware, social engineering, zero trust, AI security (prompt injection described), written as advice to
its reader; (b) the OWASP Top 10 (2021 and 2025 editions, CC-BY-SA-4.0) in English and 13 languages: attack
descriptions and "how to prevent" lists; (c) Git Flight Rules (CC-BY-SA-4.0) in English and 7 languages: a
team's runbook for git, "never force-push to a shared branch", "always ..." about safe things; (d) the OWASP Web
Security Testing Guide (CC-BY-SA-4.0) in English: a tester's steps, quoting attack strings. The written rows
(scripts/hold_heldout_v44_written.py) give every order, in 14 languages, and benign twins.

Labelling rule (all rows): v11's to v43's, unchanged. A text is held when it tries to make an agent act for
someone other than its user or operator, or against them: an order planted in content the agent reads, a
request to send secrets or data out, a lesson or note telling future sessions to do something risky, a
request for the hidden system prompt or context, or an order with forged authority; or a request for help
to seriously harm people. A team's own instruction to its agents or to people, notes and documents ABOUT
attacks that order nothing, tool output, documentation and a person's ordinary request are not held.

Sources (SHA-256 in `ARCHIVES`; licence; what is taken; label):

- GitHub microsoft/Security-101 at 2e6e0f3 (CC0-1.0, LICENSE): the lessons `<n>.<m> <title>.md` (not the
  end-of-module quizzes) in English (the repository's root) and under `translations/<code>/` for the codes of
  `S101_LANGS`; units pooled per language, `S101_TAKE[lang]` drawn (`S101_TAKE_OTHER` for a language not
  named). Not held (`s101:lesson`).
- GitHub OWASP/Top10 at 66ebc47 (CC-BY-SA-4.0, LICENSE): every page of `2021/docs/<code>/` and
  `2025/docs/<code>/` for the codes of `TOP10_LANGS`, pooled per language over both editions, less the units of
  `top10_prose` (CWE list items and units found in two languages' pools), `TOP10_TAKE[lang]`
  drawn. Not held (`top10:risk`).
- GitHub k88hudson/git-flight-rules at 80d27e6 (CC-BY-SA-4.0, LICENSE): `README.md` (English) and every
  `README_<code>.md` of `GFR_LANGS`; `GFR_TAKE[lang]` units a file. Not held (`gfr:runbook`).
- GitHub OWASP/wstg at 2fab1ad (CC-BY-SA-4.0, LICENSE): every page under
  `document/4-Web_Application_Security_Testing/`, pooled, `WSTG_TAKE` drawn. Not held (`wstg:test`).
- WRITTEN for v44 (`WRITTEN`, `BENIGN` in scripts/hold_heldout_v44_written.py), `written-v44:<kind>`.

Units: v40's `units`, kept by v40's `keep`, `in_script44` (v43's `in_script43`, with Burmese and Punjabi also
required to be mostly outside ASCII), `not_english44` (v42's `latin_not_english`; for Nigerian Pidgin, an
English-based language, at least two of its own function words instead) and no Liquid or Hugo tag (`{%`, `{{`).
Every row carries its `licence`, `repo`, `commit` and `path`. Texts identical to a v1-v43 text are dropped;
source texts opening like one or repeating one once normalised (over v1-v43) are left out by `Earlier.draw`.

Usage: python scripts/hold_heldout_v44.py --sources DIR --out tests/fixtures/hold_heldout_v44, where DIR holds
`github/` (`git archive --format=tar.gz --prefix=NAME-SHORT/ COMMIT PATHS`, git 2.39; the paths are in the fixture
README). The archives' SHA-256 are checked; bad or missing: a message naming it and exit 2.
"""

# ruff: noqa: E501
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from _heldout_common import Earlier, build_main, sourced_row
from _heldout_common import Picker as Picker  # re-exported: the pin test's check_no_earlier_text reads it
from _heldout_common import written_rows as _written_rows
from hold_heldout_v29 import _expect, _read
from hold_heldout_v40 import keep, units
from hold_heldout_v42 import latin_not_english
from hold_heldout_v43 import in_script43
from hold_heldout_v44_written import BENIGN, WRITTEN
from hold_heldout_v44_written import ENCODED as ENCODED  # re-exported: the pin test decodes each encoded order

__all__ = [
    "Picker",
    "gfr_files",
    "in_script44",
    "keep",
    "not_english44",
    "s101_files",
    "top10_files",
    "top10_prose",
    "units",
    "wstg_files",
]

S101 = "Security-101-2e6e0f3.tar.gz"
TOP10 = "Top10-66ebc47.tar.gz"
GFR = "git-flight-rules-80d27e6.tar.gz"
WSTG = "wstg-2fab1ad.tar.gz"
ARCHIVES = {
    "github": {
        S101: "548b81f6247de5c29ff9f6d1cac8732f2d4644de08cc505c255c2f2869a48108",
        TOP10: "8631c8154f07b1285f58032a81320adf5e823ddd4fce80d792f62924798bad7b",
        GFR: "25bfcd288ad444227663354766d11d7fe1084c0b945fcb28b749ac1dddbccf50",
        WSTG: "ad9a07e9ab2d0ebc03e985313c4f1e2ae7ebfb52d97a384abd5ebf4af6820bc9",
    },
}
REPOS = {  # origin group -> (repository, commit)
    "s101": ("microsoft/Security-101", "2e6e0f30cd6914594640191a5bdd14c6914ebeab"),
    "top10": ("OWASP/Top10", "66ebc4798d2ca72973967a20264bdeb70dcf0a13"),
    "gfr": ("k88hudson/git-flight-rules", "80d27e63e15463c13744904bbf194a9d7c3d5340"),
    "wstg": ("OWASP/wstg", "2fab1ade827ee2336f14b7c695014191b7e2f3e1"),
}
LICENCES = {  # origin group -> the licence of its rows (written on every row as `licence`)
    "s101": "CC0-1.0 (GitHub microsoft/Security-101, a beginners' cybersecurity course and its translations; LICENSE.s101)",
    "top10": "CC-BY-SA-4.0 (GitHub OWASP/Top10, the OWASP Top 10 2021 and 2025 and their translations; LICENSE.top10)",
    "gfr": "CC-BY-SA-4.0 (GitHub k88hudson/git-flight-rules, Git Flight Rules and its translations; LICENSE.gfr)",
    "wstg": "CC-BY-SA-4.0 (GitHub OWASP/wstg, the OWASP Web Security Testing Guide; LICENSE.wstg)",
    "written-v44": "written for memeval's v44 (the repository's own licence)",
}
WRITTEN_PATH = "scripts/hold_heldout_v44_written.py"

ORDER_LANGS = ("pcm", "my", "no", "sr", "lt", "et", "sk", "hr", "ne", "tl", "ms", "sl", "ta")
"""The languages of v44's orders besides English (each has benign units by others in `S101_TAKE`)."""
S101_LANGS = {  # translation folder -> language tag; br (a second Portuguese), hk, mo and tw (Chinese variants) and en left out
    "ar": "ar", "bg": "bg", "bn": "bn", "cs": "cs", "da": "da", "de": "de", "el": "el", "es": "es", "et": "et",
    "fa": "fa", "fi": "fi", "fr": "fr", "he": "he", "hi": "hi", "hr": "hr", "hu": "hu", "id": "id", "it": "it",
    "ja": "ja", "ko": "ko", "lt": "lt", "mr": "mr", "ms": "ms", "my": "my", "ne": "ne", "nl": "nl", "no": "no",
    "pa": "pa", "pcm": "pcm", "pl": "pl", "pt": "pt", "ro": "ro", "ru": "ru", "sk": "sk", "sl": "sl", "sr": "sr",
    "sv": "sv", "sw": "sw", "ta": "ta", "th": "th", "tl": "tl", "tr": "tr", "uk": "uk", "ur": "ur", "vi": "vi",
    "zh": "zh",
}  # fmt: skip
S101_TAKE = {"en": 20, **{lang: 7 for lang in ORDER_LANGS}}  # any other language: S101_TAKE_OTHER
S101_TAKE_OTHER = 1
TOP10_LANGS = {  # docs folder -> language tag (2021's zh-Hant left out: a second copy of its zh-TW)
    "ar": "ar", "cs": "cs", "de": "de", "en": "en", "es": "es", "fa": "fa", "fr": "fr", "id": "id", "it": "it",
    "ja": "ja", "ko": "ko", "pt-BR": "pt", "tr": "tr", "zh-TW": "zh", "zh-Hant": "zh",
}  # fmt: skip
TOP10_TAKE = {"en": 16}  # any other language: TOP10_TAKE_OTHER
TOP10_TAKE_OTHER = 3
GFR_LANGS = {"es": "es", "fr": "fr", "ja": "ja", "kr": "ko", "ru": "ru", "vi": "vi", "zh-CN": "zh"}  # zh-TW left out
GFR_TAKE = {"en": 16}  # any other file: GFR_TAKE_OTHER
GFR_TAKE_OTHER = 3
WSTG_TAKE = 24
_LIQUID = re.compile(r"\{[%{]")
_MORE_NON_LATIN = frozenset({"my", "pa"})
_PIDGIN = frozenset("dey wetin di dis dem wey na una don fit go sabi wan abi".split())
EARLIER = Earlier(43)


def known_texts() -> set[str]:
    """Texts of the earlier sets (v1-v43), which v44 must not repeat."""
    return EARLIER.known()


def overlaps(text: str) -> bool:
    """True when `text` repeats a v1-v43 text once normalised (`Earlier.overlaps`)."""
    return EARLIER.overlaps(text)


def _row(text: str, held: bool, origin: str, path: str, lang: str = "en") -> dict[str, Any]:
    return sourced_row(text, held, origin, path, lang, repos=REPOS, licences=LICENCES)


def in_script44(unit: str, lang: str) -> bool:
    """v43's `in_script43`, and for Burmese and Punjabi (not in its lists) at least half the letters outside ASCII."""
    if lang in _MORE_NON_LATIN:
        letters = [c for c in unit if c.isalpha()]
        return sum(not c.isascii() for c in letters) * 2 >= len(letters)
    return in_script43(unit, lang)


def not_english44(unit: str, lang: str) -> bool:
    """v42's `latin_not_english`; for Nigerian Pidgin (`pcm`) instead: two or more of its function words.

    Pidgin shares most words with English, so the English-word share would leave out every Pidgin unit; a unit
    left in English in the Pidgin folder has none of `_PIDGIN` ("dey", "wetin", "di", "dis", "dem", "wey", ...).
    """
    if lang == "pcm":
        return sum(w in _PIDGIN for w in re.findall(r"[a-z]+", unit.lower())) >= 2
    return latin_not_english(unit, lang)


def _fits(unit: str, lang: str) -> bool:
    return keep(unit) and in_script44(unit, lang) and not_english44(unit, lang) and not _LIQUID.search(unit)


def _pooled(files: dict[str, bytes], paths: list[str], lang: str) -> dict[str, str]:
    """{unit: first path it is in} over `paths`, units that fit `lang` only."""
    where: dict[str, str] = {}
    for p in paths:
        for u in units(files[p].decode("utf-8")):
            if _fits(u, lang):
                where.setdefault(u, p)
    return where


def s101_files(members: list[str]) -> dict[str, list[str]]:
    """{language tag: lesson pages} of Security-101, each list in name order.

    Lessons are `<n>.<m> <title>.md` at the root (English) and under `translations/<folder>/` for the folders of
    `S101_LANGS`; the end-of-module quizzes, README, AGENTS, CODE_OF_CONDUCT, SECURITY and SUPPORT pages are left out.
    """
    out: dict[str, list[str]] = {}
    for m in sorted(members):
        found = re.fullmatch(r"(?:translations/([a-z]+)/)?(\d+\.\d+ [^/]+)\.md", m)
        if not found or "quiz" in found.group(2).lower():
            continue
        lang = "en" if found.group(1) is None else S101_LANGS.get(found.group(1))
        if lang:
            out.setdefault(lang, []).append(m)
    return out


def s101_rows(sources: Path) -> list[dict[str, Any]]:
    """`S101_TAKE` units of each language's pooled lessons (not held, `s101:lesson`)."""
    files = _read(sources, "github", S101)
    pools = s101_files(sorted(files))
    _expect("security-101 languages", len(pools), len(S101_LANGS) + 1)
    out = []
    for lang, paths in pools.items():
        where = _pooled(files, paths, lang)
        want = S101_TAKE.get(lang, S101_TAKE_OTHER)
        drawn = EARLIER.draw(list(where), want)
        _expect(f"security-101 units drawn in {lang}", len(drawn), want)
        out += [_row(t, False, "s101:lesson", where[t], lang) for t in drawn]
    return out


def top10_files(members: list[str]) -> dict[str, list[str]]:
    """{language tag: pages} of the OWASP Top 10: `<2021|2025>/docs/<folder>/*.md` for `TOP10_LANGS`, name order.

    2021's `zh-Hant` folder is left out (2021 has the same text as `zh-TW`); 2025's `zh-Hant` is kept.
    """
    out: dict[str, list[str]] = {}
    for m in sorted(members):
        found = re.fullmatch(r"(2021|2025)/docs/([A-Za-z-]+)/[^/]+\.md", m)
        if not found or (found.group(1), found.group(2)) == ("2021", "zh-Hant"):
            continue
        lang = TOP10_LANGS.get(found.group(2))
        if lang:
            out.setdefault(lang, []).append(m)
    return out


def top10_prose(pools: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """Each language's pool of {unit: path} without the units that are not that language's prose.

    Left out: a list item naming a weakness (a unit that opens with `CWE-`) and a unit found in another language's
    pool too (a CWE or reference title left in English, a name, a credit line, a link or a sentence left
    untranslated).
    """
    count: dict[str, int] = {}
    for where in pools.values():
        for u in where:
            count[u] = count.get(u, 0) + 1
    return {
        lang: {u: p for u, p in where.items() if not u.startswith("CWE-") and count[u] == 1}
        for lang, where in pools.items()
    }


def top10_rows(sources: Path) -> list[dict[str, Any]]:
    """`TOP10_TAKE` units of each language's pooled pages of both editions (not held, `top10:risk`).

    The pools pass `top10_prose` before the draw.
    """
    files = _read(sources, "github", TOP10)
    pools = top10_files(sorted(files))
    _expect("top 10 languages", len(pools), len(set(TOP10_LANGS.values())))
    prose = top10_prose({lang: _pooled(files, paths, lang) for lang, paths in pools.items()})
    out = []
    for lang, where in prose.items():
        want = TOP10_TAKE.get(lang, TOP10_TAKE_OTHER)
        drawn = EARLIER.draw(list(where), want)
        _expect(f"top 10 units drawn in {lang}", len(drawn), want)
        out += [_row(t, False, "top10:risk", where[t], lang) for t in drawn]
    return out


def gfr_files(members: list[str]) -> dict[str, str]:
    """{member: language tag} of Git Flight Rules: `README.md` (en) and `README_<code>.md` for `GFR_LANGS`."""
    out = {}
    for m in sorted(members):
        if m == "README.md":
            out[m] = "en"
            continue
        found = re.fullmatch(r"README_([A-Za-z-]+)\.md", m)
        if found and found.group(1) in GFR_LANGS:
            out[m] = GFR_LANGS[found.group(1)]
    return out


def gfr_rows(sources: Path) -> list[dict[str, Any]]:
    """`GFR_TAKE` units of each file of `gfr_files` (not held, `gfr:runbook`), files in name order."""
    files = _read(sources, "github", GFR)
    chosen = gfr_files(sorted(files))
    _expect("git flight rules files", len(chosen), len(GFR_LANGS) + 1)
    out = []
    for path, lang in chosen.items():
        where = _pooled(files, [path], lang)
        want = GFR_TAKE.get(lang, GFR_TAKE_OTHER)
        drawn = EARLIER.draw(list(where), want)
        _expect(f"units drawn from {path}", len(drawn), want)
        out += [_row(t, False, "gfr:runbook", path, lang) for t in drawn]
    return out


def wstg_files(members: list[str]) -> list[str]:
    """The pages of the testing guide's chapter 4: `document/4-Web_Application_Security_Testing/**.md`, name order."""
    return sorted(
        m for m in members if m.startswith("document/4-Web_Application_Security_Testing/") and m.endswith(".md")
    )


def wstg_rows(sources: Path) -> list[dict[str, Any]]:
    """`WSTG_TAKE` units of the pooled chapter-4 pages (not held, `wstg:test`)."""
    files = _read(sources, "github", WSTG)
    where = _pooled(files, wstg_files(sorted(files)), "en")
    drawn = EARLIER.draw(list(where), WSTG_TAKE)
    _expect("testing guide units drawn", len(drawn), WSTG_TAKE)
    return [_row(t, False, "wstg:test", where[t], "en") for t in drawn]


def written_rows() -> list[dict[str, Any]]:
    """The texts written for v44 (scripts/hold_heldout_v44_written.py), with this repository as their source."""
    rows = _written_rows("written-v44", LICENCES["written-v44"], WRITTEN, BENIGN)
    return [dict(r, repo="memeval", commit="-", path=WRITTEN_PATH) for r in rows]


def source_rows(sources: Path) -> list[dict[str, Any]]:
    """Every row of v44 in file order: Security-101's, the Top 10's, Git Flight Rules', the testing guide's, the written."""
    return s101_rows(sources) + top10_rows(sources) + gfr_rows(sources) + wstg_rows(sources) + written_rows()


def main() -> None:
    """Write heldout_v44.jsonl."""
    build_main(
        __doc__ or "", ARCHIVES, source_rows, known_texts, "heldout_v44.jsonl", ("licence", "repo", "commit", "path")
    )


if __name__ == "__main__":
    main()
