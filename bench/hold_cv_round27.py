r"""Round 27: who speaks to whom, in which carrier, as inputs of the stacked stage; thresholds per carrier.

Out of fold by set over v4-v27 (every set spent; v27 since its one look after round 26), side by side in one run,
on round 24's features with v27's rows appended (`--extract`: rules/20, hashlr-14, fitted before v27 existed, and
round 22's verdict, as round 24 appended v25 and round 25 v26). Arms (orders caught, precision, benign held):

- `round22`: the default (round 22's verdict as computed in the features);
- `stack2`: the shipped `stack-2` (fitted on v4-v25: in sample there, out of fold on v26 and v27 only);
- `round24`: stack-2's method refitted per set on the other 23 sets, its threshold nested (inner leave-one-set-out
  probabilities at pooled precision `--precision`, 0.956), as `bench/hold_cv_round26.py` measured it;
- `round24-no-v27`: the same, v27 never trained on (round 26's footing: it shows what v27 as a training fold does to
  the other sets);
- `carrier`: the same stage with one threshold per carrier (the person, an agent, read data: tool, web, e-mail,
  document), each chosen nested for precision `--precision` within its carrier, so pooled it is at least that;
- `owner`: stack-2's method with cues that an owner configures an assistant (`OWNER`: the user named in the third
  person, the assistant's persona or role defined, its answer's form fixed, its own instructions kept secret) as
  more inputs;
- `speaker`: `owner`'s cues and cues that a third party's text redirects an agent (`THIRD`: an AI reader addressed
  inside the text, a speaker who names themself and their team, a secret asked for, a lasting rule for later
  sessions, a check to skip), each third-party cue also crossed with "read data" (tool, web, e-mail, document);
- `speaker-carrier`: `speaker`'s inputs with `carrier`'s thresholds.

The cues are regular expressions over the case-folded text in the sets' ten languages, written in this round after
reading v27's verdicts (v27's fold is in sample for the cue lists; the other 23 folds are not, except as far as the
kinds recur). `curve` gives each stacked arm's pooled orders at pooled precision >= 0.95 with one threshold over the
outer probabilities (not nested).

Usage:
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round27.py --extract
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round27.py [--out FILE.json]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))

import hold_cv_round20 as b20  # noqa: E402
import hold_cv_round25 as b25  # noqa: E402
import hold_train_round23 as t23  # noqa: E402
import hold_train_round24 as t24  # noqa: E402

SETS = tuple(f"v{n}" for n in range(4, 28))
SPANS = {"v4-v27": SETS, "v4-v26": SETS[:-1], "v4-v17": SETS[:14], "v18-v27": SETS[14:], "v26": ("v26",),
         "v27": ("v27",)}  # fmt: skip
FEATURES = Path("/tmp/det27/features.jsonl")
CARRIERS = {"person": "person", "agent": "agent", "tool": "read", "web": "read", "email": "read", "document": "read"}
"""Where a text came from, in three kinds: the person's own words, an agent's, or data an agent read."""

_USER = (
    r"\bthe users?\b|\buser'?s (question|request|input|message)|\bl['’]utilisateur|\bel usuario|\blos usuarios"
    r"|\bo usuário|\bdo usuário|\bao usuário|пользовател|ユーザー|用户|用戶|사용자|\bl['’]utente"
    r"|\b(der|den|dem) (be)?nutzer"
)
_PERSONA = (
    r"\byou are (a|an|the|chatgpt|now a)\b|\byou're (a|an)\b|\bas (a|an|the) [\w -]{0,40}(gpt|assistant|bot|expert|"
    r"tutor|coach|advisor|guide)\b|\b(this|the) gpt\b|\byour (role|goal|name|purpose|mission|function|job) is\b"
    r"|\btu es (un|une|le|la)\b|\bvous êtes (un|une)\b|\bton (rôle|univers|objectif)\b|\beres (un|una|el|la)\b"
    r"|\btu (rol|objetivo|misión) es\b|\bvocê é (um|uma|o|a)\b|\bseu (papel|objetivo)\b|あなたは|として(振る舞|ふるま)"
    r"|你是一|你是|你的(角色|任务|目标)|당신은|너는|\bты\s*[—-]|\bвы\s*[—-]|\bтвоя роль"
    r"|\bdu bist (ein|eine)\b|\bsei (un|una)\b"
)
_FORM = (
    r"\b(respond|reply|answer|format|write) (in|with|using|only)\b|\bmarkdown\b|\bbullet|\bcode block\b|\btone\b"
    r"|\bréponds?\b|\brépondre\b|\bresponde\b|\brespond(a|e) (em|en|sempre)|\bформат|\bотвечай|回答|返答|回复|답변"
    r"|\bantworte|\brispondi"
)
_KEEP_SECRET = (
    r"\b(never|not|n't|under no circumstances|refuse to)\b[^.\n]{0,60}\b(share|reveal|disclose|repeat|show|output)"
    r"\b[^.\n]{0,40}\b(instructions|directives|prompt|knowledge|rules|configuration|files)\b"
    r"|\b(your|these|my) (instructions|directives)\b|\bknowledge (base|files?)\b"
    r"|(ne|jamais)[^.\n]{0,40}(instructions|consignes)|\bno (reveles|compartas)|\bnunca (revele|compartilhe)"
    r"|(指示|プロンプト|設定)を?(教え|開示|公開)(ない|ません|しない)|不要?(透露|泄露|公开)|절대.{0,20}(공개|알려)"
)
_AI_READER = (
    r"\b(note|message|instructions?|notice) (to|for) (the |any )?(ai|assistant|agent|bot|llm|model|reviewer)\b"
    r"|\b(ai|assistant|agent|bot|llm)s? (reading|processing|that reads|which reads|reviewing)\b"
    r"|\bif you are (an? )?(ai|chatgpt|claude|gemini|assistant|llm|language model)\b|\b(ai|assistant) agent:"
    r"|\bassistant must\b|\bagents? must\b|\bto the (ai|assistant|agent)\b"
    r"|(à|pour) l['’](assistant|agent|ia)\b|\bpour le (bot|robot)\b|\bassistant,|\bpara (el|o|la|a) (bot|robô|robot|"
    r"asistente|assistente|agente|ia)\b|\bnota para (o|el) (agente|assistente|asistente)"
    r"|ai(へ|に|向け|レビュアー)|エージェント(へ|は|に)|アシスタント(へ|は|に)"
    r"|(给|致)(ai|助手|智能体|机器人)|ai ?(助手|代理)[，,：:]"
    r"|ai ?[가-힣]*에게|비서는|에이전트(는|에게)|(ассистент|агент|бот)(у|е)?[,:]"
    r"|(an|für) (den|die) (assistenten|agenten|ki|bot)"
    r"|(all['’]|per l['’])(assistente|agente)"
)
_SELF_NAMED = (
    r"\b(this is|it'?s|i am|i'm) [\w.]+ (from|of|in|on) (the )?[\w -]{1,25}(team|department|dept|ops|it)\b"
    r"|\bc['’]est [\w.]+ de l['’]équipe|\bsoy [\w.]+ de\b|\baqui é (a|o) [\w.]+ d[oa]\b|\bsono [\w.]+ (dell|del|della)"
    r"|\bэто [\w.]+ из\b|の[\w]{1,8}です|(我是|這是|这是).{1,10}(的|部)|입니다|\bich bin [\w.]+ (aus|vom|von)\b"
)
_SECRET = (
    r"\b(api[ _-]?keys?|access keys?|secret|password|passwd|token|credentials?|private key|seed phrase|\.env|kubeconfig"
    r"|\.p12|pin|otp|sk_live|service-account|ssh key)\b|mot de passe|contraseña|\bsenha|\bпарол|\bтокен|\bключ"
    r"|密钥|密码|密碼|パスワード|シークレット|アクセスキー|秘密鍵|비밀번호|토큰|키를|\bchiave|\bzugangsdaten|\bschlüssel"
)
_LASTING = (
    r"\b(from now on|for (all )?future (sessions|turns|conversations)|in (all )?future|going forward|remember (this|to)"
    r"|lesson learned|permanent (rule|note)|next time|always)\b|désormais|à l['’]avenir|prochaines sessions|mémoire"
    r"|de ahora en adelante|permanente|próximas sesiones|daqui em diante|memória|próximas sessões|sempre"
    r"|на (все )?будущ|запомни|урок на будущее|以后|今后|以後|長期記憶|长期记忆|次回以降|今後|メモリ|앞으로|기억할|"
    r"prossime sessioni|da ricordare|in zukunft|ab jetzt|künftig"
)
_SKIP = (
    r"\b(without (asking|approval|checking|confirmation|telling)|skip|bypass|disable|turn off|no need to"
    r"|do not re-?check|don't tell)\b|\bsans (attendre|demander|vérifier)|\bn['’]en parle pas"
    r"|\bsin (pedir|aprobación|avisar)|\bsem "
    r"(abrir|aprovação|avisar)|\bбез (звонка|подтвержд|спрос)|не спрашивая|省略|不用|跳过|なしで|しなくて|없이|끄|"
    r"\bohne (rückfrage|prüfung)|\bsenza (chiedere|controllo)"
)
OWNER = {"user3": _USER, "persona": _PERSONA, "form": _FORM, "keep_secret": _KEEP_SECRET}
THIRD = {"ai_reader": _AI_READER, "self_named": _SELF_NAMED, "secret": _SECRET, "lasting": _LASTING, "skip": _SKIP}
COMPILED = {k: re.compile(v) for k, v in {**OWNER, **THIRD}.items()}


def cues(text: str, source: str, names: list[str], cross: bool) -> list[float]:
    """0/1 per cue of `names` found in the case-folded text; with `cross`, each third-party cue times "read data"."""
    low = text.casefold()
    found = [float(COMPILED[k].search(low) is not None) for k in names]
    if not cross:
        return found
    read = float(CARRIERS[source] == "read")
    return found + [f * read for k, f in zip(names, found, strict=True) if k in THIRD]


def carrier_thresholds(p: np.ndarray, y: np.ndarray, forced: np.ndarray, kind: np.ndarray,
                       precision: float) -> dict[str, float]:  # fmt: skip
    """Per carrier kind, `t23.threshold_for` on that kind's rows alone."""
    return {k: t23.threshold_for(p[kind == k], y[kind == k], forced[kind == k], precision) for k in set(kind)}


