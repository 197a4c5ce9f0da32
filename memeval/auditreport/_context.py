"""The typed context of the weekly report: every value a template may read, documented.

Templates (`templates/report/`) get exactly one variable, `r`, a `WeeklyReportContext`. Every
field carries a `help` text in its dataclass metadata (`documented_fields`), and a test checks
that the templates read nothing that is not a documented field. Values are ready to print:
nested records are tuples of frozen dataclasses (never dicts: Jinja's `d.items` is a method).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Any

from memeval.audit import WeekCounts


def doc(help_text: str, **kw: Any) -> Any:
    """A dataclass field with its documentation in `metadata["help"]`."""
    return field(metadata={"help": help_text}, **kw)


@dataclass(frozen=True)
class CountLine:
    """One row of the headline table: a count, its meaning, and last week's count."""

    key: str = doc("Stable id of the row, e.g. `sessions`, `lessons_proposed`.")
    label: str = doc("Row title as printed, e.g. `Sessions`.")
    count: int = doc("This week's count.")
    previous: int | None = doc(
        "The same count for the previous ISO week (same zone, same log prefix); None when the log holds no "
        "event before this week, so there is nothing to compare with (printed as `no earlier data`)."
    )
    meaning: str = doc("One line saying what the count means, with its split where it has one.")

    @property
    def delta(self) -> int | None:
        """This week minus the previous week; None when there is no earlier data."""
        return None if self.previous is None else self.count - self.previous


@dataclass(frozen=True)
class AgeRow:
    """Items of one kind still waiting for a person at the end of the week, by age."""

    noun: str = doc("`lessons`, `contradictions` or `held texts`.")
    one: str = doc("The noun for one item: `lesson`, `contradiction` or `held text`.")
    under_1d: int = doc("Waiting less than a day.")
    d1_to_3: int = doc("Waiting 1 to 3 days.")
    d3_to_7: int = doc("Waiting 3 to 7 days.")
    over_7d: int = doc("Waiting a week or more.")

    @property
    def total(self) -> int:
        """All waiting items of this kind."""
        return self.under_1d + self.d1_to_3 + self.d3_to_7 + self.over_7d

    @property
    def counted(self) -> str:
        """The total with its noun as the report prints it: `1 contradiction`, `2 lessons`, `0 held texts`."""
        return f"{self.total} {self.one if self.total == 1 else self.noun}"


@dataclass(frozen=True)
class WeekPoint:
    """One week of the eight-week history chart."""

    week: str = doc("ISO week `YYYY-Www`.")
    sessions: int = doc("`session.started` events in the week.")
    memories_written: int = doc("`memory.written` events in the week.")
    lessons_proposed: int = doc("`lesson.proposed` events in the week.")
    refusals: int = doc("`access.refused` events in the week.")
    secrets_blanked: int = doc("Values blanked by redaction in the week.")
    held: int = doc("Texts held for a person in the week.")


@dataclass(frozen=True)
class Tally:
    """A named count inside a drill-down (refusal reason, secret type, event type)."""

    name: str = doc("The code or type, as stored (e.g. `outside_slice`, `AWS_ACCESS_KEY`).")
    count: int = doc("How many.")
    meaning: str = doc("What the code means, in one line ('' when it speaks for itself).")


@dataclass(frozen=True)
class RefusalItem:
    """One refusal of the week."""

    seq: int = doc("Audit sequence number of the `access.refused` event.")
    when: str = doc("Business time in the team's zone, `Mon 16 Nov 12:06`.")
    actor: str = doc("The agent that was refused.")
    reason_code: str = doc("The refusal's reason code.")
    text: str = doc("The refusal as told to the agent (already redacted; escaped on output).")
    requested: str = doc("Id of the item asked for, or '' when unknown.")


@dataclass(frozen=True)
class HeldItem:
    """One text held for a person this week (hostile by definition: always escaped)."""

    hold_id: str = doc("The hold's id.")
    when: str = doc("When it was held, in the team's zone.")
    source: str = doc("Where the text came from (agent, tool, web, email, document, person).")
    state: str = doc("`held`, `released` or `discarded` at the end of the week.")
    excerpt: str = doc("The matched part of the redacted text, at most 160 characters.")
    rules: str = doc("The rules that matched, comma-separated.")


@dataclass(frozen=True)
class OpenContradiction:
    """A contradiction still open at the end of the week: agents act on neither side."""

    contradiction_id: str = doc("The contradiction's id.")
    opened: str = doc("When it was opened, in the team's zone.")
    waiting_days: float = doc("Days from opening to the end of the week.")
    a_item: str = doc("Id of side A.")
    a_text: str = doc("Text of side A (redacted).")
    b_item: str = doc("Id of side B.")
    b_text: str = doc("Text of side B (redacted).")


