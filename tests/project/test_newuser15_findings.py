"""What a new user met (fifteenth new-user round), each checked with a real memeval process.

- `memeval audit ingest FILE --batch-size -1` stored the file as one batch, though the help says
  0 is the whole file and a negative size is no batch size at all: refused now, before the file is
  read, with the option named.
- `memeval plan --effect 0.15 --seed -1` ended with numpy's `error: expected non-negative integer`,
  naming no option: refused now as every other bad number is, naming `--seed` and the range.
- `memeval report send --help` and `memeval schedule --help` never said that mail goes out through
  `MEMEVAL_SMTP_*` settings: a user learned it only from the error of a first send.
"""

from __future__ import annotations

from pathlib import Path

from usage_line import REPO, one_usage_line, run_memeval

WEEK_FILE = REPO / "samples" / "fernhill" / "audit" / "week.jsonl"


def test_a_negative_batch_size_is_refused_before_anything_is_stored(tmp_path: Path) -> None:
    (tmp_path / "three.jsonl").write_text("".join(WEEK_FILE.read_text().splitlines(keepends=True)[:3]))
    db = tmp_path / "store" / "audit.sqlite"
    out = run_memeval(
        "audit", "ingest", "three.jsonl", "--sender", "sample", "--batch-size", "-1", "--quiet",
        cwd=tmp_path, env={"MEMEVAL_DB": f"sqlite:///{db}", "XDG_CONFIG_HOME": str(tmp_path / "cfg")},
    )  # fmt: skip
    one_usage_line(out, "--batch-size", "-1", "0 or more")
    assert not db.exists() and not (tmp_path / "store").exists()


def test_a_negative_plan_seed_names_the_option(tmp_path: Path) -> None:
    out = run_memeval("plan", "--effect", "0.15", "--seed", "-1", cwd=tmp_path)
    one_usage_line(out, "--seed", "-1", "0 or more")


def test_report_send_and_schedule_help_name_the_smtp_settings(tmp_path: Path) -> None:
    for args in (("report", "send"), ("schedule",)):
        out = run_memeval(*args, "--help", cwd=tmp_path)
        assert out.returncode == 0, out.stderr[-2000:]
        text = " ".join(out.stdout.split())  # the help is wrapped to the terminal's width
        for name in ("MEMEVAL_SMTP_HOST", "MEMEVAL_SMTP_SECURITY", "MEMEVAL_SMTP_FROM"):
            assert name in text, (args, text)
