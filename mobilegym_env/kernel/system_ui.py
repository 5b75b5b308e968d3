"""Volatile state of the system surfaces (launcher, shade, recents, toasts) and launcher layout."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

GRID_COLUMNS = 4
GRID_ROWS = 5
PAGE_SIZE = GRID_COLUMNS * GRID_ROWS
DOCK_SIZE = 4
TOAST_MS = 3000
FOLDER_PREFIX = "folder:"
MAX_FOLDER_NAME = 40
FOLDER_NAME_FIELD = "folder_name"  # the key of the folder-name field in ``SystemUi.ui``


@dataclass
class Toast:
    text: str
    expires_ms: int


@dataclass
class SystemUi:
    """What system chrome is showing. Volatile: a reboot starts from the home page.

    The launcher's own surfaces: ``launcher_menu`` is the long-press popup of an icon (that
    icon is picked up, armed for a drag) as ``{"node": ui id, "item": app id or "folder:<id>",
    "where": "grid" | "dock" | "folder" | "drawer"}``; ``open_folder`` the folder whose panel
    is open; ``folder_editing`` whether its name is being edited (the text is in ``ui``).
    """

    shade_open: bool = False
    recents_open: bool = False
    drawer_open: bool = False
    launcher_page: int = 0
    toast: Toast | None = None
    ui: dict[str, Any] = field(default_factory=dict)  # text fields / scroll of system surfaces
    launcher_menu: dict[str, str] | None = None
    open_folder: int | None = None
    folder_editing: bool = False
    # the app whose code just crashed: Android's "<App> has stopped" dialog shows until
    # dismissed (Back, Home, a button)
    crashed_app: str | None = None

    def state(self) -> dict[str, Any]:
        return {
            "shade_open": self.shade_open,
            "recents_open": self.recents_open,
            "drawer_open": self.drawer_open,
            "launcher_page": self.launcher_page,
            "toast": self.toast.text if self.toast else None,
            "crash_dialog": self.crashed_app,
        }

    def close_folder(self, layout: LauncherLayout) -> None:
        """Closes the open folder; a name being edited is saved, as on a Pixel."""
        if self.open_folder is not None and self.folder_editing \
                and layout.has_folder(self.open_folder):
            layout.rename_folder(self.open_folder, str(self.ui.get(FOLDER_NAME_FIELD, "")))
        self.open_folder = None
        self.folder_editing = False
        self.ui.pop(FOLDER_NAME_FIELD, None)

    def launcher_back(self, layout: LauncherLayout) -> bool:
        """Back on the home screen: closes the icon menu, else the folder, else the drawer."""
        if self.launcher_menu is not None:
            self.launcher_menu = None
        elif self.open_folder is not None:
            self.close_folder(layout)
        elif self.drawer_open:
            self.drawer_open = False
        else:
            return False
        return True

    def close_launcher(self, layout: LauncherLayout) -> None:
        """Home: every launcher surface closes (menu, folder, drawer)."""
        self.launcher_menu = None
        self.close_folder(layout)
        self.drawer_open = False


@dataclass
class LauncherLayout:
    """Home pages, dock and folders. Persisted (the original's ``launcher`` key).

    A page or dock entry is an app id or ``"folder:<id>"``; ``folders`` are records
    ``{"id": int, "name": str, "apps": [app ids]}`` (an empty name is an unnamed folder). An app
    sits in at most one place; apps not placed anywhere are only in the drawer.
    """

    pages: list[list[str]]
    dock: list[str]
    folders: list[dict[str, Any]] = field(default_factory=list)
    next_folder_id: int = 1

    @classmethod
    def default(cls, app_ids: list[str], dock_preference: tuple[str, ...] = ()) -> LauncherLayout:
        dock = [a for a in dock_preference if a in app_ids][:DOCK_SIZE]
        rest = [a for a in app_ids if a not in dock]
        pages = [rest[i : i + PAGE_SIZE] for i in range(0, len(rest), PAGE_SIZE)] or [[]]
        return cls(pages, dock)

    # ----- reading
    def folder(self, folder_id: int) -> dict[str, Any]:
        """The folder record with this id (KeyError if there is none)."""
        for f in self.folders:
            if f["id"] == folder_id:
                return f
        raise KeyError(f"no launcher folder with id {folder_id!r}")

    def has_folder(self, folder_id: int) -> bool:
        return any(f["id"] == folder_id for f in self.folders)

    def folder_of(self, app_id: str) -> int | None:
        """The id of the folder holding the app, if it is in one."""
        return next((f["id"] for f in self.folders if app_id in f["apps"]), None)

    def _top_item(self, item: str) -> str:
        """The home-screen entry that shows ``item``: the app itself or its folder."""
        fid = self.folder_of(item)
        return item if fid is None else f"{FOLDER_PREFIX}{fid}"

    def page_of(self, item: str) -> int | None:
        """The page showing the app (directly or in a folder) or folder; None if not on a page."""
        top = self._top_item(item)
        return next((i for i, page in enumerate(self.pages) if top in page), None)

    def on_home(self, item: str) -> bool:
        """Whether the app or folder is on the home screen (a page, the dock or a folder)."""
        top = self._top_item(item)
        return top in self.dock or any(top in page for page in self.pages)

    def apps_on_home(self) -> list[str]:
        """Every app on the home screen, in page, dock and folder order."""
        out: list[str] = []
        for entry in [e for page in self.pages for e in page] + self.dock:
            out.extend(self.folder(_folder_id(entry))["apps"] if _is_folder(entry) else [entry])
        return out

    # ----- editing
    def move_to_page(self, item: str, page: int, index: int | None = None) -> None:
        """Moves an app or folder to ``page`` (creating pages as needed), at ``index`` or last.

        An app taken out of a folder leaves it (a folder left with one app dissolves). Empty
        pages are dropped afterwards, so the page an item lands on may get a lower number.
        """
        self._check_item(item)
        if not isinstance(page, int) or page < 0:
            raise ValueError(f"page must be an int >= 0, got {page!r}")
        if page < len(self.pages) and item not in self.pages[page] \
                and len(self.pages[page]) >= PAGE_SIZE:
            raise ValueError(f"launcher page {page} is full")
        slot = self._detach(item)
        while len(self.pages) <= page:
            self.pages.append([])
        target = self.pages[page]
        if slot is not None and slot[0] is target and index is not None and slot[1] < index:
            index -= 1  # the item left a slot before the insertion point
        target.insert(len(target) if index is None else min(max(index, 0), len(target)), item)
        self._prune()

    def move_to_dock(self, item: str, index: int | None = None) -> None:
        """Moves an app or folder into the dock, at ``index`` or last."""
        self._check_item(item)
        if item not in self.dock and len(self.dock) >= DOCK_SIZE:
            raise ValueError("the dock is full")
        slot = self._detach(item)
        if slot is not None and slot[0] is self.dock and index is not None and slot[1] < index:
            index -= 1
        self.dock.insert(len(self.dock) if index is None else min(max(index, 0), len(self.dock)),
                         item)
        self._prune()

    def create_folder(self, apps: list[str], name: str = "") -> int:
        """Groups apps into a new folder, which takes the first app's place (or, if that app
        is not on the home screen, the first free cell). Returns the folder id."""
        if len(apps) < 2 or len(set(apps)) != len(apps) or not all(
                isinstance(a, str) and a and not _is_folder(a) for a in apps):
            raise ValueError(f"a folder needs two or more distinct app ids, got {apps!r}")
        name = _clean_name(name)
        first = self._top_item(apps[0])
        # the folder's slot: where the first app is shown (unless that is a folder it leaves)
        spot = self._slot(first) if first == apps[0] else None
        fid = self.next_folder_id
        self.next_folder_id += 1
        entry = f"{FOLDER_PREFIX}{fid}"
        if spot is not None:
            spot[0][spot[1]] = entry
        for app in apps:
            if app != apps[0] or spot is None:
                self._detach(app)
        self.folders.append({"id": fid, "name": name, "apps": list(apps)})
        if spot is None:
            self._place(entry)
        self._prune()
        return fid

    def add_to_folder(self, app_id: str, folder_id: int) -> None:
        """Moves an app into a folder (last)."""
        self._check_item(app_id)
        if _is_folder(app_id):
            raise ValueError("folders do not nest")
        folder = self.folder(folder_id)
        if app_id in folder["apps"]:
            return
        self._detach(app_id)
        folder["apps"].append(app_id)
        self._prune()

    def rename_folder(self, folder_id: int, name: str) -> None:
        self.folder(folder_id)["name"] = _clean_name(name)

    def remove(self, item: str) -> None:
        """Takes an app or a folder (with its apps) off the home screen; apps stay installed."""
        self._check_item(item)
        if not self.on_home(item):
            raise ValueError(f"{item!r} is not on the home screen")
        self._detach(item)
        if _is_folder(item):
            self.folders = [f for f in self.folders if f["id"] != _folder_id(item)]
        self._prune()

    def add(self, app_id: str) -> int:
        """Puts an app on the first page with a free cell (a new page if all are full);
        returns that page."""
        self._check_item(app_id)
        if _is_folder(app_id):
            raise ValueError("only apps can be added back to the home screen")
        if self.on_home(app_id):
            raise ValueError(f"{app_id!r} is already on the home screen")
        return self._place(app_id)

    # ----- internals
    def _check_item(self, item: str) -> None:
        if not isinstance(item, str) or not item:
            raise ValueError(f"a launcher item is an app id or 'folder:<id>', got {item!r}")
        if _is_folder(item):
            self.folder(_folder_id(item))

    def _slot(self, entry: str) -> tuple[list[str], int] | None:
        for container in [*self.pages, self.dock]:
            if entry in container:
                return container, container.index(entry)
        return None

    def _free_page(self) -> int | None:
        return next((i for i, p in enumerate(self.pages) if len(p) < PAGE_SIZE), None)

    def _place(self, entry: str) -> int:
        page = self._free_page()
        if page is None:
            self.pages.append([])
            page = len(self.pages) - 1
        self.pages[page].append(entry)
        return page

    def _detach(self, item: str) -> tuple[list[str], int] | None:
        """Takes the item out of its page, dock or folder; returns the slot it left (None for
        a folder member or an item that was nowhere). A folder left with one app dissolves
        into that app, in the folder's slot."""
        fid = None if _is_folder(item) else self.folder_of(item)
        if fid is not None:
            folder = self.folder(fid)
            folder["apps"].remove(item)
            if len(folder["apps"]) <= 1:
                self._dissolve(folder)
            return None
        slot = self._slot(item)
        if slot is not None:
            del slot[0][slot[1]]
        return slot

    def _dissolve(self, folder: dict[str, Any]) -> None:
        entry = f"{FOLDER_PREFIX}{folder['id']}"
        slot = self._slot(entry)
        self.folders.remove(folder)
        if slot is None:
            return
        if folder["apps"]:
            slot[0][slot[1]] = folder["apps"][0]
        else:
            del slot[0][slot[1]]

    def _prune(self) -> None:
        """Drops empty pages (keeping one), as the Pixel launcher does."""
        self.pages = [p for p in self.pages if p] or [[]]

    def state(self) -> dict[str, Any]:
        return {"pages": [list(p) for p in self.pages], "dock": list(self.dock),
                "folders": [{"id": f["id"], "name": f["name"], "apps": list(f["apps"])}
                            for f in self.folders],
                "next_folder_id": self.next_folder_id}


def _is_folder(item: str) -> bool:
    return item.startswith(FOLDER_PREFIX)


def _folder_id(item: str) -> int:
    try:
        return int(item[len(FOLDER_PREFIX):])
    except ValueError:
        raise ValueError(f"bad folder item {item!r}; expected 'folder:<int>'") from None


def _clean_name(name: str) -> str:
    if not isinstance(name, str):
        raise ValueError(f"a folder name must be a str, got {type(name).__name__}")
    return " ".join(name.split())[:MAX_FOLDER_NAME]
