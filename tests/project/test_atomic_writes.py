"""Files a user or a later run reads are written whole or not at all (`memeval._files.write_atomic`).

A pack, an anchor, a report or a run's artifact cut short by a full disk or a Ctrl-C was left half
written in place (`audit anchor`, `report-ab`) or as a `.tmp` beside it (`pack build`). The disk
fills for real here: a child process with a file-size limit (RLIMIT_FSIZE; SIGXFSZ ignored, so the
write fails with EFBIG as on a full disk).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from patience import patient

REPO = Path(__file__).resolve().parents[2]
SAMPLE_PACK = REPO / "samples" / "fernhill" / "pack.json"

LIMITED = """
import resource, signal, sys
from pathlib import Path
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))
"""


def _child(body: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    code = LIMITED + textwrap.dedent(body)
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=patient(120),
        env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1"},
    )  # fmt: skip  (no bytecode: Python's .pyc writer keeps a file cut at the limit)


def _left(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_a_pack_write_cut_short_leaves_the_old_pack_and_no_temporary_file(tmp_path: Path) -> None:
    out = tmp_path / "team.pack.json"
    out.write_text("old pack\n")
    done = _child(
        f"""
        from memeval.packs import load_pack, write_pack
        pack = load_pack(Path({str(SAMPLE_PACK)!r}))  # about 5 KiB as JSON: over the 1,000-byte limit
        try:
            write_pack(pack, Path({str(out)!r}))
        except OSError as exc:
            print("refused", exc.errno)
        """,
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("refused"), done.stdout
    assert out.read_text() == "old pack\n"
    assert _left(tmp_path) == ["team.pack.json"]  # main left team.pack.json.tmp, 1,000 bytes of it


def test_a_report_write_cut_short_leaves_the_old_report_whole(tmp_path: Path) -> None:
    from memeval._files import write_atomic

    out = tmp_path / "report.html"
    write_atomic(out, "<p>last week's report</p>\n")
    done = _child(
        f"""
        from memeval._files import write_atomic
        try:
            write_atomic(Path({str(out)!r}), b"x" * 5000)
        except OSError as exc:
            print("refused", exc.errno)
        """,
        tmp_path,
    )
    assert done.stdout.startswith("refused"), (done.stdout, done.stderr)
    assert out.read_text() == "<p>last week's report</p>\n"
    assert _left(tmp_path) == ["report.html"]


def test_ctrl_c_between_chunks_removes_the_temporary_file_and_goes_on(tmp_path: Path) -> None:
    from memeval._files import write_atomic

    out = tmp_path / "cache.json"
    out.write_bytes(b"old\n")

    def chunks():
        yield b"new, first half"
        raise KeyboardInterrupt  # as the SIGINT handler raises it between two writes

    with pytest.raises(KeyboardInterrupt):
        write_atomic(out, chunks())
    assert out.read_bytes() == b"old\n"
    assert _left(tmp_path) == ["cache.json"]


def test_the_new_file_has_the_mode_a_plain_write_gives(tmp_path: Path) -> None:
    import os

    from memeval._files import write_atomic

    plain, atomic = tmp_path / "plain", tmp_path / "atomic"
    plain.write_text("x")
    write_atomic(atomic, "x", durable=True)
    assert os.stat(atomic).st_mode == os.stat(plain).st_mode  # not mkstemp's 0o600
    assert atomic.read_text() == "x"
