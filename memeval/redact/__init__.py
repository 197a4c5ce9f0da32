"""Redaction: credentials and personal data blanked before any free text is stored.

Credentials come from two maintained scanners' bundled rules (betterleaks, kingfisher) wrapped as
recognizers with presidio's contract, plus private-key blocks and passwords in URLs and connection
strings; personal data (e-mail, phone, card, IBAN, IP; names only with an installed spaCy NER pipeline)
from presidio-analyzer, offline. See `memeval/redact/README.md` for measured recall and speed.
"""

from typing import TYPE_CHECKING as _TYPE_CHECKING

from memeval._lazy import lazy_names as _lazy_names
from memeval.redact._across import ACROSS_DETECTOR, cut_across, joinable, with_findings
from memeval.redact._budget import (
    MIN_SLICE_S,
    RequestBound,
    budget_seconds,
    current_request,
    guard_threads,
    past_request,
    request_bound,
    request_budget_seconds,
)
from memeval.redact._chain import MAX_MIDDLES, MAX_PARTS, chain_lengths, cut_through, middle
from memeval.redact._incomplete import SCAN_INCOMPLETE, whole
from memeval.redact._models import REDACTOR_VERSION, Finding, Redaction, placeholder

if _TYPE_CHECKING:
    from memeval.redact._dangling import Dangling, dangling_start, dangling_step
    from memeval.redact._fingerprint import fingerprint
    from memeval.redact._piigates import PiiSettings
    from memeval.redact._redactor import Redactor, get_redactor

# The names whose modules load presidio (and spaCy): on first use, so that a process that only
# reads the budgets or the models (every `audit ingest` before its first event) does not pay
# about a second of CPU for them.
_LAZY = {
    "PiiSettings": "_piigates",
    "Dangling": "_dangling",
    "dangling_start": "_dangling",
    "dangling_step": "_dangling",
    "Redactor": "_redactor",
    "fingerprint": "_fingerprint",
    "get_redactor": "_redactor",
}

__all__ = [
    "ACROSS_DETECTOR",
    "Dangling",
    "Finding",
    "MAX_MIDDLES",
    "MAX_PARTS",
    "MIN_SLICE_S",
    "PiiSettings",
    "REDACTOR_VERSION",
    "Redaction",
    "Redactor",
    "RequestBound",
    "SCAN_INCOMPLETE",
    "budget_seconds",
    "chain_lengths",
    "current_request",
    "cut_across",
    "cut_through",
    "dangling_start",
    "dangling_step",
    "fingerprint",
    "get_redactor",
    "guard_threads",
    "joinable",
    "middle",
    "past_request",
    "placeholder",
    "request_bound",
    "request_budget_seconds",
    "whole",
    "with_findings",
]

__getattr__, __dir__ = _lazy_names(__name__, globals(), _LAZY)
