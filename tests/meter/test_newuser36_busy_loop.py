"""A new sandbox's socket waits for a busy proxy loop instead of faulting the trial (newuser36).

The proxy's loop also runs the hooks after each call (for a run: the call's record to the log writer's queue, and
the redactor's warm-up, which until proxy50 waited on the redaction lock another trial held). On a 2-core machine at
load 13-19 the loop took more than the 10 s `add_socket` waited for, and 3 of 28 trials of README's `memeval ab
samples/fernhill --pack audit/fernhill.pack.json` were `internal` faults ("the meter proxy could not serve ...sock:
"), the verdict `unresolved`. Here the hook is held past those 10 s by a real call's record; the socket is served
once the loop is free, and a call through it is answered.
"""

from __future__ import annotations

import json
import queue
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from meter_rig import make_proxy
from meter_upstream import LocalUpstream, Reply
from test_breaker_meter_held_per_sandbox import OK

from memeval.meter._proxy import START_TIMEOUT_S

HELD_S = START_TIMEOUT_S + 2
"""How long the hook holds the loop: past what `add_socket` waited for on main."""


class _SlowLog(queue.Queue):  # type: ignore[type-arg]  # a Queue of ModelCall, as meter_rig's
    """A call record store whose first write holds the proxy's loop (a hook that does not return at once)."""

    def __init__(self) -> None:
        super().__init__()
        self.writing = threading.Event()

    def put(self, item: object, block: bool = True, timeout: float | None = None) -> None:
        if not self.writing.is_set():
            self.writing.set()
            time.sleep(HELD_S)
        super().put(item, block, timeout)


def _call(url: str, key: str) -> int:
    body = json.dumps({"model": OK.expected["model"], "messages": [{"role": "user", "content": "hi"}]}).encode()
    req = urllib.request.Request(
        url + "/v1/chat/completions",
        data=body,
        headers={"authorization": f"Bearer {key}", "content-type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=120) as r:
        r.read()
        return int(r.status)


@pytest.mark.slow  # the loop is held 12 s (about 1 s of CPU)
def test_a_socket_added_while_the_loop_records_a_call_is_served(tmp_path: Path) -> None:
    up = LocalUpstream().start()
    up.push(*[Reply(200, headers=dict(OK.headers), chunks=[OK.body]) for _ in range(2)])
    calls = _SlowLog()
    proxy = make_proxy(up, calls)
    proxy.start()
    try:
        key = proxy.register_trial("t:pack:1")
        assert _call(proxy.base_url, key) == 200  # answered; its record now holds the loop
        assert calls.writing.wait(60)
        sock = tmp_path / "pack.sock"
        proxy.add_socket(sock, "t:pack:1")  # main: MeterError after START_TIMEOUT_S
        assert sock.exists()
        assert calls.get(timeout=120).status == 200
    finally:
        proxy.stop()
        up.stop()
