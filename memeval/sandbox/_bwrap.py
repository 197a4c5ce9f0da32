"""The bubblewrap backend: Debian's bubblewrap, then a user namespace of the sandbox's own.

bubblewrap (bwrap(1)) runs as root and builds the sandbox's file system from read-only system
folders and the binds memeval chose, with private PID, IPC, UTS, cgroup and (usually) network
namespaces, every capability dropped and an empty environment. Its command is a small boot script
that creates a new user namespace (`unshare --user`, user_namespaces(7)) and waits; memeval, as
root outside, maps uids and gids 0-65535 inside to an unprivileged host range starting at
`HOST_ID_BASE` (so `su nobody` inside works, and the sandbox's root is nobody on the host), then
lets it go on. The script switches to the sandbox's user with `setpriv` (keeping only the
capabilities asked for, inside that namespace) and execs the command. So nothing inside runs as
host root: `/proc/sys`, `/proc/sysrq-trigger` and bubblewrap's own process are out of reach.
A seccomp filter (`memeval.sandbox._seccomp`) refuses the kernel keyring's calls (a store every
sandbox's uid shares) and inotify/fanotify (a watch on a shared read-only file sees other sandboxes'
use of it).

memeval learns the script's host pid from the kernel: it receives the script's message on a Unix
socket with SO_PASSCRED (unix(7)), whose credentials carry the sender's pid as the receiver sees it.
bubblewrap's arguments (host paths, the environment) go through `--args FD`, so no command line
inside shows them.
"""

from __future__ import annotations

import array
import os
import shutil
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

from memeval.errors import SandboxError, UsageError
from memeval.sandbox._backend import sandbox_backend
from memeval.sandbox._capture import OutputCapture
from memeval.sandbox._etc import EMPTY_ETC_FILES, EMPTY_FILE, ETC_FILES, PIP_CONFIG, SHADOW, java_etc_files, shadow_fd
from memeval.sandbox._exitwrap import EXIT_WRAP, PYTHON
from memeval.sandbox._limits import DiskWatch, LimitGroup, Limits, LimitsMechanism, limits_mechanism, rlimit_args
from memeval.sandbox._pipconf import credentials_handed
from memeval.sandbox._process import death_signal, kill_group, kill_tree, wait_fast, write_all
from memeval.sandbox._seccomp import sandbox_filter
from memeval.sandbox._settings import ID_COUNT, read_id_base
from memeval.sandbox._spec import Mount, SandboxResult, SandboxSpec

_ID_BASE = read_id_base()
HOST_ID_BASE = _ID_BASE.value
"""First host uid/gid of the range sandboxes map to (`MEMEVAL_SANDBOX_ID_BASE`, default 0x70000000, far above any
login or subuid range; a wrong value is refused when the run card is made, in `describe`)."""

SYSTEM_DIRS = ("/usr",)
SYSTEM_LINKS = (("usr/bin", "/bin"), ("usr/lib", "/lib"), ("usr/lib64", "/lib64"), ("usr/sbin", "/sbin"))
RESERVED = ("/usr", "/bin", "/lib", "/lib64", "/sbin", "/etc", "/proc", "/dev", "/tmp", "/run/memeval")
"""Paths a world may not bind over: they belong to the system or to memeval."""

# Runs first inside bubblewrap, as root without capabilities: makes the user namespace (unshare
# execs this script in it), tells memeval, waits for the uid map, then becomes the sandbox's user.
# $1 is the socket to memeval; the rest is setpriv's options and the command.
_USERNS_BOOT = """\
s=$1; shift
echo ns >&$s
read -r go <&$s
eval "exec $s>&-"
[ "$go" = go ] || exit 96
exec /usr/bin/setpriv "$@"
"""

