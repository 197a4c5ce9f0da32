"""README's audit walk-through runs as written, pasted as one block into bash.

A new user found it could not be pasted: `memeval serve` held the shell and two commands stopped
to ask for a password. The block is read from README.md itself, so the test follows its edits.
Two changes only, both named: the server takes a free port instead of 8765 (`--port 0`, tests
run side by side; its stderr goes to a file the script waits on for the line naming it), and the
last line (`memeval ab` on the built pack: the sample's 28 trials) is left to the sample's
end-to-end tests.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient

REPO = Path(__file__).resolve().parents[2]


def audit_block(readme: str) -> list[str]:
    """The lines of the first bash block of README's `## The audit half` section."""
    m = re.search(r"^## The audit half\n.*?```bash\n(.*?)```", readme, re.S | re.M)
    assert m is not None, "README.md has no bash block under '## The audit half'"
    return m.group(1).splitlines()


def _pack_out(lines: list[str]) -> str:
    """Where the walk-through's `pack build --out FILE` writes the pack."""
    (out,) = [m.group(1) for line in lines if (m := re.search(r"memeval pack build .*--out (\S+)", line))]
    return out


def test_what_the_walkthrough_writes_in_a_clone_is_ignored_by_git() -> None:
    """Pasted in a clone, the block leaves no untracked file: its pack once landed as ./pack.json."""
    lines = audit_block((REPO / "README.md").read_text())
    (db,) = [line.split("sqlite:///", 1)[1].split()[0] for line in lines if line.startswith("export MEMEVAL_DB=")]
    written = [_pack_out(lines), db]
    res = subprocess.run(["git", "check-ignore", "--no-index", *written], cwd=REPO, capture_output=True, text=True)
    assert sorted(res.stdout.split()) == sorted(written), res.stdout + res.stderr


@pytest.mark.slow
@pytest.mark.timeout(900)  # ten memeval processes, a PDF and an argon2 hash: minutes on a loaded machine
def test_the_audit_walkthrough_runs_pasted_as_one_block(tmp_path: Path) -> None:
    lines = audit_block((REPO / "README.md").read_text())
    pack_out = _pack_out(lines)
    assert lines[-1].startswith(f".venv/bin/memeval ab samples/fernhill --pack {pack_out}"), lines[-1]
    serve = [i for i, line in enumerate(lines) if line.startswith(".venv/bin/memeval serve &")]
    assert len(serve) == 1, "the walk-through should start the review server in the background"
    lines[serve[0]] = lines[serve[0]].replace("memeval serve &", "memeval serve --port 0 2>serve.err &", 1)
    # the server loads the ingest endpoint's redactor and hold detector before it listens: seconds, minutes when busy;
    # it says "(Ctrl-C to stop)" only once it answers on the port it took
    up = 'until grep -q "(Ctrl-C to stop)" serve.err; do sleep 0.1; done'
    wait = f"timeout {patient(300):.0f} bash -c '{up}'"
    script = ["set -e", *lines[: serve[0] + 1], wait, *lines[serve[0] + 1 : -1], "kill %1", "wait"]
    shutil.copytree(REPO / "samples" / "fernhill", tmp_path / "samples" / "fernhill")
    (tmp_path / ".venv").symlink_to(Path(sys.prefix))
    # its own session, killed whole at the end: a test stopped by its timeout leaves no server behind
    proc = subprocess.Popen(
        ["bash", "-c", "\n".join(script)],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    try:
        stdout, stderr = proc.communicate(timeout=patient(850))
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    served = (tmp_path / "serve.err").read_text() if (tmp_path / "serve.err").exists() else "(no serve.err)"
    res = subprocess.CompletedProcess(proc.args, proc.returncode, stdout, stderr + served)
    out = res.stdout + res.stderr
    assert res.returncode == 0, out  # `kill %1` stops the server cleanly (it exited 143 before)
    assert "chain intact" in out and "alice's password: " in out, out
    assert "approve lesson/fernhill/les_07: approved" in out, out
    assert re.search(r"2026-W47 v1 made: .*report\.pdf", out), out
    assert re.search(r"review on http://127\.0\.0\.1:[1-9][0-9]*/ \(Ctrl-C to stop\)", out), out
    pack = tmp_path / pack_out
    items = json.loads(pack.read_text())["items"]
    # 38: pack build leaves out the rejected side of con_02, re-sent under seven other ids (breaker23)
    assert len(items) == 38 and sum(i["provenance"]["approved_by"] == "alice" for i in items) == 1, items
