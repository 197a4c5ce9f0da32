"""An agent's flood of output costs the host's disk at most the kept head and tail, whatever its size.

Found by a breaker: an agent's stdout and stderr, and the verifier's output, went to files memeval opened and handed
to the sandbox, which wrote them up to its file size limit (1 GiB a stream by default) on the host's disk, outside
the task's `storage_mb`: `yes | head -c 3G` took the run folder to 2,056 MiB at its peak for one task's two trials
(and a seek made a 1 GiB file for free). memeval then read only their first and last 4 MiB. Now the sandbox writes
into a pipe that memeval drains into a 4 MiB head and a 4 MiB tail, and the file written when the sandbox ends says
how many bytes were seen and cut. Real `memeval ab` in a subprocess, real bubblewrap sandboxes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from runner_helpers import REPO, make_task

from memeval.eventlog import ArtifactStore
from memeval.sandbox import OUTPUT_HEAD_BYTES, OUTPUT_TAIL_BYTES, OutputCapture

FLOOD = 3 << 30
VERIFIER_FLOOD = 20 << 20
AGENT = f"bash -c \"printf 'BEGIN\\n'; yes | head -c {FLOOD}; printf 'END\\n'; printf 'quiet\\n' >&2\""


def _disk_used(root: Path) -> tuple[int, int]:
    """Bytes of disk the files under `root` take in all and the largest one takes (allocated blocks)."""
    used = largest = 0
    for folder, _, names in os.walk(root):
        for name in names:
            try:
                blocks = os.lstat(os.path.join(folder, name)).st_blocks * 512
            except FileNotFoundError:
                continue  # a trial's work folder was removed between the listing and the stat
            used += blocks
            largest = max(largest, blocks)
    return used, largest


def _ab(tmp_path: Path, agent: str, task_toml: str, test_sh: str = "") -> tuple[dict, Path, tuple[int, int]]:
    """Run `memeval ab` on one task in a subprocess.

    Returns its JSON, its run folder, and the peak disk use of the run folder while it ran: in all, and of its
    largest file, in bytes (sampled every 50 ms).
    """
    tasks = tmp_path / "tasks"
    make_task(tasks, "f", test_sh=test_sh + "echo 1 > /logs/verifier/reward.txt\n", task_toml=task_toml)
    runs = tmp_path / "runs"
    peak = [0, 0]
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            if runs.exists():
                peak[:] = map(max, peak, _disk_used(runs))
            time.sleep(0.05)

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "memeval", "ab", str(tasks), "--agent", "command", "--agent-cmd", agent,
             "--network", "none", "--runs-dir", str(runs), "--json", "--quiet"],
            cwd=REPO, capture_output=True, timeout=600,
        )  # fmt: skip
    finally:
        done.set()
        sampler.join()
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")[-3000:]
    doc = json.loads(proc.stdout)
    return doc, runs / doc["run_id"], (peak[0], peak[1])


def _events(run_dir: Path, kind: str) -> list[dict]:
    lines = (run_dir / "events.jsonl").read_text().splitlines()
    return [e for e in map(json.loads, lines) if e["event"] == kind]


@pytest.mark.slow  # 26 s in the full suite
def test_a_three_gigabyte_flood_keeps_its_head_and_tail_and_says_how_much_was_cut(tmp_path: Path) -> None:
    toml = "[verifier]\ntimeout_sec = 60.0\n[agent]\ntimeout_sec = 300.0\n"
    doc, run_dir, peak = _ab(tmp_path, AGENT, toml, test_sh=f"yes | head -c {VERIFIER_FLOOD}\n")
    for trial in doc["trials"]:  # the flood is the agent's business: its turn ends as it would have
        assert trial["fault"] is None and trial["execution"] == "completed" and trial["verified"] is True, trial
    # No file past the kept 8 MiB and a block for its line (was 1 GiB: the agent's stdout at the file size limit);
    # two trials, each with two cut streams (the agent's stdout, the verifier's output): a file and an artifact each.
    assert peak[1] <= (8 << 20) + 8192, peak
    assert peak[0] < 4 * 2 * (8 << 20) + (1 << 20), peak  # was 2,056 MiB for the agents' floods alone
    store = ArtifactStore(run_dir)
    seen = len(b"BEGIN\n") + FLOOD + len(b"END\n")
    cut = seen - OUTPUT_HEAD_BYTES - OUTPUT_TAIL_BYTES
    exits = _events(run_dir, "agent.exited")
    assert len(exits) == 2
    for e in exits:
        out = store.get(e["stdout"])
        line = f"\n[memeval: output of {seen} bytes; {cut} bytes cut]\n".encode()
        assert len(out) == OUTPUT_HEAD_BYTES + len(line) + OUTPUT_TAIL_BYTES
        assert out[:OUTPUT_HEAD_BYTES] == b"BEGIN\n" + b"y\n" * ((OUTPUT_HEAD_BYTES - 6) // 2)
        assert out[OUTPUT_HEAD_BYTES : OUTPUT_HEAD_BYTES + len(line)] == line
        assert out[-OUTPUT_TAIL_BYTES:] == b"y\n" * ((OUTPUT_TAIL_BYTES - 4) // 2) + b"END\n"
        assert e["stdout_bytes"] == seen  # the log says it too, where the agent's own output cannot
        assert store.get(e["stderr"]) == b"quiet\n"  # a short stream is kept whole, with no line added
        assert "stderr_bytes" not in e
    checks = _events(run_dir, "check.recorded")
    assert len(checks) == 2
    for c in checks:
        assert c["output_bytes"] == VERIFIER_FLOOD and c["passed"] is True
        line = f"[memeval: output of {VERIFIER_FLOOD} bytes; {VERIFIER_FLOOD - (8 << 20)} bytes cut]".encode()
        assert line in store.get(c["output"])
    assert _disk_used(run_dir)[0] < 24 << 20  # when the run has ended: the artifacts (identical ones stored once)


def test_an_endless_flood_ends_at_the_agents_timeout_not_in_a_harness_fault(tmp_path: Path) -> None:
    toml = "[verifier]\ntimeout_sec = 60.0\n[agent]\ntimeout_sec = 4.0\n"
    doc, run_dir, peak = _ab(tmp_path, "bash -c 'yes; yes >&2'", toml)
    for trial in doc["trials"]:
        assert trial["fault"] is None and trial["execution"] == "timed_out", trial
    assert peak[1] <= (8 << 20) + 8192, peak  # was 3,633 MiB in all for this 4 s turn
    assert peak[0] < 2 * 2 * 2 * (8 << 20) + (1 << 20), peak  # two trials, two streams, a file and an artifact each
    store = ArtifactStore(run_dir)
    for e in _events(run_dir, "agent.exited"):
        out = store.get(e["stdout"])
        assert out.startswith(b"y\ny\n") and b" bytes cut]\n" in out and out.endswith(b"y\n")
        assert len(out) < (8 << 20) + 256 and e["stdout_bytes"] > 8 << 20


def test_the_capture_keeps_head_and_tail_and_stops_reading_a_pipe_left_open(tmp_path: Path) -> None:
    whole = OutputCapture(tmp_path / "whole.txt", head=4, tail=4)
    os.write(whole.write_fd, b"01234567")
    whole.started()  # its only write end is closed: the end comes at once
    assert whole.finish(wait_s=5) == 8 and (tmp_path / "whole.txt").read_bytes() == b"01234567"

    left_open = OutputCapture(tmp_path / "open.txt", head=4, tail=4)
    kept = os.dup(left_open.write_fd)  # another process's copy of the write end, as a sandbox could pass one on
    try:
        left_open.started()
        for part in (b"0123", b"456789", b"abc"):
            os.write(kept, part)
        t0 = time.monotonic()
        assert left_open.finish(wait_s=0.5) == 13
        assert 0.5 <= time.monotonic() - t0 < 5
    finally:
        os.close(kept)
    assert (tmp_path / "open.txt").read_bytes() == (
        b"0123\n[memeval: output of 13 bytes; 5 bytes cut]\n9abc"
        b"\n[memeval: output open 0.5 s after the sandbox ended; not read further]\n"
    )
