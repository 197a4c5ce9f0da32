"""A key cut across two events read with the event before it (`memeval.redact.cut_across`, redact32, issue 15).

The ingest test (`tests/audit/test_redact32_stream_cuts.py`) sends cut keys through `memeval audit ingest`; these
check the reading itself with the real redactor: each part of a cut key is found in its own text, pairs that only
glue two words or a look-alike's two halves are not touched, and the findings a window's edge or a part reader
made are left out.
"""

from __future__ import annotations

from memeval.redact import Finding, Redaction, cut_across, get_redactor, joinable, with_findings
from memeval.redact._across import WINDOW, crossing, join

CUT = [
    ("use sgph_d539f9", "0bb36a38faa37f35c717414db781277890 for the search API"),
    ("the heroku api key is 8b3f2e", "1d-4c5a-4b6e-9f7d-2a1c3e5f7b9d for the deploy job"),
    ("Das Passwort ist UEr", "bihyHA%kEK bis Freitag."),
    ("key id AKIA HPQU 79MQ E8V", "8 DIIU in the notes"),
]
KEPT = [
    ("the failing request id is 3f2b8c1e-9d4a-", "4b7e-8f01-2c6d5a9e7b13 in the gateway log"),
    ("bisect points at commit 4e8f2a9c1b7d", "3e5f60718293a4b5c6d7e8f90a1b on the main branch"),
    ("pin the client at version 2.31.0-rc", "1.dev4 until the fix lands"),
    ("self.password = password", "def __call__(self, server):"),
    ("the retry count is Three", "attempts at most"),
    ("rotated the db password", "next: check the replicas"),
    ("b45aa6dcbf74868939bd7c1de0e4de924c0", "the heroku api key is rotated"),
]
"""Pairs with no key across them: look-alikes cut in two, lines of code or prose glued, a hex run before a word."""


def test_each_part_of_a_key_cut_across_two_events_is_found_in_its_own_text() -> None:
    red = get_redactor()
    for (prev, text), (before, after) in zip(CUT, cut_across(red.detect_many, CUT), strict=True):
        assert before and after, (prev, text)
        assert all(f.detector.endswith("+across-events") for f in (*before, *after))
        first = with_findings(prev, red.redact(prev), before).text
        second = with_findings(text, red.redact(text), after).text
        assert first.endswith("]") and second.startswith("[REDACTED:"), (first, second)


def test_glued_words_and_halves_of_look_alikes_are_not_touched() -> None:
    red = get_redactor()
    assert cut_across(red.detect_many, KEPT) == [([], [])] * len(KEPT)
    for pair in KEPT[3:6]:
        assert not joinable(*pair), pair  # two words glued: not even read


def test_findings_a_window_edge_or_a_part_reader_made_are_left_out() -> None:
    prev, text = "x" * (2 * WINDOW) + " key=a1b2", "c3d4 and " + "y" * (2 * WINDOW)
    j = join(prev, text)
    assert j is not None and j.start_edge == "cap" and j.end_edge == "cap"

    def found(start: int, end: int, detector: str = "memeval:config-assignment") -> list[Finding]:
        return [Finding(entity_type="PASSWORD", start=start, end=end, detector=detector, score=0.9)]

    assert crossing(j, len(prev), found(j.cut - 4, j.cut + 4)) != ([], [])
    assert crossing(j, len(prev), found(0, j.cut + 4)) == ([], [])  # from the window's start, inside `prev`
    assert crossing(j, len(prev), found(j.cut - 4, len(j.text))) == ([], [])  # to its end, inside `text`
    assert crossing(j, len(prev), found(j.cut - 4, j.cut + 4, "memeval:cut-tail")) == ([], [])
    assert crossing(j, len(prev), found(j.cut - 4, j.cut + 4, "kingfisher-truncated:github.1")) == ([], [])
    assert crossing(j, len(prev), found(j.cut - 9, j.cut - 1)) == ([], [])  # on one side only


def test_added_findings_merge_with_the_text_s_own() -> None:
    text = "token ab12cd34 and more"
    own = Finding(entity_type="PASSWORD", start=6, end=10, detector="memeval:x", score=0.9)
    red = Redaction(text="token [REDACTED:PASSWORD]cd34 and more", findings=(own,), counts={"PASSWORD": 1},
                    names_scanned=False, redactor_version="redact/4")  # fmt: skip
    more = Finding(entity_type="GENERIC_SECRET", start=8, end=14, detector="memeval:y+across-events", score=0.9)
    out = with_findings(text, red, [more])
    assert out.text == "token [REDACTED:PASSWORD] and more"
    assert [(f.start, f.end) for f in out.findings] == [(6, 14)] and out.counts == {"PASSWORD": 1}
    assert with_findings(text, red, []) is red
