r"""Hold rules/11: "ignore all previous instructions" in South Asian languages, "obey no rules" in Chinese.

Issue 15's eleventh round. Held-out v12 (spent after the lead's look 1, training data now) showed
two families of order that earlier tables read in other languages only; each rule is the
family's grammar in new languages, not a phrase of v12:

- `override-instructions-indic`: rules/1's override-instructions ("ignore all previous
  instructions") in Bengali, Tamil, Telugu, Malayalam, Kannada, Gujarati, Marathi, Nepali,
  Punjabi, Odia and Urdu, and with more Hindi verbs. These languages put the object before the
  verb, so the rule reads a quantifier ("all", "previous", "above": সমস্ত, அனைத்து, మునుపటి,
  എല്ലാ, ಹಿಂದಿನ, બધી, सर्व, सबै, ਸਾਰੀਆਂ, ସମସ୍ତ, تمام...), then within two words the
  instructions, rules or guidelines (নির্দেশ, விதி, సూచన, നിർദ്ദേശ, ಸೂಚನೆ, સૂચના, नियम, ਹਦਾਇਤ,
  ନିର୍ଦ୍ଦେଶ, ہدایات...), then within three words a verb of ignoring or forgetting (উপেক্ষা,
  புறக்கணி, పట్టించుకోక, അവഗണി, ನಿರ್ಲಕ್ಷಿಸ, ಲೆಕ್ಕಿಸದೆ, અવગણ, दुर्लक्ष, बेवास्ता, ਅਣਡਿੱਠ, ଅଣଦେଖା,
  نظرانداز...), not followed by the language's negation ("do not ignore the safety rules").
  Hindi had only अनदेखा / नज़रअंदाज़ in rules/3;
- `persona-change-zh`: rules/1's persona-change ("you do not have to abide by any rules", "with
  no ethical guidelines") in Chinese: 不需要/无需/不必/不用 遵守/考虑/理会 任何 政策、规定、规则、
  道德、法律、限制、准则, "不受任何道德/法律约束", "无视(所有)道德/规则/限制". The role-play
  preambles of Chinese jailbreak collections say it before the request; a Chinese team's text
  rarely tells a reader that no rule applies.

The same `Rule` shape and normalised text as `_rules` (NFKC, case-folded: the literals are
NFKC-normalised here, so Bengali য় and Devanagari nukta letters match). Checked against every
benign row of the training pool with v3-v12 (`scripts/hold_train_cv.py`'s rows: UI, help,
runbook, memory and Wikipedia text in about 40 languages, and UDHR paragraphs in 532).
"""

from __future__ import annotations

import unicodedata

from memeval.hold._rule import Rule, _r


def _n(p: str) -> str:
    """A pattern in the normaliser's form (NFKC)."""
    return unicodedata.normalize("NFKC", p)


