"""`memeval report weekly` as a user runs it: its steps on a terminal's stderr, and what it loads."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

from typer.testing import CliRunner

from memeval.auditreport import make_report, preview_report
from memeval.cli import app
from memeval.cli.report import steps_on

WEEK = "2026-W47"


class _Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_steps_show_on_a_terminal_and_are_erased_at_the_end():
    term = _Terminal()
    with steps_on(term, quiet=False) as progress:
        progress("counting")
        progress("laying out the PDF")
    out = term.getvalue()
    assert "counting ..." in out and "laying out the PDF ..." in out
    assert out.startswith("\r\x1b[K") and out.endswith("\r\x1b[K")  # each step overwrites the last; none is left


def test_steps_are_erased_when_the_report_fails():
    term = _Terminal()
    try:
        with steps_on(term, quiet=False) as progress:
            progress("counting")
            raise RuntimeError("boom")
    except RuntimeError:
        pass
    assert term.getvalue().endswith("\r\x1b[K")


def test_no_steps_with_quiet_or_off_a_terminal():
    term, pipe = _Terminal(), io.StringIO()
    with steps_on(term, quiet=True) as progress:
        progress("counting")
    with steps_on(pipe, quiet=False) as progress:
        progress("counting")
    assert term.getvalue() == "" and pipe.getvalue() == ""


def test_make_report_names_each_step_before_it_starts(store, tmp_path, monkeypatch):
    # the preview goes to the week's folder in memeval's cache folder, replaced by the next preview: here, the
    # test's own (a folder in the system's /tmp was left by every run of the suite before)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    steps: list[str] = []
    made = make_report(store, "fernhill", WEEK, out_dir=tmp_path / "r", runs_dir=tmp_path, progress=steps.append)
    assert made.created
    assert steps[0] == f"counting fernhill's events of {WEEK}"
    assert steps[1] == "rendering the HTML and the e-mail text"
    assert steps[-2] == "laying out and writing the PDF"
    assert steps[-1] == "writing the files and recording the report in the audit log"
    again: list[str] = []  # the week is made: returned as recorded, nothing to say
    make_report(store, "fernhill", WEEK, out_dir=tmp_path / "r", runs_dir=tmp_path, progress=again.append)
    assert again == []
    preview: list[str] = []
    shown = preview_report(store, "fernhill", WEEK, runs_dir=tmp_path, progress=preview.append)
    assert shown.folder == tmp_path / "cache" / "memeval" / "previews" / f"fernhill-{WEEK}" and shown.kept_in_cache
    assert preview[0] == f"counting fernhill's events of {WEEK} so far" and "laying out and writing the PDF" in preview


def test_cli_quiet_and_piped_stderr_print_only_the_result(store, tmp_path):
    for extra in ([], ["--quiet"], ["-q"]):
        out = tmp_path / "r"
        r = CliRunner().invoke(app, ["report", "weekly", "--team", "fernhill", "--week", WEEK, "--db", store.url,
                                     "--out", str(out), "--runs", str(tmp_path), *extra])  # fmt: skip
        assert r.exit_code == 0, r.output
        assert r.stderr == "" and "\x1b" not in r.output, (extra, r.stderr)
        assert r.stdout.startswith(f"fernhill {WEEK} v1 ")


_LOADED_PROBE = """
import json, sys
from memeval.cli.app import main
sys.argv = ["memeval", "report", "weekly", "--team", "fernhill", "--week", "2026-W47", "--db", sys.argv[1],
            "--out", sys.argv[2], "--runs", sys.argv[3]]
try:
    main()
except SystemExit as exc:
    assert not exc.code, exc.code
print(json.dumps(sorted(sys.modules)))
"""


def test_weekly_loads_neither_the_scheduler_nor_the_run_readers_without_runs(store, tmp_path):
    # The scheduler, e-mail delivery and SMTP are for `report send` and `schedule`; the run readers
    # (results, statistics, event log) only for a week with run folders. Loading them cost about
    # 0.2 s of CPU, an eighth of the command's on a small week (bench/report_render.py).
    (tmp_path / "runs").mkdir()
    probe = [sys.executable, "-c", _LOADED_PROBE, store.url, str(tmp_path / "r"), str(tmp_path / "runs")]
    done = subprocess.run(probe, capture_output=True, text=True, check=True)
    loaded = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert (tmp_path / "r" / "fernhill" / WEEK / "v1" / "report.pdf").is_file()
    assert "weasyprint" in loaded and "memeval.auditreport._record" in loaded  # the probe ran the command
    for name in ("memeval.auditreport._schedule", "memeval.auditreport._delivery", "memeval.auditreport._smtp",
                 "memeval.results", "memeval.stats", "memeval.eventlog"):  # fmt: skip
        assert name not in loaded, name


def test_the_script_ends_unfreed_with_the_store_closed_and_the_report_recorded(store, tmp_path):
    # Under the `memeval` script the command ends with os._exit once the report is recorded (freeing
    # the modules cost about 0.15 s of CPU); it closes the store's connections first, so SQLite folds
    # its write-ahead log back into the file and nothing is lost.
    db = store.url.removeprefix("sqlite:///")
    store.engine.dispose()
    store.write_engine.dispose()
    cmd = [sys.executable, "-m", "memeval", "report", "weekly", "--team", "fernhill", "--week", WEEK,
           "--db", store.url, "--out", str(tmp_path / "r"), "--runs", str(tmp_path)]  # fmt: skip
    first = subprocess.run(cmd, capture_output=True, text=True)
    assert first.returncode == 0 and first.stdout.startswith(f"fernhill {WEEK} v1 made: "), first
    assert first.stdout.endswith("\n") and "counts sha256:" in first.stdout  # flushed before the end
    assert not [p for p in (f"{db}-wal", f"{db}-shm") if os.path.exists(p)]  # connections were closed
    again = subprocess.run(cmd, capture_output=True, text=True)
    assert again.returncode == 0 and "already made" in again.stdout, again  # the report event was kept
    bad = subprocess.run([*cmd, "--week", "2026-W99"], capture_output=True, text=True)  # the last --week wins
    assert bad.returncode == 2 and "2026-W99" in bad.stderr  # a failure still exits as before
