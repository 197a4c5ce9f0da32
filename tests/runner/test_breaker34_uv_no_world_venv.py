"""A test.sh's `uv run` in a world with no environment of its own runs the image's Python, not the agent's (breaker34).

breaker32 gave uv in the verifier the world's environment as `VIRTUAL_ENV`, so a `.venv` the agent left in `/app`
is not the one uv takes; a world with no `pip install` step has no environment, and uv found the agent's `.venv`
there and ran in it (breaker32's finding). Here uv ships with the held-back tests (`/tests/uv`, no `pip install` in
the Dockerfile) and test.sh runs `uv run python3 /tests/check.py` in `/app`: the cheat leaves a `.venv` whose
site-packages holds a `.pth` line that ends the check's interpreter with status 0 before the check runs, and passed an
unsolved task. The verifier now gives uv the image's prefix (`/usr`) as `VIRTUAL_ENV`: the cheat scores 0 and an
honest answer 1. Needs the package registry for uv's wheel (as test_breaker32_uv_project.py does).
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from patience import patient
from runner_helpers import RunAb, make_task, trials_by_id

UV_VERSION = "0.13.9"
CHECK = "assert open('/app/answer.txt').read().strip() == '42', 'no answer'\n"
TEST_SH = (
    "cd /app && /tests/uv run python3 /tests/check.py "
    "&& echo 1 > /logs/verifier/reward.txt || echo 0 > /logs/verifier/reward.txt\n"
)
AGENT = r"""
import glob, os, subprocess
if "honest" in open(os.environ["MEMEVAL_INSTRUCTION_FILE"]).read():
    open("/app/answer.txt", "w").write("42\n")
else:
    subprocess.run(["python3", "-m", "venv", "--without-pip", "/app/.venv"], check=True)
    site = glob.glob("/app/.venv/lib/python3*/site-packages")[0]
    # ends the check's interpreter with status 0, and no other (uv asks each interpreter it finds what it is)
    line = "import os, sys; any(a.endswith('check.py') for a in sys.argv) and os._exit(0)\n"
    open(f"{site}/zz_pass.pth", "w").write(line)
"""


def uv_binary(where: Path) -> Path:
    """uv's program from its wheel on the package registry, written to `where / 'uv'`."""
    wheels = where / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "download", f"uv=={UV_VERSION}", "--no-deps", "--only-binary", ":all:",
         "-d", str(wheels), "-q"],
        check=True, capture_output=True, timeout=patient(300),
    )  # fmt: skip
    (wheel,) = wheels.glob("uv-*.whl")
    with zipfile.ZipFile(wheel) as z:
        data = z.read(f"uv-{UV_VERSION}.data/scripts/uv")
    out = where / "uv"
    out.write_bytes(data)
    out.chmod(0o755)
    return out


@pytest.mark.slow
def test_uv_in_a_world_with_no_environment_runs_the_images_python(tmp_path: Path, run_ab: RunAb) -> None:
    uv = uv_binary(tmp_path)
    tasks = tmp_path / "tasks"
    for name in ("cheat", "honest"):
        t = make_task(tasks, name, test_sh=TEST_SH, instruction=f"{name}: write 42 to /app/answer.txt.\n")
        (t / "tests" / "check.py").write_text(CHECK)
        os.link(uv, t / "tests" / "uv")
    code, doc, err = run_ab(
        str(tasks), "--agent", "command", "--agent-cmd", f"python3 -c {shlex.quote(AGENT)}", "--network", "none"
    )
    assert code in (0, 1), err
    got = {tid: (tr["fault"], tr["reward"]) for tid, tr in trials_by_id(doc).items()}
    assert len(got) == 4, got
    for tid, (fault, reward) in got.items():
        want = 1.0 if tid.startswith("honest:") else 0.0  # before: the cheat 1.0, uv ran in its .venv
        assert (fault, reward) == (None, want), (tid, got)
