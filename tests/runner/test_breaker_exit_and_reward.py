"""test.sh exits non-zero: a reward it never wrote is never a pass, and a missing one is a named fault.

Three tasks in one `memeval ab` run (both arms each), none solved by its agent:

- `set-e-silent`: test.sh runs under `set -e` and writes `reward.txt` only after its check, so the agent's
  wrong answer ends it (exit 1) with no reward file. That is a `protocol` fault whose message says test.sh
  ended with an error before writing a reward, never a pass and never a zero taken for a harness fault.
- `set-e-planted`: the same test.sh, and the agent's program (run by test.sh, with its rights in
  `/logs/verifier`) writes `1` to `reward.txt` and prints a wrong answer, so `set -e` ends test.sh before it
  writes anything. On main the planted 1 was read: a wrong answer passed, with no finding and no fault. A
  passing reward beside a non-zero exit is now a `protocol` fault (`memeval.runner._verify.exit_doubt`).
- `pyc-isolated`: the checker is `python3 -I -S` (no environment, no `site`, no guard of memeval's), puts
  `/app` first on its path and imports the agent's `solution.py` (wrong), beside which the agent left a
  `__pycache__/solution.cpython-311.pyc` compiled from a right answer with the wrong source's header, plus a
  `.pth` and a `sitecustomize.py`. The world's bytecode is deleted before the verifier
  (`drop_bytecode_caches`), `-S` reads no `.pth`: the wrong source is what runs (this held on main too).
- `json-repeat`: test.sh writes `reward.json` with the program's answer in it (`{"reward": 0, "answer": "..."}`);
  the program's answer closes the string and names `reward` again (`4", "reward": 1, "x": "`). JSON readers keep
  the last value, so on main the wrong answer passed. A key named twice is now a `protocol` fault.
"""

from __future__ import annotations

from hostile import write_prog
from runner_helpers import trials_by_id

SET_E_TEST_SH = """\
set -e
out=$(python3 /app/prog.py)
[ "$out" = 5 ]
echo 1 > /logs/verifier/reward.txt
"""
PLANT = "open('/logs/verifier/reward.txt', 'w').write('1\\n')\nprint(4)\n"
PYC_ATTACK = """\
cat > /app/solution.py <<'PY'
def add(a, b):
    return a + b + 1
PY
python3 - <<'PY'
import importlib._bootstrap_external as be, importlib.util, os
src = "/app/solution.py"
st = os.stat(src)
code = compile("def add(a, b):\\n    return a + b\\n", src, "exec")
dest = importlib.util.cache_from_source(src)
os.makedirs(os.path.dirname(dest), exist_ok=True)
with open(dest, "wb") as f:
    f.write(be._code_to_timestamp_pyc(code, int(st.st_mtime), st.st_size))
PY
echo 'import solution; solution.add = lambda a, b: a + b' > /app/fix.pth
printf 'import solution\\nsolution.add = lambda a, b: a + b\\n' > /app/sitecustomize.py
"""
JSON_TEST_SH = """\
ans=$(python3 /app/prog.py)
if [ "$ans" = 5 ]; then r=1; else r=0; fi
printf '{"reward": %s, "answer": "%s"}\n' "$r" "$ans" > /logs/verifier/reward.json
"""
JSON_PLANT = 'print(\'4", "reward": 1, "x": "\')\n'
PYC_TEST_SH = """\
cd /app
out=$(python3 -I -S -c "import sys; sys.path.insert(0, '/app'); from solution import add; print(add(2, 3))")
if [ "$out" = 5 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt
"""


def test_a_reward_the_tested_program_wrote_or_appended_is_never_a_pass(hostile):
    hostile.task("set-e-silent", "echo 'print(4)' > /app/prog.py\n", test_sh=SET_E_TEST_SH)
    hostile.task("set-e-planted", write_prog(PLANT), test_sh=SET_E_TEST_SH)
    hostile.task("pyc-isolated", PYC_ATTACK, test_sh=PYC_TEST_SH)
    hostile.task("json-repeat", write_prog(JSON_PLANT), test_sh=JSON_TEST_SH)
    run = hostile.run(codes=(0, 1, 3))
    trials = trials_by_id(run.doc)
    assert len(trials) == 4 * run.per_task, sorted(trials)
    for tid, t in trials.items():
        assert t["verified"] is not True, (tid, t)
        task = tid.split(":")[0]
        if task == "pyc-isolated":
            assert (t["fault"], t["verified"], t["reward"]) == (None, False, 0.0), (tid, t)
            continue
        assert t["reward"] is None, (tid, t)  # a fault, never a zero
        fault = t["fault"]
        assert fault["code"] == "protocol", (tid, fault)
        if task == "json-repeat":
            assert "names the key 'reward' twice" in fault["message"], (tid, fault)
            continue
        assert "test.sh exit code 1)" in fault["message"], (tid, fault)
        if task == "set-e-silent":
            assert "no reward.txt or reward.json" in fault["message"] and "`set -e`" in fault["message"], (tid, fault)
        else:
            assert "reward.txt says the trial passed, but test.sh failed" in fault["message"], (tid, fault)
