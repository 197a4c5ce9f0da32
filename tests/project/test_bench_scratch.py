"""The benchmarks leave no folders in /tmp (`bench/_scratch.py`).

Found by a new user: every run of `bench/audit_ingest.py`, `audit_ingest_cpu.py`,
`audit_ingest_same.py`, `proxy_latency.py` and `report_render.py` left its `tempfile.mkdtemp`
folder behind (stores of up to 1,000,000 events among them).
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient

BENCH = Path(__file__).resolve().parents[2] / "bench"
MAKE = (
    "import sys, time; sys.path.insert(0, sys.argv[1]); from _scratch import scratch_dir\n"
    "p = scratch_dir('memeval-test-scratch-'); (p / 'db.sqlite').write_text('x'); print(p, flush=True)\n"
)


def test_no_bench_script_makes_a_temp_folder_it_does_not_remove() -> None:
    left = [
        p.name
        for p in sorted(BENCH.glob("*.py"))
        if p.name != "_scratch.py" and "mkdtemp(" in (text := p.read_text()) and "rmtree(" not in text
    ]
    assert left == [], f"use bench/_scratch.py's scratch_dir() in {left}"


@pytest.mark.parametrize("ending", ["return", "raise", "sigterm"])
def test_a_scratch_folder_is_gone_when_the_script_ends(ending: str) -> None:
    tail = {"return": "", "raise": "raise RuntimeError('boom')\n", "sigterm": "time.sleep(600)\n"}[ending]
    proc = subprocess.Popen(
        [sys.executable, "-c", MAKE + tail, str(BENCH)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    folder = Path(proc.stdout.readline().strip())
    assert re.search(r"memeval-test-scratch-", folder.name), folder
    if ending == "sigterm":
        proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=patient(60))
    assert proc.returncode == {"return": 0, "raise": 1, "sigterm": 143}[ending]
    assert not folder.exists()
