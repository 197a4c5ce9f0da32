"""Render the A/B report as one self-contained HTML page, and as a PDF with WeasyPrint.

Both come from `templates/ab/report.html`: the CSS and the charts (inline SVG) are inside the
page, so it needs no other file. The PDF is A4 with a running header (the run id), a footer
"Page X of Y", and table heads repeated on every page a table spans.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from memeval._files import write_atomic
from memeval._templates import jinja_env
from memeval.results import Run
from memeval.runreport._context import ReportContext, build_context

TEMPLATE = "report.html"


def render_html(ctx: ReportContext) -> str:
    """The report as one HTML document (UTF-8 text); every value is escaped."""
    return jinja_env("ab").get_template(TEMPLATE).render(ctx=ctx)


def render_pdf(ctx: ReportContext) -> bytes:
    """The report as PDF bytes (WeasyPrint; about a second for a few pages).

    The same context gives the same bytes: WeasyPrint's output is deterministic.
    """
    from weasyprint import HTML  # lazy: a slow import

    pdf = HTML(string=render_html(ctx)).write_pdf()
    assert pdf is not None  # write_pdf returns the bytes when no target is given
    return bytes(pdf)


def write_report(
    run: Run, html: Path | None = None, pdf: Path | None = None, progress: Callable[[str], None] | None = None
) -> ReportContext:
    """Render `run`'s report to the given paths (parents created); return the context used.

    Args:
        run: a loaded run (`memeval.results.load_run`).
        html: where to write the HTML page, or None.
        pdf: where to write the PDF, or None.
        progress: called with each step's name as it begins (`memeval report-ab` shows them on a
            terminal: the PDF takes seconds, most of them WeasyPrint's start and layout), or None.
    """
    step = progress or (lambda _step: None)
    step("working out the figures and the charts")
    ctx = build_context(run)
    if html is not None:
        step("writing the HTML")
        html.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(
            html, render_html(ctx).encode()
        )  # a report opened while it is written is the old one or the new one
    if pdf is not None:
        step("laying out and writing the PDF (WeasyPrint)")
        data = render_pdf(ctx)
        pdf.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(pdf, data)
    return ctx
