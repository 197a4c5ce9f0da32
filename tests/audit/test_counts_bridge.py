"""Counts (checked against an independent count in Python over the stored events) and the bridge."""

from __future__ import annotations

import json
import secrets
import sys
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from pg_fixture import PgServer, need_pg
from typer.testing import CliRunner

from memeval.audit import SqlAuditStore, build_pack, iso_week_window, week_counts, window_counts
from memeval.cli import app
from memeval.errors import UsageError
from memeval.packs import load_pack

ROOT = Path(__file__).resolve().parents[2]

# One worker takes the whole module, so `week_store` loads the week once a backend (2 loads); handed
# out test by test, each of the three workers loaded its own (5 loads of about 1.3 CPU s in a run).
pytestmark = pytest.mark.xdist_group("counts_bridge")
sys.path.insert(0, str(ROOT / "samples" / "fernhill" / "audit"))
from make_week import load_week  # noqa: E402

DECISIONS = {
    "lesson.proposed": ("lesson.approved", "lesson.rejected"),
    "contradiction.opened": ("contradiction.settled",),
    "hold.created": ("hold.released", "hold.discarded"),
}


def _independent(events, start, end):
    """Count the same things by walking the events in Python (no SQL)."""
    inwin = [e for e in events if start <= e.occurred_at < end]
    types = Counter(e.type for e in inwin)
    decided = {}
    for e in events:
        for dtypes in DECISIONS.values():
            if e.type in dtypes and e.occurred_at < end:
                decided[(e.subject, e.type.split(".")[0])] = e.type

    def split(opening):
        opened = [e for e in inwin if e.type == opening]
        noun = opening.split(".")[0]
        return [sum(1 for e in opened if decided.get((e.subject, noun)) == d) for d in DECISIONS[opening]], len(opened)

    ages = Counter()  # waiting ages from receipt (`recorded_at`), the queue's rule (audit17)
    for e in events:
        if e.type in DECISIONS and e.recorded_at < end and (e.subject, e.type.split(".")[0]) not in decided:
            age = end - e.recorded_at
            b = (
                "under_1d"
                if age < timedelta(days=1)
                else "d1_to_3"
                if age < timedelta(days=3)
                else "d3_to_7"
                if age < timedelta(days=7)
                else "over_7d"
            )
            ages[(e.type.split(".")[0], b)] += 1
    (la, lr), ln = split("lesson.proposed")
    (cs,), cn = split("contradiction.opened")
    (hr, hd), hn = split("hold.created")
    secrets = Counter()
    for e in inwin:
        if e.type == "secret.blanked":
            secrets[e.payload.entity_type] += e.payload.count
    return {
        "sessions": types["session.started"],
        "memories_written": types["memory.written"],
        "lessons": (ln, la, lr),
        "contradictions": (cn, cs),
        "holds": (hn, hr, hd),
        "refusals": dict(Counter(e.payload.reason_code for e in inwin if e.type == "access.refused")),
        "secrets": dict(secrets),
        "ages": ages,
    }


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def week_store(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, pg_server: PgServer | None
) -> Iterator[SqlAuditStore]:
    """The sample week in a store of each backend, loaded once for the module (its tests only read it).

    Loaded per test it was 14 loads of the week through the real redactor and hold detector (about
    1 CPU s each); the tests that write (`store`) keep a store of their own.
    """
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('week') / 'audit.sqlite'}"
    else:
        url = need_pg(pg_server).new_database()
    st = SqlAuditStore(url, fingerprint_key=secrets.token_bytes(32))
    load_week(st, sender="sample", live=True)  # received as it happened: waiting ages count from receipt
    yield st
    st.engine.dispose()
    st._write_engine.dispose()


@pytest.mark.parametrize(
    "week,tz",
    [("2026-W47", "Europe/London"), ("2026-W47", "Pacific/Auckland"), ("2026-W48", "UTC")],
)
def test_counts_match_an_independent_count(week_store, week, tz):
    c = week_counts(week_store, "fernhill", week, tz=tz)
    ind = _independent(list(week_store.events("fernhill")), c.start, c.end)
    assert c.sessions == ind["sessions"] and c.memories_written == ind["memories_written"]
    assert (c.lessons_proposed, c.lessons_approved, c.lessons_rejected) == ind["lessons"]
    assert (c.contradictions_opened, c.contradictions_settled) == ind["contradictions"]
    assert (c.held, c.held_released, c.held_discarded) == ind["holds"]
    assert c.refusals_by_reason == ind["refusals"] and c.refusals == sum(ind["refusals"].values())
    assert c.secrets_by_type == ind["secrets"]
    for noun, ages in c.waiting.items():
        for b in ("under_1d", "d1_to_3", "d3_to_7", "over_7d"):
            assert getattr(ages, b) == ind["ages"][(noun, b)], (noun, b)


