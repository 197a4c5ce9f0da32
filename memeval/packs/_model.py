"""The pack file format: a versioned set of memory items with stable `pk_` ids.

A pack is one JSON document (`schema: "memeval.pack/1"`)::

    {"schema": "memeval.pack/1", "name": "fernhill", "version": "2026.11.1",
     "items": [{"id": "pk_01...", "kind": "lesson", "text": "...",
                "provenance": {"source": "session", "session_id": "s_42",
                               "recorded_at": "2026-11-03T10:00:00Z"}}]}

Its content hash is the SHA-256 of the canonical JSON (sorted keys, no spaces) of the document,
so the same items give the same hash whatever the file's formatting.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any, Final, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationError,
    field_validator,
    model_serializer,
)

from memeval._files import write_atomic
from memeval.errors import PackError
from memeval.types import ItemKind

PACK_SCHEMA: Final = "memeval.pack/1"
ITEM_ID_PATTERN = r"^pk_[0-9A-Za-z_]{4,64}$"


class Provenance(BaseModel):
    """Where a memory item came from."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    source: str
    """What produced it: `session` (an agent wrote it), `audit` (approved in the review queue), `person`."""
    session_id: str | None = None
    """The session that wrote or proposed it, when known."""
    recorded_at: datetime | None = None
    """When it was recorded (UTC)."""
    approved_by: str | None = None
    """The person who approved or released it, for items built from the audit log."""
    audit_seq: int | None = None
    """The audit-log sequence number of the approving event, for items built from the audit log."""


class PackItem(BaseModel):
    """One memory item: a fact, a lesson or a decision."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=ITEM_ID_PATTERN)
    """Stable id, `pk_` then 4-64 letters, digits or underscores."""
    kind: ItemKind
    text: str = Field(min_length=1)
    provenance: Provenance
    also: tuple[Provenance, ...] = ()
    """Provenance of every other source that wrote the same text, when duplicates were merged
    (oldest first). Left out of the JSON when empty, so packs without merges keep their hash."""

    @model_serializer(mode="wrap")
    def _drop_empty_also(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if not self.also and isinstance(data, dict):
            data.pop("also", None)
        return data


class Pack(BaseModel):
    """A versioned set of memory items."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    schema_: Literal["memeval.pack/1"] = Field(default=PACK_SCHEMA, alias="schema")
    name: str = Field(min_length=1)
    version: str = Field(min_length=1)
    items: tuple[PackItem, ...]

    @field_validator("items")
    @classmethod
    def _unique_ids(cls, items: tuple[PackItem, ...]) -> tuple[PackItem, ...]:
        dupes = sorted(k for k, n in Counter(i.id for i in items).items() if n > 1)
        if dupes:
            raise ValueError(f"duplicate item ids {dupes}: every item needs its own id")
        return items

    def to_json(self) -> str:
        """The canonical JSON text of the pack (sorted keys, compact), as hashed."""
        return json.dumps(self.model_dump(mode="json", by_alias=True), sort_keys=True, separators=(",", ":"))

    @property
    def content_hash(self) -> str:
        """`sha256:` + hex digest of `to_json()`."""
        return "sha256:" + hashlib.sha256(self.to_json().encode()).hexdigest()

    def item(self, item_id: str) -> PackItem:
        """The item with id `item_id`.

        Raises:
            PackError: no item has that id.
        """
        for it in self.items:
            if it.id == item_id:
                return it
        raise PackError(f"pack {self.name!r} has no item {item_id!r}")


def load_pack(path: Path) -> Pack:
    """Read and validate a pack file.

    Args:
        path: a `memeval.pack/1` JSON file.

    Returns:
        The validated `Pack`.

    Raises:
        PackError: the file is missing, not JSON, or fails validation; the message names the file
            and the first problem.
    """
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        where = f" (looked for {str(path.absolute())!r})" if not path.is_absolute() else ""
        raise PackError(
            f"pack file {str(path)!r} does not exist{where}: check the path (a `memeval.pack/1` JSON file), "
            "or build one from the audit log with `memeval pack build`"
        ) from exc
    except IsADirectoryError as exc:
        raise PackError(f"pack file {str(path)!r} is a folder: give the pack's JSON file inside it") from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise PackError(f"pack file {str(path)!r} is not valid JSON ({exc}): {PACK_FIX}") from exc
    except RecursionError as exc:  # json.loads reads arrays and objects by recursion: `[` a few thousand times
        raise PackError(
            f"pack file {str(path)!r} is not valid JSON (it nests deeper than memeval's JSON reader follows, "
            f"about a thousand levels): {PACK_FIX}"
        ) from exc
    try:
        return Pack.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise PackError(
            f"pack file {str(path)!r} is invalid at {where or 'top level'} ({first['msg']}): {PACK_FIX}"
        ) from exc


PACK_FIX = (
    'give a memeval.pack/1 file ({"schema": "memeval.pack/1", "name": ..., "version": ..., "items": [...]}, '
    "as samples/fernhill/pack.json), or build one from the audit log with `memeval pack build`"
)
"""The fix every refused pack file's message ends with."""


def write_pack(pack: Pack, path: Path) -> None:
    """Write `pack` to `path` as indented JSON, whole or not at all (`memeval._files.write_atomic`, durable).

    Raises:
        OSError: `path` cannot be written (its folder is missing, it is a folder...); `path` is
            unchanged and no temporary file is left behind, also on Ctrl-C.
    """
    text = json.dumps(pack.model_dump(mode="json", by_alias=True), indent=2, sort_keys=False) + "\n"
    write_atomic(path, text, durable=True)
