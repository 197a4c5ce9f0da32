"""An e-mail address at a company's private name is blanked, not only one at a public suffix.

presidio keeps an address only when its domain ends in a suffix of the public-suffix list, so
`jane.doe@mail.acme.internal` or `ops@corp.local` was stored as written (found by the twenty-second
new-user pass). The names reserved for documentation and tests (RFC 2606, RFC 6761) stay as
written on purpose.
"""

from __future__ import annotations

import pytest

from memeval.redact import get_redactor

PRIVATE = [
    "jane.doe@mail.acme.internal",
    "ops@corp.local",
    "x.y@ad.corp",
    "build-bot@ci.lan",
    "h.tanaka@intranet.home",
    "root@db01.localdomain",
    "jo@team.intranet",
    "a@payroll.private",
    "Jane.Doe@Mail.Acme.INTERNAL",
]

CONTEXTS = [
    "{a}",
    "mail {a} today",
    "({a}).",
    '{{"owner": "{a}"}}',
    "owner: {a}\n",
    "<{a}>",
    "`{a}`",
    "联系 {a} 谢谢",
]


@pytest.mark.parametrize("address", PRIVATE)
@pytest.mark.parametrize("context", CONTEXTS)
def test_an_address_at_a_private_name_is_blanked(address: str, context: str) -> None:
    out = get_redactor().redact(context.format(a=address))
    assert address not in out.text, out.text
    assert "@" not in out.text
    assert out.counts.get("EMAIL_ADDRESS") == 1


@pytest.mark.parametrize("address", ["lead@fernhill.example", "qa@ci.test", "no@one.invalid", "me@box.localhost"])
def test_the_reserved_documentation_names_stay_as_written(address: str) -> None:
    text = f"send it to {address} please"
    assert get_redactor().redact(text).text == text


@pytest.mark.parametrize("host", ["db.fernhill.internal", "db01.corp.local"])
def test_a_url_with_a_password_at_a_private_host_is_still_blanked_by_its_rule(host: str) -> None:
    """The sample week's database URL: its rule blanks it whole, the address reading inside it adds nothing."""
    text = f"Orders DB: postgresql://shop:Fh-RhDKykDFCsyejl@{host}:5432/orders"
    out = get_redactor().redact(text)
    assert out.text == "Orders DB: [REDACTED:POSTGRES_SECRET]/orders" and out.counts == {"POSTGRES_SECRET": 1}
