"""Bad `memeval ab` input is exit 2 with one line naming the value and the fix, and stores nothing.

Found by an outside tester: `--prices` naming a missing file was refused only after the run folder
was made (left `running` for ever in `memeval runs`), and `--slice` without a pack was ignored (the
run went ahead as an A/A run with the slice on no record); an upstream URL that is not http(s)
made a run whose every trial faulted at its first model call.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from runner_helpers import make_task


@pytest.mark.parametrize(
    ("extra", "names"),
    [
        (("--prices", "missing-prices.toml"), ("missing-prices.toml", "readable file")),
        (("--prices", "tasks/t/task.toml"), ("task.toml", "[models.")),
        (("--slice", "pk_01"), ("--slice pk_01", "--pack")),
        (("--upstream", "api=openai,url=ftp://127.0.0.1:9/v1"), ("ftp://127.0.0.1:9/v1", "https://")),
        (("--upstream-url", "127.0.0.1:9/v1"), ("'127.0.0.1:9/v1'", "https://")),
    ],
    ids=["missing-price-file", "price-file-without-models", "slice-without-pack", "ftp-upstream", "schemeless-url"],
)
def test_bad_input_is_refused_before_a_run_folder_is_made(
    tmp_path: Path, run_ab, monkeypatch: pytest.MonkeyPatch, extra: tuple[str, ...], names: tuple[str, ...]
):
    monkeypatch.chdir(tmp_path)
    make_task(tmp_path / "tasks", "t")
    code, _, err = run_ab("tasks", "--agent", "nop", "--network", "none", *extra)
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and all(n in err for n in names), err
    runs = tmp_path / "runs"
    assert not runs.exists() or not any(runs.iterdir()), list(runs.iterdir())
