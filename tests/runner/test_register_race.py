"""A trial registered while another thread reads the run's spend is never read before the proxy knows it.

`RunMeter.register_trial` put the registration in the run's list, released its lock, and only then
registered it with the proxy; `run_spend_usd` (read by every trial that checks the run's limit)
walks that list and asks the proxy for each entry, so a trial caught between the two steps raised
`MeterError: trial '...@1' is not registered with this proxy` and ended the whole `memeval ab`
with exit 1. Seen once in the merged suite (20 trials racing a tight run limit,
`test_concurrency.py`). Real meter and proxy, no upstream; many registrations against a reader.
"""

from __future__ import annotations

import threading
from pathlib import Path

from memeval.errors import MeterError
from memeval.eventlog import RunLog
from memeval.runner._runmeter import open_meter


def test_run_spend_read_while_trials_register_never_meets_a_half_registered_trial(tmp_path: Path) -> None:
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "events.jsonl").touch()  # an empty log: nothing spent before this session
    log = RunLog(tmp_path / "run")
    errors: list[MeterError] = []
    done = threading.Event()
    with open_meter(log, [], run_budget_usd=1.0) as meter:

        def read() -> None:
            while not done.is_set():
                try:
                    meter.run_spend_usd()
                    meter.run_limit_reached()
                except MeterError as exc:  # recorded and asserted on below
                    errors.append(exc)
                    return

        readers = [threading.Thread(target=read) for _ in range(2)]
        for t in readers:
            t.start()
        try:
            for i in range(3000):
                tid = f"t{i}:baseline:1"
                meter.register_trial(tid, "subject", 0.01)
                meter.register_assessor(tid)
                meter.unregister_trial(tid)
                if errors:
                    break
        finally:
            done.set()
            for t in readers:
                t.join()
    assert not errors, repr(errors[0])
