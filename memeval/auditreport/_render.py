"""Render a `WeeklyReportContext`: HTML (self-contained), A4 PDF (WeasyPrint) and a text e-mail body.

Templates are `templates/report/weekly.html` (CSS from `report.css` inlined, charts from the
`_charts.html` macro) and `weekly.txt`; they read one variable, `r` (and the HTML a flag,
`emoji_face`, set when its text needs the colour-emoji face of `emoji-face.css`). The PDF's running header,
footer and "Page X of Y" are `@page` margin boxes; table headers repeat on every page.
WeasyPrint is imported only when a PDF is made, so `memeval --help` stays fast.
"""

from __future__ import annotations

import gc
import os
import re
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

import jinja2

from memeval._templates import jinja_env, templates_dir
from memeval.auditreport._context import WeeklyReportContext
from memeval.errors import ReportError

HTML_TEMPLATE = "weekly.html"
TEXT_TEMPLATE = "weekly.txt"
EMOJI_FACE_CSS = "emoji-face.css"

# fontTools stamps every font it re-saves with "now" (the `head.modified` field) unless
# SOURCE_DATE_EPOCH is set (reproducible-builds.org/specs/source-date-epoch). WeasyPrint re-saves
# the colour-emoji fallback font to strip its bitmaps, so without a pin the PDF's bytes change with
# the second it was rendered in, and a report rebuilt from the log no longer matches its recorded
# hash. The embedded subset's date means nothing to a reader; we pin it to the Unix epoch.
_FONT_EPOCH = "0"
_ENV_LOCK = threading.Lock()
_IMPORT_LOCK = threading.Lock()


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


@contextmanager
def _gc_held() -> Iterator[None]:
    """Hold Python's cyclic garbage collector off for the duration, then restore what it was.

    Importing WeasyPrint (cffi parsing its C declarations, its user-agent stylesheets) and laying
    out a report allocate hundreds of thousands of objects that live until the end, so the
    collector's full passes find nothing to free: about 10% of a cold report's CPU (4 rounds of
    import + first PDF in fresh processes: 2.85 s median with the collector held off against 3.18 s
    with it on, bench/report_render.py's 10,000-event week). Reference counting still frees what it
    can; cycles made meanwhile are collected on a later pass once the collector is back on.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _import_weasyprint() -> Any:
    """`import weasyprint`, without the C-compiler searches its first import makes on Linux.

    WeasyPrint opens Pango, HarfBuzz and fontconfig through cffi, trying several names per library
    (`libgobject-2.0-0`, `gobject-2.0-0`, ... `libgobject-2.0.so.0`). For each name that is not a
    file, cffi asks `ctypes.util.find_library`, which on Linux runs `ldconfig -p`, `gcc` and `ld`:
    22 searches and 54 child processes, about 0.25 s of CPU and more of waiting on a busy machine
    (measured with bench/report_render.py). Every list ends with the library's soname
    (`libpango-1.0.so.0`), which the dynamic loader opens directly, so during this one import,
    and for this thread only, the search answers "not found" and the sonames are used. Should that
    import fail anyway, it is retried once with the real search, as WeasyPrint would do by itself.
    """
    if "weasyprint" in sys.modules or not sys.platform.startswith("linux"):
        import weasyprint

        return weasyprint
    import ctypes.util

    real = ctypes.util.find_library
    me = threading.get_ident()

    def find_library(name: str) -> str | None:
        return None if threading.get_ident() == me else real(name)

    with _IMPORT_LOCK, _gc_held():
        ctypes.util.find_library = find_library
        try:
            import weasyprint
        except OSError:  # a library without its soname in WeasyPrint's list: search as it would
            for name in [m for m in sys.modules if m == "weasyprint" or m.startswith("weasyprint.")]:
                del sys.modules[name]
            ctypes.util.find_library = real
            import weasyprint
        finally:
            ctypes.util.find_library = real
    return weasyprint


def report_env() -> jinja2.Environment:
    """The Jinja environment over `templates/report/` (autoescape, StrictUndefined)."""
    return jinja_env("report")


@cache
def emoji_face_chars() -> re.Pattern[str]:
    """A pattern matching one character of the emoji face's `unicode-range` (read from `emoji-face.css`).

    Raises:
        ReportError: the CSS file has no `unicode-range` of `U+XXXX` or `U+XXXX-YYYY` entries.
    """
    css = (templates_dir() / "report" / EMOJI_FACE_CSS).read_text(encoding="utf-8")
    ranges = re.search(r"unicode-range:([^;]*);", css)
    pairs = re.findall(r"U\+([0-9A-Fa-f]{1,6})(?:-([0-9A-Fa-f]{1,6}))?", ranges.group(1) if ranges else "")
    if not pairs:
        raise ReportError(f"report/{EMOJI_FACE_CSS} has no unicode-range: restore its @font-face rule")
    return re.compile("[" + "".join(f"\\U{int(a, 16):08x}-\\U{int(b or a, 16):08x}" for a, b in pairs) + "]")


def _render(name: str, ctx: WeeklyReportContext, **flags: bool) -> str:
    try:
        return report_env().get_template(name).render(r=ctx, **flags)
    except jinja2.UndefinedError as exc:
        raise ReportError(
            f"template report/{name} reads a value the context does not have ({exc}): add it to "
            "WeeklyReportContext with a help text, or fix the template"
        ) from exc


def render_html(ctx: WeeklyReportContext) -> str:
    """The report as one self-contained HTML page (UTF-8 text).

    The colour-emoji face (`emoji-face.css`) is declared only when the page has a character in its
    `unicode-range`: without one the face draws nothing, and declaring it costs every PDF a copy of
    the 10 MB font file and its registration with fontconfig (WeasyPrint's `@font-face` handling).
    """
    html = _render(HTML_TEMPLATE, ctx, emoji_face=False)
    if emoji_face_chars().search(html):
        html = _render(HTML_TEMPLATE, ctx, emoji_face=True)
    return html


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
    weasyprint = _import_weasyprint()
    try:
        with _gc_held():
            doc: Any = weasyprint.HTML(string=html, base_url=str(templates_dir() / "report"))
            with _pinned_font_dates():
                pdf = doc.write_pdf()
    except (ValueError, OSError, AssertionError) as exc:
        raise ReportError(f"WeasyPrint could not render the report: {type(exc).__name__}: {exc}") from exc
    if not isinstance(pdf, bytes):
        raise ReportError("WeasyPrint returned no PDF bytes")
    return pdf


def weasyprint_loaded() -> bool:
    """True once WeasyPrint is imported in this process (the next PDF skips its cold start)."""
    return "weasyprint" in sys.modules


def load_weasyprint() -> None:
    """Import WeasyPrint now (as `render_pdf` does on its first call), so a caller can say it is loading."""
    _import_weasyprint()
