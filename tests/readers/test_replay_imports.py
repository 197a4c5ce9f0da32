"""`memeval replay` and a verdict of any shape load neither scipy nor statsmodels (issue 17 item 5).

A fresh `memeval replay` process used to spend about 0.8 s CPU importing `scipy.stats` and
`scipy.special` for a few distribution values; `memeval.stats._distributions` computes them now.
Each check runs in a fresh interpreter (this test process may have scipy loaded already) and reads
`sys.modules` there. The time is a benchmark (`bench/replay.py`), never asserted here.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
HEAVY = ("scipy", "statsmodels", "pandas")


def _loaded_after(code: str, cwd: Path) -> set[str]:
    probe = code + "\nimport sys, json\nprint(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))"
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=cwd, capture_output=True, text=True, check=True, timeout=300
    )
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("name", ["sample-t01", "oracle-mini"])
def test_the_replay_command_loads_no_scipy(name: str, tmp_path: Path) -> None:
    run = shutil.copytree(FIXTURES / "runlog_v1" / name, tmp_path / "runs" / name)
    code = (
        "import sys\n"
        "from memeval.cli import main\n"
        f"sys.argv = ['memeval', 'replay', {name!r}, '--runs-dir', 'runs']\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exc:\n"
        "    assert exc.code in (0, None), exc.code\n"
    )
    loaded = _loaded_after(code, tmp_path)
    assert "memeval" in loaded and (run / ".cache").is_dir()  # it did replay (and wrote its cache)
    assert sorted(loaded & set(HEAVY)) == []


def test_a_verdict_of_every_test_path_loads_no_scipy(tmp_path: Path) -> None:
    # One repeat (binomial sign test, McNemar, Wilson, Newcombe), and three repeats with unequal |d|
    # over 8 tasks (the exact sign-flip test) and over 40 (Monte Carlo), each with t intervals.
    code = (
        "from memeval.stats import TaskTrials, TrialObs, paired_verdict\n"
        "def arm(passes, n):\n"
        "    return tuple(TrialObs(outcome='pass' if k < passes else 'fail', cost_usd=0.1) for k in range(n))\n"
        "one = [TaskTrials(task_id=f't{i}', baseline=arm(i % 2, 1), pack=arm(i % 3 > 0, 1)) for i in range(30)]\n"
        "def three(n):\n"
        "    return [TaskTrials(task_id=f't{i}', baseline=arm(i % 3, 3), pack=arm((i * i + 1) % 4, 3))\n"
        "            for i in range(n)]\n"
        "shapes = (one, three(8), three(40))\n"
        "methods = [paired_verdict(t, boot_resamples=199, mc_resamples=999).p_method for t in shapes]\n"
        "assert methods == ['exact(binomtest)', 'exact', 'monte_carlo'], methods\n"
    )
    assert sorted(_loaded_after(code, tmp_path) & set(HEAVY)) == []
