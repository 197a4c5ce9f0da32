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

TOML = "[verifier]\ntimeout_sec = 30.0\n[agent]\ntimeout_sec = 20.0\n[environment]\nstorage_mb = 10\n"
FILL_TMP = "for i in 1 2 3 4 5 6 7 8; do head -c 4194304 /dev/zero > /tmp/fill-$i.bin || exit 9; done\n"
TMP_TYPE = "stat -f -c %T /tmp > /app/tmp-type.txt\n"


def test_the_agents_tmp_is_on_disk_and_counts_against_storage_mb(hostile) -> None:
    run = hostile(TMP_TYPE + FILL_TMP + "sleep 15\n", "--retain", "always", name="fill", task_toml=TOML,
                  test_sh="echo 0 > /logs/verifier/reward.txt\n")  # fmt: skip
    for t in run.trials:
        assert t["fault"] is None and t["execution"] == "errored", t  # the watch ended it, long before 15 s
        assert "storage limit of 10 MiB (task.toml storage_mb) exceeded" in (t["execution_reason"] or ""), t
        world = run.run_dir / t["workspace"]["retained"] / "app"
        assert (world / "tmp-type.txt").read_text().strip() != "tmpfs"  # was tmpfs: memory, not disk
    assert "the agent's and the verifier's total by a watch on the world and /tmp" in run.doc["run_card"]["sandbox"]


def test_the_verifier_is_held_to_storage_mb_too(hostile) -> None:
    test_sh = "stat -f -c %T /tmp\n" + FILL_TMP + "sleep 10\necho 1 > /logs/verifier/reward.txt\n"
    # every trial faulted (exit 3); on the old code both passed (reward 1) after writing 32 MiB
    run = hostile(name="fill", task_toml=TOML, test_sh=test_sh, agent_cmd="true", codes=(3,))
    for t in run.trials:
        assert t["fault"]["code"] == "protocol", t
        assert "storage limit of 10 MiB (task.toml storage_mb) exceeded" in t["fault"]["message"], t["fault"]


def test_a_verifier_within_storage_mb_passes_and_its_tmp_is_fresh(hostile) -> None:
    test_sh = (
        "[ ! -e /tmp/left-by-agent ] || exit 3\n"  # fresh: nothing the agent left in its own /tmp
        "head -c 1048576 /dev/zero > /tmp/small.bin && echo 1 > /logs/verifier/reward.txt\n"
    )
    run = hostile(name="ok", task_toml=TOML, test_sh=test_sh, agent_cmd="touch /tmp/left-by-agent", codes=(0, 1, 3))
    for t in run.trials:
        assert t["fault"] is None and t["verified"] is True, (t, run.err)
