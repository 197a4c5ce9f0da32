"""Tamper findings are shown where people read results: `memeval results`, the viewer, the A/B report."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import httpx
import pytest
from readers_helpers import make_run
from typer.testing import CliRunner

from memeval.cli import app
from memeval.results import Run
from memeval.runreport import build_context, render_html
from memeval.viewer import start_viewer

PLANTING_AGENT = (
    'sh -c \'printf "def add(a, b):\\n    return a + b\\n" > calc.py; echo hello > greeting.txt; '
    ': > conftest.py; printf "[pytest]\\n" > pytest.ini\''
)


pytestmark = pytest.mark.xdist_group("tamper-display")
"""Both tests on one xdist worker, so the module's `planted` (a real run) is made once, not on each worker."""


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> Run:
    return make_run(Path(tmp_path_factory.mktemp("tamper")) / "runs", "command", PLANTING_AGENT)


def test_results_show_a_tamper_column_and_a_warning(planted: Run) -> None:
    res = CliRunner().invoke(app, ["results", str(planted.path)])
    assert res.exit_code == 0, res.stderr
    assert "tamper" in res.stdout
    text = " ".join(res.stdout.split())
    assert "4 trial(s) left files that can steer the verifier (conftest, runner-config)" in text
    assert "baseline 2 (2 passed); pack 2 (2 passed)" in text and "--tamper fail" in text
    records = planted.to_records()
    assert {r["tamper"] for r in records} == {2}


def test_viewer_and_report_list_the_findings(planted: Run) -> None:
    tid = planted.result.trials[0].trial_id
    with start_viewer(planted.path, port=0) as v:
        page = httpx.get(v.url + "trial/" + quote(tid)).text
        assert 'id="tamper"' in page and "/app/conftest.py" in page and "runner-config" in page
        overview = httpx.get(v.url).text
        assert "Tamper findings" in overview and f"{tid} (passed): /app/conftest.py (conftest)" in overview
    html = render_html(build_context(planted))
    assert "Tamper findings" in html and "/app/pytest.ini (runner-config)" in html
