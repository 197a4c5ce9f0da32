"""Call the agent's code in a child process; only answers come back, the checks decide here.

The held-back checks (test_task.py, the parent) never import anything from /app. They start a
child, `python3 -I -B` with this file as its script and /app as its working directory, send it the
calls to make as JSON on its stdin (module, function, arguments, and a random marker made for this
run), and read its answers, one JSON line per call carrying that marker, from a pipe only the
child was given. The child imports the agent's module and calls the functions; whatever that code
does there (exit codes, atexit hooks, os._exit, printing "ok", patching builtins or sys.stdout,
objects that claim to equal anything) can only make the child's answers wrong or missing: its
stdout and stderr go to the parent's stderr, which no verdict reads, and every answer arrives as
plain JSON (numbers, strings, booleans, lists, dicts, dates) that the parent compares with the
values it holds itself. The parent is not dumpable (no reading its memory or descriptors through
/proc) and is a child subreaper: after the answers, every process the child left is killed
before the checks print their verdict. The checks read the agent's output files before the child
starts, so the agent's code cannot rewrite them during the checks.

Before it imports the agent's module the child also gives up, with Landlock, reading anything
under /tests (and /solution), so that code cannot look up the expected values in the checks and
answer with them. That is best effort: a kernel without Landlock, or a sandbox whose seccomp
filter refuses its system calls, leaves /tests readable (the child says so on stderr); the
verdict still cannot be steered, but a module that reads the checks can then forge its answers.

This file is identical in every Fernhill task's tests/ folder (each task folder is self-contained);
tests/samples/test_fernhill_isolation.py in the memeval repository checks that.
"""

from __future__ import annotations

import json
import os
import secrets
import selectors
import signal
import subprocess
import sys
import time
from datetime import date, datetime
from typing import Any

APP = "/app"
ANSWER_LIMIT = 4 << 20  # bytes of answers read from the child at most


class NoAnswer:
    """What a call gave when the child sent no usable answer; equal to nothing but itself."""

    def __init__(self, why: str) -> None:
        self.why = why

    def __repr__(self) -> str:
        return f"<no answer: {self.why}>"

    def _refuse(self, *_: object) -> Any:
        raise AssertionError(f"no answer: {self.why}")

    __getitem__ = __sub__ = __rsub__ = __float__ = _refuse


def encode(value: Any) -> Any:
    """A JSON-able form of `value`: plain scalars as they are, everything else tagged.

    Subclasses are sent as their base type's value (a `str` subclass as its text), so nothing
    but data crosses from the child: no object of the agent's reaches the parent.
    """
    if value is None or type(value) is bool:
        return value
    if isinstance(value, int):
        return int.__int__(value)
    if isinstance(value, float):
        return float.__float__(value)
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, datetime):
        return {"datetime": datetime.isoformat(value)}
    if isinstance(value, date):
        return {"date": date.isoformat(value)}
    if isinstance(value, (list, tuple)):
        return {"list": [encode(v) for v in value]}
    if isinstance(value, dict):
        return {"dict": [[encode(k), encode(v)] for k, v in dict.items(value)]}
    raise TypeError(f"cannot send a {type(value).__name__}")


def decode(value: Any) -> Any:
    """The value `encode` made `value` from (tuples come back as lists)."""
    if not isinstance(value, dict):
        return value
    if set(value) == {"datetime"}:
        return datetime.fromisoformat(value["datetime"])
    if set(value) == {"date"}:
        return date.fromisoformat(value["date"])
    if set(value) == {"list"}:
        return [decode(v) for v in value["list"]]
    if set(value) == {"dict"}:
        out = {}
        for k, v in value["dict"]:
            out[decode(k)] = decode(v)
        return out
    raise ValueError(f"unknown tagged value {sorted(value)[:3]}")


def call_in_child(
    module: str, calls: list[tuple], env: dict[str, str] | None = None, timeout: float = 30.0
) -> list:
    """Make `calls` (each `(function, args)`) on `module` from /app in a child; return their answers.

    Each answer is the decoded value the function returned, or a `NoAnswer` (the call raised,
    the child died, sent nothing, sent it twice or without this run's marker, or ran past
    `timeout` seconds). `env` is added to the child's environment.
    """
    marker = secrets.token_hex(16)
    read_end, write_end = os.pipe()
    request = {
        "marker": marker,
        "fd": write_end,
        "module": module,
        "calls": [[function, encode(list(args))] for function, args in calls],
    }
    _harden()
    child = subprocess.Popen(
        [sys.executable, "-I", "-B", os.path.abspath(__file__)],
        cwd=APP,
        env={**os.environ, **(env or {})},
        stdin=subprocess.PIPE,
        stdout=sys.stderr.fileno(),
        stderr=sys.stderr.fileno(),
        pass_fds=(write_end,),
        start_new_session=True,
    )
    os.close(write_end)
    try:
        child.stdin.write(json.dumps(request).encode())
        child.stdin.close()
    except BrokenPipeError:
        print("the child closed its stdin before reading the calls", file=sys.stderr)
    raw = _read_answers(read_end, child, time.monotonic() + timeout)
    _end_descendants(child)
    answers: list[Any] = [NoAnswer(f"no answer (child exit {child.returncode})") for _ in calls]
    seen: set[int] = set()
    for line in raw.split(b"\n"):
        try:
            item = json.loads(line)
            ok = isinstance(item, dict) and item.get("marker") == marker and type(item.get("index")) is int
        except (ValueError, RecursionError):
            ok = False
        if not ok or not 0 <= item["index"] < len(calls):
            continue
        i = item["index"]
        if i in seen:
            answers[i] = NoAnswer("answered twice")
            continue
        seen.add(i)
        if "error" in item:
            answers[i] = NoAnswer(str(item["error"])[:500])
            continue
        try:
            answers[i] = decode(item.get("value"))
        except (ValueError, TypeError, KeyError, RecursionError) as exc:
            answers[i] = NoAnswer(f"unreadable answer: {exc}")
    return answers


