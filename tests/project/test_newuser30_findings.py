"""What a new user's walk on a fresh clone found (newuser30), in real `memeval` processes.

- `memeval report send` to a mail server that was not running said only `last error:
  ConnectionRefusedError: [Errno 111] Connection refused`: not where memeval looked nor which
  settings say so. It now names the host and port tried and `MEMEVAL_SMTP_HOST`/`MEMEVAL_SMTP_PORT`.
- `memeval report send --json` printed its keys sorted (`attempts`, `error`, `key`, `status`) and
  `memeval review list --json` put `overdue_counts` after `items`, unlike README's table of `--json`
  outputs (`status`, `key`, `attempts`, `error`; `counts`, `overdue`, `overdue_counts`, ...): now in
  the table's order.
- README's first command on an 80-column terminal cut the table's task ids (`t01-thursday-order-arr…`):
  the arms' cells now wrap first and the ids stay whole.
- `memeval report-ab --help` did not say that a missing folder on the way to `--pdf`/`--html` is made,
  as `pack build --help` and `audit anchor --help` say for their `--out`: the one rule, said by all three.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest
from patience import patient
from plain_smtp import PlainInbox
from pty_read import read_until_closed
from refused_port import refused_port
from usage_line import REPO, run_memeval, set_up_memeval

WEEK_FILE = REPO / "samples" / "fernhill" / "audit" / "week.jsonl"
MADE_RULE = "A missing folder on the way to"


def _readme_keys(command: str) -> list[str]:
    """The keys README's table of `--json` outputs lists for `command`, in its order (first mentions only)."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    (row,) = [w for w in readme.splitlines() if w.startswith(f"| `{command} --json` |")]
    return list(dict.fromkeys(re.findall(r"`(\w+)`", row.split("|")[3])))


def _in_order(keys: list[str], listed: list[str]) -> list[str]:
    """`keys` (after `schema` and `schema_version`) kept to those README lists, in the output's order."""
    assert keys[:2] == ["schema", "schema_version"], keys
    return [k for k in keys[2:] if k in listed]


