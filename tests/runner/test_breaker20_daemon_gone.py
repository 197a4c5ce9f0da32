"""A daemon that rewrites the reward and exits before test.sh does is on the record, not a clean pass.

The program under test forks a daemon (double fork: its parent exits, so the verifier's exit wrapper, the
sandbox's subreaper, adopts it) that waits for test.sh's failing `reward.txt`, writes `1` over it and exits.
test.sh does a little more after its reward (here it prints a summary with Python, as many print or copy logs),
so the daemon is gone before test.sh exits: on main the wrapper reaped it silently in its wait loop ("reaps what
ends before the command"), nothing was left running to name, and the planted 1 passed with no finding and no
fault, even under `--tamper fail`. The wrapper now names every orphan it reaps while test.sh runs
(`ExitReport.ended_early`) in the `lingering-process` finding, which `--tamper fail` fails. A program that forks
a child and waits for it leaves no orphan and gets no finding.
"""

from __future__ import annotations

from hostile import findings, write_prog

TEST_SH = """\
out=$(python3 /app/prog.py)
if [ "$out" = 5 ]; then echo 1 > /logs/verifier/reward.txt; else echo 0 > /logs/verifier/reward.txt; fi
python3 -c "print('checked: answer was', '$out')"
"""
DAEMON = """\
import os, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        for fd in (0, 1, 2):
            os.close(fd)
        while True:  # a tight poll: the sandbox refuses inotify
            try:
                if os.stat("/logs/verifier/reward.txt").st_size:
                    break
            except FileNotFoundError:
                pass
        fd = os.open("/logs/verifier/reward.txt", os.O_WRONLY | os.O_TRUNC)
        os.write(fd, b"1\\n")
        os._exit(0)
    os._exit(0)
os.wait()
print(4)
"""
WAITED = """\
import os
pid = os.fork()
if pid == 0:
    os._exit(0)
os.waitpid(pid, 0)
print(4)
"""


def test_a_daemon_gone_before_test_sh_exits_is_a_finding_and_fails(hostile) -> None:
    hostile.task("daemon", write_prog(DAEMON), test_sh=TEST_SH)
    hostile.task("waited", write_prog(WAITED), test_sh=TEST_SH)
    run = hostile.run("--tamper", "fail")
    by_task = {}
    for t in run.trials:
        by_task.setdefault(t["task_id"], []).append(t)
    for t in by_task["daemon"]:
        found = findings(t)
        detail = found.get(("/tests/test.sh", "lingering-process"), "")
        assert "outlived the process that started them and ended while test.sh ran" in detail, t["tamper"]
        assert "python3" in detail, detail
        assert t["fault"] is None and t["tamper"]["failed"] is True, t["tamper"]
        assert "lingering-process" in t["tamper"]["reason"], t["tamper"]
    for t in by_task["waited"]:
        assert t["fault"] is None and (t["verified"], t["reward"]) == (False, 0), t
        assert findings(t) == {}, t["tamper"]


def test_the_report_names_orphans_reaped_apart_from_those_left_running() -> None:
    from memeval.sandbox import ExitReport, parse_exit_report

    hexed = b"python3".hex()
    report = f"exit 0\nlinger {b'sleep'.hex()}\ngone {hexed}\ngone {hexed}\nmore 2\ngonemore 7\nend\n"
    assert parse_exit_report(report) == ExitReport(0, ("sleep",), 2, ("python3", "python3"), 7)
    assert parse_exit_report(f"exit 0\ngone {hexed}\nend\n") == ExitReport(0, (), 0, ("python3",))
    for bad in (f"exit 0\ngone {hexed}\nlinger {hexed}\nend\n", "exit 0\ngone zz\nend\n", "exit 0\ngonemore x\nend\n"):
        assert parse_exit_report(bad) is None, bad
