"""A case-insensitive screen searched as its lower-cased twin (`_casefree`) finds the same matches on ASCII text.

Checked three ways: each twin of the rule files' screens against its screen, match by match, on
the corpus, the sample and random ASCII text; the context rules with and without twins, text by
text (`analyze`) and batch by batch (`analyze_many`), on the same texts; and the twin builder's
refusals (patterns it cannot mirror exactly get no twin).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

import corpus_spans
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memeval.redact._casefree import lowered_twin
from memeval.redact._context import ContextRecognizer

# Built on first use, not at import: every xdist worker imports this module to collect it.
# `WITH` below is `corpus_spans.reference()` (`ContextRecognizer()`): ASCII text searched with the twins.


@functools.cache
def _without() -> ContextRecognizer:
    """`ContextRecognizer()` with every screen searched as written (no twins)."""
    rec = ContextRecognizer()
    rec._twins = tuple(None for _ in rec._twins)
    return rec


@functools.cache
def _pairs() -> list[tuple[re.Pattern[str], re.Pattern[str]]]:
    """(screen, its case-free twin) for each screen that has a twin."""
    ref = corpus_spans.reference()
    return [(s, t) for s, t in zip(ref._screens, ref._twins, strict=True) if t is not None]


def _matches(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    """Every match `search` finds going on from each match's start + 1 (as `_candidates` goes on from a later text)."""
    out, pos = [], 0
    while (m := pattern.search(text, pos)) is not None:
        out.append(m.span())
        pos = m.start() + 1
    return out


def _spans(found: list) -> list[tuple[str, int, int, str]]:
    return sorted((r.entity_type, r.start, r.end, str(r.recognition_metadata)) for r in found)


def _same(texts: list[str], with_many: Sequence[list] | None = None, with_each: Sequence[list] | None = None) -> None:
    """The twins and the screens, and `_without()` and `WITH`, agree on `texts`.

    `with_many` / `with_each`: `WITH.analyze_many(texts)` / `WITH.analyze(t, [])` for each text, when
    already known (`corpus_spans`); computed here when None.
    """
    for t in texts:
        if t.isascii():
            low = t.lower()
            for screen, twin in _pairs():
                assert _matches(twin, low) == _matches(screen, t), (screen.pattern, t[:80])
    if with_many is None:
        with_many = corpus_spans.reference().analyze_many(texts)
    if with_each is None:
        with_each = [corpus_spans.reference().analyze(t, []) for t in texts]
    assert [_spans(f) for f in with_many] == [_spans(f) for f in _without().analyze_many(texts)]
    assert [_spans(f) for f in with_each] == [_spans(_without().analyze(t, [])) for t in texts]


def test_the_case_insensitive_screens_have_twins() -> None:
    twinned = {s.pattern for s, _ in _pairs()}
    assert "(?i)pass|pwd|secret|token|key|credential" in twinned
    assert any("kennwort" in p for p in twinned)  # non-ASCII branches (пароль, 密码) are kept as written
    assert all(t.flags & re.IGNORECASE == 0 for _, t in _pairs())


def test_patterns_without_an_exact_twin_get_none() -> None:
    for p in (r"(?i:x)y", r"(?i)\bkey", r"(?i)(a)\1", r"(?i)a.b", r"(?i)(?=k)key", "key", r"\d{13}"):
        assert lowered_twin(re.compile(p)) is None, p
    twin = lowered_twin(re.compile(r"(?i)[kq]ey|PW"))
    assert twin is not None and _matches(twin, "a KEY and a Pw".lower()) == [(2, 5), (12, 14)]


HANDMADE = [
    r"(?i)pass|pw|пароль|密码", r"(?i)ſecret", r"(?i)İd|ı", "(?i)\u212aey", r"(?i)[^\d]x*?", r"(?i)(?:ab|пароль)?c",
    r"(?i)[a-f\s]{2,3}z", r"(?i)x(?:y|z)+?q", r"(?i)[\W_]k",
]  # fmt: skip
"""Patterns built to reach the builder's corners: non-ASCII branches, case folds into ASCII (long s,
dotted and dotless i, Kelvin sign), negated and class sets, lazy and bounded repeats."""


@settings(max_examples=400, deadline=None)
@given(st.text(st.sampled_from("aAbBcCdDfFiIkKpPqQsSwWxXyYzZeE019 _-\t\x1c:."), max_size=30))
def test_handmade_twins_find_what_their_patterns_find(text: str) -> None:
    for p in HANDMADE:
        pattern = re.compile(p)
        twin = lowered_twin(pattern)
        assert twin is not None, p
        assert _matches(twin, text.lower()) == _matches(pattern, text), (p, text)


@pytest.mark.slow
@pytest.mark.timeout(1200)
@pytest.mark.xdist_group(corpus_spans.GROUP)
def test_twins_find_what_the_screens_find_on_the_corpus_and_sample() -> None:
    """On every corpus item in every context and the sample's texts and ids (`corpus_spans.texts()`;
    `WITH`'s spans are `corpus_spans.many()` and `.each()`, computed once for three tests)."""
    texts, many, each, n = corpus_spans.texts(), corpus_spans.many(), corpus_spans.each(), corpus_spans.BATCH
    assert sum(t.isascii() for t in texts) > 1000
    for k in range(0, len(texts), n):  # batches of the size the ingest path reads
        _same(list(texts[k : k + n]), many[k : k + n], each[k : k + n])


PIECES = [
    "password", "PASSWORD", "PassWord", "pw", "PW", "Pwd", "api_key", "API_KEY", "secret", "SeCrEt", "token", "TOKEN",
    "key", "KEY", "credential", "Connection", "docker", "master", "kennwort", "Senha", "contrase", "wachtwoord",
    "=", ":", " ", "\n", "\t", "\"", "'", "-", "_", ".", "/", ",", "(", "4111", "1111", "078-05-1120", "hunter2!",
    "S3cr3t-Value", "export ", "ENV ", "is ",
]  # fmt: skip


@pytest.mark.slow
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.lists(
            st.one_of(st.sampled_from(PIECES), st.text(st.characters(max_codepoint=127), max_size=5)), max_size=12
        ).map("".join),
        min_size=1,
        max_size=8,
    )
)
def test_twins_find_what_the_screens_find_on_random_ascii(texts: list[str]) -> None:
    _same(texts)
