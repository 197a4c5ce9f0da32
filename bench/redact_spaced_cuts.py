"""Letter-spaced credentials, batch cuts and keys cut across two texts, on the corpora (redact21, issue 15).

Usage (with `PYTHONPATH` set to the tree to measure):
    python bench/redact_spaced_cuts.py separators [--fresh]
    python bench/redact_spaced_cuts.py cuts [--contexts plain,crlf,...|all] [--texts owned|fresh|all|halves]
    python bench/redact_spaced_cuts.py halves
    python bench/redact_spaced_cuts.py planted [--sizes 32768,65536,131072]
    python bench/redact_spaced_cuts.py words

- `separators`: every credential value of 12+ characters with no space of the owned corpus (with
  `--fresh`: of the seven fresh corpora), its whitespace-free word written with a separator between its
  characters, for each of 23 separators, through `redact_many` in batches of 100; prints how many are
  blanked (no 12-character piece left once the separator is dropped: `corpus_contexts.leaked`); then
  for each mixed-gap writing (`MIXED`: the gap picked at random from a few per character, `g. h.p. _.Z`).
- `cuts`: the texts in the given contexts, `redact` alone against `redact_many` in batches of 100 from
  offsets 0 and 37, of 7 from 3 and of 2 from 1; prints how many texts differ (a text's stored bytes
  must not depend on where its batch is cut). `halves`: each owned-corpus credential's text cut inside
  its secret at 1/4, 1/2 and 3/4, both parts.
- `halves`: every credential value of 12+ characters of the owned and fresh corpora cut at 1/4, 1/2 and
  3/4 into two texts; prints how often each part is stored raw.
- `planted` (redact24): CPU milliseconds of the spaced readings (`spaced`, `spaced-apart` and, where the
  tree has it, `spaced-marks`) over texts of one unit repeated to each size (`PLANTED`): a reading
  linear in the text takes twice as long at twice the size.
- `words` (redact26): the owned corpus's credential values of 12+ characters written with mixed marks,
  alone and after a short word (`e.g: `, `x: `, `i.e. `) whose characters the run may take in.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "redact"))

from corpus_contexts import CONTEXTS, leaked, load_corpus, word_around  # noqa: E402

from memeval.redact import get_redactor  # noqa: E402

SEPARATORS = [" ", "  ", "\t", ".", "-", "_", "/", "|", "\u00b7", ",", ":", "*", "\u2022", ". ", " . ", "+", "~"]
SEPARATORS += ["\\", "', '", "\u30fb", "\u2013", ";", "#"]
MIXED = {
    "dots": [".", ". ", " .", " . "],
    "dashes": ["-", "- ", " - "],
    "bars": ["|", " | ", "| "],
    "commas": [",", ", "],
    "middle dots": ["\u00b7", " \u00b7 ", "\u00b7 "],
    "slashes": ["/", " / "],
    "colons": [":", ": "],
    "dots, doubled": [".", "..", ". "],
    "marks (. - ,)": [".", "-", ","],
    "marks, spaced": [".", "- ", " , ", "|", " / ", "\u00b7 "],
    "dashes, doubled": ["-", "--", "- "],
    "dashes, tripled": ["-", "--", "---"],
    "dots, tripled": [".", "..", "..."],
    "dashes, three or four": ["---", "----"],
}
"""Mixed-gap writings (redact23): between each two characters one of these, picked at random (seeded).
The last two (redact24): marks differing from gap to gap with spaces, and dashes doubled; in both, as
in dots and dashes, a key holding the gaps' own mark (`.` in 165 words, `-` in 266) reads it between two gaps.
The last three (redact26): the gap's mark written up to three or four times."""


