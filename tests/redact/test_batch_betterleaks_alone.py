"""betterleaks reads each text of a batch alone: what it reports depends on the rest of the text it is given.

A rule runs only when the text holds one of its keywords, its filters read the lines around a
match, and a `generic-password` anywhere in the text takes a `user:pass@` URL as its (optional)
user-name component, dropping the URL's own finding. Joined in one batch, a neighbour's
`password=...` had a Postgres URL's password stored raw (fresh corpus row 1544; blanked alone),
a neighbour's `miro` had another text's token named `betterleaks:miro-access-token` (alone:
kingfisher's), and a neighbour's user name raised a password's confidence so another detector's
name won. The property: `redact_many(batch)` equals `[redact(t) for t in batch]`, text and findings
(detector, type, span), since the findings' names are stored (`secret.blanked` events).
"""

from __future__ import annotations

import pytest

from memeval.redact import get_redactor


def _findings(r) -> list[tuple[str, str, int, int]]:  # noqa: ANN001  # a Redaction
    return [(f.detector, f.entity_type, f.start, f.end) for f in r.findings]


def _same_as_alone(batch: list[str]) -> None:
    red = get_redactor()
    for text, got in zip(batch, red.redact_many(batch), strict=True):
        alone = red.redact(text)
        assert (got.text, _findings(got)) == (alone.text, _findings(alone)), text


def test_a_neighbours_password_does_not_hide_a_urls_password() -> None:
    url = "postgresql://user:secret@localhost"
    out = get_redactor().redact_many(["password=goodspec1", url])
    assert "secret" not in out[1].text, out[1].text
    _same_as_alone(["password=goodspec1", url])
    _same_as_alone([url, "x = 1", "DB_PASSWORD=hunter2hunter"])


@pytest.mark.parametrize(
    "batch",
    [
        # the rule's keyword (`miro`, `facebook`) is only in the neighbour
        ["miroclientidz= 803143175244585", "eyJtaXJv1ZU7tZpy-H_KDGm8ZKDdrG_c0e9bL-i"],
        ["045633371544686%oer8_n9rymez480ijr-fpu_9ewx", "facebookq0=9cf28bc9cb2e103ee4b127f773889011"],
        # a user name in the neighbour raises the password's confidence (low alone, medium joined)
        ["password=hardcoded01", "jdbc:mysql://db/app?user=dbuser&amp;ssl=true"],
    ],
    ids=["keyword-miro", "keyword-facebook", "confidence"],
)
def test_a_neighbour_does_not_change_what_betterleaks_names(batch: list[str]) -> None:
    _same_as_alone(batch)
