"""A resumed run's "Spent (every attempt)" cell stays as narrow as the rest of the table (newuser30).

After a kill -9 and `--resume`, the cell of an arm with an attempt killed mid-turn read `$0.0123 over 2
attempt(s), 2 call(s) + whatever 1 attempt(s) killed mid-turn or with calls in flight had in flight (at
least this much)`: about 130 characters, which set that arm's column width, so every row of the table
(the sample's: 322 columns in a file) grew by about 90. The cell now reads `$0.0123+ over ...` (`+`: at
least this much, as the weekly report and the summary write it) and the reason is one line under the
table. A real `memeval ab` process is SIGKILLed while its first trial's agent is mid-turn after its
model call (through the real proxy to a scripted upstream), then `--resume` prints the table.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from patience import patient
from runner_helpers import REPO, make_task
from wire_rig import ANSWER_TEST_SH, LocalUpstream, make_agent, recorded, reply_of

REC = "12-recorded-prompt-cache-write-then-read/1-200.json"


def _first_trial_called(log: Path) -> bool:
    """Whether the run's first trial (attempt 1) has made its model call and is sleeping after it."""
    text = log.read_text() if log.exists() else ""
    for line in text[: text.rfind("\n") + 1].splitlines():  # whole lines: the writer may be mid-line
        e = json.loads(line)
        if e["event"] == "trial.started" and e["attempt"] == 1:
            called = (log.parent / ".work" / e["agent_trial_id"] / "world/app/called").exists()
            return called and '"event":"model.called"' in text
    return False


@pytest.mark.slow
def test_a_killed_attempt_leaves_the_spent_cell_narrow_and_says_why_under_the_table(tmp_path: Path) -> None:
    up = LocalUpstream().start()
    try:
        up.push(*[reply_of(recorded(REC)) for _ in range(10)])
        tasks = tmp_path / "tasks"
        make_task(tasks, "a", test_sh=ANSWER_TEST_SH)
        agent = make_agent(tmp_path / "agent")
        runs = tmp_path / "runs"
        args = [
            sys.executable, "-m", "memeval", "ab", str(tasks), "--agent", str(agent),
            "--upstream", f"api=openai,url={up.url}/v1", "--env", "SLEEP_AFTER=4",
            "--runs-dir", str(runs), "--quiet", "--concurrency", "1",
        ]  # fmt: skip
        proc = subprocess.Popen(args, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)  # fmt: skip
        try:
            end = time.monotonic() + patient(120)
            while not (logs := list(runs.glob("*/events.jsonl"))) or not _first_trial_called(logs[0]):
                assert time.monotonic() < end, "the first trial never made its call"
                assert proc.poll() is None, "memeval ended before the kill"
                time.sleep(0.02)
            os.killpg(proc.pid, signal.SIGKILL)  # memeval dies while the agent sleeps after its call
        finally:
            proc.wait()
        res = subprocess.run([*args, "--resume", logs[0].parent.name], cwd=REPO, capture_output=True, text=True,
                             timeout=patient(300))  # fmt: skip
        assert res.returncode == 0, res.stderr[-3000:]
    finally:
        up.stop()

    lines = res.stdout.splitlines()
    (spent,) = [w for w in lines if "Spent (every attempt)" in w]
    cells = [c.strip() for c in spent.split("│")[2:4]]
    cut = [c for c in cells if "+ over" in c]
    assert len(cut) == 1, cells  # the killed attempt's arm: a lower bound, marked as such
    assert all(len(c) <= 45 for c in cells), cells  # was about 130 characters with the reason in it
    (note,) = [w for w in lines if w.startswith("Spent +: at least this much")]
    assert "1 attempt(s) killed mid-turn or with calls in flight" in note, note
    table = [w for w in lines if w and w[0] in "┏┃┡│├└"]
    assert len({len(w) for w in table}) == 1 and len(table[0]) <= 140, table  # one width, not widened