# Runs in the agent's sandbox as its user. $1 is a pipe back to memeval that only this script
# holds: it reports there, then closes it before exec'ing the agent, which can neither read nor
# forge it. $2 is the relay's port (0: no relay). The wait for socat's listener reads /proc/net/tcp
# with bash builtins (local address 127.0.0.1:port, state 0A = LISTEN): a grep and a $(printf)
# there were two more processes to start in every sandbox, about 15-40 ms on a loaded machine.
# socat starts without the pipe back to memeval ({fd}>&-): only this script ever holds it.
_AGENT_BOOT = """\
fd=$1; port=$2; shift 2
echo started >&$fd
if [ "$port" != 0 ]; then
  if [ ! -x /usr/bin/socat ]; then echo "boot: socat is not installed (scripts/setup installs it)" >&$fd; exit 97; fi
  /usr/bin/socat -lp memeval-relay TCP-LISTEN:$port,bind=127.0.0.1,reuseaddr,fork,backlog=128 \
    UNIX-CONNECT:/run/memeval-relay/proxy.sock {fd}>&- &
  printf -v want '0100007F:%04X' "$port"
  listening() {
    local _sl addr _rem st _rest
    while read -r _sl addr _rem st _rest; do
      [ "$addr" = "$want" ] && [ "$st" = 0A ] && return 0
    done </proc/net/tcp
    return 1
  }
  i=0
  until listening 2>/dev/null; do
    i=$((i+1)); if [ "$i" -gt 2000 ]; then echo "boot: the relay to the metering proxy did not start" >&$fd; exit 97; fi
    sleep 0.005
  done
fi
if ! command -v "$1" >/dev/null 2>&1; then echo "boot: agent command not found: $1" >&$fd; exit 98; fi
echo exec >&$fd
eval "exec $fd>&-"
exec "$@"
"""
_POLL_S = 0.2


def hand_over(root: Path, uid: int = 0, gid: int = 0) -> None:
    """Give every file under `root` owned by host root to the sandbox's user `uid`:`gid` (inside).

    Writable mounts are handed over before a sandbox starts, so the sandbox owns what memeval made
    for it as a container's user owns what its image made (a world first handed to the sandbox's
    root stays root's, as in Docker). Files already owned by a sandbox uid are left as they are;
    symlinks are changed, never followed.
    """
    host_uid, host_gid = HOST_ID_BASE + uid, HOST_ID_BASE + gid
    for dirpath, dirnames, filenames in os.walk(root):
        for name in [".", *dirnames, *filenames]:
            p = os.path.join(dirpath, name)
            st = os.lstat(p)
            if st.st_uid == 0 or st.st_gid == 0:
                os.lchown(p, host_uid if st.st_uid == 0 else -1, host_gid if st.st_gid == 0 else -1)


def _setpriv_args(spec: SandboxSpec) -> list[str]:
    caps = ",".join("+" + c.lower().removeprefix("cap_") for c in spec.caps)
    keep = f"-all,{caps}" if caps else "-all"
    args = [f"--reuid={spec.uid}", f"--regid={spec.gid}", "--clear-groups", f"--bounding-set={keep}"]
    args.append(f"--inh-caps={keep}")
    if spec.uid != 0 and caps:
        args.append(f"--ambient-caps={caps}")
    return [*args, "--"]


