"""A claim must not state a finding more strongly than the paper does.

The three commonest ways a study is misrepresented, each checked against the sentence's
evidence: an association reported as a cause ("X is linked to Y" becomes "X causes Y"), a
result in animals or cells reported of people ("in mice" dropped), and a hedged finding
("may reduce", "suggests") reported as certain. Each rule needs the evidence to show the weaker
form and the claim to lack it, so a claim that keeps the paper's own wording passes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.text.words import content_words
from core.verify.gates.common import GateFinding

CAUSAL = re.compile(
    r"\b(?:caus(?:e|es|ed|ing|al(?:ly)?)|cures?|cured|prevents?|prevented|leads? to|led to|"
    r"results? in|resulted in|protects? against|drives?|drove|driven by|responsible for|"
    r"triggers?|due to|because of|effect of|"
    # a prediction of what doing something would do: "would halve the risk"
    r"would (?:(?:more than|nearly|roughly|about) )?(?:halve|double|triple|raise|lower|reduce|"
    r"cut|increase|add|bring|prevent|improve)|"
    r"makes? (?:people|you|them)|increas(?:e|es|ed|ing) the risk|"
    r"(?:reduc(?:e|es|ed|ing)|cuts?|cutting|lowers|lowered|lowering|slash(?:es|ed)?|"
    r"halv(?:es|ed)) (?:the |your |their |one's )?(?:\w+ )?(?:risk|odds|chances?))\b"
    r"|导致|引起|造成|治愈|预防",
    re.I,
)
ASSOCIATION = re.compile(
    r"\b(?:associat(?:ed|ion|ions)|correlat(?:ed|es|ion|ions)|linked (?:to|with)|link between|"
    r"related to|relationship between|risk factor)\b|相关|关联",
    re.I,
)
NONHUMAN = re.compile(
    r"\b(?:mice|mouse|murine|rats?|rodents?|animals?|in vitro|cell lines?|cell cultures?|"
    r"hamsters?|monkeys?|primates?|zebrafish|pigs?|dogs?|petri|laboratory animals?)\b"
    r"|小鼠|大鼠|动物|体外|细胞系",
    re.I,
)
HUMAN = re.compile(
    r"\b(?:people|humans?|patients?|men|women|children|adults?|everyone|anyone|individuals|"
    r"persons?|population|the public)\b|人类|患者|人们|儿童|成人",
    re.I,
)
HEDGE = re.compile(
    r"\b(?:may|might|could|can|possibl[ey]|potentially|likely|unlikely|perhaps|suggests?|"
    r"suggested|suggesting|appears? to|seems? to|preliminary|tentative(?:ly)?)\b"
    r"|可能|或许|也许|初步",
    re.I,
)
#: A hedged verb in the evidence: "may reduce", "could possibly explain", "might be linked".
HEDGED_VERB = re.compile(
    r"\b(?:may|might|could|possibly|potentially|likely to)\s+(?:also\s+|possibly\s+|"
    r"potentially\s+|not\s+)?(?:be\s+)?(?P<verb>[a-z]{3,})\b",
    re.I,
)
#: Before a causal word: a denial or doubt of the cause ("cannot establish that walking more
#: causes", "whether it causes") in the same clause.
_DENIED = re.compile(
    r"\b(?:not|cannot|can't|couldn't|no|unable to|whether|unclear|nor|without|none|never|"
    r"neither)\b[^.;:]{0,60}$",
    re.I,
)
#: Content words a sentence must share with the claim to count as the passage it restates.
RESTATES_SHARE = 0.5


def restated(claim: str, evidence: Sequence[str]) -> str | None:
    """The evidence sentence the claim restates (most shared content words), if close enough."""
    wanted = content_words(claim)
    if not wanted:
        return None
    best, share = None, 0.0
    for text in evidence:
        s = len(wanted & content_words(text)) / len(wanted)
        if s > share:
            best, share = text, s
    return best if share >= RESTATES_SHARE else None


def check_strength(text: str, evidence: Sequence[str]) -> list[GateFinding]:
    """Findings stated more strongly than their evidence: as causal, of people, or certain."""
    failures: list[GateFinding] = []
    shown = " ".join(evidence)
    if states_cause(text) and not ASSOCIATION.search(text):
        # A cause the paper denies ("it cannot establish that walking more causes …") is no
        # cause it reports, and shows the finding is an association.
        weaker = ASSOCIATION.search(shown) or CAUSAL.search(shown)
        if weaker and not states_cause(shown):
            failures.append(
                GateFinding(
                    "overclaim",
                    "overclaim_causal",
                    "The paper reports an association, not a cause",
                )
            )
    if NONHUMAN.search(shown) and not NONHUMAN.search(text) and HUMAN.search(text):
        if not HUMAN.search(shown):
            failures.append(
                GateFinding(
                    "overclaim",
                    "overclaim_population",
                    "The paper's evidence is about animals or cells, not people",
                )
            )
    source = restated(text, evidence)
    if (
        source is not None
        and not HEDGE.search(text)
        and _hedged_verb_restated(text, source, evidence)
    ):
        failures.append(
            GateFinding(
                "overclaim",
                "overclaim_certainty",
                "The paper states this tentatively; the sentence states it as certain",
            )
        )
    return failures


def states_cause(text: str) -> bool:
    """Whether the text states a cause it does not deny.

    Why something was done to participants ("patients referred because of a positive result",
    "excluded due to missing data") is a study's procedure, not a finding of a cause.
    """
    return any(
        not _DENIED.search(text[: m.start()])
        and not (m.group(0).casefold() in _REASONS and _ACTION.search(text[: m.start()]))
        and not (_DESCRIBED.match(text, m.end()) and _DESCRIBING.search(text[: m.start()]))
        and not (
            m.group(0).casefold() == "causing"
            and _KIND_OF.search(text[: m.start()])
            and _ITS_VERB.match(text, m.end())
        )
        for m in CAUSAL.finditer(text)
    )


#: "Crashes causing human injury fell": "causing" between a plural noun and its verb says which
#: of them, a kind of crash, not what a finding caused.
_KIND_OF = re.compile(
    r"\b(?!(?:this|thus|perhaps|always|possibly)\b)[a-z]{3,}s\s+$",
    re.I,
)
#: The verb of that noun, a few words on: "… human injury fell".
_ITS_VERB = re.compile(
    r"\s+(?:[\w-]+\s+){1,4}?(?:fell|rose|dropped|declined|increased|decreased|grew|went|were|"
    r"was|showed|had)\b",
    re.I,
)


_REASONS = frozenset({"because of", "due to"})
#: "cured" as the people it describes ("among cured people who stayed"), no cure claimed: a
#: word that opens a noun phrase before it, a noun for people after it.
_DESCRIBING = re.compile(r"(?:^|\b(?:among|the|of|in|for|all|those|previously|newly))\s*$", re.I)
_DESCRIBED = re.compile(
    r"(?<=cured)\s+(?:people|patients|participants|individuals|persons|cases|prisoners|adults|"
    r"children|women|men)\b",
    re.I,
)
#: An action the study took on its participants or samples, right before its reason.
_ACTION = re.compile(
    r"\b(?:referred|excluded|withdrawn|admitted|hospitali[sz]ed|discontinued|stopped|removed|"
    r"replaced|censored|deferred|cancelled|retested|recalled|flagged)\s+(?:\w+\s+)?$",
    re.I,
)


def _hedged_verb_restated(claim: str, source: str, evidence: Sequence[str]) -> bool:
    """Whether a verb the source hedges ("may reduce") occurs in the claim unhedged.

    A verb another evidence sentence states plainly is no hedged finding: "surgeons could
    adjust second-eye lens power" says what the protocol allowed, and "lens power was adjusted
    in 59 of 415 patients" what was done.
    """
    claimed = {_root(w) for w in content_words(claim)}
    hedged = {_root(m.group("verb").casefold()) for m in HEDGED_VERB.finditer(source)} & claimed
    return any(not any(_plainly(verb, other) for other in evidence) for verb in hedged)


def _plainly(verb: str, text: str) -> bool:
    """Whether the text has the verb without a hedge on it."""
    hedged = {_root(m.group("verb").casefold()) for m in HEDGED_VERB.finditer(text)}
    return verb not in hedged and verb in {_root(w) for w in content_words(text)}


def _root(word: str) -> str:
    """A word without its final e, so that reduce and reduces (stem reduc) compare equal."""
    return word.rstrip("e") if len(word) > 4 else word
