"""Output a sandbox writes is read by memeval only in bounded pieces, however large the file says it is.

Found by the breaker: the agent's stdout and stderr, and the verifier's output (test.sh's and the tested program's),
are files memeval opens and hands to the sandbox. A program may `lseek` its stdout to just under the sandbox's file
size limit (1 GiB by default) and write one line: an instant, and no disk used. memeval then read each such file
whole: stderr as text, stdout twice for the claim, the verifier's output into an artifact of the run folder. One
task's two trials took memeval to 4.2 GB of memory (89 s) and left 1.1 GB in the run folder; eight trials at once
would take the host's memory. Now only the first and last 4 MiB of an output are read and stored, with a line
saying how much was cut between them. Since then a sandbox's output is a pipe, where a seek fails (ESPIPE).
Real `memeval ab` in a subprocess, real bubblewrap sandboxes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from patience import patient
from runner_helpers import REPO, make_task

from memeval.eventlog import ArtifactStore

SPARSE = (
    "import os\nfor fd in (1, 2):\n"
    "    os.write(fd, b'first line\\n')\n"
    "    try:\n"
    "        os.lseek(fd, (1 << 30) - 16, 0)\n"
    "    except OSError as exc:\n"
    "        os.write(fd, f'seek refused: {exc.strerror}\\n'.encode())\n"
    "    os.write(fd, b'the last line\\n')\n"
)
LAUNCHER = (
    "import resource, subprocess, sys\n"
    "code = subprocess.run(sys.argv[2:]).returncode\n"
    "open(sys.argv[1], 'w').write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))\n"
    "sys.exit(code)\n"
)


def test_gigabyte_outputs_with_nothing_in_them_are_read_in_bounded_pieces(tmp_path: Path) -> None:
    tasks = tmp_path / "tasks"
    make_task(
        tasks, "s", files={"sparse.py": SPARSE}, test_sh="python3 /app/sparse.py\necho 0 > /logs/verifier/reward.txt\n"
    )
    out, err, peak = tmp_path / "out.json", tmp_path / "err.txt", tmp_path / "peak.txt"
    memeval = [sys.executable, "-m", "memeval", "ab", str(tasks), "--agent", "command", "--agent-cmd",
               "python3 /app/sparse.py", "--network", "none", "--runs-dir", str(tmp_path / "runs"),
               "--json", "--quiet"]  # fmt: skip
    with out.open("wb") as o, err.open("wb") as e:
        # memeval is started by a small launcher that reports its children's peak memory: a child forked
        # straight from this pytest worker would carry the worker's own size (1.4 GB late in a suite) as its peak.
        proc = subprocess.run(
            [sys.executable, "-c", LAUNCHER, str(peak), *memeval], cwd=REPO, stdout=o, stderr=e, timeout=patient(300)
        )
    status, maxrss = proc.returncode, int(peak.read_text())  # memeval's own peak, its children included (KiB)
    assert status == 0, err.read_text(errors="replace")
    doc = json.loads(out.read_text())
    run_dir = tmp_path / "runs" / doc["run_id"]
    store = ArtifactStore(run_dir)
    for trial in doc["trials"]:
        assert trial["fault"] is None and trial["verified"] is False, trial
        verifier_out = store.get(trial["checks"][0]["output"])
        # Output is a pipe memeval drains (see test_outcap_output_flood.py): a seek on it is refused.
        assert verifier_out == b"first line\nseek refused: Illegal seek\nthe last line\n" * 2
    stored = sum(f.stat().st_size for f in run_dir.rglob("*") if f.is_file())
    assert stored < 1 << 20, stored  # was 1.1 GB: a gigabyte artifact per verifier; then 64 MiB at most
    assert maxrss < 1 << 20, maxrss  # KiB: was 4.2 GB
