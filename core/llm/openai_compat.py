"""Any OpenAI-compatible chat server (llama.cpp's server, vLLM, Ollama) as an LLM, over httpx.

Nothing is retried: a server that is down, silent for longer than the timeout, refuses the API
key or lacks the model fails at once with a typed ServerError naming its address. A streamed
answer stops when the token callback raises (Stop): leaving the ``with`` block closes the HTTP
stream, and the server drops the request.

The API key travels only in the Authorization header; it is never part of a message or a log
line.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any
from urllib.parse import urlsplit

import httpx

from core.errors import (
    ServerAuthError,
    ServerError,
    ServerModelMissingError,
    ServerTimeoutError,
    ServerUnavailableError,
)
from core.llm.base import ChatModel, Completion, Message

log = logging.getLogger(__name__)

#: First answer tokens read as YES or NO by yes_probability() (as the in-process adapter does).
YES_WORDS = frozenset({"YES", "Yes", "yes"})
NO_WORDS = frozenset({"NO", "No", "no"})
#: Alternatives asked for at the answer position (OpenAI's own maximum is 20).
TOP_LOGPROBS = 20
#: The in-process adapter's light repeat penalty, sent as llama.cpp's extension field (servers
#: that do not know it ignore it), so both paths write the same text.
REPEAT_PENALTY = 1.05
#: Seconds allowed to open a connection; a server that is down fails within this.
CONNECT_TIMEOUT_S = 5.0
#: OpenAI accepts at most four stop sequences.
MAX_STOPS = 4
#: Token endpoints tried in order: llama-cpp-python's server, then llama.cpp's and vLLM's.
_TOKENIZERS = ("/extras/tokenize/count", "/tokenize")


class OpenAICompatModel(ChatModel):
    """A model behind an OpenAI-compatible ``/v1/chat/completions`` endpoint."""

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key: str = "",
        context_size: int = 8192,
        timeout_s: float = 120.0,
        follows_instructions: bool = True,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        """Prepare a client; nothing is sent until ``connect`` or the first call.

        Args:
            base_url: The API root, e.g. ``http://gpu-box:8080/v1`` (``/v1`` is added if the
                address has no path).
            model: The model name the server knows; empty means the first it lists.
            api_key: Sent as a bearer token when not empty.
            context_size: Tokens of context the server gives the model.
            timeout_s: Seconds the server may stay silent (per read) before failing.
            follows_instructions: Chat servers apply the model's template, so True by default.
            transport: An httpx transport (tests).
        """
        self.base_url = _api_root(base_url)
        self.name = model
        self.context_size = context_size
        self.follows_instructions = follows_instructions
        self.timeout_s = timeout_s
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = httpx.Client(
            base_url=self.base_url,
            headers=headers,
            timeout=httpx.Timeout(timeout_s, connect=CONNECT_TIMEOUT_S),
            transport=transport,
        )
        self._logprobs: bool | None = None  # unknown until the server answers once
        self._tokenizer: str | None = None  # endpoint path, "" when none works
        self._counts: dict[str, int] = {}

    def connect(self) -> OpenAICompatModel:
        """Check the address, key and model name against ``/v1/models``; return self.

        Raises:
            ServerError: The server is down, refuses the key, or does not serve the model.
        """
        data = self._post_or_get("GET", "/models", None)
        names = [str(m.get("id", "")) for m in data.get("data", []) if isinstance(m, dict)]
        if not self.name:
            if not names:
                raise ServerModelMissingError(
                    f"The model server at {self.base_url} lists no model."
                )
            self.name = names[0]
        elif names and self.name not in names:
            listed = ", ".join(names[:5])
            raise ServerModelMissingError(
                f"The model server at {self.base_url} does not serve {self.name!r} "
                f"(it serves {listed})."
            )
        return self

    def close(self) -> None:
        """Close the connection pool."""
        self._client.close()

    # the LLM protocol
    def count_tokens(self, text: str) -> int:
        """Tokens the server's tokenizer gives, or a conservative estimate without one."""
        if text in self._counts:
            return self._counts[text]
        count = self._server_count(text)
        if count is None:
            # NOTE: about 3 UTF-8 bytes per token over-counts English and Chinese alike, so a
            # prompt fitted with it still fits the context.
            count = len(text.encode("utf-8")) // 3 + 1
        if len(self._counts) > 8192:
            self._counts.clear()
        self._counts[text] = count
        return count

    def chat(
        self,
        messages: Sequence[Message],
        *,
        max_tokens: int,
        temperature: float = 0.0,
        stop: Sequence[str] = (),
        on_token: Callable[[str], None] | None = None,
    ) -> Completion:
        """Stream the answer to the last turn; an exception from ``on_token`` ends the stream."""
        payload = self._payload(messages, max_tokens, temperature)
        payload["stream"] = True
        if stop:
            payload["stop"] = list(stop)[:MAX_STOPS]
        parts: list[str] = []
        usage: dict[str, Any] = {}
        try:
            with self._client.stream("POST", "/chat/completions", json=payload) as response:
                if response.status_code >= 400:
                    response.read()
                    raise self._status_error(response)
                for event in _sse_events(response.iter_lines()):
                    usage = event.get("usage") or usage
                    choices = event.get("choices") or []
                    piece = (choices[0].get("delta") or {}).get("content") if choices else None
                    if not piece:
                        continue
                    parts.append(piece)
                    if on_token is not None:
                        on_token(piece)
        except httpx.HTTPError as exc:
            raise self._transport_error(exc, streaming=True) from exc
        return Completion(
            text="".join(parts),
            tokens_in=int(usage.get("prompt_tokens") or 0) or self._messages_tokens(messages),
            tokens_out=int(usage.get("completion_tokens") or 0) or len(parts),
        )

    def yes_probability(self, instruction: str, content: str) -> float | None:
        """P(YES) against P(NO) from the server's logprobs of the first answer token.

        None when the server gives no logprobs (the judge then parses text answers); after the
        first such answer the server is not asked for them again.
        """
        if self._logprobs is False:
            return None
        payload = self._payload([Message("system", instruction), Message("user", content)], 1, 0.0)
        payload.update(logprobs=True, top_logprobs=TOP_LOGPROBS)
        if self._logprobs:
            # NOTE: once the server is known to give logprobs, the answer is streamed:
            # llama-cpp-python then reads them from the answer position alone, while its plain
            # answer turns every prompt position's logits into logprobs first (a log-softmax
            # over the whole vocabulary for every prompt token).
            top = self._streamed_alternatives(payload)
            return yes_share(top) if top else None
        try:
            # NOTE: the first question is not streamed: a server that cannot give logprobs
            # refuses a plain request with an error status, but may fail a streamed one only
            # after its headers (llama-cpp-python without logits_all drops the connection).
            data = self._post_or_get("POST", "/chat/completions", payload)
        except ServerError as exc:
            if type(exc) is not ServerError:  # down, timed out, refused key, no such model
                raise
            # NOTE: servers that cannot return logprobs reject the request (llama-cpp-python
            # without logits_all answers 500); the parsed answer is the fallback.
            log.info("%s gives no logprobs (%s); the judge parses text answers", self.name, exc)
            self._logprobs = False
            return None
        top = _first_token_alternatives(data)
        if top is None:
            log.info("%s returns no logprobs; the judge parses text answers", self.name)
            self._logprobs = False
            return None
        self._logprobs = True
        return yes_share(top)

    def _streamed_alternatives(self, payload: dict[str, Any]) -> list[tuple[str, float]] | None:
        """The first answer position's alternatives from a streamed one-token answer."""
        top: list[tuple[str, float]] | None = None
        try:
            with self._client.stream(
                "POST", "/chat/completions", json={**payload, "stream": True}
            ) as response:
                if response.status_code >= 400:
                    response.read()
                    raise self._status_error(response)
                # NOTE: read to the end, so the server finishes the request as usual.
                for event in _sse_events(response.iter_lines()):
                    if top is None:
                        top = _first_token_alternatives(event)
        except httpx.HTTPError as exc:
            raise self._transport_error(exc, streaming=True) from exc
        return top

    # HTTP
    def _payload(
        self, messages: Sequence[Message], max_tokens: int, temperature: float
    ) -> dict[str, Any]:
        return {
            "model": self.name,
            "messages": [{"role": m.role, "content": m.content} for m in messages],
            "max_tokens": max_tokens,
            "temperature": temperature,
            "repeat_penalty": REPEAT_PENALTY,
        }

    def _post_or_get(self, method: str, path: str, payload: dict[str, Any] | None) -> Any:
        try:
            response = self._client.request(method, path, json=payload)
        except httpx.HTTPError as exc:
            raise self._transport_error(exc, streaming=False) from exc
        if response.status_code >= 400:
            raise self._status_error(response)
        try:
            return response.json()
        except ValueError as exc:
            raise ServerError(f"The model server at {self.base_url} sent invalid JSON.") from exc

    def _server_count(self, text: str) -> int | None:
        """Token count from the server's tokenize endpoint; None when it has none."""
        if self._tokenizer == "":
            return None
        root = self.base_url.removesuffix("/v1")
        body = {"input": text, "content": text, "prompt": text, "model": self.name}
        for path in [self._tokenizer] if self._tokenizer else list(_TOKENIZERS):
            try:
                response = self._client.post(root + path, json=body)
            except httpx.HTTPError as exc:
                raise self._transport_error(exc, streaming=False) from exc
            if response.status_code in (401, 403):
                raise self._status_error(response)
            if response.status_code != 200:
                continue
            data = response.json()
            count = data.get("count", len(data.get("tokens", [])))
            self._tokenizer = path
            return int(count)
        self._tokenizer = ""
        return None

    def _messages_tokens(self, messages: Sequence[Message]) -> int:
        return sum(self.count_tokens(m.content) for m in messages)

    def _status_error(self, response: httpx.Response) -> ServerError:
        code = response.status_code
        detail = _detail(response)
        where = f"The model server at {self.base_url}"
        if code in (401, 403):
            return ServerAuthError(
                f"{where} refused the API key (HTTP {code}); set it in DEEPREAD_API_KEY."
            )
        if code == 404 and ("model" in detail.lower() or not detail):
            return ServerModelMissingError(f"{where} does not serve the model {self.name!r}.")
        return ServerError(f"{where} answered HTTP {code}: {detail or response.reason_phrase}.")

    def _transport_error(self, exc: httpx.HTTPError, *, streaming: bool) -> ServerError:
        where = f"the model server at {self.base_url}"
        if isinstance(exc, httpx.TimeoutException):
            return ServerTimeoutError(
                f"No answer from {where} within {self.timeout_s:.0f} s; it may be overloaded."
            )
        if isinstance(exc, httpx.ConnectError):
            return ServerUnavailableError(f"Cannot reach {where}; is it running?")
        if streaming:
            return ServerUnavailableError(f"Lost the connection to {where} in mid-answer.")
        return ServerUnavailableError(f"Lost the connection to {where}: {exc}.")


