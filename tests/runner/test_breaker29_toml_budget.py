"""The tamper scan parses at most `MAX_PARSED_TOML_BYTES` of `pyproject.toml` a trial (breaker29).

Every `pyproject.toml` the agent added was read (up to 1 MiB) and parsed as TOML on the host, once a trial, with no
time limit: 0.1-0.7 CPU s a MiB. One 1 MiB file and a hard link of it in each of many folders (4 KiB of the
agent's disk apiece) cost the host an hour of CPU for 5,000 folders. Past the budget a file is a finding
unread. Bytes read are counted from `/proc/self/io` (`rchar`), the whole run (it runs in this process).
"""

from __future__ import annotations

import shlex
from pathlib import Path

from runner_helpers import RunAb, bytes_read, make_task

from memeval.runner._runnersection import MAX_PARSED_TOML_BYTES

FOLDERS = 200


def test_many_names_of_a_large_pyproject_are_not_each_read_and_parsed(tmp_path: Path, run_ab: RunAb) -> None:
    make_task(tmp_path / "tasks", "t1", test_sh="echo 0 > /logs/verifier/reward.txt\n")
    script = (
        "import os\n"
        "open('/app/big.toml', 'w').write(''.join('k%d = \"%s\"\\n' % (i, 'x' * 40) for i in range(20000)))\n"
        f"for n in range({FOLDERS}):\n"
        "    os.makedirs('/app/d%d' % n)\n"
        "    os.link('/app/big.toml', '/app/d%d/pyproject.toml' % n)\n"
    )
    agent = f"python3 -c {shlex.quote(script)}"
    before = bytes_read()
    code, doc, err = run_ab(str(tmp_path / "tasks"), "--network", "none", "--agent", "command", "--agent-cmd", agent)
    read = bytes_read() - before
    assert code in (0, 1), err
    for tr in doc["trials"]:
        details = [f["detail"] for f in tr["tamper"]["findings"]]
        assert any("not checked for a test-runner section" in d for d in details), tr["tamper"]
    # two scans of FOLDERS names of a 1 MiB file: 400 MiB read, and parsed, when each is read; the workspace diff
    # (16 MiB of text a trial) and the rest of the run read about 110 MiB
    assert read < 2 * MAX_PARSED_TOML_BYTES + 160 * 2**20, f"{read:,} bytes read"
