"""Run `memeval ab ...` in this process and say what held the metering proxy's event loop (proxy50).

Prints one `PROBE {...}` line to stderr at exit: fsyncs by thread name (`os.fsync` wrapped), the proxy loop's lag
(a task that sleeps 50 ms; p50, p99, max in s and samples over 1 s) and each `MeterProxy.add_socket`'s wait (s).

    PYTHONPATH=CHECKOUT .venv/bin/python bench/meter_loop_probe.py ab samples/fernhill --pack samples/fernhill/pack.json

Run it for two checkouts one after the other (beside the same CPU hog, say the load); figures of 2026-12-07 in
bench/results/pack_under_load_2026-12-07_proxy50.txt.
"""

from __future__ import annotations

import asyncio
import atexit
import json
import os
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import memeval.meter._proxy as proxy_module
from memeval._console import console

fsyncs: Counter[str] = Counter()
lags: list[float] = []
waits: list[float] = []
_real_fsync = os.fsync
_serve = proxy_module.MeterProxy._serve
_add_socket = proxy_module.MeterProxy.add_socket


def _fsync(fd: int) -> None:
    fsyncs[threading.current_thread().name] += 1
    _real_fsync(fd)


async def _watched_serve(self: Any, sockets: Any) -> None:
    async def watch() -> None:
        while True:
            t = time.monotonic()
            await asyncio.sleep(0.05)
            lags.append(time.monotonic() - t - 0.05)

    task = asyncio.get_running_loop().create_task(watch())
    try:
        await _serve(self, sockets)
    finally:
        task.cancel()


def _timed_add_socket(self: Any, path: Path, owner: str | None = None) -> None:
    t = time.monotonic()
    try:
        _add_socket(self, path, owner)
    finally:
        waits.append(time.monotonic() - t)


def _report() -> None:
    lags.sort()
    waits.sort()
    n = len(lags)
    out: dict[str, Any] = {"fsync_by_thread": dict(fsyncs), "loop_lag_samples": n}
    if n:
        out.update(p50=lags[n // 2], p99=lags[int(n * 0.99)], max=lags[-1], over_1s=sum(x > 1 for x in lags))
    if waits:
        out.update(add_socket_n=len(waits), add_socket_max=waits[-1], add_socket_p50=waits[len(waits) // 2])
        out.update(add_socket_over_10s=sum(w > 10 for w in waits))
    print("PROBE", json.dumps(out), file=sys.stderr)


if __name__ == "__main__":
    os.fsync = _fsync
    proxy_module.MeterProxy._serve = _watched_serve  # type: ignore[method-assign]
    proxy_module.MeterProxy.add_socket = _timed_add_socket  # type: ignore[method-assign]
    atexit.register(_report)
    sys.argv = ["memeval", *sys.argv[1:]]
    console()
