"""The verifier's wrapper: how a verifier's command ended, and which of its processes outlived it.

The bubblewrap backend runs a verifier's command (`exit_report=True`) under `EXIT_WRAP`, a small
script for the host's Python (`PYTHON`) that reports on a pipe back to memeval when the command
ends; `parse_exit_report` reads that report from `SandboxResult.status` and refuses anything but
exactly one well-formed report.
"""

from __future__ import annotations

from dataclasses import dataclass

PYTHON = "/usr/bin/python3"
"""The host's Python that runs `EXIT_WRAP` (bound read-only in every sandbox with the host's /usr)."""

# Runs in the verifier's sandbox as its user, in place of the command, with the host's Python
# isolated from the world's environment and files (-I -S; only the standard library from the
# host's read-only /usr). $1 is a pipe back to memeval. It becomes the subreaper of everything the
# command starts (PR_SET_CHILD_SUBREAPER, prctl(2)), so a process that outlives the command and
# then exits stays a zombie it can see; it makes itself undumpable so no process inside can open
# the pipe through /proc/PID/fd. When the command ends it stops every other process in the PID
# namespace at once (kill(-1, SIGSTOP): every process but PID 1, which is bubblewrap, and the
# caller), lists them by command name, kills them, then reports `exit CODE`, one `linger HEX` per
# process (its /proc comm, hex-encoded), one `gone HEX` per orphan it adopted and reaped while the
# command ran (a daemon that rewrote the reward after test.sh's last write and exited before test.sh
# did: named before it is reaped, through waitid's WNOWAIT) and `end`. So what the reward files hold when memeval reads
# them is what they held when the command ended, but for what a process that ran on meanwhile
# wrote between the command's last write and the stop (measured: often, for one that rewrites a
# file every 2 ms), which is why the processes named are a tamper finding.
EXIT_WRAP = """\
import ctypes, os, signal, sys
fd = int(sys.argv[1]); cmd = sys.argv[2:]
libc = ctypes.CDLL(None, use_errno=True)
libc.prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
libc.prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE 0
os.set_inheritable(fd, False)
pid = os.fork()
if pid == 0:
    try:
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # as a shell would leave them, not as Python does
        signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
        os.execvp(cmd[0], cmd)
    finally:
        os._exit(127)
gone, gone_more = [], 0
while True:  # reaps what ends before the command; every other child is an orphan this subreaper adopted
    info = os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOWAIT)  # its name is readable until it is reaped
    if info.si_pid != pid and len(gone) >= 200:
        gone_more += 1
    elif info.si_pid != pid:
        try:
            with open("/proc/%d/comm" % info.si_pid, "rb") as f:
                gone.append(b"gone " + f.read(64).rstrip(b"\\n").hex().encode() + b"\\n")
        except OSError:
            gone.append(b"gone 3f\\n")
    got, status = os.waitpid(info.si_pid, 0)
    if got == pid:
        break
try:
    os.kill(-1, signal.SIGSTOP)
except ProcessLookupError:
    pass
me = os.getpid()
lines = []
for e in os.listdir("/proc"):
    if not e.isdigit() or int(e) in (1, me):
        continue
    try:
        with open("/proc/" + e + "/stat", "rb") as f:
            st = f.read().rsplit(b")", 1)[1].split()
        with open("/proc/" + e + "/comm", "rb") as f:
            comm = f.read(64).rstrip(b"\\n")
    except (OSError, IndexError):
        continue
    if st[0] in (b"Z", b"X") and int(st[1]) != me:
        continue  # a dead child of a listed process: its parent is named
    lines.append(b"linger " + comm.hex().encode() + b"\\n")
more = b"more %d\\n" % (len(lines) - 200) if len(lines) > 200 else b""
lines = lines[:200]  # the pipe holds 64 KiB and is read after the sandbox ends
lines += gone
more += b"gonemore %d\\n" % gone_more if gone_more else b""
try:
    os.kill(-1, signal.SIGKILL)
except ProcessLookupError:
    pass
code = os.waitstatus_to_exitcode(status)
code = 128 - code if code < 0 else code
os.write(fd, b"exit %d\\n" % code + b"".join(lines) + more + b"end\\n")
os._exit(code)
"""


@dataclass(frozen=True)
class ExitReport:
    """What the verifier's wrapper reported when its command ended (see `EXIT_WRAP`).

    Attributes:
        exit_code: the command's exit status (128 + N when killed by signal N).
        lingering: the command names (`/proc/PID/comm`, at most 15 bytes, decoded with
            replacement; what the sandbox's code chose, so never trusted) of the processes still
            in the sandbox when it ended, stopped and killed before memeval read anything, at
            most `MAX_LINGER_NAMES`.
        more: how many more there were.
    """

    exit_code: int
    lingering: tuple[str, ...]
    more: int = 0
    ended_early: tuple[str, ...] = ()
    """The command names of processes that outlived the process that started them (orphans the wrapper adopted
    and reaped) but ended before the command did, at most `MAX_LINGER_NAMES`: a daemon the tested program forked
    can rewrite the reward after test.sh's last write and exit before test.sh does, leaving nothing running."""
    ended_early_more: int = 0
    """How many more such processes there were."""


MAX_LINGER_NAMES = 200


def parse_exit_report(status: str) -> ExitReport | None:
    """The wrapper's report in `SandboxResult.status`, or None when it is missing or malformed.

    The format is `exit CODE`, then one `linger HEX` per process still running, one `gone HEX` per orphan
    reaped while the command ran (`ExitReport.ended_early`), then optionally `more N` and `gonemore N`, then
    `end`, each on its own line, exactly once: anything else (no report because the wrapper was
    killed, or a second one written by something inside) is None, and the caller must not trust
    what the sandbox left.
    """
    lines = status.split("\n")
    if len(lines) < 3 or lines[-1] != "" or lines[-2] != "end" or not lines[0].startswith("exit "):
        return None
    code_s = lines[0].removeprefix("exit ")
    if not code_s.isdigit() or len(code_s) > 3:
        return None
    names: dict[str, list[str]] = {"linger": [], "gone": []}
    counts = {"more": 0, "gonemore": 0}
    body = lines[1:-2]
    for label in ("gonemore", "more"):  # in this order at the end, each at most once
        if body and body[-1].startswith(label + " "):
            n = body.pop().removeprefix(label + " ")
            if not n.isdigit() or len(n) > 9:
                return None
            counts[label] = int(n)
    for ln in body:
        label, _, raw = ln.partition(" ")
        if label not in names or len(raw) > 128 or (label == "linger" and names["gone"]):
            return None  # unknown, too long, or a `linger` line after the `gone` lines
        try:
            names[label].append(bytes.fromhex(raw).decode("utf-8", "replace"))
        except ValueError:
            return None
    if len(names["linger"]) > MAX_LINGER_NAMES or len(names["gone"]) > MAX_LINGER_NAMES:
        return None
    return ExitReport(int(code_s), tuple(names["linger"]), counts["more"], tuple(names["gone"]), counts["gonemore"])


__all__ = ["EXIT_WRAP", "MAX_LINGER_NAMES", "PYTHON", "ExitReport", "parse_exit_report"]
