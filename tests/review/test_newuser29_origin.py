"""The review pages' form posts are refused when they come from a page of another origin (newuser29).

SameSite=Strict keeps the session cookie off other sites' posts, but a page on another port of the
same host is the same site to a browser: the cookie goes with its post. The CSRF token was the only
wall left, so a token that leaked (a screenshot, a proxy log, a shared page's HTML) let such a page
decide items as the signed-in reviewer. Now the post's `Origin` (else `Referer`) must be the
server's own host and port; and the pages send `Referrer-Policy: same-origin`, since under
`no-referrer` a browser sends `Origin: null` with every form post, the pages' own included.

The browser test drives Debian's chromium (Playwright) against two real servers on 127.0.0.1: the
review app and a page of another port holding a form with the reviewer's own token.
"""

from __future__ import annotations

import re

import httpx
import pytest
from live_server import LiveServer
from patience import patient
from review_browser import CHROMIUM, chromium_page, log_in
from review_helpers import PASSWORD, csrf_of, decision_ids, decisions, item_path, login
from starlette.applications import Starlette
from starlette.responses import HTMLResponse
from starlette.routing import Route


def _form_page(action: str, fields: dict[str, str]) -> Starlette:
    """An app serving, at /, a page whose one form posts `fields` to `action` (no script: a person clicks)."""
    hidden = "".join(f'<input type="hidden" name="{k}" value="{v}">' for k, v in fields.items())
    html = f'<!doctype html><form method="post" action="{action}">{hidden}<button id="go">Win a prize</button></form>'

    async def page(_request: object) -> HTMLResponse:
        return HTMLResponse(html)

    return Starlette(routes=[Route("/", page)])


@pytest.mark.browser
@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_a_page_of_another_origin_cannot_decide_even_with_the_token(store, seeded, server):
    if not CHROMIUM.exists():
        pytest.fail("Debian's chromium is missing: apt-get install -y chromium (scripts/setup --tests does)")
    team, subject = seeded.lesson.split("/")[1:]
    with chromium_page() as page:
        log_in(page, server, "alice", PASSWORD)
        page.goto(server + item_path(seeded.lesson))
        token = page.input_value('form input[name="csrf_token"]')  # the token a leak would give away
        decision = decision_ids(page.content())["approve"]
        fields = {"ref": seeded.lesson, "action": "approve", "decision_id": decision, "csrf_token": token}
        with LiveServer(_form_page(server + "/decide", fields)) as other:
            assert other.url != server and other.url.startswith("http://127.0.0.1:")  # same site, other origin
            page.goto(other.url + "/")
            with page.expect_navigation() as nav:
                page.click("#go")
            answer = nav.value
            assert answer is not None and answer.status == 403, answer and answer.status
            said = " ".join(page.inner_text("body").split())
            assert f"This form was sent from {other.url}, not from these pages" in said, said
            assert "nothing was done" in said, said
        assert decisions(store, team, subject) == []  # nothing decided

        # the pages' own form still works: their posts carry their origin (Referrer-Policy: same-origin)
        page.goto(server + item_path(seeded.lesson))
        page.click("#do-approve")
        page.wait_for_url(server + "/")
        assert "approve " + seeded.lesson in page.inner_text("p.flash")
    (done,) = decisions(store, team, subject)
    assert done.actor.id == "alice"


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_posts_from_another_origin_are_refused_over_http(store, seeded, server):
    """Each form post (decide, claim, bulk, login, logout) with a foreign or `null` Origin, or a foreign
    Referer and no Origin, is 403 and does nothing; no header at all (a script) and a proxy's
    X-Forwarded-Host naming the browser's host pass as before."""
    team, subject = seeded.lesson.split("/")[1:]
    port = server.rsplit(":", 1)[1]
    others = [{"Origin": "http://127.0.0.1:1"}, {"Origin": "null"}, {"Referer": "http://localhost:" + port + "/x"},
              {"Origin": "http://127.0.0.1:" + port + ".evil.example"}]  # fmt: skip
    c = login(server, "alice", fresh=True)
    page = c.get(item_path(seeded.lesson))
    token, decision = csrf_of(page.text), decision_ids(page.text)["approve"]
    decide = {"ref": seeded.lesson, "action": "approve", "decision_id": decision, "csrf_token": token}
    posts = [("/decide", decide), ("/claim", {"ref": seeded.lesson, "op": "claim", "csrf_token": token}),
             ("/bulk", {"refs": seeded.lesson, "action": "approve", "csrf_token": token}),
             ("/logout", {"csrf_token": token})]  # fmt: skip
    for headers in others:
        for path, form in posts:
            r = c.post(path, data=form, headers=headers)
            assert r.status_code == 403, (path, headers, r.status_code)
            assert "was sent from" in r.text and "nothing was done" in r.text, (path, r.text[-600:])
        fresh = httpx.Client(base_url=server, timeout=patient(30))
        form = {"username": "alice", "password": PASSWORD, "csrf_token": csrf_of(fresh.get("/login").text)}
        assert fresh.post("/login", data=form, headers=headers).status_code == 403, headers
    assert decisions(store, team, subject) == []
    assert c.get("/").status_code == 200  # still signed in: the refused logouts did nothing
    page = c.get(item_path(seeded.lesson))
    assert re.search(r"<dt>Claim</dt><dd>none</dd>", page.text), page.text  # the refused claim did nothing

    proxied = {"Host": "127.0.0.1:9", "X-Forwarded-Host": "review.example", "Origin": "https://review.example"}
    assert c.post("/decide", data=decide, headers=proxied).status_code == 303
    assert len(decisions(store, team, subject)) == 1
    page = c.get(item_path(seeded.contradiction))
    settle = {"ref": seeded.contradiction, "action": "settle", "kept": "b", "reason": "the sign says 10",
              "decision_id": decision_ids(page.text)["settle"], "csrf_token": csrf_of(page.text)}  # fmt: skip
    assert c.post("/decide", data=settle).status_code == 303  # no Origin, no Referer: a script, as before
    assert len(decisions(store, *seeded.contradiction.split("/")[1:])) == 1
