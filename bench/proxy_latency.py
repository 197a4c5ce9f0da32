"""Added latency of the metering proxy, against calling the same local upstream directly.

Three processes, as in a real run: this one (the client, standing in for the agent), a local
upstream (uvicorn, answers a recorded chat completion body or a recorded SSE stream at once), and
the proxy (`MeterProxy`, pricing every call). For 1, 8 and 64 concurrent clients it prints the
per-request latency (non-streaming) and time to first byte (streaming), direct and through the
proxy, median and p99 in ms, the added median/p99, and failed requests.

    .venv/bin/python bench/proxy_latency.py [--requests 400]

Targets (issue 4): < 2 ms added at the median, TTFB within 5 ms, no failed request at 64 clients.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing as mp
import os
import socket
import statistics
import time
from pathlib import Path
from typing import Any

import httpx

FIXTURES = Path(__file__).resolve().parents[1].parent / "shared" / "fixtures" / "meter"
BODY_FILE = FIXTURES / "openai-chat/12-recorded-prompt-cache-write-then-read/2-200.json"
STREAM_FILE = FIXTURES / "openai-chat/11-sse-parallel-tool-calls-include-usage.sse"


def _upstream(port_q: Any, stop: Any) -> None:
    import uvicorn

    body = BODY_FILE.read_bytes()
    stream = [c + b"\n\n" for c in STREAM_FILE.read_bytes().split(b"\n\n") if c.strip()]

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        request = b""
        while True:
            message = await receive()
            request += message.get("body", b"")
            if not message.get("more_body"):
                break
        if b'"stream": true' in request:
            headers = [(b"content-type", b"text/event-stream")]
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            for chunk in stream:
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        else:
            headers = [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ]
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            await send({"type": "http.response.body", "body": body})

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(
        app,
        lifespan="off",
        log_level="error",
        access_log=False,
        interface="asgi3",
        http="h11",
        backlog=1024,
    )
    server = uvicorn.Server(config)
    port_q.put(sock.getsockname()[1])
    asyncio.run(_serve_until(server, sock, stop))


async def _serve_until(server: Any, sock: socket.socket, stop: Any) -> None:
    task = asyncio.create_task(server.serve([sock]))
    while not stop.is_set():
        await asyncio.sleep(0.1)
    server.should_exit = True
    await task


def _proxy(upstream_url: str, out_q: Any, stop: Any) -> None:
    from pydantic import SecretStr

    from memeval.meter import MeterProxy, ModelCall, Upstream

    calls: list[ModelCall] = []
    proxy = MeterProxy(
        {"openai": Upstream(base_url=upstream_url + "/v1", api_key=SecretStr("sk-bench"))},
        on_call=calls.append,
    )
    proxy.start()
    out_q.put((proxy.base_url, proxy.register_trial("bench")))
    cpu0 = time.process_time()
    stop.wait()
    cpu = time.process_time() - cpu0
    priced = sum(1 for c in calls if c.cost.cost_usd is not None)
    proxy.stop()
    out_q.put((len(calls), priced, cpu))


async def _one(client: httpx.AsyncClient, url: str, key: str, stream: bool) -> tuple[float, float]:
    body = (
        b'{"model": "gpt-5.6-sol", "stream": %s, "messages": [{"role": "user", "content": "%s"}]}'
        % (b"true" if stream else b"false", b"x" * 900)
    )
    t0 = time.perf_counter()
    ttfb = 0.0
    async with client.stream(
        "POST",
        url,
        content=body,
        headers={"authorization": f"Bearer {key}", "content-type": "application/json"},
    ) as response:
        async for _ in response.aiter_raw():
            if not ttfb:
                ttfb = time.perf_counter() - t0
        response.raise_for_status()
    return (time.perf_counter() - t0) * 1000, ttfb * 1000


async def _load(
    url: str, key: str, clients: int, total: int, stream: bool
) -> tuple[list[float], int]:
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    out: list[float] = []
    failed = 0
    async with httpx.AsyncClient(limits=limits, timeout=30) as client:
        for _ in range(clients):  # warm the connections
            await _one(client, url, key, stream)

        async def worker(n: int) -> None:
            nonlocal failed
            for _ in range(n):
                try:
                    latency, ttfb = await _one(client, url, key, stream)
                except httpx.HTTPError:
                    failed += 1
                    continue
                out.append(ttfb if stream else latency)

        per = max(total // clients, 3)
        await asyncio.gather(*(worker(per) for _ in range(clients)))
    return out, failed


def _p(values: list[float], q: float) -> float:
    return (
        statistics.quantiles(values, n=100, method="inclusive")[q - 1] if q < 100 else max(values)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=400, help="requests per level and mode")
    parser.add_argument("--rounds", type=int, default=4, help="direct/proxy alternations")
    args = parser.parse_args()
    ctx = mp.get_context("spawn")
    stop = ctx.Event()
    q = ctx.Queue()
    upstream = ctx.Process(target=_upstream, args=(q, stop))
    upstream.start()
    upstream_url = f"http://127.0.0.1:{q.get(timeout=30)}"
    proxy = ctx.Process(target=_proxy, args=(upstream_url, q, stop))
    proxy.start()
    proxy_url, key = q.get(timeout=30)
    targets = {
        "direct": (upstream_url + "/v1/chat/completions", "sk-bench"),
        "proxy": (proxy_url + "/v1/chat/completions", key),
    }
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(
        f"{'clients':>7} {'mode':>9} {'direct p50':>10} {'p99':>7} {'proxy p50':>10} {'p99':>7}"
        f" {'added p50':>9} {'p99':>7} {'failed':>6}   (ms)"
    )
    try:
        for clients in (1, 8, 64):
            for stream in (False, True):
                seen: dict[str, list[float]] = {"direct": [], "proxy": []}
                failed = 0
                per_round = max(args.requests // args.rounds, clients)
                for _ in range(args.rounds):  # alternate, so load drift hits both alike
                    for name, (url, auth) in targets.items():
                        values, bad = asyncio.run(_load(url, auth, clients, per_round, stream))
                        seen[name] += values
                        failed += bad
                d50, d99 = _p(seen["direct"], 50), _p(seen["direct"], 99)
                p50, p99 = _p(seen["proxy"], 50), _p(seen["proxy"], 99)
                mode = "ttfb/sse" if stream else "latency"
                print(
                    f"{clients:>7} {mode:>9} {d50:>10.2f} {d99:>7.2f} {p50:>10.2f} {p99:>7.2f}"
                    f" {p50 - d50:>9.2f} {p99 - d99:>7.2f} {failed:>6}"
                )
    finally:
        stop.set()
        recorded, priced, cpu = q.get(timeout=60)
        proxy.join(30)
        upstream.join(30)
    print(
        f"proxy recorded {recorded} calls, {priced} priced; proxy process CPU "
        f"{cpu * 1000 / max(recorded, 1):.2f} ms per call (load-independent cost)"
    )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
