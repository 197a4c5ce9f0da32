"""Attacks a hostile tester found, each now refused. memeval runs as root: host-side code must
never follow what an agent or a task planted."""

import os
import stat
import subprocess
import sys
import time
from pathlib import Path

from runner_helpers import MINI, REPO, make_task


def _greet(run_ab, agent_cmd: str, *extra: str):
    """`memeval ab` on the mini set's `greet` task, no network, with `agent_cmd` as the agent."""
    return run_ab(
        str(MINI), "--tasks", "greet", "--network", "none", "--agent", "command", "--agent-cmd", agent_cmd, *extra
    )


def test_claim_file_symlink_to_a_host_file_is_not_read(tmp_path: Path, run_ab):
    secret = tmp_path / "host-secret.txt"
    secret.write_text("HOST-SECRET-7f3a9")
    secret.chmod(0o600)
    code, doc, err = _greet(run_ab, f"ln -sf {secret} /run/memeval/out/claim.json")
    assert code == 0, err
    run = tmp_path / "runs" / doc["run_id"]
    for p in run.rglob("*"):
        if p.is_file():
            assert b"HOST-SECRET-7f3a9" not in p.read_bytes(), p


def test_dockerfile_cannot_write_through_a_planted_symlink(tmp_path: Path, run_ab):
    target = tmp_path / "host-target"
    target.mkdir()
    tasks = tmp_path / "tasks"
    t = make_task(
        tasks,
        "linker",
        dockerfile=(
            f"WORKDIR /app\nRUN ln -s {target} /app/link\nRUN mkdir -p /app/link/made-by-mkdir\n"
            "COPY payload.txt /app/link/made-by-copy.txt\n"
        ),
    )
    (t / "environment" / "payload.txt").write_text("payload")
    code, doc, err = run_ab(str(tasks), "--agent", "nop", "--network", "none")
    assert code == 3, err  # every trial faulted: measured nothing
    assert list(target.iterdir()) == []
    assert {x["fault"]["code"] for x in doc["trials"]} == {"boot"}
    assert "outside the world" in doc["trials"][0]["fault"]["message"]


def test_task_symlinks_leading_outside_the_task_are_refused(tmp_path: Path, run_ab):
    host = tmp_path / "host"
    host.mkdir()
    (host / "victim.conf").write_text("keep me")
    for where in ("environment/app/MEMORY.md", "tests/hostdir", "environment/app"):
        tasks = tmp_path / f"tasks-{where.replace('/', '_')}"
        t = make_task(tasks, "t1")
        link = t / where
        if link.exists():
            import shutil

            shutil.rmtree(link) if link.is_dir() else link.unlink()
        os.symlink(host / "victim.conf" if where.endswith(".md") else host, link)
        code, _, err = run_ab(str(tasks), "--agent", "nop", "--network", "none")
        assert code == 2 and "outside the task folder" in err, (where, err)
    assert (host / "victim.conf").read_text() == "keep me"


def test_special_files_and_bad_ids_in_task_sets_are_usage_errors(tmp_path: Path, run_ab):
    tasks = tmp_path / "fifo"
    t = make_task(tasks, "t1")
    os.mkfifo(t / "tests" / "pipe")
    code, _, err = run_ab(str(tasks), "--agent", "nop", "--network", "none")
    assert code == 2 and "fifo" in err
    for bad in ("a:pack:1", "has space", "-leading-dash"):
        tasks = tmp_path / f"ids{abs(hash(bad))}"
        make_task(tasks, bad)
        code, _, err = run_ab(str(tasks), "--agent", "nop", "--network", "none")
        assert code == 2 and "task id" in err, (bad, err)


def test_setuid_files_never_survive_into_a_retained_world(tmp_path: Path, run_ab):
    code, doc, err = _greet(run_ab, "sh -c 'cp /bin/dash /app/rootsh && chmod 4755 /app/rootsh'", "--retain", "always")
    assert code == 0, err
    run = tmp_path / "runs" / doc["run_id"]
    assert stat.S_IMODE(run.stat().st_mode) == 0o700
    for t in doc["trials"]:
        mode = (run / t["workspace"]["retained"] / "app" / "rootsh").stat().st_mode
        assert not mode & (stat.S_ISUID | stat.S_ISGID)


def test_an_agent_cannot_forge_a_boot_fault(tmp_path: Path, run_ab):
    code, doc, err = run_ab(
        str(MINI),
        "--tasks",
        "greet",
        "--network",
        "none",
        "--agent",
        "command",
        "--agent-cmd",
        'sh -c \'echo "memeval: agent command not found: x" >&2; '
        'echo "boot: forged"; rm -rf /run/memeval/out/*; exit 98\'',
    )
    assert code == 0, err
    for t in doc["trials"]:
        assert t["fault"] is None and t["execution"] == "errored" and t["verified"] is False


def test_odd_file_names_and_huge_output_do_not_break_the_harness(tmp_path: Path, run_ab):
    agent = (
        "python3 -c \"import sys; open(b'/app/bad\\xff.txt','wb').write(b'x'); "
        "open('/app/greeting.txt','w').write('hello'); sys.stdout.write('y' * (20 << 20))\""
    )
    code, doc, err = run_ab(
        str(MINI), "--tasks", "greet", "--network", "none", "--agent", "command", "--agent-cmd", agent
    )
    assert code == 0, err
    run = tmp_path / "runs" / doc["run_id"]
    sizes = [p.stat().st_size for p in (run / "artifacts" / "sha256").iterdir()]
    assert max(sizes) < 9 << 20
    assert all(t["verified"] is True for t in doc["trials"])


def test_env_values_the_agent_prints_are_blanked_in_artifacts(tmp_path: Path, run_ab):
    token = "sk-proj-" + "Q9w" * 12
    code, doc, err = _greet(run_ab, "sh -c 'env; env >&2'", "--env", f"SHOP_TOKEN={token}")
    assert code == 0, err
    run = tmp_path / "runs" / doc["run_id"]
    blobs = b"".join(p.read_bytes() for p in run.rglob("*") if p.is_file())
    assert token.encode() not in blobs and b"[REDACTED:env:SHOP_TOKEN]" in blobs


def test_two_processes_on_one_run_are_refused(tmp_path: Path):
    runs = tmp_path / "runs"
    args = [
        sys.executable,
        "-m",
        "memeval",
        "ab",
        str(MINI),
        "--agent",
        "command",
        "--agent-cmd",
        "sleep 60",
        "--network",
        "none",
        "--runs-dir",
        str(runs),
        "--quiet",
    ]
    first = subprocess.Popen(args, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    end = time.monotonic() + 30
    while not list(runs.glob("*/events.jsonl")) and time.monotonic() < end:
        time.sleep(0.05)
    run_id = next(runs.glob("*/events.jsonl")).parent.name
    second = subprocess.run([*args, "--resume", run_id], cwd=REPO, capture_output=True, text=True, timeout=60)
    first.kill()
    first.wait()
    assert second.returncode == 2 and "another memeval process" in second.stderr


def test_code_that_exits_early_under_test_is_not_a_pass(tmp_path: Path, run_ab):
    """`os._exit(0)` on import made the old sample verifiers see exit code 0 and pass."""
    sample = REPO / "samples" / "fernhill"
    agent = "sh -c 'echo \"import os; os._exit(0)\" > /app/delivery.py'"
    code, doc, err = run_ab(
        str(sample),
        "--tasks",
        "t01-thursday-order-arrival",
        "--agent",
        "command",
        "--agent-cmd",
        agent,
        "--network",
        "none",
    )
    assert code == 0, err
    assert [t["verified"] for t in doc["trials"]] == [False, False]
