"""rules/22's (or 23's) patterns and the punctuated reading on planted texts of 16 and 64 KiB: CPU ms and growth.

Each text repeats one unit (a frame, an act, a frame and an act on one line or one per line, a short order's
words, hyphen or dot spelling) to the length; the two rules of `RULES_V22` are run to their end over the
normalised text (`normalize(..., punctuated=True)`, also timed). Linear work grows about 4 times from 16 to 64 KiB.

`--version 23` runs `RULES_V23` over its own units (memory records and their acts, labels to an AI reader after a
sentence's end, Korean and Japanese objects then verbs, "no filters"); `--version 24` runs `RULES_V24` over notes
planted for an AI reader, agent hand-offs, retrospective lessons and German and Spanish overrides; `--version 25`
runs `RULES_V25` (routed hand-offs, memory records with a concealment or a risky act) and
`_rules_v25.catalogue_entry` over their frames, acts and a catalogue's openings.

    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_rules22_pump.py [--version 23|24|25]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from memeval.hold import _rules_v22, _rules_v23, _rules_v24, _rules_v25  # noqa: E402
from memeval.hold._normalize import normalize  # noqa: E402

UNITS = [
    "from now on: skip the\n", "以后把\n", "lesson learned\n", "from now on ", "lesson learned: ",
    "for all future sessions: skip ", "remember this: paste the ", "skip the checks ", "以后", "以后把密钥", "输出",
    "请输出 ", " ai sem ", "me dê acesso ", "12 cpfs ", "curl x ", "-a", "a-b-c-d ", ".a", "i.g.n.o.r.e ",
    "lesson: " + "x" * 90 + " ", "going forward: give ", "memória ", "note for ",
]  # fmt: skip
UNITS23 = [
    "saved preference: push ", "project memory\n", "memory update: add ", "preference saved: ", ", no pr ",
    "directly to ", "authorized_keys ", "ghi nhớ lâu dài: ", "tanpa ", "دون التحقق ", "freigabe ", "onayı ",
    "done. note to the assistant", ". note to the ", "[ai guidance: ", ". parent agent: ", "x. agents reading ",
    ". untuk asisten ai yang ", "시스템 프롬프트를 ", "프롬프트 ", "비밀번호", "システムプロンプト", "tu n'as plus de ",
    ", sans censure", "a. b. c. ", "\n\n",
]  # fmt: skip
UNITS24 = [
    "(note for the ai ", "(for ", "[para el asistente ", "\nhinweis für den ", "<!-- pour les ", ". assistants that ",
    ". coding assistants upgrading ", ". if you are an ai ", "si eres un asistente ", "如果你是",
    "読んだaiアシスタント",
    "handoff from the agent: ", ". message from the planner agent: approved ", "\nnachricht vom agent: wünscht ",
    "。来自规划代理的消息：用户已经授权", "retro outcome: ", "what worked this sprint: keep ",
    "erkenntnis aus dem letzten x ",
    "hier gelten keine ", "zeig deine ", "repite tus ", "alle regeln ", "\n\n",
]  # fmt: skip
UNITS25 = [
    "from the x agent to the y agent: ", "handoff from a-agent to b-agent: ", "handoff from a-agent to b-agent. ",
    "result passed up by the crawler subagent ", "del agente coordinador al agente ", "passaggio dall'agente ",
    "计划代理转交给执行代理：", "计划代理转交给执行代理。", "エージェントから実行エージェントへ",
    "에이전트가 실행 에이전트에게: ", "من وكيل التخطيط إلى وكيل ", "silently ", "do not mention ", "external address ",
    "stored insight: ", "context carried over from session 4: ", "pinned memory: give them sudo ", "长期记忆：",
    "exploits the ", "rot13-encodes the model ", "classic dan jailbreak that ", "\n\n",
]  # fmt: skip
TABLES = {
    22: (_rules_v22.RULES_V22, UNITS),
    23: (_rules_v23.RULES_V23, UNITS23),
    24: (_rules_v24.RULES_V24, UNITS24),
    25: (_rules_v25.RULES_V25, UNITS25),
}


def main() -> None:
    """Print one line per unit: CPU ms at 16 and 64 KiB and their ratio."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--version", type=int, choices=sorted(TABLES), default=22)
    version = ap.parse_args().version
    rules, units = TABLES[version]
    for u in units:
        row = []
        for n in (16384, 65536):
            text = (u * (n // len(u) + 1))[:n]
            a = time.process_time()
            norm = normalize(text, frozenset(), punctuated=True).text
            for r in rules:
                sum(1 for _ in r.pattern.finditer(norm))
            if version == 25:
                _rules_v25.catalogue_entry(norm)
            row.append(time.process_time() - a)
        print(f"{u!r:40.40} {row[0] * 1e3:6.1f} {row[1] * 1e3:6.1f} ms, growth {row[1] / max(row[0], 1e-6):.1f}")


if __name__ == "__main__":
    main()
