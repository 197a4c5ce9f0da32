"""A run that stops because one attempt hit a harness bug must say so in its siblings' records.

Found by the breaker: every attempt still running when a sibling attempt raised recorded
`cancelled` with "the run was interrupted (SIGINT/SIGTERM)", though nobody sent a signal, which
sent the reader hunting for a signal that never came.

Since fault25 an exception inside one attempt is that trial's `internal` fault and the run goes on; what still
stops a run is an attempt that cannot record even that (its log cannot be written, say). The planted bug is
therefore two: the workspace diff raises, and so does the making of the fault's message.
"""

import json
from pathlib import Path

from runner_helpers import make_task

import memeval.runner._ending as ending_mod
import memeval.runner._workspace as workspace_mod


def test_siblings_of_a_harness_bug_record_the_bug_not_a_signal(tmp_path: Path, run_ab, monkeypatch):
    tasks = tmp_path / "tasks"
    make_task(tasks, "quick")
    make_task(tasks, "slow", files={"slow": ""})
    real_diff = workspace_mod.diff_trees

    def buggy_diff(pristine: Path, root: Path):
        if not (root / "app" / "slow").exists():  # a `quick` world (its folder is named by an opaque id)
            raise RuntimeError("planted harness bug")
        return real_diff(pristine, root)

    def unrecordable(exc: Exception, stage: str) -> str:
        raise RuntimeError("planted harness bug") from exc

    monkeypatch.setattr(workspace_mod, "diff_trees", buggy_diff)
    monkeypatch.setattr(ending_mod, "internal_message", unrecordable)
    agent = "sh -c 'if [ -f /app/slow ]; then sleep 60; fi'"  # a shell line: memeval runs argv, not a shell
    code, doc, err = run_ab(
        str(tasks), "--agent", "command", "--agent-cmd", agent, "--network", "none", "--concurrency", "4"
    )
    assert code != 0 and "planted harness bug" in err, (code, err[-2000:])
    (log,) = (tmp_path / "runs").glob("*/events.jsonl")
    events = [json.loads(line) for line in log.read_text().splitlines()]
    cancelled = [e for e in events if e["event"] == "fault.raised" and e["code"] == "cancelled"]
    # both arms of `slow` were running (the other arm of `quick` may have been too)
    assert {e["trial_id"] for e in cancelled} >= {"slow:baseline:1", "slow:pack:1"}, cancelled
    for e in cancelled:
        assert "SIGINT" not in e["message"], e
        assert "harness" in e["message"] and "quick:" in e["message"], e
        assert "RuntimeError: planted harness bug" in e["message"], e
