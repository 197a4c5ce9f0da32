"""The README's sample through real `memeval ab`, with an agent that solves nothing and plants exit hooks.

The Fernhill checks used to import the agent's module into their own process, so an atexit hook
appended to every module in /app (print "ok", `os._exit(0)`) turned every failing check into a
pass: 28 of 28 trials. The checks now call the agent's code only in a child process and decide
themselves (`samples/fernhill/tasks/*/tests/isolated_calls.py`).
"""

from __future__ import annotations

import base64

from runner_helpers import REPO

SAMPLE = REPO / "samples" / "fernhill"

HOOK = 'import atexit as _a, os as _o, sys as _s; _a.register(lambda: (_s.stdout.write("ok\\n"), _o._exit(0)))'
ATEXIT_IN_EVERY_MODULE = f"""for f in /app/*.py; do printf '\\n%s\\n' '{HOOK}' >> "$f"; done
echo "I don't know." > /app/reply.txt
"""
"""The breaker's cheat: every module in /app gets an atexit hook that prints "ok" and exits 0."""


def test_exit_hooks_planted_in_app_pass_no_sample_task(run_ab) -> None:
    script = base64.b64encode(ATEXIT_IN_EVERY_MODULE.encode()).decode()
    code, doc, err = run_ab(
        str(SAMPLE),
        "--tasks",
        "t01-thursday-order-arrival",
        "--agent",
        "command",
        "--agent-cmd",
        f"bash -c 'echo {script} | base64 -d | bash'",
    )
    assert code == 0, err
    assert len(doc["trials"]) == 2
    for trial in doc["trials"]:
        assert trial["fault"] is None, trial["fault"]
        assert (trial["verified"], trial["reward"]) == (False, 0), trial
