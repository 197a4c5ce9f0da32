"""Reading the reward on the host: whatever sits in /logs/verifier is treated as hostile."""

import os
import threading
from pathlib import Path

import pytest

from memeval.runner import RewardError, read_reward
from memeval.runner._verify import MAX_REWARD_BYTES


def _logs(tmp_path: Path) -> Path:
    d = tmp_path / "logs"
    d.mkdir()
    return d


@pytest.mark.parametrize(
    ("name", "text", "value", "source"),
    [
        ("reward.txt", "1\n", 1.0, "reward.txt"),
        ("reward.txt", " 0.25 ", 0.25, "reward.txt"),
        ("reward.json", '{"reward": 0}', 0.0, "reward.json:reward"),
        ("reward.json", '{"score": 1}', 1.0, "reward.json:score"),
    ],
)
def test_regular_reward_files_are_read(tmp_path: Path, name, text, value, source):
    d = _logs(tmp_path)
    (d / name).write_text(text)
    r = read_reward(d)
    assert (r.value, r.source) == (value, source)


def test_a_symlink_to_a_host_file_holding_1_is_not_followed(tmp_path: Path):
    host = tmp_path / "host-secret"
    host.write_text("1\n")
    d = _logs(tmp_path)
    (d / "reward.txt").symlink_to(host)
    with pytest.raises(RewardError, match="symbolic link"):
        read_reward(d)


def test_host_file_content_never_reaches_the_message(tmp_path: Path):
    d = _logs(tmp_path)
    (d / "reward.txt").write_text("SECRET-sk-live-0123456789\n")
    with pytest.raises(RewardError) as exc:
        read_reward(d)
    assert "SECRET" not in str(exc.value) and "bytes" in str(exc.value)
    (d / "reward.txt").unlink()
    # Harbor's rule (issue 12): the only number counts; a key that is not a short identifier is
    # never shown, neither in the source recorded nor in a fault naming the keys
    (d / "reward.json").write_text('{"SECRET-a": 1, "SECRET-b": "SECRET-c"}')
    assert "SECRET" not in read_reward(d).source
    (d / "reward.json").write_text('{"SECRET-a": 1, "SECRET-b": 0.5}')
    with pytest.raises(RewardError) as exc:
        read_reward(d)
    assert "SECRET" not in str(exc.value)
    (d / "reward.json").write_text('{"reward": "SECRET-c"}')
    with pytest.raises(RewardError, match="string") as exc:
        read_reward(d)
    assert "SECRET" not in str(exc.value)


def test_a_named_pipe_does_not_block(tmp_path: Path):
    d = _logs(tmp_path)
    os.mkfifo(d / "reward.txt")
    done: list[BaseException | None] = []

    def go() -> None:
        try:
            read_reward(d)
        except RewardError as exc:
            done.append(exc)

    t = threading.Thread(target=go, daemon=True)
    t.start()
    t.join(10)
    assert done and "named pipe" in str(done[0])


def test_a_folder_and_an_oversized_file_are_faults(tmp_path: Path):
    d = _logs(tmp_path)
    (d / "reward.txt").mkdir()
    with pytest.raises(RewardError, match="folder"):
        read_reward(d)
    (d / "reward.txt").rmdir()
    (d / "reward.txt").write_bytes(b"1" + b" " * MAX_REWARD_BYTES)
    with pytest.raises(RewardError, match="over"):
        read_reward(d)


def test_a_symlinked_logs_folder_is_refused(tmp_path: Path):
    real = _logs(tmp_path)
    (real / "reward.txt").write_text("1")
    (tmp_path / "link").symlink_to(real)
    with pytest.raises(RewardError, match="could not be opened"):
        read_reward(tmp_path / "link")


@pytest.mark.parametrize("text", ["１", "１.０", "\u0661"])  # full-width one and zero, Arabic-Indic one
def test_a_non_ascii_number_is_not_a_reward(tmp_path: Path, text: str):
    # float() accepts Unicode digits; a verifier writes ASCII, so anything else is malformed.
    (tmp_path / "reward.txt").write_text(text, encoding="utf-8")
    with pytest.raises(RewardError, match="not a number") as err:
        read_reward(tmp_path)
    assert text not in str(err.value)


def test_a_negative_seed_is_a_usage_error(tmp_path: Path):
    from typer.testing import CliRunner

    from memeval.cli import app

    mini = Path(__file__).resolve().parents[1] / "fixtures" / "tasksets" / "mini"
    res = CliRunner().invoke(
        app,
        ["ab", str(mini), "--agent", "nop", "--network", "none", "--seed", "-5", "--runs-dir", str(tmp_path / "runs")],
    )
    assert res.exit_code == 2 and "--seed" in res.output
    assert not (tmp_path / "runs").exists()
