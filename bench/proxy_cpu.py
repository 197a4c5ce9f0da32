"""The metering proxy's own CPU per call, read from its thread alone, for this checkout against another.

The proxy (`MeterProxy`, pricing every call) runs in a fresh process on its background thread; one client process
sends calls one after another on a kept-alive TCP connection; the upstream is bench/proxy_latency.py's (a recorded
chat completion body, or a recorded 26-event SSE stream with its usage chunk). The figure is the proxy thread's
user + system CPU (Linux /proc/self/task/TID/stat) over the calls, divided by their number: nothing else of the
process, and none of the client's or the upstream's, is in it. On a shared machine CPU time still grows with the
load (caches, hyperthreads), so `--against PATH` runs another checkout's `memeval` (for example `git worktree add
/tmp/base main`) in turns with this one, and the smallest of `--rounds` figures of each is printed beside the median.

    .venv/bin/python bench/proxy_cpu.py [--calls 600] [--rounds 3] [--against /tmp/base]

On a shared machine CPU time per call still grows with every preemption (the caches are refilled): run it with
a higher priority than the other jobs, as bench/proxy_latency.py says (autogroup, then nice). Even so one round
differs from the next by a quarter here; bench/proxy_instructions.py counts the proxy's Python work in instructions,
which load does not move.

Target (issue 17 item 3): under 1 ms per call.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from _machine import load_line

ROOT = Path(__file__).resolve().parents[1]


def _child(calls: int) -> None:
    """One measurement in this process: prints {"plain": ms, "streamed": ms, "load": x} as JSON."""
    import multiprocessing as mp
    import socket
    import threading

    from pydantic import SecretStr

    sys.path.insert(0, str(ROOT / "bench"))
    import proxy_latency

    from memeval.meter import MeterProxy, Upstream

    ctx = mp.get_context("spawn")
    stop = ctx.Event()
    port_q = ctx.Queue()
    upstream = ctx.Process(target=proxy_latency._upstream, args=(port_q, stop))
    upstream.start()
    url = f"http://127.0.0.1:{port_q.get(timeout=60)}"
    recorded = []
    proxy = MeterProxy(
        {"openai": Upstream(base_url=url + "/v1", api_key=SecretStr("sk-bench"))}, on_call=recorded.append
    )
    native: dict[str, int] = {}
    serve = proxy._run

    def run(sockets: list[socket.socket]) -> None:
        native["id"] = threading.get_native_id()
        serve(sockets)

    proxy._run = run  # type: ignore[method-assign]  # to learn the proxy thread's id
    proxy.start()
    key = proxy.register_trial("bench")
    port = int(proxy.base_url.rsplit(":", 1)[1])

    def thread_cpu() -> tuple[float, float]:
        fields = Path(f"/proc/self/task/{native['id']}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[11]) / os.sysconf("SC_CLK_TCK"), int(fields[12]) / os.sysconf("SC_CLK_TCK")

    out: dict[str, float] = {}
    for mode in ("plain", "streamed"):
        done = ctx.Queue()
        warm = ctx.Process(target=_client, args=(port, key, 50, mode == "streamed", done))
        warm.start()
        done.get(timeout=300)
        warm.join()
        before = thread_cpu()
        client = ctx.Process(target=_client, args=(port, key, calls, mode == "streamed", done))
        client.start()
        done.get(timeout=600)
        client.join()
        after = thread_cpu()
        out[mode + "_user"] = (after[0] - before[0]) * 1000 / calls
        out[mode + "_sys"] = (after[1] - before[1]) * 1000 / calls
        out[mode] = out[mode + "_user"] + out[mode + "_sys"]
    proxy.stop()
    stop.set()
    upstream.join(30)
    priced = sum(1 for c in recorded if c.cost.cost_usd is not None)
    if priced != len(recorded) or len(recorded) != 2 * (calls + 50):
        raise SystemExit(f"recorded {len(recorded)} calls, {priced} priced; expected {2 * (calls + 50)}, all priced")
    out["load"] = os.getloadavg()[0]
    print(json.dumps(out))


def _client(port: int, key: str, calls: int, stream: bool, done: object) -> None:
    """Send `calls` calls one after another on one connection; read each answer whole."""
    import socket

    import httptools

    body = b'{"model": "gpt-5.6-sol", "stream": %s, "messages": [{"role": "user", "content": "%s"}]}' % (
        b"true" if stream else b"false",
        b"x" * 900,
    )
    request = (
        b"POST /v1/chat/completions HTTP/1.1\r\nhost: bench\r\nauthorization: Bearer %s\r\n"
        b"content-type: application/json\r\ncontent-length: %d\r\n\r\n" % (key.encode(), len(body))
    ) + body

    class _End:
        complete = False

        def on_message_complete(self) -> None:
            self.complete = True

    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    for _ in range(calls):
        end = _End()
        parser = httptools.HttpResponseParser(end)
        sock.sendall(request)
        while not end.complete:
            data = sock.recv(65536)
            if not data:
                raise SystemExit("the proxy closed the connection")
            parser.feed_data(data)
        if parser.get_status_code() != 200:
            raise SystemExit(f"the proxy answered {parser.get_status_code()}")
    sock.close()
    done.put(True)  # type: ignore[attr-defined]


def _measure(path: Path, calls: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(path)}
    proc = subprocess.run(
        [sys.executable, __file__, "--child", str(calls)], env=env, capture_output=True, text=True, check=False
    )
    if proc.returncode != 0:
        raise SystemExit(f"the measurement with {path} failed:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=600, help="calls per mode and measurement")
    parser.add_argument("--rounds", type=int, default=3, help="measurements of each checkout, in turns")
    parser.add_argument("--against", type=Path, help="another checkout's root (its memeval/ is imported)")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        _child(args.child)
        return
    paths = {"this": ROOT} | ({"against": args.against.resolve()} if args.against else {})
    seen: dict[str, list[dict[str, float]]] = {name: [] for name in paths}
    print(load_line("before"))
    for round_ in range(args.rounds):
        for name, path in paths.items():
            figures = _measure(path, args.calls)
            seen[name].append(figures)
            print(
                f"round {round_ + 1} {name:>7}: plain {figures['plain']:.3f} ms"
                f" (user {figures['plain_user']:.3f}, system {figures['plain_sys']:.3f}),"
                f" streamed {figures['streamed']:.3f} ms"
                f" (user {figures['streamed_user']:.3f}, system {figures['streamed_sys']:.3f})"
                f" of proxy-thread CPU per call (load {figures['load']:.1f})"
            )
    for name, path in paths.items():
        for mode in ("plain", "streamed"):
            values = [f[mode] for f in seen[name]]
            print(
                f"{name:>7} ({path}) {mode:>8}: min {min(values):.3f} ms, median {statistics.median(values):.3f} ms"
                " per call"
            )
    print(load_line("after"))


if __name__ == "__main__":
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[attr-defined]
    main()
