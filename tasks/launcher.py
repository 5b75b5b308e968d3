"""Launcher suite: the home screen (pages, dock, folders), the app drawer and Recents.

Every task that touches the home screen draws its own layout in ``initialize`` (:func:`lay_out`):
the apps are spread over two to four pages, the dock and named folders, decoys included, in
the arrangement the params need (the app to move sits on page 3, the folder to rename holds
three apps...). Judges read ``os.launcher``: folders are records (``os.launcher.folders[id=N]``),
while pages and the dock are lists compared whole, so a task that moves icons explains the new
pages and dock only if, with those icons left out, every other icon is where it was.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from mobilegym_env import actions as A
from mobilegym_env import checks as C
from mobilegym_env import oracle as O
from mobilegym_env.device import Device
from mobilegym_env.judge import Check, Expectation, Judged
from mobilegym_env.kernel import installed_apps
from mobilegym_env.kernel.system_ui import DOCK_SIZE, FOLDER_PREFIX, LauncherLayout
from mobilegym_env.task import Start, Task

Action = dict[str, Any]
FOLDERS = "os.launcher.folders"
LAYOUT_PATHS = ("os.launcher.pages", "os.launcher.dock")
FOLDER_NAMES = ("Work", "Tools", "Social", "Media", "Office", "Utilities", "Daily", "Personal",
                "Travel", "Photos", "Chat", "Admin")
NEW_NAMES = ("Essentials", "Favorites", "Weekend", "Focus", "Team", "Family", "Projects",
             "Reading", "Home stuff", "Morning", "Errands", "Study")
RIGHT_EDGE, LEFT_EDGE = (0.995, 0.45), (0.005, 0.45)
# The apps an episode may start in, when another app is in the foreground at the start.
ELSEWHERE = ("clock", "calculator", "notes", "calendar", "contacts", "files", "weather",
             "gallery", "browser", "messages", "settings", "camera", "phone")


# --------------------------------------------------------------------------- state and names
def app_name(app_id: str) -> str:
    """An installed app's display name (what instructions call it)."""
    return installed_apps().manifest(app_id).name


def _names(app_ids: Iterable[str]) -> str:
    names = [app_name(a) for a in app_ids]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def foreground_task(state: dict[str, Any]) -> dict[str, Any] | None:
    """The Task the user sees (None on the home screen or in Recents)."""
    tasks = state["os"]["tasks"]
    active = tasks["active_task_id"]
    if active is None or state["os"]["system_ui"]["recents_open"]:
        return None
    return next(t for t in tasks["tasks"] if t["task_id"] == active)


def task_of(state: dict[str, Any], app_id: str) -> dict[str, Any] | None:
    return next((t for t in state["os"]["tasks"]["tasks"] if t["root_app_id"] == app_id), None)


def _layout(state: dict[str, Any]) -> dict[str, Any]:
    return state["os"]["launcher"]


def _folder_named(state: dict[str, Any], name: str) -> dict[str, Any]:
    found = [f for f in _layout(state)["folders"] if f["name"] == name]
    if len(found) != 1:
        raise ValueError(f"expected one folder named {name!r}, found {len(found)}")
    return found[0]


def _folder_holding(state: dict[str, Any], app_id: str) -> dict[str, Any] | None:
    return next((f for f in _layout(state)["folders"] if app_id in f["apps"]), None)


def _top_entries(state: dict[str, Any]) -> list[str]:
    """The icons on the pages and in the dock (apps and ``folder:<id>``)."""
    lay = _layout(state)
    return [e for page in lay["pages"] for e in page] + list(lay["dock"])


def _page_of(state: dict[str, Any], entry: str) -> int | None:
    return next((i for i, p in enumerate(_layout(state)["pages"]) if entry in p), None)


def _rest(state: dict[str, Any], items: set[str], old_folders: set[int]) -> tuple:
    """Pages and dock with ``items`` (and folders made since ``old_folders``) left out."""
    def keep(e: str) -> bool:
        return e not in items and not (e.startswith(FOLDER_PREFIX)
                                       and int(e[len(FOLDER_PREFIX):]) not in old_folders)
    lay = _layout(state)
    pages = [[e for e in p if keep(e)] for p in lay["pages"]]
    return [p for p in pages if p], [e for e in lay["dock"] if keep(e)]


class _Moved(Expectation):
    """Not a check: explains new pages and dock when they only move ``items`` (and the icons
    of folders made during the episode); any other icon that moved makes the episode unclean."""

    counts = False

    def __init__(self, *items: str) -> None:
        self.items = set(items)
        self.name = f"may move {sorted(self.items)}"

    def check(self, j: Judged) -> Check:
        return Check(self.name, True)

    def allows(self, change: Any, j: Judged) -> bool:
        old = {f["id"] for f in _layout(j.initial)["folders"]}
        return change.path in LAYOUT_PATHS and \
            _rest(j.initial, self.items, old) == _rest(j.final, self.items, old)


class _SameItems(C.Matcher):
    """A list holding exactly these items, in any order."""

    def __init__(self, items: Iterable[str]) -> None:
        self.items = sorted(items)

    def __call__(self, value: Any) -> bool:
        return isinstance(value, list) and sorted(value) == self.items

    def describe(self) -> str:
        return f"exactly {self.items} in any order"


def _on_home_directly(app_id: str) -> Expectation:
    """The app's icon is on a page or in the dock (not in a folder)."""
    return C.holds(f"{app_id} on the home screen", lambda j: (
        app_id in _top_entries(j.final), f"home screen icons: {_top_entries(j.final)}"))


def _check_installed(device: Device, *app_ids: str | None) -> None:
    for app_id in app_ids:
        if app_id is not None and app_id not in device.kernel.packages:
            raise ValueError(f"no app {app_id!r} is installed; installed: "
                             f"{sorted(device.kernel.packages.app_ids)}")


