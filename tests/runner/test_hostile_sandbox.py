"""Hostile agents against the sandbox itself: host kernel settings, secrets in /proc, resource
exhaustion, and a verifier that runs the solver as another user.

Each attack runs in both arms through `memeval ab`, in real bubblewrap sandboxes. What the agent
managed is read from its retained world and from the host after the run, never from what it says.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import pytest
from runner_helpers import make_task

from memeval.sandbox import limits_mechanism

SYSCTL = Path("/proc/sys/kernel/printk_ratelimit_burst")
"""A harmless host sysctl the attack tries to change (restored by the test if it ever does)."""

KERNEL_WRITES = r"""
p=/app/probe.txt
: > $p
try() { if sh -c "$1" 2>/dev/null; then echo "WROTE $2" >> $p; fi; }
try 'echo 77 > /proc/sys/kernel/printk_ratelimit_burst' sysctl
try 'echo 1 > /proc/sys/vm/drop_caches' drop_caches
try 'echo 0 > /proc/sys/kernel/randomize_va_space' aslr
try 'echo h > /proc/sysrq-trigger' sysrq
try 'mount -t sysfs sysfs /tmp && echo x > /tmp/kernel/uevent_helper' sys
try 'echo x > /sys/kernel/uevent_helper' sys2
try 'mount -o remount,rw /proc/sys' remount
try 'unshare -r sh -c "echo 77 > /proc/sys/kernel/printk_ratelimit_burst"' nested_userns
grep -h Cap /proc/self/status >> /app/caps.txt
id -u > /app/uid.txt
exit 0
"""


def _run(run_ab, tasks: Path, agent: str, *extra: str) -> dict:
    code, doc, err = run_ab(str(tasks), "--agent", "command", "--agent-cmd", agent, "--retain", "always", *extra)
    assert code == 0, err
    assert len(doc["trials"]) == 2  # both arms
    return doc


def test_sandboxed_code_cannot_write_host_kernel_settings(tmp_path: Path, run_ab):
    before = SYSCTL.read_text()
    tasks = tmp_path / "tasks"
    make_task(tasks, "kernel", files={"attack.sh": KERNEL_WRITES}, test_sh="echo 0 > /logs/verifier/reward.txt\n")
    try:
        doc = _run(run_ab, tasks, "bash /app/attack.sh", "--network", "none")
    finally:
        after = SYSCTL.read_text()
        if after != before:
            SYSCTL.write_text(before)
    assert after == before, "a sandbox changed a host sysctl"
    for t in doc["trials"]:
        assert t["fault"] is None and t["execution"] == "completed", t
        world = tmp_path / "runs" / doc["run_id"] / t["workspace"]["retained"] / "app"
        assert (world / "probe.txt").read_text() == ""
        caps = dict(line.split(":\t") for line in (world / "caps.txt").read_text().splitlines())
        assert all(int(v, 16) == 0 for v in caps.values()), caps
        assert (world / "uid.txt").read_text().strip() == "0"  # root inside, nobody outside
        assert os.stat(world / "uid.txt").st_uid != 0


LEAK = r"""
out=/app/leak.txt
: > $out
for p in /proc/[0-9]*; do
  echo "== $p" >> $out
  cat $p/environ >> $out 2>/dev/null && echo "ENVIRON-READ $p" >> /app/readable.txt
  tr '\0' ' ' < $p/cmdline >> $out 2>/dev/null
