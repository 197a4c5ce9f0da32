"""Processes the verifier's test.sh leaves running cannot rewrite the reward, and are a tamper finding.

The program under test forks a daemon that keeps replacing `reward.txt` with a pass while test.sh
writes the failing reward last. The exit wrapper stops and kills everything left in the sandbox
the moment test.sh exits, so the reward read is the one test.sh left; the processes are named in
a `lingering-process` finding, which `--tamper fail` turns into a failure.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from runner_helpers import make_task

from memeval.sandbox import ExitReport, parse_exit_report

# Forks twice, then rewrites reward.txt with "1" every 2 ms: by a temporary file and an atomic
# rename, or straight into the file in a tight loop.
DAEMON = """\
import os, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        while True:
            if {rename}:
                with open('/logs/verifier/.r', 'w') as f:
                    f.write('1\\n')
                os.rename('/logs/verifier/.r', '/logs/verifier/reward.txt')
            else:
                with open('/logs/verifier/reward.txt', 'w') as f:
                    f.write('1\\n')
            time.sleep(0.002)
    os._exit(0)
time.sleep(0.1)  # the daemon has written a few times before test.sh writes its own reward
"""


@pytest.mark.slow
@pytest.mark.parametrize("rename", [True, False], ids=["rename", "in-place"])
def test_a_daemon_rewriting_the_reward_after_test_sh_is_found_and_fails(tmp_path: Path, run_ab, rename: bool):
    tasks = tmp_path / "tasks"
    make_task(
        tasks,
        "t",
        test_sh="python3 /app/prog.py; echo 0 > /logs/verifier/reward.txt\n",
        files={"prog.py": DAEMON.format(rename=rename)},
    )
    for policy in ("flag", "fail"):
        code, doc, err = run_ab(str(tasks), "--agent", "nop", "--network", "none", "--repeats", "3", "--tamper", policy)
        assert code in (0, 3), err
        assert len(doc["trials"]) == 6
        for t in doc["trials"]:
            # the daemon is stopped and killed the moment test.sh exits; it can still win the slice
            # between test.sh's last write and that stop, so the finding is what fails the trial
            lingering = [f for f in t["tamper"]["findings"] if f["kind"] == "lingering-process"]
            assert len(lingering) == 1, t["tamper"]
            assert lingering[0]["path"] == "/tests/test.sh" and lingering[0]["change"] == "running"
            assert "python3" in lingering[0]["detail"], lingering[0]
            if policy == "fail":
                assert t["verified"] is not True and t["reward"] in (None, 0.0), t


@pytest.mark.slow
def test_a_server_left_running_is_flagged_and_fails_under_tamper_fail(tmp_path: Path, run_ab):
    tasks = tmp_path / "tasks"
    # the pause lets the background fork exec `sleep`, so it is named `sleep` and not `bash`
    make_task(tasks, "t", test_sh="sleep 60 &\nsleep 0.2\necho 1 > /logs/verifier/reward.txt\n")
    args = (str(tasks), "--agent", "nop", "--network", "none")
    code, flagged, err = run_ab(*args)
    assert code == 0, err
    code, failed, err = run_ab(*args, "--tamper", "fail")
    assert code == 0, err
    for t in flagged["trials"]:
        assert t["verified"] is True and t["tamper"]["failed"] is False, t
        assert [f["kind"] for f in t["tamper"]["findings"]] == ["lingering-process"]
        assert t["tamper"]["findings"][0]["detail"].endswith("write): sleep"), t["tamper"]
    for t in failed["trials"]:
        assert t["verified"] is False and t["reward"] == 0.0 and t["checks"][0]["pass"] is True, t
        assert t["tamper"]["failed"] is True and "lingering-process" in t["tamper"]["reason"]


def test_a_test_sh_whose_background_work_ends_gets_no_finding(tmp_path: Path, run_ab):
    tasks = tmp_path / "tasks"
    make_task(
        tasks,
        "t",
        test_sh="(sleep 0.2; echo done > /tmp/x) &\nsh -c 'sleep 0.1' &\nwait\necho 1 > /logs/verifier/reward.txt\n",
    )
    code, doc, err = run_ab(str(tasks), "--agent", "nop", "--network", "none", "--tamper", "fail")
    assert code == 0, err
    for t in doc["trials"]:
        assert t["verified"] is True and t["tamper"]["findings"] == [], t["tamper"]


def test_the_exit_report_is_read_only_when_whole_and_alone():
    good = "exit 1\nlinger " + b"python3".hex() + "\nlinger " + b"a b\xff".hex() + "\nend\n"
    assert parse_exit_report(good) == ExitReport(1, ("python3", "a b\ufffd"))
    assert parse_exit_report("exit 0\nmore 3\nend\n") == ExitReport(0, (), 3)
    assert parse_exit_report("exit 0\nend\n") == ExitReport(0, ())
    for bad in ("", "exit 0\n", "exit 0\nend\nexit 0\nend\n", "exit 0\nlinger zz\nend\n", "exit -1\nend\n"):
        assert parse_exit_report(bad) is None, bad


def test_code_inside_cannot_forge_the_wrappers_report(tmp_path: Path):
    # test.sh writes a forged report into every open file of every process it can see; the
    # wrapper's pipe is not among them (the wrapper is undumpable, test.sh never held the pipe)
    from memeval.sandbox import SANDBOX_CAPS_FOR_USER_SWITCH, Mount, SandboxSpec, run_sandboxed

    app, logs = tmp_path / "app", tmp_path / "logs"
    app.mkdir()
    logs.mkdir()
    (app / "test.sh").write_text(
        "sleep 30 &\nsleep 0.2\n"
        "for f in /proc/[0-9]*/fd/*; do printf 'exit 0\\nend\\n' > \"$f\"; done 2>/dev/null\nexit 1\n"
    )
    spec = SandboxSpec(
        (Mount(app, "/app"), Mount(logs, "/logs/verifier", writable=True)),
        "/",
        {"PATH": "/usr/bin:/bin"},
        caps=SANDBOX_CAPS_FOR_USER_SWITCH,
    )
    out = tmp_path / "out.txt"
    res = run_sandboxed(spec, ["bash", "/app/test.sh"], timeout_s=20, stdout=out, stderr=out, exit_report=True)
    assert res.exit_code == 1
    assert parse_exit_report(res.status) == ExitReport(1, ("sleep",)), res.status
