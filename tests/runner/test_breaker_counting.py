"""Counting holes a hostile tester found: figures `memeval ab`, `results` and `runs` print must
never show a zero or a state that was not measured."""

from pathlib import Path

from runner_helpers import make_task


def test_fault_spend_is_null_with_a_reason_when_no_meter_ran(tmp_path: Path, run_ab):
    """Every trial faults at boot with no meter (`--network none`): what the faults cost is not
    known, so it must not read 0.0."""
    tasks = tmp_path / "tasks"
    make_task(tasks, "t1", dockerfile="WORKDIR /app\nVOLUME /data\n")
    code, doc, err = run_ab(str(tasks), "--agent", "command", "--agent-cmd", "true", "--network", "none")
    assert code == 3, err
    assert {t["fault"]["code"] for t in doc["trials"]} == {"boot"}
    spend = doc["verdict"]["fault_spend"]
    assert spend["baseline"] is None and spend["pack"] is None, spend
    assert "1 of 1" in spend["reason"] and "unknown" in spend["reason"], spend
