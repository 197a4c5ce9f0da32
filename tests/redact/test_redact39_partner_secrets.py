"""Secrets known only beside a partner, and whole Tink keysets (issue 15, redact39; the ninth fresh corpus).

veles' detector tests count, and main stored raw in 44-46 of the 46 contexts:

- a Google Cloud Storage HMAC secret (any 40 base64 characters) after its `GOOG...` access id, after `:` or on
  the next line (`rules/context.toml` `gcs-hmac-secret-after-access-id`, as AWS's pair is read);
- a VAPID private key (any 43 base64url characters) in a text that holds its own public key (`_vapid.py`: the
  private scalar times P-256's base point is the public point, so no other 43-character run is ever taken);
- a Tink cleartext keyset in JSON, whose whole text is the secret (`tink-cleartext-keyset`).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_redact37_code_names import _misses, _rows

from memeval.redact import get_redactor

ROOT = Path(__file__).resolve().parents[2]
FRESH9 = ROOT / "tests" / "fixtures" / "redact_fresh9" / "fresh9.jsonl"

PARTNERED = {
    "gcshmackey#5",
    "gcshmackey#6",
    "gcshmackey#9",
    "vapid#4",
    "vapid#10",
    "vapid#16",
    "tinkkeyset#4",
    "tinkkeyset#5",
    "tinkkeyset#6",
}

PUBLIC = "BFEuu_r7cd5hElHB6P9Z1bysARpVxRljjRZEmlrfMTPT2G_GRTGrCOid4WCk4PAnyaFXLPa0sOLMnMMS1sMrMRs"
"""veles' test public key; its private key is `LieO7Jzt...c_4` (the row vapid#4)."""

KEPT = [
    # a 43-character id beside a public key that is not its point
    f"LieO7JztGnRv11UxRNJlBkdoK97ePceW7rGXQh36c_8:{PUBLIC}",
    f"session id rrvzfePgU7wc8RP7fcSMR-8ur2nDzqissXT5ovojK6Q and key {PUBLIC}",
    # 40 characters after a GCS access id: a git SHA, and a word run with no digit or case mix
    "GOOG1984R439T439HTH439T403TJ430TK340TK43T430JT430TK430JT043JT:0123456789abcdef0123456789abcdef01234567",
    # an encrypted keyset (veles' negative) and a public keyset
    '{"keysetInfo":{"primaryKeyId":15,"keyInfo":[{"typeUrl":"x.EcdsaPrivateKey","keyId":15}]}}',
    '{"primaryKeyId":7,"key":[{"keyData":{"typeUrl":"x.EcdsaPublicKey","value":"EgcIAxAC","keyMaterialType":'
    '"ASYMMETRIC_PUBLIC"},"status":"ENABLED","keyId":7}]}',
]


def test_the_partnered_rows_are_blanked_in_every_context() -> None:
    """On main all nine are stored raw in 44-46 of the 46 contexts."""
    rows = _rows(FRESH9, {"veles"}, PARTNERED)
    assert {label for label, _t, _s in rows} == PARTNERED
    assert _misses(rows) == []


@pytest.mark.parametrize("text", KEPT)
def test_look_alikes_of_partnered_secrets_are_kept(text: str) -> None:
    assert get_redactor().redact(text).findings == ()


def test_only_the_private_key_is_blanked() -> None:
    out = get_redactor().redact(f"LieO7JztGnRv11UxRNJlBkdoK97ePceW7rGXQh36c_4:{PUBLIC}")
    assert out.text == f"[REDACTED:VAPID_PRIVATE_KEY]:{PUBLIC}"


def test_a_pair_split_over_two_texts_of_a_batch_is_read_alone() -> None:
    """The public key in one text proves nothing about a run in the next: each text gets its findings alone."""
    red = get_redactor()
    texts = [f"public {PUBLIC}", "the id LieO7JztGnRv11UxRNJlBkdoK97ePceW7rGXQh36c_4 here"]
    alone = [red.redact(t).findings for t in texts]
    assert [o.findings for o in red.redact_many(texts)] == alone
    assert alone[1] == ()


def test_public_point_is_p256_scalar_multiplication() -> None:
    """1 x G is G, and n x G is the point at infinity (FIPS 186-4 D.1.2.3)."""
    from memeval.redact._vapid import _G, _N, public_point

    assert public_point(1) == _G
    assert public_point(_N) is None
    assert public_point(2) == public_point(1 + 1)
