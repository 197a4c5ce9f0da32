"""Ingest with redaction and holding in worker processes stores exactly what ingest without them stores."""

from __future__ import annotations

import json
import secrets
import sys
from pathlib import Path
from typing import Any

import pytest
from live_server import LiveServer

from memeval.audit import SqlAuditStore, create_ingest_app, ingest_lines
from memeval.audit import _parallel as par

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "samples" / "fernhill" / "audit"))
from make_week import build, resolve_hold_ids, split_week  # noqa: E402

CORPUS = ROOT / "tests" / "fixtures" / "redact_corpus" / "corpus.jsonl"
SOURCES = ("agent", "tool", "web", "person", "document")


def _lines(sender: str) -> list[str]:
    """The sample week's ingest events, then one memory per redaction-corpus text (secrets, personal
    data, look-alikes), from varied sources so the hold detector reads them too."""
    events = split_week(resolve_hold_ids(build(), sender))[0]
    corpus = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]
    for i, c in enumerate(corpus):
        events.append(
            {
                "type": "memory.written",
                "occurred_at": "2026-11-20T10:00:00Z",
                "team": "fernhill",
                "sender_event_id": f"corpus-{i}",
                "actor": {"kind": "agent", "id": "support-bot"},
                "session": "s-corpus",
                "subject": f"mem_corpus_{i}",
                "payload": {"text": c["text"], "kind": "fact", "source": SOURCES[i % len(SOURCES)]},
            }
        )
    return [json.dumps(e) for e in events]


def _stored(store: SqlAuditStore) -> list[dict[str, Any]]:
    """Every stored event without what differs between two stores (ids, times of recording, hashes)."""
    out = []
    for ev in store.events("fernhill"):
        d = ev.model_dump(mode="json")
        for k in ("event_id", "recorded_at", "hash", "prev_hash"):
            d.pop(k, None)
        out.append(d)
    return out


@pytest.fixture
def lines() -> list[str]:
    return _lines("par")


@pytest.mark.slow
def test_workers_store_the_same_events_as_the_writer_alone(tmp_path, monkeypatch, lines):
    key = secrets.token_bytes(32)
    monkeypatch.setattr(par, "MIN_EVENTS", 0)
    import memeval.audit._ingest as ing

    monkeypatch.setattr(ing, "MIN_EVENTS", 0)
    calls: list[int] = []
    real = par.presanitize

    def counting(batches, workers):  # type: ignore[no-untyped-def]
        calls.append(workers)
        yield from real(batches, workers)

    monkeypatch.setattr(ing, "presanitize", counting)

    monkeypatch.setenv("MEMEVAL_AUDIT_WORKERS", "0")
    alone = SqlAuditStore(f"sqlite:///{tmp_path / 'alone.sqlite'}", fingerprint_key=key)
    r0 = ingest_lines(alone, lines, sender="par", batch_size=64)
    assert calls == []

    monkeypatch.setenv("MEMEVAL_AUDIT_WORKERS", "2")
    pooled = SqlAuditStore(f"sqlite:///{tmp_path / 'pooled.sqlite'}", fingerprint_key=key)
    r1 = ingest_lines(pooled, lines, sender="par", batch_size=64)
    assert calls == [2]

    assert r1.result.held == r0.result.held > 0
    assert r1.result.secrets_blanked == r0.result.secrets_blanked > 0
    assert _stored(pooled) == _stored(alone)


@pytest.mark.slow
def test_ids_with_a_key_are_refused_the_same_with_workers(tmp_path, monkeypatch, lines):
    """The workers scan the ids (`Presanitized.strict_ids`); the writer refuses the same event, with the same words."""
    import memeval.audit._ingest as ing
    from memeval.errors import AuditEventRejected

    key = secrets.token_bytes(32)
    monkeypatch.setattr(ing, "MIN_EVENTS", 0)
    jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
    keyed = {**json.loads(lines[3]), "sender_event_id": "keyed-1", "session": f"ses_{jwt}"}
    bad = [*lines[:150], json.dumps(keyed), *lines[150:]]
    refusals, steps = [], []
    for workers in ("0", "2"):
        monkeypatch.setenv("MEMEVAL_AUDIT_WORKERS", workers)
        store = SqlAuditStore(f"sqlite:///{tmp_path / f'w{workers}.sqlite'}", fingerprint_key=key)
        seen: list[tuple[int, int]] = []
        steps.append(seen)
        with pytest.raises(AuditEventRejected) as refused:
            ingest_lines(store, bad, sender="par", batch_size=64, on_progress=lambda d, t, to=seen: to.append((d, t)))
        refusals.append(str(refused.value))
    assert "field session looks like it holds" in refusals[0] and refusals[1] == refusals[0]
    assert steps[0] == steps[1] == [(64, len(bad)), (128, len(bad))]  # the two batches before the refused one


