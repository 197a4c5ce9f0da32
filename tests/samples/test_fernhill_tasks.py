"""The Fernhill sample tasks: layout, oracle passes, untouched starting files fail, no leaks."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from fernhill_harness import SAMPLE, TASK_IDS, TASKS, make_world, run_oracle, run_verifier

from memeval.packs import load_pack

REQUIRED = [
    "task.toml",
    "instruction.md",
    "environment/Dockerfile",
    "tests/test.sh",
    "tests/test_task.py",
    "solution/solve.sh",
]


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def _script(task_id: str) -> dict:
    return json.loads((SAMPLE / "model" / "scripts" / f"{task_id}.json").read_text())


def test_there_are_at_least_twelve_tasks_and_one_script_each() -> None:
    assert len(TASK_IDS) >= 12, TASK_IDS
    scripts = sorted(p.stem for p in (SAMPLE / "model" / "scripts").glob("*.json"))
    assert scripts == TASK_IDS


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_layout_is_harbor(task_id: str) -> None:
    task = TASKS / task_id
    for rel in REQUIRED:
        assert (task / rel).is_file(), f"{task_id}: {rel} missing"
    cfg = tomllib.loads((task / "task.toml").read_text())
    assert cfg["version"] == "1.0"
    meta = cfg["metadata"]
    assert meta["author_name"] and meta["difficulty"] in {"easy", "medium", "hard"}
    assert meta["category"] and isinstance(meta["tags"], list) and meta["tags"]
    assert cfg["verifier"]["timeout_sec"] == 60.0
    assert cfg["agent"]["timeout_sec"] == 120.0
    assert cfg["environment"]["build_timeout_sec"] == 60.0
    docker = [
        ln.split()[0].upper()
        for ln in (task / "environment/Dockerfile").read_text().splitlines()
        if ln.strip() and not ln.startswith("#")
    ]
    assert set(docker) <= {"FROM", "WORKDIR", "COPY", "ENV"}, docker
    assert "WORKDIR /app" in (task / "environment/Dockerfile").read_text()
    assert any((task / "environment" / "app").iterdir())
    for rel in ("tests/test.sh", "solution/solve.sh"):
        assert (task / rel).stat().st_mode & 0o111, f"{task_id}: {rel} is not executable"


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_oracle_passes_and_untouched_start_fails(task_id: str, tmp_path: Path) -> None:
    task = TASKS / task_id
    untouched = make_world(task, tmp_path / "nop")
    reward, proc = run_verifier(task, untouched, tmp_path / "nop")
    assert reward == "0", f"{task_id}: starting files scored {reward!r}\n{proc.stdout}{proc.stderr}"

    solved = make_world(task, tmp_path / "oracle")
    oracle = run_oracle(task, solved)
    assert oracle.returncode == 0, oracle.stderr
    reward, proc = run_verifier(task, solved, tmp_path / "oracle")
    assert reward == "1", f"{task_id}: oracle scored {reward!r}\n{proc.stdout}{proc.stderr}"


def test_a_reward_file_left_in_app_is_not_the_reward(tmp_path: Path) -> None:
    """The verifier writes to its own fresh folder; a forged file in /app changes nothing."""
    task = TASKS / TASK_IDS[0]
    app = make_world(task, tmp_path)
    (app / "reward.txt").write_text("1\n")
    reward, _ = run_verifier(task, app, tmp_path)
    assert reward == "0"


def test_pack_is_valid_and_from_sessions() -> None:
    pack = load_pack(SAMPLE / "pack.json")
    assert pack.name == "fernhill" and len(pack.items) >= 12
    assert {i.kind for i in pack.items} == {"fact", "lesson", "decision"}
    assert all(i.provenance.source == "session" and i.provenance.session_id for i in pack.items)
    records_page = [
        "The courier skips weekends for live plants",
        "refund window is 14 days",
        "Wholesale discounts stop at 10%",
        "The checkout tests need the payment mock",
    ]
    texts = _norm(" ".join(i.text for i in pack.items))
    for lesson in records_page:
        assert _norm(lesson) in texts, lesson


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_script_marker_is_its_pack_item_and_never_leaks(task_id: str) -> None:
    """Each lesson is one pack item; neither the instruction nor the starting files say it."""
    script = _script(task_id)
    task = TASKS / task_id
    assert re.search(r"\b" + script["ticket"] + r"\b", (task / "instruction.md").read_text())
    if script["pack_item"] is None:  # the one task the pack does not cover
        return
    item = load_pack(SAMPLE / "pack.json").item(script["pack_item"])
    marker = _norm(script["marker"])
    assert marker in _norm(item.text)
    assert marker not in _norm((task / "instruction.md").read_text())
    for f in (task / "environment").rglob("*"):
        if f.is_file():
            assert marker not in _norm(f.read_text()), f"{task_id}: {f.name} leaks the lesson"


def test_config_files_follow_the_runner_contract() -> None:
    cfg = tomllib.loads((SAMPLE / "memeval.toml").read_text())["ab"]
    for key in ("tasks", "pack", "agent", "prices"):
        assert (SAMPLE / cfg[key]).exists(), key
    assert cfg["model"] == "fernhill-scripted-1" and cfg["repeats"] == 1
    assert cfg["upstream"]["api"] == "openai"
    assert "{port_file}" in cfg["upstream"]["command"]
    prices = tomllib.loads((SAMPLE / "prices.toml").read_text())["models"]["fernhill-scripted-1"]
    assert prices["input_usd_per_mtok"] > 0 and prices["output_usd_per_mtok"] > 0
    agent = tomllib.loads((SAMPLE / "agent" / "agent.toml").read_text())
    assert agent["command"] == ["python3", "/opt/agent/agent.py"]
    assert agent["instruction_via"] in {"file", "stdin", "arg"} and agent["memory_file"] == "MEMORY.md"
