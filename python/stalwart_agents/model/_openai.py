"""The OpenAI-compatible chat-completions API with tools: OpenAI's, and local servers alike."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from stalwart_agents.model._errors import ModelMalformed
from stalwart_agents.model._exchange import (
    decode_arguments,
    get_json,
    instructions,
    model_answer,
    post_json,
    result_text,
)
from stalwart_agents.model._provider import ASK_PERSON, Asked, ModelAnswer, Ran
from stalwart_agents.model._schema import ToolSchema
from stalwart_agents.model._settings import ModelSettings
from stalwart_agents.model._stream import openai_whole, post_events

__all__ = ["OpenAIProvider"]


class OpenAIProvider:
    """Proposes calls through `POST {base}/chat/completions`, reading the answer's `tool_calls`."""

    def __init__(self, settings: ModelSettings, api_key: str) -> None:
        self.settings = settings
        self._api_key = api_key
        self._who = f"The OpenAI-compatible API at {settings.base}"

    def _headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self._api_key}"}

    async def check(self) -> None:
        """One cheap call that needs the key: list the models (`GET {base}/models`), no tokens.

        Raises:
            ModelError: the provider refused the key, or could not be asked.
        """
        await get_json(
            f"{self.settings.base}/models", self._headers(), self.settings.timeout, self._who
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
        results and each question asked back with its answer (tool calls and their `tool`
        messages), and the catalogue as functions."""
        messages: list[dict[str, Any]] = [
            {"role": "system", "content": instructions(language)},
            {"role": "user", "content": text},
        ]
        for reads in ran:
            messages.append(
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": each.id,
                            "type": "function",
                            "function": {"name": each.tool, "arguments": json.dumps(each.args)},
                        }
                        for each in reads
                    ],
                }
            )
            messages += [
                {"role": "tool", "tool_call_id": each.id, "content": result_text(each.result)}
                for each in reads
            ]
        for each in asked:
            call = {"name": ASK_PERSON.name, "arguments": json.dumps({"question": each.question})}
            messages += [
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [{"id": each.id, "type": "function", "function": call}],
                },
                {"role": "tool", "tool_call_id": each.id, "content": each.answer},
            ]
        return {
            "model": self.settings.model,
            "messages": messages,
            "tools": [
                {
                    "type": "function",
                    "function": {
                        "name": tool.name,
                        "description": tool.description,
                        "parameters": tool.parameters,
                    },
                }
                for tool in (*tools, ASK_PERSON)
            ],
            "tool_choice": "auto",
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
            f"{self.settings.base}/chat/completions",
            self._request(text, tools, language, asked, ran),
        )
        if self.settings.stream:
            body |= {"stream": True, "stream_options": {"include_usage": True}}
            events = await post_events(url, self._headers(), body, self.settings.timeout, self._who)
            answer = openai_whole(events, self._who)
        else:
            answer = await post_json(url, self._headers(), body, self.settings.timeout, self._who)
        proposals, words = self._read(answer)
        counts = ("prompt_tokens", "completion_tokens")
        return model_answer(proposals, words, tools, answer, counts, self._who)

    def _read(self, answer: Any) -> tuple[list[tuple[str, object, object]], str]:
        """The proposed calls and the words of `choices[0].message`."""
        try:
            message = answer["choices"][0]["message"]
            tool_calls = message.get("tool_calls") or []
            proposals: list[tuple[str, object, object]] = []
            for tool_call in tool_calls:
                function = tool_call["function"]
                name = function["name"]
                arguments = decode_arguments(function.get("arguments"), name, self._who)
                proposals.append((str(tool_call.get("id") or ""), name, arguments))
            content = message.get("content")
        except (KeyError, IndexError, TypeError, AttributeError):
            raise ModelMalformed(
                f"{self._who} answered without choices[0].message in the chat-completions shape."
            ) from None
        return proposals, content.strip() if isinstance(content, str) else ""
