"""Make docs/weekly-report.png: page 1 of Fernhill's sample weekly report (ISO 2026-W47).

    .venv/bin/python docs/weekly-report.py

Ingests samples/fernhill/audit/week.jsonl into a throwaway SQLite store (real redaction and
holding), makes the report exactly as `memeval report weekly` does, and turns its first page into
a PNG with pdftoppm (poppler-utils).
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    """Build the sample report in a temp folder and write page 1 to docs/weekly-report.png."""
    with tempfile.TemporaryDirectory(prefix="memeval-docs-") as d:
        work = Path(d)
        env = {**os.environ, "MEMEVAL_DB": f"sqlite:///{work / 'audit.sqlite'}"}
        memeval = [str(ROOT / ".venv" / "bin" / "memeval")]
        for args in (
            ["audit", "team", "set", "fernhill", "--tz", "Europe/London"],
            ["audit", "ingest", str(ROOT / "samples" / "fernhill" / "audit" / "week.jsonl"), "--sender", "sample"],
            ["report", "weekly", "--team", "fernhill", "--week", "2026-W47", "--out", str(work / "reports"),
             "--runs", str(work / "runs")],
        ):  # fmt: skip
            subprocess.run(memeval + args, check=True, env=env, cwd=ROOT)
        pdf = work / "reports" / "fernhill" / "2026-W47" / "v1" / "report.pdf"
        out = ROOT / "docs" / "weekly-report"
        subprocess.run(["pdftoppm", "-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile", str(pdf), str(out)],
                       check=True)  # fmt: skip
        print(f"wrote {out}.png")


if __name__ == "__main__":
    main()
