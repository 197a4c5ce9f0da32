"""What every request handler of the review app shares, and the page frame of every template."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

import jinja2
from starlette.requests import Request

from memeval.audit import SqlAuditStore
from memeval.clock import utc_now
from memeval.review._accounts import Account, LoginThrottle
from memeval.review._settings import ReviewSettings

REFUSAL_STATUS: dict[str, int] = {
    "not_found": 404,
    "wrong_state": 409,
    "claimed": 409,
    "missing_reason": 422,
    "bad_choice": 422,
    "self_approval": 403,
    "wrong_role": 403,
}
"""HTTP status of each `ReviewRefused.code`."""


@dataclass(frozen=True)
class ReviewApp:
    """The shared parts of one review app.

    Attributes:
        store: the audit store (decisions go through its single write path).
        settings: the review settings.
        throttle: failed-login counter.
        env: the Jinja environment over `templates/review` (autoescape, StrictUndefined).
        clock: returns the current UTC time.
    """

    store: SqlAuditStore
    settings: ReviewSettings
    throttle: LoginThrottle
    env: jinja2.Environment
    clock: Callable[[], datetime] = utc_now


def review_app(request: Request) -> ReviewApp:
    """The `ReviewApp` of the application serving `request`."""
    app: ReviewApp = request.app.state.review
    return app


@dataclass(frozen=True)
class Page:
    """The frame every page template gets as `page`.

    Attributes:
        title: the page title.
        account: the logged-in account, or None.
        csrf_token: the session's CSRF token, for the hidden field of every form.
        flash: a one-shot message from the previous request.
        error: why the request was refused, if it was.
    """

    title: str
    account: Account | None
    csrf_token: str
    flash: str | None = None
    error: str | None = None
