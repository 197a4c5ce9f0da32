"""Render a `WeeklyReportContext`: HTML (self-contained), A4 PDF (WeasyPrint) and a text e-mail body.

Templates are `templates/report/weekly.html` (CSS from `report.css` inlined, charts from the
`_charts.html` macro) and `weekly.txt`; they read one variable, `r`. The PDF's running header,
footer and "Page X of Y" are `@page` margin boxes; table headers repeat on every page.
WeasyPrint is imported only when a PDF is made, so `memeval --help` stays fast.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import jinja2

from memeval._templates import jinja_env, templates_dir
from memeval.auditreport._context import WeeklyReportContext
from memeval.errors import ReportError

HTML_TEMPLATE = "weekly.html"
TEXT_TEMPLATE = "weekly.txt"

# fontTools stamps every font it re-saves with "now" (the `head.modified` field) unless
# SOURCE_DATE_EPOCH is set (reproducible-builds.org/specs/source-date-epoch). WeasyPrint re-saves
# the colour-emoji fallback font to strip its bitmaps, so without a pin the PDF's bytes change with
# the second it was rendered in, and a report rebuilt from the log no longer matches its recorded
# hash. The embedded subset's date means nothing to a reader; we pin it to the Unix epoch.
_FONT_EPOCH = "0"
_ENV_LOCK = threading.Lock()


@contextmanager
def _pinned_font_dates() -> Iterator[None]:
    """Set SOURCE_DATE_EPOCH for the duration (a caller's own value is kept), then restore it."""
    with _ENV_LOCK:
        before = os.environ.get("SOURCE_DATE_EPOCH")
        if before is None:
            os.environ["SOURCE_DATE_EPOCH"] = _FONT_EPOCH
        try:
            yield
        finally:
            if before is None:
                os.environ.pop("SOURCE_DATE_EPOCH", None)


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

    The same HTML gives the same bytes on any day: embedded font dates are pinned (see
    `_pinned_font_dates`), so a report rebuilt from the audit log matches its recorded hash.

    Raises:
        ReportError: WeasyPrint failed (the message names its error).
    """
    import weasyprint

    try:
        doc: Any = weasyprint.HTML(string=html, base_url=str(templates_dir() / "report"))
        with _pinned_font_dates():
            pdf = doc.write_pdf()
    except (ValueError, OSError, AssertionError) as exc:
        raise ReportError(f"WeasyPrint could not render the report: {type(exc).__name__}: {exc}") from exc
    if not isinstance(pdf, bytes):
        raise ReportError("WeasyPrint returned no PDF bytes")
    return pdf
