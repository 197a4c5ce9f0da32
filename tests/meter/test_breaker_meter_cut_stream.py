"""An agent cannot hide what a call cost by hanging up before the response's usage arrives.

Found by the breaker: when the client disconnected mid-response, the proxy dropped the upstream connection at its
next bytes, so the call's final usage (Anthropic's `message_delta`, OpenAI's last chunk) was never read: the call
was unmeasured, its cost unknown, and so was its trial's. Cost of a pass is taken over the trials whose cost is
known, so an agent could choose which of its trials count (hang up once in every trial it is failing, and its arm's
cost of a pass is its passing trials' spend alone), while the provider still bills what it generated. Now the proxy
reads a response to its end after the client is gone (the provider's output is bounded by the request's
`max_tokens`, which the call's spend limit already reserved), so the call is measured and priced. Real proxy, a
real client process that hangs up, an upstream that sends the rest only after it has.
"""

from __future__ import annotations

import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from meter_fixtures import RECORDED
from meter_rig import make_proxy
from meter_upstream import LocalUpstream, Reply
from patience import patient

from memeval.meter import _server

SSE = next(r for r in RECORDED if r.name.endswith("anthropic/01-sse-basic-text.sse"))

# argv: socket, key. Sends a streamed Messages call, reads the status line and the first event, hangs up.
HANG_UP = r"""
import json, socket, sys
path, key = sys.argv[1:3]
body = json.dumps({"model": "claude-3-opus-latest", "max_tokens": 64, "stream": True,
                   "messages": [{"role": "user", "content": "hi"}]}).encode()
s = socket.socket(socket.AF_UNIX)
s.connect(path)
s.sendall(b"POST /v1/messages HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n"
          + b"anthropic-version: 2023-06-01\r\n"
          + f"x-api-key: {key}\r\ncontent-length: {len(body)}\r\n\r\n".encode() + body)
got = b""
while b"message_start" not in got:
    chunk = s.recv(4096)
    if not chunk:
        break
    got += chunk
print(got.split(b"\r\n")[0].decode(), flush=True)
s.close()
"""


def test_a_call_the_client_hung_up_on_is_still_measured_and_priced(tmp_path: Path) -> None:
    up = LocalUpstream().start()
    gate = threading.Event()
    up.push(Reply(200, headers=dict(SSE.headers), chunks=SSE.chunks(), gate=gate))
    calls: queue.Queue = queue.Queue()
    sock = tmp_path / "proxy.sock"
    proxy = make_proxy(up, calls, unix_socket=sock)
    proxy.start()
    script = tmp_path / "hang_up.py"
    script.write_text(HANG_UP)
    try:
        key = proxy.register_trial("t:pack:1")
        out = subprocess.run([sys.executable, str(script), str(sock), key], capture_output=True, text=True, timeout=60)
        assert out.stdout.startswith("HTTP/1.1 200"), (out.stdout, out.stderr)
        time.sleep(1.0)  # let the proxy see the client's close before the rest arrives (else it relays it all)
        gate.set()  # the rest of the stream, its final usage with it, comes after the client is gone
        call = calls.get(timeout=patient(10))
        spend = proxy.trial_spend("t:pack:1")
    finally:
        proxy.stop()
        up.stop()
    assert (call.input_tokens, call.output_tokens) == (SSE.expected["input_tokens"], SSE.expected["output_tokens"])
    assert call.cost.cost_usd is not None, call.cost
    assert spend.usage_missing_calls == 0


# argv: socket, key, n. Starts n streamed calls and hangs up on each after its first event, then opens one more
# connection and prints the status line it is answered with (503 while the n are still being read).
HANG_UP_MANY = HANG_UP.replace("path, key = sys.argv[1:3]", "path, key, n = sys.argv[1], sys.argv[2], int(sys.argv[3])")


def _hang_up_many() -> str:
    head, _, rest = HANG_UP_MANY.partition("s = socket.socket(socket.AF_UNIX)")
    call = "s = socket.socket(socket.AF_UNIX)" + rest.replace("print(got", "pass  # print(got")
    loop = "for _ in range(n):\n" + "".join("    " + line + "\n" for line in call.splitlines())
    more = (
        "s = socket.socket(socket.AF_UNIX)\ns.settimeout(10)\ns.connect(path)\n"
        # the proxy may answer 503 and close before this byte is sent (seen at load): the answer is still read
        "try:\n    s.sendall(b'G')\nexcept (BrokenPipeError, ConnectionResetError):\n    pass\n"
        "try:\n    print(s.recv(64).split(b'\\r\\n')[0].decode(), flush=True)\n"
        "except TimeoutError:\n    print('admitted: no answer to a request never finished', flush=True)\n"
    )
    return head + loop + more


def test_calls_hung_up_on_still_count_against_the_sandboxs_share(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_server, "MAX_PEER_CONNECTIONS", 3)
    up = LocalUpstream().start()
    gate = threading.Event()
    up.push(*[Reply(200, headers=dict(SSE.headers), chunks=SSE.chunks(), gate=gate) for _ in range(3)])
    calls: queue.Queue = queue.Queue()
    sock = tmp_path / "proxy.sock"
    proxy = make_proxy(up, calls, unix_socket=sock)
    proxy.start()
    script = tmp_path / "hang_up_many.py"
    script.write_text(_hang_up_many())
    try:
        key = proxy.register_trial("t:pack:1")
        argv = ["unshare", "--pid", "--fork", sys.executable, str(script), str(sock), key, "3"]
        out = subprocess.run(argv, capture_output=True, text=True, timeout=60)
        gate.set()
        recorded = [calls.get(timeout=patient(10)) for _ in range(3)]
    finally:
        proxy.stop()
        up.stop()
    assert out.stdout.strip() == "HTTP/1.1 503 Service Unavailable", (out.stdout, out.stderr)
    assert [c.output_tokens for c in recorded] == [SSE.expected["output_tokens"]] * 3
