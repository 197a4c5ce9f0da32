"""A file the user hands memeval that nests past the parser's recursion, or is not UTF-8, is a usage error.

`json.loads` and `tomllib` read arrays and tables by recursion: a pack, `task.toml`, `taskset.toml`, `agent.toml`,
`memeval.toml` or price file holding a few thousand `[` raised `RecursionError`, and a byte that is not UTF-8 in
`agent.toml`, `memeval.toml` or `taskset.toml` raised `UnicodeDecodeError`, and a NUL character (`\\u0000`) in a
string of `agent.toml` raised `ValueError: embedded null byte` when the agent was started. Each ended `memeval ab` (and
`check-tasks`) in a traceback, exit 1, where every other malformed file is one `error:` line naming it, exit 2.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from usage_line import run_memeval

from memeval.agents._spec import load_agent_file
from memeval.errors import UsageError
from memeval.meter import load_user_prices
from memeval.packs import load_pack
from memeval.project import load_project
from memeval.tasks import load_task, load_task_set

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "fernhill"
DEEP = "x = " + "[" * 5000 + "]" * 5000 + "\n"
NOT_UTF8 = b"\n# \xff\xfe\n"
TASK = "t14-gift-wrap-price"


@pytest.fixture
def team(tmp_path: Path) -> Path:
    """A copy of the sample team to spoil."""
    return Path(shutil.copytree(SAMPLE, tmp_path / "team", ignore=shutil.ignore_patterns("runs", ".work")))


def _append(path: Path, data: bytes) -> Path:
    with path.open("ab") as f:
        f.write(data)
    return path


CASES: dict[str, tuple[Callable[[Path], object], Callable[[Path], Path], str]] = {
    "pack-deep": (
        load_pack,
        lambda t: _write(t / "pack.json", ("[" * 200_000 + "]" * 200_000).encode()),
        "nests deeper than memeval's JSON reader",
    ),
    "task-deep": (load_task, lambda t: _append(t / "tasks" / TASK / "task.toml", DEEP.encode()).parent, "nest deeper"),
    "taskset-deep": (
        load_task_set,
        lambda t: _write(t / "tasks" / "taskset.toml", DEEP.encode()).parent,
        "nest deeper",
    ),
    "taskset-not-utf8": (
        load_task_set,
        lambda t: _write(t / "tasks" / "taskset.toml", b'version = "1"' + NOT_UTF8).parent,
        "not UTF-8 text (byte 16",
    ),
    "agent-deep": (load_agent_file, lambda t: _append(t / "agent" / "agent.toml", DEEP.encode()), "nest deeper"),
    "agent-not-utf8": (load_agent_file, lambda t: _append(t / "agent" / "agent.toml", NOT_UTF8), "not UTF-8 text"),
    "agent-nul": (
        load_agent_file,
        lambda t: _append(t / "agent" / "agent.toml", b'pack_args = ["--read", "{memory_file}\\u0000"]\n'),
        "pack_args[1] holds a NUL character",
    ),
    "project-deep": (load_project, lambda t: _append(t / "memeval.toml", DEEP.encode()).parent, "nest deeper"),
    "project-not-utf8": (load_project, lambda t: _append(t / "memeval.toml", NOT_UTF8).parent, "not UTF-8 text"),
    "project-nul": (
        load_project,
        lambda t: (
            _write(
                t / "memeval.toml",
                (t / "memeval.toml").read_bytes().replace(b'model = "fernhill', b'model = "fern\\u0000hill'),
            ).parent
        ),
        "ab.model holds a NUL character",
    ),
    "prices-deep": (load_user_prices, lambda t: _append(t / "prices.toml", DEEP.encode()), "nest deeper"),
}


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_deep_or_undecodable_file_is_a_usage_error_naming_it(team: Path, case: str) -> None:
    load, spoil, words = CASES[case]
    target = spoil(team)
    with pytest.raises(UsageError) as caught:
        load(target)
    assert words in str(caught.value), str(caught.value)
    assert "team" in str(caught.value) or TASK in str(caught.value), str(caught.value)


def test_memeval_ab_refuses_a_deep_task_toml_in_one_line(team: Path, tmp_path: Path) -> None:
    _append(team / "tasks" / TASK / "task.toml", DEEP.encode())
    r = run_memeval("ab", str(team), "--tasks", TASK, "--runs-dir", str(tmp_path / "runs"), cwd=tmp_path, timeout_s=120)
    assert r.returncode == 2, (r.returncode, r.stderr[-2000:])
    assert "Traceback" not in r.stderr and "RecursionError" not in r.stderr, r.stderr[-2000:]
    assert r.stderr.startswith("error: task 't14-gift-wrap-price': task.toml is not valid TOML: "), r.stderr
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())


def test_memeval_ab_refuses_a_nul_in_memeval_toml_in_one_line(team: Path, tmp_path: Path) -> None:
    """`[ab] pack = "p\\u0000ack.json"` ended `memeval ab` in `ValueError: embedded null byte` (found by review21)."""
    toml = team / "memeval.toml"
    toml.write_bytes(toml.read_bytes().replace(b'pack = "pack.json"', b'pack = "pa\\u0000ck.json"'))
    r = run_memeval("ab", str(team), "--tasks", TASK, "--runs-dir", str(tmp_path / "runs"), cwd=tmp_path, timeout_s=120)
    assert r.returncode == 2, (r.returncode, r.stderr[-2000:])
    assert "Traceback" not in r.stderr, r.stderr[-2000:]
    assert r.stderr.startswith(f"error: {toml}: ab.pack holds a NUL character"), r.stderr
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())
