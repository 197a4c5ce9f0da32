"""A password starting `My`/`your` is blanked when it reads as chosen; a placeholder is kept (issue 15).

Main read every value `my...`/`your...` of word characters as a placeholder, so the seventh fresh
corpus's `password: MySecureSecretPassword!` (GitHub's custom-pattern tests; 42 of 46 contexts) and
the fifth's `password = MySecretPass123!` in brackets were stored raw. Now such a value is a
placeholder only when the rest is letters and no `!` follows it (`_values.placeholder_value`):
`your_password_here`, `YOUR_API_KEY`, `myPassword`, `mynewcreds` stay. Rows:
`tests/fixtures/redact_corpus/corpus_placeholders.jsonl` (the slow corpus test puts each in all 46
contexts). Real redactor (`get_redactor()`), no stand-in.
"""

from __future__ import annotations

import pytest
from corpus_contexts import CONTEXTS, PLACEHOLDER_ROWS, load_corpus, missed_in

from memeval.redact import get_redactor
from memeval.redact._values import placeholder_value

ROWS = load_corpus((PLACEHOLDER_ROWS,))
FEW = [
    c
    for c in CONTEXTS
    if c[0] in ("plain", "bang-after", "brackets", "angle", "double-quoted", "json-object", "log-line")
]


@pytest.mark.parametrize("ctx", FEW, ids=[c[0] for c in FEW])
def test_a_chosen_my_or_your_password_is_blanked(ctx: tuple) -> None:
    assert missed_in(ROWS, ctx) == []


KEPT = [c for c in FEW if c[0] != "bang-after"]  # `your_password_here!` reads as chosen, by design


@pytest.mark.parametrize("ctx", KEPT, ids=[c[0] for c in KEPT])
def test_a_my_or_your_placeholder_is_kept(ctx: tuple) -> None:
    _name, wrap = ctx
    looks = [i for i in ROWS if i.group == "lookalike"]
    outs = get_redactor().redact_many([wrap(i.text)[0] for i in looks])
    assert [(i.label, [f.detector for f in o.findings]) for i, o in zip(looks, outs, strict=True) if o.findings] == []


@pytest.mark.parametrize(
    ("value", "after", "kept"),
    [
        ("your_password_here", "", True),
        ("YOUR_API_KEY", "\n", True),
        ("myPassword", ";", True),
        ("mynewcreds", "'", True),
        ("my-password", ".", True),
        ("changeme", "!", True),  # only a `my`/`your` value is read as chosen by its `!`
        ("MySecureSecretPassword", "!", False),
        ("MySecretPass123", "", False),
        ("mySecret2024", "", False),
    ],
)
def test_placeholder_value(value: str, after: str, kept: bool) -> None:
    assert placeholder_value(value, after) is kept
