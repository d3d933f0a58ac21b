"""Reading a server's answers: logprobs to P(YES), error bodies to typed errors (no server)."""

from __future__ import annotations

import json
import math

import httpx
import pytest

from core.errors import ServerError, ServerModelMissingError
from core.llm.base import Message
from core.llm.openai_compat import OpenAICompatModel, yes_share


def test_yes_share_sums_the_spellings_and_bounds_a_missing_side() -> None:
    both = [("YES", math.log(0.6)), (" Yes", math.log(0.1)), ("NO", math.log(0.3))]
    assert yes_share(both) == pytest.approx(0.7)
    only_yes = [("Yes", math.log(0.9)), ("Maybe", math.log(0.01))]
    assert yes_share(only_yes) == pytest.approx(0.9 / 0.91)
    assert yes_share([("Perhaps", -0.1)]) is None


def serve(status: int, body: dict[str, object]) -> httpx.MockTransport:
    return httpx.MockTransport(lambda request: httpx.Response(status, json=body))


def test_a_missing_model_and_a_server_failure_are_typed_and_readable() -> None:
    missing = serve(404, {"error": {"message": "model 'big' not found"}})
    model = OpenAICompatModel("http://gpu:8080", "big", transport=missing)
    assert model.base_url == "http://gpu:8080/v1"
    with pytest.raises(ServerModelMissingError, match="'big'"):
        model.chat([Message("user", "hi")], max_tokens=4)
    broken = OpenAICompatModel("http://gpu:8080/v1", "m", transport=serve(500, {"detail": "boom"}))
    with pytest.raises(ServerError, match="HTTP 500: boom"):
        broken.chat([Message("user", "hi")], max_tokens=4)


def test_no_logprobs_means_parsed_answers() -> None:
    plain: dict[str, object] = {"choices": [{"message": {"content": "YES"}, "logprobs": None}]}
    model = OpenAICompatModel("http://gpu:8080/v1", "m", transport=serve(200, plain))
    assert model.yes_probability("Answer YES or NO.", "Is it?") is None


def test_logprobs_are_streamed_once_the_server_is_known_to_give_them() -> None:
    top = [{"token": "YES", "logprob": math.log(0.8)}, {"token": "NO", "logprob": math.log(0.2)}]
    logprobs = {"content": [{"token": "YES", "logprob": math.log(0.8), "top_logprobs": top}]}
    streamed: list[bool] = []

    def answer(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        assert body["logprobs"] is True and body["max_tokens"] == 1
        streamed.append(bool(body.get("stream")))
        if not body.get("stream"):
            return httpx.Response(200, json={"choices": [{"logprobs": logprobs}]})
        chunks = [
            {"choices": [{"delta": {"role": "assistant"}, "logprobs": None}]},
            {"choices": [{"delta": {"content": "YES"}, "logprobs": logprobs}]},
            {"choices": [{"delta": {}, "logprobs": None, "finish_reason": "length"}]},
        ]
        events = "".join(f"data: {json.dumps(c)}\n\n" for c in chunks) + "data: [DONE]\n\n"
        return httpx.Response(200, text=events, headers={"content-type": "text/event-stream"})

    model = OpenAICompatModel("http://gpu:8080/v1", "m", transport=httpx.MockTransport(answer))
    first = model.yes_probability("Answer YES or NO.", "Is it?")
    second = model.yes_probability("Answer YES or NO.", "Is it?")
    assert first == second == pytest.approx(0.8)
    # The first question finds out whether the server gives logprobs; later ones stream.
    assert streamed == [False, True]