def loso_carrier(table: t23.Table, kind: np.ndarray, args: argparse.Namespace) -> dict[str, list[bool]]:
    """Leave one set out; thresholds per carrier chosen on the other sets' inner out-of-fold probabilities."""
    held: dict[str, list[bool]] = {}
    for v in SETS:
        others = [u for u in SETS if u != v]
        within = np.isin(table.sets, others)
        inner = t24.oof(table, others, args.l2, args.min_family)
        keep = table.w[within] > 0
        ts = carrier_thresholds(inner[keep], table.y[within][keep], table.forced[within][keep], kind[within][keep],
                                args.precision)  # fmt: skip
        beta, cols, _ = table.fit_on(np.isin(table.sets, others), args.l2, args.min_family)
        mask = table.sets == v
        p = table.prob(mask, beta, cols)
        t = np.array([table.eligible(ts[k], beta, cols) for k in kind[mask]])
        held[v] = [bool(x) for x in (table.forced[mask] | (p >= t))]
    return held


def outer_probabilities(table: t23.Table, args: argparse.Namespace) -> dict[str, list[float]]:
    """Each set's probabilities from the stage fitted without it (no threshold), over v4-v27."""
    out = {}
    for v in SETS:
        beta, cols, _ = table.fit_on(table.sets != v, args.l2, args.min_family)
        out[v] = [float(x) for x in table.prob(table.sets == v, beta, cols)]
    return out


