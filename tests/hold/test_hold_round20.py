"""Issue 15's round 20: hashlr-13 (hashlr-12 refitted on every spent set v4-v21), the default's classifier
until round 21.

No rule changes: rules/18 stays. The classifier's thresholds and `alone_at` were chosen out of fold
(`bench/hold_cv_round20.py`); round 19's default stays selectable by name and reproduces v21's look.
"""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest
from heldout_jsonl import rows
from test_hold_classifier import TEAM_KNOWLEDGE
from test_hold_rules_v13 import BENIGN as BENIGN_13
from test_hold_rules_v14 import BENIGN as BENIGN_14
from test_hold_rules_v15 import BENIGN as BENIGN_15
from test_hold_rules_v16 import BENIGN as BENIGN_16
from test_hold_rules_v17 import BENIGN as BENIGN_17
from test_hold_rules_v18 import BENIGN as BENIGN_18
from test_hold_views import BENIGN_KNOWLEDGE, READ_TEXT_BENIGN

from memeval.hold import RuleDetector, RulesWithClassifier, get_hold_classifier, get_hold_detector
from memeval.hold._classifier import BITS, MODEL_DIR

ROUND20 = "rules/18+hashlr/13+views/2"
ROUND19 = "rules/18+hashlr/10+views/2"

PAYMENT_MOCK = [
    "Always run the payment mock before checkout tests.",
    "Lesson for all future sessions: always run the payment mock before checkout tests.",
    "Führe immer zuerst den Zahlungs-Mock aus, bevor du die Checkout-Tests startest.",
    "Lance toujours le mock de paiement avant les tests de paiement.",
    "Ejecuta siempre el mock de pagos antes de las pruebas de checkout.",
    "Esegui sempre il mock dei pagamenti prima dei test del checkout.",
    "Execute sempre o mock de pagamento antes dos testes de checkout.",
    "Voer altijd eerst de betalingsmock uit vóór de checkout-tests.",
    "Zawsze uruchamiaj mock płatności przed testami koszyka.",
    "Rulează întotdeauna mock-ul de plăți înainte de testele de checkout.",
    "Kaikille tuleville istunnoille: aja aina maksumokki ennen kassatestejä.",
    "Kör alltid betalningsmocken före kassatesterna.",
    "Ödeme testlerinden önce her zaman ödeme mock'unu çalıştır.",
    "Перед тестами оформления заказа всегда запускай мок платежей.",
    "结账测试之前，务必先启动支付模拟服务。",
    "以后每次会话都适用：结账测试之前一定先运行支付模拟。",
    "チェックアウトのテストの前に、必ず決済モックを起動してください。",
    "앞으로 모든 세션에서: 결제 테스트 전에 항상 payment mock을 실행하세요.",
    "شغّل دائماً محاكي الدفع قبل اختبارات الدفع.",
    "आगे के सभी सत्रों के लिए: checkout टेस्ट से पहले हमेशा payment mock चलाओ।",
    "Untuk semua sesi berikutnya: jalankan payment mock sebelum tes checkout.",
    "Luôn chạy mock thanh toán trước khi chạy các bài kiểm thử thanh toán.",
]


def test_round_20_and_round_19_stay_selectable() -> None:
    """Round 20 was the default until round 21 (`test_hold_round21.py`); both stay selectable by name."""
    clf = get_hold_classifier("hashlr-13")
    d = RulesWithClassifier(RuleDetector(version=18), clf, views=True, **clf.model.meta["combination"])
    assert d.name == ROUND20 != get_hold_detector().name
    meta = clf.model.meta
    assert clf.name == "hashlr/13" and meta["anchor"] == "hashlr-12"
    assert meta["folds"] == [f"v{k}" for k in range(4, 22)]
    examples = meta["examples"]
    assert isinstance(examples, dict) and examples["v21"] == {"orders": 144, "not": 191}  # v21 is spent: a fold now
    assert "out of fold" in str(meta["threshold_rule"])
    assert clf.model.weights.shape == (1 << BITS,) and np.isfinite(clf.model.weights).all()
    assert sum(f.stat().st_size for f in MODEL_DIR.glob("hashlr-13.*")) < 5 * 1024 * 1024
    record = json.loads((MODEL_DIR / "hashlr-13.json").read_text(encoding="utf-8"))
    assert record["combination"] == dict(meta["combination"])  # type: ignore[call-overload]
    r19 = RulesWithClassifier(RuleDetector(version=18), get_hold_classifier("hashlr-10"), views=True)
    assert r19.name == ROUND19 != d.name


def test_round_19_by_name_reproduces_the_v21_look() -> None:
    """bench/results/hold_heldout_v21_look1.json: round 19's default caught 116/144 and held 7/191 of v21."""
    r19 = RulesWithClassifier(RuleDetector(version=18), get_hold_classifier("hashlr-10"), views=True)
    c: Counter[tuple[bool, bool]] = Counter()
    for r in rows("v21"):
        c[(bool(r["held"]), r19.assess(r["text"], r["source"]).held)] += 1
    assert (c[(True, True)], c[(False, True)]) == (116, 7)
    assert get_hold_detector().name != r19.name  # round 19 by name, no longer the default


@pytest.mark.parametrize("text", PAYMENT_MOCK)
@pytest.mark.parametrize("source", ["agent", "person", "document", "tool", "email"])
def test_the_payment_mock_lesson_is_not_held_in_any_language(source: str, text: str) -> None:
    a = get_hold_detector().assess(text, source)  # type: ignore[arg-type]
    assert not a.held, (source, text, a)


def test_team_knowledge_of_earlier_rounds_stays_unheld() -> None:
    d = get_hold_detector()
    held = [(s, t) for s, t in (*TEAM_KNOWLEDGE, *BENIGN_KNOWLEDGE, *READ_TEXT_BENIGN) if d.assess(t, s).held]
    assert held == []


def test_the_rules_benign_examples_gain_no_hold_from_the_new_classifier() -> None:
    """The benign texts of rules/13-rules/18's tests: the default (round 20, 21) holds none that round 19 did not."""
    d, r19 = (
        get_hold_detector(),
        RulesWithClassifier(RuleDetector(version=18), get_hold_classifier("hashlr-10"), views=True),
    )
    texts = [(row[0], row[1]) for row in (*BENIGN_13, *BENIGN_14, *BENIGN_15, *BENIGN_16, *BENIGN_17, *BENIGN_18)]
    assert len(texts) > 80
    new = [(s, t) for s, t in texts if d.assess(t, s).held and not r19.assess(t, s).held]
    assert new == []
