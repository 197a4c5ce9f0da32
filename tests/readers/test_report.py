"""The A/B report: its context contract, the HTML page, and the PDF turned into PNG pages."""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess
import sys
from pathlib import Path

import jinja2.meta
from readers_helpers import REPO, Runs
from typer.testing import CliRunner

from memeval._templates import jinja_env, templates_dir
from memeval.cli import app
from memeval.runreport import ArmView, GridCell, ReportContext, TaskRow, build_context, render_html, render_pdf


def test_context_contract_every_field_documented_and_read_and_nothing_else() -> None:
    source = (templates_dir() / "ab" / "report.html").read_text()
    env = jinja_env("ab")
    assert jinja2.meta.find_undeclared_variables(env.parse(source)) == {"ctx"}
    used = set(re.findall(r"ctx\.(\w+)", source))
    fields = {f.name for f in dataclasses.fields(ReportContext)}
    assert used == fields
    for cls in (ReportContext, ArmView):
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
        for f in dataclasses.fields(cls):
            assert re.search(rf"\b{f.name}\b.*:", cls.__doc__ or ""), f"{cls.__name__}.{f.name} is undocumented"
    for cls in (GridCell, TaskRow):
        assert cls.__dataclass_params__.frozen  # type: ignore[attr-defined]


def test_context_words_the_memory_run(runs: Runs) -> None:
    ctx = build_context(runs.memory)
    base, pack = ctx.arms
    assert (base.passes, base.scored, pack.passes, pack.scored) == (0, 2, 2, 2)
    assert pack.levels == "L2v: 2" and base.levels == "no pass"
    assert base.cost_of_pass == pack.cost_of_pass == "not known"  # unmetered: no cost is known
    assert ctx.verdict == "unresolved" and ctx.verdict_reason.startswith("too few tasks to decide")
    assert {r.task_id: (r.baseline, r.pack) for r in ctx.rows} == {
        "add-numbers": ("Failed · $—", "Passed · $—"),
        "greet": ("Failed · $—", "Passed · $—"),
    }
    cells = {(c.mode, c.outcome) for r in ctx.rows for c in r.cells}
    assert cells == {("baseline", "fail"), ("pack", "pass")}
    card = dict(ctx.card)
    assert card["network"] == "none" and card["repeats"] == "1"
    agent = runs.memory.result.run_card.agent
    assert (
        card["agent"] == f"binary={agent['binary']}, binary_hash={agent['binary_hash']}, "
        f"command_hash={agent['command_hash']}, files_hash=none, name=sh, version=unversioned"
    )
    assert agent["binary_hash"].startswith("sha256:")


def test_html_report_is_self_contained_and_shows_the_table(runs: Runs) -> None:
    html = render_html(build_context(runs.memory))
    assert "<script" not in html and "<link" not in html and " src=" not in html
    assert set(re.findall(r"https?://[^\s\"']+", html)) == {"http://www.w3.org/2000/svg"}
    assert 'class="verdict unresolved"' in html and "Really passed" in html and "0 of 2" in html
    assert "Cost of a pass" in html and "Passes by check level" in html
    assert html.count("<svg") == 2 and runs.memory.result.run_id in html