@sandbox_backend("bubblewrap")
class Bubblewrap:
    """Sandboxes made with bubblewrap and a mapped user namespace (see the module docstring)."""

    name = "bubblewrap"

    def __init__(self) -> None:
        self._mechanism: LimitsMechanism | None = None

    def bwrap(self) -> str:
        """The bubblewrap executable.

        Raises:
            SandboxError: bubblewrap is not installed (with the fix).
        """
        found = shutil.which("bwrap", path="/usr/bin:/bin:/usr/local/bin")
        if found is None:
            raise SandboxError(
                "bubblewrap (bwrap) is not installed; memeval runs every agent turn in it. "
                "Install it with scripts/setup or: apt-get install -y bubblewrap"
            )
        return found

    def version(self) -> str:
        """`bwrap --version` without the program name, e.g. `0.8.0`."""
        out = subprocess.run([self.bwrap(), "--version"], capture_output=True, text=True, check=True, env={})
        return out.stdout.strip().split()[-1]

    def mechanism(self) -> LimitsMechanism:
        """How limits are held on this machine (decided once per process)."""
        if self._mechanism is None:
            self._mechanism = limits_mechanism()
        return self._mechanism

    def check(self) -> None:
        """Raise `SandboxError` when bwrap, unshare or setpriv is missing or not running as root."""
        self.bwrap()
        for tool in ("/usr/bin/unshare", "/usr/bin/setpriv", "/usr/bin/prlimit"):
            if not os.access(tool, os.X_OK):
                raise SandboxError(f"{tool} is missing; install util-linux (apt-get install -y util-linux)")
        if os.geteuid() != 0:
            raise SandboxError(
                "memeval's bubblewrap sandbox maps each sandbox to unprivileged host uids, which needs root; "
                "run memeval as root (for example in a VM or container)"
            )

    def describe(self) -> str:
        """The run card's string.

        E.g. `bubblewrap 0.8.0, user namespace (root inside = uid 1879048192 outside), no
        capabilities, kernel keyring calls and file watches refused (seccomp), limits: cgroup1, storage_mb: files by
        RLIMIT_FSIZE, the agent's and the verifier's total by a watch on the world and /tmp (on disk,
        about every 1 s)`.

        Raises:
            UsageError: a sandbox setting of the environment is wrong (`memeval.sandbox._settings`,
                `memeval.sandbox._pipconf.CREDENTIALS_ENV`), so no run
                starts on a card that does not say how its sandboxes ran.
        """
        if _ID_BASE.problem is not None:
            raise UsageError(_ID_BASE.problem)
        handed = ", the host's pip credentials handed to pip install build steps" if credentials_handed() else ""
        return (
            f"bubblewrap {self.version()}, user namespace (root inside = uid {HOST_ID_BASE} outside), "
            f"no capabilities, kernel keyring calls and file watches refused (seccomp), limits: {self.mechanism()}, "
            "storage_mb: files by RLIMIT_FSIZE, "
            "the agent's and the verifier's total by a watch on the world and /tmp (on disk, about every 1 s)"
            f"{handed}"
        )

    def _argv(self, spec: SandboxSpec) -> list[str]:
        """The options for `spec` (given through `--args`, so no command line shows them)."""
        argv = ["--unshare-ipc", "--unshare-pid", "--unshare-uts", "--unshare-cgroup-try"]
        if not spec.share_net:
            argv.append("--unshare-net")
        argv += ["--die-with-parent", "--new-session", "--cap-drop", "ALL", "--clearenv", "--hostname", "memeval"]
        etc = ETC_FILES + java_etc_files() + (PIP_CONFIG if spec.pip_config else ())
        dests = [*etc, *(i for _, i in spec.tool_mounts), *(m.inside for m in spec.mounts)]
        dests += ["/run/memeval-relay/proxy.sock"] if spec.proxy_socket is not None else []
        parents: list[str] = []
        for dest in dests:
            for parent in reversed(PurePosixPath(dest).parents[:-1] if len(PurePosixPath(dest).parts) > 2 else ()):
                if str(parent) not in parents and str(parent) not in ("/usr", "/proc", "/dev", "/tmp"):
                    parents.append(str(parent))
        # bubblewrap makes missing parents 0700, which the sandbox's root (not host root) cannot enter;
        # parents under /tmp are made after its tmpfs, which would hide them
        in_tmp = [d for d in parents if d.startswith("/tmp/")]
        for d in parents:
            if d not in in_tmp:
                argv += ["--perms", "0755", "--dir", d]
        for d in SYSTEM_DIRS:
            argv += ["--ro-bind", d, d]
        for target, link in SYSTEM_LINKS:
            argv += ["--symlink", target, link]
        for f in etc:
            argv += ["--ro-bind", str(EMPTY_FILE), f] if f in EMPTY_ETC_FILES else ["--ro-bind-try", f, f]
        argv += ["--proc", "/proc", "--dev", "/dev"]
        if spec.no_attach:  # /proc/PID/mem opened for writing: EROFS (see SandboxSpec.no_attach)
            argv += ["--remount-ro", "/proc"]
        if spec.tmp_dir is not None:  # on disk, under the storage watch: a tmpfs held the host's memory
            argv += ["--bind", os.path.abspath(spec.tmp_dir), "/tmp"]
        else:
            disk = spec.limits.disk_bytes if spec.watch_disk and spec.limits is not None else None
            size = ["--size", str(disk)] if disk is not None else []
            argv += ["--perms", "1777", *size, "--tmpfs", "/tmp"]
        argv += ["--dir", "/run"]
        for d in in_tmp:
            argv += ["--perms", "0755", "--dir", d]
        # Host paths are made absolute here: bubblewrap starts in another working directory
        # (beside the trial's output), so a relative one (the default `runs/`) would not resolve.
        for host, inside in spec.tool_mounts:
            argv += ["--ro-bind", os.path.abspath(host), inside]
        for m in spec.mounts:
            argv += ["--bind" if m.writable else "--ro-bind", os.path.abspath(m.host), m.inside]
        if spec.proxy_socket is not None:
            argv += ["--bind", os.path.abspath(spec.proxy_socket), "/run/memeval-relay/proxy.sock"]
        for k, v in spec.env.items():
            argv += ["--setenv", k, v]
        return argv + ["--chdir", spec.cwd]

    def run(
        self,
        spec: SandboxSpec,
        command: Sequence[str],
        *,
        timeout_s: float,
        stdout: Path,
        stderr: Path,
        stdin: Path | None = None,
        boot_report: bool = False,
        exit_report: bool = False,
    ) -> SandboxResult:
        """Run `command` in a sandbox (see `SandboxBackend.run`).

        The limits are `spec.limits` (memeval's defaults when None). When the kernel reports that
        a cgroup limit was enforced, the sandbox is killed at once and `limit_hit` says why.
        """
        options = self._argv(spec)
        if any("\0" in a for a in options):  # a NUL would split an argument into bubblewrap options of its own
            raise SandboxError(_nul_refusal(options))
        for m in spec.mounts:
            if m.writable:
                hand_over(m.host, spec.uid, spec.gid)
        if spec.tmp_dir is not None:
            spec.tmp_dir.mkdir(parents=True, exist_ok=True)
            hand_over(spec.tmp_dir)  # the sandbox's root owns its /tmp, sticky and open to every user, as a tmpfs was
            os.chmod(spec.tmp_dir, 0o1777)
        if spec.proxy_socket is not None:
            os.chmod(spec.proxy_socket, 0o666)  # its folder is root's alone; inside, connect() needs write
        limits = spec.limits or Limits()
        mech = self.mechanism()
        status_r = status_w = -1
        inner: list[str] = list(command)
        if boot_report and exit_report:
            raise ValueError("boot_report and exit_report are for different sandboxes; ask for one")
        if boot_report:
            status_r, status_w = os.pipe()
            port = spec.relay_port if spec.proxy_socket is not None else 0
            inner = ["/bin/bash", "-c", _AGENT_BOOT, "boot", str(status_w), str(port), *command]
        elif exit_report:
            if not os.access(PYTHON, os.X_OK):
                raise SandboxError(f"{PYTHON} is missing; the verifier's wrapper needs it (apt-get install -y python3)")
            status_r, status_w = os.pipe()
            inner = [PYTHON, "-I", "-S", "-c", EXIT_WRAP, str(status_w), *command]
        host_sock, sandbox_sock = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        host_sock.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
        boot = ["/usr/bin/unshare", "--user", "--keep-caps", "--", "/bin/bash", "-c", _USERNS_BOOT, "userns"]
        boot += [str(sandbox_sock.fileno()), *_setpriv_args(spec), *inner]
        args_r, args_w = os.pipe()
        seccomp_r, seccomp_w = os.pipe()
        write_all(
            seccomp_w, sandbox_filter(spec.no_attach)
        )  # a few hundred bytes: the pipe holds them until bwrap reads
        shadow_r = shadow_fd()  # names only, no hash: `su USER`'s account check (memeval.sandbox._etc)
        argv = [*options, "--seccomp", str(seccomp_r), "--perms", "0644", "--ro-bind-data", str(shadow_r), SHADOW]
        data = "\0".join(argv).encode("utf-8", "surrogateescape") + b"\0"
        group: LimitGroup | None = None
        try:
            group = LimitGroup.create(limits, mech)
        except OSError as exc:
            raise SandboxError(f"could not make the sandbox's {mech} group: {exc}") from exc
        watch = None
        if spec.watch_disk and limits.disk_bytes is not None:
            roots = [m.host for m in spec.mounts if m.writable] + ([spec.tmp_dir] if spec.tmp_dir is not None else [])
            watch = DiskWatch(roots, limits.disk_bytes, limits.disk_from)
        start = time.monotonic()
        reporting = boot_report or exit_report
        fds = [args_r, seccomp_r, shadow_r, sandbox_sock.fileno()] + ([status_w] if reporting else [])
        # Output goes through pipes memeval drains into a bounded head and tail (see `OutputCapture`),
        # never into a file the sandbox writes: such a file grew up to RLIMIT_FSIZE per stream on the
        # host's disk, outside the task's storage_mb, and a seek made it that large for free.
        captures = [OutputCapture(stdout)] + ([] if stderr == stdout else [OutputCapture(stderr)])
        proc: subprocess.Popen[bytes] | None = None
        try:
            with stdin.open("rb") if stdin else open(os.devnull, "rb") as inp:
                try:
                    proc = subprocess.Popen(
                        [
                            "/usr/bin/prlimit",
                            *rlimit_args(limits, mech, timeout_s),
                            "--",
                            self.bwrap(),
                            "--args",
                            str(args_r),
                            "--",
                            *boot,
                        ],
                        stdin=inp,
                        stdout=captures[0].write_fd,
                        stderr=captures[-1].write_fd,
                        start_new_session=True,
                        pass_fds=fds,
                        env={},
                        cwd=stdout.parent,
                        # never outlives a memeval killed with `kill -9` (bubblewrap's `--die-with-parent`
                        # covers only the processes inside); the thread that starts it waits for it
                        preexec_fn=death_signal(signal.SIGKILL),  # noqa: PLW1509 - one prctl call and a getppid
                    )
                except OSError as exc:
                    raise SandboxError(f"could not start bubblewrap: {exc}") from exc
                finally:
                    os.close(args_r)
                    os.close(seccomp_r)
                    os.close(shadow_r)
                    sandbox_sock.close()
                    if reporting:
                        os.close(status_w)
                    for c in captures:
                        if proc is not None:
                            c.started()
                        else:
                            c.abandon()
                writer = threading.Thread(target=write_all, args=(args_w, data), daemon=True)
                writer.start()
                deadline = start + timeout_s
                timed_out = False
                limit_hit = None
                try:
                    self._map_user_namespace(host_sock, proc, group, deadline)
                    while True:
                        try:
                            polled = group is not None or watch is not None or spec.stop is not None
                            code = wait_fast(proc, _POLL_S if polled else max(0.0, deadline - time.monotonic()))
                            break
                        except subprocess.TimeoutExpired:
                            if time.monotonic() >= deadline:
                                timed_out = True
                            elif group is not None and (limit_hit := group.hit()) is not None:
                                pass
                            elif watch is not None and (limit_hit := watch.hit()) is not None:
                                pass
                            elif spec.stop is not None and (limit_hit := spec.stop()) is not None:
                                pass
                            else:
                                continue
                            kill_group(proc)
                            code = proc.wait()
                            break
                except BaseException:
                    kill_group(proc)
                    proc.wait()
                    raise
                finally:
                    host_sock.close()
                    writer.join(timeout=5)
            output_bytes = tuple(c.finish() for c in captures)  # every writer died with the sandbox
            if group is not None and limit_hit is None:
                limit_hit = group.hit()
            if watch is not None and limit_hit is None and not timed_out:
                limit_hit = watch.hit(now=True)  # what it wrote since the last check, before it ended
        finally:
            for c in captures:
                c.abandon()  # only ends never handed over (stdin could not be opened, say); the rest are closed
            if group is not None:
                group.remove()
        ms = int((time.monotonic() - start) * 1000)
        status = ""
        if reporting:
            with os.fdopen(status_r, "rb") as r:  # every writer is gone: the namespace died with the command
                status = r.read(65536).decode("utf-8", "replace")
        if timed_out and limit_hit is None:
            return SandboxResult(None, True, False, None, ms, status, output_bytes=output_bytes)
        if limit_hit is not None:
            return SandboxResult(None, False, False, None, ms, status, limit_hit, output_bytes)
        if code < 0:
            return SandboxResult(None, False, True, -code, ms, status, output_bytes=output_bytes)
        return SandboxResult(code, False, False, None, ms, status, output_bytes=output_bytes)

    def _map_user_namespace(
        self, sock: socket.socket, proc: subprocess.Popen[bytes], group: LimitGroup | None, deadline: float
    ) -> None:
        """Wait for the boot script's `ns`, map its user namespace, put it in `group`, say `go`.

        If bubblewrap fails before (a bad bind), the socket closes and the failure is bubblewrap's
        exit status and stderr, read by the caller.
        """
        sock.settimeout(max(0.1, deadline - time.monotonic()))
        try:
            msg, anc, _, _ = sock.recvmsg(16, socket.CMSG_SPACE(12))
        except (TimeoutError, OSError):
            return
        if msg != b"ns\n":
            return
        pid = -1
        for level, kind, payload in anc:
            if level == socket.SOL_SOCKET and kind == socket.SCM_CREDENTIALS:
                pid = array.array("i", payload[:12])[0]
        if pid <= 0:
            raise SandboxError("the sandbox's boot script sent no credentials")
        try:
            for name in ("uid_map", "gid_map"):
                with open(f"/proc/{pid}/{name}", "w") as f:
                    f.write(f"0 {HOST_ID_BASE} {ID_COUNT}\n")
            if group is not None:
                group.join(pid)
            sock.sendall(b"go\n")
        except (FileNotFoundError, ProcessLookupError, BrokenPipeError, ConnectionResetError):
            return  # the sandbox was killed meanwhile (from outside, or its time ran out): its exit status says so

    def kill_stale(self, work: Path) -> int:
        """SIGKILL bubblewrap processes started from a folder under `work` (their host working directory)."""
        bwrap = os.path.realpath(self.bwrap())
        prefix = str(work) + "/"
        n = 0
        for d in Path("/proc").iterdir():
            if not d.name.isdigit():
                continue
            try:
                if os.readlink(d / "exe") != bwrap or not (os.readlink(d / "cwd") + "/").startswith(prefix):
                    continue
                kill_tree(int(d.name))
                n += 1
            except OSError:
                continue  # the process ended while we looked, or is not ours to read
        return n


__all__ = [
    "HOST_ID_BASE",
    "RESERVED",
    "Bubblewrap",
    "Mount",
    "hand_over",
    "kill_group",
]


def _nul_refusal(argv: list[str]) -> str:
    """Why a sandbox whose bubblewrap options hold a NUL character is not started, naming the option it is in.

    The options go to bubblewrap NUL-separated (`--args`): a NUL inside one (an environment value, a path) split it,
    and the pieces were read as options of their own (`--bind / /host` from a variable's value mounted the host's
    root read-write). Values are named, never quoted.
    """
    at = next(i for i, a in enumerate(argv) if "\0" in a)
    option = next((argv[j] for j in range(at, -1, -1) if argv[j].startswith("--")), "an argument")
    name = f" {argv[at - 1]!r}" if option == "--setenv" and at >= 1 and argv[at - 1] != option else ""
    return (
        f"a value for bubblewrap's {option}{name} holds a NUL character, which would split it into options of its "
        "own; the sandbox was not started (remove the NUL from the task's Dockerfile, task.toml or the agent's "
        "settings)"
    )
