"""Run a command under Debian's bubblewrap.

The system is read-only, chosen folders are bound, nothing else of the host is visible, and a
private PID namespace makes every process die with the turn.

bubblewrap's options are documented in bwrap(1). With `--unshare-pid` the command runs as the
child of bubblewrap's own init; when the command exits (or bubblewrap is killed) the namespace is
torn down and the kernel kills every process left in it, including daemons that `setsid` away.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from memeval.errors import SandboxError

SYSTEM_DIRS = ("/usr",)
SYSTEM_LINKS = (("usr/bin", "/bin"), ("usr/lib", "/lib"), ("usr/lib64", "/lib64"), ("usr/sbin", "/sbin"))
ETC_FILES = (
    "/etc/passwd",
    "/etc/group",
    "/etc/hosts",
    "/etc/nsswitch.conf",
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/alternatives",
    "/etc/ssl",
    "/etc/ca-certificates",
    "/etc/localtime",
    "/etc/mime.types",
    "/etc/python3",
    "/etc/python3.11",
    "/etc/pip.conf",
    "/etc/xdg/pip",
    "/etc/debian_version",
    "/etc/os-release",
    "/etc/resolv.conf",
    "/etc/gai.conf",
)
"""Files of the host's /etc a normal program needs; bound read-only when present."""

MAX_FILE_BYTES = 1 << 30
"""Default RLIMIT_FSIZE of sandboxed processes: 1 GiB per file."""

RESERVED = ("/usr", "/bin", "/lib", "/lib64", "/sbin", "/etc", "/proc", "/dev", "/tmp", "/run/memeval")
"""Paths a world may not bind over: they belong to the system or to memeval."""


@dataclass(frozen=True)
class Mount:
    """A host folder or file shown inside the sandbox.

    Attributes:
        host: the path on the host.
        inside: the absolute path inside the sandbox.
        writable: False binds it read-only.
    """

    host: Path
    inside: str
    writable: bool = False


@dataclass(frozen=True)
class SandboxSpec:
    """What a sandboxed command sees.

    Attributes:
        mounts: folders and files bound in, in order (later ones may sit inside earlier ones).
        cwd: the working directory inside.
        env: the whole environment (nothing of the host's is inherited).
        share_net: False gives a private network namespace with only loopback.
    """

    mounts: tuple[Mount, ...]
    cwd: str
    env: Mapping[str, str] = field(default_factory=dict)
    share_net: bool = False


@dataclass(frozen=True)
class SandboxResult:
    """How a sandboxed command ended.

    Attributes:
        exit_code: the command's exit status, or None when it was killed by memeval or from outside.
        timed_out: memeval killed it after `timeout_s`.
        died: bubblewrap itself was killed by a signal memeval did not send (a `process` fault).
        signal: the signal that ended bubblewrap, when `died`.
        duration_ms: wall time from start to end, in milliseconds.
    """

    exit_code: int | None
    timed_out: bool
    died: bool
    signal: int | None
    duration_ms: int
    status: str = ""
    """What the command wrote to its status pipe (see `run_sandboxed`'s `status_pipe`)."""


def bwrap_path() -> str:
    """The bubblewrap executable.

    Raises:
        SandboxError: bubblewrap is not installed (with the fix).
    """
    found = shutil.which("bwrap")
    if found is None:
        raise SandboxError(
            "bubblewrap (bwrap) is not installed; memeval runs every agent turn in it. "
            "Install it with scripts/setup or: apt-get install -y bubblewrap"
        )
    return found


def bwrap_version() -> str:
    """`bwrap --version` without the program name, e.g. `0.8.0`."""
    out = subprocess.run([bwrap_path(), "--version"], capture_output=True, text=True, check=True)
    return out.stdout.strip().split()[-1]


