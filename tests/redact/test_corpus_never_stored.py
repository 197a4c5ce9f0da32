"""Every corpus item, through every way in, is in no byte memeval stores or sends (issue 15).

Each credential and piece of personal data of the corpus, in two of seven contexts (plain,
punctuation after, inside JSON, next to CJK text, URL-encoded, Base64, cut into two string
literals), is sent as a lesson and as a memory: half through `memeval audit ingest -` (a real
subprocess, debug logging on), half through `POST /api/v1/events` (uvicorn on 127.0.0.1), into
SQLite and into the real PostgreSQL. Then the lessons are approved (20 through the review API,
the rest in one batch on the queue's write path, `origin="review"`), and every byte is collected:

- the database: SQLite's file with its WAL and shared-memory file (read before and after the
  engines close), PostgreSQL's `pg_dump` output and, when the test can read them, the files of
  the test database and the WAL under the server's data directory;
- every log line (the CLI's stdout/stderr, every Python log record of the server, report and
  e-mail at DEBUG);
- the review pages (queue, every waiting item) and the JSON API (queue, every item, decisions);
- the weekly report's HTML and PDF text (`pdftotext`), the e-mail as the SMTP server (aiosmtpd)
  received it, and the pack built from the log.

Each secret is looked for as written, in the form the context gave it (escaped, encoded, both
halves of a cut), JSON-escaped and, on pages, after HTML unescaping; in the PDF's text also with
whitespace removed (the PDF wraps long tokens). Zero found.
"""

from __future__ import annotations

import html
import json
import logging
import os
import re
import secrets
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote, urlsplit

import httpx
import numpy as np
import pytest
from corpus_contexts import CONTEXTS, Item, load_corpus
from hypothesis import given, settings
from hypothesis import strategies as st
from patience import patient
from pg_fixture import PgServer, need_pg
from shared_cache import shared_cache

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "review"))
sys.path.insert(0, str(ROOT / "tests" / "auditreport"))
from review_helpers import LiveServer  # noqa: E402
from smtp_helpers import make_tls_files, start_smtp  # noqa: E402

TEAM = "corpus"
WEEK = "2026-W47"
USED = ("plain", "period-after", "json-object", "cjk-around", "url-encoded", "base64", "split-literals")
"""Contexts every item is sent in (the sweep in test_redact_corpus.py covers all of them)."""
_PUBLIC_PART = re.compile(
    r"(?:https?:(?://|\\/\\/))?[a-z-]+(?:\.[a-z-]+)+(?:(?:/|\\/)[a-z]+)+(?:/|\\/)?|https?:(?://|\\/\\/)[a-z-]+(?:\.[a-z-]+)+(?:/|\\/)?"
)
"""An address of letters only with a scheme or a path of lower-case words (`hooks.slack.com/services`), plain or
JSON-escaped: what a cut secret's public part can be (a half of a host, token, number or e-mail stays a needle)."""


def _events(items: list[Item]) -> tuple[list[dict], list[bytes]]:
    """The event drafts, and every form of every secret they carry (UTF-8 needles).

    Each item is sent twice: as a lesson in one context and as a memory in another, the
    contexts turning through `USED` so each is used by about 2/7 of the items.
    """
    wraps = dict(CONTEXTS)
    events: list[dict] = []
    forms: set[str] = set()
    for n, item in enumerate(items):
        for lesson, ctx in ((True, USED[n % len(USED)]), (False, USED[(n + 3) % len(USED)])):
            text, form = wraps[ctx](item.text)
            kind = "les" if lesson else "mem"
            events.append(
                {
                    "type": "lesson.proposed" if lesson else "memory.written",
                    "occurred_at": f"2026-11-{16 + n % 5:02d}T09:{n % 60:02d}:00Z",
                    "team": TEAM,
                    "sender_event_id": f"c{n}-{kind}",
                    "actor": {"kind": "agent", "id": "bot"},
                    "session": f"ses_{n % 7}",
                    "subject": f"{kind}_{n}",
                    "payload": {"text": text} if lesson else {"kind": "fact", "text": text, "source": "agent"},
                }
            )
            for s in item.secrets:
                got = form(s)
                # a part of a cut secret that is only a public address (`https://hooks.slack.com/services/`) holds
                # none of it: every webhook whose key was blanked still shows that part, as it should
                parts = tuple(g for g in got if not _PUBLIC_PART.fullmatch(g)) if isinstance(got, tuple) else (got,)
                for f in (s, *parts):
                    forms |= {f, json.dumps(f)[1:-1], json.dumps(f, ensure_ascii=False)[1:-1]}
    needles = sorted({f.encode("utf-8") for f in forms if len(f.encode("utf-8")) >= 6})
    return events, needles