done
echo "== mountinfo" >> $out
cat /proc/self/mountinfo >> $out
cat /proc/1/environ > /app/pid1-environ.txt 2>/dev/null; echo "pid1 rc=$?" >> /app/readable.txt
# copy what it was given everywhere memeval might store it
echo "my token is $PLANTED_ENV" ; echo "stderr $PLANTED_ENV" >&2
echo "$PLANTED_ENV" > "/app/file-$PLANTED_ENV"
ln -s "/nowhere/$PLANTED_ENV" /app/link
printf '{"message": "done %s"}' "$PLANTED_ENV" > "$MEMEVAL_CLAIM_FILE"
env > /app/env.txt
exit 0
"""


def test_no_planted_secret_in_any_process_or_any_stored_byte(tmp_path: Path, run_ab, monkeypatch):
    key = "sk-planted-upstream-" + secrets.token_hex(12)
    env_value = "planted-env-" + secrets.token_hex(12)
    monkeypatch.setenv("MEMEVAL_TEST_PLANTED_KEY", key)
    tasks = tmp_path / "tasks"
    verify = """
        cd /app
        n=$(cat /proc/[0-9]*/environ /proc/[0-9]*/cmdline 2>/dev/null | grep -c -F -f /tests/planted)
        cat /app/leak.txt /app/env.txt
        echo "verifier saw $n"
        if [ "$n" = 0 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt
    """
    t = make_task(tasks, "leak", files={"leak.sh": LEAK}, test_sh=verify)
    (t / "tests" / "planted").write_text(f"{key}\n{env_value}\n")  # from a file: not on grep's command line
    doc = _run(
        run_ab,
        tasks,
        "bash /app/leak.sh",
        "--upstream-url",
        "http://127.0.0.1:9/v1",
        "--upstream-key-env",
        "MEMEVAL_TEST_PLANTED_KEY",
        "--env",
        f"PLANTED_ENV={env_value}",
    )
    run_dir = tmp_path / "runs" / doc["run_id"]
    for t in doc["trials"]:
        assert t["fault"] is None and t["verified"] is True, t  # the verifier saw neither value anywhere
        world = run_dir / t["workspace"]["retained"] / "app"
        readable = (world / "readable.txt").read_text()
        assert "ENVIRON-READ /proc/1\n" not in readable and (world / "pid1-environ.txt").read_bytes() == b""
        leak = (world / "leak.txt").read_text(errors="replace")
        procs = leak.split("== mountinfo")[0]  # mount roots still name host folders: bubblewrap cannot hide them
        assert str(tmp_path) not in procs
        assert "REDACTED:env:PLANTED_ENV" in (world / "env.txt").read_text()
    found = []
    for p in run_dir.rglob("*"):
        name = str(p.relative_to(run_dir))
        if key in name or env_value in name:
            found.append(name)
        if p.is_symlink():
            if env_value in os.readlink(p):
                found.append(f"{name} (link)")
        elif p.is_file():
            data = p.read_bytes()
            if key.encode() in data or env_value.encode() in data:
                found.append(name)
    assert found == []


def _limits_task(tasks: Path, name: str, attack: str) -> None:
    toml = (
        "[verifier]\ntimeout_sec = 30.0\n[agent]\ntimeout_sec = 20.0\n"
        "[environment]\nmemory_mb = 256\nmax_processes = 64\ncpus = 1\n"
    )
    make_task(
        tasks,
        name,
        files={"attack.sh": attack},
        task_toml=toml,
        test_sh="echo verifier-ran; echo 0 > /logs/verifier/reward.txt\n",
    )


FORK_BOMB = "b() { b & b & wait; }; b\n"  # every process stays alive, waiting for its two children
MEMORY_HOG = """python3 - <<'PY'
blocks = []
for i in range(48):
    blocks.append(bytearray(64 << 20))  # 3 GiB in all, touched
PY
"""


@pytest.mark.parametrize(("attack", "limit"), [(FORK_BOMB, "process limit"), (MEMORY_HOG, "memory limit")])
def test_fork_bomb_and_memory_hog_end_the_turn_as_an_outcome_and_the_verifier_still_runs(
    tmp_path: Path, run_ab, attack: str, limit: str
):
    tasks = tmp_path / "tasks"
    _limits_task(tasks, "hog", attack)
    doc = _run(run_ab, tasks, "bash /app/attack.sh", "--network", "none")
    mech = limits_mechanism()
    for t in doc["trials"]:
        assert t["fault"] is None and t["assessment"] == "scored" and t["verified"] is False, t
        # the verifier's output (the retained world is the agent's, never what test.sh wrote)
        output = tmp_path / "runs" / doc["run_id"] / "artifacts" / "sha256" / t["checks"][0]["output"][7:]
        assert output.read_text() == "verifier-ran\n"
        if mech == "rlimits":  # the kernel enforces but cannot tell memeval which limit it was
            assert t["execution"] in ("errored", "timed_out", "completed"), t
        else:
            assert t["execution"] == "errored" and limit in (t["execution_reason"] or ""), t
            assert t["harness_measured"]["wall_ms"] < 20_000  # ended by the limit, not the 20 s budget


def test_dockerfile_env_path_arg_defaults_and_user(tmp_path: Path, run_ab):
    dockerfile = """\
FROM python:3.11-slim
ARG TOOL_DIR=/opt/tools
ARG UNSET_ARG
ENV PATH="/app/bin:$PATH" GREETING=${UNSET_ARG:-hello} TAG=${TOOL_DIR:+set}
WORKDIR /app
COPY app/ /app/
RUN mkdir -p /app/bin && printf '#!/bin/sh\\necho from-bin\\n' > /app/bin/mytool && chmod 755 /app/bin/mytool
RUN echo "$TOOL_DIR $GREETING" > /app/build.txt
USER nobody
"""
    agent_sh = """o=$(mytool; id -u; echo $GREETING $TAG; cat /app/build.txt; touch /app/x 2>/dev/null || echo ro)
printf '{"message": "%s"}' "$(echo $o)" > "$MEMEVAL_CLAIM_FILE"
"""
    agent = "sh /app/agent.sh"
    verify = """
        out=$(bash -c 'mytool; id -u' 2>&1)
        echo "$out"
        r=0; [ "$out" = "$(printf 'from-bin\\n0')" ] && r=1
        echo $r > /logs/verifier/reward.txt
    """
    tasks = tmp_path / "tasks"
    make_task(tasks, "docker", dockerfile=dockerfile, test_sh=verify, files={"agent.sh": agent_sh})
    doc = _run(run_ab, tasks, agent, "--network", "none")
    for t in doc["trials"]:
        assert t["fault"] is None and t["execution"] == "completed" and t["verified"] is True, t
        # the agent ran as USER nobody, with the Dockerfile's PATH, ENV and the RUN steps' output
        assert t["claim"]["message"] == "from-bin 65534 hello set /opt/tools hello ro", t["claim"]


def test_verifier_that_runs_the_solver_as_nobody_passes(tmp_path: Path, run_ab):
    solve = "printf 'print(6*7)\\n' > /app/solver.py\n"
    verify = """
        cd /app
        chown -R nobody:nogroup /app
        a=$(su -s /bin/sh nobody -c 'python3 /app/solver.py; id -u')
        b=$(runuser -u nobody -- sh -c 'id -u; touch /app/by-nobody; stat -c %U /app/by-nobody')
        c=$(setpriv --reuid=65534 --regid=65534 --clear-groups id -u)
        echo "$a / $b / $c"
        if [ "$a" = "$(printf '42\\n65534')" ] && [ "$b" = "$(printf '65534\\nnobody')" ] && [ "$c" = 65534 ]; then
          echo 1 > /logs/verifier/reward.txt
        else
          echo 0 > /logs/verifier/reward.txt
        fi
    """
    tasks = tmp_path / "tasks"
    make_task(tasks, "as-nobody", solve_sh=solve, test_sh=verify)
    doc = _run(run_ab, tasks, "true", "--network", "none")
    for t in doc["trials"]:
        assert t["fault"] is None and t["verified"] is False, t  # `true` solves nothing
    code, doc, err = run_ab(str(tasks), "--agent", "oracle", "--network", "none")
    assert code == 0, err
    assert all(t["fault"] is None and t["verified"] is True for t in doc["trials"]), doc["trials"]


# 8 files of 4 MiB each (32 MiB), each under a per-file limit of 10 MiB; `then` follows the writes
DISK_FILLER = "for i in 1 2 3 4 5 6 7 8; do head -c 4194304 /dev/zero > /app/fill-$i.bin; done\n{then}"
TMP_FILLER = (  # the same 32 MiB into the sandbox's own /tmp; the world keeps only what happened
    "r=wrote; for i in 1 2 3 4 5 6 7 8; do\n"
    "  head -c 4194304 /dev/zero > /tmp/fill-$i.bin 2>/dev/null || r=refused\n"
    "done\n"
    "echo $r > /app/tmp-result.txt\n"
)


@pytest.mark.parametrize("attack", [DISK_FILLER.format(then=""), DISK_FILLER.format(then="sleep 60\n"), TMP_FILLER])
def test_storage_mb_holds_the_total_not_only_each_file(tmp_path: Path, run_ab, attack: str):
    """`storage_mb = 10`: files each under 10 MiB adding up to 32 MiB end the turn `errored` with
    the reason, whether the agent exits at once (the check after the turn) or stays (the watch
    during it, long before its 20 s are up); the sandbox's own /tmp is on disk and counted the same."""
    tasks = tmp_path / "tasks"
    toml = "[verifier]\ntimeout_sec = 30.0\n[agent]\ntimeout_sec = 20.0\n[environment]\nstorage_mb = 10\n"
    make_task(
        tasks, "fill", files={"attack.sh": attack}, task_toml=toml, test_sh="echo 0 > /logs/verifier/reward.txt\n"
    )
    doc = _run(run_ab, tasks, "bash /app/attack.sh", "--network", "none")
    for t in doc["trials"]:
        assert t["fault"] is None and t["assessment"] == "scored", t
        assert t["execution"] == "errored", t
        assert "storage limit of 10 MiB (task.toml storage_mb) exceeded" in (t["execution_reason"] or ""), t
    assert (
        "storage_mb: files by RLIMIT_FSIZE, the agent's and the verifier's total by a watch"
        in doc["run_card"]["sandbox"]
    )