def _check_distinct(*values: Any) -> None:
    if len(set(values)) != len(values):
        raise ValueError(f"these params must differ: {values}")


def _pick(rng: np.random.Generator, items: Sequence[Any], n: int | None = None) -> Any:
    """One item (or ``n`` distinct ones) drawn from ``rng``."""
    if n is None:
        return items[int(rng.integers(len(items)))]
    if len(items) < n:
        raise ValueError(f"need {n} items to choose from, have {len(items)}")
    return [items[i] for i in rng.choice(len(items), size=n, replace=False)]


def _apps(device: Device) -> list[str]:
    return sorted(device.kernel.packages.app_ids)


# --------------------------------------------------------------------------- layouts
def lay_out(device: Device, rng: np.random.Generator, *,
            folders: Sequence[tuple[str, Sequence[str]]] = (), off_home: Iterable[str] = (),
            on_page: dict[str, int] | None = None, dock: Sequence[str] | None = None,
            pages: int | None = None) -> None:
    """Writes a home screen drawn from ``rng`` that meets a task's needs.

    Args:
        device: The phone; its launcher layout is replaced.
        rng: The episode's generator (decoy placement, page count, dock).
        folders: ``(name, apps)`` per folder; they get ids 1, 2... in this order.
        off_home: Apps left off the home screen (only in the drawer).
        on_page: Entries (app ids, or ``folder:<id>``) pinned to a page (0-based).
        dock: The dock exactly; None draws one or two apps that are not pinned.
        pages: How many pages; None draws two or three.

    Raises:
        ValueError: The plan leaves a page empty (too few icons for the pages asked).
    """
    on_page = dict(on_page or {})
    taken = {a for _, members in folders for a in members} | set(off_home)
    free = [a for a in _pick(rng, _apps(device), len(_apps(device))) if a not in taken]
    entries = free + [f"{FOLDER_PREFIX}{i + 1}" for i in range(len(folders))]
    n_pages = pages or int(rng.integers(2, 4))
    n_pages = max(n_pages, max(on_page.values(), default=-1) + 1)
    if dock is None:  # one or two apps, leaving an icon for every page without a pinned one
        spare = [a for a in free if a not in on_page]
        unpinned = len([e for e in entries if e not in on_page])
        room = unpinned - (n_pages - len(set(on_page.values())))
        dock = spare[:max(min(int(rng.integers(1, 3)), room), 0)]
    rest = [e for e in entries if e not in dock and e not in on_page]
    grid: list[list[str]] = [[] for _ in range(n_pages)]
    for entry, page in on_page.items():
        grid[page].append(entry)
    for page in grid:
        if not page and rest:
            page.append(rest.pop())
    for entry in rest:
        grid[int(rng.integers(n_pages))].append(entry)
    if not all(grid):
        raise ValueError(f"too few icons for {n_pages} pages")
    device.kernel.launcher = LauncherLayout(
        [_pick(rng, p, len(p)) for p in grid], list(dock),
        [{"id": i + 1, "name": name, "apps": list(members)}
         for i, (name, members) in enumerate(folders)], len(folders) + 1)


def _folder_names(rng: np.random.Generator, n: int, avoid: Iterable[str] = ()) -> list[str]:
    return _pick(rng, [f for f in FOLDER_NAMES if f not in set(avoid)], n)


# --------------------------------------------------------------------------- oracle steps
# The oracle finds icons as a person does: it looks at the page shown, then swipes through the
# pages (the page dots say which one is shown and how many there are); the dock shows on all.
Where = Callable[[O.Node], bool]


def _page_shown(device: Device) -> int | None:
    """The home page on screen (0-based), None when the home grid is not showing."""
    if O.find(device, role="folder_panel") or O.find(device, id="launcher_menu") \
            or O.find(device, id="app_drawer"):
        return None
    dots = O.find(device, id="page_dots")
    return None if dots is None else int(dots["text"].split()[1]) - 1


def _page_total(device: Device) -> int:
    """How many home pages the page dots count ("Page 1 of 3")."""
    dots = O.find(device, id="page_dots")
    return 1 if dots is None else int(dots["text"].rsplit(" ", 1)[-1])


def _show_page(device: Device, page: int) -> Iterator[Action]:
    """Goes to a home page (Home first if the home grid is not showing)."""
    if _page_shown(device) is None:
        yield A.home()
    for _ in range(_page_total(device) + 1):
        shown = _page_shown(device)
        if shown == page:
            return
        yield O.swipe_left() if shown is not None and shown < page else O.swipe_right()
    raise O.OracleError(f"could not reach home page {page + 1}; {O.screen_summary(device)}")


def _app_icon(app_id: str) -> Where:
    """An app's icon on a home page or in the dock."""
    return lambda n: n["id"] in (f"grid:{app_id}", f"dock:{app_id}")


def _folder_icon(name: str) -> Where:
    """A folder's icon, by the name under it."""
    return lambda n: n["role"] == "folder" and n["text"] == name


def _seek(device: Device, where: Where) -> Iterator[Action]:
    """Looks for an icon on the page shown, then on the pages after it, then before it;
    returns the icon and its page (None: in the dock)."""
    if _page_shown(device) is None:
        yield A.home()
    shown, total = _page_shown(device) or 0, _page_total(device)
    for page in [*range(shown, total), *range(shown - 1, -1, -1)]:
        yield from _show_page(device, page)
        found = O.find(device, where=where)
        if found is not None:
            return found, None if found["id"].startswith("dock:") else page
    raise O.OracleError(f"no such icon on the home screen; {O.screen_summary(device)}")


def _drag(device: Device, node: O.Node, to: tuple[float, float]) -> Iterator[Action]:
    """Picks an icon up (long press) and drags it to a point."""
    yield O.long_press(device, node)
    yield A.swipe(*O.center(device, node), *to)


