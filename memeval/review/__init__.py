"""The reviewer approval queue: pending lessons, open contradictions and held texts, decided by people.

Web pages and a JSON API (`create_review_app`, served by `memeval serve`) and the command line
(`memeval review ...`) share one set of rules (`decide_item`): decisions only from the waiting
state, reasons for reject/settle/discard, no self-approval, roles, and claims (short leases) so
two reviewers never work the same item. Every decision and claim is an audit event written
through the audit store's single write path. Held text is hostile: pages show it inert
(`inert`), escaped, with invisible and look-alike characters marked.

Every name but the words a command checks first (`check_account`, `item_kind`, `AccountRole`, from
`_words`) is imported on first use (`memeval._lazy.lazy_names`): the queue's modules load
SQLAlchemy, sqlmodel and argon2 (2-4 s of wall on a busy machine), which `memeval users add NAME
--role bogus` or `memeval review list --kind bogus` must not pay to refuse its argument.
"""

from typing import TYPE_CHECKING

from memeval._lazy import lazy_names
from memeval.review._words import AccountRole, check_account, item_kind

if TYPE_CHECKING:  # the real names for type checkers; at run time `__getattr__` below
    from memeval.review._accounts import (
        Account,
        AccountAction,
        AccountChange,
        AccountLogEntry,
        account_for_token,
        account_log,
        add_api_token,
        add_user,
        authenticate,
        check_may_manage,
        get_account,
        list_users,
        set_account,
    )
    from memeval.review._app import SESSION_COOKIE, create_review_app
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
    from memeval.review._models import ErrorBody, ErrorOut, ItemDetailOut, ItemOut, QueueOut, detail_out, queue_out
    from memeval.review._passwords import light_cost_warning
    from memeval.review._queue import (
        ItemView,
        QueueFilter,
        QueueRow,
        QueueView,
        age_text,
        build_item,
        build_queue,
        item_ref,
        overdue_items,
        parse_ref,
        resolve,
    )
    from memeval.review._read import WAITING_STATE, get_item, item_events, waiting_items
    from memeval.review._settings import ReviewSettings, default_secret_file, load_secret_key
    from memeval.review._tables import ensure_review_schema

__all__ = [
    "ACTIONS",
    "Account",
    "AccountAction",
    "AccountChange",
    "AccountLogEntry",
    "AccountRole",
    "DecisionRequest",
    "DecisionResult",
    "ErrorBody",
    "ErrorOut",
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
    "default_secret_file",
    "detail_out",
    "ensure_review_schema",
    "get_account",
    "get_item",
    "inert",
    "item_events",
    "item_kind",
    "item_ref",
    "light_cost_warning",
    "list_users",
    "load_secret_key",
    "new_decision_id",
    "overdue_items",
    "parse_ref",
    "queue_out",
    "resolve",
    "set_account",
    "term_text",
    "waiting_items",
]

__getattr__, __dir__ = lazy_names(
    __name__,
    globals(),
    {
        "ACTIONS": "_decide",
        "Account": "_accounts",
        "AccountAction": "_accounts",
        "AccountChange": "_accounts",
        "AccountLogEntry": "_accounts",
        "DecisionRequest": "_decide",
        "DecisionResult": "_decide",
        "ErrorBody": "_models",
        "light_cost_warning": "_passwords",
        "ErrorOut": "_models",
        "InertText": "_inert",
        "ItemDetailOut": "_models",
        "ItemOut": "_models",
        "ItemView": "_queue",
        "Lease": "_leases",
        "NEEDS_REASON": "_decide",
        "QueueFilter": "_queue",
        "QueueOut": "_models",
        "QueueRow": "_queue",
        "QueueView": "_queue",
        "ReviewSettings": "_settings",
        "SESSION_COOKIE": "_app",
        "Segment": "_inert",
        "WAITING_STATE": "_read",
        "account_for_token": "_accounts",
        "account_log": "_accounts",
        "active_leases": "_leases",
        "add_api_token": "_accounts",
        "add_user": "_accounts",
        "age_text": "_queue",
        "authenticate": "_accounts",
        "build_item": "_queue",
        "build_queue": "_queue",
        "check_arguments": "_decide",
        "check_may_manage": "_accounts",
        "claim_item": "_leases",
        "comment_item": "_decide",
        "create_review_app": "_app",
        "decide_item": "_decide",
        "default_secret_file": "_settings",
        "detail_out": "_models",
        "ensure_review_schema": "_tables",
        "get_account": "_accounts",
        "get_item": "_read",
        "inert": "_inert",
        "item_events": "_read",
        "item_ref": "_queue",
        "list_users": "_accounts",
        "load_secret_key": "_settings",
        "new_decision_id": "_decide",
        "overdue_items": "_queue",
        "parse_ref": "_queue",
        "queue_out": "_models",
        "resolve": "_queue",
        "set_account": "_accounts",
        "term_text": "_inert",
        "waiting_items": "_read",
    },
)
