"""Entity types: scanner rule ids mapped to the few placeholder names a reviewer reads.

Scanner rule ids (`github-pat`, `betterleaks.aws-access-token`, `veles.secrets/sendgrid`) are
folded to upper snake case; the families below get one shared, provider-named type so a weekly
count reads `GITHUB_TOKEN: 3` rather than three rule ids.
"""

from __future__ import annotations

import re

_FAMILIES: tuple[tuple[str, str], ...] = (
    ("aws-access-token", "AWS_ACCESS_KEY"),
    ("aws-secret-access-key", "AWS_SECRET_KEY"),
    ("aws-session-token", "AWS_SESSION_TOKEN"),
    ("github-", "GITHUB_TOKEN"),
    ("gitlab-", "GITLAB_TOKEN"),
    ("slack-webhook", "SLACK_WEBHOOK"),
    ("slack-", "SLACK_TOKEN"),
    ("stripe-", "STRIPE_KEY"),
    ("openai-", "OPENAI_API_KEY"),
    ("anthropic-", "ANTHROPIC_API_KEY"),
    ("gcp-api-key", "GOOGLE_API_KEY"),
    ("gcp-gemini", "GOOGLE_API_KEY"),
    ("gcp-service-account", "GOOGLE_SERVICE_ACCOUNT"),
    ("huggingface-", "HUGGINGFACE_TOKEN"),
    ("jwt", "JWT"),
    ("private-key", "PRIVATE_KEY"),
    ("generic-credential-uri", "URL_PASSWORD"),
    ("mongodb-connection-string", "CONNECTION_STRING"),
    ("generic-api-key", "GENERIC_SECRET"),
    ("generic-password", "PASSWORD"),
)

_SUFFIX = re.compile(r"\.\d+$")


def credential_type(rule_id: str) -> str:
    """Map a scanner rule id to an entity type.

    Args:
        rule_id: as the scanner reports it, with or without a `betterleaks.` / `veles.` prefix.

    Returns:
        An upper snake case type, e.g. `github-fine-grained-pat` -> `GITHUB_TOKEN`,
        `sendgrid-api-token` -> `SENDGRID_API_TOKEN`.
    """
    slug = rule_id.split(".", 1)[1] if rule_id.startswith(("betterleaks.", "veles.")) else rule_id
    slug = _SUFFIX.sub("", slug).removeprefix("secrets/")
    for prefix, entity in _FAMILIES:
        if slug.startswith(prefix):
            return entity
    return re.sub(r"[^A-Za-z0-9]+", "_", slug).strip("_").upper() or "SECRET"


PII_TYPES: frozenset[str] = frozenset(
    {"EMAIL_ADDRESS", "PHONE_NUMBER", "CREDIT_CARD", "IBAN_CODE", "IP_ADDRESS", "US_SSN", "PERSON", "LOCATION", "NRP"}
)
"""Personal-data types presidio reports; everything else counts as a credential."""


def is_credential(entity_type: str) -> bool:
    """True for credential types (they win over personal data when spans overlap)."""
    return entity_type not in PII_TYPES