def build_argv(spec: SandboxSpec, command: Sequence[str]) -> list[str]:
    """The bubblewrap command line for `command` under `spec`."""
    argv = [
        bwrap_path(),
        "--unshare-all",
        "--die-with-parent",
        "--new-session",
        "--cap-drop",
        "ALL",
        "--clearenv",
        "--hostname",
        "memeval",
    ]
    if spec.share_net:
        argv.append("--share-net")
    for d in SYSTEM_DIRS:
        argv += ["--ro-bind", d, d]
    for target, link in SYSTEM_LINKS:
        argv += ["--symlink", target, link]
    for f in ETC_FILES:
        argv += ["--ro-bind-try", f, f]
    argv += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--dir", "/run"]
    for m in spec.mounts:
        argv += ["--bind" if m.writable else "--ro-bind", str(m.host), m.inside]
    for k, v in spec.env.items():
        argv += ["--setenv", k, v]
    argv += ["--chdir", spec.cwd, "--"]
    argv += list(command)
    return argv


def run_sandboxed(
    spec: SandboxSpec,
    command: Sequence[str],
    *,
    timeout_s: float,
    stdout: Path,
    stderr: Path,
    stdin: Path | None = None,
    status_pipe: bool = False,
    max_file_bytes: int = MAX_FILE_BYTES,
) -> SandboxResult:
    """Run `command` in a sandbox and wait for it, killing everything it started at the end.

    Args:
        spec: mounts, working directory, environment and network.
        command: the argv inside the sandbox.
        timeout_s: wall-clock budget in seconds; on expiry the whole sandbox is killed (SIGKILL).
        stdout: file that receives the command's standard output.
        stderr: file that receives its standard error.
        stdin: file fed to standard input (default: /dev/null).
        status_pipe: give the command a pipe back to memeval: `{status_fd}` in `command` is
            replaced by its descriptor number. A wrapper writes to it and closes it before it
            execs the agent, so the agent can neither read nor forge what it says.
        max_file_bytes: largest file the sandboxed processes may write (RLIMIT_FSIZE), stdout and
            stderr included; past it the writer gets SIGXFSZ.

    Returns:
        How it ended; see `SandboxResult`.

    Raises:
        SandboxError: bubblewrap is missing or could not be started.
    """
    read_end = write_end = -1
    if status_pipe:
        read_end, write_end = os.pipe()
        command = [c.replace("{status_fd}", str(write_end)) for c in command]
    argv = build_argv(spec, command)
    start = time.monotonic()
    with (
        stdout.open("wb") as out,
        out if stderr == stdout else stderr.open("wb") as err,
        stdin.open("rb") if stdin else open(os.devnull, "rb") as inp,
    ):
        try:
            proc = subprocess.Popen(
                ["prlimit", f"--fsize={max_file_bytes}", "--", *argv],
                stdin=inp,
                stdout=out,
                stderr=err,
                start_new_session=True,
                pass_fds=(write_end,) if status_pipe else (),
                preexec_fn=_die_with_parent,  # noqa: PLW1509 - one prctl call
            )
        except OSError as exc:
            raise SandboxError(f"could not start bubblewrap: {exc}") from exc
        finally:
            if status_pipe:
                os.close(write_end)
        timed_out = False
        try:
            code = proc.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            timed_out = True
            kill_group(proc)
            code = proc.wait()
        except BaseException:
            kill_group(proc)
            proc.wait()
            raise
    ms = int((time.monotonic() - start) * 1000)
    status = ""
    if status_pipe:
        with os.fdopen(read_end, "rb") as r:  # every writer is gone: the namespace died with the command
            status = r.read(65536).decode("utf-8", "replace")
    if timed_out:
        return SandboxResult(None, True, False, None, ms, status)
    if code < 0:
        return SandboxResult(None, False, True, -code, ms, status)
    return SandboxResult(code, False, False, None, ms, status)


_PR_SET_PDEATHSIG = 1
_LIBC = ctypes.CDLL(None, use_errno=True)


def _die_with_parent() -> None:
    """In the child before exec: SIGKILL it when the thread that started it ends, so a sandbox
    never outlives a memeval killed with `kill -9` (bubblewrap's own --die-with-parent covers
    only the processes inside)."""
    _LIBC.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def kill_group(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL bubblewrap's process group; its PID namespace takes every process with it."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        return
