"""A trial's wall time under `--concurrency` leaves out its waits for the other arm (`_phases`).

Agent turns and verifiers of one task never overlap, so a verifier waits for the other arm's
agent turn to end. That wait is measured (`waited_ms` on `agent.started` / `verifier.started`),
reported as `physics.phase_wait_ms`, and left out of `wall_ms`: before, the quick arm's
`wall_ms` held the slow arm's agent time, which pulled the two arms' times together.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest
from runner_helpers import make_task, one_item_pack, trials_by_id

# The pack arm's agent (it has the pack's memory file) is quick (2 s), the baseline arm's slow
# (8 s): run side by side, the pack verifier waits about 6 s for the baseline agent's turn to end.
AGENT = """\
import os, time
time.sleep(2 if os.path.exists("/app/MEMORY.md") else 8)
"""


def _t(s: str) -> datetime:
    return datetime.fromisoformat(s.replace("Z", "+00:00"))


@pytest.mark.slow
def test_the_verifier_s_wait_for_the_other_arm_is_measured_and_left_out_of_wall_ms(tmp_path: Path, run_ab) -> None:
    make_task(tmp_path / "tasks", "wait", files={".agent.py": AGENT})
    code, doc, err = run_ab(
        str(tmp_path / "tasks"),
        "--network", "none", "--agent", "command", "--agent-cmd", "python3 /app/.agent.py",
        "--concurrency", "2", "--pack", str(one_item_pack(tmp_path / "pack.json")),
    )  # fmt: skip
    assert code in (0, 1), err
    trials = trials_by_id(doc)
    base, pack = trials["wait:baseline:1"], trials["wait:pack:1"]
    for tr in (base, pack):
        assert tr["fault"] is None, tr["fault"]
        ph, wall = tr["physics"], tr["harness_measured"]["wall_ms"]
        span = int((_t(tr["ended_at"]) - _t(tr["started_at"])).total_seconds() * 1000)
        assert isinstance(ph["phase_wait_ms"], int) and ph["phase_wait_ms"] >= 0
        assert abs(wall + ph["phase_wait_ms"] - span) <= 2, (wall, ph["phase_wait_ms"], span)
        assert ph["duration_ms"] == wall
        # the records page's keys stay exactly as they were
        assert set(tr["harness_measured"]) == {"wall_ms", "input_tokens", "output_tokens", "total_cost_usd"}
    # the pack verifier waited for the baseline agent's turn, and that is not the pack trial's work
    assert pack["physics"]["phase_wait_ms"] >= 2000, pack["physics"]
    assert pack["harness_measured"]["wall_ms"] < base["harness_measured"]["wall_ms"] - 2000

    # the log says where the wait was: on the event that starts the verifier (and the agent's turn)
    events = [json.loads(x) for x in next((tmp_path / "runs").glob("*/events.jsonl")).read_text().splitlines()]
    waits = {
        (e["event"], e["trial_id"]): e["waited_ms"]
        for e in events
        if e["event"] in ("agent.started", "verifier.started")
    }
    assert len(waits) == 4 and all(isinstance(w, int) for w in waits.values()), waits
    assert waits[("verifier.started", "wait:pack:1")] >= 2000
    assert pack["physics"]["phase_wait_ms"] == sum(w for (_, tid), w in waits.items() if tid == "wait:pack:1")
