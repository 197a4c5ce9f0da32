"""The redactor's cheap pre-checks (ingest20, issue 17) skip only work that could find nothing.

Each skip rests on one claim, checked here against the code it replaced (kept in this file as the
reference where it is a test of one line): a text whose characters are all below U+0300 has no
combining mark to drop and one below U+FE00 no tag character or variation selector (the old tests
read it character by character in Python, now `str.isascii` and `max` in C); every letter-spaced run
(`_SPACED`, `_MIXED`) starts where `_MAYBE` finds a place, so a text where it finds none is searched
once, not twice; and betterleaks' reply for a text with nothing found is read without its JSON parse
(`_scanners.scan_string`) while any other reply gives the findings the library's own call gives.
"""

from __future__ import annotations

import betterleaks
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memeval.redact import _decode
from memeval.redact._decode import _HIDDEN, _MARKS, _reveal, _rewrite, hidden_view, spaced_view, unmarked_view
from memeval.redact._scanners import BetterleaksRecognizer, scan_string


def old_unmarked_view(text: str) -> _decode.View | None:
    """`unmarked_view` before ingest20 (its test read each character in Python)."""
    if all(ord(c) < 0x300 for c in text):
        return None
    return _rewrite(text, _MARKS, lambda m: m.group()[0])


def old_hidden_view(text: str) -> _decode.View | None:
    """`hidden_view` before ingest20."""
    if all(ord(c) < 0xFE00 for c in text):
        return None
    return _rewrite(text, _HIDDEN, _reveal)


EDGES = [
    "\u02ff", "\u0300", "\u0336", "\u0332", "\u0483", "\ufdff", "\ufe00", "\ufe0f", "\ufeff", "\U000e0067",
    "\U000e0100", "\u200b", "\u00e9", "数", "g", "h", "p", "_", "Z", "1", ".", "-", " ", "\n", "\u00a0", "|", ",",
]  # fmt: skip
TEXTS = st.lists(st.one_of(st.sampled_from(EDGES), st.text(max_size=3)), max_size=40).map("".join)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS)
def test_mark_and_hidden_readings_are_those_of_the_per_character_tests(text: str) -> None:
    assert unmarked_view(text) == old_unmarked_view(text)
    assert hidden_view(text) == old_hidden_view(text)


SPACED_PIECES = ["g", "h", "Z", "9", "_", ".", "-", "|", ",", "·", " ", "  ", "\n", "\t", "\u00a0", "'", '"', "ab"]


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(SPACED_PIECES), max_size=60).map("".join))
def test_no_spaced_or_mixed_run_where_no_run_may_start(text: str) -> None:
    if _decode._MAYBE.search(text) is None:
        assert _decode._SPACED.search(text) is None
        assert _decode._MIXED.search(text) is None


class _Counted:
    """`_MAYBE` with its searches counted."""

    def __init__(self) -> None:
        self.pattern = _decode._MAYBE
        self.calls = 0

    def search(self, text: str, pos: int = 0) -> object:
        self.calls += 1
        return self.pattern.search(text, pos)


def test_a_text_with_no_place_for_a_run_is_searched_once(monkeypatch: pytest.MonkeyPatch) -> None:
    counted = _Counted()
    monkeypatch.setattr(_decode, "_MAYBE", counted)
    _decode._runs.cache_clear()
    assert spaced_view("Remember: the staging database is read-only until Friday (ticket 7-40123).") is None
    assert counted.calls == 1  # before: once for `_SPACED`, once more for `_MIXED`
    _decode._runs.cache_clear()


def test_a_spaced_key_is_still_read_after_the_pre_check() -> None:
    _decode._runs.cache_clear()
    view = spaced_view("token g . h . p . _ . Z . q . 8 . v . N . 4 . k . 2 . w end")
    assert view is not None
    assert "ghp_Zq8vN4k2w" in view.text


class _IterCounted(str):
    """A str that counts how often it is iterated character by character."""

    iterated = 0

    def __iter__(self):  # noqa: ANN204  # str's own iterator, counted
        type(self).iterated += 1
        return super().__iter__()


def test_an_ascii_text_is_not_read_character_by_character() -> None:
    _IterCounted.iterated = 0
    text = _IterCounted("a plain memory about the staging database, nothing hidden (ticket 12-3)")
    assert unmarked_view(text) is None
    assert hidden_view(text) is None
    assert _IterCounted.iterated == 0


def _refuse_to_parse(*_args: object, **_kwargs: object) -> object:
    raise AssertionError("betterleaks' reply was parsed")


def test_nothing_found_is_answered_without_parsing_the_reply(monkeypatch: pytest.MonkeyPatch) -> None:
    import betterleaks._lib

    scanner = BetterleaksRecognizer()  # its warm-up scan finds a key: parsed, before the patch
    monkeypatch.setattr(betterleaks._lib.json, "loads", _refuse_to_parse)
    assert scanner.analyze("c2sq-fh-47-00003 and a plain sentence", []) == []


SCANNED = [
    "",
    "c2sq-fh-47-00003",
    "a plain sentence about the staging database",
    "export GITHUB_TOKEN=ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5",
    "aws_access_key_id=AKIAIOSFODNN7QWERTYZ\naws_secret_access_key=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",
    "slack: xoxb-" + "1234567890-1234567890123-" + "AbCdEfGhIjKlMnOpQrStUvWx",
    "données — clé: sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc",
]


@pytest.mark.parametrize("text", SCANNED)
def test_the_findings_are_those_of_the_library_call(text: str) -> None:
    assert scan_string(text) == betterleaks.scan_string(text)


def test_some_scanned_text_has_a_finding() -> None:
    assert any(scan_string(t) for t in SCANNED)  # the reply that is parsed is exercised above too
