"""A seccomp filter for every sandbox: the calls that open a channel between sandboxes are refused.

Two families of kernel objects are not separated by the sandbox's namespaces, and both let two
sandboxes running at once (`memeval ab --concurrency N`) talk:

- **Keyrings.** Every sandbox maps its root to the same host uid (`HOST_ID_BASE`), and a key one
  sandbox adds is listed in every other's `/proc/keys` and readable by its serial number (measured
  on Linux 6.18: a key added with permissions 0x3f3f3f3f in one sandbox was read whole from another
  running beside it). `add_key`, `request_key` and `keyctl` fail with EPERM, as Docker's default
  seccomp profile does for the same reason; no ordinary program needs them (Kerberos' keyring
  credential cache is the one common user, and falls back to files).
- **File watches.** The read-only system files (`/usr`, the bound `/etc` files, agent tools bound
  from outside `/usr`) are the same inodes in every sandbox, and an inotify or fanotify watch on
  one reports what any other sandbox does with it (measured on Linux 6.18: an `IN_OPEN` watch on
  `/usr/share/common-licenses/GPL-3` in one sandbox saw a `cat` of it in another; one file a bit,
  thousands of bits a second). `inotify_init`, `inotify_init1` answer EMFILE, which is what the
  kernel itself answers when the user's `fs.inotify.max_user_instances` is used up, so programs
  take the path they already have for a busy machine: coreutils' `tail -f` says "inotify cannot be
  used, reverting to polling" and polls, and the agent CLIs of README's matrix (claude-code, codex,
  gemini-cli, opencode, aider) pass their matrix test with it; `fanotify_init` answers EPERM, what
  an unprivileged process got before Linux 5.13. A watch set up before the filter is loaded does
  not exist: the filter is loaded by bubblewrap before the sandbox's command starts.

So with `--concurrency` the code a verifier runs (the agent's program, with `/tests` mounted) cannot
hand the held-back tests to another trial's agent through either, nor one arm pass notes to the
other. (File locks on those inodes are a channel of the same family that a filter cannot close
without breaking ordinary programs; the runner keeps a task's agents and verifiers apart instead,
`memeval.runner._phases`.)

The filter is a classic BPF program (`struct sock_filter[]`, seccomp(2)) handed to bubblewrap's
`--seccomp FD`, which loads it after building the sandbox and before running the command. It
checks the calling convention's architecture first (a 32-bit process on a 64-bit kernel numbers
its calls differently) and lets through anything of an architecture it does not list.
"""

from __future__ import annotations

import errno
import struct
from collections.abc import Mapping

_LD_W_ABS = 0x20  # BPF_LD | BPF_W | BPF_ABS
_JEQ_K = 0x15  # BPF_JMP | BPF_JEQ | BPF_K
_AND_K = 0x54  # BPF_ALU | BPF_AND | BPF_K
_RET_K = 0x06  # BPF_RET | BPF_K
_NR, _ARCH = 0, 4  # offsets in struct seccomp_data
_RET_ERRNO = 0x00050000  # SECCOMP_RET_ERRNO, the errno in the low 16 bits
RET_ALLOW = 0x7FFF0000  # SECCOMP_RET_ALLOW
RET_EPERM = _RET_ERRNO | errno.EPERM
RET_EMFILE = _RET_ERRNO | errno.EMFILE
_X32_BIT = 0x40000000  # __X32_SYSCALL_BIT: x32 calls are x86_64's numbers with this bit set
_X86_64 = 0xC000003E  # AUDIT_ARCH_X86_64 (and x32, with its bit masked off)

KEY_CALLS: dict[int, tuple[int, int, int]] = {
    _X86_64: (248, 249, 250),
    0x40000003: (286, 287, 288),  # AUDIT_ARCH_I386
    0xC00000B7: (217, 218, 219),  # AUDIT_ARCH_AARCH64
    0x40000028: (309, 310, 311),  # AUDIT_ARCH_ARM
}
"""`add_key`, `request_key`, `keyctl` for each architecture the filter knows (the kernel's
syscall tables: arch/x86/entry/syscalls, include/uapi/asm-generic/unistd.h, arch/arm/tools)."""

INOTIFY_CALLS: dict[int, tuple[int, ...]] = {
    _X86_64: (253, 294),
    0x40000003: (291, 332),
    0xC00000B7: (26,),  # the generic table has inotify_init1 only
    0x40000028: (316, 360),
}
"""`inotify_init`, `inotify_init1` for each architecture (same tables); they answer EMFILE."""

FANOTIFY_CALLS: dict[int, tuple[int, ...]] = {
    _X86_64: (300,),
    0x40000003: (338,),
    0xC00000B7: (262,),
    0x40000028: (367,),
}
"""`fanotify_init` for each architecture (same tables); it answers EPERM."""


