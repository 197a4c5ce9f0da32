"""What a sandboxed command sees and how it ended: the records every sandbox backend shares."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from memeval.sandbox._limits import Limits

SANDBOX_CAPS_FOR_USER_SWITCH = ("CAP_SETUID", "CAP_SETGID", "CAP_CHOWN", "CAP_DAC_OVERRIDE", "CAP_FOWNER", "CAP_KILL")
"""Capabilities a verifier keeps inside its own user namespace, so tests can run the solver as
another user (`su`, `runuser`, `setpriv`) as they would as root in a container. They act only on
what the namespace maps (the sandbox's own uids and the world it owns), never on the host."""


@dataclass(frozen=True)
class Mount:
    """A host folder or file shown inside the sandbox.

    Attributes:
        host: the path on the host.
        inside: the absolute path inside the sandbox.
        writable: False binds it read-only. A writable mount is handed to the sandbox's root
            user (its files are chowned to the uid that root maps to on the host) before it starts.
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
        env: the whole environment (nothing of the host's is inherited, not even by the
            sandbox's own init process).
        share_net: False gives a private network namespace with only loopback.
        uid: the user the command runs as inside (0 is the sandbox's root, an unprivileged uid on
            the host); a Dockerfile `USER`.
        gid: its group inside.
        caps: capabilities kept inside the sandbox's user namespace (default: none).
        limits: resource limits (None: memeval's defaults, see `Limits`).
        tool_mounts: extra read-only (host path, path inside) pairs for agent tools installed
            outside /usr; bound after the system folders and before `mounts`.
        proxy_socket: the metering proxy's Unix socket; when set, the backend relays
            127.0.0.1:`relay_port` inside to it (agent turns only).
        relay_port: the loopback port of that relay.
        watch_disk: hold `limits.disk_bytes` (the task's `storage_mb` in all) on the writable
            mounts and `tmp_dir` with a `DiskWatch` (agent turns and verifiers).
        tmp_dir: a fresh, empty host folder bound as the sandbox's `/tmp`, on disk and counted by
            the watch; None: a tmpfs (memory, of at most `limits.disk_bytes` when watched), for
            memeval's own short steps (world builds).
        no_attach: no process may attach to, or write the memory of, another (a verifier's sandbox): `ptrace`
            attaching and `process_vm_writev` are refused (`memeval.sandbox._seccomp.sandbox_filter`) and
            `/proc` is read-only, so `/proc/PID/mem` cannot be opened for writing.
        pip_config: bind the host's pip configuration (`memeval.sandbox._etc.PIP_CONFIG`) as it is; only a
            world's `pip install` build step asks, and only under `MEMEVAL_BUILD_PIP_CREDENTIALS=1`
            (`memeval.sandbox._pipconf`: otherwise it is given copies without credentials as `tool_mounts`).
        stop: asked about every 0.2 s while the sandbox runs; a reason (not None) ends it at once as a
            limit hit with that reason (`SandboxResult.limit_hit`). memeval's runner ends so the sandbox
            that filled the runs folder's disk (`memeval.runner._lowwater`).
    """

    mounts: tuple[Mount, ...]
    cwd: str
    env: Mapping[str, str] = field(default_factory=dict)
    share_net: bool = False
    uid: int = 0
    gid: int = 0
    caps: tuple[str, ...] = ()
    limits: Limits | None = None
    tool_mounts: tuple[tuple[Path, str], ...] = ()
    proxy_socket: Path | None = None
    pip_config: bool = False
    relay_port: int = 18080
    watch_disk: bool = False
    tmp_dir: Path | None = None
    no_attach: bool = False
    stop: Callable[[], str | None] | None = None


@dataclass(frozen=True)
class SandboxResult:
    """How a sandboxed command ended.

    Attributes:
        exit_code: the command's exit status, or None when it was killed by memeval or from outside.
        timed_out: memeval killed it after `timeout_s`.
        died: the sandbox itself was killed by a signal memeval did not send (a `process` fault).
        signal: the signal that ended the sandbox, when `died`.
        duration_ms: wall time from start to end, in milliseconds.
        status: what the boot wrapper reported (agent turns: `started`, `exec`, `boot: why`).
        limit_hit: which resource limit ended or hampered the command, as a reason, or None
            (always None under the `rlimits` mechanism, which cannot tell).
        output_bytes: bytes the command wrote to its stdout, then to its stderr when that is another file
            (empty when the backend does not count them); the files keep at most the first and last 4 MiB.
    """

    exit_code: int | None
    timed_out: bool
    died: bool
    signal: int | None
    duration_ms: int
    status: str = ""
    limit_hit: str | None = None
    output_bytes: tuple[int, ...] = ()

    @property
    def booted(self) -> bool:
        """The boot wrapper got as far as exec'ing the command."""
        return "exec" in self.status.splitlines()

    @property
    def boot_error(self) -> str | None:
        """Why the command never started, when the wrapper said so."""
        for ln in self.status.splitlines():
            if ln.startswith("boot: "):
                return ln.removeprefix("boot: ")
        return None
