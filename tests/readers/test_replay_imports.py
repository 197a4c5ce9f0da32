"""`memeval replay` and a verdict load neither scipy nor statsmodels; the replay starts no BLAS thread (issue 17).

A fresh `memeval replay` process used to spend about 0.8 s CPU importing `scipy.stats` and
`scipy.special` for a few distribution values; `memeval.stats._distributions` computes them now.
Each check runs in a fresh interpreter (this test process may have scipy loaded already) and reads
`sys.modules` there. The time is a benchmark (`bench/replay.py`), never asserted here.
"""

from __future__ import annotations

import json
import os
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


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts the process's threads in /proc")
@pytest.mark.parametrize("given", [None, "3"])
def test_the_replay_command_starts_no_blas_thread_unless_told_to(given: str | None, tmp_path: Path) -> None:
    # numpy's OpenBLAS starts a thread per core at import, each spinning a while for work the
    # replay never gives it: `memeval replay` asks for one thread, unless the user chose a number.
    shutil.copytree(FIXTURES / "runlog_v1" / "sample-t01", tmp_path / "runs" / "sample-t01")
    code = (
        "import os, sys\n"
        "from memeval.cli import main\n"
        "sys.argv = ['memeval', 'replay', 'sample-t01', '--runs-dir', 'runs']\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exc:\n"
        "    assert exc.code in (0, None), exc.code\n"
        "assert 'numpy' in sys.modules\n"
        "print(len(os.listdir('/proc/self/task')), os.environ.get('OPENBLAS_NUM_THREADS'))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if given is not None:
        env["OPENBLAS_NUM_THREADS"] = given
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, check=True, timeout=300
    )
    threads, setting = out.stdout.strip().splitlines()[-1].split()
    if given is None:
        assert (threads, setting) == ("1", "1")
    else:
        assert setting == given  # the user's own choice is kept
