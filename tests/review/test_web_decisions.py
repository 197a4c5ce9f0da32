"""Every decision and every refused one, through uvicorn + httpx, on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
import time

import httpx
import pytest
from patience import patient
from review_helpers import PASSWORD, csrf_of, decide, decisions, item_path, login

from memeval.audit import verify_chain
from memeval.review import SESSION_COOKIE, get_item


def _state(store, ref):
    kind, team, item_id = ref.split("/", 2)
    return get_item(store, kind, team, item_id)


@pytest.mark.parametrize(
    "ref_name,action,form,final",
    [
        ("lesson", "approve", {}, "approved"),
        ("lesson", "reject", {"reason": "Couriers changed their schedule."}, "rejected"),
        ("contradiction", "settle", {"kept": "b", "reason": "The sign says 10."}, "settled"),
        ("hold", "release", {"reason": "Quoted from a security blog, kept as an example."}, "released"),
        ("hold", "discard", {"reason": "Prompt injection from a web page."}, "discarded"),
    ],
)
def test_each_decision_is_one_audit_event_by_the_reviewer(store, seeded, server, ref_name, action, form, final):
    ref = getattr(seeded, ref_name)
    c = login(server, "alice")
    r = decide(c, ref, action, **form)
    assert r.status_code == 303 and r.headers["location"] == "/"
    item = _state(store, ref)
    assert item.status == final and item.decided_by == "alice"
    evs = decisions(store, item.team, item.item_id)
    assert len(evs) == 1
    ev = evs[0]
    assert (ev.actor.kind, ev.actor.id, ev.actor.role, ev.sender) == ("person", "alice", "reviewer", "review-web")
    assert ev.recorded_at is not None and ev.occurred_at.tzinfo is not None
    if "reason" in form and action in ("reject", "discard", "settle"):
        assert ev.payload.reason == form["reason"]
    if action == "settle":
        assert ev.payload.kept == "b" and item.kept == "b"
    assert verify_chain(store, "fernhill").ok
    # the queue no longer lists it, and says so in the flash message
    q = c.get("/")
    assert f'data-ref="{ref}"' not in q.text and f"{action} {ref}: done" in q.text


def test_release_writes_the_memory(store, seeded, server):
    c = login(server, "alice")
    assert decide(c, seeded.hold, "release").status_code == 303
    from memeval.review import item_events

    hold = _state(store, seeded.hold)
    written = item_events(store, "fernhill", hold.target_id)
    assert [e.type for e in written] == ["memory.written"] and written[0].payload.released_hold == hold.item_id


def test_wrong_state_second_reviewer_gets_a_clear_message(store, seeded, server):
    alice, bob = login(server, "alice"), login(server, "bob")
    stale = bob.get(item_path(seeded.lesson))  # bob opens the page before alice decides
    assert decide(alice, seeded.lesson, "approve").status_code == 303
    from review_helpers import decision_ids

    r = bob.post(
        "/decide",
        data={
            "ref": seeded.lesson,
            "action": "reject",
            "reason": "dup",
            "decision_id": decision_ids(stale.text)["reject"],
            "csrf_token": csrf_of(stale.text),
        },
    )
    assert r.status_code == 409
    assert "already decided" in r.text and "approved" in r.text and "alice" in r.text
    assert len(decisions(store, "fernhill", "les_courier")) == 1


def test_resubmitted_form_is_one_decision(store, seeded, server):
    c = login(server, "alice")
    page = c.get(item_path(seeded.lesson))
    from review_helpers import decision_ids

    data = {
        "ref": seeded.lesson,
        "action": "approve",
        "decision_id": decision_ids(page.text)["approve"],
        "csrf_token": csrf_of(page.text),
    }
    assert c.post("/decide", data=data).status_code == 303
    again = c.post("/decide", data=data)
    assert again.status_code == 303 and "already recorded" in c.get("/").text
    assert len(decisions(store, "fernhill", "les_courier")) == 1


@pytest.mark.parametrize(
    "ref_name,action,form",
    [
        ("lesson", "reject", {}),
        ("lesson", "reject", {"reason": "   "}),
        ("hold", "discard", {}),
        ("contradiction", "settle", {"kept": "a"}),
    ],
)
def test_missing_reason_refused(store, seeded, server, ref_name, action, form):
    ref = getattr(seeded, ref_name)
    r = decide(login(server, "alice"), ref, action, **form)
    assert r.status_code == 422 and "needs a reason" in r.text
    item = _state(store, ref)
    assert item.waiting and decisions(store, item.team, item.item_id) == []


def test_settle_needs_a_side(store, seeded, server):
    r = decide(login(server, "alice"), seeded.contradiction, "settle", kept="left", reason="x")
    assert r.status_code == 422 and "not a side" in r.text
    assert _state(store, seeded.contradiction).waiting


def test_self_approval_refused_but_another_reviewer_may(store, seeded, server):
    r = decide(login(server, "carol"), seeded.own_lesson, "approve")
    assert r.status_code == 403 and "cannot approve" in r.text
    assert decisions(store, "fernhill", "les_carol") == []
    assert decide(login(server, "bob"), seeded.own_lesson, "approve").status_code == 303


def test_viewer_cannot_decide_or_claim_but_can_read(store, seeded, server):
    c = login(server, "vic")
    assert c.get("/").status_code == 200
    page = c.get(item_path(seeded.lesson))
    assert page.status_code == 200 and 'action="/decide"' not in page.text
    token = csrf_of(page.text)
    r = c.post(
        "/decide",
        data={"ref": seeded.lesson, "action": "approve", "decision_id": "dec_viewer0001", "csrf_token": token},
    )
    assert r.status_code == 403 and "viewer" in r.text
    r = c.post("/claim", data={"ref": seeded.lesson, "op": "claim", "csrf_token": token})
    assert r.status_code == 403
    assert decisions(store, "fernhill", "les_courier") == []


@pytest.mark.parametrize("token", [None, "", "forged-token-0123456789012345678901234567890"])
def test_missing_or_wrong_csrf_refused(store, seeded, server, token):
    c = login(server, "alice")
    page = c.get(item_path(seeded.lesson))
    from review_helpers import decision_ids

    data = {"ref": seeded.lesson, "action": "approve", "decision_id": decision_ids(page.text)["approve"]}
    if token is not None:
        data["csrf_token"] = token
    for path in ("/decide", "/bulk", "/claim"):
        r = c.post(path, data={**data, "refs": seeded.lesson, "op": "claim"})
        assert r.status_code == 403 and "security token" in r.text, path
    assert decisions(store, "fernhill", "les_courier") == []
    assert _state(store, seeded.lesson).waiting


def test_csrf_token_of_another_session_refused(store, seeded, server):
    alice, bob = login(server, "alice"), login(server, "bob")
    bob_token = csrf_of(bob.get("/").text)
    r = alice.post(
        "/decide",
        data={"ref": seeded.lesson, "action": "approve", "decision_id": "dec_cross0001", "csrf_token": bob_token},
    )
    assert r.status_code == 403
    assert decisions(store, "fernhill", "les_courier") == []


def test_expired_session_refused(store, seeded, serve, monkeypatch):
    """memeval's own absolute expiry (login time + `session_max_age_s`, checked on every request) refuses a
    session past it. The server's clock is moved past the expiry instead of sleeping through it: the session
    lasts an hour by the wall (so neither the client's cookie jar nor the signed cookie's own age ends it
    first, whatever the load), and only memeval's check can refuse it. (It slept 4.2 s past a 3 s session:
    at load a login and a page could take 3 s, and the cookie jar dropping the cookie passed it with no
    server-side check at all.)"""
    from memeval.review import _login

    max_age = 3600
    shift = [0.0]
    real_time = time.time
    monkeypatch.setattr(_login, "time", type("Clock", (), {"time": staticmethod(lambda: real_time() + shift[0])}))
    base = serve(session_max_age_s=max_age)
    c = login(base, "alice")
    page = c.get(item_path(seeded.lesson))
    assert page.status_code == 200, "the session ended before its max age"
    from review_helpers import decision_ids

    data = {
        "ref": seeded.lesson,
        "action": "approve",
        "decision_id": decision_ids(page.text)["approve"],
        "csrf_token": csrf_of(page.text),
    }
    shift[0] = max_age + 1.2  # the server's clock 1.2 s past the session's end
    r = c.post("/decide", data=data)
    assert r.status_code == 303 and r.headers["location"].startswith("/login")
    assert decisions(store, "fernhill", "les_courier") == []
    follow = c.get(r.headers["location"])
    assert follow.status_code == 200 and 'name="password"' in follow.text


def test_not_logged_in_is_sent_to_login(seeded, server):
    c = httpx.Client(base_url=server, follow_redirects=False, timeout=patient(30))
    for path in ("/", item_path(seeded.lesson)):
        r = c.get(path)
        assert r.status_code == 303 and r.headers["location"].startswith("/login?next=")
    r = c.post("/decide", data={"ref": seeded.lesson, "action": "approve", "decision_id": "dec_anon00001"})
    assert r.status_code == 303


def test_race_of_two_reviewers_stores_exactly_one_decision(store, seeded, server):
    from review_helpers import decision_ids

    clients = [login(server, name) for name in ("alice", "bob", "ada")]
    for ref, action, form in (
        (seeded.lesson, "approve", {}),
        (seeded.hold, "discard", {"reason": "injection"}),
        (seeded.contradiction, "settle", {"kept": "a", "reason": "9 it is"}),
    ):
        forms = []
        for c in clients:
            page = c.get(item_path(ref))
            forms.append(
                {
                    "ref": ref,
                    "action": action,
                    "decision_id": decision_ids(page.text)[action],
                    "csrf_token": csrf_of(page.text),
                    **form,
                }
            )
        barrier = threading.Barrier(len(clients))
        codes: list[int] = []

        def go(c: httpx.Client, data: dict[str, str], barrier: threading.Barrier, codes: list[int]) -> None:
            barrier.wait()
            codes.append(c.post("/decide", data=data).status_code)

        threads = [
            threading.Thread(target=go, args=(c, f, barrier, codes)) for c, f in zip(clients, forms, strict=True)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        kind, team, item_id = ref.split("/", 2)
        item = _state(store, ref)
        assert sorted(codes) == [303, 409, 409], (ref, codes)
        assert len(decisions(store, team, item.item_id)) == 1
    assert verify_chain(store, "fernhill").ok


def test_claim_keeps_other_reviewers_off_until_it_lapses_or_an_admin_breaks_it(store, seeded, server):
    alice, bob, ada = login(server, "alice"), login(server, "bob"), login(server, "ada")
    page = alice.get(item_path(seeded.lesson))
    r = alice.post("/claim", data={"ref": seeded.lesson, "op": "claim", "csrf_token": csrf_of(page.text)})
    assert r.status_code == 303
    bob_page = bob.get(item_path(seeded.lesson))
    assert "alice" in bob_page.text and 'action="/decide"' not in bob_page.text
    r = decide(bob, seeded.lesson, "approve")
    assert r.status_code == 409 and "claimed by &#39;alice&#39;" in r.text
    assert "alice" in bob.get("/").text  # the queue shows who holds it
    # bob cannot break it; an admin can
    token = csrf_of(bob_page.text)
    bob.post("/claim", data={"ref": seeded.lesson, "op": "break", "csrf_token": token})
    assert decide(bob, seeded.lesson, "approve").status_code == 409
    ada_page = ada.get(item_path(seeded.lesson))
    assert (
        ada.post("/claim", data={"ref": seeded.lesson, "op": "break", "csrf_token": csrf_of(ada_page.text)}).status_code
        == 303
    )
    assert decide(bob, seeded.lesson, "approve").status_code == 303
    from memeval.review import item_events

    types = [e.type for e in item_events(store, "fernhill", "les_courier")]
    assert types == ["lesson.proposed", "review.claimed", "lesson.approved"]


def test_bulk_decisions_each_get_their_own_event(store, seeded, server):
    c = login(server, "alice")
    token = csrf_of(c.get("/").text)
    refs = [seeded.lesson, seeded.fresh_lesson, seeded.own_lesson, seeded.hold]
    r = c.post("/bulk", data={"refs": refs, "action": "reject", "reason": "Not standing rules.", "csrf_token": token})
    assert r.status_code == 200
    assert "3 decided, 1 refused" in r.text and "applies to a lesson" in r.text
    evs = [decisions(store, "fernhill", i)[0] for i in ("les_courier", "les_fresh", "les_carol")]
    assert len({e.seq for e in evs}) == 3 and len({e.payload.decision_id for e in evs}) == 3
    assert _state(store, seeded.hold).waiting


def test_login_throttled_after_repeated_failures(seeded, serve):
    base = serve(login_max_failures=3, login_window_s=round(patient(60)))
    c = httpx.Client(base_url=base, follow_redirects=False, timeout=patient(30))
    token = csrf_of(c.get("/login").text)
    for _ in range(3):
        r = c.post("/login", data={"username": "alice", "password": "wrong password!", "csrf_token": token})
        assert r.status_code == 401 and "Wrong username or password" in r.text
    r = c.post("/login", data={"username": "alice", "password": PASSWORD, "csrf_token": token})
    assert r.status_code == 429 and int(r.headers["retry-after"]) > 0
    # one person's failures do not lock out a colleague behind the same address
    r = c.post("/login", data={"username": "bob", "password": PASSWORD, "csrf_token": token})
    assert r.status_code == 303
    # the account key is the normalised name: " ALICE" is alice
    r = httpx.Client(base_url=base, follow_redirects=False, timeout=patient(30))
    t2 = csrf_of(r.get("/login").text)
    assert r.post("/login", data={"username": " ALICE", "password": PASSWORD, "csrf_token": t2}).status_code == 429


def test_parallel_wrong_passwords_are_throttled(seeded, serve):
    """40 wrong passwords at once: attempts are counted before the slow hash check, so most get 429."""
    from concurrent.futures import ThreadPoolExecutor

    base = serve(login_max_failures=5, login_window_s=600)

    def attempt(i: int) -> int:
        with httpx.Client(base_url=base, follow_redirects=False, timeout=patient(60)) as c:
            token = csrf_of(c.get("/login").text)
            return c.post(
                "/login", data={"username": "alice", "password": f"wrong {i}", "csrf_token": token}
            ).status_code

    with ThreadPoolExecutor(40) as pool:
        codes = list(pool.map(attempt, range(40)))
    assert codes.count(401) <= 5 and codes.count(429) >= 35, codes
    assert set(codes) <= {401, 429}


def test_replayed_cookie_after_logout_is_refused(seeded, serve):
    base = serve()
    c = login(base, "alice", fresh=True)
    stolen = c.cookies[SESSION_COOKIE]
    page = c.get("/")
    assert page.status_code == 200
    r = c.post("/logout", data={"csrf_token": csrf_of(page.text)})
    assert r.status_code == 303
    replay = httpx.Client(base_url=base, follow_redirects=False, timeout=patient(30))
    replay.cookies.set(SESSION_COOKIE, stolen)
    r = replay.get("/")
    assert r.status_code == 303 and r.headers["location"].startswith("/login")
    r = replay.post("/decide", data={"ref": "lesson/fernhill/les_courier", "action": "approve",
                                     "decision_id": "dec_replay0001", "csrf_token": "x"})  # fmt: skip
    assert r.status_code == 303 and r.headers["location"].startswith("/login")
    assert login(base, "alice", fresh=True).get("/").status_code == 200  # a new login works


def test_login_without_csrf_refused_and_cookie_flags(seeded, server):
    c = httpx.Client(base_url=server, follow_redirects=False, timeout=patient(30))
    c.get("/login")
    r = c.post("/login", data={"username": "alice", "password": PASSWORD})
    assert r.status_code == 403
    page = c.get("/login")
    r = c.post("/login", data={"username": "alice", "password": PASSWORD, "csrf_token": csrf_of(page.text)})
    cookie = r.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie
    # a new session (and CSRF token) after login: the pre-login token no longer works
    r = c.post(
        "/decide",
        data={
            "ref": "lesson/fernhill/les_courier",
            "action": "approve",
            "decision_id": "dec_fixation01",
            "csrf_token": csrf_of(page.text),
        },
    )
    assert r.status_code == 403
