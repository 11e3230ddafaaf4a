"""The Anthropic messages API with tools."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from stalwart_agents.model._errors import ModelMalformed
from stalwart_agents.model._exchange import (
    get_json,
    instructions,
    model_answer,
    post_json,
    result_text,
)
from stalwart_agents.model._provider import ASK_PERSON, Asked, ModelAnswer, Ran
from stalwart_agents.model._schema import ToolSchema
from stalwart_agents.model._settings import ModelSettings
from stalwart_agents.model._stream import anthropic_whole, post_events

__all__ = ["ANTHROPIC_VERSION", "AnthropicProvider"]

# The API version the request and answer shapes here follow.
ANTHROPIC_VERSION: Final = "2023-06-01"
# A turn's calls are short; this bounds what one unread turn may cost.
_MAX_TOKENS: Final = 1024


class AnthropicProvider:
    """Proposes calls through `POST {base}/v1/messages`, reading the answer's `tool_use` blocks."""

    def __init__(self, settings: ModelSettings, api_key: str) -> None:
        self.settings = settings
        self._api_key = api_key
        self._who = f"The Anthropic API at {settings.base}"

    def _headers(self) -> dict[str, str]:
        return {"x-api-key": self._api_key, "anthropic-version": ANTHROPIC_VERSION}

    async def check(self) -> None:
        """One cheap call that needs the key: list the models (`GET {base}/v1/models`), no tokens.

        Raises:
            ModelError: the provider refused the key, or could not be asked.
        """
        await get_json(
            f"{self.settings.base}/v1/models", self._headers(), self.settings.timeout, self._who
        )

    def _request(
        self,
        text: str,
        tools: Sequence[ToolSchema],
        language: str,
        asked: Sequence[Asked],
        ran: Sequence[Sequence[Ran]],
    ) -> dict[str, Any]:
        """The request body: the instructions, the turn, each earlier answer's reads with their
        results and each question asked back with its answer (`tool_use` blocks and their
        `tool_result`s), and the catalogue."""
        messages: list[dict[str, Any]] = [{"role": "user", "content": text}]
        for reads in ran:
            messages += [
                {
                    "role": "assistant",
                    "content": [
                        {"type": "tool_use", "id": each.id, "name": each.tool, "input": each.args}
                        for each in reads
                    ],
                },
                {
                    "role": "user",
                    "content": [
                        {
                            "type": "tool_result",
                            "tool_use_id": each.id,
                            "content": result_text(each.result),
                        }
                        for each in reads
                    ],
                },
            ]
        for each in asked:
            use = {"question": each.question}
            messages += [
                {
                    "role": "assistant",
                    "content": [
                        {"type": "tool_use", "id": each.id, "name": ASK_PERSON.name, "input": use}
                    ],
                },
                {
                    "role": "user",
                    "content": [
                        {"type": "tool_result", "tool_use_id": each.id, "content": each.answer}
                    ],
                },
            ]
        return {
            "model": self.settings.model,
            "max_tokens": _MAX_TOKENS,
            "system": instructions(language),
            "messages": messages,
            "tools": [
                {
                    "name": tool.name,
                    "description": tool.description,
                    "input_schema": tool.parameters,
                }
                for tool in (*tools, ASK_PERSON)
            ],
        }

    async def propose(
        self,
        text: str,
        tools: Sequence[ToolSchema],
        language: str,
        asked: Sequence[Asked] = (),
        ran: Sequence[Sequence[Ran]] = (),
    ) -> ModelAnswer:
        """Ask the model which tools to call for `text`; see `ModelProvider.propose`."""
        url, body = (
            f"{self.settings.base}/v1/messages",
            self._request(text, tools, language, asked, ran),
        )
        if self.settings.stream:
            body["stream"] = True
            events = await post_events(url, self._headers(), body, self.settings.timeout, self._who)
            answer = anthropic_whole(events, self._who)
        else:
            answer = await post_json(url, self._headers(), body, self.settings.timeout, self._who)
        proposals, words = self._read(answer)
        counts = ("input_tokens", "output_tokens")
        return model_answer(proposals, words, tools, answer, counts, self._who)

    def _read(self, answer: Any) -> tuple[list[tuple[str, object, object]], str]:
        """The `tool_use` blocks as proposed calls, and the `text` blocks as the model's words."""
        try:
            blocks = answer["content"]
            proposals: list[tuple[str, object, object]] = [
                (str(block.get("id") or ""), block["name"], block.get("input", {}))
                for block in blocks
                if block["type"] == "tool_use"
            ]
            words = [block["text"] for block in blocks if block["type"] == "text"]
        except (KeyError, TypeError, AttributeError):
            raise ModelMalformed(
                f"{self._who} answered without content blocks in the messages shape."
            ) from None
        return proposals, " ".join(str(word).strip() for word in words).strip()
