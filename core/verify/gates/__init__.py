"""Deterministic gates: cheap, exact, injection-proof checks of a sentence against the paper.

Each gate looks for a kind of checkable item in a critique sentence and demands that it exists in
the paper. They work across languages because numbers, quotes, citation markers, acronyms and
model names are written the same way in a Chinese critique of an English paper.

Gates and what they skip (documented so reviewers know what is *not* checked):

* numbers: every number with its percent sign or scale (``85.3%``, ``12,500``, ``110M``, years)
  must occur in the paper's full text after normalisation. A percentage also matches the bare
  number (tables often drop the ``%``) and its fraction (``85.3%`` vs ``0.853``). Skipped: list
  markers at the start of a sentence (``1.``, ``(2)``), and numbers that belong to a citation
  marker, a Table/Figure/Section/Equation reference or a name (``GPT-4``, ``ResNet-50``), which
  have their own gates. Small integers are *not* skipped: "3 layers" is a checkable fact.
* quotes: text in “…”, "…", 「…」, 『…』 or ‘…’ of four words or more must be an exact substring of
  the normalised paper. Quotes made mostly of CJK characters about a non-CJK paper are
  translations and cannot be matched exactly, so they are skipped.
* citations: ``[12]``, ``[3–5]``, ``[3, 7]``, ``(Smith et al., 2021)``, ``Smith and Lee (2020)``
  must resolve to the paper's reference list (numbered label, or surname + year).
* cross-references: ``Table 3``, ``Figure 2``, ``Fig. 2``, ``Section 4``, ``表3``, ``图2`` must
  exist.
* names: acronyms, CamelCase and hyphenated model names, letter-digit names and capitalised words
  that do not start a sentence must occur in the paper (case-insensitive, hyphens/spaces ignored).
* methods: an evaluation the claim says the paper ran (a user study, an ablation, significance
  tests, cross-validation, a human evaluation, interviews) must be mentioned somewhere in the
  paper; a claim that denies, asks, wishes or plans it is not read (``gates.methods``).
* figures: a figure the claim says the paper provides ("a figure that shows …") must be one
  that a sentence of the paper speaking of a figure describes (``gates.figures``).
* overclaims: absolute words ("always", "proves", "all", 所有, 证明 …) must be backed by the same
  or an equivalent word in the sentence's best evidence; a result extended to a scope the
  evidence does not show is one too.
* design: the study said to be a trial where the paper describes itself otherwise
  (``core.verify.gates.design``).
* strength: a finding stated as a cause, of people, or as certain, where the evidence reports an
  association, animals or cells, or a hedged result (``core.verify.gates.strength``).

Quote, citation and cross-reference failures are *hard* (the verdict is ``rejected``): nothing
else can make a fabricated quote or reference true. Number, name and overclaim failures are soft
(``unsupported``): they are strong evidence of a fabrication but depend on extraction quality.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from core.text.quotes import quoted_passages
from core.verify.gates.citations import check_citations
from core.verify.gates.common import GateFinding, GateResult, PaperFacts, inside, spans_of
from core.verify.gates.design import check_design
from core.verify.gates.figures import check_figures
from core.verify.gates.methods import check_methods
from core.verify.gates.names import check_names, name_candidates
from core.verify.gates.numbers import check_numbers
from core.verify.gates.overclaims import check_overclaims, overclaim_terms
from core.verify.gates.quotes import check_quotes
from core.verify.gates.strength import check_strength
from core.verify.gates.xrefs import PAGE_CITE, check_pages, check_xrefs

__all__ = [
    "GateFinding",
    "GateResult",
    "PaperFacts",
    "name_candidates",
    "overclaim_terms",
    "quoted_passages",
    "run_gates",
]


def run_gates(text: str, facts: PaperFacts, evidence: Sequence[str] = ()) -> GateResult:
    """Run every gate on one sentence.

    Args:
        text: The critique sentence.
        facts: The paper's index (``PaperFacts(paper)``, built once).
        evidence: The sentence's best evidence texts, for the overclaim gate; when empty the
            overclaim gate is skipped (nothing to compare against).

    Returns:
        Failures (hard ones first) and the verified anchors.
    """
    # NFKC once up front so every gate's offsets refer to the same string.
    text = unicodedata.normalize("NFKC", text)
    quote_f, quote_a, quote_spans = check_quotes(text, facts)
    cite_f, cite_a, cite_spans = check_citations(text, facts)
    xref_f, xref_a, xref_spans = check_xrefs(text, facts)
    page_spans = spans_of(PAGE_CITE, text)
    masked = quote_spans + cite_spans + xref_spans + page_spans
    page_f = check_pages(text, facts)
    num_f, num_a, numbers = check_numbers(text, facts, masked)
    name_f, name_a = check_names(text, facts, masked)
    # Quoted words are the paper's, not the critic's: "never" inside a real quote is no overclaim.
    unquoted = "".join(" " if inside(i, i + 1, quote_spans) else ch for i, ch in enumerate(text))
    over_f = (
        check_overclaims(unquoted, evidence, facts.unit_text) + check_strength(unquoted, evidence)
        if evidence
        else []
    )
    method_f = (
        check_methods(unquoted, facts)
        + check_figures(unquoted, facts)
        + check_design(unquoted, facts, evidence)
    )
    failures = quote_f + cite_f + xref_f + page_f + num_f + name_f + method_f + over_f
    failures.sort(key=lambda f: not f.hard)
    anchors = quote_a + cite_a + xref_a + num_a + name_a
    return GateResult(tuple(failures), tuple(anchors), tuple(numbers), text)