def yes_share(alternatives: Sequence[tuple[str, float]]) -> float | None:
    """P(YES) / (P(YES) + P(NO)) from (token, logprob) alternatives of one position.

    A side absent from the alternatives weighs at most as much as the least likely one listed,
    so that bound stands in for it; None when neither side is listed.
    """
    yes = [lp for token, lp in alternatives if token.strip() in YES_WORDS]
    no = [lp for token, lp in alternatives if token.strip() in NO_WORDS]
    if not yes and not no:
        return None
    floor = min(lp for _, lp in alternatives)
    p_yes = sum(math.exp(lp) for lp in yes) if yes else math.exp(floor)
    p_no = sum(math.exp(lp) for lp in no) if no else math.exp(floor)
    return p_yes / (p_yes + p_no)


def _first_token_alternatives(data: Any) -> list[tuple[str, float]] | None:
    """(token, logprob) pairs at the first answer position, or None when absent.

    ``data`` is a whole answer or one streamed chunk; both carry ``choices[0].logprobs``.
    """
    try:
        content = data["choices"][0]["logprobs"]["content"]
        top = content[0]["top_logprobs"] or [content[0]]
        return [(str(t["token"]), float(t["logprob"])) for t in top]
    except (KeyError, IndexError, TypeError, ValueError):
        return None