@dataclass(frozen=True)
class OverdueItem:
    """An item still waiting for a person at the week's end, for longer than the overdue age."""

    kind: str = doc("`lesson`, `contradiction` or `held text`.")
    item_id: str = doc("The lesson, contradiction or hold id.")
    ref: str = doc("`TYPE/TEAM/ID`, as `memeval review show` takes it.")
    proposer: str = doc("`kind:id` of whoever opened it (for a contradiction, the memory checker).")
    opened: str = doc("When it was opened, in the team's zone.")
    waited: str = doc("How long it had waited at the week's end, e.g. `6 d 11 h`.")
    waited_h: float = doc("The same in hours, one decimal.")
    excerpt: str = doc(
        "Start of its redacted text (both sides for a contradiction), at most 160 characters, with "
        "invisible and look-alike characters spelled out as `[U+200B ...]`; escaped on output."
    )


@dataclass(frozen=True)
class ArmLine:
    """One arm of an A/B run: passes, the level they were checked at, and cost of a pass."""

    mode: str = doc("`baseline` (cold) or `pack` (with memory).")
    passes: int = doc("Trials that really passed (verified by held-back tests).")
    scored: int = doc("Trials the verifier scored (faults excluded).")
    levels: str = doc("Passes per check level, e.g. `L2v 4`; '' when none passed.")
    cost_of_pass: str = doc("Metered spend / passes in USD (`$0.30`), or why there is none.")
    spend: str = doc(
        "Metered spend of every attempt of the arm's trials (`memeval.results.arm_spend`), USD, "
        "or `missing` with the reason."
    )


@dataclass(frozen=True)
class RunLine:
    """One A/B run started in the week, its two arms side by side (never blended)."""

    run_id: str = doc("The run's id (its folder under the runs directory).")
    started: str = doc("When the run was planned, in the team's zone.")
    status: str = doc("`completed`, `cancelled`, `error` or `running`.")
    model: str = doc("The run card's model, the same in both arms.")
    tasks: int = doc("Tasks in the run's frozen task set.")
    baseline: ArmLine = doc("The cold arm.")
    pack: ArmLine = doc("The arm with memory.")
    verdict: str = doc("`better`, `worse` or `unresolved` (or `none` without a paired task).")
    reason: str = doc("Why that verdict, e.g. `too_few_tasks(<10)`.")
    claims: int = doc("Trials where the agent said something about its own work: kept, never counted.")
    self_reports: int = doc("Trials where the agent reported its own usage or cost: never shown.")


@dataclass(frozen=True)
class LateWeek:
    """Events recorded after an earlier week's report was made, for that week."""

    week: str = doc("The earlier ISO week.")
    version: int = doc("The report version that did not count them.")
    last_seq: int = doc("That report's last counted sequence number.")
    count: int = doc("Late events (report events themselves excluded).")
    by_type: tuple[Tally, ...] = doc("Late events by type.")
    shown_before: int = doc(
        "How many of them an earlier report listed under Arrived late already (0 in reports made before that label)."
    )
    shown_by: str = doc("`<week> v<N>` of the first report that listed any of them ('' when none did).")


@dataclass(frozen=True)
class BackdatedItem:
    """An event the store received this week but dated into a week no report counted (hostile by definition)."""

    seq: int = doc("Audit sequence number of the event.")
    kind: str = doc("`refusal`, `held text` or `lesson`.")
    dated: str = doc("The date its sender gave it (business time), in the team's zone, `Mon 06 Jan 2020 09:00`.")
    received: str = doc("When the store received it, in the team's zone.")
    actor: str = doc("`kind:id` of whoever sent it.")
    text: str = doc("Start of its redacted text (at most 160 characters, invisible characters spelled out).")


