"""An event whose payload has no free text is stored as sent by `Sanitizer.sanitize` (ingest53's short path)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NoReturn


class _Refuses:
    """A redactor and hold detector that fail the test if they are asked anything."""

    def __getattr__(self, name: str) -> NoReturn:
        raise AssertionError(f"{name} was called for an event without free text")


def test_events_without_free_text_come_back_as_sent_and_every_other_event_is_still_redacted() -> None:
    """Each sample-week event of a payload with no `FREE_TEXT` comes back as the one-item list of the very
    draft, asking neither the redactor nor the hold detector anything; events with free text still go
    to the redactor (the short path does not swallow them)."""
    from memeval.audit._events import EVENT_ADAPTER
    from memeval.audit._sanitize import Sanitizer

    week = Path(__file__).resolve().parents[2] / "samples" / "fernhill" / "audit" / "week.jsonl"
    drafts = [EVENT_ADAPTER.validate_python(json.loads(line)) for line in week.read_text().splitlines()]
    refuses: Any = _Refuses()
    sanitizer = Sanitizer(refuses, refuses, b"k" * 32)
    plain = [d for d in drafts if not type(d.payload).FREE_TEXT]
    texts = [d for d in drafts if any(getattr(d.payload, n) for n in type(d.payload).FREE_TEXT)]
    assert len(plain) >= 50 and len(texts) >= 50, (len(plain), len(texts))
    for d in plain:
        out = sanitizer.sanitize(d, "sample")
        assert len(out) == 1 and out[0] is d, d.type
    for d in texts[:5]:
        try:
            sanitizer.sanitize(d, "sample")
        except AssertionError as exc:
            assert "redact was called" in str(exc), exc
        else:
            raise AssertionError(f"{d.type}: its free text did not reach the redactor")