def _fresh() -> list[tuple[str, str, list[str]]]:
    """(group, text, secrets) of the seven fresh corpora's items."""
    out = []
    for path in sorted(ROOT.glob("tests/fixtures/redact_fresh*/*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            d = json.loads(line)
            dec = lambda s: base64.b64decode(s).decode("utf-8")  # noqa: E731
            out.append((d["group"], dec(d["text"]), [dec(s) for s in d["secrets"]]))
    return out


def _owned() -> list[tuple[str, str, list[str]]]:
    return [(i.group, i.text, list(i.secrets)) for i in load_corpus()]


def _many(texts: list[str], size: int = 100, offset: int = 0) -> list[str]:
    red = get_redactor()
    cuts = sorted({0, offset, *range(offset + size, len(texts), size), len(texts)})
    return [r.text for a, b in zip(cuts, cuts[1:], strict=False) for r in red.redact_many(texts[a:b])]


def separators(fresh: bool) -> None:
    """Print, per separator, how many letter-spaced credential values are blanked."""
    items = _fresh() if fresh else _owned()
    cases = [
        (text, s)
        for group, text, secrets in items
        if group == "credential"
        for s in secrets
        if len(s) >= 12 and s in text and not any(c.isspace() for c in s)
    ]
    print(f"{len(cases)} credential values of 12+ characters with no space")
    for sep in SEPARATORS:
        texts = [t.replace(word_around(t, s), sep.join(word_around(t, s))) for t, s in cases]
        outs = _many(texts)
        missed = [s for (_t, s), o in zip(cases, outs, strict=True) if leaked(s, o.replace(sep, ""))]
        print(f"{sep!r}: {len(cases) - len(missed)}/{len(cases)} blanked")
    for name, gaps in MIXED.items():
        pick = random.Random(23)
        texts = [t.replace(word_around(t, s), _mixed(word_around(t, s), gaps, pick)) for t, s in cases]
        outs = _many(texts)
        drop = re.compile("[" + re.escape("".join(set("".join(gaps)))) + "]")
        missed = [s for (_t, s), o in zip(cases, outs, strict=True) if leaked(drop.sub("", s), drop.sub("", o))]
        print(f"mixed {name} {gaps!r}: {len(cases) - len(missed)}/{len(cases)} blanked")


WORDS = ["e.g: ", "x: ", "i.e. "]
"""Short words written before a letter-spaced key (redact26's `words`)."""
WORD_WRITINGS = [(". ", "-", ","), ("- ", "-", " - ")]
"""Mixed-mark writings for `words`: the gap after each character in turn."""


def words() -> None:
    """Print, per short word before the key and writing, how many letter-spaced credential values are blanked."""
    cases = [
        (text, word_around(text, s), s)
        for group, text, secrets in _owned()
        if group == "credential"
        for s in secrets
        if len(s) >= 12 and s in text and not any(c.isspace() for c in s)
    ]
    print(f"{len(cases)} credential values of 12+ characters with no space")
    for gaps in WORD_WRITINGS:
        drop = re.compile("[" + re.escape("".join(set("".join(gaps)))) + "]")
        for before in ["", *WORDS]:
            texts = [
                t.replace(w, before + w[0] + "".join(gaps[k % len(gaps)] + c for k, c in enumerate(w[1:])))
                for t, w, _ in cases
            ]
            outs = _many(texts)
            missed = [s for (_t, _w, s), o in zip(cases, outs, strict=True) if leaked(drop.sub("", s), drop.sub("", o))]
            print(f"{before!r} then {gaps!r}: {len(cases) - len(missed)}/{len(cases)} blanked")


def _mixed(word: str, gaps: list[str], pick: random.Random) -> str:
    """`word` with one of `gaps` (picked by `pick`) between each two of its characters."""
    return word[0] + "".join(pick.choice(gaps) + c for c in word[1:])


def _halves() -> list[str]:
    out = []
    for group, text, secrets in _owned():
        for s in secrets if group == "credential" else ():
            k = text.find(s)
            if k >= 0 and len(s) >= 8:  # noqa: PLR2004
                for cut in (len(s) // 4, len(s) // 2, 3 * len(s) // 4):
                    out += [text[: k + cut], text[k + cut :]]
    return out


def cuts(contexts: str, which: str) -> None:
    """Print how many texts `redact_many` stores differently from `redact` alone, per batch cut."""
    if which == "halves":
        base = _halves()
    else:
        base = [t for _g, t, _s in (_owned() if which in ("owned", "all") else [])]
        base += [t for _g, t, _s in (_fresh() if which in ("fresh", "all") else [])]
    names = [n for n, _ in CONTEXTS] if contexts == "all" else contexts.split(",")
    wraps = dict(CONTEXTS)
    texts = [wraps[n](t)[0] for n in names for t in base]
    print(f"{len(texts)} texts ({which}) in {len(names)} contexts: {', '.join(names)}")
    red = get_redactor()
    c0 = time.process_time()
    alone = [red.redact(t).text for t in texts]
    print(f"alone: {time.process_time() - c0:.1f} CPU s")
    for size, offset in ((100, 0), (100, 37), (7, 3), (2, 1)):
        got = _many(texts, size, offset)
        differ = sum(a != b for a, b in zip(alone, got, strict=True))
        print(f"batches of {size} from offset {offset}: {differ} texts differ from alone")


def halves() -> None:
    """Print how often each part of a credential value cut across two texts is stored raw."""
    cases = []
    for group, text, secrets in _owned() + _fresh():
        for s in secrets if group == "credential" else ():
            k = text.find(s)
            if k >= 0 and len(s) >= 12:  # noqa: PLR2004
                for cut in (len(s) // 4, len(s) // 2, 3 * len(s) // 4):
                    cases.append((s, cut, text[: k + cut], text[k + cut :]))
    outs = _many([t for c in cases for t in c[2:]])
    tally: Counter[tuple[bool, bool]] = Counter()
    for n, (s, cut, _a, _b) in enumerate(cases):
        tally[(s[:cut] in outs[2 * n], s[cut:] in outs[2 * n + 1])] += 1
    print(f"{len(cases)} cuts of {len({c[0] for c in cases})} credential values (at 1/4, 1/2, 3/4)")
    for (first, second), n in sorted(tally.items()):
        print(f"  first part raw {first!s:5}, second part raw {second!s:5}: {n}")


PLANTED = [
    ".",
    "a.",
    "a.-",
    "a. ",
    "a..",
    "a-.,",
    ". x ",
    "'a', ",
    "......\u00e9\u00e9\u00e9\u00e9\u00e9",
    "=",
    "a=",
    "-a--",
    "a. . .",
    "1.2-3,",
    "a.b-c,d_e/f|",
    "a -- ",
    "a.. .. ",
    ':= "',
    "=====\n\nx",
    "ab.c-d.e,",
    "a---",
    "a----b-",
    "e.g: a. b-",
]
"""Units repeated to a planted text (redact21's and redact23's, redact24's marks that differ or repeat, and
redact26's gaps of three or four copies and short words before a run)."""


def planted(sizes: list[int]) -> None:
    """Print the CPU milliseconds of each spaced reading over each planted text and size (best of 3)."""
    from memeval.redact import _decode

    readings = [("spaced", _decode.spaced_view), ("spaced-apart", _decode.spaced_apart_view)]
    try:
        from memeval.redact._spacedmarks import spaced_marks_view
    except ImportError:  # a tree before redact24
        pass
    else:
        readings.append(("spaced-marks", spaced_marks_view))
    try:
        from memeval.redact import _spacedmarks
        from memeval.redact._spacedcopies import spaced_copies_view
        from memeval.redact._spacedlate import spaced_late_view
    except ImportError:  # a tree before redact26
        caches = [_decode._runs]
    else:
        readings += [("spaced-copies-3", lambda t: spaced_copies_view(t, 3))]
        readings += [("spaced-copies-4", lambda t: spaced_copies_view(t, 4))]
        readings += [("spaced-late", spaced_late_view), ("spaced-late-2", lambda t: spaced_late_view(t, 2))]
        caches = [_decode._runs, _spacedmarks._mark_runs, _spacedmarks.maybe_start]
    print("unit, then per size: " + ", ".join(name for name, _ in readings) + " (CPU ms, best of 3)")
    for unit in PLANTED:
        cells = []
        for size in sizes:
            text = (unit * (size // len(unit) + 1))[:size]
            best = []
            for _name, view in readings:
                runs = []
                for _ in range(3):
                    for cache in caches:
                        cache.cache_clear()
                    c0 = time.process_time()
                    view(text)
                    runs.append(time.process_time() - c0)
                best.append(f"{1000 * min(runs):.0f}")
            cells.append(f"{size // 1024} KiB " + "/".join(best))
        print(f"{unit!r}: " + "; ".join(cells))


def main() -> None:
    """Parse the arguments and run one measurement."""
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=("separators", "cuts", "halves", "planted", "words"))
    ap.add_argument("--sizes", default="32768,65536,131072", help="planted: text lengths in characters")
    ap.add_argument("--fresh", action="store_true", help="separators: the fresh corpora's credentials")
    ap.add_argument("--contexts", default="plain,md-code-block,crlf,yaml-block")
    ap.add_argument("--texts", choices=("owned", "fresh", "all", "halves"), default="all")
    a = ap.parse_args()
    random.seed(21)
    if a.what == "separators":
        separators(a.fresh)
    elif a.what == "words":
        words()
    elif a.what == "cuts":
        cuts(a.contexts, a.texts)
    elif a.what == "planted":
        planted([int(x) for x in a.sizes.split(",")])
    else:
        halves()


if __name__ == "__main__":
    main()