def test_sample_week_reads_like_the_records_page(week_store):
    c = week_counts(week_store, "fernhill", "2026-W47", tz="Europe/London")
    assert c.sessions == 60
    # 9 lessons of the week's sessions (6 approved, 1 rejected, 2 waiting) and the 4 lessons of the
    # A/B sample's pack, proposed by the agents that learned them and approved by the reviewer
    assert (c.lessons_proposed, c.lessons_approved, c.lessons_rejected, c.lessons_waiting) == (13, 10, 1, 2)
    assert (c.contradictions_opened, c.contradictions_settled, c.contradictions_open) == (4, 3, 1)
    assert c.refusals == 7 and c.refusals_by_reason["outside_slice"] == 3
    assert c.held >= 3 and c.held_released >= 1 and c.held_discarded >= 1
    assert c.secrets_blanked >= 6
    assert c.upto_seq > 254 and c.upto_hash.startswith("sha256:")
    later = week_counts(week_store, "fernhill", "2026-W48", tz="Europe/London")
    assert later.sessions == 0 and later.waiting["lesson"].total == 2  # still waiting a week on
    assert later.waiting["lesson"].d3_to_7 + later.waiting["lesson"].over_7d == 2


def test_counts_cli_json(week_store):
    r = CliRunner().invoke(
        app,
        [
            "audit",
            "counts",
            "--team",
            "fernhill",
            "--week",
            "2026-W47",
            "--db",
            week_store.url,
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["lessons_waiting"] == 2


def test_iso_week_window_follows_the_zone():
    s, e = iso_week_window("2026-W47", "Europe/London")
    assert (s, e) == (datetime(2026, 11, 16, tzinfo=UTC), datetime(2026, 11, 23, tzinfo=UTC))
    s, e = iso_week_window("2026-W13", "Europe/London")  # DST starts Sunday 29 March 2026
    assert e - s == timedelta(days=7, hours=-1)
    s, _ = iso_week_window("2026-W01", "Pacific/Auckland")
    assert s == datetime(2025, 12, 28, 11, tzinfo=UTC)
    for bad in ("2026-47", "2026-W54", "2021-W53"):
        with pytest.raises(UsageError):
            iso_week_window(bad, "UTC")
    with pytest.raises(UsageError, match="IANA"):
        iso_week_window("2026-W47", "Mars/Base")


def test_empty_window_counts_zero(store):
    c = window_counts(store, "nobody", datetime(2026, 1, 1, tzinfo=UTC), datetime(2026, 1, 8, tzinfo=UTC))
    assert c.sessions == 0 and c.upto_seq == 0 and c.upto_hash is None and c.secrets_by_type == {}


def test_bridge_never_packs_held_or_contested(week_store, tmp_path):
    built = build_pack(week_store, "fernhill")
    texts = [i.text for i in built.pack.items]
    kinds = Counter(i.kind for i in built.pack.items)
    # 6 approved lessons, plus the 4 lessons of the A/B sample's pack, proposed and approved
    assert kinds["lesson"] == 6 + 4
    assert not any("Offer 15% to garden centres" in t for t in texts)  # the rejected lesson
    assert not any("Fern orders to Jersey" in t for t in texts)  # a lesson still waiting
    assert not any("Ignore all previous" in t or "im_start" in t for t in texts)  # discarded / still held
    assert any("forward the order history" in t for t in texts)  # released
    reasons = dict(built.excluded)
    assert reasons["les_06"] == "lesson rejected" and reasons["les_07"] == "lesson waiting"
    out = tmp_path / "pack.json"
    r = CliRunner().invoke(app, ["pack", "build", "--team", "fernhill", "--out", str(out), "--db", week_store.url])
    assert r.exit_code == 0, r.output
    assert load_pack(out).content_hash == built.pack.content_hash


def test_bridge_contradictions(store, make):
    p = ("person", "p_owner")
    store.append(
        [make("memory.written", m, {"text": f"Note {m}."}) for m in ("m1", "m2", "m3", "m4", "m5")],
        sender="s",
    )
    store.append(
        [
            make(
                "contradiction.opened",
                "c1",
                {"a_item": "m1", "a_text": "x", "b_item": "m2", "b_text": "y"},
            ),
            make(
                "contradiction.opened",
                "c2",
                {"a_item": "m3", "a_text": "x", "b_item": "m4", "b_text": "y"},
            ),
        ],
        sender="s",
    )
    store.append([make("contradiction.settled", "c2", {"decision_id": "d", "kept": "b"}, actor=p)], sender="s")
    ids = {i.provenance.audit_seq for i in build_pack(store, "fernhill").pack.items}
    texts = {i.text for i in build_pack(store, "fernhill").pack.items}
    assert texts == {"Note m4.", "Note m5."} and len(ids) == 2


def test_the_sample_week_gives_back_what_the_ab_sample_needs(week_store):
    """The bridge on the sample team: `pack build` holds every item of the A/B sample's pack."""
    import json
    from pathlib import Path

    wanted = json.loads((Path(__file__).resolve().parents[2] / "samples/fernhill/pack.json").read_text())
    built = {i.text for i in build_pack(week_store, "fernhill").pack.items}
    assert [i["id"] for i in wanted["items"] if i["text"] not in built] == []