def test_malformed_lines_are_reported_the_same_when_workers_read_the_lines_as_they_are_parsed(
    tmp_path, monkeypatch, lines
):
    """With workers, `ingest_lines` parses as the workers take batches; every bad line is still listed first."""
    import memeval.audit._ingest as ing
    from memeval.errors import AuditEventRejected

    key = secrets.token_bytes(32)
    monkeypatch.setattr(ing, "MIN_EVENTS", 0)
    handed: list[int] = []
    real = par.presanitize

    def counting(batches, workers):  # type: ignore[no-untyped-def]
        yield from real((handed.append(len(b)) or b for b in batches), workers)

    monkeypatch.setattr(ing, "presanitize", counting)
    bad = [*lines[:150], "{not json", *lines[150:200], '{"type": "memory.written"}', *lines[200:]]
    errors = []
    for workers in ("0", "2"):
        monkeypatch.setenv("MEMEVAL_AUDIT_WORKERS", workers)
        store = SqlAuditStore(f"sqlite:///{tmp_path / f'w{workers}.sqlite'}", fingerprint_key=key)
        with pytest.raises(AuditEventRejected) as refused:
            ingest_lines(store, bad, sender="par", batch_size=64)
        errors.append((str(refused.value), refused.value.line))
        assert store.teams() == []  # nothing stored
    assert errors[0] == errors[1]
    assert errors[0][1] == 151 and "2 malformed line(s)" in errors[0][0] and "line 202:" in errors[0][0]
    assert handed == [64, 64]  # the batches before the first bad line; none after it


def test_a_given_sanitizer_is_never_replaced_by_workers(tmp_path, monkeypatch, lines):
    import memeval.audit._ingest as ing

    monkeypatch.setattr(ing, "MIN_EVENTS", 0)
    monkeypatch.setenv("MEMEVAL_AUDIT_WORKERS", "2")  # workers asked for: only the custom sanitizer keeps them off
    monkeypatch.setattr(ing, "presanitize", lambda *a: pytest.fail("workers used with a custom sanitizer"))
    store = SqlAuditStore(f"sqlite:///{tmp_path / 'x.sqlite'}", fingerprint_key=secrets.token_bytes(32))
    custom = SqlAuditStore(f"sqlite:///{tmp_path / 'y.sqlite'}", sanitizer=store.sanitizer)
    assert not custom.default_engines
    done = ingest_lines(custom, lines[:100], sender="par", batch_size=10)
    assert done.result.stored >= 100 and len(_stored(custom)) == done.result.stored  # written, by the writer alone


def test_bad_worker_count_is_a_usage_error(monkeypatch):
    from memeval.errors import UsageError

    monkeypatch.setenv("MEMEVAL_AUDIT_WORKERS", "two")
    with pytest.raises(UsageError, match="MEMEVAL_AUDIT_WORKERS"):
        par.worker_count()


def test_http_batches_with_workers_store_the_same_events_as_the_server_alone(tmp_path, monkeypatch, lines):
    import httpx

    import memeval.audit._http as http
    from memeval.audit import add_token

    key = secrets.token_bytes(32)
    calls: list[int] = []
    real = par.presanitize_one

    def counting(drafts: Any, pool: Any, meanwhile: Any = None, **how: Any) -> Any:
        calls.append(len(drafts))
        return real(drafts, pool, meanwhile, **how)

    monkeypatch.setattr(http, "presanitize_one", counting)
    par.warm_pool(2)  # the pool the other tests use; a server uses it once warm
    stored = []
    for workers in (0, 2):
        store = SqlAuditStore(f"sqlite:///{tmp_path / f'http{workers}.sqlite'}", fingerprint_key=key)
        auth = {"Authorization": f"Bearer {add_token(store, 'fernhill', 'par')}"}
        with LiveServer(create_ingest_app(store, workers=workers), lifespan="auto") as srv:
            with httpx.Client(base_url=srv.url, timeout=300) as c:
                ok = {"schema": "memeval.audit-health/1", "schema_version": 1, "status": "ok"}
                assert c.get("/api/v1/health").json() == ({**ok, "workers": "warm"} if workers else ok)
                for k in range(0, len(lines), 64):
                    batch = {"events": [json.loads(x) for x in lines[k : k + 64]]}
                    c.post("/api/v1/events", json=batch, headers=auth).raise_for_status()
        stored.append(_stored(store))
        big = [n for k in range(0, len(lines), 64) if (n := len(lines[k : k + 64])) >= par.HTTP_MIN_EVENTS]
        assert calls == (big if workers else []) and big  # the pooled path ran for every big batch
    assert stored[0] == stored[1] and len(stored[0]) >= len(lines)


