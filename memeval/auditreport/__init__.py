"""The weekly audit report: counted from the log, rendered to PDF, recorded, scheduled, e-mailed.

- `build_context` counts one team's ISO week (in its zone) into a typed `WeeklyReportContext`;
  `render_html`, `render_pdf` and `render_text` turn it into HTML, an A4 PDF and an e-mail body.
- The report lists items waiting longer than the review queue's overdue age at the week's end
  (`OverdueItem`).
- `make_report` does all of that once per week and version, writes the files under `reports/`,
  and records a `report.generated` event; `verify_report` recounts a report from the log.
- `deliver` e-mails a version at most once (`report_delivery` table, `report.delivery_attempted`
  events); `subscribe`, `catch_up` and `run_service` are the weekly schedule.
"""

from memeval.auditreport._build import build_context, counts_sha256, last_full_week, previous_week
from memeval.auditreport._context import (
    CONTEXT_TYPES,
    AgeRow,
    ArmLine,
    CountLine,
    HeldItem,
    LateWeek,
    OpenContradiction,
    OverdueItem,
    RefusalItem,
    RunLine,
    Tally,
    WeeklyReportContext,
    WeekPoint,
    documented_fields,
)
from memeval.auditreport._delivery import DeliveryOutcome, DeliveryStatus, deliver, delivery_state
from memeval.auditreport._record import (
    MadeReport,
    ReportCheck,
    ReportRecord,
    default_report_dir,
    idempotency_key,
    make_report,
    preview_report,
    record_json,
    report_root,
    verify_report,
)
from memeval.auditreport._render import render_html, render_pdf, render_text, report_env
from memeval.auditreport._schedule import (
    Subscription,
    catch_up,
    make_scheduler,
    run_service,
    subscribe,
    subscriptions,
    sync_jobs,
    trigger_for,
    unsubscribe,
)
from memeval.auditreport._smtp import SmtpSettings, message_id

__all__ = [
    "AgeRow",
    "ArmLine",
    "CONTEXT_TYPES",
    "CountLine",
    "DeliveryOutcome",
    "DeliveryStatus",
    "HeldItem",
    "LateWeek",
    "MadeReport",
    "OpenContradiction",
    "OverdueItem",
    "RefusalItem",
    "ReportCheck",
    "ReportRecord",
    "RunLine",
    "SmtpSettings",
    "Subscription",
    "Tally",
    "WeekPoint",
    "WeeklyReportContext",
    "build_context",
    "catch_up",
    "counts_sha256",
    "default_report_dir",
    "deliver",
    "delivery_state",
    "documented_fields",
    "idempotency_key",
    "last_full_week",
    "make_report",
    "make_scheduler",
    "message_id",
    "preview_report",
    "previous_week",
    "record_json",
    "render_html",
    "render_pdf",
    "render_text",
    "report_env",
    "report_root",
    "run_service",
    "subscribe",
    "subscriptions",
    "sync_jobs",
    "trigger_for",
    "unsubscribe",
    "verify_report",
]