PRLIMIT_CALLS: dict[int, int] = {_X86_64: 302, 0x40000003: 340, 0xC00000B7: 261, 0x40000028: 369}
"""`prlimit64` for each architecture (same tables). It is let through only for the caller itself (pid 0) or
to read a limit (no new limit given); setting another process's limits answers EPERM, as it does without the
right uid. The kernel lets a process lower the limits of any process of its uid (`check_prlimit_permission`),
so in a verifier the program the tests run could cap test.sh's open files (`RLIMIT_NOFILE` 3) after writing a
passing reward: test.sh's own `echo 0 > reward.txt` then failed to open and the planted reward stood, with
test.sh exiting by itself. `setrlimit`, `ulimit` and `prlimit CMD` set the caller's own (pid 0)."""
_ARG0_LO, _ARG2_LO, _ARG2_HI = 16, 32, 36  # offsets of args[0] and args[2] in struct seccomp_data (little-endian)


def _prlimit_check(nr: int) -> list[tuple[int, int, int, int]]:
    """Instructions run with the call number loaded: `prlimit64` on another pid setting a limit returns EPERM.

    Any other call jumps past them with the number still loaded; `prlimit64` always returns here. A pid is a
    32-bit `pid_t`, so its low word is compared; the new-limit pointer is compared whole.
    """
    return [
        (_JEQ_K, 0, 8, nr),  # not prlimit64: on to the compares after this block
        (_LD_W_ABS, 0, 0, _ARG0_LO),
        (_JEQ_K, 4, 0, 0),  # pid 0, the caller itself: allow
        (_LD_W_ABS, 0, 0, _ARG2_LO),
        (_JEQ_K, 0, 3, 0),
        (_LD_W_ABS, 0, 0, _ARG2_HI),
        (_JEQ_K, 0, 1, 0),  # no new limit (a read): allow
        (_RET_K, 0, 0, RET_ALLOW),
        (_RET_K, 0, 0, RET_EPERM),
    ]


PTRACE_CALLS: dict[int, tuple[int, ...]] = {
    _X86_64: (101, 521),
    0x40000003: (26,),
    0xC00000B7: (117,),
    0x40000028: (26,),
}
"""`ptrace` for each architecture (x86_64 with its x32 number, same tables). With `no_attach` (the verifier) its
`PTRACE_ATTACH` and `PTRACE_SEIZE` requests answer EPERM; `PTRACE_TRACEME` (`gdb CMD`) and requests on a tracee
already held pass."""
VM_WRITE_CALLS: dict[int, tuple[int, ...]] = {
    _X86_64: (311, 540),
    0x40000003: (348,),
    0xC00000B7: (271,),
    0x40000028: (377,),
}
"""`process_vm_writev` for each architecture (same tables): refused with `no_attach`."""
ATTACH_REQUESTS = (16, 0x4206)
"""`PTRACE_ATTACH`, `PTRACE_SEIZE` (`<sys/ptrace.h>`)."""


def _attach_check(nr: int) -> list[tuple[int, int, int, int]]:
    """With the call number loaded: `ptrace` call `nr` attaching to a running process returns EPERM, any other passes.

    Other calls jump past with the number still loaded; `ptrace` always returns here.
    """
    return [
        (_JEQ_K, 0, 5, nr),
        (_LD_W_ABS, 0, 0, _ARG0_LO),
        (_JEQ_K, 2, 0, ATTACH_REQUESTS[0]),
        (_JEQ_K, 1, 0, ATTACH_REQUESTS[1]),
        (_RET_K, 0, 0, RET_ALLOW),
        (_RET_K, 0, 0, RET_EPERM),
    ]


CLONE_CALLS: dict[int, tuple[int, ...]] = {_X86_64: (56,), 0x40000003: (120,), 0xC00000B7: (220,), 0x40000028: (120,)}
"""`clone` for each architecture (same tables; its flags are the first argument on all four). With `no_attach` a
call asking for `CLONE_PARENT` answers EPERM (`_clone_parent_check`)."""
CLONE_PARENT = 0x00008000
"""`CLONE_PARENT` (`<linux/sched.h>`): the new process's parent is the caller's parent. In a verifier, the program
test.sh ran made test.sh's own bash the parent of a daemon that wrote `1` over test.sh's failing reward: bash reaps
a child it never started without a word, so the exit wrapper, which names the orphans it adopts and reaps, never
saw it (breaker27). No ordinary program asks for it (fork, posix_spawn and threads in glibc, Go, Node do not)."""
CLONE3_CALLS: dict[int, tuple[int, ...]] = {_X86_64: (435,), 0x40000003: (435,), 0xC00000B7: (435,), 0x40000028: (435,)}
"""`clone3` for each architecture (same tables). Its flags are in a structure the filter cannot read, so with
`no_attach` it answers ENOSYS, as Docker's default profile does: glibc, Go and the rest then call `clone`, whose
flags it can."""
RET_ENOSYS = _RET_ERRNO | errno.ENOSYS


