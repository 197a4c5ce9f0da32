r"""Reading an A/B run: summary, comparison, listing, controls check, and the A/B report.

The report is rendered as one self-contained HTML page and as a PDF.

Usage::

    from memeval.results import load_run
    from memeval.runreport import build_context, render_pdf, summarize, summary_lines

    run = load_run("runs/01M8...")
    print("\\n".join(summary_lines(summarize(run))))
    open("report.pdf", "wb").write(render_pdf(build_context(run)))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memeval._lazy import lazy_names

if TYPE_CHECKING:
    from memeval.results import RunListing, RunsDocument, is_runs_dir, list_runs
    from memeval.runreport._compare import (
        ArmComparison,
        Change,
        Comparison,
        PackUsed,
        TaskChange,
        compare_runs,
        pack_text,
    )
    from memeval.runreport._context import ArmView, GridCell, ReportContext, TaskRow, build_context, card_fields
    from memeval.runreport._render import render_html, render_pdf, write_report
    from memeval.runreport._schemas import SCHEMA_FILES, json_schemas, write_schemas
    from memeval.runreport._summary import (
        ArmScore,
        Outcomes,
        RunSummary,
        outcomes_of,
        rate_interval,
        summarize,
    )
    from memeval.runreport._text import ARM_LABEL, duration, headline, money, pct, summary_lines

# Each name is imported from its module on first use (PEP 562), so reading a run folder's listing
# does not pull in the runner, the statistics or the PDF renderer.
_LAZY = {
    "ArmComparison": "_compare",
    "Change": "_compare",
    "Comparison": "_compare",
    "PackUsed": "_compare",
    "TaskChange": "_compare",
    "compare_runs": "_compare",
    "pack_text": "_compare",
    "ArmScore": "_summary",
    "Outcomes": "_summary",
    "RunSummary": "_summary",
    "outcomes_of": "_summary",
    "rate_interval": "_summary",
    "summarize": "_summary",
    "ArmView": "_context",
    "GridCell": "_context",
    "ReportContext": "_context",
    "TaskRow": "_context",
    "build_context": "_context",
    "card_fields": "_context",
    "RunListing": "memeval.results",  # kept here for callers of the A/B report's listing
    "RunsDocument": "memeval.results",  # kept here for callers of the A/B report's listing
    "is_runs_dir": "memeval.results",  # kept here for callers of the A/B report's listing
    "list_runs": "memeval.results",  # kept here for callers of the A/B report's listing
    "render_html": "_render",
    "render_pdf": "_render",
    "write_report": "_render",
    "SCHEMA_FILES": "_schemas",
    "json_schemas": "_schemas",
    "write_schemas": "_schemas",
    "ARM_LABEL": "_text",
    "duration": "_text",
    "headline": "_text",
    "money": "_text",
    "pct": "_text",
    "summary_lines": "_text",
}

__getattr__, __dir__ = lazy_names(__name__, globals(), _LAZY)


__all__ = [
    "ARM_LABEL",
    "ArmComparison",
    "ArmScore",
    "ArmView",
    "Change",
    "Comparison",
    "GridCell",
    "Outcomes",
    "PackUsed",
    "ReportContext",
    "RunListing",
    "RunSummary",
    "RunsDocument",
    "SCHEMA_FILES",
    "TaskChange",
    "TaskRow",
    "build_context",
    "card_fields",
    "compare_runs",
    "duration",
    "headline",
    "is_runs_dir",
    "json_schemas",
    "list_runs",
    "money",
    "outcomes_of",
    "pack_text",
    "pct",
    "rate_interval",
    "render_html",
    "render_pdf",
    "summarize",
    "summary_lines",
    "write_report",
    "write_schemas",
]
