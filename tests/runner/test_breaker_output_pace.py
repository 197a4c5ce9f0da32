"""Output past the kept head is read at a pace, so an agent's flood costs memeval neither disk nor a core.

Found by a breaker: output is drained into a bounded head and tail (no disk), but as fast as the sandbox writes:
a `yes` had memeval's reader thread copying gigabytes a second into a tail it then trimmed, about a fifth of a
core of the harness's for the whole turn (a core and more with a few such agents at once, taken from every other
trial's harness and the metering proxy in the same process). Now reading past the head is paced at
`PACE_BYTES_PER_S`: the sandbox's writes wait on the full pipe. Real pipes, a real `yes` process.
"""

from __future__ import annotations

import os
import subprocess
import threading
import time
from pathlib import Path

from memeval.sandbox import OUTPUT_HEAD_BYTES, PACE_BYTES_PER_S, OutputCapture


def test_a_flood_is_read_at_the_pace_past_the_head_and_costs_little_cpu(tmp_path: Path) -> None:
    cap = OutputCapture(tmp_path / "out.txt")
    yes = subprocess.Popen(["yes"], stdout=cap.write_fd, stderr=subprocess.DEVNULL)
    cpu0, t0 = time.process_time(), time.monotonic()
    cap.started()
    try:
        time.sleep(2.0)
    finally:
        seen_while_running = cap.seen
        cpu = time.process_time() - cpu0
        elapsed = time.monotonic() - t0
        yes.kill()
        yes.wait()
    seen = cap.finish(wait_s=5)
    # unpaced, `yes` gave 2-6 GiB here in 2 s; at the pace: the head, then at most 128 MiB a second (+ a pipe)
    assert seen_while_running <= OUTPUT_HEAD_BYTES + PACE_BYTES_PER_S * elapsed + (2 << 20), seen_while_running
    assert seen_while_running > OUTPUT_HEAD_BYTES + PACE_BYTES_PER_S * 0.25, seen_while_running  # it is read on
    assert cpu < 0.6, cpu  # memeval's CPU for 2 s of flood: the reader's copies (was about 0.4-1.0 s alone)
    out = (tmp_path / "out.txt").read_bytes()
    assert out.startswith(b"y\n" * 100) and f"output of {seen} bytes;".encode() in out


def _write(fd: int, size: int, done: threading.Event) -> None:
    chunk = b"y" * (1 << 20)
    while size:
        size -= os.write(fd, chunk[: min(size, len(chunk))])
    os.close(fd)
    done.set()


def test_output_under_the_head_is_not_held_back(tmp_path: Path) -> None:
    cap = OutputCapture(tmp_path / "out.txt")
    w, done = os.dup(cap.write_fd), threading.Event()
    cap.started()
    t0 = time.monotonic()
    _write(w, OUTPUT_HEAD_BYTES, done)
    assert cap.finish(wait_s=5) == OUTPUT_HEAD_BYTES
    assert time.monotonic() - t0 < 5  # as fast as the pipe goes (no pacing under the head)


def test_once_the_sandbox_has_ended_the_rest_is_read_at_once(tmp_path: Path) -> None:
    cap = OutputCapture(tmp_path / "out.txt")
    w, done = os.dup(cap.write_fd), threading.Event()
    cap.started()
    big = OUTPUT_HEAD_BYTES + (64 << 20)
    t = threading.Thread(target=_write, args=(w, big, done))
    t0 = time.monotonic()
    t.start()
    time.sleep(0.2)
    assert not done.is_set()  # held back by the pace: 64 MiB past the head take about half a second
    assert cap.finish(wait_s=5) == big  # `finish` (the sandbox ended): what is left is read without waiting
    t.join()
    assert time.monotonic() - t0 < 5
