"""Ingested id fields have a strict shape (`memeval.audit._ids`) and pass the credential rules.

Hostile senders put personal data and credentials in every id field, through the CLI (exit 2)
and over real HTTP (422), on SQLite and PostgreSQL: each is refused with the field named and the
value never quoted, and afterwards no byte of the store holds any of them.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from live_server import LiveServer
from patience import patient
from pg_fixture import PgServer, need_pg
from typer.testing import CliRunner

from memeval.audit import SqlAuditStore, add_token, create_ingest_app
from memeval.audit._ids import ID_RULE, shape_problem
from memeval.cli import app

ROOT = Path(__file__).resolve().parents[2]

HOSTILE = {
    "phone": "555-123-4567",
    "phone-e164": "+15551234567",
    "phone-fr": "01.42.68.53.00",
    "email": "ana.lima@fernhill.example",
    "ssn": "123-45-6789",
    "card": "4111111111111111",
    "card-grouped": "4111_1111_1111_1111",
    "aws-key": "AKIA" + "Z7QW3ABCDE5K2MQX",
    "aws-key-glued": "mem_AKIA" + "Z7QW3ABCDE5K2MQX",
    "jwt": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9" + ".eyJzdWIiOiJmaDQ3In0.c2lnbmF0dXJlLXBhcnQtMTIzNA",
    "jwt-glued": "ses_eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9" + ".eyJzdWIiOiJmaDQ3In0.c2lnbmF0dXJlLXBhcnQtMTIzNA",
    "github": "ghp_" + "Ab3dE5gH7jK9mN1pQ3sT5vX7zB9dF1hJ3lN5",
}
"""Values no id may carry (the e-mail and phone with `+` fail the shape, the keys fail the rules)."""

FIELDS = ("actor.id", "actor.role", "sender_event_id", "session", "subject", "payload.requested", "payload.slice_id")


def _event(field: str, value: str, n: int) -> dict[str, Any]:
    """One valid event of the sample's shapes with `value` in `field`."""
    ev: dict[str, Any] = {
        "actor": {"id": "support-bot", "kind": "agent", "role": "support"},
        "occurred_at": "2026-11-16T10:56:00Z",
        "session": "ses_042",
        "team": "fernhill",
        "type": "memory.written",
        "sender_event_id": f"fh-47-{n:05d}",
        "subject": f"mem_{n:04d}",
        "payload": {"kind": "fact", "source": "agent", "text": "The payment mock must run first."},
    }
    if field == "payload.requested":
        ev.update(type="access.refused", subject=None, payload={"reason_code": "outside_slice", "text": "no"})
    if field == "payload.slice_id":
        ev.update(
            type="session.started", subject=None, payload={"slice_id": "sl_2", "slice_hash": "sha256:" + "0" * 64}
        )
    head, _, tail = field.partition(".")
    if tail and head in ("actor", "payload"):
        ev[head] = {**ev[head], tail: value}
    else:
        ev[field] = value
    return ev


def _cases() -> list[tuple[str, str, str]]:
    return [(f, k, v) for f in FIELDS for k, v in HOSTILE.items()]


def _cli_cases() -> list[tuple[str, str, str]]:
    """Every value in `session`, every field with two values (HTTP takes the whole matrix)."""
    few = [(f, k, HOSTILE[k]) for f in FIELDS for k in ("ssn", "jwt-glued") if f != "session"]
    return [("session", k, v) for k, v in HOSTILE.items()] + few


def test_the_sample_ids_and_common_id_forms_have_the_shape() -> None:
    ok = ["fh-47-00232", "c3-fh-47-00232", "ses_042", "mem_0064", "hd_afb9ba299e9d34e05a2a9cb4", "les_p01", "sl_2"]
    ok += ["run-2026-11-16-0003", "ev-550e8400-e29b-41d4-a716-446655440000", "da39a3ee5e6b4b0d3255bfef95601890afd80709"]
    ok += ["support-bot", "org/team:item.7", "item_12345678"]
    assert [v for v in ok if shape_problem(v)] == []
    for path in ("week.jsonl", "decisions.jsonl"):
        for line in (ROOT / "samples" / "fernhill" / "audit" / path).read_text().splitlines():
            e = json.loads(line)
            ids = [e["sender_event_id"], e["actor"]["id"], e["session"], e["subject"]]
            ids += [v for k, v in e["payload"].items() if isinstance(v, str) and " " not in v and k != "slice_hash"]
            assert [v for v in ids if v and shape_problem(v)] == [], line


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("555-123-4567", "10 digits"),
        ("123-45-6789", "9 digits"),
        ("4111-1111-1111-1111", "16 digits"),
        ("1700000000123", "13 digits"),
        ("192.168.10.20", "10 digits"),
        ("a@b.example", "an @"),
        ("mem 1", "a space"),
        ("x" * 129, "129 characters"),
        ("mém_1", "outside ASCII"),
        ("-mem", "starts with a separator"),
    ],
)
def test_the_shape_names_what_is_wrong_without_quoting(value: str, why: str) -> None:
    got = shape_problem(value)
    assert got is not None and why in got and value not in got


