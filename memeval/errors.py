"""memeval's exception hierarchy. Foreign errors are translated at the boundary, chained with `from`.

MemevalError
├── UsageError            bad input from the user: the CLI exits 2
│   ├── TaskError         a task folder is missing a file or has a malformed one
│   ├── PackError         a pack file is malformed (duplicate ids, bad kind, ...)
│   ├── AgentConfigError  an unknown agent or a bad agent configuration
│   ├── RunCardMismatch   two arms (or a resumed run) differ in more than mode and slice
│   ├── AuditEventRejected  an audit event is malformed or not allowed (names its line/index)
│   │   ├── TransitionRefused  a review decision its item's current state does not allow
│   │   ├── ResentUnderAnotherSender  events stored before by another sender, sent again
│   │   └── ReportRaced   a report that did not count a report of its team stored before it
│   └── ReviewRefused     a reviewer's action the queue's rules refuse (`code` says which rule)
├── SandboxError          bubblewrap missing or failed to start
├── WorldBuildError       a task's environment/ could not be built (becomes a `boot` fault)
├── MeterError            the metering proxy failed to start or answer
├── RunLogError           a run's event log is unreadable or was tampered with
├── AuditStoreError       the audit store cannot be opened, migrated or written
├── RedactionError        the redactor could not be built or scan a text (never quotes it)
├── ReportError           a weekly report could not be built, rendered or verified
└── DeliveryError         a report could not be e-mailed (every attempt is still recorded)
"""

from __future__ import annotations


class MemevalError(Exception):
    """Base class of every error memeval raises on purpose."""


class UsageError(MemevalError):
    """The user's input is wrong; the message names the bad value and the fix (exit code 2)."""


class TaskError(UsageError):
    """A task folder does not follow the Harbor layout, or a file in it is malformed."""


class PackError(UsageError):
    """A pack file is malformed: bad JSON, a bad field, or duplicate item ids."""


class AgentConfigError(UsageError):
    """An unknown agent name, or an agent configuration that cannot run."""


class RunCardMismatch(UsageError):
    """The run cards of two arms, or of a run and its resumption, differ where they must not."""


class SandboxError(MemevalError):
    """The sandbox could not be set up (bubblewrap missing, bad bind paths)."""


class WorldBuildError(MemevalError):
    """A trial's world could not be built from `environment/`; the trial gets a `boot` fault."""


class MeterError(MemevalError):
    """The metering proxy could not start or serve."""


class RunLogError(MemevalError):
    """A run's event log cannot be read as a valid log."""


class AuditEventRejected(UsageError):
    """An audit event was rejected; nothing of its batch was stored.

    Attributes:
        index: 0-based position of the event in its batch, when known.
        line: 1-based line number in the JSONL input, when it came from a file.
        stored_batches: batches of the same input stored before this one was refused (set by
            `memeval.audit.ingest_lines`; 0 otherwise).
    """

    def __init__(self, message: str, *, index: int | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.index = index
        self.line = line
        self.stored_batches = 0


class TransitionRefused(AuditEventRejected):
    """A decision on a lesson, contradiction or hold that its current state does not allow.

    Attributes:
        item: the item id (`subject` of the event).
        state: the item's current state (`waiting`, `approved`, `open`, `held`, ... or `missing`).
    """

    def __init__(
        self,
        message: str,
        *,
        item: str,
        state: str,
        index: int | None = None,
        line: int | None = None,
    ) -> None:
        super().__init__(message, index=index, line=line)
        self.item = item
        self.state = state


class ResentUnderAnotherSender(AuditEventRejected):
    """An ingest batch holds an event stored before under another sender name; nothing of the batch was stored.

    Repeats are skipped per sender, so the same event sent again under a second name would be
    stored twice; the store refuses it instead (`SqlAuditStore.append`).

    Attributes:
        earlier_sender: the sender the event was stored under.
        sender: this batch's sender.
        sender_event_id: the event's id as sent (the same in both).
    """

    def __init__(
        self,
        message: str,
        *,
        earlier_sender: str,
        sender: str,
        sender_event_id: str,
        index: int | None = None,
        line: int | None = None,
    ) -> None:
        super().__init__(message, index=index, line=line)
        self.earlier_sender = earlier_sender
        self.sender = sender
        self.sender_event_id = sender_event_id


class ReportRaced(AuditEventRejected):
    """A `report.generated` that did not count a report of its team stored before it; nothing was stored.

    Two report runs of one team counted the log at once (two processes, or the scheduler and
    `memeval report weekly`): the one recorded second had not seen the first one's report, so an
    event one listed (as back-dated, or under "Arrived late") could be counted by the other unlabelled.
    The store refuses the second (`SqlAuditStore.append`); `make_report` counts again.

    Attributes:
        team: the team.
        week: the refused report's week (`YYYY-Www`).
        counted_upto: the last seq the refused report counted.
        other_week: the week of the team's latest stored report, which it did not count.
        other_version: that report's version (1, 2, ... in its week).
        other_seq: that report's `report.generated` seq (> `counted_upto`).
    """

    def __init__(
        self,
        message: str,
        *,
        team: str,
        week: str,
        counted_upto: int,
        other_week: str,
        other_version: int,
        other_seq: int,
        index: int | None = None,
    ) -> None:
        super().__init__(message, index=index)
        self.team = team
        self.week = week
        self.counted_upto = counted_upto
        self.other_week = other_week
        self.other_version = other_version
        self.other_seq = other_seq


class AuditStoreError(MemevalError):
    """The audit store cannot be opened, migrated or written (bad URL, server down, schema newer)."""


class RedactionError(MemevalError):
    """The redactor could not be built, or a scanner failed on a text.

    The message never contains any part of the text being redacted: the caller must treat the
    text as unredacted and not store it.
    """


class ReviewRefused(UsageError):
    """A reviewer's action that the review queue's rules refuse; nothing was stored.

    Attributes:
        code: which rule: `not_found`, `wrong_state`, `missing_reason`, `bad_choice`,
            `self_approval`, `wrong_role`, `claimed`.
        state: the item's current state when known (`waiting`, `approved`, ...), else None.
    """

    def __init__(self, message: str, *, code: str, state: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.state = state


class ReportError(MemevalError):
    """A weekly report could not be built or rendered, or its record does not verify."""


class DeliveryError(MemevalError):
    """A report could not be e-mailed after its retries; each attempt is an audit event."""
