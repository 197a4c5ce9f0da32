"""An agent's claim nested past what the log's reader takes never makes the run's log unreadable.

The claim file (`MEMEVAL_CLAIM_FILE`) and a preset's printed usage are the agent's text, kept on the record as
`claim.recorded` `self_reported`. pydantic reads a log line with a JSON recursion limit (about 200 levels) and
writes one with a serialisation limit (about 250): a claim of `{"usage": {"a": {"a": ...}}}` 230 deep (1.4 KB) was
written to the log and then no command could read it (`memeval results`, `replay`, `--resume`: "line N is not a
valid event ... recursion limit exceeded"), so one trial's agent hid the whole run, both arms; 300 deep the write
itself raised and the attempt ended a harness fault of the agent's choosing. A claim nested deeper than
`memeval.runner._outputs.MAX_CLAIM_DEPTH` is now kept as its text (cut), never as JSON.
"""

from __future__ import annotations

from pathlib import Path

from runner_helpers import make_task, trials_by_id

from memeval.eventlog import RunLog


def _deep(depth: int) -> str:
    return '{"message": "done", "usage": ' + '{"a": ' * depth + "1" + "}" * depth + "}"


def test_a_deeply_nested_claim_leaves_the_run_readable(tmp_path: Path, run_ab):
    tasks = tmp_path / "tasks"
    for depth in (230, 300):
        claim = _deep(depth)
        make_task(
            tasks,
            f"deep-{depth}",
            files={".attack.sh": f"cat > \"$MEMEVAL_CLAIM_FILE\" <<'J'\n{claim}\nJ\necho 1 > /app/ok\n"},
        )
    code, doc, err = run_ab(
        str(tasks), "--agent", "command", "--agent-cmd", "bash /app/.attack.sh", "--network", "none"
    )
    assert code in (0, 1, 3) and "trials" in doc, err  # main: "line N is not a valid event ... recursion limit"
    trials = trials_by_id(doc)
    assert len(trials) == 4, sorted(trials)
    for tr in trials.values():
        assert tr.get("fault") is None, tr
        assert (tr["verified"], tr["reward"]) == (True, 1), tr
    (run_dir,) = (tmp_path / "runs").iterdir()
    events = list(RunLog(run_dir))
    claims = [e for e in events if e.event == "claim.recorded"]
    assert len(claims) == 4
    for c in claims:
        assert c.self_reported is None
        assert c.message.startswith('{"message": "done", "usage": {"a": ')


def test_a_presets_deeply_nested_usage_is_left_out_and_the_claim_reads_back():
    """The same through a preset's printed usage (Claude Code's `result` line, Codex's `turn.completed`, summed by a
    recursive add that ran past Python's own limit at 990 levels): no raise, and the claim's event reads back."""
    from memeval.agents import parse_claim
    from memeval.eventlog._events import EVENT_ADAPTER, ClaimRecorded

    deep = '{"a": ' * 230 + "1" + "}" * 230
    deeper = '{"a": ' * 990 + "1" + "}" * 990
    outputs = {
        "claude-stream-json": '{"type": "result", "result": "done", "num_turns": 1, "usage": ' + deep + "}\n",
        "codex-jsonl": '{"type": "turn.completed", "usage": ' + deeper + "}\n",
        "opencode-jsonl": '{"type": "step_finish", "part": {"tokens": ' + deep + "}}\n",
    }
    for fmt, stdout in outputs.items():
        claim = parse_claim(fmt, stdout)
        reported = claim.self_reported or {}
        ev = ClaimRecorded(trial_id="t:pack:1", message=claim.message, self_reported=reported, source="stdout")
        assert EVENT_ADAPTER.validate_json(ev.model_dump_json()) == ev, fmt
