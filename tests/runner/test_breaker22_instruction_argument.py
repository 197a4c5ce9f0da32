"""An instruction no program argument can hold is a `boot` fault of the trial, not the end of the run.

Four of the five presets (and `--instruction-via arg`) hand the instruction over as one argument. A task whose
`instruction.md` held a NUL character ended `memeval ab` in `ValueError: embedded null byte` (a traceback, exit 1),
and one over Linux's 131,071 bytes an argument holds ended it with `could not start bubblewrap: Argument list too
long`. The pack arm's instruction is the longer (the memory pointer is added): a task just under the bound ran cold
and ended the whole run in its pack arm.
"""

from __future__ import annotations

from pathlib import Path

from runner_helpers import make_task, one_item_pack, run_ab, trials_by_id  # noqa: F401  (run_ab is a fixture)

MAX_ARG_BYTES = 131_071
"""Linux's MAX_ARG_STRLEN (32 pages of 4 KiB) less the argument's NUL: `memeval.runner._agentenv.MAX_ARG_BYTES`."""


def _run(tmp_path: Path, run_ab, instruction: str) -> tuple[int, dict, str]:  # noqa: F811
    make_task(tmp_path / "tasks", "long", instruction=instruction)
    pack = one_item_pack(tmp_path / "pack.json")
    args = ("--pack", str(pack), "--network", "none", "--agent", "command", "--agent-cmd", "true")
    return run_ab(str(tmp_path / "tasks"), *args, "--instruction-via", "arg")


def test_an_instruction_the_pack_pointer_takes_past_the_bound_faults_that_arm_alone(tmp_path: Path, run_ab) -> None:  # noqa: F811
    code, doc, err = _run(tmp_path, run_ab, "x" * (MAX_ARG_BYTES - 20))
    assert "Traceback" not in err and "Argument list too long" not in err, err[-2000:]
    assert code == 3, (code, err[-2000:])  # nothing paired: the pack arm faulted
    by_mode = {t["mode"]: t for t in trials_by_id(doc).values()}
    assert by_mode["baseline"]["fault"] is None and by_mode["baseline"]["reward"] == 1, by_mode["baseline"]
    fault = by_mode["pack"]["fault"]
    assert fault["code"] == "boot" and f"over the {MAX_ARG_BYTES} one program argument holds" in fault["message"]


def test_a_nul_in_the_instruction_faults_both_trials_naming_it(tmp_path: Path, run_ab) -> None:  # noqa: F811
    code, doc, err = _run(tmp_path, run_ab, "Do the task.\0 Then stop.\n")
    assert "Traceback" not in err and "embedded null byte" not in err, err[-2000:]
    assert code == 3, (code, err[-2000:])
    for trial in trials_by_id(doc).values():
        assert trial["fault"]["code"] == "boot", trial
        assert "the instruction holds a NUL character (at character 12)" in trial["fault"]["message"], trial
