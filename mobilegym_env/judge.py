"""Judge helpers: state diffs, checks, and the verdict (success, progress, clean).

A judge reads ``device.state()`` at the start and the end of an episode. It checks the intended
change *and* that nothing else changed (the original's ``expected_changes`` / clean rule).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

# Runtime/UI state that any episode moves; a change there is never "unclean".
RUNTIME_PATHS = (
    "os.time", "os.tasks", "os.system_ui", "os.keyboard", "os.chooser", "os.permission_request",
    "os.media_picker", "os.location", "os.notifications",
)


@dataclass(frozen=True)
class Check:
    """One named condition of a task and whether it held."""

    name: str
    passed: bool
    detail: str = ""


@dataclass
class Verdict:
    success: bool
    progress: float
    clean: bool
    checks: list[Check] = field(default_factory=list)
    unexpected_changes: list[str] = field(default_factory=list)

    def info(self) -> dict[str, Any]:
        return {
            "success": self.success,
            "progress": self.progress,
            "clean": self.clean,
            "checks": {c.name: c.passed for c in self.checks},
            "unexpected_changes": list(self.unexpected_changes),
        }


def get(state: dict[str, Any], path: str, default: Any = None) -> Any:
    """Reads a dotted path (``"os.settings.global.wifi_on"``) from a state dict."""
    node: Any = state
    for part in path.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return default
    return node


def diff(before: Any, after: Any, prefix: str = "") -> list[str]:
    """Dotted paths whose values differ (dicts recurse; lists and scalars compare whole)."""
    if isinstance(before, dict) and isinstance(after, dict):
        changed: list[str] = []
        for key in before.keys() | after.keys():
            path = f"{prefix}.{key}" if prefix else str(key)
            if key not in before or key not in after:
                changed.append(path)
            elif before[key] != after[key]:
                changed.extend(diff(before[key], after[key], path))
        return sorted(changed)
    return [] if before == after else [prefix]


def _covered(path: str, allowed: Iterable[str]) -> bool:
    return any(path == a or path.startswith(a + ".") for a in allowed)


def verdict(checks: list[Check], before: dict[str, Any], after: dict[str, Any],
            expected_changes: Iterable[str] = ()) -> Verdict:
    """Combines checks with the clean rule: success needs every check and no stray change."""
    allowed = (*RUNTIME_PATHS, *expected_changes)
    stray = [p for p in diff(before, after) if not _covered(p, allowed)]
    passed = sum(c.passed for c in checks)
    progress = passed / len(checks) if checks else 0.0
    clean = not stray
    return Verdict(bool(checks) and passed == len(checks) and clean, progress, clean, checks, stray)
