"""`memeval ab --until-decided`: rounds, a look after each, stopping early or running to the maximum."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from runner_helpers import make_task

from memeval.results import load_run
from memeval.runreport import summarize

# Does the task only when the slice is there: the pack arm passes, the baseline arm fails.
MEMORY_AGENT = "sh -c 'if [ -f MEMORY.md ]; then echo ok > done.txt; fi'"
# Does the task in both arms: no difference at all.
BOTH_AGENT = "sh -c 'echo ok > done.txt'"
CHECK = "if [ -f /app/done.txt ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n"


def _tasks(root: Path, n: int = 12) -> Path:
    for i in range(n):
        make_task(root, f"t{i:02d}", test_sh=CHECK)
    return root


def _pack(path: Path) -> Path:
    items = [{"id": "pk_0001", "kind": "lesson", "text": "write done.txt", "provenance": {"source": "session"}}]
    path.write_text(json.dumps({"schema": "memeval.pack/1", "name": "p", "version": "1", "items": items}))
    return path


def _with_memory(run_ab, tasks: Path, pack: Path, *extra: str):
    """`memeval ab` on `tasks` with the memory-reading agent and `pack`, no network."""
    return run_ab(
        str(tasks), "--agent", "command", "--agent-cmd", MEMORY_AGENT, "--pack", str(pack), "--network", "none", *extra
    )


def _repeats(doc: dict) -> list[int]:
    return sorted({t["repeat"] for t in doc["trials"]})


def test_a_clear_difference_stops_after_the_first_round(tmp_path: Path, run_ab) -> None:
    tasks, pack = _tasks(tmp_path / "tasks"), _pack(tmp_path / "pack.json")
    whole = ("--looks-per-round", "1")  # a look only after whole rounds
    code, doc, err = _with_memory(
        run_ab, tasks, pack, "--until-decided", "--max-repeats", "3", "--concurrency", "4", *whole
    )
    assert code == 0, err
    assert _repeats(doc) == [1]  # 12 tasks x 2 arms, nothing of rounds 2 and 3 ran
    assert len(doc["trials"]) == 24
    seq = doc["sequential"]
    assert seq["rounds_run"] == 1 and seq["trials_saved"] == 48
    assert seq["path"]["verdict"] == "better" and seq["path"]["reason"] == "significant(round=1)"
    assert doc["verdict"]["verdict"] == "better"
    assert doc["verdict"]["reason"] == "sequential: significant(round=1)"
    assert doc["run_card"]["sequential"]["max_rounds"] == 3
    # The benchmarked default design is pinned on the card, so a replay decides the same.
    card = doc["run_card"]["sequential"]
    assert (card["spending"], card["gamma"], card["futility_power"], card["futility"]) == ("hsd", 0.0, 0.2, "binding")
    assert (card["looks_per_round"], card["statistic"]) == (1, "trial_sums")
    assert doc["run_card"]["repeats"] == 3
    # Stopping was by design: no planned trial is reported missing.
    assert doc["coverage"]["expected_trials"] == 24 and "not_run" not in doc["coverage"]["missing"]
    # The path is a projection: replaying the log gives it again, and a resume runs nothing more.
    run_dir = Path(doc["run_dir"])
    assert load_run(run_dir, use_cache=False).result.sequential.model_dump(mode="json") == seq
    lines = (run_dir / "events.jsonl").read_bytes().count(b"\n")
    code, again, err = _with_memory(
        run_ab,
        tasks,
        pack,
        "--until-decided",
        "--max-repeats",
        "3",
        "--concurrency",
        "4",
        *whole,
        "--resume",
        run_dir.name,
    )
    assert code == 0, err
    assert (run_dir / "events.jsonl").read_bytes().count(b"\n") == lines
    assert again["sequential"] == seq


def test_the_default_design_stops_within_the_first_round(tmp_path: Path, run_ab) -> None:
    # Ten looks a round over 12 tasks: groups floor(10 i / 12) = 0,0,1,2,3,4,5,5,6,7,8,9, so look h
    # of round 1 has run the first 2,3,4,5,6,8,9,10,11,12 tasks. Ten paired tasks (n_min) are there at
    # look 8, where all ten favour the pack: |S| = 10 is reached by 2 of 1024 sign patterns, and the
    # boundary is |S| > 8 (tests/stats/test_sequential.py works it out), so the run stops there,
    # having run 20 of the 72 planned trials.
    tasks, pack = _tasks(tmp_path / "tasks"), _pack(tmp_path / "pack.json")
    code, doc, err = _with_memory(run_ab, tasks, pack, "--until-decided", "--max-repeats", "3", "--concurrency", "4")
    assert code == 0, err
    assert doc["run_card"]["sequential"]["looks_per_round"] == 10
    assert sorted(t["task_id"] for t in doc["trials"]) == sorted([f"t{i:02d}" for i in range(10)] * 2)
    seq = doc["sequential"]
    assert seq["path"]["reason"] == "significant(round=1, look=8)" and seq["path"]["verdict"] == "better"
    assert (seq["rounds_run"], seq["trials_run"], seq["trials_saved"]) == (1, 20, 52)
    assert [look["decision"] for look in seq["path"]["looks"]] == ["too_few_tasks"] * 7 + ["better"]
    assert seq["path"]["looks"][-1]["boundary"] == 0.8
    assert doc["coverage"]["expected_trials"] == 20 and "not_run" not in doc["coverage"]["missing"]
    run = load_run(Path(doc["run_dir"]), use_cache=False)
    assert run.result.sequential.model_dump(mode="json") == seq
    # one trial an arm is the design here, not a weakness: no "run 3 or more repeats" advice
    assert any(w.kind == "few_trials" for w in run.result.verdict.warnings)
    assert not [w for w in summarize(run).warnings if "repeats per task" in w]


@pytest.mark.slow  # 20 s in the suite (91c579d9, three workers): handed out first
def test_no_difference_without_futility_runs_to_the_maximum(tmp_path: Path, run_ab) -> None:
    tasks, pack = _tasks(tmp_path / "tasks"), _pack(tmp_path / "pack.json")
    code, doc, err = run_ab(
        str(tasks),
        "--agent",
        "command",
        "--agent-cmd",
        BOTH_AGENT,
        "--pack",
        str(pack),
        "--network",
        "none",
        "--until-decided",
        "--max-repeats",
        "2",
        "--futility-power",
        "0",
    )
    assert code == 0, err
    assert _repeats(doc) == [1, 2] and len(doc["trials"]) == 48
    seq = doc["sequential"]
    assert seq["rounds_run"] == 2 and seq["trials_saved"] == 0
    assert seq["path"]["verdict"] == "unresolved"
    assert seq["path"]["reason"] == "max_rounds_reached"
    # Ten looks a round: round 1's first seven have fewer than ten paired tasks.
    decisions = [look["decision"] for look in seq["path"]["looks"]]
    assert decisions == ["too_few_tasks"] * 7 + ["continue"] * 12 + ["max_reached"]
    assert [look["look"] for look in seq["path"]["looks"]] == list(range(1, 21))


def test_repeats_beside_until_decided_is_a_usage_error(tmp_path: Path, run_ab) -> None:
    code, _, err = run_ab(
        str(_tasks(tmp_path / "tasks", 2)),
        "--agent",
        "nop",
        "--network",
        "none",
        "--until-decided",
        "--repeats",
        "2",
    )
    assert code == 2 and "--max-repeats" in err
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())


def test_the_ab_report_draws_the_looks(tmp_path: Path, run_ab) -> None:
    from memeval.runreport import build_context, render_html

    tasks, pack = _tasks(tmp_path / "tasks"), _pack(tmp_path / "pack.json")
    code, doc, err = _with_memory(run_ab, tasks, pack, "--until-decided", "--max-repeats", "3")
    assert code == 0, err
    html = render_html(build_context(load_run(Path(doc["run_dir"]))))
    assert "Looks after each round" in html
    assert "boundary" in html and "significant(round=1, look=8)" in html
    assert "9 within it" in html and "10 looks a round" in html  # the default design's looks
    assert "descriptive only" in html


def test_a_round_runs_in_the_groups_the_looks_read() -> None:
    # Five tasks, two looks a round: groups floor(2 i / 5) = 0, 0, 0, 1, 1 in sorted id order (the
    # same split as memeval.stats.look_repeats), whatever order the units come in.
    from memeval.runner._rounds import units_by_look

    ids = ["e", "d", "c", "b", "a"]
    units = [(t, r) for r in (2, 1) for t in ids]
    looks = units_by_look(units, ids, 2)
    assert [h for h, _ in looks] == [1, 2, 3, 4]
    assert [sorted(u) for _, u in looks] == [
        [("a", 1), ("b", 1), ("c", 1)],
        [("d", 1), ("e", 1)],
        [("a", 2), ("b", 2), ("c", 2)],
        [("d", 2), ("e", 2)],
    ]
    assert [h for h, _ in units_by_look(units)] == [1, 2]  # one look a round: the rounds
