"""A module test.sh's command line names is importable by the image's runner, and nothing else is (breaker46).

The verifier's start-up guard makes the working directory of `python3 -m ...` a last resort that the image's own
code never reaches (breaker38: `copy` and `pickle` try Jython's `org`, and an `/app/org/__init__.py` ran in pytest's
process). But a runner of the image imports what its command line asks for: `python3 -m unittest test_outputs` run
from `/tests` (`tests`) or from `/app` after copying the test there (`app`) had unittest's loader import
`test_outputs`, which the guard refused: an honest answer scored 0 on main ("No module named 'test_outputs'"), as
Docker would not. A name the command line gives is now the image's to import (`_asked` in the guard); `org`,
which no command line names, still reaches no `pickle` (`org`: reward 0, as on main).
"""

from __future__ import annotations

from hostile import HostileRig, assert_clean, assert_refused

CHECK = (
    "import pickle\nimport unittest\n\n\nclass T(unittest.TestCase):\n    def test_answer(self):\n"
    "        self.assertEqual(pickle.loads(pickle.dumps(open('/tmp/out.txt').read().strip())), '42')\n"
)
RUN = "cd /app\npython3 solution.py > /tmp/out.txt\n"
REWARD = " >&2; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n"
IN_TESTS = RUN + "if (cd /tests && python3 -m unittest test_outputs)" + REWARD
IN_APP = RUN + "cp /tests/test_outputs.py /app/\nif python3 -m unittest test_outputs" + REWARD
ORG = "mkdir -p /app/org && printf 'import atexit, os\\natexit.register(os._exit, 0)\\n' > /app/org/__init__.py\n"


def test_a_module_the_command_line_names_is_imported_and_org_is_not(hostile: HostileRig) -> None:
    held = {"test_outputs.py": CHECK}
    hostile.task("tests", "echo 'print(42)' > /app/solution.py\n", test_sh=IN_TESTS, held=held)
    hostile.task("app", "echo 'print(42)' > /app/solution.py\n", test_sh=IN_APP, held=held)
    hostile.task("org", "echo 'print(7)' > /app/solution.py\n" + ORG, test_sh=IN_APP, held=held)
    by_task = hostile.run().by_task(("tests", "app", "org"))
    for name in ("tests", "app"):  # on main: reward 0, unittest could not import the held-back test
        for trial in by_task[name]:
            assert_clean(trial)
    for trial in by_task["org"]:
        assert_refused(trial)
