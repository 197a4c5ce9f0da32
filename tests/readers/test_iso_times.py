"""A record's times are written as `datetime.isoformat` writes them, `Z` for UTC, on both of `_iso`'s paths.

`memeval.results._fold._iso` writes a time in UTC with msgspec's encoder (a tenth of the cost) and
any other with `isoformat`: every time below must come out as `isoformat().replace("+00:00", "Z")`,
the form results were always written in.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta, timezone

import msgspec
import pytest
from pydantic import AwareDatetime, TypeAdapter

from memeval.results._fold import _iso


def _reference(at: datetime) -> str:
    return at.isoformat().replace("+00:00", "Z")


def _times(seed: int, count: int) -> list[datetime]:
    """UTC times over the whole calendar: whole seconds, one to six decimals, the edges of the range."""
    rng = random.Random(seed)
    out = [
        datetime(1, 1, 1, tzinfo=UTC),
        datetime(999, 12, 31, 23, 59, 59, 1, tzinfo=UTC),
        datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC),
        datetime(2026, 12, 3, 22, 45, 39, tzinfo=UTC),
        datetime(2026, 12, 3, 22, 45, 39, 500000, tzinfo=UTC),
        datetime(2026, 12, 3, 22, 45, 39, 10, tzinfo=UTC),
    ]
    for _ in range(count):
        micro = rng.choice([0, rng.randrange(1_000_000), rng.randrange(10) * 100_000, rng.randrange(100) * 10])
        out.append(
            datetime(
                rng.randint(1, 9999),
                rng.randint(1, 12),
                rng.randint(1, 28),
                rng.randrange(24),
                rng.randrange(60),
                rng.randrange(60),
                micro,
                tzinfo=UTC,
            )
        )
    return out


def test_utc_times_as_isoformat_writes_them() -> None:
    times = _times(17, 20_000)
    assert [_iso(t) for t in times] == [_reference(t) for t in times]


@pytest.mark.parametrize(
    "text",
    [
        "2026-12-03T22:45:39.055485Z",
        "2026-12-03T22:45:39Z",
        "2026-12-03T22:45:39.000001+00:00",
        "2026-12-03T22:45:39.5-00:00",
        "2026-12-03T22:45:39.055485+01:00",
        "2026-12-03T22:45:39-05:30",
    ],
)
def test_times_as_the_readers_read_them(text: str) -> None:
    """As msgspec reads a log's time (the views) and as pydantic does (`RunLog.read`): the same text."""
    by_msgspec = msgspec.json.decode(f'"{text}"'.encode(), type=datetime)
    by_pydantic = TypeAdapter(AwareDatetime).validate_python(text)
    assert _iso(by_msgspec) == _reference(by_msgspec)
    assert _iso(by_pydantic) == _reference(by_pydantic)
    assert _iso(by_msgspec) == _iso(by_pydantic)


def test_other_zones_keep_their_offset() -> None:
    at = datetime(2026, 12, 3, 22, 45, 39, 55485, tzinfo=timezone(timedelta(hours=5, minutes=30)))
    assert _iso(at) == "2026-12-03T22:45:39.055485+05:30"
