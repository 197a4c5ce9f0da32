"""Two screens by 3-character pieces only skip work: the gap-joined reading (`_gaps.gap_view` with
`heads`) and the context rules' keyword index (`_context._KeywordIndex.present`) answer what they
answer without a screen, on random text built from the prefixes and keywords they look for, on the
sample week's texts and on short texts (under three characters: no piece at all)."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from memeval._literals import LiteralSet
from memeval.redact import get_redactor
from memeval.redact._context import ContextRecognizer, _KeywordIndex, load_rules
from memeval.redact._gaps import gap_view, prefix_heads

ROOT = Path(__file__).resolve().parents[2]
PREFIXES: dict[str, int] = next(r for r in get_redactor()._readings if r.kind == "gap-joined").make.keywords[  # type: ignore[attr-defined]  # a functools.partial
    "prefixes"
]
HEADS = prefix_heads(PREFIXES)
KEYWORDS = tuple(k for r in load_rules() for k in r.keywords)
INDEX = ContextRecognizer(load_rules())._keywords
GLUE = [" ", "  ", "\t", "\n", "\n  ", "\u00a0", "_", "-", "", ".", "=", " key ", " the "]
PARTS = ["AbCd", "1234", "wxyz", "Q9r8", "tokens", "ZZZZZZZZZZ", "k3Y+/="]


def _sample_texts() -> list[str]:
    out = []
    for line in (ROOT / "samples" / "fernhill" / "audit" / "week.jsonl").read_text().splitlines():
        pl = json.loads(line).get("payload", {})
        out += [v for v in pl.values() if isinstance(v, str)]
    return out


def test_every_prefix_has_a_head() -> None:
    assert HEADS is not None and len(PREFIXES) > 100
    assert prefix_heads(["ab", "abc"]) is None  # a prefix under three characters: no screen


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(sorted(PREFIXES) + GLUE + PARTS), max_size=14))
def test_gap_view_with_heads_is_gap_view(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert gap_view(text, PREFIXES, HEADS) == gap_view(text, PREFIXES)


def test_gap_view_with_heads_on_sample_and_short_texts() -> None:
    texts = _sample_texts() + ["", "A", "AK", "AKI", "AKIA", "AKIA ABCD EFGH IJKL MNOP", "ghp_ abcd\n  EFGH1234"]
    joined = [t for t in texts if gap_view(t, PREFIXES) is not None]
    assert joined, "some of these texts have a gap-joined reading"
    for t in texts:
        assert gap_view(t, PREFIXES, HEADS) == gap_view(t, PREFIXES), t[:80]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(sorted(set(KEYWORDS)) + GLUE + PARTS), max_size=14))
def test_keyword_index_finds_every_keyword_present(pieces: list[str]) -> None:
    text = "".join(pieces).lower()
    assert INDEX.present(text) == {k for k in KEYWORDS if k in text}


def test_keyword_index_on_sample_and_short_texts() -> None:
    index = _KeywordIndex(("ab", "abc", "pass", "secret"))
    for text in ["", "a", "ab", "abc", "xpassy", "my secret and ab"]:
        assert index.present(text) == {k for k in ("ab", "abc", "pass", "secret") if k in text}
    for t in _sample_texts():
        low = t.lower()
        assert INDEX.present(low) == {k for k in KEYWORDS if k in low}


FOUND_BY = LiteralSet(PREFIXES)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(sorted(PREFIXES) + GLUE + PARTS), max_size=14))
def test_gap_view_found_by_a_native_scan_is_gap_view(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert gap_view(text, PREFIXES, found_by=FOUND_BY) == gap_view(text, PREFIXES)


def test_gap_view_found_by_a_native_scan_on_sample_and_short_texts() -> None:
    texts = _sample_texts() + ["", "A", "AK", "AKI", "AKIA", "AKIA ABCD EFGH IJKL MNOP", "ghp_ abcd\n  EFGH1234"]
    texts += ["ghp_ abcd github_pat_ 1234 AKIA ABCD EFGH"]  # two prefixes: lines in `prefixes`' order
    for t in texts:
        assert gap_view(t, PREFIXES, found_by=FOUND_BY) == gap_view(t, PREFIXES), t[:80]
