"""The reviewer approval queue: pending lessons, open contradictions and held texts, decided by people.

Web pages and a JSON API (`create_review_app`, served by `memeval serve`) and the command line
(`memeval review ...`) share one set of rules (`decide_item`): decisions only from the waiting
state, reasons for reject/settle/discard, no self-approval, roles, and claims (short leases) so
two reviewers never work the same item. Every decision and claim is an audit event written
through the audit store's single write path. Held text is hostile: pages show it inert
(`inert`), escaped, with invisible and look-alike characters marked.
"""

from typing import TYPE_CHECKING

from memeval._lazy import lazy_names
from memeval.review._accounts import (
    Account,
    AccountAction,
    AccountChange,
    AccountLogEntry,
    AccountRole,
    account_for_token,
    account_log,
    add_api_token,
    add_user,
    authenticate,
    check_account,
    check_may_manage,
    get_account,
    list_users,
    set_account,
)
from memeval.review._decide import (
    ACTIONS,
    NEEDS_REASON,
    DecisionRequest,
    DecisionResult,
    check_arguments,
    comment_item,
    decide_item,
    new_decision_id,
)
from memeval.review._inert import InertText, Segment, inert, term_text
from memeval.review._leases import Lease, active_leases, claim_item
from memeval.review._models import ItemDetailOut, ItemOut, QueueOut, detail_out, queue_out
from memeval.review._queue import (
    ItemView,
    QueueFilter,
    QueueRow,
    QueueView,
    age_text,
    build_item,
    build_queue,
    item_kind,
    item_ref,
    overdue_items,
    parse_ref,
    resolve,
)
from memeval.review._read import WAITING_STATE, get_item, item_events, waiting_items
from memeval.review._settings import ReviewSettings
from memeval.review._tables import ensure_review_schema

if TYPE_CHECKING:  # the real names for type checkers; at run time `__getattr__` below
    from memeval.review._app import SESSION_COOKIE, create_review_app

__all__ = [
    "ACTIONS",
    "Account",
    "AccountAction",
    "AccountChange",
    "AccountLogEntry",
    "AccountRole",
    "DecisionRequest",
    "DecisionResult",
    "InertText",
    "ItemDetailOut",
    "ItemOut",
    "ItemView",
    "Lease",
    "NEEDS_REASON",
    "QueueFilter",
    "QueueOut",
    "QueueRow",
    "QueueView",
    "ReviewSettings",
    "SESSION_COOKIE",
    "Segment",
    "WAITING_STATE",
    "account_for_token",
    "account_log",
    "active_leases",
    "add_api_token",
    "add_user",
    "age_text",
    "authenticate",
    "build_item",
    "build_queue",
    "check_account",
    "check_arguments",
    "check_may_manage",
    "claim_item",
    "comment_item",
    "create_review_app",
    "decide_item",
    "detail_out",
    "ensure_review_schema",
    "get_account",
    "get_item",
    "inert",
    "item_events",
    "item_kind",
    "item_ref",
    "list_users",
    "new_decision_id",
    "overdue_items",
    "parse_ref",
    "queue_out",
    "resolve",
    "set_account",
    "term_text",
    "waiting_items",
]


# The web stack (FastAPI, Starlette) loads on first use: `memeval report weekly` reads the queue
# without it.
__getattr__, __dir__ = lazy_names(__name__, globals(), {"SESSION_COOKIE": "_app", "create_review_app": "_app"})
