"""Texts of the development-set papers (the PDFs are written from these by build.py)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DevPaper:
    """A fixture paper: title, authors, abstract, (heading, paragraphs) sections, references."""

    key: str
    title: str
    authors: str
    abstract: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]
    references: tuple[str, ...]


LEXIRANK = DevPaper(
    key="lexirank",
    title="LexiRank: Learned Term Weights for Sparse Passage Retrieval",
    authors="Maria Okafor and Tomas Lindqvist",
    abstract=(
        "We present LexiRank, a sparse retriever that learns a weight for every vocabulary term "
        "from a BERT-base encoder. On MS MARCO passage ranking, LexiRank reaches an MRR@10 of "
        "36.8, compared with 18.7 for BM25 [1]. Because its index remains an inverted index, "
        "query latency stays at 42 ms per query on a single CPU core."
    ),
    sections=(
        (
            "1 Introduction",
            (
                "Dense retrievers such as DPR [2] encode passages as single vectors and require "
                "approximate nearest-neighbour search. Sparse retrievers keep the inverted index "
                "but depend on exact term overlap between queries and passages. LexiRank combines "
                "the two: a transformer predicts term weights, and retrieval uses an ordinary "
                "inverted index. We show that \u201clearned term weights close most of the gap "
                "between sparse and dense retrieval\u201d while keeping the index interpretable.",
            ),
        ),
        (
            "2 Method",
            (
                "LexiRank feeds each passage through a BERT-base encoder and projects every output "
                "token onto the 30,522-term vocabulary with a log-saturation activation. The "
                "weights are pruned to the top 128 terms per passage to keep the index small. "
                "Training uses 8.8 million query-passage pairs with in-batch negatives and a FLOPS "
                "regulariser with coefficient 0.0008, following SPLADE [3]. We train for 150,000 "
                "steps with a batch size of 64 on four A100 GPUs.",
            ),
        ),
        (
            "3 Experiments",
            (
                "We evaluate on MS MARCO passage ranking and on five BEIR datasets [4]: "
                "TREC-COVID, NFCorpus, FiQA, SciFact and ArguAna. Table 1 reports MRR@10 on MS "
                "MARCO and nDCG@10 on BEIR. LexiRank improves nDCG@10 over BM25 on four of the "
                "five BEIR datasets, with an average gain of 3.1 points. On ArguAna it trails BM25 "
                "by 1.4 points, which we attribute to long argumentative queries. The index "
                "occupies 4.3 GB, against 26 GB for a dense index of the same collection.",
                "Table 1: MRR@10 on MS MARCO and nDCG@10 on five BEIR datasets for BM25, DPR and "
                "LexiRank.",
            ),
        ),
        (
            "4 Limitations",
            (
                "Our evaluation covers English only. Pruning to 128 terms can drop rare terms, and "
                "we did not measure the effect on queries with misspellings. Latency was measured "
                "on a single machine and may differ under concurrent load.",
            ),
        ),
        (
            "5 Conclusion",
            (
                "LexiRank shows that \u201ca learned sparse index can rival dense retrieval on "
                "in-domain data\u201d at a fraction of the memory. Future work will study "
                "multilingual vocabularies and query-side pruning.",
            ),
        ),
    ),
    references=(
        "[1] S. Robertson and H. Zaragoza. The probabilistic relevance framework: BM25 and "
        "beyond. 2009.",
        "[2] V. Karpukhin, B. Oguz, S. Min et al. Dense passage retrieval for open-domain "
        "question answering. 2020.",
        "[3] T. Formal, B. Piwowarski and S. Clinchant. SPLADE: Sparse lexical and expansion "
        "model for first stage ranking. 2021.",
        "[4] N. Thakur, N. Reimers, A. Ruckle et al. BEIR: A heterogeneous benchmark for "
        "zero-shot evaluation of information retrieval models. 2021.",
        "[5] J. Lin and X. Ma. A few brief notes on DeepImpact, COIL, and a conceptual framework "
        "for information retrieval. 2021.",
    ),
)

TRIAGE = DevPaper(
    key="triage",
    title="Calibrating Small Language Models for Clinical Triage",
    authors="Hannah Weiss and Rahul Menon",
    abstract=(
        "Small language models are attractive for hospital deployment but are often "
        "over-confident. We fine-tune TriageLM, a 350M-parameter model, on 48,000 de-identified "
        "triage notes and apply temperature scaling. Expected calibration error falls from 0.142 "
        "to 0.031 while accuracy stays at 78.4%."
    ),
    sections=(
        (
            "1 Introduction",
            (
                "Triage nurses assign one of five urgency levels within minutes of a patient's "
                "arrival. Prior work fine-tuned large models for this task (Patel et al., 2022), "
                "but such models are expensive to host on premises. Guo et al. (2017) showed that "
                "modern neural networks are poorly calibrated and that temperature scaling is a "
                "simple remedy. We ask whether the same holds for small clinical language models.",
            ),
        ),
        (
            "2 Data and Model",
            (
                "The notes come from two hospitals in Ohio and were collected between 2018 and "
                "2021. We split them by patient into 80% training, 10% validation and 10% test "
                "data. TriageLM has 24 layers and was pre-trained on PubMed abstracts. We "
                "fine-tune it for 3 epochs with a learning rate of 0.00002 and fit the "
                "temperature on the validation split.",
            ),
        ),
        (
            "3 Results",
            (
                "Table 2 compares TriageLM with a logistic regression baseline and with "
                "ClinicalBERT (Alsentzer et al., 2019). TriageLM reaches 78.4% accuracy against "
                "71.9% for logistic regression and 76.2% for ClinicalBERT. After temperature "
                "scaling its expected calibration error is 0.031, the lowest of the three models. "
                "Figure 2 shows reliability diagrams before and after scaling. The largest errors "
                "occur for the two most urgent levels, where the model under-triages 6.5% of "
                "cases.",
                "Table 2: Accuracy and expected calibration error of the three models on the "
                "test split.",
            ),
        ),
        (
            "4 Limitations",
            (
                "Both hospitals are in the same state, so the notes share documentation habits. "
                "We did not evaluate the model under a shift in the case mix, and temperature "
                "scaling does not correct errors in ranking. \u201cCalibration is not a substitute "
                "for clinical oversight\u201d, and the model is intended to support, not replace, "
                "triage nurses.",
            ),
        ),
    ),
    references=(
        "Alsentzer, E., Murphy, J., Boag, W., et al. (2019). Publicly available clinical BERT "
        "embeddings.",
        "Guo, C., Pleiss, G., Sun, Y., and Weinberger, K. (2017). On calibration of modern "
        "neural networks.",
        "Patel, R., Singh, A., and Moore, K. (2022). Fine-tuning large language models for "
        "emergency department triage.",
    ),
)

PAPERS = (LEXIRANK, TRIAGE)
