"""The viewer's web app: server-rendered pages over one run folder, read on every request.

Pages: `/` (the overview: verdict, the with/without table, every trial, coverage, faults),
`/trial/{trial_id}` (one trial), `/report` (the A/B report as HTML); any other address gets a page
naming these (404, or 405 for a method they do not take). Everything is escaped by the templates
(autoescape); the Content-Security-Policy forbids scripts and outside resources, and only
`127.0.0.1` / `localhost` Host headers are served (no DNS rebinding).
"""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from memeval._templates import jinja_env
from memeval._web import SecurityHeaders
from memeval.results import load_run
from memeval.review import inert
from memeval.runreport import ARM_LABEL, build_context, render_html
from memeval.viewer._data import trial_view

CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'"
HOSTS = ["127.0.0.1", "localhost"]


def _page(name: str, status: int = 200, **context: object) -> HTMLResponse:
    env = jinja_env("ab")
    env.globals["inert"] = inert  # `_marks.html`: the agent's text with what draws nothing marked
    html = env.get_template(name).render(**context)
    return HTMLResponse(html, status_code=status)


def create_viewer_app(run_dir: Path) -> Starlette:
    """A Starlette app serving the run in `run_dir`.

    The log is re-read on every request, so a run still going shows its latest trials.
    """

    async def overview(request: Request) -> Response:
        run = load_run(run_dir)
        return _page("view_run.html", ctx=build_context(run), trials=run.result.trials, labels=ARM_LABEL)

    async def trial(request: Request) -> Response:
        run = load_run(run_dir)
        tid = request.path_params["trial_id"]
        view = trial_view(run, tid)
        if view is None:
            return _page("view_missing.html", 404, run_id=run.result.run_id, trial_id=tid)
        return _page("view_trial.html", run_id=run.result.run_id, t=view, r=view.record)

    async def report(request: Request) -> Response:
        return HTMLResponse(render_html(build_context(load_run(run_dir))))

    async def no_page(request: Request, exc: Exception) -> Response:
        # an address no page has (404) or a method no page takes (405): a page naming the pages, in the
        # viewer's frame, not Starlette's plain "Not Found" (the Allow header kept)
        status = exc.status_code if isinstance(exc, HTTPException) else 404
        allow = (exc.headers or {}).get("Allow") if isinstance(exc, HTTPException) else None
        page = _page("view_no_page.html", status, run_id=run_dir.name, path=request.url.path,
                     method=request.method if status == 405 else None, allow=allow or "GET")  # fmt: skip
        if allow:
            page.headers["Allow"] = allow
        return page

    async def no_icon(request: Request) -> Response:
        # browsers ask for it on every first page; a 404 is an error in their console each time
        return Response(status_code=204)

    return Starlette(
        routes=[
            Route("/", overview),
            Route("/favicon.ico", no_icon),
            Route("/trial/{trial_id:path}", trial),
            Route("/report", report),
        ],
        exception_handlers={404: no_page, 405: no_page},
        middleware=[
            Middleware(TrustedHostMiddleware, allowed_hosts=HOSTS),
            Middleware(SecurityHeaders, csp=CSP),
        ],
    )
