r"""Reading an A/B run: summary, comparison, listing, controls check, and the A/B report.

The report is rendered as one self-contained HTML page and as a PDF.

Usage::

    from memeval.results import load_run
    from memeval.abreport import build_context, render_pdf, summarize, summary_lines

    run = load_run("runs/01M8...")
    print("\\n".join(summary_lines(summarize(run))))
    open("report.pdf", "wb").write(render_pdf(build_context(run)))
"""

from memeval.abreport._checktasks import (
    Problem,
    TaskCheck,
    TaskCheckReport,
    broken_lines,
    check_tasks,
)
from memeval.abreport._compare import (
    COMPARISON_SCHEMA_VERSION,
    ArmComparison,
    Change,
    Comparison,
    TaskChange,
    check_cards,
    compare_runs,
)
from memeval.abreport._context import CARD_FIELDS, ArmView, GridCell, ReportContext, TaskRow, build_context
from memeval.abreport._listing import RunListing, RunsDocument, is_runs_dir, list_runs
from memeval.abreport._render import render_html, render_pdf, write_report
from memeval.abreport._schemas import SCHEMA_FILES, json_schemas, write_schemas
from memeval.abreport._summary import (
    ArmScore,
    Outcomes,
    RunSummary,
    outcomes_of,
    rate_interval,
    summarize,
)
from memeval.abreport._text import ARM_LABEL, duration, headline, money, pct, summary_lines

__all__ = [
    "CARD_FIELDS",
    "ARM_LABEL",
    "COMPARISON_SCHEMA_VERSION",
    "SCHEMA_FILES",
    "ArmComparison",
    "ArmScore",
    "ArmView",
    "Change",
    "Comparison",
    "GridCell",
    "Outcomes",
    "Problem",
    "ReportContext",
    "RunListing",
    "RunSummary",
    "RunsDocument",
    "TaskChange",
    "TaskCheck",
    "TaskCheckReport",
    "TaskRow",
    "broken_lines",
    "build_context",
    "check_cards",
    "check_tasks",
    "compare_runs",
    "duration",
    "headline",
    "is_runs_dir",
    "json_schemas",
    "list_runs",
    "money",
    "outcomes_of",
    "pct",
    "rate_interval",
    "render_html",
    "render_pdf",
    "summarize",
    "summary_lines",
    "write_report",
    "write_schemas",
]
