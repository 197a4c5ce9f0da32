"""Two screens by 3-character pieces only skip work: the gap-joined reading (`_gaps.gap_view` with
`heads`) and the context rules' keyword index (`_context._KeywordIndex.present`) answer what they
answer without a screen, on random text built from the prefixes and keywords they look for, on the
sample week's texts and on short texts (under three characters: no piece at all)."""

from __future__ import annotations

import functools
import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from memeval._literals import LiteralSet
from memeval.redact import get_redactor
from memeval.redact._context import ContextRecognizer, _KeywordIndex, load_rules
from memeval.redact._gaps import gap_view, prefix_heads

ROOT = Path(__file__).resolve().parents[2]
GLUE = [" ", "  ", "\t", "\n", "\n  ", "\u00a0", "_", "-", "", ".", "=", " key ", " the "]
PARTS = ["AbCd", "1234", "wxyz", "Q9r8", "tokens", "ZZZZZZZZZZ", "k3Y+/="]

# Built on first use, not at import: every xdist worker imports this module to collect it, and the
# redactor and the rules cost seconds that only the worker running these tests needs to pay.


@functools.cache
def _prefixes() -> dict[str, int]:
    """The gap-joined reading's prefixes (prefix -> its length rule), from the default redactor."""
    reading = next(r for r in get_redactor()._readings if r.kind == "gap-joined")
    return reading.make.keywords["prefixes"]  # type: ignore[attr-defined,no-any-return]  # a functools.partial


@functools.cache
def _heads() -> frozenset[str] | None:
    return prefix_heads(_prefixes())


@functools.cache
def _keywords() -> tuple[str, ...]:
    return tuple(k for r in load_rules() for k in r.keywords)


@functools.cache
def _index() -> _KeywordIndex:
    return ContextRecognizer(load_rules())._keywords


@functools.cache
def _found_by() -> LiteralSet:
    return LiteralSet(_prefixes())


def _prefix_pieces() -> st.SearchStrategy[list[str]]:
    return st.deferred(lambda: st.lists(st.sampled_from(sorted(_prefixes()) + GLUE + PARTS), max_size=14))


def _sample_texts() -> list[str]:
    out = []
    for line in (ROOT / "samples" / "fernhill" / "audit" / "week.jsonl").read_text().splitlines():
        pl = json.loads(line).get("payload", {})
        out += [v for v in pl.values() if isinstance(v, str)]
    return out


def test_every_prefix_has_a_head() -> None:
    assert _heads() is not None and len(_prefixes()) > 100
    assert prefix_heads(["ab", "abc"]) is None  # a prefix under three characters: no screen


@settings(max_examples=400, deadline=None)
@given(_prefix_pieces())
def test_gap_view_with_heads_is_gap_view(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert gap_view(text, _prefixes(), _heads()) == gap_view(text, _prefixes())


def test_gap_view_with_heads_on_sample_and_short_texts() -> None:
    texts = _sample_texts() + ["", "A", "AK", "AKI", "AKIA", "AKIA ABCD EFGH IJKL MNOP", "ghp_ abcd\n  EFGH1234"]
    joined = [t for t in texts if gap_view(t, _prefixes()) is not None]
    assert joined, "some of these texts have a gap-joined reading"
    for t in texts:
        assert gap_view(t, _prefixes(), _heads()) == gap_view(t, _prefixes()), t[:80]


@settings(max_examples=400, deadline=None)
@given(st.deferred(lambda: st.lists(st.sampled_from(sorted(set(_keywords())) + GLUE + PARTS), max_size=14)))
def test_keyword_index_finds_every_keyword_present(pieces: list[str]) -> None:
    text = "".join(pieces).lower()
    assert _index().present(text) == {k for k in _keywords() if k in text}


def test_keyword_index_on_sample_and_short_texts() -> None:
    index = _KeywordIndex(("ab", "abc", "pass", "secret"))
    for text in ["", "a", "ab", "abc", "xpassy", "my secret and ab"]:
        assert index.present(text) == {k for k in ("ab", "abc", "pass", "secret") if k in text}
    for t in _sample_texts():
        low = t.lower()
        assert _index().present(low) == {k for k in _keywords() if k in low}


@settings(max_examples=400, deadline=None)
@given(_prefix_pieces())
def test_gap_view_found_by_a_native_scan_is_gap_view(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert gap_view(text, _prefixes(), found_by=_found_by()) == gap_view(text, _prefixes())


def test_gap_view_found_by_a_native_scan_on_sample_and_short_texts() -> None:
    texts = _sample_texts() + ["", "A", "AK", "AKI", "AKIA", "AKIA ABCD EFGH IJKL MNOP", "ghp_ abcd\n  EFGH1234"]
    texts += ["ghp_ abcd github_pat_ 1234 AKIA ABCD EFGH"]  # two prefixes: lines in `prefixes`' order
    for t in texts:
        assert gap_view(t, _prefixes(), found_by=_found_by()) == gap_view(t, _prefixes()), t[:80]
