"""The weekly audit report: counted from the log, rendered to PDF, recorded, scheduled, e-mailed.

- `build_context` counts one team's ISO week (in its zone) into a typed `WeeklyReportContext`;
  `render_html`, `render_pdf` and `render_text` turn it into HTML, an A4 PDF and an e-mail body.
- The report lists items waiting longer than the review queue's overdue age at the week's end
  (`OverdueItem`).
- `make_report` does all of that once per week and version, writes the files under `reports/`,
  and records a `report.generated` event; `verify_report` recounts a report from the log. The
  store's report folder is `report_root`.
- `deliver` e-mails a version at most once (`report_delivery` table, `report.delivery_attempted`
  events); `subscribe`, `catch_up` and `run_service` are the weekly schedule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memeval._lazy import lazy_names

if TYPE_CHECKING:
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
    from memeval.auditreport._folders import default_report_dir, latest_report_folder, report_root
    from memeval.auditreport._record import (
        MadeReport,
        ReportRecord,
        idempotency_key,
        make_report,
        preview_report,
        record_json,
    )
    from memeval.auditreport._render import render_html, render_pdf, render_text, report_env
    from memeval.auditreport._schedule import (
        Subscription,
        catch_up,
        check_subscription,
        make_scheduler,
        run_service,
        subscribe,
        subscriptions,
        sync_jobs,
        trigger_for,
        unsubscribe,
    )
    from memeval.auditreport._smtp import SmtpSettings, check_recipients, message_id
    from memeval.auditreport._verify import ReportCheck, verify_report

# Each name is imported from its module on first use (PEP 562): `memeval report weekly` loads the
# counting and rendering modules only, not the scheduler, the e-mail delivery or SMTP.
_LAZY = {
    "build_context": "_build",
    "counts_sha256": "_build",
    "last_full_week": "_build",
    "previous_week": "_build",
    "CONTEXT_TYPES": "_context",
    "AgeRow": "_context",
    "ArmLine": "_context",
    "CountLine": "_context",
    "HeldItem": "_context",
    "LateWeek": "_context",
    "OpenContradiction": "_context",
    "OverdueItem": "_context",
    "RefusalItem": "_context",
    "RunLine": "_context",
    "Tally": "_context",
    "WeeklyReportContext": "_context",
    "WeekPoint": "_context",
    "documented_fields": "_context",
    "DeliveryOutcome": "_delivery",
    "DeliveryStatus": "_delivery",
    "deliver": "_delivery",
    "delivery_state": "_delivery",
    "MadeReport": "_record",
    "ReportCheck": "_verify",
    "ReportRecord": "_record",
    "default_report_dir": "_folders",
    "idempotency_key": "_record",
    "latest_report_folder": "_folders",
    "make_report": "_record",
    "preview_report": "_record",
    "record_json": "_record",
    "report_root": "_folders",
    "verify_report": "_verify",
    "render_html": "_render",
    "render_pdf": "_render",
    "render_text": "_render",
    "report_env": "_render",
    "Subscription": "_schedule",
    "catch_up": "_schedule",
    "check_subscription": "_schedule",
    "make_scheduler": "_schedule",
    "run_service": "_schedule",
    "subscribe": "_schedule",
    "subscriptions": "_schedule",
    "sync_jobs": "_schedule",
    "trigger_for": "_schedule",
    "unsubscribe": "_schedule",
    "SmtpSettings": "_smtp",
    "check_recipients": "_smtp",
    "message_id": "_smtp",
}

__getattr__, __dir__ = lazy_names(__name__, globals(), _LAZY)


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
    "check_recipients",
    "check_subscription",
    "counts_sha256",
    "default_report_dir",
    "deliver",
    "delivery_state",
    "documented_fields",
    "idempotency_key",
    "last_full_week",
    "latest_report_folder",
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