def _gap(device: Device, area: str) -> tuple[float, float]:
    """A point in the dock (its top strip) or the grid (its bottom strip) that is no icon."""
    x0, y0, x1, y1 = O.node(device, id=area)["bounds"]
    s = device.scale
    y = y0 + 2 * s if area == "dock" else y1 - 3 * s
    return 0.5, y / (device.height * s)


def _move_to_page(device: Device, where: Where, page: int) -> Iterator[Action]:
    """Drags an icon to a page: from the dock onto the page's grid, from another page across
    the screen edge one page at a time."""
    for _ in range(12):
        icon, current = yield from _seek(device, where)
        if current == page:
            return
        if current is None:
            yield from _show_page(device, page)
            yield from _drag(device, O.node(device, where=where), _gap(device, "home_grid"))
        else:
            yield from _drag(device, icon, RIGHT_EDGE if page > current else LEFT_EDGE)
    raise O.OracleError(f"could not move the icon to page {page + 1}")


def _together(device: Device, anchor: Where, mover: Where) -> Iterator[Action]:
    """Makes two icons show at once (same page, or one in the dock); returns the mover's
    icon and the anchor's."""
    _, a = yield from _seek(device, anchor)
    _, m = yield from _seek(device, mover)
    if a is not None and m is not None and a != m:
        yield from _move_to_page(device, mover, a)
        _, a = yield from _seek(device, anchor)  # pages after an emptied one move up
    if O.find(device, where=mover) is None:
        yield from _seek(device, mover)
    return O.node(device, where=mover), O.node(device, where=anchor)


def _drop_onto(device: Device, mover: Where, anchor: Where) -> Iterator[Action]:
    """Drags one home-screen icon onto another (a new folder, or into a folder)."""
    icon, target = yield from _together(device, anchor, mover)
    yield from _drag(device, icon, O.center(device, target))


def _open_folder(device: Device, where: Where) -> Iterator[Action]:
    icon, _ = yield from _seek(device, where)
    yield O.tap(device, icon)


def _find_folder_with(device: Device, app_id: str) -> Iterator[Action]:
    """Opens the home screen's folders one by one (page by page, the dock's too) until one
    holds the app; leaves it open and returns its name."""
    yield from _show_page(device, 0)
    for page in range(_page_total(device)):
        yield from _show_page(device, page)
        for i in range(len(O.find_all(device, role="folder"))):
            folder = O.find_all(device, role="folder")[i]
            yield O.tap(device, folder)
            if O.find(device, id=f"folder_app:{app_id}") is not None:
                return O.node(device, id="folder_title")["text"]
            yield A.back()  # closes the folder
    raise O.OracleError(f"no folder holds {app_id}; {O.screen_summary(device)}")


def _rename_open_folder(device: Device, name: str) -> Iterator[Action]:
    yield O.tap(device, id="folder_title")
    yield from O.type_into(device, name, id="folder_name", submit=True)


# --------------------------------------------------------------------------- bases
class _HomeTask(Task):
    suite = "launcher"
    apps = ("launcher",)
    objective = "operate"
    # Start in an app the params do not name (drawn from them), so the user goes Home first.
    elsewhere = False

    def start_screen(self) -> Start:
        if not self.elsewhere:
            return super().start_screen()
        key = json.dumps(dataclasses.asdict(self.params), sort_keys=True, default=str)
        values = json.loads(key).values()
        named = {v for v in values if isinstance(v, str)} | {
            v for vs in values if isinstance(vs, list) for v in vs if isinstance(v, str)}
        options = [a for a in ELSEWHERE if a not in named]
        digest = hashlib.sha256(f"{self.task_id()}|{key}".encode()).digest()
        return Start(app=options[int.from_bytes(digest[:4], "big") % len(options)])


class _AppTask(_HomeTask):
    """Params name an app (and maybe more); templates may say ``{app_name}``."""

    @dataclass(frozen=True)
    class Params:
        app_id: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        return cls.Params(_pick(rng, _apps(device)))

    def template_values(self) -> dict[str, Any]:
        return {**super().template_values(), "app_name": app_name(self.params.app_id)}

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        _check_installed(device, params.app_id)


# --------------------------------------------------------------------------- opening apps
def app_in_foreground(app_id: str) -> Expectation:
    """The app is what the user sees: its Task is active with its own screen on top."""
    def test(j: Judged) -> tuple[bool, str]:
        fg = foreground_task(j.final)
        shown = fg["stack"][-1]["app_id"] if fg else None
        return fg is not None and fg["root_app_id"] == app_id and shown == app_id, \
            f"expected {app_id} in the foreground; found {shown or 'the home screen'}"
    return C.holds(f"{app_id} in the foreground", test)


class _OpenTask(_AppTask):
    """Opening an app from wherever it is; another app is in the foreground at the start."""

    difficulty = 2

    @dataclass(frozen=True)
    class Params:
        app_id: str
        start_in: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Any:
        return cls.Params(*_pick(rng, _apps(device), 2))

    @classmethod
    def validate_params(cls, params: Any, device: Device) -> None:
        _check_installed(device, params.app_id, params.start_in)
        _check_distinct(params.app_id, params.start_in)

    def start_screen(self) -> Start:
        return Start(app=self.params.start_in)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [app_in_foreground(self.params.app_id)]


