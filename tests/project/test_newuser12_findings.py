"""What a new user met (twelfth new-user round), each checked with real parts (memeval processes, a real
SMTP server on 127.0.0.1).

- `memeval report send` to a plain SMTP server (a relay on this machine) with only HOST, PORT and FROM
  set tried STARTTLS four times with back-off (56 s at load 20) and ended with
  `SMTPNotSupportedError: STARTTLS extension not supported by server.`, naming no setting; the
  message for an unset host listed PORT, USER, PASSWORD and FROM but not SECURITY.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from plain_smtp import PlainInbox
from usage_line import REPO, one_usage_line, run_memeval, set_up_memeval

WEEK_FILE = REPO / "samples" / "fernhill" / "audit" / "week.jsonl"


@pytest.mark.slow  # two memeval processes that load the redactor and render a PDF: about 7 s of CPU
def test_send_to_a_server_without_starttls_says_which_setting_at_once(
    tmp_path: Path, plain_smtp: tuple[int, PlainInbox]
) -> None:
    port, inbox = plain_smtp
    db = {"MEMEVAL_DB": f"sqlite:///{tmp_path / 'store' / 'audit.sqlite'}", "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    (tmp_path / "store").mkdir()
    (tmp_path / "three.jsonl").write_text("".join(WEEK_FILE.read_text().splitlines(keepends=True)[:3]))
    out = set_up_memeval("audit", "ingest", "three.jsonl", "--sender", "sample", "--quiet", cwd=tmp_path, env=db)
    assert out.returncode == 0, out.stderr[-2000:]
    smtp = {"MEMEVAL_SMTP_HOST": "127.0.0.1", "MEMEVAL_SMTP_PORT": str(port), "MEMEVAL_SMTP_FROM": "r@fernhill.example",
            "MEMEVAL_SMTP_ATTEMPTS": "3", "MEMEVAL_SMTP_BACKOFF_S": "2"}  # fmt: skip
    (tmp_path / "runs").mkdir()
    out = run_memeval("report", "send", "--team", "fernhill", "--week", "2026-W47", "--to", "lead@fernhill.example",
                      cwd=tmp_path, env={**db, **smtp})  # fmt: skip
    assert out.returncode == 1, out.stderr[-2000:]
    # one try, not three with 2 + 4 s of back-off: the server will not grow STARTTLS in between
    assert "failed (1 attempt(s) now)" in out.stdout, out.stdout
    assert "MEMEVAL_SMTP_SECURITY=none" in out.stdout and "MEMEVAL_SMTP_SECURITY=tls" in out.stdout, out.stdout
    assert inbox.messages == []
    out = run_memeval("report", "send", "--team", "fernhill", "--week", "2026-W47", "--to", "lead@fernhill.example",
                      cwd=tmp_path, env={**db, **smtp, "MEMEVAL_SMTP_SECURITY": "none"})  # fmt: skip
    assert out.returncode == 0 and "sent (1 attempt(s) now)" in out.stdout, out.stdout + out.stderr[-2000:]
    assert len(inbox.messages) == 1


def test_an_unset_smtp_host_names_every_setting(tmp_path: Path) -> None:
    from memeval.auditreport import SmtpSettings
    from memeval.errors import UsageError

    with pytest.raises(UsageError) as err:
        SmtpSettings.from_env({})
    assert "_SECURITY" in str(err.value), str(err.value)


KILLED = REPO / "tests" / "fixtures" / "runlog_killed"


def test_a_resumed_run_says_a_killed_attempt_is_why_a_cost_is_unknown(tmp_path: Path) -> None:
    # After kill -9 and --resume the summary said `known for 4 of 4 trials` while the table said
    # `cost known 1/2` an arm, and the verdict's warning blamed prices, hosted tools or unread usage
    # and said to give the model's price with --prices: none of which was the cause.
    run = tmp_path / "runs" / "r1"
    run.mkdir(parents=True)
    shutil.copy(KILLED / "events.jsonl", run / "events.jsonl")
    out = run_memeval("results", "r1", cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    text = " ".join((out.stdout + out.stderr).split())
    assert "known for 2 of 4 trials" in text, text[-3000:]
    assert "cost unknown for 2 of 4 trials (2 an earlier attempt killed mid-turn" in text, text[-3000:]
    assert "or an attempt killed mid-turn)" in text and "(give the model's price with --prices)" not in text


MINI = REPO / "tests" / "fixtures" / "tasksets" / "mini"


def test_a_fault_naming_a_bracketed_path_is_printed_as_written(tmp_path: Path) -> None:
    # rich read the fault's text as markup: `[/etc]` ended `memeval ab` with a MarkupError traceback
    # (exit 1, no verdict or run card printed) and `[a-z]` was dropped from the line unsaid.
    tasks = tmp_path / "tasks"
    shutil.copytree(MINI / "greet", tasks / "greet")
    (tasks / "greet" / "environment" / "Dockerfile").write_text("WORKDIR /app\nRUN test -e /app/conf-[a-z]-[/etc]\n")
    out = run_memeval("ab", str(tasks), "--agent", "nop", "--network", "none", cwd=tmp_path, timeout_s=120)
    assert "Traceback" not in out.stderr and "MarkupError" not in out.stderr, out.stderr[-3000:]
    assert out.returncode == 3, (out.returncode, out.stderr[-2000:])  # completed, measured nothing
    faults = [line for line in out.stdout.splitlines() if line.startswith("fault greet:")]
    assert len(faults) == 2 and all("/app/conf-[a-z]-[/etc]" in line for line in faults), out.stdout[-3000:]
    assert "Run card (the same in both arms):" in out.stdout


def test_a_finished_run_leaves_no_empty_work_folder(tmp_path: Path) -> None:
    # Every run folder kept an empty `.work/` (attempts' scratch, each removed at its attempt's end).
    out = run_memeval("ab", str(MINI), "--tasks", "greet", "--agent", "nop", "--network", "none", cwd=tmp_path)
    assert out.returncode in (0, 3), out.stderr[-2000:]
    [run] = (tmp_path / "runs").iterdir()
    assert (run / "events.jsonl").is_file()
    assert not (run / ".work").exists(), sorted(p.name for p in run.iterdir())


def test_one_sequential_option_without_until_decided_is_refused_in_the_singular(tmp_path: Path) -> None:
    # It said `--looks-per-round only apply with --until-decided`.
    out = run_memeval("ab", str(MINI), "--agent", "nop", "--looks-per-round", "5", cwd=tmp_path)
    one_usage_line(out, "--looks-per-round only applies with --until-decided")
    out = run_memeval("ab", str(MINI), "--agent", "nop", "--max-repeats", "3", "--futility", "binding", cwd=tmp_path)
    one_usage_line(out, "--max-repeats and --futility only apply with --until-decided")
