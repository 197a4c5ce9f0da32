from pathlib import Path

import pytest
from runner_helpers import MINI, make_task

from memeval.errors import TaskError
from memeval.tasks import env_pairs, load_task, load_task_set, parse_dockerfile


def test_loads_the_mini_task_set_with_a_stable_hash():
    a = load_task_set(MINI)
    b = load_task_set(MINI)
    assert [t.task_id for t in a.tasks] == ["add-numbers", "greet"]
    assert a.content_hash == b.content_hash and a.content_hash.startswith("sha256:")
    assert a.task("add-numbers").config.agent.timeout_sec == 30.0


def test_hash_covers_hidden_tests(tmp_path: Path):
    make_task(tmp_path, "t1")
    before = load_task_set(tmp_path).content_hash
    (tmp_path / "t1" / "tests" / "test.sh").write_text("#!/bin/bash\necho 0 > /logs/verifier/reward.txt\n")
    assert load_task_set(tmp_path).content_hash != before


@pytest.mark.parametrize("missing", ["task.toml", "instruction.md", "tests/test.sh"])
def test_missing_file_names_folder_and_file(tmp_path: Path, missing: str):
    t = make_task(tmp_path, "broken")
    (t / missing).unlink()
    with pytest.raises(TaskError) as exc:
        load_task(t)
    if missing != "task.toml":
        assert missing in str(exc.value) and "broken" in str(exc.value)


def test_malformed_task_toml(tmp_path: Path):
    t = make_task(tmp_path, "bad-toml", task_toml="[verifier\ntimeout_sec = ")
    with pytest.raises(TaskError, match="bad-toml.*not valid TOML"):
        load_task(t)


def test_bad_value_in_task_toml_is_named(tmp_path: Path):
    t = make_task(tmp_path, "bad-value", task_toml='[agent]\ntimeout_sec = "soon"\n')
    with pytest.raises(TaskError, match=r"agent\.timeout_sec"):
        load_task(t)


def test_unknown_task_in_subset(tmp_path: Path):
    make_task(tmp_path, "t1")
    with pytest.raises(TaskError, match="nope"):
        load_task_set(tmp_path, ["nope"])


def test_empty_folder_is_not_a_task_set(tmp_path: Path):
    with pytest.raises(TaskError, match="holds no task"):
        load_task_set(tmp_path)


def test_dockerfile_parse(tmp_path: Path):
    p = tmp_path / "Dockerfile"
    p.write_text(
        'FROM python:3.11-slim\n# comment\nARG V=2\nWORKDIR /app\nENV A=1 B="two words"\n'
        "COPY app/ /app/\nRUN mkdir -p /app/data && \\\n    echo hi > /app/data/x\nEXPOSE 80\nVOLUME /data\n"
    )
    kinds = [(s.kind, s.line) for s in parse_dockerfile(p)]
    assert kinds == [
        ("from", 1),
        ("arg", 3),
        ("workdir", 4),
        ("env", 5),
        ("copy", 6),
        ("run", 7),
        ("noop", 9),
        ("unsupported", 10),
    ]
    env = parse_dockerfile(p)[3]
    assert env_pairs(env.args[0], {}) == [("A", "1"), ("B", "two words")]  # expanded when the step is done


@pytest.mark.parametrize(
    ("toml", "where", "shown"),
    [
        ("[agent]\ntimeout_sec = 1e308\n", "agent.timeout_sec", "1e+308"),
        ("[verifier]\ntimeout_sec = inf\n", "verifier.timeout_sec", "inf"),
        ("[environment]\nmemory_mb = 1e308\n", "environment.memory_mb", "1e+308"),
        ("[environment]\nbuild_timeout_sec = nan\n", "environment.build_timeout_sec", "nan"),
    ],
)
def test_an_out_of_range_number_in_task_toml_is_a_usage_error_naming_value_and_file(
    tmp_path: Path, toml: str, where: str, shown: str
):
    """A real `memeval ab` process: exit 2 and one line naming the key, the value and the file to fix,
    never a traceback (1e308 seconds overflowed the sandbox's clock before)."""
    import subprocess
    import sys

    from runner_helpers import REPO

    t = make_task(tmp_path / "tasks", "huge", task_toml=toml)
    out = subprocess.run(
        [sys.executable, "-m", "memeval", "ab", str(t.parent), "--agent", "nop", "--network", "none"],
        cwd=tmp_path,
        env={**__import__("os").environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 2, out.stderr[-2000:]
    assert "Traceback" not in out.stderr and "Error" not in out.stderr
    assert where in out.stderr and f"(got {shown})" in out.stderr and str(t / "task.toml") in out.stderr


def test_a_size_string_too_large_to_hold_is_refused_by_name():
    from memeval.sandbox._limits import parse_size_mb

    assert parse_size_mb("2G", "memory") == 2 << 30
    for bad in ("1e308G", "infM", "nan", -5):
        with pytest.raises(ValueError, match=r"memory is .*at most 1P"):
            parse_size_mb(bad, "memory")
