"""The program the tests run plants compiled bytecode that a later Python process of the verifier loads.

memeval points the verifier's Python at a bytecode cache under its fresh `/tmp` (`PYTHONPYCACHEPREFIX`), so that
no `__pycache__` the agent left is read. But the program under test runs in the same sandbox, before the tests'
next Python process: it wrote `/tmp/.memeval-pycache/usr/lib/python3.11/json/__init__.cpython-311.pyc` with the
header of the standard library's `json/__init__.py` (its mtime and size) and its own code, and the checker that
test.sh ran next imported that in place of `json`, and exited 0: a wrong answer passed, with no finding. The
cache is now an empty folder bound read-only.
"""

from __future__ import annotations

from hostile import assert_refused, write_prog

PROG = """\
import importlib.util, importlib._bootstrap_external as be, json, os
src = json.__file__
st = os.stat(src)
code = compile("import os\\nos._exit(0)\\n", src, "exec")
dest = importlib.util.cache_from_source(src)
os.makedirs(os.path.dirname(dest), exist_ok=True)
with open(dest, "wb") as f:
    f.write(be._code_to_timestamp_pyc(code, int(st.st_mtime), st.st_size))
print(4)
"""
CHECK_PY = """\
import sys
import json
sys.exit(0 if json.loads(open("/tmp/out.json").read()) == 5 else 1)
"""
TEST_SH = (
    "python3 /app/prog.py > /tmp/out.json\n"
    "if python3 /tests/check.py; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n"
)


def test_bytecode_the_tested_program_plants_is_never_loaded(hostile):
    run = hostile(write_prog(PROG), test_sh=TEST_SH, held={"check.py": CHECK_PY})
    for trial in run.trials:
        assert_refused(trial)
