"""The metering proxy's loop is never held by another trial's redaction, and a burst of calls is one fsync (proxy50).

Real parts: the run's meter as `memeval ab` opens it (`open_meter`: the real proxy, its `on_call` and `on_bodies`
hooks, `CallStats`), the run's one `LogWriter` over a real `RunLog`, an upstream on loopback replaying a recorded
OpenAI chat completion, calls over TCP and over a sandbox's own unix socket.

1. `store_exchanges` holds the redactor's lock while a trial's bodies are redacted (seconds of CPU a trial; tens of
   seconds at load 15). The proxy's `on_bodies` hook (`CallStats.keep_bodies` -> `warm_redactor`) took the same lock
   on the proxy's event loop, so every other trial's calls and every new sandbox's socket waited for that
   redaction: measured in README's pack run, 20 of the 21 stalls of the loop of 0.5 s or more were there, none in
   the event log (its fsyncs all ran on the writer's thread). newuser36 saw `add_socket` time out at load 13-19.
   Main: the second trial's socket and call wait until the lock is let go (here: never before the check).
2. The writer wrote and fsynced each call's event alone; the events queued while it wrote (a burst of calls ending
   together) now go in one write and one fsync, in the order the proxy handed them over. Main: one fsync an event.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from patience import patient
from wire_rig import LocalUpstream, recorded, reply_of

from memeval.eventlog import Event, ModelCalled, RunLog
from memeval.runner import _exchanges
from memeval.runner._history import History
from memeval.runner._runmeter import RunMeter, open_meter
from memeval.runner._upstream import UpstreamSpec
from memeval.runner._writer import LogWriter

ANSWER = recorded("12-recorded-prompt-cache-write-then-read/1-200.json")
"""A recorded chat completion with its usage (priced): the answer to every call."""


@contextmanager
def _run_meter(tmp_path: Path, answers: int, write: Any = None) -> Iterator[tuple[RunMeter, LogWriter, RunLog]]:
    """The run's meter and writer as `memeval ab` opens them, over an upstream that gives `answers` answers."""
    up = LocalUpstream().start()
    up.push(*[reply_of(ANSWER) for _ in range(answers)])
    run = tmp_path / "run"
    run.mkdir()
    (run / "events.jsonl").touch()
    log = RunLog(run)
    try:
        with LogWriter(log, History()) as writer:
            spec = UpstreamSpec(api="openai", base_url=up.url + "/v1", key_env="PROXY50_UPSTREAM_KEY")
            with open_meter(log, [spec], write=write or writer.post, keep_bodies=True, sandboxes=4) as meter:
                yield meter, writer, log
    finally:
        up.stop()


def _call(client: httpx.Client, key: str, label: str) -> int:
    body = {"model": "gpt-4o", "messages": [{"role": "user", "content": label}]}
    r = client.post("/v1/chat/completions", json=body, headers={"authorization": f"Bearer {key}"})
    r.read()
    return r.status_code


def _calls(log: RunLog) -> list[ModelCalled]:
    return [e for e in log.read().events if isinstance(e, ModelCalled)]


def test_a_trial_being_redacted_holds_no_other_trials_call_nor_socket(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PROXY50_UPSTREAM_KEY", "sk-proxy50-upstream")
    # the redactor's build has started already (as after a run's first kept body): none is built in this process
    monkeypatch.setattr(_exchanges, "_WARMING", [threading.Thread()])
    with _run_meter(tmp_path, 2) as (meter, _, log):
        key_a = meter.register_trial("a:pack:1", attempt=1)
        served = threading.Event()
        statuses: list[int] = []

        def second_trial() -> None:  # a new sandbox: its own socket, then its agent's call through it
            key_b = meter.register_trial("b:pack:1", attempt=1)
            sock = meter.trial_socket("b", owner="b:pack:1")
            with httpx.Client(transport=httpx.HTTPTransport(uds=str(sock)), base_url="http://meter", timeout=300) as c:
                statuses.append(_call(c, key_b, "b"))
            served.set()

        helper = threading.Thread(target=second_trial)
        with _exchanges._REDACT_LOCK:  # trial a's bodies being redacted by `store_exchanges`, as long as it takes
            with httpx.Client(base_url=meter.proxy.base_url, timeout=300) as client:
                assert _call(client, key_a, "a") == 200  # answered; its bodies are handed to the hook next
            helper.start()
            answered = served.wait(patient(30))  # main: the loop waits on the lock held around this wait
        helper.join()
        assert answered, "the second trial's socket and call waited for the first trial's redaction"
        assert statuses == [200]
        assert meter.wait_calls_recorded("b:pack:1") == 0
    assert [(c.trial_id, c.call.status) for c in _calls(log)] == [("a:pack:1", 200), ("b:pack:1", 200)]


def test_a_burst_of_calls_is_written_with_one_fsync_in_the_order_they_ended(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PROXY50_UPSTREAM_KEY", "sk-proxy50-upstream")
    monkeypatch.setattr(_exchanges, "_WARMING", [threading.Thread()])
    burst = 24
    fsyncs: list[str] = []
    real_fsync = os.fsync

    def counted_fsync(fd: int) -> None:
        fsyncs.append(threading.current_thread().name)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", counted_fsync)
    handed: list[str] = []
    writer_of: list[LogWriter] = []

    def write(ev: Event) -> None:  # what the proxy's thread calls for each call, in the order the calls ended
        assert isinstance(ev, ModelCalled)
        handed.append(ev.call.call_id)
        writer_of[0].post(ev)

    with _run_meter(tmp_path, burst, write) as (meter, writer, log):
        writer_of.append(writer)
        keys = [meter.register_trial(f"t{i}:pack:1", attempt=1) for i in range(burst)]
        with log._lock:  # the writer busy on a slow disk: every call of the burst ends while it waits
            with httpx.Client(
                base_url=meter.proxy.base_url, timeout=300, limits=httpx.Limits(max_connections=burst)
            ) as c:
                with ThreadPoolExecutor(burst) as pool:
                    statuses = list(pool.map(lambda k: _call(c, k, "burst"), keys))
            assert statuses == [200] * burst
            for i in range(burst):
                assert meter.wait_calls_recorded(f"t{i}:pack:1") == 0
            assert len(handed) == burst
            fsyncs.clear()
    written = _calls(log)
    assert [c.call.call_id for c in written] == handed  # the log's order is the order the calls ended
    assert len({c.call.call_id for c in written}) == burst
    by_writer = fsyncs.count("memeval-log-writer")
    assert by_writer <= 2, f"{by_writer} fsyncs for a burst of {burst} calls (main: one each)"
    assert json.loads((log.path).read_bytes().splitlines()[-1])["seq"] == burst - 1
