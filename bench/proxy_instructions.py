"""The metering proxy's own work per call counted in instructions (valgrind's callgrind): a figure load cannot move.

bench/proxy_cpu.py reads the proxy thread's CPU time, which on a shared machine moves by a quarter from one round to
the next (the same code measured 0.95 and 1.60 ms per streamed call in one session at load 18-20). This bench counts
instructions instead, for this checkout and, with `--against PATH`, another one's `memeval`.

The proxy's own server, handler and upstream pool (`_server.HttpServer`, `_forward.ForwardApp`,
`_upstream.UpstreamPool`) serve calls in one process on uvloop, with no sockets: the client's request is fed to a
server connection and the upstream's answer to the upstream connection, through transports that only hand bytes
over. The answer is bench/proxy_latency.py's: a recorded chat completion body, or its recorded 26-event SSE stream
(7.7 KB, two parallel tool calls and a usage chunk) framed chunked, given to the proxy in `--reads` upstream reads
(27 is one read per event, as a fast proxy reads a quick upstream; 1 is the whole stream at once). The client does
not ask for usage, so the proxy asks for it and hides the usage chunk, as it does for an agent. Two runs under
callgrind differ only in their number of calls; the difference in instructions divided by the difference in calls
is the Python work of one call (parsing, metering, pricing, recording, writing), without the system calls and the
event loop's waits. `PYTHONHASHSEED=0` makes two runs of the same code agree to a few hundred instructions.

    .venv/bin/python bench/proxy_instructions.py [--calls 100] [--reads 1,5,27] [--against /tmp/base]

Needs valgrind (Debian package `valgrind`); each run takes about a minute of CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "meter"
BODY_FILE = FIXTURES / "openai-chat/12-recorded-prompt-cache-write-then-read/2-200.json"
STREAM_FILE = FIXTURES / "openai-chat/11-sse-parallel-tool-calls-include-usage.sse"
WARM_CALLS = 30


class _Pipe:
    """A transport that hands what is written to `on_write` (nothing goes through a socket)."""

    def __init__(self, on_write: Any) -> None:
        self.on_write = on_write
        self.closing = False

    def write(self, data: bytes) -> None:
        self.on_write(data)

    def writelines(self, items: list[bytes]) -> None:
        self.on_write(b"".join(items))

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return default

    def close(self) -> None:
        self.closing = True

    def is_closing(self) -> bool:
        return self.closing

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


def _answer(mode: str, reads: int) -> list[bytes]:
    body = BODY_FILE.read_bytes()
    if mode == "plain":
        head = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: %d\r\n\r\n" % len(body)
        return [head + body]
    events = [e + b"\n\n" for e in STREAM_FILE.read_bytes().split(b"\n\n") if e.strip()]
    framed = [b"%x\r\n%b\r\n" % (len(e), e) for e in events] + [b"0\r\n\r\n"]
    per = -(-len(framed) // reads)
    head = b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n"
    return [head] + [b"".join(framed[i : i + per]) for i in range(0, len(framed), per)]


async def _serve(mode: str, reads: int, calls: int) -> None:
    from pydantic import SecretStr

    from memeval.meter import _server, _upstream
    from memeval.meter._forward import ForwardApp
    from memeval.meter._ledger import Ledger
    from memeval.meter._prices import PriceBook
    from memeval.meter._records import ModelCall, Upstream

    loop = asyncio.get_running_loop()
    recorded: list[ModelCall] = []
    ledger = Ledger()
    upstreams = {"openai": Upstream(base_url="http://upstream.invalid/v1", api_key=SecretStr("sk-bench"))}
    app = ForwardApp(upstreams, PriceBook(), ledger, recorded.append)
    app.start(loop)
    answer = _answer(mode, reads)
    pool = app._pool
    assert pool is not None

    async def connect(origin: Any) -> Any:  # the pool's new connection: the answer comes back one read a step
        exchange = _upstream.Exchange(pool, origin)

        def on_request(_data: bytes) -> None:
            for read in answer:
                loop.call_soon(exchange.data_received, read)

        exchange.connection_made(_Pipe(on_request))  # type: ignore[arg-type]
        return exchange

    pool._connect = connect  # type: ignore[method-assign]
    server = _server.HttpServer(app.handle)
    key = ledger.register("bench", "subject", None, None)
    last = answer[-1][-32:]
    got = bytearray()
    done: list[asyncio.Future[None]] = []

    def on_reply(data: bytes) -> None:
        got.extend(data)
        if got.endswith(b"0\r\n\r\n" if mode != "plain" else last):
            done[-1].set_result(None)

    conn = _server._Connection(server)
    conn.connection_made(_Pipe(on_reply))  # type: ignore[arg-type]
    body = b'{"model": "gpt-5.6-sol", "stream": %s, "messages": [{"role": "user", "content": "%s"}]}' % (
        b"true" if mode != "plain" else b"false",
        b"x" * 900,
    )
    request = (
        b"POST /v1/chat/completions HTTP/1.1\r\nhost: bench\r\nauthorization: Bearer %s\r\n"
        b"content-type: application/json\r\ncontent-length: %d\r\n\r\n" % (key.encode(), len(body))
    ) + body
    for _ in range(WARM_CALLS + calls):
        got.clear()
        done.append(loop.create_future())
        conn.data_received(request)
        await done[-1]
        for _ in range(3):  # the handler records the call after the reply ended
            await asyncio.sleep(0)
    priced = sum(1 for c in recorded if c.cost.cost_usd is not None)
    if len(recorded) != WARM_CALLS + calls or priced != len(recorded):
        raise SystemExit(f"recorded {len(recorded)} calls, {priced} priced; expected {WARM_CALLS + calls}, all priced")


def _child(mode: str, reads: int, calls: int) -> None:
    import uvloop

    from memeval.meter import _proxy, _server, _upstream

    _proxy._settle_heap()
    # Under valgrind a call takes 50 times as long, and more on a loaded machine: no timer may fire in between
    # (an idle upstream connection dropped, a head sent alone), or two runs of the same code would not agree.
    _upstream.KEEPALIVE_S = _server.IDLE_TIMEOUT_S = 1e9
    try:  # the head's wait is the replies' own since the server's split
        from memeval.meter import _reply as replies
    except ImportError:  # a checkout of before: in the server module (or, older still, nowhere; then unused)
        replies = _server
    replies.HEAD_WAIT_S = 1e9
    uvloop.run(_serve(mode, reads, calls))


def _instructions(path: Path, mode: str, reads: int, calls: int) -> subprocess.Popen[str]:
    out = tempfile.NamedTemporaryFile(prefix="callgrind-", delete=False)  # noqa: SIM115 - read after the run
    out.close()
    env = {**os.environ, "PYTHONPATH": str(path), "PYTHONHASHSEED": "0"}
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}", sys.executable, __file__]
    cmd += ["--child", mode, str(reads), str(calls)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    proc.out_file = out.name  # type: ignore[attr-defined]
    return proc


def _total(proc: subprocess.Popen[str]) -> int:
    _, err = proc.communicate()
    out = Path(proc.out_file)  # type: ignore[attr-defined]
    found = re.search(r"^summary:\s*(\d+)", out.read_text(), re.M) if out.exists() else None
    out.unlink(missing_ok=True)
    if proc.returncode != 0 or found is None:
        raise SystemExit(f"a run under callgrind failed (exit {proc.returncode}):\n{err[-2000:]}")
    return int(found[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=100, help="the calls that differ between the two runs")
    parser.add_argument("--reads", default="1,5,27", help="upstream reads per stream, comma-separated")
    parser.add_argument("--against", type=Path, help="another checkout's root (its memeval/ is imported)")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        mode, reads, calls = args.child
        _child(mode, int(reads), int(calls))
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    paths = {"this": ROOT} | ({"against": args.against.resolve()} if args.against else {})
    cases = [("plain", 1)] + [("streamed", int(r)) for r in args.reads.split(",")]
    for mode, reads in cases:
        for name, path in paths.items():
            few, many = _instructions(path, mode, reads, 10), _instructions(path, mode, reads, 10 + args.calls)
            per_call = (_total(many) - _total(few)) / args.calls
            shown = mode if mode == "plain" else f"{mode} in {reads} reads"
            print(f"{name:>7} ({path}) {shown:>20}: {per_call / 1e6:.3f} M instructions per call")


if __name__ == "__main__":
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[attr-defined]
    main()
