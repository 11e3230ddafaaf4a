"""What a request to the model holds, whole and streamed: exactly what docs/selector.md lists."""

from __future__ import annotations

import pytest

from tests.fake_provider import Words

from .conftest import FakeProvider
from .wire import CATALOGUE, provider_at

KEY = "sk-test-0123"
TURN = "settle what I still owe, please"
# The fields docs/selector.md's "What leaves this computer" names, per API.
WHOLE = {
    "openai": {"model", "messages", "tools", "tool_choice"},
    "anthropic": {"model", "max_tokens", "system", "messages", "tools"},
}
STREAMED = {"openai": {"stream", "stream_options"}, "anthropic": {"stream"}}


@pytest.mark.parametrize("kind", ["openai", "anthropic"])
@pytest.mark.parametrize("stream", [False, True], ids=["whole", "streamed"])
async def test_a_request_holds_the_instructions_the_turn_and_the_catalogue_and_nothing_else(
    provider_server: FakeProvider, kind: str, stream: bool
) -> None:
    provider_server.then(Words("Which order?"))

    await provider_at(kind, provider_server.base, KEY, 5.0, stream).propose(TURN, CATALOGUE, "en")

    (request,) = provider_server.models()
    added = STREAMED[kind] if stream else set()
    assert set(request.body) == WHOLE[kind] | added
    said = [message["content"] for message in request.body["messages"]]
    assert said[-1] == TURN
    # Besides the turn, only the fixed instructions: OpenAI's first message, Anthropic's system.
    assert len(said) == (2 if kind == "openai" else 1)
    names = [tool.get("name") or tool["function"]["name"] for tool in request.body["tools"]]
    assert names == [tool.name for tool in CATALOGUE] + ["ask_person"]
