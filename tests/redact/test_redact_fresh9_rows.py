"""veles' detector tests, IBM detect-secrets' and scrubadub's tests, and what this round added (issue 15, ninth check).

`tests/fixtures/redact_corpus/corpus_fresh9.jsonl` (written by
`tests/fixtures/redact_fresh9/select_rows9.py`): rows of `fresh9.jsonl` that main stored raw (keys
of veles' self-named formats alone or as copies glued together: Stripe `whsec_`, Vertex AI express
`AQ.Ab8R`, Supabase `sb_secret_` of 32-36, Hugging Face, Perplexity, RubyGems, Docker Hub; an SSN
after "is"), hand rows for every rule of `rules/veles.toml` with look-alikes it must keep (the
prefix inside an identifier or before a longer run), and the corpus's ordinary look-alikes. Each
row is checked in six contexts here, look-alikes with positives; the slow corpus test
(`test_redact_corpus.py`) puts every row in all 46.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import pytest
from corpus_contexts import FRESH9_ROWS, contexts_named, load_corpus, missed_in

from memeval.redact import get_redactor

ROOT = Path(__file__).resolve().parents[2]
VELES = ROOT / "memeval" / "redact" / "rules" / "veles.toml"
ROWS = load_corpus((FRESH9_ROWS,))
FEW = contexts_named("plain", "period-after", "json-object", "url-encoded", "cjk-around", "md-bold")


def test_rows_have_provenance_and_count() -> None:
    groups = Counter(i.group for i in ROWS)
    assert groups["credential"] >= 10 and groups["pii"] >= 2 and groups["lookalike"] >= 20, groups
    assert all(i.source.startswith(("github:", "memeval:hand")) for i in ROWS)
    assert all(i.secrets for i in ROWS if i.group != "lookalike")
    rules = {r["id"] for r in tomllib.loads(VELES.read_text(encoding="utf-8"))["rule"]}
    hand = " ".join(i.label for i in ROWS if i.source.startswith("memeval:hand"))
    assert rules and all(r in hand for r in rules), sorted(r for r in rules if r not in hand)


@pytest.mark.parametrize("ctx", FEW, ids=[c[0] for c in FEW])
def test_fresh9_rows_are_blanked_and_look_alikes_kept(ctx) -> None:  # noqa: ANN001 - (name, wrap)
    """Every positive blanked (`missed_in`: no 12-character piece of a secret left), every look-alike
    without a finding, in the context `ctx`."""
    missed = missed_in(ROWS, ctx)
    looks = [i for i in ROWS if i.group == "lookalike"]
    outs = get_redactor().redact_many([ctx[1](i.text)[0] for i in looks])
    touched = [(i.label, i.text[:60]) for i, out in zip(looks, outs, strict=True) if out.findings]
    assert (missed, touched) == ([], []), (missed[:20], touched[:20])


@pytest.mark.parametrize(
    ("secret_text", "kept_text"),
    [
        (  # veles' huggingfaceapikey test; betterleaks' negative example
            "hf_SvBATDnaPfgMWAtDQmmoIMAUmzdAAlexyrhf_SvBATDnaPfgMWAtDQmmoIMAUmzdAAlexyr",
            "_kHMSymptomhf_generatedByHomeAppForDebuggingPurposesKey,",
        ),
        (  # veles' stripeapikeys test; the prefix before a longer run
            "STRIPE_WHSEC=whsec_UOTBUgpYjyLswPFMxvzo4PyUxleOAiJd",
            "whsec_abcdefghijklmnopqrstuvwxyzabcdefghijklmn",
        ),
        (  # veles' gcpexpressmode test; betterleaks' negative example
            "AQ.Ab8Rthat-is-1-very-nice-KeyYouGotThere_ShameIfLost",
            "- (id)hf_requiredCharacteristicTypesForDisplayMetadata;",
        ),
        (  # veles' supabase test (33 after the prefix); a placeholder
            "sb_secret_IhKHyoXGkvuHXVlFMSQpWw_NOEnkUl6ABC",
            '"hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"',
        ),
        ("My social security number is 109.99.6000", "the ssn is 4.1.2 and 109.99.6000 is an order"),  # scrubadub
    ],
)
def test_round9_shapes(secret_text: str, kept_text: str) -> None:
    """A veles test's secret (or scrubadub's SSN) is blanked; a look-alike of the same rule is kept."""
    red = get_redactor()
    found, kept = red.redact(secret_text), red.redact(kept_text)
    assert (bool(found.findings), kept.findings) == (True, ()), (found.text, kept.text)
