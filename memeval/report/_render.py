"""Render a `WeeklyReportContext`: HTML (self-contained), A4 PDF (WeasyPrint) and a text e-mail body.

Templates are `templates/report/weekly.html` (CSS from `report.css` inlined, charts from the
`_charts.html` macro) and `weekly.txt`; they read one variable, `r`. The PDF's running header,
footer and "Page X of Y" are `@page` margin boxes; table headers repeat on every page.
WeasyPrint is imported only when a PDF is made, so `memeval --help` stays fast.
"""

from __future__ import annotations

from typing import Any

import jinja2

from memeval._templates import jinja_env, templates_dir
from memeval.errors import ReportError
from memeval.report._context import WeeklyReportContext

HTML_TEMPLATE = "weekly.html"
TEXT_TEMPLATE = "weekly.txt"


def report_env() -> jinja2.Environment:
    """The Jinja environment over `templates/report/` (autoescape, StrictUndefined)."""
    return jinja_env("report")


def _render(name: str, ctx: WeeklyReportContext) -> str:
    try:
        return report_env().get_template(name).render(r=ctx)
    except jinja2.UndefinedError as exc:
        raise ReportError(
            f"template report/{name} reads a value the context does not have ({exc}): add it to "
            "WeeklyReportContext with a help text, or fix the template"
        ) from exc


def render_html(ctx: WeeklyReportContext) -> str:
    """The report as one self-contained HTML page (UTF-8 text)."""
    return _render(HTML_TEMPLATE, ctx)


def render_text(ctx: WeeklyReportContext) -> str:
    """The plain-text e-mail body: headline counts with deltas, the week's runs, late events."""
    lines = _render(TEXT_TEMPLATE, ctx).strip().splitlines()
    out: list[str] = []
    for line in lines:
        if line.strip() or (out and out[-1].strip()):
            out.append(line.rstrip())
    return "\n".join(out) + "\n"


def render_pdf(html: str) -> bytes:
    """The A4 PDF of report HTML made by `render_html` (WeasyPrint).

    Raises:
        ReportError: WeasyPrint failed (the message names its error).
    """
    import weasyprint  # type: ignore[import-untyped]

    try:
        doc: Any = weasyprint.HTML(string=html, base_url=str(templates_dir() / "report"))
        pdf = doc.write_pdf()
    except (ValueError, OSError, AssertionError) as exc:
        raise ReportError(f"WeasyPrint could not render the report: {type(exc).__name__}: {exc}") from exc
    if not isinstance(pdf, bytes):
        raise ReportError("WeasyPrint returned no PDF bytes")
    return pdf