def _read_answers(fd: int, child: subprocess.Popen, deadline: float) -> bytes:
    """Bytes from the answers pipe until end of file, the deadline, or the limit."""
    data = bytearray()
    os.set_blocking(fd, False)
    with selectors.DefaultSelector() as sel:
        sel.register(fd, selectors.EVENT_READ)
        exited_at = None
        while time.monotonic() < deadline and len(data) <= ANSWER_LIMIT:
            if exited_at is None and child.poll() is not None:
                exited_at = time.monotonic()
            if exited_at is not None and time.monotonic() - exited_at > 1.0:
                break  # a process the child left holds the pipe open: what came is all there is
            if not sel.select(0.1):
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            data += chunk
    os.close(fd)
    if time.monotonic() >= deadline:
        print("the child ran out of time", file=sys.stderr)
    return bytes(data[:ANSWER_LIMIT])


def _harden() -> None:
    """Make this process a child subreaper (orphans of the child come back to it, to be killed)
    and not dumpable (the child cannot read its memory or open its descriptors through /proc)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        for option, value in ((36, 1), (4, 0)):  # PR_SET_CHILD_SUBREAPER, PR_SET_DUMPABLE
            if libc.prctl(option, value, 0, 0, 0) != 0:
                print(f"prctl({option}) failed: errno {ctypes.get_errno()}", file=sys.stderr)
    except (OSError, AttributeError) as exc:
        print(f"cannot call prctl ({exc}): the child's leftovers may outlive the checks", file=sys.stderr)


def _children() -> list[int]:
    """Process ids whose parent is this process (read from /proc)."""
    me, found = os.getpid(), []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as fh:
                stat = fh.read()
        except OSError:
            continue  # it ended while being listed
        fields = stat[stat.rfind(b")") + 2 :].split()
        if int(fields[1]) == me:
            found.append(int(name))
    return found


def _end_descendants(child: subprocess.Popen) -> None:
    """Kill the child's session and every process it left, and reap them all."""
    try:
        os.killpg(child.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass  # the child and its group are gone already
    child.wait()
    for _ in range(1000):
        left = _children()
        if not left:
            return
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                continue  # already gone
        for pid in left:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                continue  # reaped already
    print("processes the child left kept coming back", file=sys.stderr)
    sys.exit(1)


HIDDEN = frozenset({"tests", "solution"})
"""Top-level folders the child may not read once it restricts itself: the checks and the oracle."""


def hide_checks() -> str:
    """Restrict this process and all it starts, for good, from reading under /tests and /solution.

    Uses Landlock (Linux 5.13+, raw system calls 444-446 through ctypes): reading files and
    listing folders stays allowed beneath every other entry of `/`; writing is not restricted.
    Landlock also keeps this process from reading the memory of processes outside its domain.
    Returns "" when in force, else why not (no Landlock in the kernel, or the sandbox refused it):
    the answers then still decide nothing, but the agent's code could read the checks.
    """
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError as exc:
        return f"no C library: {exc}"
    read_file, read_dir = 1 << 2, 1 << 3
    handled = ctypes.c_uint64(read_file | read_dir)  # struct landlock_ruleset_attr, ABI 1 part
    ruleset = libc.syscall(444, ctypes.byref(handled), ctypes.c_size_t(8), ctypes.c_uint32(0))
    if ruleset < 0:
        return f"landlock_create_ruleset: errno {ctypes.get_errno()}"

    class PathBeneath(ctypes.Structure):
        _pack_ = 1
        _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]

    try:
        for name in sorted(set(os.listdir("/")) - HIDDEN):
            try:
                fd = os.open("/" + name, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue  # a dangling link at the root: nothing to read beneath it
            try:
                folder = os.path.isdir(f"/proc/self/fd/{fd}")
                rule = PathBeneath(read_file | (read_dir if folder else 0), fd)
                if libc.syscall(445, ruleset, 1, ctypes.byref(rule), 0) != 0:
                    return f"landlock_add_rule /{name}: errno {ctypes.get_errno()}"
            finally:
                os.close(fd)
        if libc.prctl(38, 1, 0, 0, 0) != 0:  # PR_SET_NO_NEW_PRIVS, required to restrict oneself
            return f"no_new_privs: errno {ctypes.get_errno()}"
        if libc.syscall(446, ruleset, 0) != 0:
            return f"landlock_restrict_self: errno {ctypes.get_errno()}"
    finally:
        os.close(ruleset)
    return ""


def _child() -> None:
    """The child's part: read the calls, hide the checks, import the agent's module, answer each call."""
    request = json.loads(sys.stdin.read())
    marker, calls = request["marker"], request["calls"]
    out = os.fdopen(request["fd"], "w", encoding="utf-8")
    why = hide_checks()
    if why:
        print(f"the checks stay readable to the code under test ({why})", file=sys.stderr)
    sys.path.insert(0, APP)
    for index, (function, args) in enumerate(calls):
        try:
            module = __import__(request["module"], fromlist=["_"])
            value = encode(getattr(module, function)(*decode(args)))
            line = json.dumps({"marker": marker, "index": index, "value": value}, allow_nan=False)
        except BaseException as exc:  # noqa: BLE001 - any failure of the agent's code is that call's answer
            line = json.dumps(
                {"marker": marker, "index": index, "error": f"{type(exc).__name__}: {exc}"[:500]}
            )
        out.write(line + "\n")
        out.flush()
    out.close()


if __name__ == "__main__":
    _child()
