"""An ingest's refusal of a malformed event in plain words: each field named, with the fix.

`describe_validation` turns pydantic's `ValidationError` for one event into the reason a file
ingest lists against its line and the HTTP ingest answers with 422. Never the input value, and
never a sender's key that may be a secret.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from pydantic import ValidationError

from memeval.audit._events import EVENT_ADAPTER
from memeval.audit._payloads import ID_SHAPE, ROLE_SHAPE, TEAM_SHAPE
from memeval.audit._simple import TEAM_WORDS


@functools.cache
def _field_names() -> frozenset[str]:
    """Every field name of the event schema (its objects' property names; no type names or enum values)."""
    return _schema_walk()[0]


@functools.cache
def _schema_names() -> frozenset[str]:
    """Every property name and constant of the event schema (the names an error path may hold)."""
    fields, words = _schema_walk()
    return fields | words


@functools.cache
def _schema_walk() -> tuple[frozenset[str], frozenset[str]]:
    """(the event schema's property names, its constants and enum values: event types, kinds)."""
    fields: set[str] = set()
    words: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            props = node.get("properties")
            if isinstance(props, dict):
                fields.update(props)
            if isinstance(node.get("const"), str):  # an event type: the union's tag in a path
                words.add(node["const"])
            words.update(v for v in node.get("enum", ()) if isinstance(v, str))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(EVENT_ADAPTER.json_schema())
    return frozenset(fields), frozenset(words)


_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")
"""The shape of a sender's key that may be echoed in an error (a name, not an address or a number)."""


def _shown_key(part: str | int) -> str:
    """One step of an error's field path as it may be shown.

    A schema name or an index as written; a sender's own key only when it is a plain name
    (`_PLAIN_KEY`) and the redactor finds nothing in it, so a secret or personal datum used as a
    key is never echoed to the sender, the terminal or a log.
    """
    if isinstance(part, int) or part in _schema_names():
        return str(part)
    from memeval.redact import get_redactor  # only on this error path: presidio is heavy

    if _PLAIN_KEY.fullmatch(part) and not get_redactor().detect(part):
        return part
    return f"<a key of {len(part)} characters, not shown>"


_PLAIN_TYPE = re.compile(r"[A-Za-z]{1,20}(?:[._][A-Za-z]{1,20}){0,3}")
"""The shape of an unknown `type` that may be echoed in an error: words of letters joined by `.` or `_`
(no digit, no `-`: nothing a key, an address or a number fits)."""


def _type_reason(err: Any) -> str | None:
    """The reason for a missing or unknown `type`, in the schema's words; None for any other error.

    pydantic says "Unable to extract tag using discriminator" and lists every type, the store's and
    the review queue's included, with the value sent. Here: the types a sender may send
    (`INGEST_TYPES`, in the schema's order), the closest one when the value is near one, and the
    value itself only when it has a type's shape (`_PLAIN_TYPE`), so a key sent as `type` is never echoed.
    """
    from difflib import get_close_matches
    from typing import get_args

    from memeval.audit._authority import INGEST_TYPES
    from memeval.audit._events import EventType

    sendable = [t for t in get_args(EventType) if t in INGEST_TYPES]
    listed = f"a sender sends one of {', '.join(sendable)} (audit/SCHEMA.md)"
    if err["type"] == "union_tag_not_found":
        return f"type: missing: {listed}"
    if err["type"] != "union_tag_invalid":
        return None
    tag = str(err.get("ctx", {}).get("tag", ""))
    if not _PLAIN_TYPE.fullmatch(tag):
        return f"type: not an event type (the value is not shown): {listed}"
    close = get_close_matches(tag.casefold(), sendable, n=1, cutoff=0.75)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"type: {tag!r} is not an event type{hint}: {listed}"


def _refused_type(errors: list[Any]) -> str | None:
    """Why the event's type may not be sent at all, when its payload failed as that type; else None.

    A decision (`lesson.approved`), a store-only or a report type sent with a payload that does not
    fit it was answered with that type's field errors ("decision_id: Field required"), and once the
    fields were fixed the event was refused anyway: the refusal comes first now.
    """
    from memeval.audit._authority import INGEST_TYPES, ORIGIN_TYPES, STORE_TYPES, refused_type_message

    known = set().union(*ORIGIN_TYPES.values(), STORE_TYPES)
    for err in errors:
        tag = err["loc"][0] if err["loc"] else None
        if isinstance(tag, str) and tag in known and tag not in INGEST_TYPES:
            return refused_type_message(tag, "ingest")
    return None


SHOWN_PROBLEMS = 3
"""At most this many problems of one line are said besides its missing fields (then `and N more`)."""

_SCHEMA_DOC = "audit/SCHEMA.md lists each type's fields"


def describe_validation(exc: ValidationError) -> str:
    """A short reason from a pydantic error, in plain words that name each field and the fix.

    Every missing field is named in one phrase (`session.started is missing team and
    sender_event_id: add them (...)`), a field the type does not take is named with the fix and the
    closest field the schema has (`payload.slice_idd is not a field session.started takes: remove it
    or fix its spelling (did you mean slice_id?)`), any other problem as its field and what to write
    (`_worded`), at most `SHOWN_PROBLEMS` of those and then how many more. pydantic's own words
    ("Field required", "Extra inputs are not permitted") named no fix.

    Never the input value, and never a key that may be a secret (`_shown_key`); a missing or
    unknown `type` is said in the schema's words (`_type_reason`).
    """
    errors = exc.errors()
    refused = _refused_type(errors)
    if refused is not None:
        return refused
    missing: dict[str, list[str]] = {}
    parts = []
    others = 0
    for err in errors:
        about_type = _type_reason(err)
        if about_type is not None:
            parts.append(about_type)
            continue
        shown = [_shown_key(x) for x in err["loc"] if not str(x).startswith("function-after")]
        tag, field = _split_tag(shown)
        if err["type"] == "missing":
            missing.setdefault(tag, []).append(field)
            continue
        others += 1
        if others > SHOWN_PROBLEMS:
            continue
        if err["type"] == "extra_forbidden":
            parts.append(_unknown_field(tag, field, str(err["loc"][-1])))
        else:
            parts.append(f"{'.'.join(shown) or 'event'}: {_worded(err)}")
    said = [_missing_fields(tag, fields) for tag, fields in missing.items()]
    if others > SHOWN_PROBLEMS:
        parts.append(f"and {others - SHOWN_PROBLEMS} more problem(s) like these")
    text = "; ".join(said + parts)
    named_fields = missing or any(e["type"] == "extra_forbidden" for e in errors)
    return f"{text} ({_SCHEMA_DOC})" if named_fields else text


def _split_tag(shown: list[str]) -> tuple[str, str]:
    """An error's shown path as (the event's type, or `the event` before one is known; the field's dotted path)."""
    if shown and shown[0] in _event_types():
        return shown[0], ".".join(shown[1:]) or "the event"
    return "the event", ".".join(shown) or "the event"


@functools.cache
def _event_types() -> frozenset[str]:
    """Every event type's name (the union's tag, the first step of an error's path)."""
    from typing import get_args

    from memeval.audit._events import EventType

    return frozenset(get_args(EventType))


def _missing_fields(tag: str, fields: list[str]) -> str:
    """`<type> is missing a, b and c: add them (...)`: every missing field of one event in one phrase."""
    named = fields[0] if len(fields) == 1 else f"{', '.join(fields[:-1])} and {fields[-1]}"
    them = "it" if len(fields) == 1 else "them"
    return f"{tag} is missing {named}: add {them}"


def _unknown_field(tag: str, field: str, key: str) -> str:
    """`<field> is not a field <type> takes: remove it ...`, with the closest schema name when one is near."""
    from difflib import get_close_matches

    near = get_close_matches(key, sorted(_field_names()), n=1, cutoff=0.8) if _PLAIN_KEY.fullmatch(key) else []
    hint = f" (did you mean {near[0]}?)" if near and near[0] != key else ""
    where = tag if tag != "the event" else "an event"
    return f"{field} is not a field {where} takes: remove it or fix its spelling{hint}"


_SHAPE_WORDS = {
    ID_SHAPE: "not an id: use 1-128 ASCII letters, digits and _ . : / -, starting with a letter or digit, "
    "no spaces (e.g. ses_042)",
    TEAM_SHAPE: TEAM_WORDS,
    ROLE_SHAPE: "not a role: use a lower-case label of 1-40 ASCII letters, digits, _ or -, starting with a "
    "letter (e.g. support-agent)",
}
"""What each field shape of a sendable event asks for, in words (pydantic shows the regex)."""

_WHEN = "write it in ISO 8601 with its zone, e.g. 2026-11-24T09:05:00Z (or +01:00 for an offset)"


def _worded(err: Any) -> str:
    """Pydantic's message for one error, with a field shape or a time said as what to write instead.

    A value that does not fit an id, team or role shape read "String should match pattern
    '^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,127}$'", and a time without a zone "Input should have timezone
    info": now the shape in words with an example, and how to write the time. The value itself is
    still never shown (it may be a secret).
    """
    kind = err["type"]
    if kind == "string_pattern_mismatch":
        return f"{_SHAPE_WORDS.get(str(err.get('ctx', {}).get('pattern')), err['msg'])} (the value is not shown)"
    if kind == "timezone_aware":
        return f"a time with no time zone: {_WHEN}"
    if kind.startswith(("datetime_", "date_")):
        return f"not a date and time: {_WHEN}"
    return str(err["msg"])
