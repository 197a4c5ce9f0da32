"""The names and version of the trial and run-result documents (without pydantic: a plain replay writes them)."""

RESULT_SCHEMA = "memeval.result/1"
TRIAL_SCHEMA = "memeval.trial/1"
SCHEMA_VERSION = 1
"""Version of the trial and run-result documents (`schema_version` in each); `schemas/` holds
their JSON Schemas, generated from the models (`memeval.results._records`) by `scripts/make_schemas`."""
