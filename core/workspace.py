"""The one object the command line and the GUI use to reach core.

Long operations are generators yielding Progress and returning their result
(``result = yield from ws.ingest(path)``); they check the CancelToken between units
of work. Not thread-safe: use it from one worker lane.
"""

from __future__ import annotations

import getpass
import logging
import shutil
from collections.abc import Generator, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from core.config import API_KEY_ENV, JUDGE_API_KEY_ENV, Settings, app_home, secret
from core.errors import AppError, BadPdfError, LibraryError, NotInLibraryError
from core.ingest.source import read_pdf_bytes, sha256_hex
from core.ingest.version import READING_VERSION
from core.library.leases import Leases
from core.llm.base import LLM, Embedder, QueryEmbedder
from core.progress import CancelToken, Progress
from core.records import (
    AuditEntry,
    PaperInfo,
    PaperStatus,
    Review,
    ReviewAction,
    StoredCritique,
)
from core.types import Attempt, Chunk, Paper, SearchHit, Verdict

if TYPE_CHECKING:
    import numpy as np

    from core.ask.result import StoredAnswer
    from core.index.hybrid import HybridRetriever
    from core.index.vector import VectorIndex
    from core.library.repository import Repository
    from core.verify.verifier import Checker

log = logging.getLogger(__name__)

EMBED_BATCH = 16
_UNFINISHED = (PaperStatus.INGESTING, PaperStatus.DELETING)


@dataclass(frozen=True)
class ModelSource:
    """Where a model comes from: a GGUF path (llama) or a server address and name (openai)."""

    backend: str
    location: str
    name: str = ""
    #: The environment variable holding the server's API key (never the key itself).
    key_env: str = ""


def file_sha256(path: Path) -> str:
    """SHA-256 of the file's bytes; BadPdfError names the file when it cannot be used."""
    return sha256_hex(read_pdf_bytes(path))