_UNCOMPILED = (
    "(lambda m: [(r.pattern._compiled is None) for n in dir(m) if n.startswith('RULES') for r in getattr(m, n)])"
    "(__import__('memeval.hold._rules', fromlist=['RULES']))"
)
"""Evaluated in a worker (`eval` is picklable by name): for each hold rule, whether its pattern is not compiled yet."""


@pytest.mark.slow  # a fresh pool of two workers (loading the engines): 10-25 s
def test_a_servers_workers_compile_every_rule_pattern_before_they_say_warm(tmp_path):
    """A fresh server's workers compiled the rules' patterns during their first few thousand events.

    Compiled on first use, they cost a worker 0.25-0.30 against 0.14-0.18 ms of CPU an event over its
    first 2,000 bench events; a server's pool compiles them all while it warms, before health says warm.
    """
    from ingest_events import warm_served_pool

    from memeval.audit import add_token

    running = par.pool_if_warm(2)
    if running is not None:  # the pool other tests made (for a file ingest): the server must start its own
        par.discard_pool(running)
    store = SqlAuditStore(f"sqlite:///{tmp_path / 'eager.sqlite'}", fingerprint_key=secrets.token_bytes(32))
    token = add_token(store, "fernhill", "par")
    with LiveServer(create_ingest_app(store, workers=2), lifespan="auto") as srv:
        warm_served_pool(srv.url, token, limit_s=600)  # its first batch of 50 starts the pool (start51)
    pool = par.pool_if_warm(2)
    assert pool is not None
    for uncompiled in [pool.submit(eval, _UNCOMPILED).result() for _ in range(4)]:
        assert len(uncompiled) > 100 and not any(uncompiled)


def test_a_batch_taken_while_another_is_in_hand_goes_whole_to_a_worker(tmp_path, monkeypatch, lines):
    """Two senders' batches at once: the second is redacted, assessed and id-scanned whole in a worker.

    The server used to split every batch 2/3 to a worker and 1/3 to itself, so concurrent batches
    all shared the one serving process. Here the first batch is held in its append by another
    connection's write lock, the second is posted meanwhile; both are stored as the server alone
    stores them.
    """
    import sqlite3
    import threading

    import httpx

    import memeval.audit._http as http
    from memeval.audit import add_token

    key = secrets.token_bytes(32)
    seen: list[tuple[int, bool]] = []
    sanitized = threading.Semaphore(0)
    real = par.presanitize_one

    def spying(drafts: Any, pool: Any, meanwhile: Any = None, **how: Any) -> Any:
        out = real(drafts, pool, meanwhile, **how)
        seen.append((len(drafts), bool(how.get("whole"))))
        sanitized.release()
        return out

    monkeypatch.setattr(http, "presanitize_one", spying)
    par.warm_pool(2)
    first = [json.loads(x) for x in lines[:64]]
    second = [json.loads(x) for x in lines[64:128]]
    stored = []
    for workers in (0, 2):
        path = tmp_path / f"both{workers}.sqlite"
        store = SqlAuditStore(f"sqlite:///{path}", fingerprint_key=key)
        auth = {"Authorization": f"Bearer {add_token(store, 'fernhill', 'par')}"}
        with LiveServer(create_ingest_app(store, workers=workers), lifespan="auto") as srv:
            with httpx.Client(base_url=srv.url, timeout=300) as c:
                assert c.get("/api/v1/health").json()["status"] == "ok"
            if not workers:
                with httpx.Client(base_url=srv.url, timeout=300) as c:
                    for batch in (first, second):
                        c.post("/api/v1/events", json={"events": batch}, headers=auth).raise_for_status()
            else:
                lock = sqlite3.connect(path, timeout=30, isolation_level=None)
                lock.execute("BEGIN IMMEDIATE")  # the first batch waits for this in its append, still in hand
                answers: list[httpx.Response] = []

                def post(batch: list[dict[str, Any]], url: str, auth: dict[str, str], out: list[Any]) -> None:
                    with httpx.Client(base_url=url, timeout=300) as own:
                        out.append(own.post("/api/v1/events", json={"events": batch}, headers=auth))

                threads = [threading.Thread(target=post, args=(first, srv.url, auth, answers))]
                threads[0].start()
                assert sanitized.acquire(timeout=120)  # the first batch is sanitised and waits on the lock
                threads.append(threading.Thread(target=post, args=(second, srv.url, auth, answers)))
                threads[1].start()
                assert sanitized.acquire(timeout=120)
                lock.execute("ROLLBACK")
                lock.close()
                for t in threads:
                    t.join(300)
                assert [r.status_code for r in answers] == [200, 200], [r.text for r in answers]
        rows = _stored(store)
        for r in rows:
            r.pop("seq")  # the two batches' order in the log is whichever took the lock first
        stored.append(sorted(rows, key=lambda r: r["sender_event_id"]))
    assert seen == [(64, False), (64, True)]  # alone: cut over the workers; with another in hand: whole
    assert stored[0] == stored[1] and len(stored[0]) >= 128


