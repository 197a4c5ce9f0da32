"""`report subscribe` lists each mailbox once (polish19, left by the new-user round), in a real memeval process.

`--to A@B.example --to a@b.example` listed two recipients, and an address given twice was listed twice.
The domain is case-insensitive (RFC 5321 2.4): `a@B.example` is `a@b.example`, listed once. Two local
parts that differ only in case are refused: the sender folds addresses to lower case, so they would
share one message while the subscription listed two.
"""

from __future__ import annotations

from pathlib import Path

from usage_line import one_usage_line, run_memeval

from memeval.audit import SqlAuditStore


def test_subscribe_lists_each_mailbox_once_domain_any_case(store: SqlAuditStore, tmp_path: Path) -> None:
    to = ["a@B.example", "a@b.example", "x@y.example", "x@y.example"]
    out = run_memeval("report", "subscribe", "--team", "fernhill", *[f"--to={a}" for a in to], "--db", store.url,
                      cwd=tmp_path)  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "to a@b.example, x@y.example, from" in out.stdout
    out = run_memeval("report", "subscribe", "--team", "t", "--to", "A@B.example", "--to", "a@b.example", cwd=tmp_path)
    one_usage_line(out, "'A@B.example' and 'a@b.example'", "case of the part before @", "one message")