@pytest.mark.parametrize(("field", "kind", "value"), _cli_cases())
def test_cli_refuses_a_hostile_id_with_exit_2_and_stores_nothing(
    tmp_path: Path, field: str, kind: str, value: str
) -> None:
    f = tmp_path / "ev.jsonl"
    good = _event("session", "ses_042", 1)
    f.write_text(json.dumps(good) + "\n" + json.dumps(_event(field, value, 2)) + "\n")
    db = tmp_path / "a.sqlite"
    res = CliRunner().invoke(app, ["audit", "ingest", str(f), "--db", f"sqlite:///{db}"])
    out = res.stdout + (res.stderr or "")
    assert res.exit_code == 2, (field, kind, out)
    assert field.split(".")[-1] in out, out
    assert value not in out
    stored = b"".join(p.read_bytes() for p in tmp_path.glob("a.sqlite*"))
    assert value.encode() not in stored
    assert b"fh-47-00001" not in stored  # the batch is all or nothing


def test_the_error_gives_the_shape_and_the_fix(tmp_path: Path) -> None:
    f = tmp_path / "ev.jsonl"
    f.write_text(json.dumps(_event("session", "555-123-4567", 1)) + "\n")
    res = CliRunner().invoke(app, ["audit", "ingest", str(f), "--db", f"sqlite:///{tmp_path / 'a.sqlite'}"])
    assert res.exit_code == 2
    assert "field session is not an id: it has a number of 10 digits" in res.output
    assert ID_RULE in res.output.replace("\n", " ") or "ASCII letters, digits" in res.output


@pytest.fixture
def server(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, SqlAuditStore]]:
    monkeypatch.setenv("MEMEVAL_FINGERPRINT_KEY", "ab" * 32)
    store = SqlAuditStore(db_url, fingerprint_key=b"k" * 32)
    with LiveServer(create_ingest_app(store), lifespan="auto") as srv:
        yield srv.url, store
    store.engine.dispose()


def _stored_bytes(db_url: str) -> bytes:
    if db_url.startswith("sqlite:///"):
        base = Path(db_url.removeprefix("sqlite:///"))
        return b"".join(p.read_bytes() for p in base.parent.iterdir() if p.name.startswith(base.name))
    parts = urlsplit(db_url.replace("postgresql+psycopg://", "postgresql://"))
    dump = subprocess.run(
        ["pg_dump", "--no-owner", parts._replace(query="").geturl()], capture_output=True, timeout=120
    )
    assert dump.returncode == 0, dump.stderr[-500:]
    return dump.stdout


def test_http_refuses_every_hostile_id_with_422_and_stores_none(server: tuple[str, SqlAuditStore], db_url: str) -> None:
    base, store = server
    token = add_token(store, "fernhill", "memsys")
    auth = {"Authorization": f"Bearer {token}"}
    refused = []
    with httpx.Client(base_url=base, timeout=patient(60)) as c:
        for n, (field, kind, value) in enumerate(_cases()):
            batch = [_event("session", "ses_042", 1000 + n), _event(field, value, n)]
            r = c.post("/api/v1/events", json={"events": batch}, headers=auth)
            assert r.status_code == 422, (field, kind, r.text)
            assert value not in r.text and r.json()["error"]["index"] == 1, r.text
            refused.append(value)
        # a batch of plain ids still goes in
        r = c.post("/api/v1/events", json={"events": [_event("session", "ses_043", 9999)]}, headers=auth)
        assert r.status_code == 200, r.text
    assert len(list(store.events("fernhill"))) == 1
    hay = _stored_bytes(db_url)
    assert [v for v in set(refused) if v.encode() in hay] == []


_SEP = st.sampled_from(list("_.:/-"))


@st.composite
def _number_in_an_id(draw: st.DrawFn) -> str:
    """An id holding a phone, SSN or card written with any of the id separators (9-19 digits)."""
    total = draw(st.integers(9, 19))
    groups, left = [], total
    while left:
        k = draw(st.integers(1, min(left, 5)))
        groups.append("".join(draw(st.lists(st.sampled_from("0123456789"), min_size=k, max_size=k))))
        left -= k
    number = groups[0] + "".join(draw(_SEP) + g for g in groups[1:])
    head = draw(st.sampled_from(["", "ses", "mem", "c3", "user"]))
    tail = draw(st.sampled_from(["", "x", "v2", "end"]))
    return (head + draw(_SEP) if head else "") + number + (draw(_SEP) + tail if tail else "")


@settings(max_examples=500, deadline=None)
@given(_number_in_an_id())
def test_a_number_of_9_or_more_digits_is_refused_whatever_the_separators(value: str) -> None:
    assume(not re.search(r"(?:19|20)[0-9]{2}-[01][0-9]-[0-3][0-9]", value))  # an ISO date is read as letters
    assert shape_problem(value) is not None, value


KEY_PLACES = ("top", "payload", "actor")
"""Where a sender's own key lands in an event: each is refused as an extra field."""


def _event_with_key(place: str, key: str, n: int) -> dict[str, Any]:
    ev = _event("session", "ses_042", n)
    target = ev if place == "top" else ev[place]
    target[key] = "x"
    return ev