def test_an_http_batch_alone_is_cut_over_the_workers_and_gives_the_whole_batchs_results(lines):
    """ingest47: with a pool of two, a batch taken alone goes in two parts to the two workers, none of it here.

    The server's thread did a third of the batch and its ids itself, through the redaction and hold guards,
    at about twice a worker's CPU an event, while the pool's second worker sat idle (`bench/audit_http_phases.py`).
    The parts' results are what one worker computes for the whole batch: every text's redaction, every
    assessment, every id's findings.
    """
    from memeval.audit._ingest import parse_lines

    pool = par.warm_pool(2)
    picked = [json.loads(x) for x in lines[:40] + lines[-40:]]
    for e in picked[::4]:  # a digit in its first part: an id the credential rules read (`_idscan.plain_id`)
        e["sender_event_id"] = "c1-" + e["sender_event_id"]
    picked[-1]["payload"]["text"] = par._WARM_TEXTS[1]  # a key, an e-mail address and a phone number
    drafts = [ev for _, ev in parse_lines([json.dumps(e) for e in picked])]
    sent: list[str] = []  # what went to the pool (before ingest47: `_work` of the first two thirds, the rest here)

    class Spy:
        _max_workers = 2

        def submit(self, fn: Any, *args: Any) -> Any:
            sent.append(fn.__name__)
            return pool.submit(fn, *args)

    got = par.presanitize_one(drafts, Spy())  # type: ignore[arg-type]  # a pool's `submit` is all it calls
    assert sent == ["_work_group", "_work_group"]
    want = par._work_group([par.batch_texts(drafts)], [par.strict_id_candidates(drafts)])[0]
    assert got.redactions == want.redactions and got.holds == want.holds and got.strict_ids == want.strict_ids
    assert want.redactions and want.holds and want.strict_ids  # the sample's texts, memories and scanned ids
    assert any(r.findings for r in want.redactions.values())  # the planted key among them


def test_a_dead_worker_costs_the_server_no_batch(tmp_path, lines):
    import os
    import signal

    import httpx

    from memeval.audit import add_token

    pool = par.warm_pool(2)
    store = SqlAuditStore(f"sqlite:///{tmp_path / 'dead.sqlite'}", fingerprint_key=secrets.token_bytes(32))
    auth = {"Authorization": f"Bearer {add_token(store, 'fernhill', 'par')}"}
    with LiveServer(create_ingest_app(store, workers=2), lifespan="auto") as srv:
        for pid in list(pool._processes):  # type: ignore[attr-defined]  # the executor's own map of its workers
            os.kill(pid, signal.SIGKILL)
        with httpx.Client(base_url=srv.url, timeout=300) as c:
            batch = {"events": [json.loads(x) for x in lines[:64]]}
            r = c.post("/api/v1/events", json=batch, headers=auth)
            assert r.status_code == 200, r.text
            assert r.json()["stored"] >= 64
    assert par.warm_pool(2) is not pool  # a new pool replaced the broken one
