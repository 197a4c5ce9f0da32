"""The proxy's start-up wait is for its sockets, not for its one-off heap work.

Found by the breaker: with the machine at load 20, `memeval ab` failed with "the meter proxy did
not start: timed out". The proxy thread loaded the price table and collected and froze the whole
heap (`_settle_heap`) before it said it was up, all inside `START_TIMEOUT_S`, so a slow price-table
load on a busy machine became a failed run. That work now happens before the wait starts.
"""

from __future__ import annotations

import time

import httpx

import memeval.meter._proxy as proxy_mod
from memeval.meter import MeterProxy


def test_slow_heap_work_does_not_count_against_the_start_timeout(monkeypatch):
    real = proxy_mod._settle_heap

    def slow_settle() -> None:
        time.sleep(1.0)  # a loaded machine: longer than the (shortened) start timeout below
        real()

    monkeypatch.setattr(proxy_mod, "_settle_heap", slow_settle)
    monkeypatch.setattr(proxy_mod, "START_TIMEOUT_S", 0.5)
    with MeterProxy({}) as proxy:
        r = httpx.get(proxy.base_url + "/nowhere", timeout=10)
        assert r.status_code >= 400  # it answers: it is up