class OpenApp(_AppTask):
    """Open an app from the home screen; it may sit on another page, or another app may be
    in the foreground (the factory layout: the README's Quick start plays this task)."""

    name = "open_app"
    template = "Open the {app_name} app."
    difficulty = 1
    tags = ("navigation",)

    @dataclass(frozen=True)
    class Params:
        app_id: str
        page: int = 0
        start_in: str | None = None

    # One wording: the tutorial task, which the README's examples, the PPO benchmark and the
    # LLM tests read; its instruction still varies (the app, its page, the app in front).
    phrasings = ()
    max_steps = 14

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        app_id, other = _pick(rng, _apps(device), 2)
        page = int(rng.integers(0, 2))
        start_in = other if rng.random() < 0.5 else None
        if start_in is None and page == 0:  # never one tap from the goal
            start_in = other
        return cls.Params(app_id, page, start_in)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_installed(device, params.app_id, params.start_in)
        if params.start_in == params.app_id:
            raise ValueError("start_in must be another app than the one to open")
        if params.page not in (0, 1):
            raise ValueError(f"page must be 0 or 1, got {params.page}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        launcher = device.kernel.launcher
        if self.params.page > 0 and launcher.page_of(self.params.app_id) is not None:
            launcher.move_to_page(self.params.app_id, self.params.page)

    def start_screen(self) -> Start:
        return Start(app=self.params.start_in)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [app_in_foreground(self.params.app_id)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from O.open_app(device, self.params.app_id)


class OpenAppInFolder(_OpenTask):
    """Open an app kept in a named folder (a second folder is a decoy)."""

    name = "open_app_in_folder"
    template = "Open the {app_name} app; it is in the '{folder}' folder on the home screen."
    phrasings = ("Launch {app_name} from the '{folder}' folder on the home screen.",
                 "{app_name} is kept in my '{folder}' folder on the home screen: open it.")
    tags = ("navigation",)

    @dataclass(frozen=True)
    class Params:
        app_id: str
        start_in: str
        folder: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        app_id, other = _pick(rng, _apps(device), 2)
        return cls.Params(app_id, other, _folder_names(rng, 1)[0])

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        p = self.params
        others = _pick(rng, [a for a in _apps(device) if a not in (p.app_id, p.start_in)], 3)
        pages = int(rng.integers(2, 4))  # the folder is on the last page
        lay_out(device, rng, folders=[(p.folder, [others[0], p.app_id]),
                                      (_folder_names(rng, 1, [p.folder])[0], others[1:])],
                on_page={f"{FOLDER_PREFIX}1": pages - 1}, pages=pages)

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _open_folder(device, _folder_icon(self.params.folder))
        yield O.tap(device, id=f"folder_app:{self.params.app_id}")


class OpenAppFromDrawer(_OpenTask):
    """Open an app that is not on the home screen: only the app drawer (or its search)
    lists it."""

    name = "open_app_from_drawer"
    template = "Open the {app_name} app. It is not on the home screen."
    phrasings = ("Launch {app_name}; you won't find its icon on the home screen.",
                 "{app_name} is only in the app drawer, not on the home screen. Open it.")
    difficulty = 1
    max_steps = 14
    tags = ("drawer", "search")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        lay_out(device, rng, off_home=[self.params.app_id])

    def oracle(self, device: Device) -> Iterator[Action]:
        yield A.home()
        yield O.tap(device, id="launcher_search")
        yield A.type_text(app_name(self.params.app_id))
        yield O.tap(device, id=f"drawer:{self.params.app_id}")


# --------------------------------------------------------------------------- Recents
class _RecentsTask(_AppTask):
    """Shared setup: several apps were used (the asked-for one first), then the user went
    home or stayed in the last one. The asked-for app's icon is not on the first page."""

    tags = ("recents",)
    max_steps = 20

    @dataclass(frozen=True)
    class Params:
        app_id: str
        others: tuple[str, ...]
        end_home: bool

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        apps = _pick(rng, _apps(device), 4)
        return cls.Params(apps[0], tuple(apps[1:]), bool(rng.random() < 0.5))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_installed(device, params.app_id, *params.others)
        _check_distinct(params.app_id, *params.others)
        if not params.others:
            raise ValueError("others must name at least one app")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        lay_out(device, rng, on_page={self.params.app_id: 1})

    def start_screen(self) -> Start:
        used = (self.params.app_id, *self.params.others)
        if self.params.end_home:
            return Start(background=used)
        return Start(app=used[-1], background=used[:-1])


def _find_card(device: Device, name: str) -> Iterator[Action]:
    """Scrolls the Recents carousel until the app's card is fully in view; returns it."""
    for _ in range(10):  # the carousel holds a card per recent app
        card = O.find(device, role="recents_card", text=name)
        if card is not None and card["bounds"][2] <= device.width * device.scale:
            return card
        yield A.swipe(0.8, 0.5, 0.2, 0.5)
    raise O.OracleError(f"no Recents card for {name}; {O.screen_summary(device)}")


class SwitchToRecentApp(_RecentsTask):
    """Return to an app used a while ago, keeping its session (any way is right: Recents,
    its icon, or the drawer; reopening it from scratch is not)."""

    name = "switch_to_recent_app"
    template = "Go back to the {app_name} app you were using."
    phrasings = ("Return to {app_name}, where I left it.",
                 "Switch back to my earlier {app_name} session.")
    difficulty = 2
    objective = "operate"

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        before = task_of(initial, self.params.app_id)

        def same_session(j: Judged) -> tuple[bool, str]:
            fg = foreground_task(j.final)
            return (before is not None and fg is not None and fg["task_id"] == before["task_id"],
                    f"expected task {before and before['task_id']} in the foreground; found "
                    f"{fg and fg['task_id']}")
        return [C.holds("same session in the foreground", same_session)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield A.recents()
        card = yield from _find_card(device, app_name(self.params.app_id))
        yield O.tap(device, card)


class CloseFromRecents(_RecentsTask):
    """Fling an app's card away in Recents: its Task is destroyed, the others stay."""

    name = "close_from_recents"
    template = "Close {app_name} from the recent apps screen."
    phrasings = ("Swipe {app_name} away in Recents.",
                 "In the recent apps, close {app_name} and leave the others.")
    difficulty = 2
    objective = "operate"

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        app = self.params.app_id
        others_before = {t["task_id"] for t in initial["os"]["tasks"]["tasks"]
                         if t["root_app_id"] != app}

        def others_kept(j: Judged) -> tuple[bool, str]:
            after = {t["task_id"] for t in j.final["os"]["tasks"]["tasks"]
                     if t["root_app_id"] != app}
            return after == others_before, f"expected tasks {sorted(others_before)} kept; " \
                                           f"found {sorted(after)}"
        return [C.holds(f"{app} closed", lambda j: (task_of(j.final, app) is None,
                                                    f"{app} task: {task_of(j.final, app)}")),
                C.holds("other apps kept", others_kept)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield A.recents()
        card = yield from _find_card(device, app_name(self.params.app_id))
        x, y = O.center(device, card)
        yield A.swipe(x, y, x, y - 0.4)  # fling the card up, as on Android


class ClearRecents(_RecentsTask):
    """Clear every app from Recents."""

    name = "clear_recents"
    template = "Clear all recent apps."
    phrasings = ("Close every app in Recents.", "Dismiss all the apps on the recent apps screen.")
    difficulty = 2
    objective = "operate"

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.holds("no recent apps", lambda j: (
            not j.final["os"]["tasks"]["tasks"],
            f"recent apps: {[t['root_app_id'] for t in j.final['os']['tasks']['tasks']]}"))]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield A.recents()
        for _ in range(10):  # Clear all is past the last card
            if O.find(device, id="recents_clear_all") is not None:
                break
            yield A.swipe(0.8, 0.5, 0.2, 0.5)
        yield O.tap(device, id="recents_clear_all")


# --------------------------------------------------------------------------- folders
class CreateFolder(_HomeTask):
    """Group two apps (on the same page, or one in the dock) into a new folder and name it."""

    name = "create_folder"
    template = "Put {first_name} and {second_name} together in a new folder named '{folder}'."
    phrasings = ("Make a new home-screen folder called '{folder}' with {first_name} and "
                 "{second_name} in it.",
                 "Group {first_name} and {second_name} into a folder; name it '{folder}'.")
    difficulty = 2
    tags = ("long_press", "drag", "typing")

    @dataclass(frozen=True)
    class Params:
        apps: tuple[str, ...]
        folder: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(tuple(_pick(rng, _apps(device), cls.group_size())),
                          _pick(rng, NEW_NAMES))

    @classmethod
    def group_size(cls) -> int:
        return 2

    def template_values(self) -> dict[str, Any]:
        a = self.params.apps
        return {"first_name": app_name(a[0]), "second_name": app_name(a[-1]),
                "names": _names(a), "folder": self.params.folder}

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_installed(device, *params.apps)
        _check_distinct(*params.apps)
        if len(params.apps) != cls.group_size() or not params.folder.strip():
            raise ValueError(f"need {cls.group_size()} apps and a folder name, got {params}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        a = self.params.apps
        rest = [x for x in _apps(device) if x not in a]
        decoy = (_folder_names(rng, 1)[0], _pick(rng, rest, 2))
        lay_out(device, rng, folders=[decoy], on_page={a[0]: 0, a[1]: 0})

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        name, apps = self.params.folder, sorted(self.params.apps)

        def made(folder: dict[str, Any]) -> bool:
            return C.text_like(name)(folder["name"]) and sorted(folder["apps"]) == apps
        made.__name__ = f"name {name!r} and apps {apps}"
        return [C.created(FOLDERS, made, name=f"folder {name!r} made of {apps}"),
                C.holds("the new folder is on the home screen", lambda j: (
                    any(e.startswith(FOLDER_PREFIX) and e not in _top_entries(j.initial)
                        for e in _top_entries(j.final)), f"icons: {_top_entries(j.final)}")),
                _Moved(*self.params.apps)]

    def oracle(self, device: Device) -> Iterator[Action]:
        first, *rest = self.params.apps
        icon, target = yield from _together(device, _app_icon(first), _app_icon(rest[0]))
        before = {n["id"] for n in O.find_all(device, role="folder")}
        yield from _drag(device, icon, O.center(device, target))
        made = O.node(device, where=lambda n: n["role"] == "folder" and n["id"] not in before)
        folder = made["id"]  # the new folder's icon, where the first app was
        for app in rest[1:]:
            yield from _drop_onto(device, _app_icon(app), lambda n: n["id"] == folder)
        yield from _open_folder(device, lambda n: n["id"] == folder)
        yield from _rename_open_folder(device, self.params.folder)


class CreateFolderOfThree(CreateFolder):
    """Group three apps spread over pages and the dock into one new named folder."""

    name = "create_folder_of_three"
    template = "Make a home-screen folder named '{folder}' holding exactly {names}."
    phrasings = ("Put {names} together in one new folder called '{folder}'.",
                 "Create a folder '{folder}' on the home screen with just {names} in it.")
    difficulty = 3
    tags = ("long_press", "drag", "typing", "multi_step")

    @classmethod
    def group_size(cls) -> int:
        return 3

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        a = self.params.apps
        rest = [x for x in _apps(device) if x not in a]
        lay_out(device, rng, folders=[(_folder_names(rng, 1)[0], rest[:2])], dock=[a[2]],
                on_page={a[0]: 0, a[1]: 1}, pages=2)


class RenameFolder(_HomeTask):
    """Rename a folder (another folder is a decoy); it may be on the second page."""

    name = "rename_folder"
    template = "Rename the home-screen folder '{old}' to '{new}'."
    phrasings = ("Change the name of the '{old}' folder on the home screen to '{new}'.",
                 "Call the home-screen folder '{old}' '{new}' from now on.")
    difficulty = 2
    tags = ("typing",)

    @dataclass(frozen=True)
    class Params:
        old: str
        new: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_folder_names(rng, 1)[0], _pick(rng, NEW_NAMES))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if not params.old.strip() or not params.new.strip() or \
                C.normalize_text(params.old) == C.normalize_text(params.new):
            raise ValueError(f"old and new must be two different names, got {params}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        a = _pick(rng, _apps(device), 5)
        decoy = _folder_names(rng, 1, [self.params.old])[0]
        lay_out(device, rng, folders=[(self.params.old, a[:3]), (decoy, a[3:])],
                on_page={f"{FOLDER_PREFIX}1": int(rng.integers(2))}, pages=2)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        folder = _folder_named(initial, self.params.old)
        return [C.modified(FOLDERS, id=folder["id"], fields={"name": C.text_like(self.params.new)})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _open_folder(device, _folder_icon(self.params.old))
        yield from _rename_open_folder(device, self.params.new)


class _AppAndFolder(_AppTask):
    """Params: an app and a folder name."""

    @dataclass(frozen=True)
    class Params:
        app_id: str
        folder: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, _apps(device)), _folder_names(rng, 1)[0])

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        super().validate_params(params, device)
        if not params.folder.strip():
            raise ValueError("the folder name is empty")


class AddToFolder(_AppAndFolder):
    """Drag an app into an existing folder; the app may start on another page or in the
    dock."""

    name = "add_to_folder"
    template = "Move {app_name} into the '{folder}' folder."
    phrasings = ("Drag {app_name} into the home-screen folder '{folder}'.",
                 "Add {app_name} to my '{folder}' folder.")
    difficulty = 2
    elsewhere = True
    tags = ("long_press", "drag")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        others = _pick(rng, [a for a in _apps(device) if a != self.params.app_id], 4)
        decoy = _folder_names(rng, 1, [self.params.folder])[0]
        app_page = int(rng.integers(2))  # the app and the folder are on different pages
        lay_out(device, rng, folders=[(self.params.folder, others[:2]), (decoy, others[2:])],
                on_page={self.params.app_id: app_page, f"{FOLDER_PREFIX}1": 1 - app_page},
                dock=[], pages=2)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        folder = _folder_named(initial, self.params.folder)
        return [C.modified(FOLDERS, id=folder["id"],
                           fields={"apps": _SameItems([*folder["apps"], self.params.app_id])}),
                _Moved(self.params.app_id)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _drop_onto(device, _app_icon(self.params.app_id),
                              _folder_icon(self.params.folder))


class TakeOutOfFolder(_AppAndFolder):
    """Drag an app out of a three-app folder onto the home screen (the folder stays)."""

    name = "take_out_of_folder"
    template = "Take {app_name} out of the '{folder}' folder and leave it on the home screen."
    phrasings = ("Move {app_name} out of the folder '{folder}' onto the home screen.",
                 "I want {app_name} back on the home screen itself, not in '{folder}'.")
    difficulty = 2
    elsewhere = True
    tags = ("long_press", "drag")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        others = _pick(rng, [a for a in _apps(device) if a != self.params.app_id], 2)
        members = list(others)
        members.insert(int(rng.integers(3)), self.params.app_id)
        pages = int(rng.integers(2, 4))  # the folder is on the last page
        lay_out(device, rng, folders=[(self.params.folder, members)],
                on_page={f"{FOLDER_PREFIX}1": pages - 1}, pages=pages)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        folder = _folder_named(initial, self.params.folder)
        left = [a for a in folder["apps"] if a != self.params.app_id]
        return [C.modified(FOLDERS, id=folder["id"], fields={"apps": left}),
                _on_home_directly(self.params.app_id), _Moved(self.params.app_id)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _open_folder(device, _folder_icon(self.params.folder))
        icon = O.node(device, id=f"folder_app:{self.params.app_id}")
        yield from _drag(device, icon, _gap(device, "home_grid"))


class RenameFolderOfApp(_AppTask):
    """Find which folder holds an app (there are two or three) and rename that folder."""

    name = "rename_folder_of_app"
    template = "Rename the folder that holds {app_name} to '{new}'."
    phrasings = ("Find the home-screen folder with {app_name} in it and rename it '{new}'.",
                 "The folder containing {app_name} should be called '{new}': rename it.")
    difficulty = 3
    objective = "hybrid"
    tags = ("typing", "navigation")

    @dataclass(frozen=True)
    class Params:
        app_id: str
        new: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, _apps(device)), _pick(rng, NEW_NAMES))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        super().validate_params(params, device)
        if not params.new.strip() or params.new in FOLDER_NAMES:
            raise ValueError(f"the new name must be non-empty and not a decoy's: {params.new!r}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        _folders_around(device, rng, self.params.app_id)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        folder = _folder_holding(initial, self.params.app_id)
        if folder is None:
            raise ValueError(f"{self.params.app_id} is in no folder at the start")
        return [C.modified(FOLDERS, id=folder["id"], fields={"name": C.text_like(self.params.new)})]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _find_folder_with(device, self.params.app_id)
        yield from _rename_open_folder(device, self.params.new)


def _folders_around(device: Device, rng: np.random.Generator, app_id: str) -> None:
    """Two or three two-app folders, one of them holding ``app_id``, on two pages."""
    others = _pick(rng, [a for a in _apps(device) if a != app_id], 5)
    n = int(rng.integers(2, 4))
    groups = [[app_id, others[0]]] + [others[1 + 2 * i: 3 + 2 * i] for i in range(n - 1)]
    order = _pick(rng, groups, n)
    names = _folder_names(rng, n)
    lay_out(device, rng, folders=list(zip(names, order, strict=True)), pages=2)


# --------------------------------------------------------------------------- moving icons
class MoveToPage(_AppTask):
    """Drag an icon to another home page (across the screen edge, page by page)."""

    name = "move_to_page"
    template = "Move the {app_name} icon to page {page} of the home screen."
    phrasings = ("Drag {app_name} onto home screen page {page}.",
                 "I want the {app_name} icon on page {page} of my home screen.")
    difficulty = 2
    tags = ("long_press", "drag")

    @dataclass(frozen=True)
    class Params:
        app_id: str
        page: int
        from_page: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        start, target = _pick(rng, [1, 2, 3], 2)
        return cls.Params(_pick(rng, _apps(device)), int(target), int(start))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        super().validate_params(params, device)
        if {params.page, params.from_page} - {1, 2, 3} or params.page == params.from_page:
            raise ValueError(f"page and from_page must be two of 1, 2, 3; got {params}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        app = self.params.app_id
        # another icon shares its page, so that page stays when the icon leaves
        mate = _pick(rng, [a for a in _apps(device) if a != app])
        lay_out(device, rng, on_page={app: self.params.from_page - 1,
                                      mate: self.params.from_page - 1}, dock=[], pages=3)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        app, page = self.params.app_id, self.params.page
        return [C.holds(f"{app} on page {page}", lambda j: (
                    _page_of(j.final, app) == page - 1,
                    f"found it on page {(_page_of(j.final, app) or -2) + 1}")),
                _Moved(app)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _move_to_page(device, _app_icon(self.params.app_id), self.params.page - 1)


class MoveToDock(_AppTask):
    """Drag an icon from a home page into the dock, which has room."""

    name = "move_to_dock"
    template = "Put the {app_name} icon in the dock."
    phrasings = ("Move {app_name} into the dock at the bottom of the home screen.",
                 "Drag the {app_name} icon down into the dock.")
    difficulty = 2
    elsewhere = True
    tags = ("long_press", "drag")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        # on the third page: the user looks through the pages for it
        lay_out(device, rng, on_page={self.params.app_id: 2}, pages=3)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        app = self.params.app_id
        return [C.holds(f"{app} in the dock", lambda j: (
            app in _layout(j.final)["dock"], f"dock: {_layout(j.final)['dock']}")), _Moved(app)]

    def oracle(self, device: Device) -> Iterator[Action]:
        icon, _ = yield from _seek(device, _app_icon(self.params.app_id))
        yield from _drag(device, icon, _gap(device, "dock"))


class MoveLastPageAppToDock(MoveToDock):
    """Find the only app on the last home page and put it in the dock."""

    name = "move_last_page_app_to_dock"
    template = "The last page of the home screen holds a single app. Put it in the dock."
    phrasings = ("Find the one app alone on the home screen's last page and move it to the "
                 "dock.",
                 "Only one app sits on the last home page: drag it into the dock.")
    difficulty = 3
    objective = "hybrid"
    tags = ("long_press", "drag", "navigation")

    def template_values(self) -> dict[str, Any]:
        return {}

    def oracle(self, device: Device) -> Iterator[Action]:
        yield from _show_page(device, 0)
        yield from _show_page(device, _page_total(device) - 1)
        icon = O.node(device, where=lambda n: (n["id"] or "").startswith("grid:"))
        yield from _drag(device, icon, _gap(device, "dock"))

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        pages = int(rng.integers(2, 4))
        lay_out(device, rng, on_page={self.params.app_id: pages - 1}, pages=pages)
        lay = device.kernel.launcher
        for entry in [e for e in lay.pages[-1] if e != self.params.app_id]:
            lay.pages[-1].remove(entry)  # the others move to earlier pages
            lay.pages[int(rng.integers(pages - 1))].append(entry)


class RemoveFromHome(_AppTask):
    """Take an icon off the home screen with its long-press menu; the app stays installed."""

    name = "remove_from_home"
    template = "Remove {app_name} from the home screen without uninstalling it."
    phrasings = ("Take the {app_name} icon off the home screen, but keep the app installed.",
                 "I don't want {app_name} on my home screen any more (don't uninstall it).")
    difficulty = 2
    elsewhere = True
    tags = ("long_press", "menu")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        # on the last of three pages: the user looks through the pages for it
        lay_out(device, rng, on_page={self.params.app_id: 2}, pages=3)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        app = self.params.app_id
        return [C.holds(f"{app} off the home screen", lambda j: (
            app not in _top_entries(j.final) and _folder_holding(j.final, app) is None,
            f"home screen icons: {_top_entries(j.final)}")), _Moved(app)]

    def oracle(self, device: Device) -> Iterator[Action]:
        icon, _ = yield from _seek(device, _app_icon(self.params.app_id))
        yield O.long_press(device, icon)
        yield O.tap(device, id="launcher_menu:remove")


class AddToHome(_AppTask):
    """Put an app that is only in the drawer back on the home screen (long press in the
    drawer, "Add to home screen")."""

    name = "add_to_home"
    template = "Add {app_name} back to the home screen."
    phrasings = ("Put {app_name} on the home screen again (it is only in the app drawer now).",
                 "Bring the {app_name} icon back to my home screen.")
    difficulty = 1
    max_steps = 14
    tags = ("drawer", "long_press", "menu")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        lay_out(device, rng, off_home=[self.params.app_id])

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [_on_home_directly(self.params.app_id), _Moved(self.params.app_id)]

    def oracle(self, device: Device) -> Iterator[Action]:
        yield A.home()
        yield A.swipe(0.5, 0.6, 0.5, 0.25)  # swipe up: the app drawer
        yield O.long_press(device, id=f"drawer:{self.params.app_id}")
        yield O.tap(device, id="launcher_menu:add_to_home")


# --------------------------------------------------------------------------- questions
def _all_app_names() -> list[str]:
    return [m.name for m in installed_apps().manifests()]


def _answer_name(name: str, rivals: Iterable[str]) -> Expectation:
    """The answer names it ("Clock", "the Clock app", "It's Clock.") and none of ``rivals``
    (the other apps' or folders' names)."""
    return C.answer_text(name, rivals=list(rivals))


class _Question(_HomeTask):
    objective = "query"

    def oracle(self, device: Device) -> Iterator[Action]:
        answer = yield from self.look(device)
        yield A.answer(answer)

    def look(self, device: Device) -> Iterator[Action]:
        """What a person does to find the answer out; returns the answer read off the
        screen."""
        raise NotImplementedError


class FolderAppsQuery(_Question):
    """Name the apps in a folder (a second folder is a decoy; the folder is on the last
    page)."""

    name = "folder_apps_query"
    template = "Which apps are in the '{folder}' folder on the home screen?"
    phrasings = ("What apps does my home-screen folder '{folder}' hold?",
                 "List the apps inside the '{folder}' folder.")
    difficulty = 2
    elsewhere = True
    tags = ("navigation",)

    @dataclass(frozen=True)
    class Params:
        folder: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_folder_names(rng, 1)[0])

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        apps = _pick(rng, _apps(device), 5)
        size = int(rng.integers(2, 4))
        decoy = _folder_names(rng, 1, [self.params.folder])[0]
        lay_out(device, rng, folders=[(self.params.folder, apps[:size]), (decoy, apps[size:])],
                on_page={f"{FOLDER_PREFIX}1": 2}, pages=3)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        apps = _folder_named(initial, self.params.folder)["apps"]
        return [C.answer_items([app_name(a) for a in apps], rivals=_all_app_names())]

    def look(self, device: Device) -> Iterator[Action]:
        yield from _open_folder(device, _folder_icon(self.params.folder))
        names = [n["text"] for n in device.ui_tree()
                 if (n["id"] or "").startswith("folder_app:")]
        return ", ".join(names)


class PageCountQuery(_Question):
    """Count the home screen's pages (the page dots show them)."""

    name = "page_count_query"
    template = "How many pages does the home screen have?"
    phrasings = ("Count the pages of my home screen.",
                 "How many home-screen pages are there on this phone?")
    difficulty = 1
    max_steps = 14
    elsewhere = True
    tags = ("counting",)

    @dataclass(frozen=True)
    class Params:
        pages: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(int(rng.integers(1, 8)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if not 1 <= params.pages <= 7:
            raise ValueError(f"pages must be 1..7, got {params.pages}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        lay_out(device, rng, pages=self.params.pages, dock=[])

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.answer_number(len(_layout(initial)["pages"]))]

    def look(self, device: Device) -> Iterator[Action]:
        yield A.home()
        dots = O.find(device, id="page_dots")  # "Page 1 of 3" (none: a single page)
        return "1" if dots is None else dots["text"].rsplit(" ", 1)[-1]


class DockRightmostQuery(_Question):
    """Name the app in the dock's rightmost slot (the dock holds two to four apps)."""

    name = "dock_rightmost_query"
    template = "Which app is in the rightmost slot of the dock?"
    phrasings = ("What's the last app on the right of my dock?",
                 "Name the app in the dock's right-most position.")
    difficulty = 1
    max_steps = 14
    elsewhere = True
    tags = ("navigation",)

    @dataclass(frozen=True)
    class Params:
        dock: tuple[str, ...]

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(tuple(_pick(rng, _apps(device), int(rng.integers(2, DOCK_SIZE + 1)))))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _check_installed(device, *params.dock)
        _check_distinct(*params.dock)
        if not 1 <= len(params.dock) <= DOCK_SIZE:
            raise ValueError(f"the dock holds 1..{DOCK_SIZE} apps, got {len(params.dock)}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        lay_out(device, rng, dock=self.params.dock, pages=1)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [_answer_name(app_name(_layout(initial)["dock"][-1]), _all_app_names())]

    def look(self, device: Device) -> Iterator[Action]:
        yield A.home()
        icons = [n for n in device.ui_tree() if (n["id"] or "").startswith("dock:")]
        return max(icons, key=lambda n: n["bounds"][0])["text"]


class AppPageQuery(_Question, _AppTask):
    """Tell which home page an app's icon is on (one to seven pages; never the dock)."""

    name = "app_page_query"
    template = "On which page of the home screen is the {app_name} icon?"
    phrasings = ("Which home-screen page is {app_name} on?",
                 "Find the {app_name} icon: on what page of the home screen is it?")
    difficulty = 2
    elsewhere = True
    tags = ("navigation", "counting")

    @dataclass(frozen=True)
    class Params:
        app_id: str
        page: int

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, _apps(device)), int(rng.integers(1, 8)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        super().validate_params(params, device)
        if not 1 <= params.page <= 7:
            raise ValueError(f"page must be 1..7, got {params.page}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        pages = min(7, self.params.page + int(rng.integers(0, 2)))
        lay_out(device, rng, on_page={self.params.app_id: self.params.page - 1}, pages=pages)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        page = _page_of(initial, self.params.app_id)
        if page is None:
            raise ValueError(f"{self.params.app_id} is on no page at the start")
        return [C.answer_number(page + 1)]

    def look(self, device: Device) -> Iterator[Action]:
        yield from _seek(device, _app_icon(self.params.app_id))
        return O.node(device, id="page_dots")["text"].rsplit(" of ", 1)[0]  # "Page 2"


class FolderOfAppQuery(_Question, _AppTask):
    """Tell which folder holds an app (two or three folders, opened one by one)."""

    name = "folder_of_app_query"
    template = "Which folder on the home screen holds the {app_name} app?"
    phrasings = ("In which home-screen folder did I put {app_name}?",
                 "Find the folder that contains {app_name}: what is it called?")
    difficulty = 2
    elsewhere = True
    tags = ("navigation",)

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        _folders_around(device, rng, self.params.app_id)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        folder = _folder_holding(initial, self.params.app_id)
        if folder is None:
            raise ValueError(f"{self.params.app_id} is in no folder at the start")
        return [_answer_name(folder["name"], (*FOLDER_NAMES, *NEW_NAMES))]

    def look(self, device: Device) -> Iterator[Action]:
        name = yield from _find_folder_with(device, self.params.app_id)
        return name