def _pdf_pages(pdf: Path, out: Path) -> tuple[int, list[Path], list[str]]:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))  # type: ignore[union-attr]
    subprocess.run(["pdftoppm", "-png", "-r", "50", str(pdf), str(out / "page")], check=True)
    pngs = sorted(out.glob("page-*.png"))
    texts = [
        subprocess.run(
            ["pdftotext", "-layout", "-f", str(i), "-l", str(i), str(pdf), "-"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for i in range(1, pages + 1)
    ]
    return pages, pngs, texts


def test_pdf_report_pages_footer_and_text(runs: Runs, tmp_path: Path) -> None:
    res = CliRunner().invoke(
        app, ["report-ab", str(runs.memory.path), "--pdf", str(tmp_path / "r.pdf"), "--html", str(tmp_path / "r.html")]
    )
    assert res.exit_code == 0, res.output
    assert "verdict: unresolved" in res.stdout
    pages, pngs, texts = _pdf_pages(tmp_path / "r.pdf", tmp_path)
    # the verdict and the table fill page 1; the run card (which grows as the record pins more: agent
    # identity, sandbox, tamper policy, concurrency, executor) and coverage follow on as many pages
    # as they need, each page rendered and footed
    assert pages >= 2 and len(pngs) == pages
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in pngs)
    for i, text in enumerate(texts, 1):
        assert f"Page {i} of {pages}" in text and runs.memory.result.run_id in text
    first = texts[0]
    for phrase in (
        "With memory, and without",
        "UNRESOLVED",
        "Really passed",
        "0 of 2",
        "2 of 2",
        "Cost of a pass",
        "add-numbers",
        "Failed · $—",
        "Passed · $—",
    ):
        assert phrase in first, phrase
    assert "Run card" in "".join(texts) and "Coverage" in "".join(texts)
    assert render_pdf(build_context(runs.memory)) == (tmp_path / "r.pdf").read_bytes()  # deterministic


def test_long_table_repeats_its_head_on_the_next_page(runs: Runs, tmp_path: Path) -> None:
    ctx = build_context(runs.memory)
    # Layout only: the real run's rows, repeated under new ids, make a table longer than a page.
    rows = tuple(dataclasses.replace(r, task_id=f"{r.task_id}-{i:02d}") for i in range(30) for r in ctx.rows)
    pdf = tmp_path / "long.pdf"
    pdf.write_bytes(render_pdf(dataclasses.replace(ctx, rows=rows)))
    pages, pngs, texts = _pdf_pages(pdf, tmp_path)
    assert pages >= 3 and len(pngs) == pages
    second = texts[1]
    head = second.find("Cold agent (baseline)")
    assert head != -1 and head < second.find("greet-"), "the table head is not repeated on page 2"
    assert f"Page {pages} of {pages}" in texts[-1]


def test_report_ab_says_which_folders_it_made_and_refuses_a_file_in_the_way(runs: Runs, tmp_path: Path) -> None:
    target = tmp_path / "new" / "deeper" / "r.pdf"
    res = CliRunner().invoke(app, ["report-ab", str(runs.memory.path), "--pdf", str(target)])
    assert res.exit_code == 0, res.output
    assert f"made folder {target.parent} (it did not exist)" in res.stdout and target.read_bytes()[:5] == b"%PDF-"
    res = CliRunner().invoke(app, ["report-ab", str(runs.memory.path), "--pdf", str(target)])
    assert res.exit_code == 0 and "made folder" not in res.stdout  # it exists now: nothing to say
    blocker = tmp_path / "a-file"
    blocker.write_text("keep me\n")
    res = CliRunner().invoke(app, ["report-ab", str(runs.memory.path), "--html", str(blocker / "sub" / "r.html")])
    assert res.exit_code == 2 and "is a file, not a folder" in res.output and blocker.read_text() == "keep me\n"
    res = CliRunner().invoke(app, ["report-ab", str(runs.memory.path), "--pdf", str(tmp_path / "new")])
    assert res.exit_code == 2 and "is a folder; give a file name" in res.output


def test_report_ab_into_a_folder_that_takes_no_file_is_a_usage_error(runs: Runs, tmp_path: Path) -> None:
    """`report-ab RUN --html /proc/x.html` (a folder that takes no new file) ended in an OSError traceback."""
    out = subprocess.run(
        [sys.executable, "-m", "memeval", "report-ab", str(runs.memory.path), "--html", "/proc/x.html"],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert out.returncode == 2 and "Traceback" not in out.stderr, out
    assert out.stderr.startswith("error: --html '/proc/x.html' cannot be written (") and "pick a folder" in out.stderr
