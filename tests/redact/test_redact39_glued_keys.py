"""Self-identifying keys glued to the letters or digits after them (issue 15, redact39; `_glued.py`).

veles' detector tests (the ninth fresh corpus) count `dckr_pat_...extra`, `hf_...extra`, `pplx-...extra`,
`ddp_...extra`, `essu_...=extra`, `whsec_...aaaa` and a Deno `ddp_` key glued to a `ddo_` key as leaks: main
stored all of them raw in 43-46 contexts, since every rule ends a key before a character that is not a letter
or digit. The look-alikes are betterleaks' own negative examples (the prefix inside or before camelCase words)
and bodies that are not random.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_redact37_code_names import _misses, _rows

from memeval.redact import get_redactor

ROOT = Path(__file__).resolve().parents[2]
FRESH9 = ROOT / "tests" / "fixtures" / "redact_fresh9" / "fresh9.jsonl"

GLUED = {
    "denopat#3",
    "denopat#6",
    "dockerhubpat#8",
    "elasticcloudapikey#8",
    "huggingfaceapikey#6",
    "perplexityapikey#6",
    "stripeapikeys#27",
}
"""veles rows whose key is glued to letters after it (after its `=` padding for Elastic's `essu_`) or to another
key (raw in 43-46 contexts on main)."""

KEPT = [
    "- (id)hf_requiredCharacteristicTypesForDisplayMetadata;",  # betterleaks' negative example
    "_kHMSymptomhf_generatedByHomeAppForDebuggingPurposesKey,",  # betterleaks' negative example
    "see hf_TransformersAutoModelForCausalLMConfigurationsXyz here",  # camelCase words
    "whsec_abcdefghijklmnopqrstuvwxyzabcdefghijklmn",  # one case: not a key body
    "ghp_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",  # no switches
    "x re_MatchObjectTypeHintsAndMore y",  # an 8-character body: too short to be read glued
    # scanners' negatives of the wrong length, whose tail goes on like a key body (fresh2, fresh6, fresh5)
    'cloudsmith = "csa_93d7f5d16b39f506a607a3c4f61794Q1phU"',
    "AIzaTesb6Tscfcni8vIpWZqNCXFDFslJtVSvFDqabcd123",
    "https://fog-ringer-f42.notion.site/API-BD80F56CDC1441E6BF6011AB6D852875",
    "SG.ngeVfQFYQlKU0ufo8x5d1A..TwL2iGABf9DHoTf-09kqeF8tAmbihYzrnopKc-1s5cr",
    "hf_FakeFakeFakeFakeFakeFakeFakeFakeFak",
    "...6wqX6fNUXA/rYqRvfQ+EZAKGqQRiRyqAFRQshGPWOIAwNWGORfKHSBnVNFtVmWYoW6PH23lkqbbDWep95C/3VmWq/edti6...",
]


def test_the_glued_rows_are_blanked_in_every_context() -> None:
    """On main all six are stored raw in 43-46 of the 46 contexts."""
    rows = _rows(FRESH9, {"veles"}, GLUED)
    assert {label for label, _t, _s in rows} == GLUED
    assert _misses(rows) == []


@pytest.mark.parametrize("text", KEPT)
def test_words_after_a_prefix_are_kept(text: str) -> None:
    assert get_redactor().redact(text).findings == ()


def test_only_the_key_is_blanked_and_named_by_its_rule() -> None:
    key = "dckr_pat_7awgM4jG5SQvxcvmNzhKj8PQjxo"
    out = get_redactor().redact(f"token {key}extra.")
    assert out.text == "token [REDACTED:DOCKERHUB_PERSONAL_ACCESS_TOKEN]extra."
    assert [f.detector for f in out.findings] == ["memeval:glued:dockerhub-personal-access-token"]


def test_a_key_standing_alone_is_left_to_the_full_rules() -> None:
    """The glued reader reports nothing for a key with an edge after it (the full rules report it)."""
    from memeval.redact._glued import GluedKeyRecognizer

    rec = GluedKeyRecognizer()
    rec.load()
    key = "ddp_qz538MNyqwfETb1ikqeqHiqA9Aa9Pv22yzmw"
    assert rec.analyze(f"{key} x", []) == []
    assert [(r.start, r.end) for r in rec.analyze(f"{key}{key}", [])] == [(0, 40), (40, 80)]
    assert rec.analyze(f"x{key}extra", []) == []  # a letter before it: inside a word


def test_rules_are_fixed_length_self_named_heads() -> None:
    from memeval.redact._glued import derive, switches

    assert derive("r", "R", "ghp_[0-9a-zA-Z]{36}") is not None
    assert derive("r", "R", "ghp_[0-9a-zA-Z]{36,40}") is None  # a range
    assert derive("r", "R", "ghp_[0-9a-zA-Z]{36,}") is None  # an open count
    padded = derive("r", "R", r"\b(essu_[A-Za-z0-9_\-]{60,200}={0,2})(?:[\s;]|$)")  # a range, then padding
    assert padded is not None
    body = "VWtSQlNXNWFjMEpWWVZsbFVUZDBORmRQTldJNmNuWnVYMU5yY1ZGdlJ6aHVlRE5rWmxGelIy"
    assert [m.group(0) for m in padded.pattern.finditer(f"essu_{body}==x essu_{body} essu_{body}=")] == [
        f"essu_{body}=="
    ]
    assert derive("r", "R", "ghp_[a-z]{36}") is None  # one group: words cannot be told apart
    assert derive("r", "R", "re_[0-9a-zA-Z]{8}") is None  # too short
    assert derive("r", "R", r"\b(hf_(?i:[a-z]{34}))(?:[\s;]|$)") is not None
    assert switches("ab_CD") == 1
    assert switches("aB1c") == 3
