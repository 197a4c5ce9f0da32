"""The queue page (order, counts, filters, overdue), hostile text, the JSON API and the CLI."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter

import httpx
import pytest
from line_reader import Lines
from live_server import announced_url, listening
from patience import patient
from review_helpers import HOSTILE, PASSWORD, csrf_of, decisions, item_path, login
from review_helpers import run_cli as _cli

from memeval.review import add_api_token, inert

# --- queue page ------------------------------------------------------------------------------


def _refs(html: str) -> list[str]:
    return re.findall(r'data-ref="([^"]+)"', html)


def test_queue_oldest_first_with_counts(seeded, server):
    c = login(server, "vic")
    html = c.get("/").text
    assert _refs(html) == [
        seeded.other_team_lesson,
        seeded.lesson,
        seeded.own_lesson,
        seeded.contradiction,
        seeded.hold,
        seeded.fresh_lesson,
    ]
    counts = dict(re.findall(r'id="count-(\w+)">(\d+)<', html))
    assert counts == {"all": "6", "lesson": "4", "contradiction": "1", "hold": "1"}


def test_queue_filters_by_kind_team_and_age(seeded, server):
    c = login(server, "vic")
    assert _refs(c.get("/?kind=hold").text) == [seeded.hold]
    assert _refs(c.get("/?team=rowan").text) == [seeded.other_team_lesson]
    # 2 days or older: the 1-hour lesson and the 1-day hold drop out
    html = c.get("/?min_age_h=48").text
    assert seeded.fresh_lesson not in _refs(html) and seeded.hold not in _refs(html)
    assert dict(re.findall(r'id="count-(\w+)">(\d+)<', html))["hold"] == "0"
    assert c.get("/?kind=nonsense").status_code == 422
    assert c.get("/?min_age_h=abc").status_code == 422


def test_overdue_items_are_marked(seeded, serve):
    base = serve(overdue_after_h=30)
    html = login(base, "vic").get("/").text
    rows = re.findall(r'<tr class="\w+( overdue)?" data-ref="([^"]+)"', html)
    overdue = {ref for mark, ref in rows if mark}
    # waiting 5, 4, 3 and 2 days are over 30 h; 1 day and 1 hour are not
    assert len(rows) == 6
    assert overdue == {seeded.other_team_lesson, seeded.lesson, seeded.own_lesson, seeded.contradiction}
    assert "4 waiting over 30 h" in html and html.count('class="badge overdue"') == 4


def test_hostile_text_is_inert_and_marked(seeded, server):
    c = login(server, "alice")
    for path in ("/", item_path(seeded.hold)):
        r = c.get(path)
        body = r.text
        assert "<script>window.__pwned" not in body and "<img src=x" not in body
        assert 'href="javascript:' not in body and 'onerror="window' not in body
        assert "&lt;script&gt;window.__pwned" in body
        assert "default-src 'none'" in r.headers["content-security-policy"]
        assert r.headers["x-content-type-options"] == "nosniff"
    page = c.get(item_path(seeded.hold)).text
    assert "\u200b" not in page and "U+200B ZERO WIDTH SPACE" in page
    assert "U+0430 CYRILLIC SMALL LETTER A" in page
    assert "contains HTML markup" in page and "contains a script URL" in page


def test_inert_marks_what_cannot_be_seen():
    t = inert("a\u202eb\x1b[31mc\U000e0041 \uff53ys \u0440ay")
    kinds = [s.mark for s in t.segments if s.mark]
    assert kinds == ["invisible", "control", "invisible", "lookalike", "homoglyph"]
    assert "".join(s.text for s in t.segments) == "a\u202eb\x1b[31mc\U000e0041 \uff53ys \u0440ay"
    plain = t.as_plain()
    assert "\x1b" not in plain and "\u202e" not in plain and "TAG 'A'" in plain
    assert inert("Run the backup at 02:00, then check the log.").segments[0].mark is None
    assert not inert("Je m'appelle Zoë, café crème").marks  # accented Latin is not a homoglyph


# --- JSON API --------------------------------------------------------------------------------


def _api(base: str, token: str | None) -> httpx.Client:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.Client(base_url=base, headers=headers, timeout=patient(30))  # 30 s timed out at load 23


def test_api_queue_item_and_decisions(store, seeded, server):
    token = add_api_token(store, "alice")
    api = _api(server, token)
    q = api.get("/api/v1/review/queue", params={"team": "fernhill"}).json()
    assert (q["schema"], q["schema_version"]) == ("memeval.review-queue/1", 1)  # as `review list --json`
    assert list(q)[:2] == ["schema", "schema_version"]
    assert q["counts"] == {"lesson": 3, "contradiction": 1, "hold": 1}
    held = next(i for i in q["items"] if i["item_type"] == "hold")
    assert held["text"] == HOSTILE.replace("\u200b", "\u200b")  # stored redacted text, unchanged by the API
    assert held["ref"] == seeded.hold and held["opened_by"] == "agent:support-bot"
    detail = api.get("/api/v1/review/items/" + seeded.contradiction).json()
    assert (detail["schema"], detail["schema_version"]) == ("memeval.review-item/1", 1)  # as `review show --json`
    assert [s["text"] for s in detail["sides"]] == ["The shop opens at 9.", "The shop opens at 10."]
    r = api.post(
        "/api/v1/review/decisions",
        json={
            "ref": seeded.contradiction,
            "action": "settle",
            "kept": "both",
            "reason": "Weekday vs weekend hours.",
            "decision_id": "dec_api_settle1",
        },
    )
    assert r.status_code == 200 and r.json()["status"] == "settled" and not r.json()["repeated"]
    again = api.post(
        "/api/v1/review/decisions",
        json={
            "ref": seeded.contradiction,
            "action": "settle",
            "kept": "both",
            "reason": "Weekday vs weekend hours.",
            "decision_id": "dec_api_settle1",
        },
    )
    assert again.status_code == 200 and again.json()["repeated"]
    evs = decisions(store, "fernhill", "con_hours")
    assert len(evs) == 1 and evs[0].sender == "review-api" and evs[0].actor.id == "alice"
    # refusals carry the rule's code and status
    r = api.post(
        "/api/v1/review/decisions", json={"ref": seeded.contradiction, "action": "settle", "kept": "a", "reason": "x"}
    )
    assert (r.status_code, r.json()["error"]["code"]) == (409, "wrong_state")
    r = api.post("/api/v1/review/decisions", json={"ref": seeded.lesson, "action": "reject"})
    assert (r.status_code, r.json()["error"]["code"]) == (422, "missing_reason")
    r = api.post("/api/v1/review/bulk", json={"refs": [seeded.lesson, seeded.hold], "action": "approve"})
    assert [(x["ok"], x["code"]) for x in r.json()["results"]] == [(True, None), (False, "bad_choice")]


def test_api_self_approval_role_and_tokens(store, seeded, server):
    carol, vic = _api(server, add_api_token(store, "carol")), _api(server, add_api_token(store, "vic"))
    r = carol.post("/api/v1/review/decisions", json={"ref": seeded.own_lesson, "action": "approve"})
    assert (r.status_code, r.json()["error"]["code"]) == (403, "self_approval")
    r = vic.post("/api/v1/review/decisions", json={"ref": seeded.lesson, "action": "approve"})
    assert (r.status_code, r.json()["error"]["code"]) == (403, "wrong_role")
    assert vic.get("/api/v1/review/queue").status_code == 200
    assert _api(server, None).get("/api/v1/review/queue").status_code == 401
    assert _api(server, "mrv_not-a-token").get("/api/v1/review/queue").status_code == 401
    # a logged-in browser session is no API credential (so the API needs no CSRF token)
    browser = login(server, "alice")
    assert browser.post("/api/v1/review/decisions", json={"ref": seeded.lesson, "action": "approve"}).status_code == 401
    assert decisions(store, "fernhill", "les_courier") == []


def test_api_claims(store, seeded, server):
    alice, bob = _api(server, add_api_token(store, "alice")), _api(server, add_api_token(store, "bob"))
    assert alice.post("/api/v1/review/claims", json={"ref": seeded.hold}).json()["holder"] == "alice"
    r = bob.post("/api/v1/review/decisions", json={"ref": seeded.hold, "action": "discard", "reason": "x"})
    assert (r.status_code, r.json()["error"]["code"]) == (409, "claimed")
    assert alice.post("/api/v1/review/claims", json={"ref": seeded.hold, "op": "drop"}).json()["holder"] is None
    assert (
        bob.post("/api/v1/review/decisions", json={"ref": seeded.hold, "action": "discard", "reason": "x"}).status_code
        == 200
    )


def test_no_secret_in_pages_or_logs(store, seeded, server, capfd):
    token = add_api_token(store, "alice")
    c = login(server, "alice")
    pages = c.get("/").text + c.get(item_path(seeded.hold)).text
    _api(server, token).get("/api/v1/review/queue")
    out, err = capfd.readouterr()
    for secret in (token, "correct horse battery staple"):
        assert secret not in pages and secret not in out and secret not in err
    assert "argon2" not in pages


# --- command line ----------------------------------------------------------------------------


def test_cli_list_show_and_decide(store, db_url, seeded):
    r = _cli(db_url, "review", "list", "--json")
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["schema"] == "memeval.review-queue/1" and doc["schema_version"] == 1
    items = doc["items"]
    assert [i["ref"] for i in items][0] == seeded.other_team_lesson and len(items) == 6
    kinds = Counter(i["item_type"] for i in items)
    words = _cli(db_url, "review", "list").stdout.splitlines()[0]
    for kind, n in kinds.items():  # "1 contradiction", "2 lessons": no "1 contradictions"
        if kind in ("lesson", "contradiction"):
            assert f" {n} {kind}{'' if n == 1 else 's'}," in words + ",", words
    shown = json.loads(_cli(db_url, "review", "show", seeded.hold, "--json").stdout)
    assert list(shown)[:3] == ["schema", "schema_version", "item"] and shown["schema"] == "memeval.review-item/1"
    show = _cli(db_url, "review", "show", seeded.hold)
    assert show.exit_code == 0 and "[U+200B ZERO WIDTH SPACE]" in show.stdout and "\u200b" not in show.stdout
    pw = PASSWORD + "\n"
    r = _cli(db_url, "review", "reject", seeded.lesson, "--as", "alice", "--password-stdin", stdin=pw)
    assert r.exit_code == 2 and "needs a reason" in r.stderr
    r = _cli(db_url, "review", "approve", "les_carol", "--as", "carol", "--password-stdin", stdin=pw)
    assert r.exit_code == 2 and "cannot approve" in r.stderr
    r = _cli(db_url, "review", "approve", "les_courier", "--as", "vic", "--password-stdin", stdin=pw)
    assert r.exit_code == 2 and "viewer" in r.stderr
    r = _cli(
        db_url, "review", "settle", seeded.contradiction, "--as", "alice", "--keep", "a", "--reason", "Sign says 9.",
        "--password-stdin", stdin=pw,
    )  # fmt: skip
    assert r.exit_code == 0, r.stderr
    r = _cli(db_url, "review", "settle", seeded.contradiction, "--as", "bob", "--keep", "b", "--reason", "No.",
             "--password-stdin", stdin=pw)  # fmt: skip
    assert r.exit_code == 2 and "already decided" in r.stderr
    evs = decisions(store, "fernhill", "con_hours")
    assert len(evs) == 1 and (evs[0].sender, evs[0].actor.id, evs[0].payload.kept) == ("review-cli", "alice", "a")
    assert decisions(store, "fernhill", "les_courier") == [] and decisions(store, "fernhill", "les_carol") == []


def test_cli_users_add_and_token(store, db_url, seeded):
    admin = ("--user", "ada", "--password-stdin")  # the seeded store's admin: its password is stdin's first line
    r = _cli(db_url, "users", "add", "dora", "--role", "reviewer", *admin, stdin=f"{PASSWORD}\nshort\n")
    assert r.exit_code == 2 and "at least 12" in r.stderr
    r = _cli(db_url, "users", "add", "dora", "--role", "boss", *admin, stdin=f"{PASSWORD}\nlong enough password\n")
    assert r.exit_code == 2 and "role 'boss'" in r.stderr
    r = _cli(db_url, "users", "add", "dora", "--role", "reviewer", *admin, stdin=f"{PASSWORD}\nlong enough password\n")
    assert r.exit_code == 2 and "--team" in r.stderr  # a reviewer is scoped to named teams
    r = _cli(db_url, "users", "add", " Dora", "--role", "reviewer", "--team", "fernhill", *admin,
             stdin=f"{PASSWORD}\nlong enough password\n")  # fmt: skip
    assert r.exit_code == 0 and "long enough" not in r.stdout + r.stderr
    listed = json.loads(_cli(db_url, "users", "list", "--json").stdout)
    assert listed["schema"] == "memeval.users/1" and listed["schema_version"] == 1
    assert {"username": "dora", "role": "reviewer", "teams": ["fernhill"]} in listed["users"]
    tok = _cli(db_url, "users", "token", "dora", "--user", "dora", "--password-stdin", stdin="long enough password\n")
    tok = tok.stdout.strip()
    assert tok.startswith("mrv_")
    from memeval.review import account_for_token

    assert account_for_token(store, tok).username == "dora"


@pytest.mark.parametrize(
    "target", ["//evil.example/x", "/\t/evil.example", "https://evil.example/", "javascript:alert(1)"]
)
def test_login_never_redirects_off_site(seeded, server, target):
    c = httpx.Client(base_url=server, follow_redirects=False, timeout=patient(30))
    page = c.get("/login", params={"next": target})
    r = c.post(
        "/login", data={"username": "vic", "password": PASSWORD, "csrf_token": csrf_of(page.text), "next": target}
    )
    assert r.status_code == 303 and r.headers["location"] == "/"


def test_public_surface():
    import memeval.review as review

    assert sorted(review.__all__) == sorted(set(review.__all__))
    for name in review.__all__:
        assert hasattr(review, name), name


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_memeval_serve_command(db_url, seeded, tmp_path):
    env = {**os.environ, "MEMEVAL_DB": db_url, "MEMEVAL_REVIEW_SECRET": secrets_hex()}
    proc = subprocess.Popen([sys.executable, "-m", "memeval", "serve", "--port", "0"], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    assert proc.stderr is not None
    err_lines = Lines(proc.stderr)
    said = listening(proc, err_lines)  # the ingest engines load before it listens
    try:
        base = announced_url(said[-1])  # the port --port 0 took
        r = httpx.get(base + "/login", timeout=10)
        assert r.status_code == 200 and 'name="csrf_token"' in r.text
        c = login(base, "alice")
        assert seeded.hold in c.get("/").text
        assert httpx.get(base + "/api/v1/health").json()["status"] == "ok"  # the ingest endpoint is served too
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        assert proc.stdout is not None
        out, err = proc.stdout.read(), "\n".join(said) + "\n" + err_lines.rest()
    assert PASSWORD not in out + err and env["MEMEVAL_REVIEW_SECRET"] not in out + err
    assert not (tmp_path / "audit" / "review-secret.key").exists()


def secrets_hex() -> str:
    import secrets

    return secrets.token_hex(32)


def test_cli_impersonation_is_impossible(store, db_url, seeded):
    """A name alone decides nothing: no credentials, a wrong password or an unknown token are refused."""
    from typer.testing import CliRunner

    from memeval.cli import app
    from memeval.review import add_api_token

    r = _cli(db_url, "review", "approve", "les_courier")
    assert r.exit_code == 2 and "say who you are" in r.stderr
    r = _cli(
        db_url, "review", "approve", "les_courier", "--as", "alice", "--password-stdin", stdin="guess guess guess\n"
    )
    assert r.exit_code == 2 and "wrong name or password" in r.stderr
    env = {"MEMEVAL_DB": db_url, "MEMEVAL_FINGERPRINT_KEY": "ab" * 32, "MEMEVAL_REVIEW_TOKEN": "mrv_not-a-token"}
    r = CliRunner().invoke(app, ["review", "approve", "les_courier"], env=env)
    assert r.exit_code == 2 and "not a known token" in r.stderr
    assert decisions(store, "fernhill", "les_courier") == []
    env["MEMEVAL_REVIEW_TOKEN"] = add_api_token(store, "alice")
    r = CliRunner().invoke(app, ["review", "approve", "les_courier"], env=env)
    assert r.exit_code == 0, r.stderr
    [ev] = decisions(store, "fernhill", "les_courier")
    assert ev.actor.id == "alice" and ev.sender == "review-cli"


def test_reviewers_see_and_decide_only_their_teams(store, db_url, seeded):
    from review_helpers import NOW, PASSWORD

    from memeval.errors import ReviewRefused
    from memeval.review import DecisionRequest, QueueFilter, build_queue, decide_item, get_account, new_decision_id

    fern = get_account(store, "FERN ")
    assert fern is not None and fern.teams == frozenset({"fernhill"})
    view = build_queue(store, QueueFilter(), now=NOW, overdue_after_h=48, account=fern)
    assert view.rows and seeded.other_team_lesson not in [r.ref for r in view.rows]
    req = DecisionRequest("approve", "lesson", "rowan", "les_other", None, None, new_decision_id())
    with pytest.raises(ReviewRefused) as ei:
        decide_item(store, fern, req, now=NOW)
    assert ei.value.code == "not_found"
    r = _cli(db_url, "review", "approve", seeded.other_team_lesson, "--as", "fern", "--password-stdin",
             stdin=PASSWORD + "\n")  # fmt: skip
    assert r.exit_code == 2 and decisions(store, "rowan", "les_other") == []
