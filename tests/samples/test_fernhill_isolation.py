"""The Fernhill checks decide in a process the agent's code never runs in.

Each task's held-back `tests/test_task.py` runs with `python3 -I`, imports nothing from /app, and
calls the agent's functions only in a child (`tests/isolated_calls.py`, one identical file per
task). Code the agent plants (an atexit hook, a module that patches sys.stdout and builtins on
import) used to decide the verdict when the checks imported it: it could
make a failing check exit 0 with "ok" as its last line. These tests plant each of those in a
task's world, run the task's real test.sh in bubblewrap, and check the reward is 0; a control
shows that the same world does steer a check that imports the agent's module itself.
"""

from __future__ import annotations

import ctypes
from pathlib import Path

import pytest
from fernhill_harness import TASK_IDS, TASKS, Bind, bwrap, dockerfile_env, make_world, run_verifier

HOOK = 'import atexit, os; atexit.register(lambda: (os.write(1, b"ok\\n"), os._exit(0)))'

ATEXIT = f"""for f in /app/*.py; do printf '\\n%s\\n' '{HOOK}' >> "$f"; done
echo "I don't know." > /app/reply.txt
"""
"""Every module in /app gets an atexit hook that prints "ok" and exits 0 (the breaker's cheat)."""

PATCH = """for f in /app/*.py; do cat >> "$f" <<'PY'

import builtins as _b, os as _o, sys as _s
class _Any:
    def __eq__(self, other): return True
    def __ne__(self, other): return False
    def __getitem__(self, key): return self
    def __sub__(self, other): return 0.0
    __rsub__ = __sub__
    def __abs__(self): return 0.0
for _n, _v in list(globals().items()):
    if callable(_v) and getattr(_v, "__module__", None) == __name__ and not _n.startswith("_"):
        globals()[_n] = lambda *a, **k: _Any()
def _hook(*a):
    _o.write(1, b"ok\\n"); _o._exit(0)
_s.excepthook = _hook
_s.exit = lambda *a: _hook()
_b.print = lambda *a, **k: _o.write(1, b"ok\\n")
class _Out:
    def write(self, s): return len(s)
    def flush(self): pass
_s.stdout = _Out()
PY
done
echo "I don't know." > /app/reply.txt
"""
"""On import, each module replaces sys.stdout, print, sys.exit and sys.excepthook, and its functions
return an object equal to everything."""

FORGE = """for f in /app/*.py; do cat >> "$f" <<'PY'

def _forge():
    import ast, datetime
    try:
        src = open("/tests/test_task.py").read()
    except OSError:
        return
    table = {}
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "cases" for t in node.targets):
            for case in eval(compile(ast.Expression(node.value), "c", "eval"), vars(datetime)):
                table[tuple(case[:-1])] = case[-1]
    for name, fn in list(globals().items()):
        if callable(fn) and getattr(fn, "__module__", None) == __name__ and not name.startswith("_"):
            globals()[name] = lambda *a, _fn=fn: table[a] if a in table else _fn(*a)
_forge()
PY
done
"""
"""Answers looked up, not computed: on import, each module reads the held-back checks, evaluates
their `cases` list and answers any call whose arguments are a case with its expected value."""

CHEATS = {"atexit": ATEXIT, "patch": PATCH, "forge": FORGE}


def _landlock_abi() -> int:
    """The kernel's Landlock ABI version, or a negative number when it has none."""
    return ctypes.CDLL(None, use_errno=True).syscall(444, None, ctypes.c_size_t(0), ctypes.c_uint32(1))


IN_PROCESS_CHECK = """import sys
sys.path.insert(0, "/app")
from vat import line_vat
cases = [("BSL-KIT", 3, 4.80), ("FRN-BOS", 1, 3.00)]
for sku, qty, want in cases:
    assert abs(line_vat(sku, qty) - want) < 0.005
print("ok")
"""
"""The shape of the old checks: the agent's module imported into the checks' own process."""


def _cheat(task: Path, root: Path, script: str) -> Path:
    """A fresh world of `task` under `root` with `script` run in it as the agent's turn; returns /app."""
    app = make_world(task, root)
    turn = bwrap([Bind(app, "/app", True)], ["/bin/bash", "-c", script], env=dockerfile_env(task))
    assert turn.returncode == 0, turn.stderr
    return app


def test_the_helper_is_the_same_file_in_every_task() -> None:
    """Each task folder is self-contained, so each carries its own copy; they must not drift."""
    copies = {tid: (TASKS / tid / "tests" / "isolated_calls.py").read_bytes() for tid in TASK_IDS}
    assert len(set(copies.values())) == 1, sorted(copies)
    for tid in TASK_IDS:
        test_sh = (TASKS / tid / "tests" / "test.sh").read_text()
        checks = (TASKS / tid / "tests" / "test_task.py").read_text()
        assert "python3 -I /tests/test_task.py" in test_sh, tid
        assert 'sys.path.insert(0, "/app")' not in checks and "call_in_child(" in checks, tid


def _assert_live(app: Path, root: Path) -> None:
    """Control: the cheat in `app` (a t06 world) does steer a check run the old way, importing the
    agent's module into its own process with the tests readable: exit 0 and "ok" last."""
    check = root / "old-check"
    check.mkdir()
    (check / "test_task.py").write_text(IN_PROCESS_CHECK)
    proc = bwrap([Bind(app, "/app", True), Bind(check, "/tests")], ["python3", "/tests/test_task.py"])
    assert proc.returncode == 0 and proc.stdout.strip().splitlines()[-1] == "ok", (proc.stdout, proc.stderr)


@pytest.mark.parametrize(
    ("task_id", "cheat"),
    [
        ("t01-thursday-order-arrival", "atexit"),
        ("t01-thursday-order-arrival", "patch"),
        ("t06-herb-kit-vat", "atexit"),
        ("t06-herb-kit-vat", "patch"),
        ("t06-herb-kit-vat", "forge"),  # t06's checks are calls only: forged answers are all it needs
    ],
)
def test_planted_code_cannot_pass_the_checks(task_id: str, cheat: str, tmp_path: Path) -> None:
    if cheat == "forge" and _landlock_abi() < 1:
        pytest.skip("this kernel has no Landlock: the child cannot hide /tests here (README says so)")
    task = TASKS / task_id
    app = _cheat(task, tmp_path / "world", CHEATS[cheat])
    if task_id == "t06-herb-kit-vat":
        _assert_live(app, tmp_path)
    reward, proc = run_verifier(task, app, tmp_path)
    assert reward == "0", f"{cheat} passed {task_id}\n{proc.stdout}{proc.stderr}"
    assert proc.stdout.strip().splitlines()[-1:] != ["ok"], proc.stdout
    assert "stay readable" not in proc.stderr, proc.stderr  # the child did hide the checks
