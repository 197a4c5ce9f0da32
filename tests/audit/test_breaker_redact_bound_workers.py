"""A request's redaction bound holds in the server's worker pool too (`memeval audit serve` with workers).

`MEMEVAL_REDACT_REQUEST_BUDGET_S` (redos15) bounds the CPU all of one HTTP request's texts may take
in redaction: past it, texts are stored `[REDACTED:SCAN_INCOMPLETE]` with the detector
`memeval:scan-incomplete:request-budget`, and the answer's `blanked_on_budget` counts them. But a
batch of 50 events or more, with the worker pool warm, has two thirds of its texts (all of them
while another batch is in hand) redacted in a worker process, where no bound was set: on c01e11e
each of those texts took its own whole budget (`MEMEVAL_REDACT_BUDGET_S`), so 60 slow texts cost
the worker 40 budgets against a bound of 4.5, and the answer counted only the server's own part.
Each process that redacts part of a request now gets the request's bound (as the hold bound does
in `_parallel`). Real `memeval audit serve --workers 1` on 127.0.0.1, a SQLite store.

The same server shows when its pool warms (start51, issue 17): not when it starts (a server that only
answers health, pages or small batches paid about 7 CPU s for two workers it never used), but for its
first batch of 50 events or more; its health says `"workers": "cold"` until then.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from ingest_events import memory_event, post_events, warm_served_pool
from patience import patient
from procs import cmdline, live
from served import Served, served
from test_hold_budget import _stored
from test_redact_guard import ADDRESS, _detectors, _slow

BUDGET_S = 0.1
REQUEST_S = 0.45
N = 60

pytestmark = pytest.mark.xdist_group("redact-guard-served")


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """`memeval audit serve` with one worker: 0.1 CPU s of redaction a text, 0.45 a request."""
    env = {
        "MEMEVAL_REDACT_BUDGET_S": str(BUDGET_S),
        "MEMEVAL_REDACT_REQUEST_BUDGET_S": str(REQUEST_S),
        "MEMEVAL_AUDIT_WORKERS": "1",
    }
    with served(tmp_path_factory.mktemp("served"), env) as running:
        before = _pool_seen(running)  # listening, nothing sent yet
        small = post_events(running.url, running.token, [memory_event(k, f"note {k}") for k in range(3)])
        assert small.status_code == 200, small.text
        BEFORE_BATCHES.extend([before, _pool_seen(running)])  # and after a batch too small for a worker
        warm_served_pool(running.url, running.token)
        yield running


BEFORE_BATCHES: list[tuple[str, int]] = []
"""(health's `workers`, the server's spawned children) when it listened, and after a batch of 3 events."""


def _pool_seen(running: Served) -> tuple[str, int]:
    """What the server's health says of its pool, and how many spawned children it has (its two guards, workers)."""
    said = httpx.get(f"{running.url}/api/v1/health", timeout=patient(10)).json().get("workers")
    return said, sum(b"spawn_main" in cmdline(pid) for pid in live(parent=running.proc.pid))


@pytest.mark.slow  # the module's server (shared with the test below)
def test_the_pool_warms_for_the_first_large_batch_not_when_the_server_starts(srv: Served) -> None:
    """Listening, and after a batch of 3 events, the pool is cold: no worker beyond the two guards.

    On main the server started warming its pool as it made the app, so its first health said "starting"
    and a worker was loading both engines for a batch that may never come. The fixture then posts 50 events
    and waits for "warm" (`warm_served_pool`): that batch starts it.
    """
    assert BEFORE_BATCHES == [("cold", 2), ("cold", 2)], srv.log


@pytest.mark.slow  # a real `memeval audit serve` with a warm worker pool: about 16 s with its start
def test_a_batch_redacted_partly_in_a_worker_keeps_to_the_request_bound(srv: Served) -> None:
    events = [memory_event(200 + i, _slow(200 + i) + "\nmail " + ADDRESS) for i in range(N)]
    r = post_events(srv.url, srv.token, events, patient(300))
    assert r.status_code == 200, r.text
    body = r.json()
    got = _stored(srv.db)
    assert all(str(got[f"ev{200 + i}"]["text"]) == "[REDACTED:SCAN_INCOMPLETE]" for i in range(N)), body
    detectors = _detectors(srv.db)
    past = [i for i in range(N) if "memeval:scan-incomplete:request-budget" in detectors.get(f"ev{200 + i}", set())]
    # two processes (the worker and the server's guard) each read at most the bound, one text's budget past it
    read_whole = N - len(past)
    assert read_whole <= 2 * (int(REQUEST_S / BUDGET_S) + 2), (read_whole, body)
    assert body["blanked_on_budget"] == len(past), body


@pytest.mark.slow  # the module's server (shared with the tests above)
def test_the_server_itself_never_loads_the_personal_data_engine(srv: Served) -> None:
    """Its threads redact in the redaction guard, so the server process needs no presidio analyzer nor spaCy.

    On main the server's warm-up redacted its warm texts itself (about 1.3 CPU s: presidio's analyzer, spaCy, the
    hold detector's batched path) for texts it never scans in-process. Read after the module's batches (when run
    in order): spaCy's compiled modules are in the guard's memory map, not the server's.
    """
    server = Path(f"/proc/{srv.proc.pid}/maps").read_text()
    guard = Path(f"/proc/{srv.redaction_guard_pid()}/maps").read_text()
    assert "/spacy/" in guard  # the check can see it: the guard loaded it
    assert "/spacy/" not in server, [line for line in server.splitlines() if "/spacy/" in line][:3]
