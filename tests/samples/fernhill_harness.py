"""Shared parts for the Fernhill sample tests: the sample's paths, a bubblewrap runner, the server.

Tasks hard-code `/app`, `/tests`, `/solution` and `/logs/verifier`, so every task file runs
inside a bubblewrap sandbox that binds temporary folders at those paths, with the host's `/usr`
read-only and nothing else of the host. This is the same kind of world memeval builds.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "fernhill"
TASKS = SAMPLE / "tasks"
TASK_IDS = sorted(p.name for p in TASKS.iterdir() if p.is_dir() and not p.name.startswith("."))
SYSTEM_PYTHON = "/usr/bin/python3"


@dataclass(frozen=True)
class Bind:
    """One folder or file bound into the sandbox."""

    source: Path
    target: str
    writable: bool = False


def bwrap(
    binds: Sequence[Bind],
    argv: Sequence[str],
    *,
    env: dict[str, str] | None = None,
    share_net: bool = False,
    timeout: float = 60,
) -> subprocess.CompletedProcess[str]:
    """Run `argv` in a fresh bubblewrap sandbox with cwd `/app`; returns the finished process."""
    if shutil.which("bwrap") is None:
        pytest.fail("bubblewrap (bwrap) is not installed: apt-get install bubblewrap")
    cmd = [
        "bwrap",
        "--unshare-all",
        "--die-with-parent",
        "--new-session",
        "--ro-bind",
        "/usr",
        "/usr",
        "--symlink",
        "usr/bin",
        "/bin",
        "--symlink",
        "usr/lib",
        "/lib",
        "--symlink",
        "usr/lib64",
        "/lib64",
        "--proc",
        "/proc",
        "--dev",
        "/dev",
        "--tmpfs",
        "/tmp",
    ]
    if share_net:
        cmd.append("--share-net")
    for b in binds:
        cmd += ["--bind" if b.writable else "--ro-bind", str(b.source), b.target]
    cmd += ["--chdir", "/app", "--clearenv"]
    full_env = {"PATH": "/usr/bin:/bin", "HOME": "/tmp", "LANG": "C.UTF-8", **(env or {})}
    for key, value in full_env.items():
        cmd += ["--setenv", key, value]
    return subprocess.run([*cmd, *argv], capture_output=True, text=True, timeout=timeout)


def dockerfile_env(task: Path) -> dict[str, str]:
    """The ENV lines of a task's simple Dockerfile (`ENV KEY=value` or `ENV KEY value`)."""
    env: dict[str, str] = {}
    for line in (task / "environment" / "Dockerfile").read_text().splitlines():
        parts = line.strip().split(None, 1)
        if len(parts) == 2 and parts[0].upper() == "ENV":
            key, _, value = parts[1].partition("=") if "=" in parts[1] else parts[1].partition(" ")
            env[key.strip()] = value.strip().strip('"')
    return env


def make_world(task: Path, root: Path) -> Path:
    """A fresh copy of the task's starting files (`environment/app`) under `root`; returns it."""
    app = root / "app"
    shutil.copytree(task / "environment" / "app", app)
    return app


def run_verifier(task: Path, app: Path, root: Path) -> tuple[str, subprocess.CompletedProcess[str]]:
    """Run the held-back `tests/test.sh` against `app`; returns (reward text, process).

    The tests are copied in only now, read-only, with an empty `/logs/verifier` made here.
    """
    tests = root / "verifier-tests"
    logs = root / "verifier-logs"
    if tests.exists():
        shutil.rmtree(tests)
    shutil.copytree(task / "tests", tests)
    logs.mkdir()
    proc = bwrap(
        [Bind(app, "/app", True), Bind(tests, "/tests"), Bind(logs, "/logs/verifier", True)],
        ["/bin/sh", "/tests/test.sh"],
        env=dockerfile_env(task),
    )
    reward = logs / "reward.txt"
    return (reward.read_text().strip() if reward.exists() else ""), proc


def run_oracle(task: Path, app: Path) -> subprocess.CompletedProcess[str]:
    """Run the task's `solution/solve.sh` against `app` with `/solution` bound read-only."""
    return bwrap(
        [Bind(app, "/app", True), Bind(task / "solution", "/solution")],
        ["/bin/sh", "/solution/solve.sh"],
        env=dockerfile_env(task),
    )


@dataclass(frozen=True)
class ScriptedServer:
    """A running scripted model server."""

    port: int
    process: subprocess.Popen[bytes]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"


def start_scripted_server(tmp: Path) -> ScriptedServer:
    """Start `model/scripted_server.py` as a real subprocess and wait for its port file."""
    port_file = tmp / "port"
    proc = subprocess.Popen(
        [
            SYSTEM_PYTHON,
            str(SAMPLE / "model" / "scripted_server.py"),
            "--port-file",
            str(port_file),
        ],
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10
    while not port_file.exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"scripted server did not write its port file (exit {proc.poll()})")
        time.sleep(0.02)
    return ScriptedServer(int(port_file.read_text()), proc)
