"""``GreedyAgent``: a documented baseline that reads the UI tree and matches words.

It does what a shallow agent does with no understanding of the task: tap the element whose
text shares the most words with the instruction, type the instruction's quoted strings into a
focused field, and answer a question with the text that follows the best-matching label on the
screen. A task this agent solves can be solved by word matching alone; the benchmark's targets
keep its success low (``docs/benchmark.md``).
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from . import actions as A
from .agents import Agent

_WORD = re.compile(r"[a-z0-9]+")
_QUOTED = re.compile(r"[\"“']([^\"”']{2,})[\"”']")
_QUESTION = re.compile(r"^(what|when|which|who|whose|how|is|are|does|do|did|was|will|where|"
                       r"find out|tell me|look up)\b", re.I)
STOP = frozenset((
    "a", "an", "the", "my", "me", "to", "of", "in", "on", "at", "for", "and", "or", "with",
    "from", "by", "is", "are", "be", "it", "its", "this", "that", "what", "which", "who",
    "when", "how", "do", "does", "i", "you", "your", "please", "then", "into", "as", "up",
    "app"))


def words(text: str) -> set[str]:
    """The lower-case words of a text, without the commonest function words."""
    return set(_WORD.findall(text.casefold())) - STOP


class GreedyAgent(Agent):
    """Taps the element sharing most words with the instruction; types quoted strings into a
    focused field; answers questions with the text after the best-matching label.

    Deterministic: the same screens give the same actions. Each element is tapped at most
    twice in an episode (no loops on one button); with nothing left to try it answers (a
    question) or says DONE.
    """

    name = "greedy"
    wants_ui_tree = True
    TAPS_PER_ELEMENT = 2

    def __init__(self) -> None:
        self.goal: set[str] = set()
        self.quoted: list[str] = []
        self.question = False
        self.tapped: dict[tuple[Any, str], int] = {}

    def reset(self, instruction: str, info: dict[str, Any]) -> None:
        self.goal = words(instruction)
        self.quoted = _QUOTED.findall(instruction)
        self.question = bool(_QUESTION.match(instruction.strip())) or "?" in instruction
        self.tapped = {}

    def act(self, observation: np.ndarray, info: dict[str, Any]) -> dict[str, Any]:
        nodes = info["ui_tree"]
        focused = next((n for n in nodes if n["focused"] and n["role"] == "text_field"), None)
        if focused is not None and self.quoted:
            return A.type_text(self.quoted.pop(0))
        best, score = None, 0
        for node in nodes:
            key = (node["id"], node["text"])
            if not node["clickable"] or self.tapped.get(key, 0) >= self.TAPS_PER_ELEMENT:
                continue
            shared = len(words(node["text"] or node["hint"] or "") & self.goal)
            if shared > score:
                best, score = node, shared
        if best is not None:
            key = (best["id"], best["text"])
            self.tapped[key] = self.tapped.get(key, 0) + 1
            x0, y0, x1, y1 = best["bounds"]
            h, w = observation.shape[:2]
            return A.tap(min(max((x0 + x1) / 2 / w, 0.0), 1.0),
                         min(max((y0 + y1) / 2 / h, 0.0), 1.0))
        if info["step"] == 0:
            return A.home()  # the launcher shows every app's name
        if self.question:
            return A.answer(self._reading(nodes))
        return A.done()

    def _reading(self, nodes: list[dict[str, Any]]) -> str:
        """The text after the label that best matches the question (a "label: value" row)."""
        texts = [n["text"] for n in nodes if n["text"]]
        if not texts:
            return ""
        scores = [len(words(t) & self.goal) for t in texts]
        at = int(np.argmax(scores))
        for text in texts[at + 1:]:
            if not words(text) <= self.goal:
                return text
        return texts[at]
