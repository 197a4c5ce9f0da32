"""The corpus in every context plus the sample's texts, and what the context rules find there, once a process.

Three slow checks compare a variant of the context rules with one reference, `ContextRecognizer()`
(the packaged rules as shipped), on these same texts:

- `test_rule_screens`: the rules with their screens removed, text by text, against `each()`;
- `test_casefree`: the rules with every screen searched as written (no lowered twins), text by text
  against `each()` and 97 texts at a time against `many()`;
- `test_batch_views`: the reference itself 97 texts at a time (`many()`) against text by text (`each()`).

Each used to run the reference itself: `analyze` four times over every text and `analyze_many` twice
over every batch. Here each is run once and kept (`functools.cache`); the tests that read them share
the xdist group `GROUP`, so one worker computes them.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from corpus_contexts import CONTEXTS, load_corpus
from presidio_analyzer import RecognizerResult

from memeval.redact._context import ContextRecognizer

ROOT = Path(__file__).resolve().parents[2]
BATCH = 97
"""Texts per `analyze_many` call: the batch size the ingest path reads."""
GROUP = "redact-corpus-spans"
"""The xdist group of the tests reading `each()` and `many()` (`pytest.mark.xdist_group`)."""


def sample_texts() -> list[str]:
    """Every string of the Fernhill sample's audit events: payload values, sender ids, sessions, subjects, actors."""
    texts = []
    for path in ("week.jsonl", "decisions.jsonl"):
        for line in (ROOT / "samples" / "fernhill" / "audit" / path).read_text().splitlines():
            e = json.loads(line)
            texts += [v for v in e["payload"].values() if isinstance(v, str)]
            texts += [v for v in (e["sender_event_id"], e["session"], e["subject"], e["actor"]["id"]) if v]
    return texts


@cache
def texts() -> tuple[str, ...]:
    """Each corpus item (`load_corpus()`) in each of `CONTEXTS` (item by item), then `sample_texts()`."""
    return tuple([wrap(item.text)[0] for item in load_corpus() for _, wrap in CONTEXTS] + sample_texts())


@cache
def reference() -> ContextRecognizer:
    """The context rules as shipped: `ContextRecognizer()`, built once."""
    return ContextRecognizer()


@cache
def each() -> tuple[list[RecognizerResult], ...]:
    """`reference().analyze(t, [])` for each of `texts()`, in order."""
    rec = reference()
    return tuple(rec.analyze(t, []) for t in texts())


@cache
def many() -> tuple[list[RecognizerResult], ...]:
    """`reference().analyze_many` over `texts()` cut into runs of `BATCH` (the last one shorter), joined in order."""
    rec, all_texts = reference(), texts()
    return tuple(found for k in range(0, len(all_texts), BATCH) for found in rec.analyze_many(all_texts[k : k + BATCH]))
