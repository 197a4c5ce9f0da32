"""README's Python API line `df.groupby("mode")["verified"].mean()` says what it computes (newuser27).

README called it the "pass rate per arm over every trial". A faulted trial's `verified` is None, which
pandas' mean leaves out, so the figure is the pass rate over scored trials: on a run where half the
trials faulted it reads 1.0 where the rate over every attempted trial is 0.5 (`Run.denominators()`
gives both). The line is read from README.md and run on a real run made by `memeval ab`: a task solved
in both arms and one whose answer file the agent leaves a FIFO, so its verifier times out (a fault).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from patience import patient
from usage_line import REPO, run_memeval

AGENT = (
    'sh -c \'if [ -e /app/calc.py ]; then printf "def add(a, b):\\n    return a + b\\n" > /app/calc.py; '
    "else mkfifo /app/greeting.txt; fi'"
)
"""Solves `add-numbers`; leaves `greet`'s answer file a FIFO, which its verifier's grep waits on for good."""


def readme_groupby_line() -> tuple[str, str]:
    """(the code, its comment) of the README Python block's `groupby` line, the comment's continuation joined."""
    block = re.search(r"```python\n(import memeval\n.*?)```", (REPO / "README.md").read_text(), re.S)
    assert block is not None, "README.md has no Python block starting `import memeval`"
    lines = block.group(1).splitlines()
    (i,) = [n for n, line in enumerate(lines) if line.startswith('df.groupby("mode")')]
    code, comment = lines[i].split("#", 1)
    for more in lines[i + 1 :]:
        if not more.lstrip().startswith("#"):
            break
        comment += " " + more.lstrip()[1:]
    return code.strip(), " ".join(comment.split())


def test_the_readme_says_the_groupby_mean_is_over_scored_trials(tmp_path: Path) -> None:
    shutil.copytree(REPO / "tests" / "fixtures" / "tasksets" / "mini", tmp_path / "mini")
    out = run_memeval("ab", "mini", "--agent", "command", "--agent-cmd", AGENT, "--verifier-timeout", "15",
                      "--quiet", "--json", cwd=tmp_path, timeout_s=300)  # fmt: skip
    assert out.returncode == 0, out.stderr[-3000:]
    run_dir = json.loads(out.stdout)["run_dir"]

    code, comment = readme_groupby_line()
    script = (
        "import json, memeval, pandas as pd\n"
        f"run = memeval.load_run({run_dir!r})\n"
        "df = pd.DataFrame(run.to_records())\n"
        f"print(json.dumps({{k: float(v) for k, v in ({code}).items()}}))\n"
        "print(json.dumps({m: [d.pass_rate_scored, d.pass_rate_attempted] for m, d in run.denominators().items()}))\n"
    )
    res = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=patient(120))  # fmt: skip
    assert res.returncode == 0, res.stderr[-3000:]
    means, rates = (json.loads(line) for line in res.stdout.strip().splitlines())
    assert rates == {"baseline": [1.0, 0.5], "pack": [1.0, 0.5]}, rates  # half of each arm faulted
    assert means == {m: scored for m, (scored, _attempted) in rates.items()}, means
    assert "over scored trials" in comment and "every trial" not in comment, comment
