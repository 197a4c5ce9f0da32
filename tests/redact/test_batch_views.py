"""The batch shortcuts of the redactor read exactly what the per-text code reads.

`boundary_views` (one `_breaks` call for a batch's ASCII texts) gives the views `boundary_view`
and `slash_view` give text by text, and `ContextRecognizer.analyze_many` (candidates found over
the batch joined) gives the spans `analyze` gives text by text: on every corpus item in every
context, on the sample's texts and ids, and on random text built from what the rules and the
views react to (separators, quotes, backslashes, non-ASCII letters, newlines).
"""

from __future__ import annotations

from collections.abc import Sequence

import corpus_spans
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memeval.redact._views import boundary_view, boundary_views, slash_view


def _spans(found: list) -> list[tuple[str, int, int, str]]:
    return sorted((r.entity_type, r.start, r.end, str(r.recognition_metadata)) for r in found)


def _same(texts: list[str], many: Sequence[list] | None = None, each: Sequence[list] | None = None) -> None:
    """The batch views and `analyze_many` read `texts` as the per-text code does.

    `many` / `each`: `analyze_many(texts)` / `analyze(t, [])` of `corpus_spans.reference()` for each text, when
    already known (`corpus_spans`); computed here when None.
    """
    for slash, one in ((False, boundary_view), (True, slash_view)):
        assert boundary_views(texts, slash=slash) == [one(t) for t in texts]
    if many is None:
        many = corpus_spans.reference().analyze_many(texts)
    if each is None:
        each = [corpus_spans.reference().analyze(t, []) for t in texts]
    assert [_spans(f) for f in many] == [_spans(f) for f in each]


@pytest.mark.slow
@pytest.mark.timeout(1200)
@pytest.mark.xdist_group(corpus_spans.GROUP)
def test_batch_views_and_context_equal_per_text_on_the_corpus_and_sample() -> None:
    """On every corpus item in every context and the sample's texts and ids (`corpus_spans.texts()`;
    `analyze_many` and `analyze` there are `corpus_spans.many()` and `.each()`, computed once for three tests)."""
    texts, many, each, n = corpus_spans.texts(), corpus_spans.many(), corpus_spans.each(), corpus_spans.BATCH
    for k in range(0, len(texts), n):  # batches of the size the ingest path reads
        _same(list(texts[k : k + n]), many[k : k + n], each[k : k + n])
    assert sum(bool(f) for f in many) > 1000  # the rules do find things here


def test_context_many_finds_what_analyze_finds_in_a_small_batch() -> None:
    texts = [
        "my password is hunter2!x",
        "",
        "card 4111 1111 1111 1111 and ssn 078-05-1120",
        "nothing here",
        "export API_KEY=S3cr3t-Value-0042",
    ]
    many = corpus_spans.reference().analyze_many(texts)
    assert [bool(f) for f in many] == [True, False, True, False, True]
    assert [_spans(f) for f in many] == [_spans(corpus_spans.reference().analyze(t, [])) for t in texts]


PIECES = [
    "password", "PASSWORD", "pw", "api_key", "secret", "token", "ssn", "=", ":", " ", "\n", "\t", "\"", "'", "`",
    "-", "_", ".", "/", "\\", "\\n", '\\"', "<", ">", "|", "?", "@", "(", "]", ",", "4111", "1111", "078-05-1120",
    "4111111111111111", "hunter2!", "S3cr3t-Value", "数据", "ｐａｓｓｗｏｒｄ", "\u200b", "İ", "ß", "é", "—",
    "-u", "--", "eyJ", "AKIA", "abcdefgh:", "export ",
]  # fmt: skip


@pytest.mark.slow
@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=5)), max_size=12).map("".join),
        min_size=1,
        max_size=8,
    )
)
def test_batch_views_and_context_equal_per_text_on_random_batches(texts: list[str]) -> None:
    _same(texts)
