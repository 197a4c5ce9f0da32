"""Build the `WeeklyReportContext` of one team and one ISO week from the audit log and run folders."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from memeval.audit import (
    LogRow,
    SqlAuditStore,
    WaitingBy,
    WeekCounts,
    canonical_json,
    iso_week_of,
    team_tz,
)
from memeval.auditreport._context import (
    AgeRow,
    BackdatedItem,
    CountLine,
    HeldItem,
    LateWeek,
    OpenContradiction,
    RefusalItem,
    Tally,
    WeeklyReportContext,
    WeekPoint,
)
from memeval.auditreport._elsewhere import BACKDATED_KINDS, Backdated, count_backdated, late_lines
from memeval.auditreport._overdue import hours_label, overdue_after_setting, overdue_list
from memeval.auditreport._runs import week_runs
from memeval.clock import utc_now
from memeval.errors import UsageError
from memeval.review import inert

LIST_LIMIT = 5
"""Most rows a drill-down list shows; the rest are counted, with the command that lists them all. 5,
not 10 (and 25 before that): WeasyPrint's time is its layout and drawing of each cell's text (about
2 ms of CPU a text box, 20-35 ms a row of these lists, with or without `<table>`; fonts, CSS and
the charts are a small part), and the four lists of 10 rows were about a third of a 10,000-event
week's render (bench/report_render.py). The full lists live in the review queue (`memeval review
list`); refusals are counted in full by reason just above their list."""

REFUSAL_MEANINGS = {
    "outside_slice": "asked for an item outside the slice its session was given",
    "held_item": "asked for a text held for a person",
    "open_contradiction": "asked for a side of an open contradiction",
    "retired_item": "asked for a memory that was retired",
    "not_permitted": "asked for something its role may not read",
}

NEVER_APPEARS = (
    "One number that blends everything. Passes, the level each pass was checked at and the "
    "cost of a pass stand side by side, per arm.",
    "An agent's word that it succeeded. A pass is decided by held-back tests; what an agent says "
    "about its own work is kept as a claim and counted here only as a claim.",
    "Cost the agent reported about itself. Spend is metered from outside the agent; when the "
    "meter could not price a call the report says the figure is missing.",
)


def previous_week(week: str) -> str:
    """The ISO week before `week` (`YYYY-Www`)."""
    y, w = int(week[:4]), int(week[6:])
    y2, w2, _ = (date.fromisocalendar(y, w, 1) - timedelta(days=7)).isocalendar()
    return f"{y2:04d}-W{w2:02d}"


def last_full_week(now: datetime, tz: str) -> str:
    """The last ISO week in zone `tz` that has fully ended at aware `now`."""
    return previous_week(iso_week_of(now, tz))


def counts_sha256(counts: WeekCounts) -> str:
    """`sha256:` + hex SHA-256 of the canonical JSON (audit `canonical_json`) of `counts`."""
    body = canonical_json(counts.model_dump(mode="json"))
    return "sha256:" + hashlib.sha256(body.encode()).hexdigest()


def head_seq(store: SqlAuditStore, team: str) -> int:
    """The team's last sequence number (0 for an empty log)."""
    return store.reads.head_seq(team)


def _lines(c: WeekCounts, p: WeekCounts, earlier: bool) -> tuple[CountLine, ...]:
    def line(key: str, label: str, now: int, before: int, meaning: str) -> CountLine:
        return CountLine(key=key, label=label, count=now, previous=before if earlier else None, meaning=meaning)

    return (
        line("sessions", "Sessions", c.sessions, p.sessions, "Each one started with a slice of memory"),
        line("memories_written", "Memories written", c.memories_written, p.memories_written,
             "Kept by agents in their own memory (released held texts included)"),
        line("lessons_proposed", "Lessons proposed", c.lessons_proposed, p.lessons_proposed,
             f"{c.lessons_approved} approved, {c.lessons_rejected} rejected, "
             f"{c.lessons_waiting} still waiting for a person"),
        line("contradictions", "Contradictions", c.contradictions_opened, p.contradictions_opened,
             f"{c.contradictions_settled} settled, {c.contradictions_open} open. Agents act on "
             "neither side of an open one."),
        line("refusals", "Refusals", c.refusals, p.refusals,
             "Times an agent asked for something outside what it may read, each with its reason"),
        line("secrets_blanked", "Secrets blanked", c.secrets_blanked, p.secrets_blanked,
             "Secrets and personal data replaced before anything was stored"),
        line("held", "Held for you", c.held, p.held,
             f"Text that read like orders to an agent: {c.held_still} still held, "
             f"{c.held_released} released, {c.held_discarded} discarded. It stays out until you "
             "release it."),
    )  # fmt: skip


def build_context(
    store: SqlAuditStore,
    team: str,
    week: str,
    *,
    tz: str | None = None,
    runs_dir: Path = Path("runs"),
    upto_seq: int | None = None,
    version: int = 1,
    now: datetime | None = None,
    overdue_after_h: float | None = None,
    waiting_by: WaitingBy = "received",
    list_backdated: bool = True,
    label_repeats: bool = True,
) -> WeeklyReportContext:
    """Count and gather everything the report of `team`'s ISO `week` shows.

    Args:
        store: the audit store.
        team: team name.
        week: `YYYY-Www`.
        tz: IANA zone (default: the team's zone, `memeval audit team set`).
        runs_dir: folder of A/B run folders (`runs/<id>/events.jsonl`).
        upto_seq: count only events with seq <= this (default: the log head, read once).
        version: the report version this context is for.
        now: generation time (aware; default now, UTC). Printed only: nothing is counted or
            aged at it (waiting ages are taken at the week's end).
        overdue_after_h: hours after which a waiting item is listed as waiting too long
            (default: the review queue's setting, `MEMEVAL_REVIEW_OVERDUE_AFTER_H`, else 48).
        waiting_by: what the waiting ages and the open contradictions count from: `received` (when
            the store received each item, as the queue and the overdue list) or `occurred` (business
            time: how reports recorded without `waiting_aged_by` were made, for their rebuild).
        list_backdated: list the events the store received in the week but dated into a week no
            report counted (`AuditReads.backdated`); False only to rebuild a report recorded before
            that list existed (its record has no `backdated_by`).
        label_repeats: say which of the report's events an earlier report showed already (listed
            as back-dated, or under "Arrived late"; `memeval.auditreport._elsewhere`); False only to
            rebuild a report recorded before those labels (its record has no `lists_sha256`).

    Raises:
        UsageError: bad week or zone, or a bad overdue setting. RunLogError: a run of the week cannot be read.
    """
    zone = tz or team_tz(store, team)
    z = ZoneInfo(zone)
    seq = head_seq(store, team) if upto_seq is None else upto_seq
    reads = store.reads
    c = reads.week_counts(team, week, tz=zone, upto_seq=seq, waiting_by=waiting_by)
    prev = previous_week(week)
    p = reads.week_counts(team, prev, tz=zone, upto_seq=seq, waiting_by=waiting_by)
    weeks = [week]
    while len(weeks) < 8:
        weeks.insert(0, previous_week(weeks[0]))
    hist = reads.week_history(team, weeks[:-2], zone, seq)  # the last two weeks are counted already
    for w, k in ((prev, p), (week, c)):
        hist[w] = {"session.started": k.sessions, "memory.written": k.memories_written,
                   "lesson.proposed": k.lessons_proposed, "access.refused": k.refusals,
                   "secret.blanked": k.secrets_blanked, "hold.created": k.held}  # fmt: skip
    start, end = c.start, c.end

    ref_rows = reads.refusals(team, start, end, seq, LIST_LIMIT)
    held_rows = reads.held(team, start, end, seq, LIST_LIMIT)
    con_rows = reads.open_contradictions(team, end, seq, LIST_LIMIT, waiting_by)
    late_items = reads.received_after(team, end, seq) if waiting_by == "received" else {}
    nouns = {"lesson": ("lesson", "lessons"), "contradiction": ("contradiction", "contradictions"),
             "hold": ("held text", "held texts")}  # fmt: skip

    def when(d: datetime) -> str:
        return d.astimezone(z).strftime("%a %d %b %H:%M")

    def when_full(d: datetime) -> str:
        return d.astimezone(z).strftime("%a %d %b %Y %H:%M")

    hours = overdue_after_setting() if overdue_after_h is None else overdue_after_h
    if not hours > 0:
        raise UsageError(f"overdue age {hours} h is not positive: give hours > 0, e.g. 48")
    overdue, overdue_total = overdue_list(store, team, end, seq, hours, LIST_LIMIT, when)

    late = [
        LateWeek(week=x.week, version=x.version, last_seq=x.last_seq, count=sum(x.by_type.values()),
                 by_type=tuple(Tally(k, v, "") for k, v in x.by_type.items()), shown_before=x.shown_before,
                 shown_by=x.shown_by)
        for x in late_lines(store, team, week, zone, seq, label=list_backdated and label_repeats)
    ]  # fmt: skip
    bd = Backdated({}, [], 0, {})
    if list_backdated:
        bd = count_backdated(store, team, week, zone, seq, LIST_LIMIT, label=label_repeats)

    gen = now or utc_now()
    last_day = (end - timedelta(seconds=1)).astimezone(z)
    return WeeklyReportContext(
        team=team, week=week, previous_week=prev, tz=zone, version=version,
        window_start_utc=start, window_end_utc=end,
        window_label=f"{start.astimezone(z):%a %d %b} - {last_day:%a %d %b %Y} ({zone})",
        generated_at_utc=gen, generated_label=gen.astimezone(z).strftime("%a %d %b %Y %H:%M %Z"),
        first_seq=reads.first_seq_in(team, start, end, seq), last_seq=seq,
        last_event_hash=c.upto_hash or "", counts=c, counts_sha256=counts_sha256(c),
        lines=_lines(c, p, reads.has_events_before(team, start, seq)),
        waiting=tuple(
            AgeRow(noun=f"{one}s", one=one, under_1d=a.under_1d, d1_to_3=a.d1_to_3, d3_to_7=a.d3_to_7,
                   over_7d=a.over_7d)
            for one, a in (("lesson", c.waiting["lesson"]), ("contradiction", c.waiting["contradiction"]),
                           ("held text", c.waiting["hold"]))
        ),
        history=tuple(
            WeekPoint(week=w, sessions=h["session.started"], memories_written=h["memory.written"],
                      lessons_proposed=h["lesson.proposed"], refusals=h["access.refused"],
                      secrets_blanked=h["secret.blanked"], held=h["hold.created"])
            for w, h in hist.items()
        ),
        refusal_reasons=tuple(Tally(k, v, REFUSAL_MEANINGS.get(k, "")) for k, v in c.refusals_by_reason.items()),
        refusals=tuple(
            RefusalItem(seq=r.seq, when=when(r.occurred), actor=r.actor_id, reason_code=r.payload["reason_code"],
                        text=inert(r.payload["text"]).as_plain(), requested=r.payload.get("requested") or "")
            for r in ref_rows
        ),
        refusals_more=max(0, c.refusals - len(ref_rows)),
        contradictions_more=max(0, c.waiting["contradiction"].total - len(con_rows)),
        secret_types=tuple(Tally(k, v, "") for k, v in c.secrets_by_type.items()),
        held_items=tuple(_held(r, state, when(r.occurred)) for r, state in held_rows),
        open_contradictions=tuple(
            OpenContradiction(contradiction_id=r.subject or "", opened=when(r.occurred),
                              waiting_days=round((end - _since(r, waiting_by)).total_seconds() / 86400, 1),
                              a_item=r.payload["a_item"], a_text=inert(r.payload["a_text"]).as_plain(),
                              b_item=r.payload["b_item"], b_text=inert(r.payload["b_text"]).as_plain())
            for r in con_rows
        ),
        overdue_after_h=hours, overdue_after_label=hours_label(hours), overdue=overdue, waiting_aged_by=waiting_by,
        overdue_total=overdue_total,
        received_late=tuple(Tally(nouns[k][n != 1], n, "") for k, n in late_items.items() if n),
        runs=week_runs(runs_dir, start, end, zone), runs_dir=str(runs_dir),
        late=tuple(late), never_appears=NEVER_APPEARS, backdated_by="received" if list_backdated else "",
        backdated=tuple(Tally(k, v, "") for k, v in bd.by_type.items()),
        backdated_items=tuple(_backdated(r, when_full) for r in bd.rows), backdated_more=bd.more,
        repeats_labelled=list_backdated and label_repeats,
        listed_before=tuple(Tally(k, v, "") for k, v in bd.listed_before.items()),
    )  # fmt: skip


def _since(r: LogRow, by: WaitingBy) -> datetime:
    """When `r`'s item began to wait: received by the store (`received`), or its business time."""
    return (r.recorded or r.occurred) if by == "received" else r.occurred


def _held(r: LogRow, state: str, when: str) -> HeldItem:
    reasons = r.payload.get("reasons") or []
    excerpt = " ... ".join(x["excerpt"] for x in reasons if x.get("excerpt")) or r.payload.get("text", "")
    if len(excerpt) > 160:
        excerpt = excerpt[:157] + "..."
    excerpt = inert(excerpt).as_plain()  # held text is hostile: mark what draws nothing, as the review pages do
    return HeldItem(hold_id=r.subject or "", when=when, source=r.payload.get("source", ""), state=state,
                    excerpt=excerpt, rules=", ".join(sorted({x["rule"] for x in reasons})))  # fmt: skip


def _backdated(r: LogRow, when: Callable[[datetime], str]) -> BackdatedItem:
    """A back-dated refusal, held text or lesson as the report lists it (text made inert, at most 160 characters)."""
    if r.type == "hold.created":
        text = _held(r, "", "").excerpt
    else:
        text = str(r.payload.get("text", ""))
        if r.type == "access.refused" and r.payload.get("requested"):
            text = f"asked for {r.payload['requested']}: {text}"
        if len(text) > 160:
            text = text[:157] + "..."
        text = inert(text).as_plain()
    return BackdatedItem(seq=r.seq, kind=BACKDATED_KINDS[r.type], dated=when(r.occurred),
                         received=when(r.recorded or r.occurred),
                         actor=inert(f"{r.actor_kind}:{r.actor_id}").as_plain(), text=text)  # fmt: skip