def _store(tmp_path: Path) -> dict[str, str]:
    """A store holding the sample week's first three events (the team fernhill); its environment."""
    db = {"MEMEVAL_DB": f"sqlite:///{tmp_path / 'store' / 'audit.sqlite'}", "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    (tmp_path / "store").mkdir()
    (tmp_path / "runs").mkdir()
    (tmp_path / "three.jsonl").write_text("".join(WEEK_FILE.read_text().splitlines(keepends=True)[:3]))
    out = set_up_memeval("audit", "ingest", "three.jsonl", "--sender", "sample", "--quiet", cwd=tmp_path, env=db)
    assert out.returncode == 0, out.stderr[-2000:]
    return db


SEND = ["report", "send", "--team", "fernhill", "--week", "2026-W47", "--to", "lead@fernhill.example"]
SMTP = {"MEMEVAL_SMTP_HOST": "127.0.0.1", "MEMEVAL_SMTP_SECURITY": "none", "MEMEVAL_SMTP_FROM": "r@fernhill.example",
        "MEMEVAL_SMTP_ATTEMPTS": "1"}  # fmt: skip


@pytest.mark.slow  # memeval processes that load the redactor and render a PDF: about 7 s of CPU
def test_report_send_names_the_server_it_could_not_reach(tmp_path: Path) -> None:
    db = _store(tmp_path)
    with refused_port() as closed:  # nothing listens there
        out = run_memeval(*SEND, cwd=tmp_path, env={**db, **SMTP, "MEMEVAL_SMTP_PORT": str(closed)}, timeout_s=300)
    assert out.returncode == 1, (out.stdout, out.stderr[-2000:])
    said = out.stdout.strip().splitlines()[-1]
    assert "ConnectionRefusedError" in said, said
    assert f"127.0.0.1:{closed}" in said and "MEMEVAL_SMTP_HOST" in said and "MEMEVAL_SMTP_PORT" in said, said


@pytest.mark.slow  # memeval processes that load the redactor and render a PDF: about 7 s of CPU
def test_review_list_and_report_send_json_keys_in_readme_order(
    tmp_path: Path, plain_smtp: tuple[int, PlainInbox]
) -> None:
    port, inbox = plain_smtp
    db = _store(tmp_path)
    queue = run_memeval("review", "list", "--json", cwd=tmp_path, env=db)
    assert queue.returncode == 0, queue.stderr[-2000:]
    keys = list(json.loads(queue.stdout))
    listed = [k for k in _readme_keys("review list") if k in keys]  # the row also names `after`, a query key
    assert listed == ["counts", "overdue", "overdue_counts", "overdue_after_h", "items", "offset", "more", "next"]
    assert _in_order(keys, listed) == listed, keys

    out = run_memeval(*SEND, "--json", cwd=tmp_path, env={**db, **SMTP, "MEMEVAL_SMTP_PORT": str(port)})
    assert out.returncode == 0, out.stderr[-2000:]
    doc = json.loads(out.stdout)
    listed = _readme_keys("report send")
    assert listed == ["status", "key", "attempts", "error"], listed
    assert list(doc) == ["schema", "schema_version", *listed], list(doc)
    assert doc["status"] == "sent" and len(inbox.messages) == 1, doc


def test_each_file_option_says_a_missing_folder_is_made(tmp_path: Path) -> None:
    for command in (["report-ab"], ["pack", "build"], ["audit", "anchor"]):
        out = run_memeval(*command, "--help", cwd=tmp_path)
        assert out.returncode == 0, out.stderr[-2000:]
        assert MADE_RULE in " ".join(out.stdout.split()), (command, out.stdout)


def _on_80_columns(args: list[str], cwd: Path, codes: tuple[int, ...]) -> str:
    """`memeval ARGS` with its stdout on a real 80-column pseudo-terminal: what the terminal shows."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env.update(PYTHONPATH=str(REPO), COLUMNS="80", LINES="24", TERM="xterm")
    proc = subprocess.Popen([sys.executable, "-m", "memeval", *args], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                            stdout=slave, stderr=subprocess.DEVNULL)  # fmt: skip
    os.close(slave)
    seen = read_until_closed(master)
    assert proc.wait(timeout=patient(300)) in codes, seen.decode(errors="replace")
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", seen.decode(errors="replace")).replace("\r", "")


def _task_cells(shown: str) -> list[str]:
    """The task column of the table in `shown`, checked to fit 80 columns."""
    table = [w for w in shown.splitlines() if w and w[0] in "┏┃┡│├└"]
    assert table and all(len(w) <= 80 for w in table), shown
    return [w.split("│")[1].strip() for w in table if w.startswith("│ t0")]


def _plain_task_cells(shown: str) -> list[str]:
    """The task column of `compare`'s table without its box (newuser39: a terminal narrower than the boxed table
    gets it plain), checked to fit 80 columns: its rule line and its task rows."""
    rule = [w for w in shown.splitlines() if w.startswith("─")]
    rows = [w for w in shown.splitlines() if w.startswith("t0")]
    assert rule and rows and all(len(w) <= 80 for w in rule + rows), shown
    return [w.split()[0] for w in rows]


@pytest.mark.slow  # a real run of two sample tasks in both arms (no model: the agent is `true`)
def test_the_ab_and_compare_tables_keep_task_ids_whole_on_an_80_column_terminal(tmp_path: Path) -> None:
    ids = ["t01-thursday-order-arrival", "t04-checkout-delivery-date"]  # the sample's longest
    runs = tmp_path / "runs"
    args = [str(REPO / "samples" / "fernhill"), *(w for i in ids for w in ("--tasks", i)), "--agent", "command",
            "--agent-cmd", "true", "--network", "none", "--runs-dir", str(runs), "--quiet"]  # fmt: skip
    shown = _on_80_columns(["ab", *args], tmp_path, (0, 3))
    assert _task_cells(shown) == ids, shown  # whole, not `t01-thursday-order-arr…`
    (run,) = [p.name for p in runs.iterdir()]
    shown = _on_80_columns(["compare", run, run, "--runs-dir", str(runs)], tmp_path, (0,))
    assert _plain_task_cells(shown) == ids, shown  # not `t01-thursday-…`
