"""Id fields are refused unless they have an id's shape and carry no secret; context rules load
from data; views map spans back to the original text (issue 15 item 1)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from memeval.audit import EVENT_ADAPTER
from memeval.errors import RedactionError
from memeval.redact import get_redactor
from memeval.redact._context import load_rules
from memeval.redact._views import boundary_view, normal_view


def _ev(**over):
    base = {
        "type": "memory.written",
        "occurred_at": "2026-11-16T09:00:00Z",
        "team": "t1",
        "sender_event_id": "e1",
        "actor": {"kind": "agent", "id": "bot", "role": "helper"},
        "subject": "mem_1",
        "payload": {"kind": "fact", "text": "ok", "source": "agent"},
    }
    base.update(over)
    return base


@pytest.mark.parametrize(
    "field,value",
    [
        ("subject", "mem 1 with spaces"),
        ("session", 'quote"d'),
        ("subject", "x" * 200),
    ],
)
def test_id_fields_refuse_free_text(field: str, value: str) -> None:
    with pytest.raises(ValidationError):
        EVENT_ADAPTER.validate_python(_ev(**{field: value}))


def test_role_must_be_a_short_label() -> None:
    with pytest.raises(ValidationError):
        EVENT_ADAPTER.validate_python(_ev(actor={"kind": "agent", "id": "bot", "role": "Admin Role!"}))


def test_an_id_holding_a_credential_is_refused_without_quoting_it(tmp_path, monkeypatch) -> None:
    from memeval.audit import open_store
    from memeval.errors import AuditEventRejected

    monkeypatch.setenv("MEMEVAL_FINGERPRINT_KEY", "ab" * 32)
    token = "ghp_" + "aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5"
    store = open_store(f"sqlite:///{tmp_path / 'a.sqlite'}")
    ev = EVENT_ADAPTER.validate_python(_ev(session=token))
    with pytest.raises(AuditEventRejected) as err:
        store.append([ev], sender="s")
    assert token not in str(err.value) and err.value.index == 0
    assert list(store.events("t1")) == []


def test_rules_are_data_and_a_bad_rule_is_named() -> None:
    rules = load_rules()
    assert {"us-ssn", "card-grouped", "cli-password-flag", "http-auth-header", "env-secret"} <= {r.id for r in rules}
    with pytest.raises(RedactionError, match="broken"):
        load_rules('[[rule]]\nid = "broken"\nentity = "X"\npattern = "("\n')


def test_views_map_back_to_the_original() -> None:
    text = "key：ｇｈｐ_\u200bAB12. done"
    v = boundary_view(text)
    s = v.text.index("ghp_")
    assert v.span(s, s + 8) == (text.index("ｇ"), text.index("2") + 1)
    assert normal_view("４１１１\u2013１１").text == "4111-11"


@pytest.mark.parametrize(
    "text,secret",
    [
        ("mysql -u root -pS3cr3tPw shop", "S3cr3tPw"),
        ("PGPASSWORD=hunter psql -h db", "hunter"),
        ("deploy --password=Zz9!kk2 now", "Zz9!kk2"),
        ("Authorization: Basic dXNlcjpwYXNzd29yZA==", "dXNlcjpwYXNzd29yZA=="),
        ("SSN 123-45-6788.", "123-45-6788"),
        # the SSN words after the number, in a URL path (`/` before it): stored raw on main (redact43)
        ("see https://example.com/docs/344-80-0749 (SSN)/index.html", "344-80-0749"),
        ("refs/170-36-5618 social security number on file", "170-36-5618"),
        # an SSN Base64-encoded: 16 characters with one `=`, under the 16-character run the decoder read (redact43)
        ("payload: MDc4LTA1LTExMjM= (decode it)", "MDc4LTA1LTExMjM="),
        ("card 4111.1111.1111.1111 ok", "4111.1111.1111.1111"),
        ("card ４１１１ １１１１ １１１１ １１１１ ok", "４１１１ １１１１ １１１１ １１１１"),
        ("call 01 42 68 53 00 today", "01 42 68 53 00"),
        ("ring (02) 9374 4000", "(02) 9374 4000"),
        # made-up AWS key ids with digits outside base-32 (a new user's test key)
        ("key AKIAQ7X3MZ2LP5RT9WKD in the notes", "AKIAQ7X3MZ2LP5RT9WKD"),
        ("export AWS_ACCESS_KEY_ID=AKIA0123456789ABCDEF", "AKIA0123456789ABCDEF"),
        ("数据AKIA0123456789ABCDEF。", "AKIA0123456789ABCDEF"),
    ],
)
def test_context_and_normalised_cases(text: str, secret: str) -> None:
    out = get_redactor().redact(text).text
    assert secret not in out, out


@pytest.mark.parametrize(
    "text",
    [
        "upgraded the switch firmware to 10.2.0.1 and rebooted",
        "nightly build 2026111009 is the last green one",
        "listening on 127.0.0.1:8080",
        'password = "{{ vault_db_password }}"',
        "the password must be at least 12 characters",
        "max_tokens: 4096",
        "export OPENAI_API_KEY=sk-...",
        "image: ghcr.io/acme/api@sha256:" + "0a" * 32,
        "the docs' example key AKIAIOSFODNN7EXAMPLE",
        "AKIA0123456789ABCDEFG is one character too long",
        # SSN words after a number the SSA rules refuse (area 900), or after a longer dotted number
        "docs/900-12-3456 (SSN) is the sample's placeholder",
        "build 2024.344-80-0749 ssn check",
        # short padded Base64 runs now read: text without personal data, and a setting ending in `=`
        "greeting aGVsbG8gd29ybGQ= sent",
        "export FOO_BAR_BAZ_QUX= now",
    ],
)
def test_look_alikes_stay(text: str) -> None:
    assert get_redactor().redact(text).findings == ()


@pytest.mark.parametrize(
    "text,secret",
    [
        # CJK text glued after a value: the value runs on into it, so its trailing `</p>` or `…`
        # read as a placeholder's and the whole value was kept (issue 15, last stop's sweep)
        ("<p>vault login --password 6qWaWo#u6XnY</p>数据", "6qWaWo#u6XnY"),
        ("vault login --password 6qWaWo#u6XnY…数据", "6qWaWo#u6XnY"),
        ("<p>./manage.py createsuperuser --db-password=grDire4h5J%2</p>数据", "grDire4h5J%2"),
        ("<p>JWT_SECRET=XdirKGsyH#pzg</p>数据", "XdirKGsyH#pzg"),
        ("JWT_SECRET=XdirKGsyH#pzg…データ", "XdirKGsyH#pzg"),
        (
            "<p>AZURE_CLIENT_SECRET=V658Q~BEZO46lUbjzvtjvcJPKC0CFSVy9W3mN_OW</p>数据",
            "V658Q~BEZO46lUbjzvtjvcJPKC0CFSVy9W3mN_OW",
        ),
        (
            "AZURE_CLIENT_SECRET=V658Q~BEZO46lUbjzvtjvcJPKC0CFSVy9W3mN_OW…데이터",
            "V658Q~BEZO46lUbjzvtjvcJPKC0CFSVy9W3mN_OW",
        ),
        ("<p>spring.datasource.password=bobROg6M9#kDX</p>数据", "bobROg6M9#kDX"),
        ("wifi: guest / password: yIvVMhmHwL…数据", "yIvVMhmHwL"),
        ("vault login --password hunter2数据", "hunter2"),
        # a keyword glued to CJK text on either side: `\b` does not part them
        ("Cookie: theme=dark; 数据session=Zm9vYmFyYmF6cXV4MTIzNDU2", "Zm9vYmFyYmF6cXV4MTIzNDU2"),
        ("mysql数据 -u root -pS3cr3tPw shop", "S3cr3tPw"),
        ("AccountKey=Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4ZmFyYmF6cXV4QUJDRA==数据", "Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6"),
    ],
)
def test_a_value_glued_to_cjk_text_after_it_is_blanked(text: str, secret: str) -> None:
    out = get_redactor().redact(text).text
    assert secret not in out, out


@pytest.mark.parametrize(
    "text",
    ["export OPENAI_API_KEY=sk-…数据", "password: <your-password>数据", "TOKEN=${API_TOKEN}数据"],
)
def test_a_placeholder_glued_to_cjk_text_stays(text: str) -> None:
    assert get_redactor().redact(text).findings == ()