_QUANT_INDIC = (
    r"(?:সমস্ত|সব|সকল|পূর্ববর্তী|আগের|উপরের|পূর্বের"  # Bengali
    r"|அனைத்து|எல்லா|முந்தைய|முன்னைய|மேலே உள்ள|மேலுள்ள"  # Tamil
    r"|అన్ని|మునుపటి|ముందరి|పై|గత"  # Telugu
    r"|എല്ലാ|മുമ്പത്തെ|മുൻ|മുകളിലെ|നേരത്തെ"  # Malayalam
    r"|ಎಲ್ಲಾ|ಎಲ್ಲ|ಹಿಂದಿನ|ಮೇಲಿನ|ಮುಂಚಿನ"  # Kannada
    r"|બધી|બધા|બધું|તમામ|અગાઉની|અગાઉના|પહેલાંની|ઉપરની|પાછલી"  # Gujarati
    r"|सर्व|सगळ्या|सबै|सभी|सारे|सारी|पिछल\S*|पूर्व\S*|आधीच्या|मागील|अघिल्ला|अघिल्लो|उपरोक्त|ऊपर"  # Devanagari
    r"|ਸਾਰੀਆਂ|ਸਾਰੇ|ਸਭ|ਪਿਛਲੀਆਂ|ਪਿਛਲੇ|ਪਹਿਲਾਂ|ਉੱਪਰ"  # Punjabi
    r"|ସମସ୍ତ|ସବୁ|ପୂର୍ବ\S*|ଉପରୋକ୍ତ"  # Odia
    r"|تمام|سب|سابقہ|پچھلی|پچھلے|پہلے|اوپر)"  # Urdu
)
_OBJ_INDIC = (
    r"(?:নির্দেশ|নিয়ম|আদেশ"
    r"|அறிவுறுத்தல்|விதி|வழிமுறை|கட்டளை|வழிகாட்டுதல்"
    r"|సూచన|నియమ|ఆదేశ|మార్గదర్శక"
    r"|നിർദ്ദേശ|നിർദേശ|നിയമ|ചട്ട|ആജ്ഞ"
    r"|ಸೂಚನೆ|ನಿಯಮ|ನಿರ್ದೇಶನ|ಆದೇಶ|ಮಾರ್ಗಸೂಚಿ"
    r"|સૂચના|નિયમ|આદેશ|માર્ગદર્શિકા"
    r"|निर्देश|नियम|सूचना|आदेश|दिशानिर्देश"
    r"|ਹਦਾਇਤ|ਨਿਰਦੇਸ਼|ਨਿਯਮ|ਹੁਕਮ"
    r"|ନିର୍ଦ୍ଦେଶ|ନିର୍ଦେଶ|ନିୟମ|ଆଦେଶ"
    r"|ہدایات|ہدایت|قواعد|اصول|احکامات)\S*"
)
_IGNORE_INDIC = (
    r"(?:উপেক্ষা|অগ্রাহ্য|ভুলে যা"
    r"|புறக்கணி|மறந்துவிடு|மறந்து விடு"
    r"|పట్టించుకోక|విస్మరి|మర్చిపో|లెక్కచేయక"
    r"|അവഗണി|മറക്കുക|മറന്നേക്കൂ"
    r"|ನಿರ್ಲಕ್ಷಿಸ|ಕಡೆಗಣಿಸ|ಲೆಕ್ಕಿಸದ|ಮರೆತುಬಿಡ|ಮರೆತು ಬಿಡ"
    r"|અવગણ|ભૂલી જા"
    r"|उपेक्षा|अनदेखा|नज़रअंदाज़|नजरअंदाज|दुर्लक्ष|विसरा|विसरून|बेवास्ता|बिर्स"
    r"|ਅਣਡਿੱਠ|ਅਣਗੌਲ|ਨਜ਼ਰਅੰਦਾਜ਼|ਨਜ਼ਰਅੰਦਾਜ|ਭੁੱਲ ਜਾ"
    r"|ଅଣଦେଖା|ଉପେକ୍ଷା|ଅଗ୍ରାହ୍ୟ|ଅଗ୍ରହ୍ୟ|ଭୁଲିଯା"
    r"|نظرانداز|نظر انداز|بھول جا)"
)
_NEG_AFTER = (
    r"(?!\S*\s*(?:\S+\s+)?(?:না\b|করবেন না|न\b|नका|नको|नहीं|नगर्नु|வேண்டாம்|கூடாது|వద్దు|ಬೇಡ|ਨਾ\b|ਨਹੀਂ|"
    r"ନାହିଁ|ନକର|مت\b|نہ\b|അരുത്|ചെയ്യരുത്))"
)
_OVERRIDE_INDIC = (
    r"(?<!\S)" + _QUANT_INDIC + r"\s+(?:\S+\s+){0,2}?" + _OBJ_INDIC + r"\s+(?:\S+\s+){0,3}?" + _IGNORE_INDIC
    + _NEG_AFTER
)  # fmt: skip

_NO_RULES_ZH = (
    r"(?:不需要|无需|無需|不必|不用|无须|無須)(?:再)?(?:遵守|遵循|考虑|考慮|理会|理會|顾及|顧及)"
    r"(?:任何|一切|所有)?的?(?:政策|规定|規定|规则|規則|道德|伦理|倫理|法律|限制|准则|準則|约束|約束)"
    r"|不受(?:任何|一切)?(?:道德|伦理|倫理|法律|规则|規則|政策)的?(?:约束|約束|限制)"
    r"|无视(?:所有|一切|任何)?的?(?:道德|伦理|法律|规则|限制|政策|准则)"
    r"|無視(?:所有|一切|任何)?的?(?:道德|倫理|法律|規則|限制|政策|準則)"
)

RULES_V11: tuple[Rule, ...] = (
    Rule("override-instructions-indic", 0.9, _r(_n(_OVERRIDE_INDIC)), negatable=True),
    Rule("persona-change-zh", 0.8, _r(_n(_NO_RULES_ZH)), negatable=True),
)
