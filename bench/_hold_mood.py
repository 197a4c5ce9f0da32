"""The grammar at a clause's edges, hashed: what a small model of mood and addressee reads (issue 15, round 35;
measured only, `bench/hold_cv_round35.py`).

`_hold_address.cues` counts hand-written lists; this module gives a model the same places to learn from instead, in
any language: the first word and first two words of every clause (where English, German, Romance, Slavic and
Arabic put an imperative, "please", "never", "you must", "the attacker"), the first one and two characters of a
CJK clause (请, 务必, 忽略 ...), the last two and three characters of every clause (Japanese and Korean put the mood
at the end: ...してください, ...하세요, ...した), the first clause's opening marked apart from the rest, and the
names of the `_hold_address` cues that fire. Each token is hashed (`zlib.crc32`) into `BUCKETS` columns; a text's row
is 1 per distinct column, scaled to unit length.
"""

from __future__ import annotations

import re
import unicodedata
import zlib

from _hold_address import NAMES, cues

BUCKETS = 1 << 16
"""Columns of the hashed features."""

MAX_CLAUSES = 40
"""Clauses read per text."""

_CLAUSE = re.compile(r"[.!?;:\n。！？；：,，、]+\s*")
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def tokens(text: str) -> set[str]:
    """The clause-edge tokens of `text` (NFKC, case-folded; at most `MAX_CLAUSES` clauses of the first 4,000
    characters) and the names of the `_hold_address` cues above 0.5 (`cue=<name>`; the script shares excluded)."""
    t = unicodedata.normalize("NFKC", text[:4000]).casefold()
    out: set[str] = set()
    clauses = [c.strip(" \t\"'“”„«»「」『』*-#>()[]`") for c in _CLAUSE.split(t)]
    clauses = [c for c in clauses if c][:MAX_CLAUSES]
    for k, c in enumerate(clauses):
        head = "f" if k == 0 else "s"
        if _CJK.match(c):
            out.update((f"{head}1={c[:1]}", f"{head}2={c[:2]}"))
        else:
            words = _WORD.findall(c[:80])
            if words:
                out.add(f"{head}1={words[0]}")
                if len(words) > 1:
                    out.add(f"{head}2={words[0]}_{words[1]}")
        tail = c[-3:]
        if _CJK.search(tail):
            out.update((f"e2={tail[-2:]}", f"e3={tail}"))
        else:
            words = _WORD.findall(c[-40:])
            if words:
                out.add(f"e1={words[-1]}")
    values = cues(text)
    out.update(f"cue={n}" for n, v in zip(NAMES, values, strict=True) if v > 0.5 and not n.startswith("script_"))
    out.add(f"clauses={min(len(clauses), 9)}")
    return out


def columns(text: str) -> list[int]:
    """The sorted distinct hashed columns (in [0, `BUCKETS`)) of `tokens(text)`."""
    return sorted({zlib.crc32(x.encode("utf-8")) % BUCKETS for x in tokens(text)})