def _sse_events(lines: Iterator[str]) -> Iterator[dict[str, Any]]:
    """The JSON payloads of a server-sent event stream, up to ``[DONE]``."""
    for line in lines:
        if not line.startswith("data:"):
            continue
        data = line[len("data:") :].strip()
        if data == "[DONE]":
            return
        if data:
            event = json.loads(data)
            if isinstance(event, dict) and event.get("error"):
                raise ServerError(f"The model server failed mid-answer: {event['error']}")
            if isinstance(event, dict):
                yield event


def _detail(response: httpx.Response) -> str:
    """The error message a server put in its body, shortened to one line."""
    try:
        body = response.json()
    except ValueError:
        return response.text.strip().splitlines()[0][:200] if response.text.strip() else ""
    error = body.get("error", body.get("detail", "")) if isinstance(body, dict) else ""
    if isinstance(error, dict):
        error = error.get("message", "")
    return str(error).strip().splitlines()[0][:200] if str(error).strip() else ""


def _api_root(base_url: str) -> str:
    """The API root without a trailing slash; a bare address gets ``/v1``."""
    url = base_url.strip().rstrip("/")
    if not url:
        raise ServerError("No model server address is set (model.base_url).")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ServerError(f"Not a server address: {base_url!r} (expected http://host:port/v1).")
    return url if parts.path else url + "/v1"
