"""`memeval ab`'s refusals of a bad `--slice` or `--upstream`, and the resume line a run's readers print.

Found by a new user on a fresh clone:

- `--slice pk_nope` said `pack 'fernhill' has no item 'pk_nope'`: no option named, no fix, no id
  to copy. `--upstream api=openai` (no url), `url=...` (no api) and `api=foo,url=...` all said the
  same `expected api=openai|anthropic|google,url=BASE_URL[,key_env=VAR]`, never which part was
  wrong. Each now names the value, the part at fault and a fix, in one line, exit 2, no run made.
- `memeval users list --db sqlite:///mistyped.sqlite` made an empty store there (and a new
  fingerprint key) and listed no accounts; every other listing says there is no store. It now
  says so too, and makes nothing.
- `memeval results` and `memeval compare` of an interrupted run said `go on with memeval ab TASKS
  --resume ID`: the log does not record the task folder, so the user had to guess it. `memeval ab`
  now records the command line that started the run in the run folder (`started-with.txt`, paths
  absolute), and both print it whole, from any folder.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from interrupted import interrupt_once_started
from patience import patient
from usage_line import one_usage_line

REPO = Path(__file__).resolve().parents[2]
MINI = REPO / "tests" / "fixtures" / "tasksets" / "mini"
SAMPLE_PACK = REPO / "samples" / "fernhill" / "pack.json"


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env["PYTHONPATH"] = str(REPO)
    return env


def _memeval(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "memeval", *args],
        cwd=cwd,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=patient(300),
    )


def test_a_slice_id_the_pack_lacks_names_the_option_the_nearest_id_and_the_fix(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    base = [
        "ab",
        str(MINI),
        "--agent",
        "oracle",
        "--network",
        "none",
        "--pack",
        str(SAMPLE_PACK),
        "--runs-dir",
        str(runs),
    ]
    near = "pk_01DVBJ064HNPH21RBBN3HJ2D98"  # an item of the sample pack, one letter off below
    out = _memeval(*base, "--slice", near[:-1] + "X", cwd=tmp_path)
    one_usage_line(
        out, f"--slice '{near[:-1]}X'", "fernhill", str(SAMPLE_PACK), f"did you mean '{near}'", "drop --slice"
    )
    out = _memeval(*base, "--slice", "", cwd=tmp_path)
    one_usage_line(out, "--slice ''", "is not an item id", near)
    assert not runs.exists() or not any(runs.iterdir())


@pytest.mark.parametrize(
    ("value", "needles"),
    [
        ("api=openai", ["no url", "needs api and url", "--upstream api=openai,url=https://HOST/v1"]),
        ("url=http://127.0.0.1:9/v1", ["no api", "needs api and url"]),
        (
            "api=foo,url=http://127.0.0.1:9/v1",
            ["api 'foo' is not one memeval speaks", "api=anthropic", "Gemini is google"],
        ),
        ("api=openai,urll=http://127.0.0.1:9/v1", ["'urll' is not a key it takes", "did you mean 'url'?"]),
        ("openai", ["'openai' is not key=value", "without spaces"]),
    ],
)
def test_a_bad_upstream_names_the_part_at_fault(tmp_path: Path, value: str, needles: list[str]) -> None:
    runs = tmp_path / "runs"
    out = _memeval("ab", str(MINI), "--agent", "oracle", "--upstream", value, "--runs-dir", str(runs), cwd=tmp_path)
    one_usage_line(out, f"--upstream {value!r}", *needles)
    assert not runs.exists() or not any(runs.iterdir())


@pytest.mark.slow  # 26 s in the full suite (a run, an interrupt, a resume)
def test_the_resume_line_of_results_and_compare_names_the_real_task_folder(tmp_path: Path) -> None:
    started = tmp_path / "started"
    started.mkdir()
    tasks = started / "my tasks"
    subprocess.run(["cp", "-r", str(MINI), str(tasks)], check=True)
    runs = started / "runs"
    cmd = [sys.executable, "-m", "memeval", "ab", "my tasks", "--agent", "command", "--agent-cmd", "sleep 60",
           "--agent-timeout", f"{patient(5):.1f}", "--network", "none", "--quiet"]  # fmt: skip
    interrupt_once_started(cmd, cwd=started, env=_env(), runs=runs)
    (run_dir,) = runs.iterdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    res = _memeval("results", str(run_dir), cwd=elsewhere)
    assert res.returncode == 0, res.stderr
    (line,) = [w for w in res.stdout.splitlines() if "go on with" in w]
    hint = line.split("`")[1]
    assert "TASKS" not in hint, line
    assert hint.startswith(f"memeval ab {shlex.quote(str(tasks))} --agent command --agent-cmd 'sleep 60'"), hint
    assert hint.endswith(f"--resume {run_dir.name} --runs-dir {runs}"), hint
    cmp = _memeval("compare", str(run_dir), str(run_dir), cwd=elsewhere)
    assert cmp.returncode == 0, cmp.stderr
    said = " ".join(cmp.stdout.split())
    assert f"finish it with `{hint}` and compare again" in said, said

    # The printed line works as written, from the folder the user is in now.
    argv = shlex.split(hint)
    assert argv[:2] == ["memeval", "ab"]
    done = subprocess.run(
        [sys.executable, "-m", "memeval", *argv[1:]], cwd=elsewhere, env=_env(), capture_output=True, text=True,
        timeout=patient(600),
    )  # fmt: skip
    # The resumed trials time out (5 s quiet, `patient`-scaled; 20 s before, the test's longest wait): the run
    # completes with every trial failed, nothing else refused.
    assert done.returncode in (0, 3), (done.returncode, done.stderr[-2000:])
    assert "interrupted" not in _memeval("results", str(run_dir), cwd=elsewhere).stdout


def test_users_list_of_a_missing_store_says_so_and_makes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "audit" / "mistyped.sqlite"
    for extra in ([], ["--json"]):
        out = _memeval("users", "list", "--db", f"sqlite:///{db}", *extra, cwd=tmp_path)
        one_usage_line(out, f"no audit store at {db}", "--db")
    assert not db.exists() and not db.parent.exists()
