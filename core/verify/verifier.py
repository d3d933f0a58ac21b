"""The checker: a verdict per critique sentence from gates, evidence binding, semantics and a judge.

Per sentence: split and classify (``extract_claims``; questions and recommendations are checked
for the claims they presuppose, "given that the authors show X" checks X), retrieve evidence for
the sentence alone (``core.verify.evidence``), run the gates (``core.verify.gates``), bind its
numbers to the evidence (``core.verify.binding``), score coverage and cosine
(``core.verify.semantic``), ask the judge for P(YES) (``core.verify.judge``), and pass all of it
to one pure verdict function (``core.verify.verdict.decide``, fitted; see docs/checker.md).

The judge never overrules a hard gate or a contradicted number, so text inside the paper
(prompt injection) cannot make a fabricated quote, citation or value supported.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, replace
from itertools import zip_longest

from core.config import CheckerSettings
from core.llm.base import LLM, Embedder, QueryEmbedder
from core.llm.parsing import Label
from core.progress import CancelToken
from core.text.normalize import NumberMention, extract_numbers
from core.text.quotes import excerpt
from core.types import Claim, Evidence, Paper, PaperSentence, Status, Verdict
from core.verify.abbreviations import check_bracketed
from core.verify.absence import left_out, topic_words, unseen
from core.verify.admissions import Admissions, Unadmitted, admitted_clause
from core.verify.advice import AdviceReversed, check_advice
from core.verify.agents import Agents, OtherPerson
from core.verify.alternatives import check_alternatives, words_of
from core.verify.approximations import glossed_approximations
from core.verify.attribution import Misattribution, check_attribution
from core.verify.binding import (
    Binding,
    Mismatch,
    bind_numbers,
    paper_value_text,
    sentences_stating,
    threshold_stated,
)
from core.verify.change_levels import change_as_level
from core.verify.change_subjects import subject_mismatch
from core.verify.changes import change_mismatch, opposite_change
from core.verify.cited_names import CitedNames
from core.verify.claims import check_texts, claim_kind, claim_parts, extract_claims
from core.verify.clause_binding import clause_mismatch
from core.verify.comparison import Contradiction, check_comparison, table_rows
from core.verify.contrasts import (
    DifferenceFound,
    check_alike_across,
    check_contrast,
    paper_contrasts,
)
from core.verify.counted_nouns import count_mismatch, paper_counts
from core.verify.credit import Acknowledged, ThankedOnly
from core.verify.direction import (
    DifferenceDenied,
    NegationAdded,
    NegationDropped,
    Reversed,
    SwappedOrder,
    check_direction,
    check_null_finding,
    check_similar_groups,
    confirmed_null_finding,
    may_read_direction,
    null_findings,
)
from core.verify.durations import check_durations, paper_durations
from core.verify.evidence import GROUP_SIZE, ClaimEvidence, EvidenceFinder, Retriever
from core.verify.frequencies import check_frequency, paper_frequencies
from core.verify.funders import FunderWrong, check_funder, funder_roles, paper_funders
from core.verify.gates import PAGE_CITE, GateResult, PaperFacts, run_gates
from core.verify.gates.methods import confirmed_absences
from core.verify.gates.numbers import quantities
from core.verify.group_owners import group_mismatch, grouped_values
from core.verify.group_ranks import (
    GroupRankWrong,
    RankConfirmed,
    check_group_rank,
    check_stated_rank,
    confirmed_rank,
    ranked_sentences,
    stated_ranks,
)
from core.verify.group_values import GroupsReversed, check_group_values, grouped_sentences
from core.verify.judge import Judge, JudgeAnswer, JudgeItem
from core.verify.listed_names import ListedNames
from core.verify.listed_values import listed_mismatch
from core.verify.magnitudes import magnitude_mismatch
from core.verify.measurement import SourceContradicted, check_source, paper_sources
from core.verify.misstated import Misstated
from core.verify.name_binding import NameMismatch, check_names, holds_name, swapped_across
from core.verify.name_role import RelatedOnly, RelatedWork
from core.verify.ordinals import OrdinalMismatch, check_ordinals
from core.verify.own_work import OthersWork, OwnWork
from core.verify.owners import exchanged_value, value_of_other_owner, value_said_of_other_name
from core.verify.paired_values import paired_mismatch, paper_pairs
from core.verify.pairing import CrossedPair, check_pairing
from core.verify.points import points_mismatch
from core.verify.primary_outcome import check_primary_outcome, paper_outcomes
from core.verify.ranks import RankWrong, check_rank
from core.verify.relative_change import check_relative_change, paper_changes
from core.verify.restated import RestatedSentences
from core.verify.risk_ratios import glossed
from core.verify.row_binding import cell_mismatch, row_mismatch
from core.verify.scope_limits import BeyondLimit, check_scope, scope_limits
from core.verify.semantic import SemanticScore, score_claim
from core.verify.significance import (
    NotSignificant,
    check_significance,
    check_subgroup_difference,
    concedes_chance,
    confirmed_null,
    estimates,
    interactions,
)
from core.verify.subgroup_values import SubgroupValue, check_subgroup_value
from core.verify.tallies import TallyWrong, check_tally
from core.verify.translate import ClaimTranslator, language_of
from core.verify.translated_quotes import UntracedQuote, untraced_quote
from core.verify.trends import ScaleReversed, TrendReversed, check_scale, check_trend
from core.verify.unassessed import LeftOpen, check_left_open, left_open
from core.verify.verdict import Decision, Signals, asks_judge, decide

#: What turns the paper's statement round: a direction, a negation, an advice, a contrast.
Reversal = (
    Reversed
    | SwappedOrder
    | NegationDropped
    | NegationAdded
    | AdviceReversed
    | CrossedPair
    | GroupsReversed
    | GroupRankWrong
    | DifferenceDenied
    | DifferenceFound
    | LeftOpen
    | NotSignificant
    | SourceContradicted
    | Misstated
    | BeyondLimit
    | SubgroupValue
)
log = logging.getLogger(__name__)
#: Paper sentences stating a mismatched value that are weighed before the mismatch stands.
_RESTATED = 8


def flagged_ratio(verdicts: Sequence[Verdict]) -> float:
    """(unsupported + rejected) / claims; 0.0 when there are no claims."""
    claims = [v for v in verdicts if v.status != Status.NOT_A_CLAIM]
    if not claims:
        return 0.0
    return sum(1 for v in claims if v.status.flagged) / len(claims)


def without_page_citations(text: str) -> str:
    """``text`` without its page citations ("(p. 4)", "（第4页）")."""
    stripped = PAGE_CITE.sub("", text)
    return re.sub(r"\s+([.,;:!?。，；：！？])", r"\1", re.sub(r"[ \t]{2,}", " ", stripped)).strip()


@dataclass(frozen=True)
class _Pending:
    """A claim between the gate/semantic step and the judge."""

    claim: Claim
    check_text: str
    found: ClaimEvidence
    gates: GateResult
    semantic: SemanticScore
    cross_lingual: bool
    binding: Binding
    comparison: Contradiction | RankWrong | TrendReversed | ScaleReversed | TallyWrong | None = None
    reversed_: Reversal | None = None
    ordinal: OrdinalMismatch | None = None
    attribution: Misattribution | None = None
    thanked: ThankedOnly | None = None
    others_work: OthersWork | None = None
    other_person: OtherPerson | None = None
    funder: FunderWrong | None = None
    swapped: NameMismatch | None = None
    related_only: RelatedOnly | None = None
    untraced: UntracedQuote | None = None
    unadmitted: Unadmitted | None = None
    restated: bool = False
    #: The text this part was cut from ("A did X, but B did not"); empty for a whole claim.
    whole: str = ""
    absent: tuple[str, ...] = ()
    #: What the claim says the paper leaves out, when no paper sentence speaks of it.
    left_out: str | None = None
    #: The paper's finding of no effect that a claim denying the effect restates: text, page.
    null_confirmed: tuple[str, int] | None = None
    #: The paper sentence ranking first the group a claim of nothing but that rank names.
    rank_confirmed: RankConfirmed | None = None


class Checker:
    """Verifies text against one paper."""

    def __init__(
        self,
        paper: Paper,
        retriever: Retriever | None,
        embedder: Embedder | None,
        judge_llm: LLM | None,
        settings: CheckerSettings,
        *,
        multilingual: QueryEmbedder | None = None,
    ) -> None:
        """Index the paper once; the judge is used only when ``settings.use_judge`` is set.

        ``multilingual`` finds evidence for claims in another language than the paper's;
        without it they are translated by the judge's model first.
        """
        self.paper = paper
        self.settings = settings
        self.facts = PaperFacts(paper)
        self.nulls = null_findings(paper.sentences)
        self.paper_words = words_of(paper.full_text)
        self.grouped = grouped_sentences(paper.sentences)
        self.valued = grouped_values(paper.sentences)
        self.ranked = ranked_sentences(paper.sentences)
        self.stated_ranks = stated_ranks(paper.sentences)
        self.contrasts = paper_contrasts(paper.sentences)
        self.left_open = left_open(paper.sentences)
        self.estimates = estimates(paper.sentences)
        self.paper_texts = [s.text for s in paper.sentences if s.section != "table"]
        self.interactions = interactions(paper.sentences)
        self.durations = paper_durations(paper.sentences)
        self.frequencies = paper_frequencies(paper.sentences)
        self.funders = paper_funders(paper.sentences)
        self.funder_roles = funder_roles(paper.sentences)
        self.sources = paper_sources(paper.sentences)
        self.acknowledged = Acknowledged(paper)
        self.related_work = RelatedWork(paper)
        self.own_work = OwnWork(paper, self.related_work)
        self.agents = Agents(paper)
        self.cited_names = CitedNames(paper)
        self.listed_names = ListedNames(paper)
        self.restated = RestatedSentences(paper)
        self.finder = EvidenceFinder(paper, retriever, embedder, multilingual=multilingual)
        self.abbreviations = self.finder.abbreviations
        self.limits = scope_limits(paper.sentences, self.finder.sentence_words)
        self.outcomes = paper_outcomes(paper.sentences, self.abbreviations)
        self.changes = paper_changes(paper.sentences)
        self.admissions = Admissions(
            [s.text for s in paper.sentences],
            self.finder.sentence_words,
            [s.section for s in paper.sentences],
        )
        #: The paper's table rows, read once: comparisons and row binding look values up there.
        self.rows = table_rows(paper)
        self.pairs = paper_pairs(paper.sentences)
        self.counts = paper_counts(paper.sentences)
        self.judge = Judge(judge_llm) if judge_llm is not None and settings.use_judge else None
        self.language = "zh" if self.facts.is_cjk else "en"
        #: The judge's model translates what the multilingual space cannot carry: a claim's
        #: numbers are bound through the words around them, and quotes are looked up verbatim.
        self.translator = ClaimTranslator(self.judge.llm) if self.judge is not None else None
        self.judge_failures = 0
        #: (claim, signals) of every decided claim, for benchmarks and fitting.
        self.signal_log: list[tuple[Claim, Signals]] = []

    def verify(
        self,
        text: str,
        *,
        cancel: CancelToken | None = None,
        on_verdict: Callable[[Verdict], None] | None = None,
    ) -> list[Verdict]:
        """A verdict for every sentence of ``text``, in order.

        Args:
            text: Any text about the paper (a critique, notes, a summary).
            cancel: Checked between groups of sentences.
            on_verdict: Called with each verdict as soon as it is decided, in sentence order.

        Returns:
            One verdict per sentence (claims and non-claims), offsets into ``text``.

        Raises:
            Cancelled: When ``cancel`` was set.
        """
        verdicts: list[Verdict] = []
        for verdict in self.iter_verify(text, cancel=cancel):
            verdicts.append(verdict)
            if on_verdict is not None:
                on_verdict(verdict)
        return verdicts

    def iter_verify(
        self, text: str, *, cancel: CancelToken | None = None
    ) -> Generator[Verdict, None, None]:
        """Like verify(), as a generator, so callers can report progress between verdicts."""
        claims = extract_claims(text)
        decided: dict[int, Verdict] = {}
        for claim in claims:
            if not claim.is_claim:
                decided[claim.index] = Verdict(
                    claim,
                    Status.NOT_A_CLAIM,
                    (claim_kind(claim.text) or "not_a_claim",),
                    "Not a factual claim about the paper",
                    1.0,
                )
        emitted = 0
        real = [c for c in claims if c.is_claim]
        for offset in range(0, len(real) + 1, GROUP_SIZE):
            group = real[offset : offset + GROUP_SIZE]
            if group:
                if cancel is not None:
                    cancel.check()
                for verdict in self._verify_group(group):
                    decided[verdict.claim.index] = verdict
            while emitted < len(claims) and emitted in decided:
                yield decided[emitted]
                emitted += 1

    @staticmethod
    def count_claims(text: str) -> tuple[int, int]:
        """(sentences, claims) of ``text``, for progress totals."""
        claims = extract_claims(text)
        return len(claims), sum(1 for c in claims if c.is_claim)

    def _verify_group(self, group: Sequence[Claim]) -> list[Verdict]:
        cut = [(c, text, claim_parts(text)) for c in group for text in check_texts(c.text)]
        parts = [(c, part) for c, _, pieces in cut for part in pieces]
        # The text each part was cut from, for the judge (empty when the text is whole).
        wholes = [
            without_page_citations(text) if len(pieces) > 1 else ""
            for _, text, pieces in cut
            for _ in pieces
        ]
        counts = Counter(c.index for c, _ in parts)
        split = {index for index, n in counts.items() if n > 1}
        # NOTE: the gates check a cited page exists; retrieval, similarity and the judge see the
        # claim without its "(p. 4)", which is about where, not what.
        originals = [without_page_citations(t) for _, t in parts]
        texts, found = self._evidence(originals)
        pending: list[_Pending] = []
        for (claim, with_pages), original, text, ev, whole in zip(
            parts, originals, texts, found, wholes, strict=True
        ):
            cross = language_of(with_pages) != self.language
            restated = None if cross else self.restated.find(original)
            if restated is not None:
                ev = _restated_first(ev, restated)
            ev_texts = [e.text for e in ev.evidence]
            # Table rows carry values, not words like "all" or "best": a claim about a table is
            # not read for absolute words (the comparison check reads the values).
            tabular = any(self._is_table_row(e) for e in ev.evidence)
            gates = _consistent(
                run_gates(with_pages, self.facts, () if tabular else ev_texts), ev_texts
            )
            semantic = score_claim(
                text,
                ev_texts,
                claim_vector=ev.claim_vector,
                evidence_vectors=ev.evidence_vectors,
                coverage_floor=self.settings.coverage_floor,
            )
            numbers = _claim_numbers(gates, text if cross else "")
            binding = self._bind(numbers, ev.evidence, original, cross=cross)
            if cross:
                binding = self._bind_as_written(gates, ev.evidence, with_pages, binding)
            comparison = (
                check_comparison(text, self.rows)
                or check_rank(text, self.rows)
                or check_trend(text, self.rows)
                or check_scale(text, self.rows)
                or check_tally(text, self.rows)
            )
            untraced = self._untraced_quote(with_pages) if cross else None
            pending.append(
                _Pending(
                    claim,
                    original,
                    ev,
                    gates,
                    semantic,
                    cross,
                    binding,
                    comparison=comparison,
                    reversed_=self._reversed(text, cross, ev.evidence, claim.text),
                    ordinal=check_ordinals(text, ev.evidence),
                    attribution=check_attribution(text, ev.evidence, with_pages if cross else ""),
                    thanked=self.acknowledged.check(with_pages),
                    others_work=self.own_work.check(with_pages, ev.evidence),
                    other_person=self._other_person(with_pages, text, ev.evidence, cross=cross),
                    funder=check_funder(text, self.funders, self.funder_roles),
                    swapped=self._swapped(with_pages, text, numbers, ev.evidence, cross=cross),
                    related_only=self.related_work.check(with_pages, claim.text),
                    untraced=untraced,
                    unadmitted=self._unadmitted(
                        original, text, ev_texts, cross=cross, sentence=claim.text
                    ),
                    restated=restated is not None,
                    whole=whole,
                    absent=tuple(confirmed_absences(original, self.facts)),
                    left_out=None if cross else self._left_out(original),
                    null_confirmed=None if cross else self._null_confirmed(text),
                    rank_confirmed=None
                    if cross
                    else confirmed_rank(
                        text,
                        [*ev.evidence, *self.ranked],
                        self.stated_ranks,
                        self.abbreviations,
                    ),
                )
            )
        answers, failed = self._ask_judge(pending)
        worst: dict[int, tuple[Verdict, Signals, _Pending]] = {}
        for i, p in enumerate(pending):
            verdict, signals = self._decide(p, answers.get(i), failed=failed)
            kept = worst.get(p.claim.index)
            # Of two parts flagged alike, the one an exact check settled explains best.
            if kept is None or (_SEVERITY[verdict.status], not signals.settled) < (
                _SEVERITY[kept[0].status],
                not kept[1].settled,
            ):
                worst[p.claim.index] = (verdict, signals, p)
        verdicts = []
        for claim in group:
            verdict, signals, p = worst[claim.index]
            if claim.index in split and verdict.status.flagged:
                verdict = replace(
                    verdict,
                    reasons=(*verdict.reasons, "part"),
                    explanation=f"In “{_short(p.check_text)}”: {verdict.explanation}",
                )
            self.signal_log.append((claim, signals))
            verdicts.append(verdict)
        return verdicts

    def _swapped(
        self,
        claim: str,
        text: str,
        numbers: _ClaimNumbers,
        evidence: Sequence[Evidence],
        *,
        cross: bool,
    ) -> NameMismatch | None:
        """A name the claim puts where the paper has another.

        ``text`` may be the claim's translation, which can bring names of its own ("美国" as
        "US") or lose one: a swap stands only when the claim as written has the name it is
        said to swap and lacks the paper's. A claim in another language is also read as
        written, by the names and numbers it shares with its evidence.
        """
        found = (
            check_names(text, evidence)
            or value_said_of_other_name(numbers.mentions, numbers.text, evidence)
            or self.cited_names.check(claim)
            or self.listed_names.check(text, evidence)
            or (swapped_across(claim, evidence) if cross else None)
        )
        if found is not None and (
            text == claim
            or (holds_name(claim, found.claim_name) and not holds_name(claim, found.paper_name))
        ):
            return found
        # Read as written: its brackets may hold a name the claim also writes elsewhere.
        return check_bracketed(claim, evidence)

    def _bind(
        self, numbers: _ClaimNumbers, evidence: Sequence[Evidence], claim: str, *, cross: bool
    ) -> Binding:
        """Bind the claim's numbers; a value the evidence gives to another owner is a mismatch.

        A value the claim gives a table cell it names, where the cell holds another, comes first:
        it names the cell the claim means. So is a value of a table row when the claim's words
        name another row of its column, and a count or fraction paired with a share the paper
        pairs with another ("8000 (7.1%)" where the paper has "569个（7.1%）"), read on the claim
        as written, and a value stated in a clause whose condition the claim does not hold ("for
        multi-modal data … 0.4 to 0.6" for a claim about text-only data).

        A claim in another language is read through a translation, which can move a value away
        from its words; there one value exchanged in the sentence stating the others is too.
        """
        binding = self._bind_in_context(numbers, evidence)
        cell = cell_mismatch(numbers.mentions, numbers.text, self.rows)
        if cell is not None:
            return replace(binding, mismatch=cell)
        if binding.mismatch is None:
            other = value_of_other_owner(numbers.mentions, numbers.text, evidence)
            if other is None and not cross:
                other = group_mismatch(numbers.mentions, numbers.text, self.valued)
            if other is None and not cross:
                other = listed_mismatch(numbers.mentions, numbers.text, evidence)
            if other is None:
                other = row_mismatch(numbers.mentions, numbers.text, self.rows)
            if other is None:
                other = paired_mismatch(claim, self.pairs)
            if other is None and not cross:
                other = count_mismatch(claim, self.counts)
            if other is None:
                other = clause_mismatch(numbers.mentions, numbers.text, evidence)
            if other is None and not cross:
                other = change_mismatch(numbers.text, evidence)
            if other is None and not cross:
                other = magnitude_mismatch(numbers.text, evidence)
            if other is None and not cross:
                other = points_mismatch(numbers.text, evidence)
            if other is None and not cross:
                other = change_as_level(numbers.mentions, numbers.text, evidence)
            if other is None and not cross:
                other = subject_mismatch(numbers.text, evidence)
            if other is None and cross:
                other = exchanged_value(numbers.mentions, numbers.text, evidence)
            if other is not None and not self._threshold(other, numbers, evidence):
                return replace(binding, mismatch=other)
        return binding

    @staticmethod
    def _threshold(found: Mismatch, numbers: _ClaimNumbers, evidence: Sequence[Evidence]) -> bool:
        """Whether the value a finder contradicts is a threshold the evidence names alike."""
        texts = [e.text for e in evidence]
        return any(
            m.raw == found.claim_value and threshold_stated(numbers.text, m, texts)
            for m in numbers.mentions
        )

    def _bind_as_written(
        self, gates: GateResult, evidence: Sequence[Evidence], claim: str, binding: Binding
    ) -> Binding:
        """A cross-language claim bound as written against evidence in its own language.

        A Chinese paper's English abstract states its main figures in the words of an English
        claim, which its translation would only blur; a mismatch read there comes first.
        """
        language = language_of(claim)
        alike = [e for e in evidence if language_of(e.text) == language]
        if not alike:
            return binding
        written = _bind_claim(_claim_numbers(gates, ""), alike)
        return binding if written.mismatch is None else replace(binding, mismatch=written.mismatch)

    def _bind_in_context(self, numbers: _ClaimNumbers, evidence: Sequence[Evidence]) -> Binding:
        """Bind the claim's numbers; a mismatch stands only if the paper nowhere restates it.

        The claim's value may be stated about the claim's own words in a sentence retrieval
        did not return ("8 mainstream baseline classifiers" in the abstract, while the best
        evidence lists "6个深度神经网络模型"); those sentences are weighed too, except those that
        could not be evidence (a figure's axis ticks state no value of anything).
        """
        binding = _bind_claim(numbers, evidence)
        if binding.mismatch is None:
            return binding
        shown = {e.sentence_index for e in evidence}
        sentences = [
            s for s in self.paper.sentences if s.index not in shown and self.finder.shown(s.index)
        ]
        stating = sentences_stating(
            binding.mismatch.claim_value, [s.text for s in sentences], numbers.text
        )
        extra = [
            Evidence(s.page, s.text, s.bbox, 0.0, s.index)
            for s in (sentences[i] for i in stating[:_RESTATED])
        ]
        if not extra:
            return binding
        again = _bind_claim(numbers, evidence, extra)
        return again if again.mismatch is None else binding

    def _other_person(
        self, claim: str, translated: str, evidence: Sequence[Evidence], *, cross: bool
    ) -> OtherPerson | None:
        """Another person credited by the paper, read on the claim and on its translation."""
        found = self.agents.check(claim, evidence, cross=cross)
        if found is None and cross and translated != claim:
            found = self.agents.check(translated, evidence, cross=False)
        return found

    def _left_out(self, claim: str) -> str | None:
        """What the claim says the paper leaves out, when no paper sentence speaks of it."""
        phrase = left_out(claim)
        if phrase is None or not unseen(topic_words(phrase), self.finder.sentence_words):
            return None
        return phrase

    def _unadmitted(
        self,
        claim: str,
        translated: str,
        evidence: Sequence[str],
        *,
        cross: bool,
        sentence: str = "",
    ) -> Unadmitted | None:
        """An admitted limitation the paper does not state; read in the paper's language.

        ``sentence``: the text the claim was cut from, when it is a part.
        """
        if not cross:
            return self.admissions.check(claim, evidence, sentence)
        if translated == claim:
            # Retrieval did not need a translation; an admission needs the paper's words.
            if admitted_clause(claim) is None or self.translator is None:
                return None
            translated = self.translator.translate(claim, self.language) or claim
            if translated == claim:
                return None
        return self.admissions.check_translation(claim, translated, evidence)

    def _untraced_quote(self, claim: str) -> UntracedQuote | None:
        """A quote in another language than the paper's that the paper does not hold."""
        if self.translator is None:
            return None
        translator = self.translator
        return untraced_quote(
            claim,
            self.language,
            lambda quote: translator.translate(quote, self.language),
            self.finder.sentence_words,
        )

    def _is_table_row(self, evidence: Evidence) -> bool:
        index = evidence.sentence_index
        sentences = self.paper.sentences
        return 0 <= index < len(sentences) and sentences[index].section == "table"

    def _evidence(self, claims: list[str]) -> tuple[list[str], list[ClaimEvidence]]:
        """Each claim as the checks read it, and its evidence.

        A claim in the paper's language is read as written. Another language's claim is
        searched in the multilingual space and translated only when it holds a number, whose
        binding reads the words around it (the translation's words then find evidence too);
        without that space every such claim is translated and searched in the paper's language
        (when a model can translate).
        """
        across = [i for i, c in enumerate(claims) if language_of(c) != self.language]
        texts = list(claims)
        for i in across:
            if quantities(claims[i]):
                texts[i] = self._in_paper_language(claims[i])
        found_across = (
            self.finder.find_across([claims[i] for i in across], [texts[i] for i in across])
            if across
            else None
        )
        if found_across is None:
            for i in across:
                if texts[i] == claims[i]:
                    texts[i] = self._in_paper_language(claims[i])
            return texts, self.finder.find(texts)
        by_index = dict(zip(across, found_across, strict=True))
        same = [i for i in range(len(claims)) if i not in by_index]
        by_index.update(zip(same, self.finder.find([texts[i] for i in same]), strict=True))
        return texts, [by_index[i] for i in range(len(claims))]

    def _reversed(
        self, text: str, cross: bool, evidence: Sequence[Evidence], sentence: str
    ) -> Reversal | None:
        """A direction, negation, advice or contrast of the paper's that the claim turns round.

        ``text`` is one part of ``sentence``, which the significance check reads whole.
        """
        read = self._read_for_direction(text, cross)
        # "X did rise …, but its gain fell short of significance" grants the paper's "did not
        # change detectably": an effect the sentence itself puts down to chance drops no negation.
        conceded = concedes_chance(sentence)
        direction = check_direction(read, evidence)
        if conceded and isinstance(direction, NegationDropped):
            direction = None
        return (
            direction
            or opposite_change(read, evidence)
            or (None if conceded else check_null_finding(read, self.nulls, evidence))
            or check_similar_groups(read, self.nulls, self.paper.sentences)
            or check_left_open(read, self.left_open, evidence)
            or check_scope(read, self.limits, sentence)
            or check_significance(read, self.estimates, sentence, self.paper_texts)
            or check_contrast(read, self.contrasts, self.abbreviations)
            or check_alike_across(read, self.interactions, self.nulls)
            or check_subgroup_difference(read, self.interactions, sentence)
            or check_source(read, self.sources)
            or check_durations(read, self.durations)
            or check_primary_outcome(read, self.outcomes)
            or check_relative_change(read, self.changes)
            or check_subgroup_value(read, self.paper.sentences)
            or check_alternatives(read, evidence, self.paper_words)
            or check_frequency(read, self.frequencies, {e.sentence_index for e in evidence})
            or check_advice(read, evidence)
            or check_pairing(read, evidence)
            or check_group_values(read, [*evidence, *self.grouped])
            or check_group_rank(read, [*evidence, *self.ranked, *self.grouped], self.abbreviations)
            or check_stated_rank(read, self.stated_ranks, self.abbreviations)
        )

    def _null_confirmed(self, text: str) -> tuple[str, int] | None:
        """The paper's estimate or statement finding no effect where the claim denies one."""
        estimate = confirmed_null(text, self.estimates)
        if estimate is not None:
            return estimate.text, estimate.page
        null = confirmed_null_finding(text, self.nulls)
        return (null.text, null.page) if null is not None else None

    def _read_for_direction(self, text: str, cross: bool) -> str:
        """The claim in the paper's words when a reversal may be read on it.

        Only for that reading: its evidence and its score stay those of the claim as written.
        """
        if not cross or language_of(text) == self.language or not may_read_direction(text):
            return text
        return self._in_paper_language(text)

    def _in_paper_language(self, text: str) -> str:
        """``text`` in the paper's language when a model can translate it."""
        if self.translator is None:
            return text
        return self.translator.translate(text, self.language) or text

    def _ask_judge(self, pending: Sequence[_Pending]) -> tuple[dict[int, JudgeAnswer | None], bool]:
        """Answers by position in ``pending``, and whether the judge call failed."""
        if self.judge is None:
            return {}, False
        unjudged = [self.signals(p, None) for p in pending]
        # A sentence one part of which is already flagged keeps that verdict, whatever the
        # judge would say of its other parts.
        flagged = {
            p.claim.index
            for p, s in zip(pending, unjudged, strict=True)
            if s.settled and decide(s).status.flagged
        }
        asked = [
            i
            for i, (p, s) in enumerate(zip(pending, unjudged, strict=True))
            if p.claim.index not in flagged and asks_judge(s)
        ]
        if not asked:
            return {}, False
        # A part is judged as the text it was cut from, with the evidence of all its parts:
        # "GCN did not win any" means nothing without "D-MPNN came first on nine of the
        # fourteen tasks", and the passage stating both may be another part's evidence.
        keys = [
            (pending[i].claim.index, pending[i].whole, -1 if pending[i].whole else i) for i in asked
        ]
        items: dict[tuple[int, str, int], JudgeItem] = {}
        for i, key in zip(asked, keys, strict=True):
            if key in items:
                continue
            p = pending[i]
            text = p.whole or p.check_text
            siblings = [q for q in pending if p.whole and (q.claim.index, q.whole, -1) == key] or [
                p
            ]
            evidence = dict.fromkeys(
                e.text
                for ranked in zip_longest(*(q.found.evidence for q in siblings))
                for e in ranked
                if e
            )
            items[key] = JudgeItem(
                text,
                tuple(glossed_approximations(text, glossed(text, e)) for e in evidence),
            )
        try:
            answers = dict(zip(items, self.judge.judge(list(items.values())), strict=True))
        except Exception as exc:  # noqa: BLE001 - one failed batch must not abort the run
            self.judge_failures += 1
            log.warning("judge failed for a batch; using gates and semantic support: %s", exc)
            return {}, True
        return {i: answers[key] for i, key in zip(asked, keys, strict=True)}, False

    def signals(self, p: _Pending, answer: JudgeAnswer | None) -> Signals:
        """The verdict function's inputs for one pending claim."""
        soft = {f.gate for f in p.gates.failures if not f.hard}
        # A number the paper lacks is excused when the evidence derives it ("+2.3 points"); a
        # number the paper has, but never with the claim's unit ("60-day"), is not.
        reasons = [f.reason for f in p.gates.failures]
        number_missing = any(
            r.startswith(("number_unit_not_in_paper", "ratio_not_in_paper")) for r in reasons
        ) or (
            any(r.startswith("number_not_in_paper") for r in reasons)
            and p.binding.bound < p.binding.numbers
        )
        return Signals(
            hard_gate=p.gates.hard_failure,
            has_evidence=bool(p.found.evidence),
            number_mismatch=p.binding.mismatch is not None or p.ordinal is not None,
            comparison_contradicted=p.comparison is not None or p.reversed_ is not None,
            misattributed=(
                p.attribution is not None
                or p.thanked is not None
                or p.others_work is not None
                or p.other_person is not None
                or p.funder is not None
            ),
            name_swapped=p.swapped is not None or p.related_only is not None,
            number_missing=number_missing or "xref" in soft,
            number_unbound=1.0 - p.binding.share,
            name_missing=bool(soft & {"name", "method", "figure"}),
            overclaim="overclaim" in soft,
            quote_missing=p.untraced is not None,
            admission_missing=p.unadmitted is not None,
            coverage=p.semantic.coverage,
            cosine=p.semantic.cosine,
            judge_p=_probability(answer),
            cross_lingual=p.cross_lingual,
            restated=p.restated,
            absence_confirmed=bool(p.absent),
            absence_unseen=p.left_out is not None,
            null_confirmed=p.null_confirmed is not None,
            rank_confirmed=p.rank_confirmed is not None,
        )

    def _decide(
        self, p: _Pending, answer: JudgeAnswer | None, *, failed: bool = False
    ) -> tuple[Verdict, Signals]:
        evidence = p.found.evidence
        signals = self.signals(p, answer)
        decision = decide(signals)
        status = decision.status
        reasons: list[str] = [f.reason for f in p.gates.failures]
        explanation = "; ".join(f.explanation for f in p.gates.failures[:2])
        if decision.rule == "number_mismatch" and p.binding.mismatch is not None:
            m = p.binding.mismatch
            reasons.insert(0, f"number_mismatch:{m.claim_value}->{m.paper_value}")
            explanation = f"The claim says {m.claim_value}, but {paper_value_text(m)}"
        elif decision.rule == "number_mismatch" and p.ordinal is not None:
            reasons.insert(0, p.ordinal.reason)
            explanation = p.ordinal.explain()
        elif decision.rule == "comparison" and p.comparison is not None:
            c = p.comparison
            reasons.insert(0, c.reason)
            explanation = c.explain()
        elif decision.rule == "comparison" and p.reversed_ is not None:
            reasons.insert(0, p.reversed_.reason)
            explanation = p.reversed_.explain()
        elif decision.rule == "misattribution" and p.attribution is not None:
            a = p.attribution
            reasons.insert(0, f"misattribution:{'+'.join(a.claimed)}->{'+'.join(a.paper)}")
            explanation = a.explain()
        elif decision.rule == "misattribution" and p.thanked is not None:
            reasons.insert(0, f"credited_person_only_thanked:{'+'.join(p.thanked.names)}")
            explanation = p.thanked.explain()
        elif decision.rule == "misattribution" and p.others_work is not None:
            reasons.insert(0, p.others_work.reason)
            explanation = p.others_work.explain()
        elif decision.rule == "misattribution" and p.other_person is not None:
            o = p.other_person
            reasons.insert(0, f"credited_other_person:{'+'.join(o.claimed)}->{o.paper}")
            explanation = o.explain()
            # The sentence naming the paper's person is what the explanation points at.
            evidence = _sentence_first(evidence, self.paper.sentences[o.sentence_index])
        elif decision.rule == "misattribution" and p.funder is not None:
            reasons.insert(0, p.funder.reason)
            explanation = p.funder.explain()
            evidence = _sentence_first(evidence, self.paper.sentences[p.funder.sentence_index])
        elif decision.rule == "name_mismatch" and p.swapped is not None:
            n = p.swapped
            reasons.insert(0, f"name_mismatch:{n.claim_name}->{n.paper_name}")
            explanation = n.explain()
        elif decision.rule == "name_mismatch" and p.related_only is not None:
            reasons.insert(0, f"name_only_related_work:{p.related_only.name}")
            explanation = p.related_only.explain()
        elif decision.rule == "soft_gate" and p.untraced is not None:
            reasons.insert(0, f"translated_quote_not_in_paper:{p.untraced.quote[:60]}")
            said = p.untraced.explain()
            explanation = f"{said}; {explanation}" if explanation else said
        elif decision.rule == "soft_gate" and p.unadmitted is not None:
            reasons.insert(0, "limitation_not_in_paper")
            said = p.unadmitted.explain()
            explanation = f"{said}; {explanation}" if explanation else said
        elif decision.rule == "absence":
            reasons.insert(0, f"method_absent:{'+'.join(p.absent)}")
            explanation = f"The paper mentions no {' or '.join(p.absent)}"
        elif decision.rule == "absence_unseen":
            reasons.insert(0, "absence_unseen")
            explanation = (
                f"No sentence of the paper speaks of {p.left_out} in these words; "
                "check whether it is described in others"
            )
        elif decision.rule == "null_confirmed" and p.null_confirmed is not None:
            text, page = p.null_confirmed
            reasons.insert(0, "null_confirmed")
            explanation = (
                f"The paper finds no significant effect either (p. {page}): “{excerpt(text)}”"
            )
        elif decision.rule == "rank_confirmed" and p.rank_confirmed is not None:
            reasons.insert(0, "rank_confirmed")
            explanation = p.rank_confirmed.explain()
        elif decision.rule == "restated":
            reasons.insert(0, "restated_sentence")
            explanation = f"The paper says this word for word (p. {evidence[0].page})"
        elif decision.rule == "no_evidence":
            reasons.insert(0, "no_evidence")
            explanation = "No evidence found in the paper"
        elif status == Status.UNSUPPORTED and decision.rule != "soft_gate":
            reasons.insert(0, "low_support")
        elif status == Status.PARTIAL:
            reasons.insert(0, "partial_support")
        if p.found.source == "leading":
            reasons.append("retrieval_fallback:leading")
        if p.cross_lingual:
            reasons.append("cross_lingual")
        if answer is not None:
            reasons.append(f"judge:{answer.label.value}")
            if answer.probability is not None:
                reasons.append(f"judge_p:{answer.probability:.2f}")
            else:  # a server without logprobs: the label was parsed from its text
                reasons.append("judge_text_answer")
        elif self.judge is not None and asks_judge(signals):  # no answer: signals lack one too
            reasons.append("judge_failed" if failed else "judge_no_answer")
        elif self.judge is not None and decision.rule == "score":
            reasons.append("judge_not_needed")
        if decision.rule in ("score", "cross_lingual", "cross_lingual_judge"):
            reasons.append(f"score:{decision.score:.2f}")
            explanation = _explain(status, evidence)
        confidence = _confidence(decision, p)
        verdict = Verdict(
            p.claim, status, tuple(reasons), explanation, round(confidence, 3), evidence
        )
        return verdict, signals


#: Worst first: a sentence takes the verdict of its worst part.
_SEVERITY = {
    Status.REJECTED: 0,
    Status.UNSUPPORTED: 1,
    Status.PARTIAL: 2,
    Status.SUPPORTED: 3,
    Status.NOT_A_CLAIM: 4,
}


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _probability(answer: JudgeAnswer | None) -> float | None:
    if answer is None:
        return None
    if answer.probability is not None:
        return answer.probability
    # A parsed text answer stands for a confident probability.
    return {Label.YES: 0.9, Label.PARTIAL: 0.5, Label.NO: 0.1}[answer.label]


def _restated_first(found: ClaimEvidence, sentence: PaperSentence) -> ClaimEvidence:
    """The restated sentence as the first evidence (it may not have been retrieved)."""
    if found.evidence and found.evidence[0].sentence_index == sentence.index:
        return found
    # The vectors no longer line up with the evidence; the verdict does not read them here.
    evidence = _sentence_first(found.evidence, sentence)
    return replace(found, evidence=evidence, claim_vector=None, evidence_vectors=None)


def _sentence_first(
    evidence: tuple[Evidence, ...], sentence: PaperSentence
) -> tuple[Evidence, ...]:
    """``sentence`` first, then the rest of ``evidence`` (three in all)."""
    others = tuple(e for e in evidence if e.sentence_index != sentence.index)
    first = Evidence(sentence.page, sentence.text, sentence.bbox, 1.0, sentence.index)
    return (first, *others[:2])


def _confidence(decision: Decision, p: _Pending) -> float:
    """Gate failures are proofs; otherwise the score's distance from a coin flip."""
    if decision.rule == "hard_gate":
        gate = p.gates.failures[0].gate
        return {"quote": 0.97, "citation": 0.95, "xref": 0.93}.get(gate, 0.9)
    if decision.rule in ("number_mismatch", "comparison"):
        return 0.9
    if decision.rule in ("misattribution", "name_mismatch"):
        return 0.85
    if decision.rule == "soft_gate":
        if not p.gates.failures:
            return 0.8  # a translated quote the paper does not hold
        return {"number": 0.9, "name": 0.8}.get(p.gates.failures[0].gate, 0.7)
    if decision.rule == "no_evidence":
        return 0.6
    if decision.rule in ("null_confirmed", "rank_confirmed"):
        return 0.8
    return min(0.5 + abs(decision.score - 0.5), 0.99)


@dataclass(frozen=True)
class _ClaimNumbers:
    """The claim's numbers, the text their offsets refer to, and how many the text lost."""

    mentions: tuple[NumberMention, ...]
    text: str
    lost: int = 0


def _claim_numbers(gates: GateResult, translated: str) -> _ClaimNumbers:
    """The claim's numbers, read in its translation when there is one.

    Context is compared word for word, so a claim in another language than its evidence is
    read through its translation (the gates' numbers, found again there).
    """
    if not translated:
        return _ClaimNumbers(tuple(gates.numbers), gates.text)
    text = unicodedata.normalize("NFKC", translated)
    wanted = {m.value for m in gates.numbers}
    mentions = tuple(m for m in extract_numbers(translated) if m.value in wanted)
    return _ClaimNumbers(mentions, text, len(wanted - {m.value for m in mentions}))


def _bind_claim(
    numbers: _ClaimNumbers,
    evidence: Sequence[Evidence],
    restating: Sequence[Evidence] = (),
) -> Binding:
    """Bind the claim's numbers, in the words of the translation when the claim was translated."""
    binding = bind_numbers(numbers.mentions, numbers.text, evidence, restating)
    # A number the translation lost ("20万" as "20 million") is not bound by it: it must not
    # excuse the claim's number that the paper lacks.
    if numbers.lost:
        return replace(binding, numbers=binding.numbers + numbers.lost)
    return binding


def _consistent(gates: GateResult, evidence: Sequence[str]) -> GateResult:
    """Drop "does not occur" findings for items the sentence's own evidence shows."""
    shown = " ".join(evidence).casefold()
    kept = tuple(
        f
        for f in gates.failures
        if not (f.gate == "name" and f.reason.split(":", 1)[1].casefold() in shown)
    )
    if len(kept) == len(gates.failures):
        return gates
    return replace(gates, failures=kept)


def _explain(status: Status, evidence: Sequence[Evidence]) -> str:
    best = evidence[0] if evidence else None
    if best is None:
        return "No evidence found in the paper"
    snippet = excerpt(best.text)
    if status == Status.SUPPORTED:
        return f"Supported by p. {best.page}: “{snippet}”"
    if status == Status.PARTIAL:
        return f"Needs review: only partly supported by the paper (p. {best.page})"
    # NOTE: never "no passage supports this" above a passage that says it: the closest passage
    # is named and the reader judges the difference.
    return f"The closest passage (p. {best.page}) does not state this"
