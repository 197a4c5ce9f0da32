"""`su` to a system user in a test.sh failed in every sandbox (breaker43; seen by breaker41 in a world with `/var`).

A test.sh that runs the solver as the service's user (`su -s /bin/sh www-data -c CMD`, as in a container where the
test runs as root) got `su: Authentication failure`, and an honest answer scored 0 in both arms. Not `/var`: `su` runs
PAM's account stack (`pam_unix`), which reads the user's password ageing from `/etc/shadow`, and no sandbox showed
one, so every user but `nobody` was refused (`runuser`, which checks no account, worked). Every sandbox now sees a
shadow database of its users' names, each with a locked password (`*`) and no ageing: no hash of the host's.
"""

from __future__ import annotations

from hostile import HostileRig, assert_clean

TEST_SH = """\
chown -R www-data:www-data /app
out=$(su -s /bin/sh www-data -c 'python3 /app/solver.py; id -un' 2>&1)
pg=$(su -s /bin/sh daemon -c 'id -u' 2>&1)
echo "$out / $pg" >&2
if [ "$out" = "$(printf '42\\nwww-data')" ] && [ "$pg" = 1 ]; then echo 1; else echo 0; fi \\
  > /logs/verifier/reward.txt
"""
WITH_VAR = "WORKDIR /app\nCOPY app/ /app/\nRUN mkdir -p /var/www\n"


def test_su_to_a_system_user_works_in_the_verifier(hostile: HostileRig) -> None:
    attack = "printf 'print(6*7)\\n' > /app/solver.py\n"  # no attack: an honest solver
    hostile.task("plain", attack, test_sh=TEST_SH)
    hostile.task("var", attack, test_sh=TEST_SH, dockerfile=WITH_VAR)  # `/var` a world folder, as breaker41's
    run = hostile.run()
    assert len(run.trials) == 2 * run.per_task, run.trials
    for trial in run.trials:  # on main: reward 0 (`su: Authentication failure`)
        assert_clean(trial)


def test_the_shadow_stand_in_holds_names_and_no_hash() -> None:
    from memeval.sandbox._etc import shadow_lines

    passwd = "root:x:0:0:root:/root:/bin/bash\n# a comment\nwww-data:x:33:33::/var/www:/usr/sbin/nologin\n\nbad\n"
    assert shadow_lines(passwd) == "root:*:::::::\nwww-data:*:::::::\n"
