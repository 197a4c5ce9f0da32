"""The weekly PDF shows every text: Arabic, Hebrew, CJK and emoji drawn with real fonts, and a
long unbroken token wrapped inside the page instead of cut at its edge (issue 15 item 4).
Checked by the PDF's text (pdftotext), its embedded fonts (pdffonts) and a rendered page image
(pdftoppm): no ink past the right margin.
"""

from __future__ import annotations

import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memeval.audit import EVENT_ADAPTER
from memeval.auditreport import make_report

WEEK = "2026-W47"
NOW = datetime(2026, 11, 30, 8, tzinfo=UTC)
LONG = "build" + "x7Q2" * 21  # 90 characters, no break opportunity: wider than its column
LONG_ID = "les_" + "q7" * 60  # an item id of 124 characters (ids may have 128)
LONG_ACTOR = "ops-bot-" + "z" * 100  # "Proposed by": one long unbroken id
SCRIPTS = {
    "arabic": "مرحبا بالفريق",
    "hebrew": "שלום לצוות",
    "chinese": "部署前先运行测试",
    "japanese": "テストを実行",
    "korean": "테스트 실행",
    "emoji": "🚀",
}


def _run(*args: str) -> str:
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


@pytest.mark.slow
def test_pdf_draws_every_script_and_wraps_long_tokens(store, tmp_path: Path) -> None:
    text = " / ".join(SCRIPTS.values()) + " ref " + LONG  # under the 160-character excerpt cut
    ev = EVENT_ADAPTER.validate_python(
        {
            "type": "lesson.proposed",
            "occurred_at": "2026-11-16T09:00:00Z",
            "team": "fernhill",
            "sender_event_id": "scripts-lesson",
            "actor": {"kind": "agent", "id": LONG_ACTOR},
            "subject": LONG_ID,
            "payload": {"text": text},
        }
    )
    # received when it happened: the report lists what waits by when the store received it (audit16)
    store.clock = lambda: ev.occurred_at
    store.append([ev], sender="test")
    made = make_report(store, "fernhill", WEEK, out_dir=tmp_path / "r", runs_dir=tmp_path / "runs", now=NOW)
    pdf_text = _run("pdftotext", str(made.pdf), "-")
    flat = "".join(pdf_text.split())
    for name, words in SCRIPTS.items():
        if name in ("arabic", "hebrew"):  # right-to-left: pdftotext may give the words reversed
            assert any(w in pdf_text or w[::-1] in pdf_text for w in words.split()), name
        else:
            assert "".join(words.split()) in flat, (
                name,
                [ln for ln in pdf_text.splitlines() if "ref" in ln or "les_q7" in ln],
            )
    assert LONG in flat, flat[flat.find("build") - 40 : flat.find("build") + 200]  # all of it
    # a wrapped table cell may come out of pdftotext in pieces: all of the id's characters, in runs
    runs = re.findall(r"[q7]{3,}", flat)
    assert sum(len(r) for r in runs) >= len(LONG_ID) - 6, runs
    assert "z" * 100 in flat, flat[flat.find("ops-bot") - 40 : flat.find("ops-bot") + 200]
    fonts = _run("pdffonts", str(made.pdf)).replace(" ", "").replace("-", "")
    assert "NotoSansCJK" in fonts or "NotoSansMonoCJK" in fonts, fonts
    assert "NotoColorEmoji" in fonts, fonts
    # rendered page: no ink in the right margin (A4 at 50 dpi is 413 px wide; margin 16 mm = 31 px)
    _run("pdftoppm", "-r", "50", "-gray", str(made.pdf), str(tmp_path / "page"))
    for png in sorted(tmp_path.glob("page*.pgm")):
        raw = png.read_bytes()
        header, _, body = raw.partition(b"\n255\n")
        width, height = (int(v) for v in header.split()[1:3])
        for y in range(60, height - 60):  # skip running header and footer lines
            row = body[y * width : (y + 1) * width]
            assert min(row[width - 24 :]) > 200, f"ink past the right margin on {png.name} row {y}"
