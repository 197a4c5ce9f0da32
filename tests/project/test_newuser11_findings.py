"""What a new user met (eleventh new-user round), each checked with real parts (memeval processes, real HTTP).

- A task folder whose task.toml was deleted or misspelt (`task.tml`) was left out of the set unsaid:
  `memeval ab` ran the other tasks (and pinned a hash without it), and `memeval check-tasks`, which
  lists every broken task, did not list it.
- `memeval ab SET --resume ID` typed without an option the run was started with was refused naming
  the field that differs (`timeouts.agent_s`) but not what to type: the line it was started with.
- `scripts/setup` printed one line and then nothing for the 3 minutes pip took.
- The review pages (`memeval serve`) and the run viewer (`memeval view`) answered a browser's
  `/favicon.ico` with 404: an error in its console on every first page.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

from cli_process import options_by_command
from live_server import announced_url
from patience import patient
from usage_line import one_usage_line, run_memeval

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "tasksets" / "mini"


def _set_with_a_lost_task_toml(tmp_path: Path, *others: str) -> Path:
    """A task set whose `a-no-toml` has instruction.md and tests/test.sh but no task.toml; `others` are good copies."""
    tasks = tmp_path / "tasks"
    for name in ("a-no-toml", *others):
        shutil.copytree(MINI / "greet", tasks / name)
    (tasks / "a-no-toml" / "task.toml").rename(tasks / "a-no-toml" / "task.tml")
    return tasks


def test_check_tasks_lists_a_task_folder_without_task_toml_as_malformed(tmp_path: Path) -> None:
    tasks = _set_with_a_lost_task_toml(tmp_path, "b-bad-toml")
    (tasks / "b-bad-toml" / "task.toml").write_text("garbage [[[\n")
    out = run_memeval("check-tasks", str(tasks), "--json", cwd=tmp_path)
    assert out.returncode == 1, out.stderr[-2000:]
    listed = {t["task_id"]: t for t in json.loads(out.stdout)["tasks"]}
    assert set(listed) == {"a-no-toml", "b-bad-toml"}, listed
    assert listed["a-no-toml"]["problems"] == ["malformed"]
    assert "has no task.toml" in listed["a-no-toml"]["details"][0], listed["a-no-toml"]


def test_ab_refuses_a_set_with_a_task_folder_without_task_toml(tmp_path: Path) -> None:
    tasks = _set_with_a_lost_task_toml(tmp_path, "d-good")
    out = run_memeval("ab", str(tasks), "--agent", "nop", "--network", "none", cwd=tmp_path)
    one_usage_line(out, "task 'a-no-toml'", "has no task.toml", "a Harbor task needs task.toml")
    assert not (tmp_path / "runs").exists()  # nothing planned, nothing run


def test_a_refused_resume_gives_the_line_the_run_was_started_with(tmp_path: Path) -> None:
    tasks = tmp_path / "tasks"
    shutil.copytree(MINI / "greet", tasks / "greet")
    (tasks / "greet" / "tests" / "test.sh").write_text("#!/bin/sh\necho 1 > /logs/verifier/reward.txt\n")
    given = [str(tasks), "--agent", "nop", "--network", "none", "--agent-timeout", "77"]
    first = run_memeval("ab", *given, "--json", cwd=tmp_path)
    assert first.returncode == 0, first.stderr[-2000:]
    run_id = json.loads(first.stdout)["run_id"]
    out = run_memeval("ab", *given[:-2], "--resume", run_id, cwd=tmp_path)  # --agent-timeout left out
    line = one_usage_line(out, f"cannot resume {run_id}", "timeouts.agent_s", "start a new run (leave out --resume)")
    started = line.split("Resume it with the options it was started with: `", 1)[1].split("`", 1)[0]
    words = shlex.split(started)
    assert words[:3] == ["memeval", "ab", str(tasks)] and words[-2:] == ["--resume", run_id], started
    assert "--agent-timeout 77.0" in started, started
    again = run_memeval(*words[1:], cwd=tmp_path)  # pasted as given: it is accepted
    assert again.returncode == 0 and f'"run_id": "{run_id}"' in again.stdout, again.stderr[-2000:]


def test_setup_says_how_long_the_quiet_pip_step_takes_and_took(tmp_path: Path) -> None:
    """The real `scripts/setup` in a copy whose `.venv/bin/python` is a stand-in that installs nothing.

    A user saw `installing Python packages into .venv` and then nothing for 3 minutes (pip runs with -q).
    """
    repo = Path(__file__).resolve().parents[2]
    (tmp_path / "scripts").mkdir()
    shutil.copy2(repo / "scripts" / "setup", tmp_path / "scripts" / "setup")
    shutil.copy2(repo / "pyproject.toml", tmp_path / "pyproject.toml")
    fake = tmp_path / ".venv" / "bin" / "python"
    fake.parent.mkdir(parents=True)
    fake.write_text('#!/bin/sh\necho "$*" >> "$(dirname "$0")/calls"\n')
    fake.chmod(0o755)
    res = subprocess.run(
        [str(tmp_path / "scripts" / "setup")],
        capture_output=True,
        text=True,
        timeout=patient(120),
        stdin=subprocess.DEVNULL,
    )
    assert res.returncode == 0, res.stderr
    assert "installing Python packages into .venv (1-4 minutes, quiet unless it fails)" in res.stderr, res.stderr
    assert re.search(r"Python packages installed in \d+ s", res.stderr), res.stderr
    assert "-m pip install -q --disable-pip-version-check -e ." in (fake.parent / "calls").read_text()


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=patient(10)) as r:  # noqa: S310 (127.0.0.1, the test's own server)
            return int(r.status)
    except urllib.error.HTTPError as exc:
        return exc.code


def test_the_viewer_answers_a_browsers_icon_request_with_no_content(tmp_path: Path) -> None:
    """A real `memeval view` process on a recorded run."""
    repo = Path(__file__).resolve().parents[2]
    run = tmp_path / "run"
    shutil.copytree(repo / "tests" / "fixtures" / "runlog_v1" / "oracle-mini", run)
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "memeval", "view", str(run), "--no-browser", "--port", "0"],
        cwd=tmp_path, env={**env, "PYTHONPATH": str(repo)}, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, start_new_session=True,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert "memeval view: http://127.0.0.1:" in line, line
        url = announced_url(line)  # the port --port 0 took
        assert _status(f"{url}/") == 200
        assert _status(f"{url}/favicon.ico") == 204
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.communicate(timeout=patient(30))


def test_the_review_pages_answer_a_browsers_icon_request_with_no_content(tmp_path: Path) -> None:
    """The review app `memeval serve` runs, over a real SQLite store, on real HTTP (uvicorn on 127.0.0.1)."""
    from live_server import LiveServer
    from pydantic import SecretBytes

    from memeval.audit import SqlAuditStore
    from memeval.review import ReviewSettings, create_review_app

    store = SqlAuditStore(f"sqlite:///{tmp_path / 'audit.sqlite'}", fingerprint_key=os.urandom(32))
    app = create_review_app(store, ReviewSettings(secret_key=SecretBytes(os.urandom(32))))
    with LiveServer(app) as srv:
        assert _status(srv.url.rstrip("/") + "/favicon.ico") == 204
        assert _status(srv.url.rstrip("/") + "/login") == 200


def test_an_ingest_of_no_event_makes_no_store(tmp_path: Path) -> None:
    """An empty pipe (`zcat missing.gz | memeval audit ingest -`) made an empty store, folders and key included."""
    env = {"MEMEVAL_DB": f"sqlite:///{tmp_path / 'new' / 'audit.sqlite'}"}
    out = run_memeval("audit", "ingest", "-", "--sender", "bot", cwd=tmp_path, env=env, stdin="\n\n")
    assert out.returncode == 0, out.stderr
    assert "read 0 events: standard input holds no event" in out.stdout, out.stdout
    as_json = run_memeval("audit", "ingest", "-", "--sender", "bot", "--json", cwd=tmp_path, env=env, stdin="")
    assert json.loads(as_json.stdout)["stored"] == 0, as_json.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [], list(tmp_path.rglob("*"))


def test_every_option_readmes_json_table_names_is_one_its_command_takes() -> None:
    """The table said `plan --json` with `--pilot RUN` gives `memeval.plan/2`; the option is `--from`."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    start = readme.index("| command | `schema` |")
    rows = readme[start : readme.index("\n\n", start)].splitlines()[2:]
    options = options_by_command()
    unknown = []
    for row in rows:
        cell = row.split("|")[1].strip().strip("`").split()
        command = " ".join(w for w in cell if not w.startswith("-") and not w.isupper())
        unknown += [(command, o) for o in re.findall(r"(?<![\w-])--[a-z][a-z-]*", row) if o not in options[command]]
    assert len(rows) > 15 and unknown == [], unknown


def test_password_stdin_that_ends_too_soon_says_which_password_is_missing(tmp_path: Path) -> None:
    """An empty pipe to `--password-stdin` was 'the password has 0 characters: use at least 12' (a new
    account) or 'wrong name or password' (a login); with `users add --user`, a missing second line too."""
    env = {"MEMEVAL_DB": f"sqlite:///{tmp_path / 'audit.sqlite'}"}
    out = run_memeval("users", "add", "root", "--role", "admin", "--password-stdin", cwd=tmp_path, env=env, stdin="")
    one_usage_line(out, "--password-stdin: standard input ended before the new password for root", "a line of its own")
    assert list(tmp_path.iterdir()) == []  # nothing made
