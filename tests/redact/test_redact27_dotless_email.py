"""E-mail addresses at a host name with no dot (redact27, issue 15).

presidio wants a dotted domain and `_engine.BoundedEmailRecognizer` adds private suffixes
(`jdoe@mail.corp.local`); `x@intranet` has no dot and was stored raw. A bare `user@host` is as often a
login on a machine (`root@server:~#`, `ssh admin@bastion`) as a mailbox: the context rules
`email-dotless-labelled` and `email-private-host` blank one only where the text says it is mail, or
where the host is itself a private name. Fake addresses written for this test.
"""

from __future__ import annotations

import re
import tomllib
from importlib import resources

import pytest

from memeval.redact import get_redactor

ADDRESSES = [
    ("mail me at x@intranet", "x@intranet"),
    ("Email: jdoe@mailhost", "jdoe@mailhost"),
    ("mailto:ops.team@exchange01", "ops.team@exchange01"),
    ("Author: Jane Roe <jroe@buildbox>", "jroe@buildbox"),
    ("reply-to: k.lee@corp, thanks", "k.lee@corp"),
]
"""(text, the address in it)."""

LOGINS = [
    "root@server:~# systemctl restart nginx",
    "ssh admin@bastion 'uptime'",
    "scp build.tar deploy@build:/srv/releases",
    "FROM python@sha256:4b7c1e0d9a8f",
    "npm i left-pad@1.3.0",
    "jdoe@corp:~$ ls",
]
"""Texts with `user@host` that is a login, a copy target, a digest or a package version."""


@pytest.fixture(scope="module")
def red():  # type: ignore[no-untyped-def]
    return get_redactor()


def test_a_dotless_address_the_text_marks_as_mail_is_blanked(red) -> None:  # type: ignore[no-untyped-def]
    got = red.redact_many([t for t, _ in ADDRESSES])
    assert [a for (_, a), r in zip(ADDRESSES, got, strict=True) if a in r.text] == []
    assert {f.entity_type for r in got for f in r.findings} == {"EMAIL_ADDRESS"}


def test_logins_and_package_versions_with_an_at_sign_are_left_alone(red) -> None:  # type: ignore[no-untyped-def]
    got = red.redact_many(LOGINS)
    assert [(t, r.text) for t, r in zip(LOGINS, got, strict=True) if r.findings] == []


def test_the_private_host_rule_lists_the_private_name_suffixes() -> None:
    from memeval.redact._engine import PRIVATE_NAME_SUFFIXES

    data = tomllib.loads(resources.files("memeval.redact").joinpath("rules", "context.toml").read_text("utf-8"))
    (pattern,) = [r["pattern"] for r in data["rule"] if r["id"] == "email-private-host"]
    listed = re.search(r"@\(\?:([a-z|]+)\)", pattern)
    assert listed is not None
    assert set(listed.group(1).split("|")) == PRIVATE_NAME_SUFFIXES