KEY_KINDS = ("github", "aws-key", "jwt", "email", "card")
"""The secrets a sender writes as a field name (`HOSTILE`'s)."""


@pytest.fixture(scope="module")
def keys_through_the_cli(
    tmp_path_factory: pytest.TempPathFactory, pg_server: PgServer | None
) -> Callable[[str], tuple[subprocess.CompletedProcess[str], list[object], bytes]]:
    """backend -> one real `memeval audit ingest` of every kind's secret as a key in each place, on a store of its own.

    Line `KEY_KINDS.index(kind) * len(KEY_PLACES) + n + 1` holds `kind`'s secret at `KEY_PLACES[n]`; `audit ingest`
    names every malformed line (up to `MAX_REPORTED`, 20), so each kind's test reads its own lines of the message.
    One process a backend for the module's tests (a process a kind cost about 1.5 CPU s more each: the CLI's
    imports). Returns the finished process, the events its store holds afterwards and every byte of that store.
    """
    runs: dict[str, tuple[subprocess.CompletedProcess[str], list[object], bytes]] = {}

    def run(backend: str) -> tuple[subprocess.CompletedProcess[str], list[object], bytes]:
        if backend not in runs:
            folder = tmp_path_factory.mktemp(f"keys-{backend}")
            db = f"sqlite:///{folder / 'a.sqlite'}" if backend == "sqlite" else need_pg(pg_server).new_database()
            lines = [_event_with_key(place, HOSTILE[kind], len(KEY_PLACES) * k + n)
                     for k, kind in enumerate(KEY_KINDS) for n, place in enumerate(KEY_PLACES)]  # fmt: skip
            f = folder / "keys.jsonl"
            f.write_text("".join(json.dumps(ev) + "\n" for ev in lines))
            res = subprocess.run(
                [str(ROOT / ".venv" / "bin" / "memeval"), "audit", "ingest", str(f), "--db", db],
                capture_output=True,
                text=True,
                env={**os.environ, "MEMEVAL_FINGERPRINT_KEY": "ab" * 32},
                timeout=300,
            )
            store = SqlAuditStore(db, fingerprint_key=b"k" * 32)
            try:
                events: list[object] = list(store.events("fernhill"))
            finally:
                store.engine.dispose()
            runs[backend] = (res, events, _stored_bytes(db))
        return runs[backend]

    return run


@pytest.mark.slow  # 5-10 s each in the full suite (a server per kind; the CLI once a backend)
@pytest.mark.xdist_group("id-shape-keys")  # the module's CLI run (`keys_through_the_cli`) made once a backend
@pytest.mark.parametrize("kind", KEY_KINDS)
def test_a_secret_written_as_a_key_is_refused_and_never_echoed(
    kind: str,
    server: tuple[str, SqlAuditStore],
    db_url: str,
    backend: str,
    keys_through_the_cli: Callable[[str], tuple[subprocess.CompletedProcess[str], list[object], bytes]],
) -> None:
    """A secret used as a field name is refused (exit 2 / 422) with the path shown without it.

    One CLI process a backend reads a line for each kind and place (`keys_through_the_cli`), so each line's
    refusal is checked on its own line of the message.
    """
    secret = HOSTILE[kind]
    base, store = server
    token = add_token(store, "fernhill", "memsys")
    res, cli_stored, cli_bytes = keys_through_the_cli(backend)
    assert res.returncode == 2, res.stderr
    assert secret not in res.stdout + res.stderr
    said = {line.split(":", 1)[0].strip(): line for line in res.stderr.splitlines() if line.startswith("  line ")}
    first = KEY_KINDS.index(kind) * len(KEY_PLACES) + 1
    for n, place in enumerate(KEY_PLACES):
        line = said.get(f"line {first + n}", "")
        path = "" if place == "top" else place + "."
        assert f"line {first + n}: {path}<" in line and "not shown" in line, (place, res.stderr)
        assert "is not a field memory.written takes: remove it" in line, (place, res.stderr)
    assert cli_stored == []
    assert secret.encode() not in cli_bytes
    for n, place in enumerate(KEY_PLACES):
        r = httpx.post(
            f"{base}/api/v1/events",
            json={"events": [_event_with_key(place, secret, 100 + n)]},
            headers={"Authorization": f"Bearer {token}"},
            timeout=patient(60),
        )
        assert r.status_code == 422 and secret not in r.text and "not shown" in r.text, r.text
    assert list(store.events("fernhill")) == []
    assert secret.encode() not in _stored_bytes(db_url)


def test_a_plain_misspelt_key_is_still_named(tmp_path: Path) -> None:
    f = tmp_path / "typo.jsonl"
    f.write_text(json.dumps(_event_with_key("payload", "slice_idd", 1)) + "\n")
    res = CliRunner().invoke(app, ["audit", "ingest", str(f), "--db", f"sqlite:///{tmp_path / 'a.sqlite'}"])
    assert res.exit_code == 2 and "payload.slice_idd is not a field memory.written takes" in res.output, res.output
