"""A price file's malformed model table is refused in one line naming each problem, not pydantic's dump.

Found by a new user writing `input = "free"` for a model in the price file `memeval.toml` names: the
refusal's first line was right, then came pydantic's multi-line report ("3 validation errors for
UserPrice", `[type=missing, input_value=..., input_type=dict]`, a documentation link a problem).
Each problem is now one clause (`input_usd_per_mtok is missing`, `input is not a price key`, the
reason with the value got) and the message ends with what a model's prices are.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memeval.errors import UsageError
from memeval.meter._userprices import load_user_prices


@pytest.mark.parametrize(
    ("table", "problems"),
    [
        ('input = "free"', "input_usd_per_mtok is missing; output_usd_per_mtok is missing; input is not a price key"),
        ("input_usd_per_mtok = -1\noutput_usd_per_mtok = nan",
         "input_usd_per_mtok: Input should be greater than or equal to 0 (got -1); "
         "output_usd_per_mtok: Input should be a finite number (got nan)"),
    ],
)  # fmt: skip
def test_each_problem_in_one_line(tmp_path: Path, table: str, problems: str) -> None:
    f = tmp_path / "prices.toml"
    f.write_text(f'[models."private-1"]\n{table}\n', encoding="utf-8")
    with pytest.raises(UsageError) as caught:
        load_user_prices(f)
    said = str(caught.value)
    assert said.startswith(f"price file {f}: model 'private-1': {problems}; a model's prices are numeric "), said
    assert "\n" not in said and "pydantic" not in said, said
