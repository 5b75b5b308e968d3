"""An LLM agent for MobileGym over any OpenAI-compatible chat API (standard library only).

    export OPENAI_API_KEY=...                       # or your server's key
    export MOBILEGYM_LLM_MODEL=gpt-4o-mini          # any chat model the server has
    export MOBILEGYM_LLM_URL=https://api.openai.com/v1   # or a local vLLM / Ollama server
    export MOBILEGYM_LLM_IMAGES=1                   # also send the set-of-marks screenshot
    mobilegym eval --agent benchmarks/llm_agent.py:make_agent --tasks launcher --episodes 3

Each turn the model gets :data:`mobilegym_env.llm.SYSTEM_PROMPT` and a prompt listing the
goal, its previous actions and the screen's numbered elements; it answers with one action
(``{"action_type": "click", "index": 5}`` or ``tap(5)``). :class:`mobilegym_env.llm.LLMAgent`
does the rest: parsing, multi-step commands (``open_app``), and telling the model about an
unusable reply. To use another client library, write ``model(system, prompt[, image]) ->
str`` and pass it to ``LLMAgent``; nothing else changes.
"""

from __future__ import annotations

import base64
import io
import json
import os
import urllib.request
from typing import Any

import numpy as np

from mobilegym_env.llm import LLMAgent


class ChatModel:
    """``model(system, prompt[, image]) -> reply`` over an OpenAI-compatible chat API.

    Args:
        model: The model name the server knows.
        base_url: The API root (``.../v1``).
        api_key: Sent as a bearer token (empty: no header, for local servers).
        temperature: Sampling temperature (0 for the most repeatable runs).
        timeout: Seconds to wait for a reply.
    """

    def __init__(self, model: str, base_url: str = "https://api.openai.com/v1",
                 api_key: str = "", temperature: float = 0.0, timeout: float = 60.0) -> None:
        self.model, self.url = model, base_url.rstrip("/") + "/chat/completions"
        self.api_key, self.temperature, self.timeout = api_key, temperature, timeout

    def __call__(self, system: str, prompt: str, image: np.ndarray | None = None) -> str:
        content: Any = prompt
        if image is not None:
            content = [{"type": "text", "text": prompt},
                       {"type": "image_url", "image_url": {"url": _data_url(image)}}]
        body = {"model": self.model, "temperature": self.temperature,
                "messages": [{"role": "system", "content": system},
                             {"role": "user", "content": content}]}
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        request = urllib.request.Request(self.url, json.dumps(body).encode(), headers)
        with urllib.request.urlopen(request, timeout=self.timeout) as response:
            reply = json.loads(response.read())
        return reply["choices"][0]["message"]["content"] or ""


def _data_url(image: np.ndarray) -> str:
    from PIL import Image

    buffer = io.BytesIO()
    Image.fromarray(image).save(buffer, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()


def make_agent() -> LLMAgent:
    """The agent ``mobilegym eval --agent benchmarks/llm_agent.py:make_agent`` builds, set
    up from the environment variables above."""
    model = os.environ.get("MOBILEGYM_LLM_MODEL")
    if not model:
        raise RuntimeError("set MOBILEGYM_LLM_MODEL (and OPENAI_API_KEY, MOBILEGYM_LLM_URL "
                           "for your server)")
    chat = ChatModel(model, os.environ.get("MOBILEGYM_LLM_URL", "https://api.openai.com/v1"),
                     os.environ.get("OPENAI_API_KEY", ""))
    return LLMAgent(chat, images=os.environ.get("MOBILEGYM_LLM_IMAGES") == "1")
