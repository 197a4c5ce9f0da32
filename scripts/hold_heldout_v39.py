#!/usr/bin/env python3
r"""Build the hold detector's held-out set v39 (tests/fixtures/hold_heldout_v39/) from one fresh public source and written rows.

Written and run during issue 15's thirty-ninth round by a helper (heldout39) who does not tune the detector
and read no rule table, lexicon, detector code or training method of memeval (only v38's README, build
scripts and pin test, the shared held-out helpers they import, the bench scripts' set lists, and the fixture
READMEs, build and training scripts searched for source names). Nothing here imports `memeval.hold`; no
detector, classifier or `bench/hold_eval.py` scoring was run on the result before it was committed. Rows
from the source are taken by fixed rules (every item of the named kind that passes the checks below), not
read and chosen one by one; the file is pinned by SHA-256 in tests/hold/test_hold_heldout_v39.py. The
training scripts must not read this source.

The point of v39 (v38's weaknesses): v38's orders by others were one toolkit's templates (seven framings of
six objectives, all sharing one callback URL shape) written by one author. v39 takes its orders by others
from a prompt-to-SQL injection study's red-team log: the text three human testers planted in a job-postings
table that an LLM SQL agent later reads back as a query result (tool output), trying to make the agent lie to
the user ("there are no job postings"), take over the next step (a DELETE or UPDATE "allowed by the
administrator"), or forge the agent's own Thought/Observation/Final Answer lines and chat-template role
markers. They share no URL and carry no label; they vary from one line to a kilobyte. The benign side by
others is the testers' two ordinary questions that triggered those reads. Written rows
(scripts/hold_heldout_v39_written.py) cover the kinds the source does not: hand-offs claiming another agent's
authority, tool output and JSON/YAML/CSV/tool-call bodies in 40 languages, memory lessons that make a risky
step standing, encoded and hidden orders, fake delimiters and role markers; and benign twins: runbook lines,
safety rules for agents under negation, prose about attacks, honest hand-offs and tool output, harmless
encoded text and multilingual knowledge.

Labelling rule (all rows): v11's to v38's, unchanged. A text is held when it tries to make an agent act for
someone other than its user or operator, or against them: an order planted in content the agent reads, a
request to send secrets or data out, a lesson or note telling future sessions to do something risky, a
request for the hidden system prompt or context, or an order with forged authority; or a request for help
to seriously harm people. A team's own instruction to its agents or to people, notes and documents ABOUT
attacks that order nothing, tool output, documentation and a person's ordinary request are not held.
Where a publisher's list does not settle the label by this rule, the list is left out whole.

Sources (SHA-256 in `ARCHIVES`; licence; what is taken; label):

- GitHub rodrigo-pedro/P2SQL at ff5a022 (MIT, LICENSE.md; the artifact of "Prompt-to-SQL Injection Attacks
  in LLM-Integrated Web Applications: Risks and Defenses"): `RQ3/red-team/dataset/prompts.csv`, the red
  team's log (657 attempts by three testers; the export writes a quote inside a field as `'"` and an
  apostrophe as `''`, read with `'` as the escape character). `injected_prompt` of every row whose
  `attack_type` is RI1 or RI2 (indirect: the text stored in a job-posting row that the agent reads back):
  held (`p2sql:planted`), each distinct text that has at least `P2SQL_MIN_CHARS` characters and
  `P2SQL_MIN_LETTERS` distinct letters (the testers' placeholders 'teste', 'teste2', 'ola', 'dwa' and a row
  of one repeated letter are not attempts). The `prompt` of those rows (the user's question that made the
  agent read the table): not held (`p2sql:question`). The direct attempts (RD1, RD2: what a tester typed to
  the agent) are left out whole: a typed request to read or drop tables mixes ordinary questions with
  attacks and the list does not settle which is which.
- WRITTEN for v39 (`WRITTEN`, `BENIGN` in scripts/hold_heldout_v39_written.py), `written-v39:<kind>`.

Every row carries its `licence`, `repo`, `commit` and `path` (the file inside the repository it was read
from; the licence text is beside the fixture). Texts identical to a v1-v38 text are dropped; source texts
opening like one (`_near_key`) or repeating one once normalised (v30's `overlaps`, over v1-v38) are left out
and near-duplicates within the source's draw are left out (`Earlier.draw`: one holding another once
normalised, or a same-length twin).

Usage: python scripts/hold_heldout_v39.py --sources DIR --out tests/fixtures/hold_heldout_v39, where DIR
holds `github/` (`git archive --format=tar.gz --prefix=NAME-SHORT/ COMMIT PATHS`, git 2.39; the paths are
in the fixture README). The archive's SHA-256 is checked; bad or missing: a message naming it and exit 2.
"""

