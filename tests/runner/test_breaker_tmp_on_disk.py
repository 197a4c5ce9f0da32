"""A sandbox's /tmp is on disk under the task's storage_mb, in the agent's turn and in the verifier alike.

Found by a breaker: the agent's /tmp was a tmpfs sized to the task's `storage_mb`, which is memory, not disk: a
task naming no storage_mb got `--default-storage-mb` (10 GiB) of the host's memory per running agent, outside
its memory limit (tmpfs pages are the kernel's, not the cgroup's once swapped out of its reach) and outside the
watch. The verifier, which runs the agent's program, had no storage limit at all: an unsized tmpfs at /tmp (half
the host's memory) and the world to grow without a watch. Now both sandboxes bind a fresh folder of the attempt
as /tmp and watch it with the world against storage_mb; a verifier ended at the limit is a `protocol` fault.
Real `memeval ab`, real bubblewrap sandboxes.
"""

from __future__ import annotations

from pathlib import Path

from runner_helpers import make_task

TOML = "[verifier]\ntimeout_sec = 30.0\n[agent]\ntimeout_sec = 20.0\n[environment]\nstorage_mb = 10\n"
FILL_TMP = "for i in 1 2 3 4 5 6 7 8; do head -c 4194304 /dev/zero > /tmp/fill-$i.bin || exit 9; done\n"
TMP_TYPE = "stat -f -c %T /tmp > /app/tmp-type.txt\n"


def test_the_agents_tmp_is_on_disk_and_counts_against_storage_mb(tmp_path: Path, run_ab) -> None:
    make_task(tmp_path / "tasks", "fill", files={"attack.sh": TMP_TYPE + FILL_TMP + "sleep 15\n"}, task_toml=TOML,
              test_sh="echo 0 > /logs/verifier/reward.txt\n")  # fmt: skip
    code, doc, err = run_ab(str(tmp_path / "tasks"), "--agent", "command", "--agent-cmd", "bash /app/attack.sh",
                            "--network", "none", "--retain", "always")  # fmt: skip
    assert code in (0, 1), err
    for t in doc["trials"]:
        assert t["fault"] is None and t["execution"] == "errored", t  # the watch ended it, long before 15 s
        assert "storage limit of 10 MiB (task.toml storage_mb) exceeded" in (t["execution_reason"] or ""), t
        world = tmp_path / "runs" / doc["run_id"] / t["workspace"]["retained"] / "app"
        assert (world / "tmp-type.txt").read_text().strip() != "tmpfs"  # was tmpfs: memory, not disk
    assert "the agent's and the verifier's total by a watch on the world and /tmp" in doc["run_card"]["sandbox"]


def test_the_verifier_is_held_to_storage_mb_too(tmp_path: Path, run_ab) -> None:
    test_sh = "stat -f -c %T /tmp\n" + FILL_TMP + "sleep 10\necho 1 > /logs/verifier/reward.txt\n"
    make_task(tmp_path / "tasks", "fill", task_toml=TOML, test_sh=test_sh)
    code, doc, err = run_ab(str(tmp_path / "tasks"), "--agent", "command", "--agent-cmd", "true", "--network", "none")
    assert code == 3, err  # every trial faulted; on the old code both passed (reward 1) after writing 32 MiB
    for t in doc["trials"]:
        assert t["fault"]["code"] == "protocol", t
        assert "storage limit of 10 MiB (task.toml storage_mb) exceeded" in t["fault"]["message"], t["fault"]


def test_a_verifier_within_storage_mb_passes_and_its_tmp_is_fresh(tmp_path: Path, run_ab) -> None:
    test_sh = (
        "[ ! -e /tmp/left-by-agent ] || exit 3\n"  # fresh: nothing the agent left in its own /tmp
        "head -c 1048576 /dev/zero > /tmp/small.bin && echo 1 > /logs/verifier/reward.txt\n"
    )
    make_task(tmp_path / "tasks", "ok", task_toml=TOML, test_sh=test_sh)
    code, doc, err = run_ab(str(tmp_path / "tasks"), "--agent", "command", "--agent-cmd", "touch /tmp/left-by-agent",
                            "--network", "none")  # fmt: skip
    assert code in (0, 1, 3), err
    for t in doc["trials"]:
        assert t["fault"] is None and t["verified"] is True, (t, err)
