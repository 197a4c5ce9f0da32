"""`memeval.formatting`: the one place figures become text (terminal, HTML/PDF, viewer, weekly report)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memeval._templates import jinja_env
from memeval.formatting import CellValue, cell_text, duration, money, pct


@pytest.mark.parametrize(
    ("args", "kw", "text"),
    [
        ((0.18,), {}, "$0.18"),
        ((1234.5,), {}, "$1,234.50"),
        ((-0.08,), {}, "−$0.08"),
        ((None,), {}, "—"),
        ((None,), {"unknown": "$—"}, "$—"),
        ((0.4,), {"lower_bound": True}, "$0.40+"),
        ((None,), {"lower_bound": True}, "—"),
        ((0.0123456, 4), {}, "$0.0123"),
        ((0.0000061, 6), {}, "$0.000006"),
    ],
)
def test_money(args: tuple[float | None, ...], kw: dict[str, object], text: str):
    assert money(*args, **kw) == text  # type: ignore[arg-type]


@given(st.floats(min_value=0, max_value=999.99, allow_nan=False), st.sampled_from([2, 4, 6]))
def test_money_below_a_thousand_is_the_plain_dollar_format(v: float, digits: int):
    assert money(v, digits) == f"${v:.{digits}f}"


def test_pct_and_duration():
    assert pct(2 / 3) == "66.7%" and pct(None) == "—"
    assert [duration(s) for s in (None, 14.4, 392, 3720)] == ["—", "14s", "6m 32s", "1h 02m"]


def _cell(**kw: object) -> CellValue:
    base: dict[str, object] = dict(trials=1, passes=1, scored=1, faults=0, fault_code=None, scored_single=True,
                                   cost_usd=0.18, cost_lower_bound=False)  # fmt: skip
    return CellValue(**{**base, **kw})  # type: ignore[arg-type]


def test_cell_text_for_one_trial_and_for_several():
    assert cell_text(_cell()) == "Passed · $0.18"
    assert cell_text(_cell(passes=0)) == "Failed · $0.18"
    assert cell_text(_cell(passes=0, scored=0, scored_single=False, cost_usd=None)) == "Not run · $—"
    assert (
        cell_text(_cell(passes=0, faults=1, fault_code="timeout", cost_lower_bound=True)) == "Fault (timeout) · $0.18+"
    )
    several = _cell(trials=3, passes=2, scored=3, faults=1, scored_single=False, cost_usd=0.4)
    assert cell_text(several) == "2/3 passed · $0.40 · 1 fault"
    assert cell_text(_cell(trials=0, passes=0, scored=0, scored_single=False, cost_usd=None)) == "0/0 passed · $—"


def test_templates_get_the_same_filters():
    env = jinja_env()
    assert env.from_string("{{ v | money(4) }}|{{ n | money(6, unknown='x') }}").render(v=0.5, n=None) == "$0.5000|x"
    assert env.filters["pct"] is pct and env.filters["duration"] is duration