@dataclass(frozen=True)
class WeeklyReportContext:
    """Everything the weekly report shows, for one team and one ISO week in its zone."""

    team: str = doc("The team's name.")
    week: str = doc("The ISO week reported, `YYYY-Www`.")
    previous_week: str = doc("The ISO week before it (the deltas' base).")
    tz: str = doc("IANA zone the week was cut in.")
    version: int = doc("Report version for this team and week: 1, then 2, ... per `--reissue`.")
    window_start_utc: datetime = doc("Start of the week (Monday 00:00 local), aware UTC.")
    window_end_utc: datetime = doc("End of the week (next Monday 00:00 local), aware UTC, exclusive.")
    window_label: str = doc("The week as printed, e.g. `Mon 16 Nov - Sun 22 Nov 2026 (Europe/London)`.")
    generated_at_utc: datetime = doc("When the log was read, aware UTC.")
    generated_label: str = doc("`generated_at_utc` as printed in the team's zone.")
    first_seq: int = doc("Lowest sequence number of an event in the week (0 for an empty week).")
    last_seq: int = doc("Only events with seq <= last_seq were counted (the log head when read).")
    last_event_hash: str = doc("Hash of event `last_seq` (`sha256:...`), or '' for an empty log.")
    counts: WeekCounts = doc("The raw counts (memeval.audit.WeekCounts) the lines are made from.")
    counts_sha256: str = doc("SHA-256 of the canonical JSON of `counts`: what `report verify` recomputes.")
    lines: tuple[CountLine, ...] = doc("Headline rows: count, delta against last week, meaning.")
    waiting: tuple[AgeRow, ...] = doc("Open items by how long they have waited at the week's end.")
    history: tuple[WeekPoint, ...] = doc("Eight weeks ending with this one, oldest first.")
    refusal_reasons: tuple[Tally, ...] = doc("Refusals of the week by reason code.")
    refusals: tuple[RefusalItem, ...] = doc("The week's refusals, oldest first (at most 5, `LIST_LIMIT`).")
    refusals_more: int = doc("Refusals not listed because of the limit.")
    secret_types: tuple[Tally, ...] = doc("Values blanked by redaction, by type (never the value).")
    held_items: tuple[HeldItem, ...] = doc("Texts held this week (at most 5, `LIST_LIMIT`), with excerpts.")
    open_contradictions: tuple[OpenContradiction, ...] = doc(
        "Every contradiction open at the week's end (at most 5, `LIST_LIMIT`), oldest first."
    )
    contradictions_more: int = doc("Contradictions open at the week's end but not listed because of the limit.")
    overdue_after_h: float = doc(
        "Hours an item may wait before it counts as waiting too long: the review queue's "
        "`MEMEVAL_REVIEW_OVERDUE_AFTER_H` (default 48)."
    )
    overdue_after_label: str = doc("`overdue_after_h` as printed, e.g. `48 hours`.")
    waiting_aged_by: str = doc(
        "What `waiting` and `open_contradictions` count from: `received` (when the store received each "
        "item, the review queue's rule) or `occurred` (business time: reports recorded before the change)."
    )
    received_late: tuple[Tally, ...] = doc(
        "Items undecided at the week's end that happened before it but reached the store only after it "
        "(sent late), by noun (`lesson`/`lessons`, `contradiction`/`s`, `held text`/`s`, as the count reads; "
        "nouns with none left out): "
        "`waiting`, `open_contradictions` and `overdue` count from receipt, so they leave these out, and "
        "the report says so. Empty when `waiting_aged_by` is `occurred`."
    )
    overdue: tuple[OverdueItem, ...] = doc(
        "Items still waiting at the week's end for longer than `overdue_after_h`, oldest first "
        "(at most 5, `LIST_LIMIT`)."
    )
    overdue_total: int = doc("How many items waited too long in all (`overdue` lists the first `LIST_LIMIT`).")
    runs: tuple[RunLine, ...] = doc("A/B runs planned during the week, oldest first.")
    runs_dir: str = doc("Where the runs were looked for.")
    late: tuple[LateWeek, ...] = doc("Earlier reported weeks that gained events after their report.")
    backdated_by: str = doc(
        "`received`: the report lists events the store received in the week but dated into a week no "
        "report counted (`backdated`); '' for a rebuild of a report recorded before that list existed."
    )
    backdated: tuple[Tally, ...] = doc(
        "Events received in the week (store's clock) but dated before it, into a week that has no report "
        "(never reported, or before the store's first report), by type: no report made before counts them."
    )
    backdated_items: tuple[BackdatedItem, ...] = doc(
        "The refusals, held texts and lessons among `backdated`, first received first (at most 5, `LIST_LIMIT`)."
    )
    backdated_more: int = doc("Refusals, held texts and lessons of `backdated` not listed because of the limit.")
    repeats_labelled: bool = doc(
        "True: the report notes this week's events an earlier report listed as back-dated (`listed_before`); "
        "False only for a rebuild of a report recorded before that note (no `lists_sha256` in its record)."
    )
    listed_before: tuple[Tally, ...] = doc(
        "Events dated in this week (and counted here) that an earlier report listed as received in its week "
        "but dated earlier, by report (`name` `<week> v<N>`): summed over reports, take them out to count each once."
    )
    never_appears: tuple[str, ...] = doc("The closing section: what this report never shows.")


def documented_fields(cls: type) -> dict[str, str]:
    """Field name -> help text of a context dataclass (`WeeklyReportContext` or a nested one).

    Raises:
        TypeError: `cls` is not a dataclass, or one of its fields has no help text.
    """
    out: dict[str, str] = {}
    for f in fields(cls):
        help_text = f.metadata.get("help")
        if not help_text:
            raise TypeError(f"{cls.__name__}.{f.name} has no help text: declare it with doc(...)")
        out[f.name] = help_text
    return out


CONTEXT_TYPES: tuple[type, ...] = (
    WeeklyReportContext, CountLine, AgeRow, WeekPoint, Tally, RefusalItem, HeldItem,
    OpenContradiction, OverdueItem, ArmLine, RunLine, LateWeek, BackdatedItem,
)  # fmt: skip
"""Every dataclass a template can reach from `r`."""
