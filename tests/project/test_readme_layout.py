"""README's "Layout" section names every package under memeval/, so the map matches the tree."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def layout_section(readme: str) -> str:
    """The text of README's `## Layout` section, up to the next `## ` heading."""
    m = re.search(r"^## Layout\n(.*?)(?=^## |\Z)", readme, re.S | re.M)
    assert m is not None, "README.md has no '## Layout' section"
    return m.group(1)


def packages() -> list[str]:
    return sorted(p.name for p in (ROOT / "memeval").iterdir() if (p / "__init__.py").is_file())


def unnamed(section: str, names: list[str]) -> list[str]:
    """The names not written in `section` as code (`name`)."""
    named = set(re.findall(r"`([A-Za-z_][\w.]*)`", section))
    return [n for n in names if n not in named]


def test_layout_names_every_package() -> None:
    found = packages()
    assert len(found) >= 17, found  # the tree itself, so the check below cannot pass on nothing
    missing = unnamed(layout_section((ROOT / "README.md").read_text()), found)
    assert not missing, f"README's Layout section does not name these packages under memeval/: {missing}"


def test_a_missing_package_is_reported() -> None:
    section = layout_section("## Layout\n\n- `cli`: the commands.\n\n## Next\n`runner`\n")
    assert unnamed(section, ["cli", "runner"]) == ["runner"]


def test_the_default_report_folders_are_ignored_and_named_in_the_layout(tmp_path: Path, monkeypatch) -> None:
    """Weekly reports land beside the default store (audit/reports/), which `git status` showed
    untracked while README said reports land in `reports/`."""
    import subprocess

    from memeval.audit import DEFAULT_DB_URL, SqlAuditStore
    from memeval.auditreport import default_report_dir

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("MEMEVAL_REPORT_DIR", raising=False)
    (tmp_path / "audit").mkdir()
    weekly = default_report_dir(SqlAuditStore(DEFAULT_DB_URL, fingerprint_key=b"k" * 32)).relative_to(tmp_path)
    assert weekly == Path("audit/reports")
    for made in (weekly / "fernhill/2026-W47/v1/report.pdf", Path("reports/RUN.pdf")):
        ignored = subprocess.run(["git", "check-ignore", "-q", "--no-index", str(made)], cwd=ROOT)
        assert ignored.returncode == 0, f"{made} would show in git status"
    section = layout_section((ROOT / "README.md").read_text())
    assert "`audit/reports/`" in section and "`memeval report-ab`" in section, section
