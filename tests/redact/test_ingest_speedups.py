"""The ingest path's CPU savings in the redactor and the id check read exactly what the code before them read.

Each saving rests on one claim, checked here against the code it replaced (kept in this file as
the reference): the boundary view's edge-break pattern with a leading lookahead gives the same
text as the pattern without it; a text with no `/` that is ASCII has a slash view equal to its
boundary view (so `Redactor._scan_joined` makes slash views only for the others); `_has_digit`
answers as `any(c.isdigit() ...)`; `shape_problem`'s digit-count shortcut gives the reason the
full check gives; and the batched credential scan of ids finds what it found before.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memeval.audit import _ids
from memeval.audit._ids import shape_problem
from memeval.redact import get_redactor
from memeval.redact._values import has_digit as _has_digit
from memeval.redact._views import _EDGE_BREAK, boundary_view, boundary_views, slash_view

OLD_EDGE_BREAK = re.compile(
    r"""(?:(?<=\s)|^)[<>|'"`\\.?@/]+|[<>|'"`\\.?@/]+(?=\s|$)|(?<=[^\s:]{8}):(?=\s|$)"""
    r"""(?!(?<=[A-Za-z_\-]{8}:)[ \t]+[A-Za-z0-9+/=_\-.~:]{16})"""
)
"""The edge-break pattern as it was before the lookahead (redact/4)."""

EDGE_PIECES = [
    "<", ">", "|", "'", '"', "`", "\\", ".", "?", "@", "/", ":", " ", "\n", "\t", "\u00a0", "abcdefgh", "ab",
    "key", "=", "12345678", "数据", "https://", "x.y", "a:b", "::", "..", "\\n",
]  # fmt: skip
TEXTS = st.lists(st.one_of(st.sampled_from(EDGE_PIECES), st.text(max_size=4)), max_size=16).map("".join)


def _blank(m: re.Match[str]) -> str:
    return " " * len(m.group())


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS)
def test_edge_break_with_lookahead_blanks_what_the_old_pattern_blanked(text: str) -> None:
    assert _EDGE_BREAK.sub(_blank, text) == OLD_EDGE_BREAK.sub(_blank, text)
    assert [m.span() for m in _EDGE_BREAK.finditer(text)] == [m.span() for m in OLD_EDGE_BREAK.finditer(text)]


def test_edge_break_still_blanks_edges_and_keeps_inner_syntax() -> None:
    assert _EDGE_BREAK.sub(_blank, 'key = "value". x') == "key =  value   x"
    assert _EDGE_BREAK.sub(_blank, "longtoken: rotated /path/ a.b") == "longtoken  rotated  path  a.b"


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(TEXTS, min_size=1, max_size=6))
def test_slash_view_differs_from_the_boundary_view_only_for_texts_with_a_slash_or_non_ascii(texts: list[str]) -> None:
    for t in texts:
        if "/" not in t and t.isascii():
            assert slash_view(t).text == boundary_view(t).text
    picked = [t for t in texts if "/" in t or not t.isascii()]
    assert boundary_views(picked, slash=True) == [slash_view(t) for t in picked]


def test_fullwidth_solidus_gets_a_slash_view_of_its_own() -> None:
    # NFKC turns U+FF0F into "/": such a text is not ASCII, so it keeps its slash reading
    text = "path\uff0fghp_" + "a" * 36
    assert slash_view(text).text != boundary_view(text).text


@given(st.text(max_size=30))
def test_has_digit_answers_as_isdigit(text: str) -> None:
    assert _has_digit(text) == any(c.isdigit() for c in text)


def test_has_digit_on_non_ascii_digits() -> None:
    assert _has_digit("x\u0663y") and _has_digit("²") and not _has_digit("abc") and _has_digit("a1")


def _old_shape_problem(value: str) -> str | None:
    """`shape_problem` as it was before the digit-count shortcut."""
    if not value or len(value) > _ids.MAX_ID_CHARS or not _ids._SHAPE.fullmatch(value):
        return shape_problem(value)  # these branches are unchanged
    masked = _ids._ISO_DATE.sub(_ids._letters, _ids._UUID.sub(_ids._letters, value))
    for m in _ids._NUMBER.finditer(masked):
        digits = sum(c.isdigit() for c in m.group())
        if digits > _ids.MAX_NUMBER_DIGITS:
            return f"it has a number of {digits} digits (a phone, card or SSN?)"
    return None


ID_PIECES = ["0", "1", "12", "123", "2026-11-16", "550e8400-e29b-41d4-a716-446655440000", "-", "_", ".", ":", "/",
             "a", "ab", "x1", "9", "99999999", "4111", "555", "Z"]  # fmt: skip


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.sampled_from(ID_PIECES), min_size=1, max_size=12).map("".join))
def test_shape_problem_shortcut_gives_the_full_checks_reason(value: str) -> None:
    assert shape_problem(value) == _old_shape_problem(value)


def test_shape_problem_still_refuses_long_numbers() -> None:
    assert shape_problem("555-123-4567") is not None
    assert shape_problem("c3-fh-47-00232") is None
    assert shape_problem("run-2026-11-16-0003") is None


def test_credential_scan_of_ids_finds_keys_in_ids_with_and_without_slashes() -> None:
    red = get_redactor()
    key = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    texts = [f"mem/{key}/x", "c3-fh-47-00232", f"ses_{key}", "les/fernhill/l1", "plain-id"]
    found = red.detect_credentials_many(texts)
    assert [bool(f) for f in found] == [True, False, True, False, False]
    assert found == [red.detect_credentials_many([t])[0] for t in texts]
