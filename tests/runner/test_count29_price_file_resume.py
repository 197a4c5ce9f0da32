"""A run resumed under another price file: refused, since its calls would be priced with two tables and both read known.

The user's price file (`--prices`, or memeval.toml's) prices each call as the proxy records it; the cost is stored
in the call's line, never priced again. A run started with one file and resumed after the file was edited (a
private model's price corrected, a negotiated price added for a model genai-prices knows) priced the trials before
the resume at the old prices and those after at the new, each cost known, `price_source` naming the same path: the
arms' spend and cost of a pass mixed two price lists with nothing said, and the arm whose trials ran later took the
change as if it were the memory's doing. Now the run card pins the file (`prices`: `sha256:` of its bytes), so
`--resume` refuses a changed or missing file, naming the field, as for any other run-card change, and `memeval
compare` names the difference. A real `memeval ab` through the real proxy to a local upstream (`wire_rig.EchoModel`,
recorded OpenAI chat completion 12, the model named as asked).
"""

from __future__ import annotations

from pathlib import Path

from runner_helpers import RunAb, make_task
from wire_rig import ANSWER_TEST_SH, MODEL_FILE_AGENT, EchoModel, make_agent

from memeval.eventlog import RunLog, RunPlanned

PRICES = (
    '[models."acme-private-1"]\ninput_usd_per_mtok = {input}\noutput_usd_per_mtok = 10.0\n'
    "cache_read_usd_per_mtok = 0.1\ncache_write_usd_per_mtok = 1.25\n"
)


def test_a_resume_under_an_edited_price_file_is_refused(tmp_path: Path, run_ab: RunAb) -> None:
    prices = tmp_path / "prices.toml"
    prices.write_text(PRICES.format(input="1.0"))
    make_task(tmp_path / "tasks", "t", test_sh=ANSWER_TEST_SH, files={"model.txt": "acme-private-1"})
    agent = make_agent(tmp_path / "agent", script=MODEL_FILE_AGENT)
    up = EchoModel().start()
    try:
        base = (
            str(tmp_path / "tasks"), "--agent", str(agent), "--upstream", f"api=openai,url={up.url}/v1",
            "--prices", str(prices),
        )  # fmt: skip
        code, doc, err = run_ab(*base)
        assert code == 0 and doc, err
        run = doc["run_id"]
        costs = [t["harness_measured"]["total_cost_usd"] for t in doc["trials"]]
        assert len(costs) == 2 and all(c is not None and c > 0 for c in costs), doc["trials"]

        code, _, err = run_ab(*base, "--resume", run)  # the same file: resumed
        assert code == 0, err

        prices.write_text(PRICES.format(input="4.0"))  # the price corrected between the start and the resume
        code, _, err = run_ab(*base, "--resume", run)
        assert code == 2 and "prices" in err and "cannot resume" in err, err  # main: resumed, exit 0

        code, _, err = run_ab(*base[:-2], "--resume", run)  # the file left out: its calls would be unpriced
        assert code == 2 and "prices" in err, err
    finally:
        up.stop()
    planned = RunLog(tmp_path / "runs" / run).read().events[0]
    assert isinstance(planned, RunPlanned) and (planned.run_card.prices or "").startswith("sha256:")