def _apart(hay: bytes, needle: bytes) -> bool:
    """Whether `needle` occurs in `hay` with no ASCII letter or digit just before or just after it.

    What `re.search(rb"(?<![0-9A-Za-z])" + re.escape(needle) + rb"(?![0-9A-Za-z])", hay)` answers,
    found with `bytes.find` (that search cost about 0.7 CPU s for each needle and 11 MB: a regex
    opening with a lookbehind is tried at every offset; `find` skips through the bytes in C, and
    every occurrence, overlapping ones too, is then looked at).
    """
    pos = hay.find(needle)
    while pos != -1:
        end = pos + len(needle)
        if not hay[pos - 1 : pos].isalnum() and not hay[end : end + 1].isalnum():  # bytes: ASCII only
            return True
        pos = hay.find(needle, pos + 1)
    return False


def _found(hay: bytes, needles: list[bytes]) -> set[bytes]:
    """The needles that occur in `hay` (8-byte prefixes matched at every offset with numpy).

    At each of the 8 offsets, the 8-byte windows whose first two bytes begin some needle are
    picked through a 65,536-entry table, and only those are compared with the needles' prefixes
    (`np.isin` over every window took about 0.4 CPU s a MB: a minute for PostgreSQL's files).

    A needle under 8 bytes (a piece of a secret split into two literals, `"abc123" + "def..."`)
    counts only where no ASCII letter or digit touches it: as a bare substring a 6-hex-digit piece
    turns up by chance in the megabytes of random hex the store holds (hashes, ids, fingerprints;
    about one hit in 16.7 million positions), which failed the PostgreSQL run once with nothing
    leaked. The corpus never glues a Latin letter or digit to a secret (`corpus_contexts`), so a
    piece that did leak stands apart like this.
    """
    out = {n for n in needles if len(n) < 8 and _apart(hay, n)}
    long = [n for n in needles if len(n) >= 8]
    by_prefix: dict[bytes, list[bytes]] = {}
    for n in long:
        by_prefix.setdefault(n[:8], []).append(n)
    keys = np.frombuffer(b"".join(by_prefix), dtype="<u8")
    lead = np.zeros(1 << 16, dtype=bool)  # little-endian: a window's low 16 bits are its first two bytes
    lead[keys & 0xFFFF] = True
    for off in range(8):
        usable = (len(hay) - off) // 8 * 8
        if usable <= 0:
            continue
        windows = np.frombuffer(hay, dtype="<u8", count=usable // 8, offset=off)
        maybe = np.flatnonzero(lead[windows & 0xFFFF])
        for i in maybe[np.isin(windows[maybe], keys)]:
            pos = off + 8 * int(i)
            out |= {n for n in by_prefix[hay[pos : pos + 8]] if hay.startswith(n, pos)}
    return out


_BYTES = st.sampled_from(list(b"aZ9 .-_\x00\xc3"))  # letters and digits, and bytes that are neither


@settings(max_examples=500, deadline=None)
@given(st.lists(_BYTES, max_size=40).map(bytes), st.lists(_BYTES, min_size=1, max_size=3).map(bytes))
def test_apart_answers_what_the_bounded_regex_answers(hay: bytes, needle: bytes) -> None:
    bounded = rb"(?<![0-9A-Za-z])" + re.escape(needle) + rb"(?![0-9A-Za-z])"
    assert _apart(hay, needle) == (re.search(bounded, hay) is not None)


def _pg_files(url: str) -> list[Path]:
    """The test database's files and the WAL under the server's data directory (if readable)."""
    from sqlalchemy import create_engine, text

    eng = create_engine(url)
    try:
        with eng.connect() as c:
            c.execute(text("CHECKPOINT"))
            data = Path(c.execute(text("SHOW data_directory")).scalar_one())
            oid = c.execute(text("SELECT oid FROM pg_database WHERE datname = current_database()")).scalar_one()
    finally:
        eng.dispose()
    dirs = [data / "base" / str(oid), data / "pg_wal"]
    if not all(d.is_dir() and os.access(d, os.R_OK) for d in dirs):
        return []
    return [p for d in dirs for p in d.rglob("*") if p.is_file()]


def _pg_dump(url: str) -> bytes:
    parts = urlsplit(url.replace("postgresql+psycopg://", "postgresql://"))
    return subprocess.run(
        ["pg_dump", "--no-owner", parts._replace(query="").geturl()], capture_output=True, check=True, timeout=300
    ).stdout


def _pdf_text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module")
def corpus_events() -> tuple[list[dict], list[bytes]]:
    return _events([i for i in load_corpus() if i.group in ("credential", "pii")])


@pytest.fixture(scope="module")
def tls(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return make_tls_files(tmp_path_factory.mktemp("tls"))


def _db_url(backend: str, tmp_path: Path, pg: PgServer | None) -> str:
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / 'store' / 'audit.sqlite'}"
    return need_pg(pg).new_database()


def _sqlite_bytes(db_url: str) -> bytes:
    base = Path(db_url.removeprefix("sqlite:///"))
    return b"".join(p.read_bytes() for p in sorted(base.parent.iterdir()) if p.name.startswith(base.name))


@pytest.mark.slow
@pytest.mark.timeout(2400)
@pytest.mark.parametrize("backend", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_no_raw_secret_in_any_byte_stored_or_sent(backend, corpus_events, tls, tmp_path, caplog, pg_server) -> None:
    from pydantic import SecretBytes

    from memeval.audit import EVENT_ADAPTER, SqlAuditStore, add_token, build_pack
    from memeval.auditreport import SmtpSettings, deliver, make_report
    from memeval.packs import write_pack
    from memeval.review import ReviewSettings, add_api_token, add_user, create_review_app

    caplog.set_level(logging.INFO)
    for name in ("memeval", "presidio-analyzer", "uvicorn", "fastapi"):
        caplog.set_level(logging.DEBUG, logger=name)
    clock = time.perf_counter()
    phases: dict[str, float] = {}

    def phase(name: str) -> None:
        nonlocal clock
        phases[name] = round(time.perf_counter() - clock, 1)
        clock = time.perf_counter()

    events, needles = corpus_events
    (tmp_path / "store").mkdir()
    (tmp_path / "home").mkdir()
    db_url = _db_url(backend, tmp_path, pg_server)
    hay: dict[str, bytes] = {}  # surface -> bytes collected from it
    key = secrets.token_hex(32)

    # 1. half through the CLI, a real process with debug logging
    via_cli = [json.dumps(e, ensure_ascii=False) for e in events[0::2]]
    env = {
        **os.environ,
        "MEMEVAL_DB": db_url,
        "MEMEVAL_FINGERPRINT_KEY": key,
        "MEMEVAL_LOG_LEVEL": "DEBUG",
        "HOME": str(tmp_path / "home"),
        **shared_cache(),
    }
    run = subprocess.run(
        [sys.executable, "-m", "memeval", "audit", "ingest", "-", "--batch-size", "200"],
        input="\n".join(via_cli),
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=1200,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    hay["cli output and log"] = (run.stdout + run.stderr).encode()
    phase("cli ingest")
    if backend == "sqlite":
        hay["sqlite after the CLI"] = _sqlite_bytes(db_url)

    # 2. half through HTTP ingest, plus the review app, on the same store
    store = SqlAuditStore(db_url, fingerprint_key=bytes.fromhex(key))
    token = add_token(store, TEAM, "corpus-sync")
    add_user(store, "rita", "a long test password 1", "reviewer", (TEAM,))
    api_token = add_api_token(store, "rita")
    app = create_review_app(store, ReviewSettings(secret_key=SecretBytes(secrets.token_bytes(32))), with_ingest=True)
    pages: list[bytes] = []
    api: list[bytes] = []
    with LiveServer(app) as srv:
        with httpx.Client(base_url=srv.url, timeout=patient(120)) as c:  # one POST ran past 120 s at load 20
            rest = events[1::2]
            for k in range(0, len(rest), 500):
                r = c.post(
                    "/api/v1/events", json={"events": rest[k : k + 500]}, headers={"Authorization": f"Bearer {token}"}
                )
                assert r.status_code == 200, r.text[:500]
                api.append(r.content)
            phase("http ingest")
            auth = {"Authorization": f"Bearer {api_token}"}
            refs = []
            page_path: str | None = f"/api/v1/review/queue?team={TEAM}"
            while page_path:  # the queue answers in pages (MEMEVAL_REVIEW_QUEUE_PAGE_ROWS): every page is read
                queue = c.get(page_path, headers=auth)
                assert queue.status_code == 200, queue.text[:300]
                api.append(queue.content)
                refs += [i["ref"] for i in queue.json()["items"]]
                page_path = queue.json()["next"]
            assert len(refs) >= len(events) // 2, len(refs)  # every lesson (and any held memory) waits
            for ref in refs:
                api.append(c.get("/api/v1/review/items/" + ref, headers=auth).content)
            phase("api items")
            # the pages, as a reviewer sees them (a real login)
            login = c.get("/login")
            csrf = re.search(r'name="csrf_token" value="([^"]+)"', login.text).group(1)  # type: ignore[union-attr]
            r = c.post(
                "/login",
                data={"username": "rita", "password": "a long test password 1", "csrf_token": csrf, "next": "/"},
            )
            assert r.status_code == 303, r.text[:300]
            pages.append(c.get("/", params={"team": TEAM}).content)
            for ref in refs:
                page = c.get("/item/" + "/".join(quote(x, safe="") for x in ref.split("/", 2)))
                assert page.status_code == 200, (ref, page.status_code)
                pages.append(page.content)
            phase("pages")
            lessons = [ref for ref in refs if ref.startswith("lesson/")]
            # the first lessons approved through the real API; the rest in one batch on the
            # queue's write path (one decision a transaction over HTTP costs minutes here)
            r = c.post("/api/v1/review/bulk", json={"refs": lessons[:20], "action": "approve"}, headers=auth)
            assert r.status_code == 200 and all(x["ok"] for x in r.json()["results"]), r.text[:300]
            api.append(r.content)
    store.append(
        [
            EVENT_ADAPTER.validate_python(
                {
                    "type": "lesson.approved",
                    "occurred_at": "2026-11-21T12:00:00Z",
                    "team": TEAM,
                    "sender_event_id": f"approve-{n}",
                    "actor": {"kind": "person", "id": "rita"},
                    "subject": ref.split("/", 2)[2],
                    "payload": {"decision_id": f"dec_{n}"},
                }
            )
            for n, ref in enumerate(lessons[20:])
        ],
        sender="review",
        origin="review",
    )
    hay["review pages"] = b"\n".join(pages)
    hay["review pages, unescaped"] = html.unescape(b"\n".join(pages).decode()).encode()
    hay["API responses"] = b"\n".join(api)
    hay["API responses, decoded"] = "\n".join(
        json.dumps(json.loads(b), ensure_ascii=False) for b in api if b.strip()
    ).encode()

    phase("approve")
    # 3. the weekly report, its e-mail and the pack
    from datetime import UTC, datetime

    made = make_report(
        store, TEAM, WEEK, tz="UTC", out_dir=tmp_path / "reports", runs_dir=tmp_path / "runs",
        now=datetime(2026, 11, 30, 8, tzinfo=UTC),
    )  # fmt: skip
    report_html = made.html.read_bytes()
    hay["report HTML"] = report_html + html.unescape(report_html.decode()).encode()
    pdf_text = _pdf_text(made.pdf)
    hay["report PDF text"] = pdf_text.encode()
    hay["report PDF text, no whitespace"] = "".join(pdf_text.split()).encode()
    hay["report PDF file"] = made.pdf.read_bytes()
    smtp = start_smtp(tls)
    try:
        out = deliver(store, made, ["lead@corpus.example"], SmtpSettings.from_env(smtp.env()))
        assert out.status == "sent", out
        [msg] = smtp.inbox.messages
    finally:
        smtp.stop()
    parts = [msg.as_bytes()] + [p.get_payload(decode=True) or b"" for p in msg.walk() if not p.is_multipart()]
    hay["e-mail"] = b"\n".join(parts)
    built = build_pack(store, TEAM)
    assert len(built.pack.items) >= len(lessons) // 2, len(built.pack.items)  # approved lessons (duplicates merged)
    write_pack(built.pack, tmp_path / "pack.json")
    hay["pack"] = (tmp_path / "pack.json").read_bytes()

    phase("report, e-mail, pack")
    # 4. the database itself
    if backend == "sqlite":
        hay["sqlite with WAL, open"] = _sqlite_bytes(db_url)
    store.engine.dispose()
    store._write_engine.dispose()
    if backend == "sqlite":
        hay["sqlite, closed"] = _sqlite_bytes(db_url)
    else:
        hay["pg_dump"] = _pg_dump(db_url)
        files = _pg_files(db_url)
        if files:
            hay["PostgreSQL data files and WAL"] = b"".join(p.read_bytes() for p in files)
    hay["log records"] = caplog.text.encode()

    phase("database")
    # the control: the same grep finds the secrets in what was sent, before redaction
    sent = "\n".join(json.dumps(e, ensure_ascii=a) for e in events for a in (True, False))
    sent += "\n".join(e["payload"]["text"] for e in events)
    assert len(_found(sent.encode(), needles)) >= 0.95 * len(needles)
    squeezed = sorted({b"".join(n.split()) for n in needles if len(b"".join(n.split())) >= 8})
    found = {}
    for surface, data in hay.items():
        got = _found(data, squeezed if surface.endswith("no whitespace") else needles)
        if got:
            found[surface] = sorted(got)[:5]
    phase("grep")
    sizes = {k: len(v) for k, v in hay.items()}
    print(f"\n{backend}: {len(events)} events, {len(needles)} secret forms, bytes grepped per surface: {sizes}")
    print(f"seconds per phase: {phases}")
    assert made.pdf.stat().st_size > 0 and len(refs) > 0
    assert not found, {k: [n[:4] + b"..." for n in v] for k, v in found.items()}