def _clone_parent_check(nr: int) -> list[tuple[int, int, int, int]]:
    """With the call number loaded: `clone` call `nr` with `CLONE_PARENT` in its flags returns EPERM, any other passes.

    Other calls jump past with the number still loaded; `clone` always returns here. The flags are 64-bit; the
    flag is in the low word.
    """
    return [
        (_JEQ_K, 0, 5, nr),
        (_LD_W_ABS, 0, 0, _ARG0_LO),
        (_AND_K, 0, 0, CLONE_PARENT),
        (_JEQ_K, 0, 1, 0),
        (_RET_K, 0, 0, RET_ALLOW),
        (_RET_K, 0, 0, RET_EPERM),
    ]


def refused_calls(no_attach: bool = False) -> dict[int, dict[int, int]]:
    """Each architecture's refused call numbers and the `SECCOMP_RET_ERRNO` value each returns.

    `no_attach` adds `VM_WRITE_CALLS` and `CLONE3_CALLS` (the verifier's filter; see `sandbox_filter`).
    """
    out: dict[int, dict[int, int]] = {}
    tables: list[tuple[Mapping[int, tuple[int, ...]], int]] = [
        (KEY_CALLS, RET_EPERM),
        (INOTIFY_CALLS, RET_EMFILE),
        (FANOTIFY_CALLS, RET_EPERM),
    ]
    for table, ret in tables + ([(VM_WRITE_CALLS, RET_EPERM), (CLONE3_CALLS, RET_ENOSYS)] if no_attach else []):
        for arch, calls in table.items():
            out.setdefault(arch, {}).update(dict.fromkeys(calls, ret))
    return out


def _insn(code: int, jt: int, jf: int, k: int) -> bytes:
    return struct.pack("=HBBI", code, jt, jf, k)


def sandbox_filter(no_attach: bool = False) -> bytes:
    """The compiled filter: `refused_calls()` return their errno, everything else is allowed (see below).

    `prlimit64` setting another process's limits returns EPERM (`PRLIMIT_CALLS`, `_prlimit_check`, just
    after the call number is loaded). With `no_attach` (a verifier's sandbox), so is attaching to a running
    process (`ptrace` `PTRACE_ATTACH`/`PTRACE_SEIZE`, `_attach_check`) and writing its memory
    (`process_vm_writev`): the program the tests run shares their uid, and the kernel (with no Yama here) let it
    attach a debugger to the test runner that started it and make it exit 0 (`gdb -p PPID`, `call _exit(0)`); and
    `clone` with `CLONE_PARENT` (`_clone_parent_check`, `clone3` answering ENOSYS), which hid a daemon from the exit
    wrapper.
    Agent turns keep them: debugging one's own processes is ordinary work.

    Layout per architecture: `arch == A ? (load nr, [mask x32 bit], nr == each ? its return) :
    next architecture`, then allow. Returns are grouped by value after the compares, so each
    compare jumps forward to its group's `ret`. Jump offsets count instructions after the jump
    (BPF's rule) and fit in a byte by far (a few dozen instructions in all).
    """
    blocks: list[list[tuple[int, int, int, int]]] = []
    for arch, calls in refused_calls(no_attach).items():
        rets = sorted(set(calls.values()))
        body: list[tuple[int, int, int, int]] = [(_LD_W_ABS, 0, 0, _NR)]
        if arch == _X86_64:
            body.append((_AND_K, 0, 0, 0xFFFFFFFF ^ _X32_BIT))
        if arch in PRLIMIT_CALLS:
            body += _prlimit_check(PRLIMIT_CALLS[arch])
        if no_attach:
            for nr in PTRACE_CALLS.get(arch, ()):
                body += _attach_check(nr)
            for nr in CLONE_CALLS.get(arch, ()):
                body += _clone_parent_check(nr)
        items = list(calls.items())
        for i, (nr, ret) in enumerate(items):
            # after this compare: the compares left, the allow, then the returns in `rets` order
            body.append((_JEQ_K, len(items) - 1 - i + 1 + rets.index(ret), 0, nr))
        body.append((_RET_K, 0, 0, RET_ALLOW))
        body += [(_RET_K, 0, 0, ret) for ret in rets]
        blocks.append(body)
    out = [_insn(_LD_W_ABS, 0, 0, _ARCH)]
    arches = list(refused_calls(no_attach))
    for n, (arch, body) in enumerate(zip(arches, blocks, strict=True)):
        # not this architecture: skip its block (to the next architecture's compare, or the final allow)
        out.append(_insn(_JEQ_K, 0, len(body), arch))
        out += [_insn(*ins) for ins in body]
        if n != len(blocks) - 1:
            out.append(_insn(_LD_W_ABS, 0, 0, _ARCH))
    out.append(_insn(_RET_K, 0, 0, RET_ALLOW))
    return b"".join(out)


__all__ = [
    "CLONE3_CALLS",
    "CLONE_CALLS",
    "CLONE_PARENT",
    "FANOTIFY_CALLS",
    "INOTIFY_CALLS",
    "KEY_CALLS",
    "PRLIMIT_CALLS",
    "PTRACE_CALLS",
    "RET_ALLOW",
    "RET_EMFILE",
    "RET_ENOSYS",
    "RET_EPERM",
    "VM_WRITE_CALLS",
    "refused_calls",
    "sandbox_filter",
]