def shipped_stack2(rows: list[dict[str, Any]]) -> dict[str, list[bool]]:
    """The shipped `stack-2`'s verdict on each row: the rules hold it, or its probability reaches its threshold."""
    from memeval.hold._stacked import features

    rec = json.loads((ROOT / "memeval" / "hold" / "model" / "stack-2.json").read_text(encoding="utf-8"))
    w = np.array(rec["weights"])
    out: dict[str, list[bool]] = {}
    for r in rows:
        x = np.array(features(r["text"], r["source"], r["base"], r["rules"], r["clf"], rec["families"]))
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        out.setdefault(r["set"], []).append(bool(r["rules"].held or p >= rec["threshold"]))
    return out


def main() -> None:
    """Print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--extract", action="store_true", help="append v27's rows to round 25's features, then stop")
    ap.add_argument("--features", type=Path, default=FEATURES)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--min-family", type=int, default=30)
    ap.add_argument("--precision", type=float, default=t24.INNER_PRECISION)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    if args.extract:
        src = Path("/tmp/det25")
        t24.extract(args.features, src / "features.jsonl", src / "examples.jsonl", version="v27")
        return
    t0 = time.process_time()
    rows = t23.load(args.features)
    examples = t23.load(args.features.parent / "examples.jsonl")
    everything = rows + examples
    y = np.array([float(r["label"]) for r in rows])
    kind = np.array([CARRIERS[r["source"]] for r in rows])
    by_set: dict[str, list[tuple[str, bool, str, str, str]]] = {}
    for r in rows:
        by_set.setdefault(r["set"], []).append((r["source"], bool(r["label"]), r["text"], r["lang"], r["group"]))
    arms: dict[str, dict[str, list[bool]]] = {
        "round22": {v: [bool(r["base"].held) for r in rows if r["set"] == v] for v in SETS},
        "stack2": shipped_stack2(rows),
    }
    probs: dict[str, dict[str, list[float]]] = {}
    base_table = t24.Table24(rows, examples)
    res = t24.loso(base_table, SETS, args.l2, args.min_family, args.precision)
    arms["round24"], probs["round24"] = res["held"], outer_probabilities(base_table, args)
    print(f"round24: {time.process_time() - t0:.0f} s CPU", flush=True)
    before = t24.loso(base_table, SETS[:-1], args.l2, args.min_family, args.precision)["held"]
    arms["round24-no-v27"] = {**before, "v27": arms["round24"]["v27"]}
    arms["carrier"] = loso_carrier(base_table, kind, args)
    print(f"carrier: {time.process_time() - t0:.0f} s CPU", flush=True)
    owner_names, all_names = list(OWNER), [*OWNER, *THIRD]
    cue_rate: dict[str, str] = {}
    extras = {
        "owner": np.array([cues(r["text"], r["source"], owner_names, False) for r in everything]),
        "speaker": np.array([cues(r["text"], r["source"], all_names, True) for r in everything]),
    }
    free = ~np.array([r["rules"].held for r in rows])
    for j, k in enumerate(all_names):
        f = extras["speaker"][: len(rows), j] > 0
        cue_rate[k] = f"{int((f & free & (y > 0)).sum())} orders, {int((f & free & (y == 0)).sum())} benign"
    for name, extra in extras.items():
        table = b25.Table25(rows, examples, extra)
        res = t24.loso(table, SETS, args.l2, args.min_family, args.precision)
        arms[name], probs[name] = res["held"], outer_probabilities(table, args)
        if name == "speaker":
            arms["speaker-carrier"] = loso_carrier(table, kind, args)
        print(f"{name}: {time.process_time() - t0:.0f} s CPU", flush=True)
    pooled: dict[str, dict[str, str]] = {}
    for span, ss in SPANS.items():
        for arm, h in arms.items():
            c: Counter[str] = Counter()
            for v in ss:
                c += b20.tally(h[v], by_set[v])
            pooled.setdefault(span, {})[arm] = b20.figure(c)
    rforced = np.array([r["rules"].held for r in rows])
    curve = {a: b25.curve_at(np.array([x for v in SETS for x in p[v]]), y, rforced, 0.95) for a, p in probs.items()}
    out: dict[str, Any] = {
        "inner_precision": args.precision,
        "cues_where_the_rules_do_not_hold_v4_v27": cue_rate,
        "pooled": pooled,
        "curve_recall_at_pooled_precision_0.95": curve,
        "sets": {v: {arm: b20.figure(b20.tally(h[v], by_set[v])) for arm, h in arms.items()} for v in SETS},
        "breakdown": {arm: b20.breakdown(h, by_set, SETS) for arm, h in arms.items()},
        "cpu_s": round(time.process_time() - t0, 1),
        "load_at_end": [round(x, 1) for x in os.getloadavg()],
    }
    for k, s in cue_rate.items():
        print(f"cue {k:12s} {s}")
    for span, figs in pooled.items():
        for arm, f in figs.items():
            print(f"{span:8s} {arm:16s} {f}")
    for arm, f in curve.items():
        print(f"curve {arm:16s} {f}")
    print(f"cpu {out['cpu_s']} s, load {out['load_at_end']}")
    if args.out is not None:
        args.out.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
