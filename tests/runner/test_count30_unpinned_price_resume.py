"""A run planned before run cards pinned the price file can be resumed with the file its calls were priced with.

count29 pinned the user price file on the run card (`prices`, `sha256:` of its bytes) and `--resume` compared it with
the file given. A run planned before then has no pin: resumed with `--prices` (the file it was started with) it was
refused (`prices: None != 'sha256:...'`), with no way on but a new run; resumed without `--prices` it went on, pricing
its later calls from genai-prices alone while its earlier ones were priced by the file. Now such a run's own recorded
costs decide (`memeval.runner._repin`): the same file prices them the same and the run resumes; an edited file, or
none, is refused naming the call it would price otherwise and the fix. Nothing stored is changed: the log's lines
before the resume stay as they were. A real `memeval ab` through the real proxy to a local upstream
(`wire_rig.EchoModel`, recorded OpenAI chat completion 12, the model named as asked), its `run.planned` line then
written as a memeval before count29 wrote it (no `prices` on the card).
"""

from __future__ import annotations

import json
from pathlib import Path

from runner_helpers import RunAb, make_task
from wire_rig import ANSWER_TEST_SH, MODEL_FILE_AGENT, EchoModel, make_agent

PRICES = (
    '[models."acme-private-1"]\ninput_usd_per_mtok = {input}\noutput_usd_per_mtok = 10.0\n'
    "cache_read_usd_per_mtok = 0.1\ncache_write_usd_per_mtok = 1.25\n"
)


def _unpin(log: Path) -> bytes:
    """Write `run.planned`'s card without `prices`, as memeval wrote cards before count29; the log's new bytes."""
    lines = log.read_bytes().splitlines(keepends=True)
    planned = json.loads(lines[0])
    assert planned["event"] == "run.planned" and planned["run_card"].pop("prices").startswith("sha256:")
    lines[0] = (json.dumps(planned, separators=(",", ":"), ensure_ascii=False, sort_keys=True) + "\n").encode()
    log.write_bytes(b"".join(lines))
    return log.read_bytes()


def test_a_run_without_a_price_pin_resumes_with_the_file_its_calls_were_priced_with(
    tmp_path: Path, run_ab: RunAb
) -> None:
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
        log = tmp_path / "runs" / run / "events.jsonl"
        before = _unpin(log)

        code, _, err = run_ab(*base, "--resume", run)  # the file it was started with
        assert code == 0, err  # main: refused, "prices: None != 'sha256:...'"
        assert log.read_bytes().startswith(before)  # nothing stored changed; a resume appends

        prices.write_text(PRICES.format(input="4.0"))  # the price edited since
        code, _, err = run_ab(*base, "--resume", run)
        assert code == 2 and "cannot resume" in err, err
        assert "model 'acme-private-1') was priced $" in err and " as recorded by user:" in err, err  # the call
        assert "prices its recorded counts $" in err and f"resume it with --prices {prices} as it was" in err, err

        prices.write_text(PRICES.format(input="1.0"))
        code, _, err = run_ab(*base[:-2], "--resume", run)  # no file: its later calls would be priced otherwise
        assert code == 2 and f"by user:{prices}, and no price file is given" in err, err  # main: resumed, exit 0
        assert log.read_bytes().startswith(before)
    finally:
        up.stop()


def test_a_run_without_a_price_pin_or_a_price_file_resumes_as_before(tmp_path: Path, run_ab: RunAb) -> None:
    """A run priced by genai-prices alone resumes without a file; a file that would price its model is refused."""
    make_task(tmp_path / "tasks", "t", test_sh=ANSWER_TEST_SH, files={"model.txt": "gpt-5.6-sol"})
    agent = make_agent(tmp_path / "agent", script=MODEL_FILE_AGENT)
    prices = tmp_path / "prices.toml"
    prices.write_text('[models."gpt-5.6-sol"]\ninput_usd_per_mtok = 9.0\noutput_usd_per_mtok = 90.0\n')
    up = EchoModel().start()
    try:
        base = (str(tmp_path / "tasks"), "--agent", str(agent), "--upstream", f"api=openai,url={up.url}/v1")
        code, doc, err = run_ab(*base)
        assert code == 0 and doc, err
        run = doc["run_id"]
        code, _, err = run_ab(*base, "--resume", run)
        assert code == 0, err
        code, _, err = run_ab(*base, "--prices", str(prices), "--resume", run)
        assert code == 2 and "prices model 'gpt-5.6-sol', so its later calls would be priced otherwise" in err, err
        assert "resume it without a price file" in err, err
    finally:
        up.stop()
