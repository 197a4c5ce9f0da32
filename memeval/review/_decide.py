"""Decisions on queue items, checked against the queue's rules, written as audit events.

Rules (checked here, in this order, then again by the store's state machines under its lock):
1. only a `reviewer` or `admin` decides (`wrong_role`);
2. the action fits the item (`approve`/`reject` a lesson, `settle` a contradiction,
   `release`/`discard` a hold) and a settlement names the side kept (`bad_choice`);
3. `reject`, `discard` and `settle` need a reason (`missing_reason`);
4. the item exists (`not_found`) and still waits (`wrong_state`; the same decision id again, from
   the person who decided with it and for the same action, is a harmless repeat, so a
   double-submitted form stores one decision; the id shows in refusals, so anyone else's use of it
   is `wrong_state`);
5. whoever proposed a lesson cannot approve it, and whoever wrote a held memory cannot release it
   (`self_approval`; a held lesson's author may release it, as the lesson then waits for another);
6. nobody else holds a claim on it (`claimed`); deciding takes the claim for the moment it
   takes, then gives it up.
The decision is then one event appended through `SqlAuditStore.append` (the single write path),
with the reviewer as a `person` actor and the time. If another reviewer's decision got in first,
the store refuses this one and it is reported as `wrong_state`: exactly one decision is stored.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from memeval.audit import EVENT_ADAPTER, LIFECYCLES, ReviewItem, SqlAuditStore, all_decisions
from memeval.errors import ReviewRefused, TransitionRefused
from memeval.review._accounts import Account
from memeval.review._leases import claim_item, drop_claim, split_hex
from memeval.review._read import get_item

Action = Literal["approve", "reject", "settle", "release", "discard"]
"""What a reviewer can do to an item."""

ACTIONS: dict[str, tuple[str, str]] = {d.action: (lc.kind, d.event_type) for lc, d in all_decisions()}
"""Action -> (item type it applies to, audit event type it writes) (from `memeval.audit.LIFECYCLES`)."""

LEADS_TO: dict[str, str] = {d.action: d.leads_to for _, d in all_decisions()}
"""Action -> the state it leaves the item in (`approve` -> `approved`)."""
NEEDS_REASON = frozenset(d.action for _, d in all_decisions() if d.needs_reason)
KEPT_CHOICES = ("a", "b", "both", "neither")
MAX_REASON_CHARS = 2000
"""Longest reason or comment accepted, in characters."""
_DECISION_ID = re.compile(r"^[A-Za-z0-9_-]{8,64}$")


def new_decision_id() -> str:
    """A fresh decision id (`dec_` + 12 hex + `_` + 12 hex); forms carry one so a resubmission is a repeat.

    96 random bits in two parts of 12: an id with no run longer than 16 is plain to the store
    (`memeval.audit` does not scan it for secrets), so no redaction engine is loaded for it.
    """
    return "dec_" + split_hex(uuid.uuid4().hex[:24])


@dataclass(frozen=True)
class DecisionRequest:
    """One decision a reviewer asks for.

    Attributes:
        action: `approve`, `reject`, `settle`, `release` or `discard`.
        item_type: `lesson`, `contradiction` or `hold`.
        team: the item's team.
        item_id: the item's id.
        reason: why (required for reject, discard, settle; stored as the comment otherwise).
        kept: for settle: `a`, `b`, `both` or `neither`.
        decision_id: the decision's id (8-64 of `A-Za-z0-9_-`); the same id again is a repeat.
    """

    action: str
    item_type: str
    team: str
    item_id: str
    reason: str | None = None
    kept: str | None = None
    decision_id: str = ""


@dataclass(frozen=True)
class DecisionResult:
    """What a decision did.

    Attributes:
        item: the item after the decision.
        action: the action taken.
        repeated: True when this exact decision (same id) was stored before: nothing new stored.
        decision_id: the decision's id.
    """

    item: ReviewItem
    action: str
    repeated: bool
    decision_id: str


def check_arguments(action: str, reason: str | None, kept: str | None, item_type: str | None = None) -> None:
    """Rules 2-3 that need neither an account nor the database (the CLI checks them before the password).

    Args:
        action: the action asked for.
        reason: the reason given, if any.
        kept: for settle, the side kept.
        item_type: the item's type when known (e.g. from a `TYPE/TEAM/ID` reference).

    Raises:
        ReviewRefused: `bad_choice` or `missing_reason`.
    """
    if action not in ACTIONS:
        raise ReviewRefused(f"unknown action {action!r}: use one of {', '.join(ACTIONS)}", code="bad_choice")
    kind = ACTIONS[action][0]
    if item_type is not None and item_type != kind:
        raise ReviewRefused(
            f"{action!r} applies to a {kind}, not a {item_type}: use "
            + (
                " or ".join(d.action for d in LIFECYCLES[item_type].decisions)
                if item_type in LIFECYCLES
                else "a known item type"
            ),
            code="bad_choice",
        )
    if action == "settle" and kept not in KEPT_CHOICES:
        raise ReviewRefused(
            f"keep {kept!r} is not a side: keep one of {', '.join(KEPT_CHOICES)}",
            code="bad_choice",
        )
    if action in NEEDS_REASON and not (reason or "").strip():
        raise ReviewRefused(
            f"{action} needs a reason: say why in a sentence (it goes to the audit log)",
            code="missing_reason",
        )
    if len(reason or "") > MAX_REASON_CHARS:
        raise ReviewRefused(
            f"the reason has {len(reason or '')} characters: keep it under {MAX_REASON_CHARS}",
            code="bad_choice",
        )
    if "\0" in (reason or ""):
        raise ReviewRefused(
            f"the reason has a NUL character (\\u0000) at character {(reason or '').find(chr(0))}, which no "
            "audit store keeps: remove it",
            code="bad_choice",
        )


def check_request(account: Account, req: DecisionRequest) -> None:
    """Rules 1-3 (role, action, reason) that need no database.

    Raises:
        ReviewRefused: `wrong_role`, `bad_choice` or `missing_reason`.
    """
    if not account.can_decide:
        raise ReviewRefused(
            f"{account.username!r} is a {account.role}: only a reviewer or admin may decide items",
            code="wrong_role",
        )
    check_arguments(req.action, req.reason, req.kept, req.item_type)
    if not _DECISION_ID.fullmatch(req.decision_id):
        raise ReviewRefused(
            f"decision id {req.decision_id!r} is malformed: use 8-64 characters of A-Za-z0-9_- "
            "(or leave it out to get a new one)",
            code="bad_choice",
        )


def decide_item(
    store: SqlAuditStore,
    account: Account,
    req: DecisionRequest,
    *,
    now: datetime,
    lease_s: int = 300,
    sender: str = "review",
) -> DecisionResult:
    """Apply one decision (see the module docstring for the rules).

    Args:
        store: the audit store.
        account: the deciding person.
        req: the decision; give `decision_id` from the form (or `new_decision_id()`).
        now: the current time (UTC); the event's business time.
        lease_s: length of the claim taken while deciding, in seconds.
        sender: the audit sender name of the calling interface (`review-web`, `review-cli`...).

    Returns:
        A `DecisionResult`.

    Raises:
        ReviewRefused: a rule refused it (its `code` says which); nothing was stored.
    """
    check_request(account, req)
    item = get_item(store, req.item_type, req.team, req.item_id)
    if item is None or not account.sees(req.team):
        raise ReviewRefused(
            f"no {req.item_type} {req.item_id!r} in team {req.team!r} among the teams you review: "
            "check the id in the queue",
            code="not_found",
        )
    if (
        not item.waiting
        and item.decision_id == req.decision_id
        and item.decided_by == account.username
        and item.status == LEADS_TO[req.action]
    ):  # this person's own decision sent again (a double-submitted form); another's id is no repeat of theirs
        return DecisionResult(item, req.action, True, req.decision_id)
    if not item.waiting:
        raise ReviewRefused(_stale(item), code="wrong_state", state=item.status)
    if req.action == "approve" and item.opened_by == f"person:{account.username}":
        raise ReviewRefused(
            f"lesson {item.item_id!r} was proposed by {account.username!r}, who cannot approve "
            "it: another reviewer must approve it",
            code="self_approval",
            state=item.status,
        )
    if req.action == "release" and item.opened_by == f"person:{account.username}" and item.origin != "lesson.proposed":
        raise ReviewRefused(
            f"hold {item.item_id!r} holds text written by {account.username!r}, who cannot release it: "
            "another reviewer must release it (you may discard it)",
            code="self_approval",
            state=item.status,
        )
    claim_item(store, account, item, lease_s=lease_s, now=now, record=False, sender=sender)
    try:
        res = store.append([_event(account, req, now)], sender=sender, origin="review")
    except TransitionRefused as exc:
        latest = get_item(store, req.item_type, req.team, req.item_id) or item
        raise ReviewRefused(
            _stale(latest) if not latest.waiting else str(exc), code="wrong_state", state=exc.state
        ) from exc
    finally:
        drop_claim(store, account, item.item_type, item.team, item.item_id)
    after = get_item(store, req.item_type, req.team, req.item_id) or item
    if res.stored == 0 and not (after.decision_id == req.decision_id and after.decided_by == account.username):
        # the store skipped the event as one it holds: its id `ACTION:DECISION_ID` was another item's decision
        raise ReviewRefused(
            f"decision id {req.decision_id!r} was already used for another {req.action} decision, so nothing "
            f"was recorded for {req.item_type} {req.item_id!r} (it is {after.status!r}): send each decision "
            "with an id of its own (reload the page for a new one)",
            code="bad_choice",
            state=after.status,
        )
    return DecisionResult(after, req.action, res.stored == 0, req.decision_id)


def comment_item(
    store: SqlAuditStore, account: Account, item: ReviewItem, text: str, *, now: datetime, sender: str = "review"
) -> None:
    """Write a person's comment on an item as a `review.commented` event (any role that sees the team).

    Raises:
        ReviewRefused: `not_found` (another team), `missing_reason` (empty) or `bad_choice` (too long).
    """
    if not account.sees(item.team):
        raise ReviewRefused(f"no {item.item_type} {item.item_id!r} among the teams you review", code="not_found")
    body = text.strip()
    if not body:
        raise ReviewRefused("the comment is empty: write a sentence", code="missing_reason")
    if len(body) > MAX_REASON_CHARS:
        raise ReviewRefused(f"the comment has {len(body)} characters: keep it under {MAX_REASON_CHARS}",
                            code="bad_choice")  # fmt: skip
    if "\0" in body:
        raise ReviewRefused(
            f"the comment has a NUL character (\\u0000) at character {body.find(chr(0))}, which no audit store "
            "keeps: remove it",
            code="bad_choice",
        )
    ev = EVENT_ADAPTER.validate_python(
        {
            "type": "review.commented",
            "occurred_at": now,
            "team": item.team,
            "sender_event_id": f"comment:{split_hex(uuid.uuid4().hex, 16)}",
            "actor": {"kind": "person", "id": account.username, "role": account.role},
            "subject": item.item_id,
            "payload": {"item_type": item.item_type, "text": body},
        }
    )
    store.append([ev], sender=sender, origin="review")


def _stale(item: ReviewItem) -> str:
    return (
        f"{item.item_type} {item.item_id!r} was already decided: it is {item.status!r} "
        f"(by {item.decided_by!r}, decision {item.decision_id!r}). Nothing was changed; reload "
        "the queue"
    )


def _event(account: Account, req: DecisionRequest, now: datetime) -> Any:
    reason = (req.reason or "").strip() or None
    payload: dict[str, Any] = {"decision_id": req.decision_id}
    if req.action == "settle":
        payload.update(kept=req.kept, reason=reason)
    elif req.action in NEEDS_REASON:
        payload["reason"] = reason
    elif reason:
        payload["comment"] = reason
    return EVENT_ADAPTER.validate_python(
        {
            "type": ACTIONS[req.action][1],
            "occurred_at": now,
            "team": req.team,
            "sender_event_id": f"{req.action}:{req.decision_id}",
            "actor": {"kind": "person", "id": account.username, "role": account.role},
            "subject": req.item_id,
            "payload": payload,
        }
    )
