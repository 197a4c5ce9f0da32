"""Every CPU budget's setting is read by one parser, `memeval._cpubudget.env_seconds` (redos15).

The redaction budget, the hold budget and the hold's per-request bound each had a copy of the same
parser (two raised `UsageError`, one `RedactionError`); the redaction's per-request bound
(`MEMEVAL_REDACT_REQUEST_BUDGET_S`, new) uses it too. A bad value is a usage error that names the
variable, the value and the fix. On 3a35aec `env_seconds` and the redaction request bound did not
exist, and a bad `MEMEVAL_REDACT_BUDGET_S` raised `RedactionError`.
"""

from __future__ import annotations

import pytest

from memeval.errors import UsageError


def _readers() -> dict[str, object]:
    from memeval.hold import _budget as hold
    from memeval.redact import _budget as redact

    return {
        "MEMEVAL_REDACT_BUDGET_S": redact.budget_seconds,
        "MEMEVAL_REDACT_REQUEST_BUDGET_S": redact.request_budget_seconds,
        "MEMEVAL_HOLD_BUDGET_S": hold.budget_seconds,
        "MEMEVAL_HOLD_REQUEST_BUDGET_S": hold.request_budget_seconds,
    }


NAMES = (
    "MEMEVAL_HOLD_BUDGET_S",
    "MEMEVAL_HOLD_REQUEST_BUDGET_S",
    "MEMEVAL_REDACT_BUDGET_S",
    "MEMEVAL_REDACT_REQUEST_BUDGET_S",
)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("raw", ["soon", "0", "-2", "nan", "inf", "1e9"])
def test_a_bad_budget_setting_is_a_usage_error_naming_the_variable_the_value_and_the_fix(
    monkeypatch: pytest.MonkeyPatch, name: str, raw: str
) -> None:
    monkeypatch.setenv(name, raw)
    with pytest.raises(UsageError) as err:
        _readers()[name]()  # type: ignore[operator]
    msg = str(err.value)
    assert f"{name}={raw!r}" in msg and "set it to a positive number such as" in msg and "unset it" in msg, msg


def test_a_budget_setting_reads_seconds_and_unset_or_blank_is_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    from memeval._cpubudget import env_seconds
    from memeval.hold import _budget as hold
    from memeval.redact import _budget as redact

    defaults = {
        "MEMEVAL_REDACT_BUDGET_S": redact.DEFAULT_BUDGET_S,
        "MEMEVAL_REDACT_REQUEST_BUDGET_S": redact.DEFAULT_REQUEST_BUDGET_S,
        "MEMEVAL_HOLD_BUDGET_S": hold.DEFAULT_BUDGET_S,
        "MEMEVAL_HOLD_REQUEST_BUDGET_S": hold.DEFAULT_REQUEST_BUDGET_S,
    }
    for name, read in _readers().items():
        monkeypatch.setenv(name, " 2.5 ")
        assert read() == 2.5  # type: ignore[operator]
        monkeypatch.setenv(name, "  ")
        assert read() == defaults[name]  # type: ignore[operator]
        monkeypatch.delenv(name)
        assert read() == defaults[name] == env_seconds(name, defaults[name])  # type: ignore[operator]
