"""The bundled scanners' own rule examples, and the rules they miss kept as data (issue 15, sixth check).

`tests/fixtures/redact_corpus/corpus_fresh6.jsonl` (written by
`tests/fixtures/redact_fresh6/select_rows6.py`): betterleaks' and gitleaks' literal rule examples
that main stored raw (the bundled engines do not report `azure-ad-client-secret`,
`supabase-project-api-key` or `aikido-client-secret` on their own examples, and betterleaks
dropped gitleaks' `fo1_`/`fm2_` Fly.io formats), now found by `rules/betterleaks.toml`
(`scripts/redact_rules_betterleaks.py`), and look-alikes: Go pseudo-versions and go.sum lines
(main read the commit time in one as a phone number), lock-file hashes, UUIDs, Base64 images,
public keys, AWS's documented example key id. Each positive is blanked in six contexts here; the
slow corpus test (`test_redact_corpus.py`) puts every row in all 46.
"""

from __future__ import annotations

from collections import Counter

import pytest
from corpus_contexts import CONTEXTS, FRESH6_ROWS, load_corpus, missed_in

from memeval.redact import get_redactor
from memeval.redact._context import load_rules

ROWS = load_corpus((FRESH6_ROWS,))
FEW = [
    c for c in CONTEXTS if c[0] in ("plain", "period-after", "json-object", "url-encoded", "cyrillic-glued", "md-bold")
]
NEW_RULES = (
    "betterleaks-azure-ad-client-secret",
    "betterleaks-supabase-project-api-key",
    "betterleaks-aikido-client-secret",
    "gitleaks-flyio-access-token",
)


def test_rows_have_provenance_and_count() -> None:
    groups = Counter(i.group for i in ROWS)
    assert groups["credential"] >= 8 and groups["lookalike"] >= 50, groups
    assert all(i.source.startswith(("github:", "memeval:", "PyPI wheel")) for i in ROWS)
    assert all(i.secrets for i in ROWS if i.group == "credential")


def test_new_rules_are_scanner_rules_with_sources() -> None:
    from memeval.redact._context import scanner_rules

    rules = {r.id: r for r in scanner_rules()}
    assert set(NEW_RULES) <= set(rules)
    assert not set(rules) & {r.id for r in load_rules()}  # read once, as a scanner, not as context rules too


@pytest.mark.parametrize("ctx", FEW, ids=[c[0] for c in FEW])
def test_fresh6_rows_are_blanked(ctx) -> None:  # noqa: ANN001 - (name, wrap)
    missed = missed_in(ROWS, ctx)
    assert missed == [], missed[:20]


def test_fresh6_look_alikes_are_left_alone() -> None:
    items = [i for i in ROWS if i.group == "lookalike"]
    outs = get_redactor().redact_many([i.text for i in items])
    assert [(i.label, i.text[:60]) for i, out in zip(items, outs, strict=True) if out.findings] == []


@pytest.mark.parametrize(
    ("text", "blanked"),
    [
        ("golang.org/x/exp v0.0.0-20250218142911-aa4b98e5adaa/go.mod h1:x=", False),  # commit time, not a phone
        ('"github.com/a/b": "v1.2.4-0.20220811171246-fbc7d0a398ab"', False),
        ("phone 0-20250218142911", True),  # the same digits after a phone word
        ("value (x9.8Q~" + "Tq3vLm7Rk2Wp5Yn8Bd4Gh6Js1Kc0Xf.Ae2).", True),  # Azure AD client secret shape, made up here
        ("token fo1_" + "Hq8Zr2Lm5Tk9Wv3Yp7Nc1Bd6Gf4Js0Xa8Qe2Ru5Iw7a!", True),  # Fly.io org token shape, made up here
        ("the Q~ in Azure secrets marks the version", False),
    ],
)
def test_round6_shapes(text: str, blanked: bool) -> None:
    out = get_redactor().redact(text)
    assert bool(out.findings) is blanked, out.text