class Workspace:
    """Library + indexes + models for one data folder; heavy parts load lazily."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        llm: LLM | None = None,
        judge: LLM | None = None,
        embedder: Embedder | None = None,
        vector_index: VectorIndex | None = None,
        multilingual: QueryEmbedder | None = None,
    ) -> None:
        """Models given here replace the defaults (tests pass fakes); None loads lazily."""
        self.settings = settings or Settings.load()
        self.home = app_home()
        self._repo: Repository | None = None
        self._vectors = vector_index
        self._embedder = embedder
        self._multilingual = multilingual
        self._writer = llm
        self._judge = judge
        self._retrievers: dict[str, HybridRetriever] = {}
        self.leases = Leases(self.home / "locks")

    # lazily opened parts
    @property
    def repo(self) -> Repository:
        """The SQLite library, cleaned of what a killed process left half-done."""
        if self._repo is None:
            from core.library.repository import Repository

            self._repo = Repository(self.home / "library.sqlite3")
            self.recover()
        return self._repo

    def recover(self) -> None:
        """Finish what killed processes left half-done.

        Half-ingested and half-deleted papers go (vectors, then rows); critiques cut short are
        kept as interrupted. Live work of another process (its lease is held) is left alone.
        """
        repo = self.repo
        for sha256, _status in repo.unfinished_papers():
            if self.leases.is_free(_paper_lease(sha256)):
                # NOTE: vectors first, rows last: the rows are what tells the next start to retry.
                self.vectors.delete_paper(sha256)
                shutil.rmtree(self._multilingual_folder(sha256), ignore_errors=True)
                repo.delete_paper(sha256)
        for critique_id, sha256 in repo.running_critiques():
            if self.leases.is_free(_critique_lease(sha256)):
                repo.stop_critique(critique_id)

    @property
    def vectors(self) -> VectorIndex:
        """The Chroma store: embedded, or a server when ``index.chroma_url`` is set."""
        if self._vectors is None:
            url = self.settings.index.chroma_url
            if url:
                from core.config import CHROMA_TOKEN_ENV, secret
                from core.index.remote import RemoteChromaIndex, library_id

                namespace = self.settings.index.namespace or library_id(self.home)
                self._vectors = RemoteChromaIndex(url, namespace, token=secret(CHROMA_TOKEN_ENV))
            else:
                from core.index.vector import ChromaIndex

                self._vectors = ChromaIndex(self.home / "chroma")
        return self._vectors

    @property
    def embedder(self) -> Embedder:
        """The sentence embedder."""
        if self._embedder is None:
            from core.llm.embedder import OnnxMiniLM

            self._embedder = OnnxMiniLM(threads=self.settings.model.threads)
        return self._embedder

    @property
    def multilingual(self) -> QueryEmbedder | None:
        """The cross-lingual embedder, when its package is installed (it loads on first use)."""
        if self._multilingual is None:
            from core.llm import multilingual

            if multilingual.available():
                self._multilingual = multilingual.MultilingualE5()
        return self._multilingual

    def _multilingual_for(self, sha256: str) -> QueryEmbedder | None:
        """The cross-lingual embedder, keeping this paper's vectors in the paper's own folder."""
        from core.llm.multilingual import MultilingualE5

        base = self.multilingual
        if isinstance(base, MultilingualE5):
            return base.stored_in(self._multilingual_folder(sha256))
        return base

    def _multilingual_folder(self, sha256: str) -> Path:
        return self.home / "multilingual" / sha256

    @property
    def writer(self) -> LLM:
        """The model that writes critiques."""
        if self._writer is None:
            self._writer = self._load_model(self._writer_source())
        return self._writer

    @property
    def judge(self) -> LLM:
        """The model that judges support; the writer unless another model is configured."""
        if self._judge is None:
            source = self._judge_source()
            if source != self._writer_source():
                self._judge = self._load_model(source)
            else:
                self._judge = self.writer
        return self._judge

    def _writer_source(self) -> ModelSource:
        m = self.settings.model
        if m.backend == "openai":
            return ModelSource("openai", m.base_url, m.name, API_KEY_ENV)
        return ModelSource("llama", m.path)

    def _judge_source(self) -> ModelSource:
        m = self.settings.model
        backend = m.judge_backend or m.backend
        if backend == "openai":
            key_env = JUDGE_API_KEY_ENV if secret(JUDGE_API_KEY_ENV) else API_KEY_ENV
            return ModelSource(
                "openai", m.judge_base_url or m.base_url, m.judge_name or m.name, key_env
            )
        return ModelSource("llama", m.judge_path or m.path)

    def _load_model(self, source: ModelSource) -> LLM:
        if source.backend == "openai":
            from core.llm.openai_compat import OpenAICompatModel

            instruct = self.settings.model.instruct
            return OpenAICompatModel(
                source.location,
                source.name,
                api_key=secret(source.key_env),
                context_size=self.settings.model.context_size,
                timeout_s=self.settings.model.timeout_s,
                follows_instructions=instruct != "no",
            ).connect()
        return self._load_gguf(source.location)

    def _load_gguf(self, path: str) -> LLM:
        from core.llm.default_model import DEFAULT_MODEL_LABEL, default_model_path
        from core.llm.llama import LlamaModel

        label = None if path else DEFAULT_MODEL_LABEL
        model_path = Path(path).expanduser() if path else default_model_path()
        instruct = self.settings.model.instruct
        return LlamaModel.load(
            model_path,
            threads=self.settings.model.threads,
            context_size=self.settings.model.context_size,
            label=label,
            follows_instructions=None if instruct == "auto" else instruct == "yes",
        )

    def prepare_default_model(
        self, cancel: CancelToken | None = None
    ) -> Generator[Progress, None, None]:
        """Assemble the bundled model into the data folder if a run needs it and it is missing.

        A Stop removes the partial file; the next run starts the assembly again.
        """
        from core.llm.default_model import DEFAULT_MODEL_BYTES, iter_assemble, needs_assembly

        writer, judge = self._writer_source(), self._judge_source()
        needed = {writer} if self._writer is None else set()
        if self._judge is None and judge != writer:
            needed.add(judge)
        if ModelSource("llama", "") not in needed or not needs_assembly():
            return
        size = f"{DEFAULT_MODEL_BYTES / 1e9:.1f} GB"
        message = f"Preparing the bundled default model ({size}, once)"
        yield Progress("model", 0, 100, message)
        steps = iter_assemble()
        try:
            for done, total in steps:
                if cancel is not None:
                    cancel.check()
                yield Progress("model", int(100 * done / total), 100, message)
        finally:
            steps.close()

    def set_models(self, llm: LLM | None = None, judge: LLM | None = None) -> None:
        """Replace (or, with None, forget) the loaded models, e.g. after the settings change."""
        self._writer = llm
        self._judge = judge

    # library
    def list_papers(self) -> list[PaperInfo]:
        """Every paper, newest first."""
        return self.repo.list_infos()

    def paper_info(self, sha256: str) -> PaperInfo | None:
        """One library row, or None."""
        return self.repo.info(sha256)

    def load_paper(self, sha256: str) -> Paper:
        """The parsed paper (from the library, no re-parse)."""
        return self.repo.load_paper(sha256)

    def find(self, path: Path) -> PaperInfo | None:
        """The ready library entry for this file's bytes, if any."""
        info = self.repo.info(file_sha256(path))
        if info is None or info.status in _UNFINISHED:
            return None
        return info

    def remove_paper(self, sha256: str) -> None:
        """Delete the paper's rows, critiques and vectors.

        The paper is first marked as being deleted (hidden from the library), then its vectors
        go, then its rows: a crash at any point leaves either the whole paper or a marked row
        that the next start finishes deleting, never a listed paper without vectors.
        """
        with self._lease(_paper_lease(sha256)):
            self.repo.mark_deleting(sha256)
            self._retrievers.pop(sha256, None)
            self.vectors.delete_paper(sha256)
            shutil.rmtree(self._multilingual_folder(sha256), ignore_errors=True)
            self.repo.delete_paper(sha256)

    @contextmanager
    def _lease(self, name: str) -> Iterator[None]:
        """Hold a lease, as a typed error when another process has it or the folder is bad."""
        lease = self.leases.hold(name)
        try:
            lease.__enter__()
        except BlockingIOError as exc:
            raise LibraryError(f"{exc}; wait for it to finish.") from exc
        except OSError as exc:
            raise LibraryError(f"Cannot write to the data folder {self.home}: {exc}") from exc
        try:
            yield
        finally:
            lease.__exit__(None, None, None)

    # long operations
    def ingest(
        self, path: Path, cancel: CancelToken | None = None
    ) -> Generator[Progress, None, PaperInfo]:
        """Parse, chunk and index a PDF; a no-op returning the entry when already ready."""
        cancel = cancel or CancelToken()
        path = Path(path).expanduser().resolve()
        data = read_pdf_bytes(path)
        existing = self.repo.info(sha256_hex(data))
        if existing is not None and existing.status not in _UNFINISHED:
            if existing.reading_version >= READING_VERSION:
                return existing
            return (yield from self._read_again(existing, path, data, cancel))
        # NOTE: imported only now so that reopening a known paper never pays for PyMuPDF.
        from core.ingest.chunking import chunk_paper
        from core.ingest.pdf import parse_pdf

        yield Progress("parse", message=f"Reading {path.name}")
        paper = parse_pdf(path, data)
        cancel.check()
        chunks = chunk_paper(paper)
        yield Progress("chunk", len(chunks), len(chunks), f"{len(chunks)} passages")
        # NOTE: the lease tells other processes this ingest is alive; if this process dies, the
        # OS drops it and the next start removes the half-ingested rows and vectors.
        with self._lease(_paper_lease(paper.sha256)):
            self.repo.begin_ingest(paper.sha256, paper.title, str(path), paper.page_count)
            try:
                yield from self._index_chunks(paper.sha256, chunks, cancel)
                info = self.repo.finish_ingest(paper, chunks)
            except BaseException:
                # NOTE: nothing half-ready may stay behind; the next open simply starts again.
                self.vectors.delete_paper(paper.sha256)
                self.repo.delete_paper(paper.sha256)
                raise
        yield Progress("ready", 1, 1, f"{paper.title} is ready")
        return info

    def refresh(
        self, sha256: str, cancel: CancelToken | None = None
    ) -> Generator[Progress, None, PaperInfo]:
        """The library entry, its file read again first if an older version read it.

        The paper keeps its old reading when its file is gone, changed or now unreadable.
        """
        info = self.repo.info(sha256)
        if info is None:
            raise NotInLibraryError("This paper is no longer in the library.")
        if info.reading_version >= READING_VERSION:
            return info
        path = Path(info.path)
        try:
            data = read_pdf_bytes(path)
        except BadPdfError as exc:
            log.info("keeping the stored reading of %s: %s", info.title, exc)
            return info
        if sha256_hex(data) != sha256:
            log.info("keeping the stored reading of %s: its file has changed", info.title)
            return info
        return (yield from self._read_again(info, path, data, cancel or CancelToken()))

    def _read_again(
        self, info: PaperInfo, path: Path, data: bytes, cancel: CancelToken
    ) -> Generator[Progress, None, PaperInfo]:
        """Read a ready paper's file again with this version's reading.

        Vectors go first and rows last, each replaced whole: a crash in between leaves the old
        version number on the rows, so the next open reads the paper again.
        """
        from core.ingest.chunking import chunk_paper
        from core.ingest.pdf import parse_pdf

        yield Progress("parse", message=f"Reading {path.name} again with this version")
        try:
            paper = parse_pdf(path, data)
        except BadPdfError as exc:
            log.warning("keeping the stored reading of %s: %s", info.title, exc)
            return info
        cancel.check()
        chunks = chunk_paper(paper)
        vectors = yield from self._embed_chunks(chunks, cancel)
        with self._lease(_paper_lease(info.sha256)):
            self._store_vectors(info.sha256, chunks, vectors)
            shutil.rmtree(self._multilingual_folder(info.sha256), ignore_errors=True)
            self._retrievers.pop(info.sha256, None)
            fresh = self.repo.replace_reading(paper, chunks, str(path))
        yield Progress("ready", 1, 1, f"{paper.title} is ready")
        return fresh

    def _index_chunks(
        self, sha256: str, chunks: list[Chunk], cancel: CancelToken
    ) -> Generator[Progress, None, None]:
        vectors = yield from self._embed_chunks(chunks, cancel)
        self._store_vectors(sha256, chunks, vectors)

    def _store_vectors(self, sha256: str, chunks: list[Chunk], vectors: np.ndarray) -> None:
        """The paper's vectors, replaced whole."""
        self.vectors.delete_paper(sha256)
        if chunks:
            self.vectors.upsert(chunks, vectors, self.embedder.name)

    def _embed_chunks(
        self, chunks: list[Chunk], cancel: CancelToken
    ) -> Generator[Progress, None, np.ndarray]:
        """The chunks' vectors, reusing those the store already holds for the same text."""
        import numpy as np

        embedder = self.embedder.name
        known = self.vectors.known_embeddings([c.content_hash for c in chunks], embedder)
        todo = [c for c in chunks if c.content_hash not in known]
        total = len(todo)
        yield Progress("embed", 0, total, "Embedding passages")
        for start in range(0, total, EMBED_BATCH):
            cancel.check()
            batch = todo[start : start + EMBED_BATCH]
            vectors = self.embedder.embed([c.text for c in batch])
            known.update({c.content_hash: v for c, v in zip(batch, vectors, strict=True)})
            yield Progress("embed", min(start + EMBED_BATCH, total), total, "Embedding passages")
        cancel.check()
        if not chunks:
            return np.zeros((0, 0), dtype=np.float32)
        return np.stack([known[c.content_hash] for c in chunks])

    def retriever(self, sha256: str) -> HybridRetriever:
        """The hybrid retriever of one stored paper (cached)."""
        from core.index.hybrid import HybridRetriever

        if sha256 not in self._retrievers:
            chunks = self.repo.load_chunks(sha256)
            position = {c.chunk_id: i for i, c in enumerate(chunks)}
            vectors = self.vectors

            def vector_search(query: object, n: int) -> list[tuple[int, float]]:
                hits = vectors.search(sha256, query, n)  # type: ignore[arg-type]
                return [(position[i], s) for i, s in hits if i in position]

            self._retrievers[sha256] = HybridRetriever(chunks, self.embedder, vector_search)
        return self._retrievers[sha256]

    def search(self, sha256: str, query: str, k: int = 5) -> list[SearchHit]:
        """Hybrid search restricted to one paper."""
        if self.repo.info(sha256) is None:
            raise NotInLibraryError(f"Paper {sha256[:12]} is not in the library.")
        return self.retriever(sha256).search(query, k)

    def _checker(self, paper: Paper, use_judge: bool | None) -> Checker:
        from core.verify.verifier import Checker

        judge_on = self.settings.checker.use_judge if use_judge is None else use_judge
        return Checker(
            paper,
            self.retriever(paper.sha256),
            self.embedder,
            self.judge if judge_on else None,
            self.settings.checker,
            multilingual=self._multilingual_for(paper.sha256),
        )

    def critique(
        self,
        sha256: str,
        *,
        language: str | None = None,
        use_judge: bool | None = None,
        cancel: CancelToken | None = None,
        resume: bool = False,
    ) -> Generator[Progress, None, StoredCritique]:
        """Generate, verify and loop; yields stage "generate" with streamed text and "verdict".

        Each attempt is stored as soon as it is checked. A run that is stopped or fails keeps
        its attempts as an interrupted critique; ``resume`` continues the paper's interrupted
        run after its last stored attempt, and a new run replaces an interrupted one.
        """
        from core.deep_read import deep_read

        paper = self.load_paper(sha256)
        yield from self.prepare_default_model(cancel)
        with self._lease(_critique_lease(sha256)):
            previous = self.repo.latest_critique(sha256)
            interrupted = self.repo.interrupted_critique(sha256)
            if resume and interrupted is None:
                raise NotInLibraryError("This paper has no interrupted critique to resume.")
            yield Progress("load", message="Loading the model")
            checker = self._checker(paper, use_judge)
            rounds: list[tuple[Attempt, list[Verdict]]] = []
            if resume and interrupted is not None:
                critique_id = interrupted.id
                rounds = self.repo.attempt_rounds(critique_id)
                language = interrupted.result.language
                self.repo.resume_critique(critique_id)
            else:
                if interrupted is not None:
                    self.repo.discard_critique(interrupted.id)
                language = critique_language(language or self.settings.critique.language, paper)
                critique_id = self.repo.begin_critique(sha256, self.writer.name, language)
            try:
                result = yield from deep_read(
                    paper,
                    self.retriever(sha256),
                    self.writer,
                    checker,
                    self.settings,
                    language=language,
                    cancel=cancel or CancelToken(),
                    resume_from=rounds,
                    on_attempt=lambda a, v: self.repo.add_attempt(critique_id, a, v),
                )
            except BaseException:
                self.repo.stop_critique(critique_id)
                raise
            finally:
                self._retrievers.pop(sha256, None)
            stored = self.repo.finish_critique(critique_id, result)
            return stored if previous is None else self._carry_reviews(previous, stored)

    def _carry_reviews(self, previous: StoredCritique, new: StoredCritique) -> StoredCritique:
        """Give the new critique the reader's reviews of the sentences it kept unchanged."""
        from core.review_carry import carry_reviews

        for carried in carry_reviews(previous, new.result):
            new = self.repo.add_review(new.id, carried.review, carried.verdict, by=_user_name())
        return new

    def critique_history(self, sha256: str) -> list[StoredCritique]:
        """Every finished critique of the paper with its reviews, newest first."""
        return self.repo.critique_history(sha256)

    def stored_critique(self, critique_id: int) -> StoredCritique:
        """One stored critique by id."""
        return self.repo.critique(critique_id)

    def interrupted_critique(self, sha256: str) -> StoredCritique | None:
        """The paper's critique that stopped part-way (with its attempts), if any."""
        return self.repo.interrupted_critique(sha256)

    def discard_interrupted(self, sha256: str) -> bool:
        """Delete the paper's interrupted critique; False when there is none."""
        with self._lease(_critique_lease(sha256)):
            interrupted = self.repo.interrupted_critique(sha256)
            if interrupted is None:
                return False
            self.repo.discard_critique(interrupted.id)
            return True

    def verify_text(
        self,
        sha256: str,
        text: str,
        *,
        use_judge: bool | None = None,
        cancel: CancelToken | None = None,
    ) -> Generator[Progress, None, list[Verdict]]:
        """Check any text against the paper without generating."""
        paper = self.load_paper(sha256)
        if use_judge or (use_judge is None and self.settings.checker.use_judge):
            yield from self.prepare_default_model(cancel)
        checker = self._checker(paper, use_judge)
        yield Progress("verify", 0, 0, "Checking sentences")
        verdicts = checker.verify(text, cancel=cancel)
        yield Progress("verify", len(verdicts), len(verdicts), "Checked")
        return verdicts

    def ask(
        self,
        sha256: str,
        question: str,
        *,
        use_judge: bool | None = None,
        cancel: CancelToken | None = None,
    ) -> Generator[Progress, None, StoredAnswer]:
        """Answer a question from the paper, check every sentence, keep it in the library.

        The judge, when on, also scores the relevance of the retrieved passages; without it,
        word overlap does. Yields the events of ``core.ask.loop.answer_question``.
        """
        from core.ask.loop import answer_question
        from core.ask.relevance import LexicalRelevance, ModelRelevance, Relevance

        question = " ".join(question.split())
        if not question:
            raise EmptyQuestionError("Ask a question: the question is empty.")
        paper = self.load_paper(sha256)
        judge_on = self.settings.checker.use_judge if use_judge is None else use_judge
        yield from self.prepare_default_model(cancel)
        yield Progress("load", message="Loading the model")
        checker = self._checker(paper, judge_on)
        relevance: Relevance = ModelRelevance(self.judge) if judge_on else LexicalRelevance()
        result = yield from answer_question(
            paper,
            self.retriever(sha256),
            self.writer,
            checker,
            self.settings,
            question,
            relevance=relevance,
            cancel=cancel or CancelToken(),
        )
        return self.repo.add_answer(sha256, result)

    def answers(self, sha256: str) -> list[StoredAnswer]:
        """The paper's stored questions and answers, newest first."""
        return self.repo.answers(sha256)

    # critiques and reviews
    def latest_critique(self, sha256: str) -> StoredCritique | None:
        """The newest stored critique of the paper with its reviews."""
        return self.repo.latest_critique(sha256)

    def review(
        self,
        critique_id: int,
        sentence_index: int,
        action: ReviewAction,
        *,
        note: str = "",
        new_text: str = "",
    ) -> StoredCritique:
        """Record a review; an edit is re-verified at once and gets its own verdict."""
        stored = self.repo.critique(critique_id)
        review, new_verdict = self._decide(
            stored.paper_sha256, stored.result.verdicts, sentence_index, action, note, new_text
        )
        return self.repo.add_review(critique_id, review, new_verdict, by=_user_name())

    def review_answer(
        self,
        answer_id: int,
        sentence_index: int,
        action: ReviewAction,
        *,
        note: str = "",
        new_text: str = "",
    ) -> StoredAnswer:
        """Record a review of an answer sentence, exactly as ``review`` does for a critique's."""
        stored = self.repo.answer(answer_id)
        review, new_verdict = self._decide(
            stored.paper_sha256, stored.result.verdicts, sentence_index, action, note, new_text
        )
        return self.repo.add_answer_review(answer_id, review, new_verdict, by=_user_name())

    def _decide(
        self,
        sha256: str,
        verdicts: Sequence[Verdict],
        sentence_index: int,
        action: ReviewAction,
        note: str,
        new_text: str,
    ) -> tuple[Review, Verdict | None]:
        """The review of one sentence and, for an edit, the verdict of its new text."""
        verdict = next((v for v in verdicts if v.claim.index == sentence_index), None)
        if verdict is None:
            raise NotInLibraryError(
                f"Sentence {sentence_index} does not exist (the text has {len(verdicts)} "
                "sentences)."
            )
        new_verdict: Verdict | None = None
        if action == ReviewAction.EDIT:
            if not new_text.strip():
                raise NotInLibraryError("An edit needs the new text of the sentence.")
            checked = self._verify_sentence(sha256, new_text.strip())
            new_verdict = replace(
                checked,
                claim=replace(verdict.claim, text=new_text.strip()),
            )
        review = Review(
            sentence_index=sentence_index,
            action=action,
            note=note,
            previous_text=verdict.claim.text,
            new_text=new_text.strip(),
            at=datetime.now(UTC),
        )
        return review, new_verdict

    def audit_log(self, critique_id: int) -> list[AuditEntry]:
        """The review history of a stored critique (who, when, what), oldest first.

        The reviews of the answers to the paper's questions are part of it: the reader
        reviews both in the same panel.
        """
        entries = self.repo.audit_log(critique_id)
        paper = self.repo.critique(critique_id).paper_sha256
        return sorted(entries + self.repo.answers_audit_log(paper), key=lambda e: e.at)

    def answers_audit_log(self, sha256: str) -> list[AuditEntry]:
        """The review history of the answers to the paper's questions, oldest first."""
        return self.repo.answers_audit_log(sha256)

    def _verify_sentence(self, sha256: str, text: str) -> Verdict:
        paper = self.load_paper(sha256)
        verdicts = self._checker(paper, None).verify(text)
        claims = [v for v in verdicts if v.claim.is_claim] or verdicts
        if not claims:
            raise NotInLibraryError("The edited text is empty.")
        return max(claims, key=lambda v: (v.status.flagged, v.status.needs_review))

    def close(self) -> None:
        """Release the model, the store and the database."""
        if self._repo is not None:
            self._repo.close()
        self._writer = None
        self._judge = None
        self._retrievers.clear()


class EmptyQuestionError(AppError):
    """A question with no words."""


def critique_language(setting: str, paper: Paper) -> str:
    """The language to write in: the setting, or the paper's own language for "auto"."""
    return paper.language if setting == "auto" else setting


def _paper_lease(sha256: str) -> str:
    return f"paper-{sha256}"


def _critique_lease(sha256: str) -> str:
    return f"critique-{sha256}"


def _user_name() -> str:
    """The account that made a review, for the audit log."""
    try:
        return getpass.getuser()
    except (OSError, KeyError):  # no login name in some containers and services
        return ""