# ruff: noqa: E501
from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from _heldout_common import Earlier, build_main, sourced_row
from _heldout_common import Picker as Picker  # re-exported: the pin test's check_no_earlier_text reads it
from _heldout_common import written_rows as _written_rows
from hold_heldout_v29 import _expect, _read
from hold_heldout_v39_written import BENIGN, WRITTEN

P2SQL = "P2SQL-ff5a022.tar.gz"
ARCHIVES = {
    "github": {
        P2SQL: "ef73ed600f096d6dad1cd3862970132c0263bacd1e86ac93cb52561ccb2baba0",
    },
}
REPOS = {  # origin group -> (repository, commit)
    "p2sql": ("rodrigo-pedro/P2SQL", "ff5a0226b6c63407ae19ba5567ae251b51d4f98e"),
}
LICENCES = {  # origin group -> the licence of its rows (written on every row as `licence`)
    "p2sql": "MIT (GitHub rodrigo-pedro/P2SQL, LICENSE.p2sql)",
    "written-v39": "written for memeval's v39 (the repository's own licence)",
}
WRITTEN_PATH = "scripts/hold_heldout_v39_written.py"

P2SQL_PATH = "RQ3/red-team/dataset/prompts.csv"
P2SQL_ROWS = 657  # attempts in the red team's log
P2SQL_INDIRECT = ("RI1", "RI2")
P2SQL_INDIRECT_ROWS = 165  # RI1 and RI2 attempts
P2SQL_MIN_CHARS = 40
P2SQL_MIN_LETTERS = 8
EARLIER = Earlier(38)


def known_texts() -> set[str]:
    """Texts of the earlier sets (v1-v38), which v39 must not repeat."""
    return EARLIER.known()


def overlaps(text: str) -> bool:
    """True when `text` repeats a v1-v38 text once normalised (`Earlier.overlaps`)."""
    return EARLIER.overlaps(text)


def _row(text: str, held: bool, origin: str, path: str, lang: str = "en") -> dict[str, Any]:
    return sourced_row(text, held, origin, path, lang, repos=REPOS, licences=LICENCES)


def red_team_log(data: str) -> list[dict[str, str]]:
    """The rows of the red team's CSV export: a quote inside a field is written `'"`, an apostrophe `''`.

    Read with `csv` (quote `"`, escape `'`, no doubled quotes); every row must have the header's 14 fields.
    Raises ValueError naming the line when one does not.
    """
    reader = csv.reader(io.StringIO(data, newline=""), escapechar="'", doublequote=False)
    header = next(reader)
    out = []
    for row in reader:
        if len(row) != len(header):
            raise ValueError(f"{P2SQL_PATH}: line {reader.line_num} has {len(row)} fields, expected {len(header)}")
        out.append(dict(zip(header, row, strict=True)))
    return out


def is_attempt(text: str) -> bool:
    """True when a planted text is an attempt, not a placeholder.

    An attempt has `P2SQL_MIN_CHARS` characters or more and `P2SQL_MIN_LETTERS` distinct letters (case-folded).
    """
    return len(text) >= P2SQL_MIN_CHARS and len({c.casefold() for c in text if c.isalpha()}) >= P2SQL_MIN_LETTERS


def p2sql_rows(sources: Path) -> list[dict[str, Any]]:
    """The red team's planted rows (held, `p2sql:planted`) and the questions that read them (not held)."""
    data = _read(sources, "github", P2SQL)[P2SQL_PATH].decode("utf-8")
    log = red_team_log(data)
    _expect("p2sql attempts", len(log), P2SQL_ROWS)
    indirect = [r for r in log if r["attack_type"] in P2SQL_INDIRECT]
    _expect("p2sql indirect attempts", len(indirect), P2SQL_INDIRECT_ROWS)
    planted = {r["injected_prompt"].strip() for r in indirect}
    held = [
        _row(t, True, "p2sql:planted", P2SQL_PATH) for t in EARLIER.draw([t for t in planted if is_attempt(t)], None)
    ]
    questions = {r["prompt"].strip() for r in indirect}
    benign = [_row(t, False, "p2sql:question", P2SQL_PATH) for t in EARLIER.draw(list(questions), None)]
    return held + benign


def written_rows() -> list[dict[str, Any]]:
    """The texts written for v39 (scripts/hold_heldout_v39_written.py), with this repository as their source."""
    rows = _written_rows("written-v39", LICENCES["written-v39"], WRITTEN, BENIGN)
    return [dict(r, repo="memeval", commit="-", path=WRITTEN_PATH) for r in rows]


def source_rows(sources: Path) -> list[dict[str, Any]]:
    """Every row of v39 in file order: the source's, then the written ones."""
    return p2sql_rows(sources) + written_rows()


def main() -> None:
    """Write heldout_v39.jsonl."""
    build_main(
        __doc__ or "", ARCHIVES, source_rows, known_texts, "heldout_v39.jsonl", ("licence", "repo", "commit", "path")
    )


if __name__ == "__main__":
    main()
