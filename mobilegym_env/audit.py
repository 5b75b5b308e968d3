"""Task audits: run a task's oracle on a few seeds and hold the task to the benchmark's rules.

    from mobilegym_env.audit import audit_task
    report = audit_task("notes.pin_note")
    print(report.explain())          # or: mobilegym audit --tasks notes.pin_note

The rules, each a problem a report names:

- the oracle solves every seed, cleanly, without an app crash;
- doing nothing fails (DONE as the first action, and WAIT to the step budget);
- the oracle looks only at the screen (:class:`~mobilegym_env.oracle.OracleView`: no peeks);
- the label is the measured level (:func:`measured_level`: oracle steps and apps);
- the step budget is at least :func:`step_budget` of the oracle's longest run, and the oracle
  never uses more than 70% of it (a warning);
- no seed starts one action from the goal (the oracle takes at least two steps);
- the instruction varies with the seed (over :data:`VARIETY_SEEDS` seeds), unless the task
  says why it may not (``same_instruction``);
- a query's right answer cannot be guessed: over :data:`ANSWER_SEEDS` seeds no answer is the
  right one on more than :data:`MOST_COMMON_ANSWER` of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import actions as A
from .agents import OracleAgent
from .evaluate import Episode, run_episode
from .task import registry, task_class

# The most oracle steps a level allows in one app; more steps, or more apps, is a level up.
STEP_CEILINGS = {1: 4, 2: 10, 3: 20}
RULE = ("L1: at most 4 oracle steps in one app; L2: at most 10 steps in one app; L3: at most "
        "20 steps, or two apps, or a lookup chained into an action (hybrid); L4: longer, or "
        "three apps or more")
BUDGET_WARNING = 0.7  # an oracle using more of its budget leaves an agent no room
VARIETY_SEEDS = 20  # seeds over which an instruction must read differently at least once
ANSWER_SEEDS = 20  # seeds over which a query's answers are counted
MOST_COMMON_ANSWER = 0.25  # the largest share of seeds one right answer may have


def measured_level(oracle_steps: Sequence[int], apps: int, objective: str) -> int:
    """The level a task's measurements give it (see :data:`RULE`).

    Args:
        oracle_steps: The oracle's steps on each measured seed (the longest counts).
        apps: The apps the task spans (the launcher is not one).
        objective: ``operate``, ``query`` or ``hybrid`` (a lookup chained into an action).
    """
    longest = max(oracle_steps)
    level = next((lv for lv, ceiling in STEP_CEILINGS.items() if longest <= ceiling), 4)
    if apps >= 3:
        level = 4
    elif apps == 2 or objective == "hybrid":
        level = max(level, 3)
    return level


def step_budget(oracle_steps: Sequence[int]) -> int:
    """The smallest step budget a task may give: room for an agent that errs (twice the
    oracle's longest run, and at least ten steps more)."""
    longest = max(oracle_steps)
    return max(2 * longest, longest + 10)


@dataclass
class TaskAudit:
    """What :func:`audit_task` found.

    Attributes:
        problems: Rules the task breaks, as ``(kind, what)`` (an empty list: it passes);
            kinds are ``oracle``, ``crash``, ``idle``, ``level``, ``budget``, ``one_step``,
            ``peeks``, ``invariant`` (one instruction on every seed) and ``guessable`` (a
            query whose commonest right answer is right too often).
        warnings: Things worth a look that break no rule.
        episodes: The oracle's episode on each seed.
        peeks: What the oracle read beyond the screen, per seed.
    """

    task_id: str
    seeds: list[int]
    label: int
    level: int
    budget: int
    needed_budget: int
    apps: list[str]
    episodes: list[Episode] = field(default_factory=list)
    peeks: dict[int, list[str]] = field(default_factory=dict)
    problems: list[tuple[str, str]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def oracle_steps(self) -> list[int]:
        return [ep.steps for ep in self.episodes]

    def explain(self) -> str:
        """A few lines: the measurements, then each problem and warning."""
        steps = self.oracle_steps
        lines = [f"{self.task_id}: {'ok' if self.ok else 'PROBLEMS'}; oracle steps "
                 f"{min(steps)}-{max(steps)} over seeds {self.seeds[0]}..{self.seeds[-1]}, "
                 f"apps {self.apps or ['launcher']}, label L{self.label}, measured "
                 f"L{self.level}, budget {self.budget} (needs >= {self.needed_budget})"]
        lines += [f"  problem ({kind}): {what}" for kind, what in self.problems]
        lines += [f"  warning: {w}" for w in self.warnings]
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {"task": self.task_id, "ok": self.ok, "seeds": self.seeds,
                "oracle_steps": self.oracle_steps, "apps": self.apps, "label": self.label,
                "level": self.level, "budget": self.budget,
                "needed_budget": self.needed_budget,
                "peeks": {str(s): p for s, p in self.peeks.items()},
                "problems": [{"kind": k, "what": w} for k, w in self.problems],
                "warnings": self.warnings}


def audit_task(task: str | type, seeds: Iterable[int] = range(5), env: Any = None
               ) -> TaskAudit:
    """Runs a task's oracle on ``seeds`` and checks the task against the rules (see the
    module's docstring). Never raises for the task's faults: they are its problems.

    Args:
        task: A task id or a registered ``Task`` subclass.
        seeds: The seeds to measure (five by default).
        env: A ``MobileGymEnv`` to reuse (one is made otherwise).

    Raises:
        KeyError: Unknown task.
        ValueError: No seeds.
    """
    from .env import MobileGymEnv

    task_id = task if isinstance(task, str) else task.task_id()
    cls = task_class(task_id) if isinstance(task, str) else registry()[task_id]
    seeds = list(seeds)
    if not seeds:
        raise ValueError("audit_task needs at least one seed")
    env = env if env is not None else MobileGymEnv(task=task_id)
    apps = [a for a in cls.apps if a != "launcher"]
    report = TaskAudit(task_id, seeds, cls.difficulty, 0, cls.step_limit(), 0, apps)
    for seed in seeds:
        oracle = OracleAgent()
        ep = run_episode(env, oracle, task_id, seed)
        report.episodes.append(ep)
        if oracle.peeks:
            report.peeks[seed] = oracle.peeks
        if not (ep.success and ep.clean):
            why = ep.error or "; ".join(f"{n}: {c['detail']}" for n, c in ep.checks.items()
                                        if not c["passed"]) or \
                f"unclean: {ep.unexpected_changes}"
            report.problems.append(("oracle", f"seed {seed}: the oracle fails: {why}"))
        elif env.device.crashes:
            report.problems.append(("crash", f"seed {seed}: an app crashed under the oracle"))
        report.problems += _idle_problems(env, task_id, seed)
    steps = report.oracle_steps
    report.level = measured_level(steps, len(apps), cls.objective)
    report.needed_budget = step_budget(steps)
    if report.level != cls.difficulty:
        report.problems.append(("level", f"labelled L{cls.difficulty}, measured "
                                         f"L{report.level}"))
    if report.budget < report.needed_budget:
        report.problems.append(("budget", f"max_steps {report.budget} < "
                                          f"{report.needed_budget} (max(2 x {max(steps)}, "
                                          f"{max(steps)} + 10))"))
    if max(steps) > BUDGET_WARNING * report.budget:
        report.warnings.append(f"the oracle uses {max(steps)} of {report.budget} steps "
                               f"(> {BUDGET_WARNING:.0%})")
    if min(steps) < 2:
        report.problems.append(("one_step", f"seed {seeds[steps.index(min(steps))]} starts "
                                            f"one action from its goal"))
    if report.peeks:
        kinds = sorted({p for found in report.peeks.values() for p in found})
        report.problems.append(("peeks", f"the oracle reads what the screen does not show: "
                                         f"{kinds}"))
    report.problems += _variety_problems(env, cls, task_id)
    if cls.objective == "query":
        report.problems += _guess_problems(env, task_id, report)
    return report


def _variety_problems(env: Any, cls: type, task_id: str) -> list[tuple[str, str]]:
    if cls.same_instruction:
        return []
    seen = set()
    for seed in range(VARIETY_SEEDS):
        _, info = env.reset(seed=seed, options={"task": task_id})
        seen.add(info["instruction"])
        if len(seen) > 1:
            return []
    return [("invariant", f"the instruction reads the same on all {VARIETY_SEEDS} seeds: "
                          f"{seen.pop()!r} (vary its target, people and values, or say why "
                          f"in same_instruction)")]


def _guess_problems(env: Any, task_id: str, report: TaskAudit) -> list[tuple[str, str]]:
    answers = [ep.answer for ep in report.episodes]
    for seed in range(max(report.seeds) + 1, max(report.seeds) + 1 + ANSWER_SEEDS):
        if len(answers) >= ANSWER_SEEDS:
            break
        answers.append(run_episode(env, OracleAgent(), task_id, seed).answer)
    keys = Counter(" ".join(str(a).casefold().split()) for a in answers)
    answer, count = keys.most_common(1)[0]
    if count > MOST_COMMON_ANSWER * len(answers):
        return [("guessable", f"the answer {answer!r} is right on {count} of {len(answers)} "
                              f"seeds (at most {MOST_COMMON_ANSWER:.0%}): draw targets whose "
                              f"answers differ, or ask for the value that decides a yes/no")]
    return []


def _idle_problems(env: Any, task_id: str, seed: int) -> list[tuple[str, str]]:
    """Doing nothing must fail: DONE at once, and WAIT until the budget runs out."""
    problems = []
    env.reset(seed=seed, options={"task": task_id})
    *_, info = env.step(A.done())
    if info["success"]:
        problems.append(("idle", f"seed {seed}: DONE as the first action passes"))
    env.reset(seed=seed, options={"task": task_id})
    terminated = truncated = False
    while not (terminated or truncated):
        *_, terminated, truncated, info = env.step(A.wait())
    if info["success"]:
        problems.append(("idle", f"seed {seed}: waiting passes"))
    return problems
