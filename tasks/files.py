"""Files suite: organising storage (folders, rename, move, copy, delete by pattern) and reading
it (counts, the largest file, what a document says, when a file changed, where a file is).

Files are keyed by path in ``os.files``: a move is the old key deleted and the new one created
with the same content hash, size and date. The oracles start from Files' home screen (or the
launcher) and browse through "Internal storage", as a user would.
"""

from __future__ import annotations

import datetime
import posixpath
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from mobilegym_env import actions as A
from mobilegym_env import checks as C
from mobilegym_env import oracle as O
from mobilegym_env.device import Device
from mobilegym_env.judge import Expectation
from mobilegym_env.kernel.filesystem import ROOT
from mobilegym_env.task import Start, Task

FILES_HOME = Start(app="files")
# Folders (under /sdcard) that tasks browse, and what instructions call them.
WHERE = {"Download": "the Download folder", "Documents": "the Documents folder",
         "Documents/Work": "the Work folder (Documents/Work)",
         "Documents/Recipes": "the Recipes folder (Documents/Recipes)",
         "Music": "the Music folder", "Movies": "the Movies folder",
         "DCIM/Camera": "the Camera folder (DCIM/Camera)",
         "Pictures/Yosemite": "the Yosemite folder (Pictures/Yosemite)"}


# ----- state reads (on a device's kernel or a state dict)
def _abs(rel: str) -> str:
    return f"{ROOT}/{rel}" if rel else ROOT


def _entries(files: dict[str, Any], rel: str) -> dict[str, dict[str, Any]]:
    """The files (not folders) directly in folder ``rel``, by name."""
    folder = _abs(rel)
    return {posixpath.basename(p): e for p, e in files.items()
            if posixpath.dirname(p) == folder and not e["is_dir"]}


def _device_files(device: Device) -> dict[str, Any]:
    return device.kernel.files.state()


def _is_media(entry: dict[str, Any]) -> bool:
    return str(entry.get("mime") or "").startswith("image/")


def _plain(files: dict[str, Any], rel: str) -> list[str]:
    """The names of the non-image files in ``rel`` (images also live in the media provider)."""
    return sorted(n for n, e in _entries(files, rel).items() if not _is_media(e))


def _pick(rng: np.random.Generator, options: list[Any]) -> Any:
    if not options:
        raise ValueError("nothing to choose from")
    return options[int(rng.integers(len(options)))]


def _need_file(device: Device, rel: str, name: str) -> dict[str, Any]:
    entry = _device_files(device).get(posixpath.join(_abs(rel), name))
    if entry is None or entry["is_dir"]:
        raise ValueError(f"no file {name!r} in /sdcard/{rel}")
    return entry


def _need_folder(device: Device, rel: str) -> None:
    if rel not in WHERE or not device.kernel.files.is_dir(_abs(rel)):
        raise ValueError(f"unknown folder {rel!r}; expected one of {sorted(WHERE)}")


def _stem(name: str) -> str:
    return name.rsplit(".", 1)[0] if "." in name else name


def _moved(initial: dict[str, Any], src: str, dst: str, copy: bool = False) -> list[Expectation]:
    """``src`` moved (or copied) to ``dst``: same content and size (and date, for a move)."""
    e = initial["os"]["files"][src]
    same = {"is_dir": False, "sha1": e["sha1"], "size": e["size"]}
    if not copy:
        same["mtime_ms"] = e["mtime_ms"]
    made = C.created("os.files", key=dst, where=same, name=f"{dst} holds the file")
    return [made] if copy else [C.deleted("os.files", key=src, name=f"{src} gone"), made]


# ----- oracle steps (Files is on screen)
def browse(device: Device, rel: str) -> Iterator[dict[str, Any]]:
    """From Files' home: Internal storage, then each folder of ``rel``."""
    yield O.tap(device, id="internal_storage")
    for seg in filter(None, rel.split("/")):
        row = yield from O.scroll_to(device, id=f"dir:{seg}")
        yield O.tap(device, row)


def item_menu(device: Device, name: str, action: str) -> Iterator[dict[str, Any]]:
    """Opens the ⋮ menu of the row ``name`` in the shown folder and picks ``action``."""
    yield from O.scroll_to(device, where=lambda n: n["id"] in (f"file:{name}", f"dir:{name}"))
    yield O.tap(device, id=f"more:{name}")
    yield O.tap(device, id=action)


def pick_destination(device: Device, rel: str) -> Iterator[dict[str, Any]]:
    """In the Move to / Copy to picker (it opens at the storage root): into ``rel``, confirm."""
    for seg in filter(None, rel.split("/")):
        row = yield from O.scroll_to(device, id=f"pickdir:{seg}")
        yield O.tap(device, row)
    yield O.tap(device, id="pick_confirm")


def select_rows(device: Device, names: list[str]) -> Iterator[dict[str, Any]]:
    """Long-presses the first row and taps the others: selection mode with ``names``."""
    for i, name in enumerate(names):
        row = yield from O.scroll_to(device, id=f"file:{name}")
        yield (O.long_press if i == 0 else O.tap)(device, row)


def select_matching(device: Device, wanted: Any) -> Iterator[dict[str, Any]]:
    """In a folder's list: scrolls down it once, long-pressing the first file row whose name
    ``wanted(name)`` accepts and tapping the others (selection mode with all of them);
    returns the names selected."""
    picked: list[str] = []
    for _ in range(12):
        area = O.node(device, id="dir")["bounds"]
        for row in O.find_all(device, where=lambda n: (n["id"] or "").startswith("file:")):
            name = row["id"].removeprefix("file:")
            whole = area[1] <= row["bounds"][1] and row["bounds"][3] <= area[3]
            if whole and name not in picked and wanted(name):
                yield (O.tap if picked else O.long_press)(device, row)
                picked.append(name)
        before = [(n["id"], n["bounds"]) for n in device.ui_tree()]
        yield O.scroll_down()
        if [(n["id"], n["bounds"]) for n in device.ui_tree()] == before:
            break
    return picked


def _sort_by(device: Device, key: str) -> Iterator[dict[str, Any]]:
    row = yield from O.scroll_to(device, id="sort", up=True)
    yield O.tap(device, row)
    yield O.tap(device, id=f"sort:{key}")


# ----- operate
class CreateFolder(Task):
    """Make a new folder with a given name inside a given folder."""

    suite = "files"
    name = "create_folder"
    template = "In Files, create a new folder named '{folder_name}' in {where}."
    phrasings = ("Make a folder called '{folder_name}' inside {where}.",
                 "I need a new folder '{folder_name}' in {where}. Create it in Files.")
    difficulty = 2
    objective = "operate"
    apps = ("files",)
    tags = ("typing", "dialog", "navigation")
    start = FILES_HOME
    NAMES = ("Receipts", "Taxes 2025", "Travel", "Old stuff", "Scans", "Contracts", "Kids",
             "Reading list")

    @dataclass(frozen=True)
    class Params:
        parent: str
        folder_name: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, ["Download", "Documents", "Documents/Work", "Music",
                                      "Movies"]), _pick(rng, list(cls.NAMES)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _need_folder(device, params.parent)
        if not params.folder_name or "/" in params.folder_name:
            raise ValueError(f"bad folder name {params.folder_name!r}")
        if device.kernel.files.exists(posixpath.join(_abs(params.parent), params.folder_name)):
            raise ValueError(f"{params.folder_name!r} already exists in {params.parent}")

    def template_values(self) -> dict[str, Any]:
        return {"folder_name": self.params.folder_name, "where": WHERE[self.params.parent]}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        path = posixpath.join(_abs(self.params.parent), self.params.folder_name)
        return [C.created("os.files", key=path, where={"is_dir": True})]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from browse(device, self.params.parent)
        yield O.tap(device, id="new_folder")
        yield from O.type_into(device, self.params.folder_name, id="new_folder_field")
        yield O.tap(device, id="new_folder_create")


class RenameFile(Task):
    """Rename a document to a given new name (same folder, same content)."""

    suite = "files"
    name = "rename_file"
    template = "Rename the file {old_name} in {where} to {new_name}."
    phrasings = ("In {where}, change the name of {old_name} to {new_name}.",
                 "Give {old_name} (in {where}) the new name {new_name}.")
    difficulty = 2
    objective = "operate"
    apps = ("files",)
    tags = ("typing", "menu", "dialog", "scroll")
    start = FILES_HOME
    SUFFIXES = ("_final", "_old", "_2026", "_backup", "_signed")

    @dataclass(frozen=True)
    class Params:
        folder: str
        old_name: str
        new_name: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        folder = _pick(rng, ["Download", "Documents", "Documents/Work", "Documents/Recipes"])
        files = _device_files(device)
        old = _pick(rng, _plain(files, folder))
        stem, dot, ext = old.rpartition(".")
        free = [f"{stem}{s}{dot}{ext}" for s in cls.SUFFIXES
                if f"{stem}{s}{dot}{ext}" not in _entries(files, folder)]
        return cls.Params(folder, old, _pick(rng, free))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _need_folder(device, params.folder)
        if _is_media(_need_file(device, params.folder, params.old_name)):
            raise ValueError("pick a document: pictures are renamed in the media provider too")
        if not params.new_name or "/" in params.new_name or device.kernel.files.exists(
                posixpath.join(_abs(params.folder), params.new_name)):
            raise ValueError(f"bad or taken new name {params.new_name!r}")

    def template_values(self) -> dict[str, Any]:
        return {**super().template_values(), "where": WHERE[self.params.folder]}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        folder = _abs(self.params.folder)
        return _moved(initial, posixpath.join(folder, self.params.old_name),
                      posixpath.join(folder, self.params.new_name))

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from browse(device, self.params.folder)
        yield from item_menu(device, self.params.old_name, "item_rename")
        yield from O.type_into(device, self.params.new_name, id="rename_field")
        yield O.tap(device, id="rename_confirm")


class _Transfer(Task):
    """Shared by move and copy: a document from one folder into another."""

    suite = "files"
    apps = ("files",)
    start = FILES_HOME
    COPY = False
    PAIRS = (("Download", "Documents"), ("Download", "Documents/Work"),
             ("Documents", "Documents/Work"), ("Documents/Work", "Download"),
             ("Documents/Recipes", "Documents"), ("Music", "Download"))

    @dataclass(frozen=True)
    class Params:
        file_name: str
        source: str
        dest: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        source, dest = _pick(rng, list(cls.PAIRS))
        taken = set(_entries(_device_files(device), dest))
        return cls.Params(_pick(rng, [n for n in _plain(_device_files(device), source)
                                      if n not in taken]), source, dest)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _need_folder(device, params.source)
        _need_folder(device, params.dest)
        if params.source == params.dest:
            raise ValueError("source and dest must differ")
        if _is_media(_need_file(device, params.source, params.file_name)):
            raise ValueError("pick a document: pictures also live in the media provider")
        if device.kernel.files.exists(posixpath.join(_abs(params.dest), params.file_name)):
            raise ValueError(f"{params.file_name!r} already exists in {params.dest}")

    def template_values(self) -> dict[str, Any]:
        return {"file_name": self.params.file_name, "source": WHERE[self.params.source],
                "dest": WHERE[self.params.dest]}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        name = self.params.file_name
        return _moved(initial, posixpath.join(_abs(self.params.source), name),
                      posixpath.join(_abs(self.params.dest), name), copy=self.COPY)

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from browse(device, self.params.source)
        yield from item_menu(device, self.params.file_name,
                             "item_copy" if self.COPY else "item_move")
        yield from pick_destination(device, self.params.dest)


class MoveFile(_Transfer):
    """Move a document into another folder."""

    name = "move_file"
    template = "Move {file_name} from {source} to {dest}."
    phrasings = ("Put {file_name}, which is in {source}, into {dest} instead.",
                 "Using Files, move the file {file_name} out of {source} and into {dest}.")
    difficulty = 2
    objective = "operate"
    tags = ("menu", "picker", "navigation", "scroll")


class CopyFile(_Transfer):
    """Copy a document into another folder, keeping the original."""

    name = "copy_file"
    template = "Copy {file_name} from {source} into {dest}, keeping the original where it is."
    phrasings = ("Make a copy of {file_name} from {source} in {dest}; don't move the original.",
                 "I want {file_name} in {dest} too: copy it there from {source}.")
    difficulty = 2
    objective = "operate"
    tags = ("menu", "picker", "navigation", "scroll")
    COPY = True


class _OneFile(Task):
    """Shared by the tasks about one document in a folder."""

    suite = "files"
    apps = ("files",)
    FOLDERS = ("Documents", "Download", "Music", "Movies")

    @dataclass(frozen=True)
    class Params:
        folder: str
        file_name: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        folder = _pick(rng, list(cls.FOLDERS))
        return cls.Params(folder, _pick(rng, _plain(_device_files(device), folder)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _need_folder(device, params.folder)
        if _is_media(_need_file(device, params.folder, params.file_name)):
            raise ValueError("pick a document: pictures also live in the media provider")

    def template_values(self) -> dict[str, Any]:
        return {"file_name": self.params.file_name, "where": WHERE[self.params.folder]}


class DeleteFile(_OneFile):
    """Delete one document among look-alikes (``notes.txt`` beside ``notes_old.txt``)."""

    name = "delete_file"
    template = "Delete the file {file_name} from {where}."
    phrasings = ("Remove {file_name} from {where}.",
                 "In Files, delete {file_name}, which is in {where}. Keep the others.")
    difficulty = 2
    objective = "operate"
    tags = ("menu", "dialog", "scroll")
    start = FILES_HOME

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        return [C.deleted("os.files", key=posixpath.join(_abs(self.params.folder),
                                                         self.params.file_name))]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from browse(device, self.params.folder)
        yield from item_menu(device, self.params.file_name, "item_delete")
        yield O.tap(device, id="delete_confirm")


def _is_invoice(name: str, year: int) -> bool:
    """A PDF whose name contains "invoice" (any case) and the year."""
    low = name.casefold()
    return low.endswith(".pdf") and "invoice" in low and str(year) in low


def _invoices(files: dict[str, Any], year: int) -> list[str]:
    return sorted(n for n in _entries(files, "Download") if _is_invoice(n, year))


class DeleteMatching(Task):
    """Delete the PDFs in Download whose names say "invoice" and a year, keeping the other
    year's invoices, the notes about invoices, drafts and receipts (selection mode or one by
    one)."""

    suite = "files"
    name = "delete_matching"
    template = ("In the Download folder, delete every PDF whose name contains both 'invoice' and "
                "'{year}'. Keep everything else.")
    phrasings = ("Clean up Download: delete the PDFs with 'invoice' and '{year}' in their names, "
                 "and nothing else.",
                 "Delete all of my {year} invoice PDFs (names with 'invoice' and '{year}') from "
                 "the Download folder; leave every other file.")
    difficulty = 3
    objective = "operate"
    apps = ("files",)
    tags = ("selection", "long_press", "scroll", "dialog")
    start = FILES_HOME
    max_steps = 35
    EXTRA = ("invoice_{y}_03.pdf", "invoice_{y}_july.pdf", "Invoice-{y}-ACME.pdf")
    DECOYS = ("invoice_{y}_draft.docx", "quote_{y}.pdf", "invoice_{o}_final.pdf")

    @dataclass(frozen=True)
    class Params:
        year: int
        extra: tuple[str, ...] = ()
        decoys: tuple[str, ...] = ()

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        year = int(_pick(rng, [2024, 2025]))
        fill = {"y": year, "o": 2049 - year}
        extra = [e.format(**fill) for e in cls.EXTRA if rng.random() < 0.5]
        decoys = [d.format(**fill) for d in cls.DECOYS if rng.random() < 0.6]
        return cls.Params(year, tuple(extra), tuple(decoys))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.year not in (2024, 2025):
            raise ValueError(f"year must be 2024 or 2025, got {params.year}")
        if not all(_is_invoice(n, params.year) for n in params.extra) or any(
                _is_invoice(n, params.year) for n in params.decoys):
            raise ValueError("extra names must match the year's invoice PDFs, decoys must not")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        fs = device.kernel.files
        for i, name in enumerate((*self.params.extra, *self.params.decoys)):
            path = f"{ROOT}/Download/{name}"
            if not fs.exists(path):
                fs.write_text(path, f"%PDF-1.7 placeholder: {name}",
                              mtime_ms=device.kernel.clock.now_ms() - (i + 2) * 86_400_000)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        keys = [f"{ROOT}/Download/{n}" for n in _invoices(initial["os"]["files"], self.params.year)]
        return [C.deleted("os.files", keys=keys)]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from browse(device, "Download")
        yield from select_matching(device, lambda name: _is_invoice(name, self.params.year))
        yield O.tap(device, id="sel_delete")
        yield O.tap(device, id="delete_confirm")


class OrganizeInvoices(Task):
    """Make a folder in Documents and move the PDFs named for one year's invoices from Download
    into it."""

    suite = "files"
    name = "organize_invoices"
    template = ("Create a folder named '{folder_name}' in the Documents folder, then move every "
                "PDF in Download whose name contains both 'invoice' and '{year}' into it.")
    phrasings = ("Make a '{folder_name}' folder in Documents and move the PDFs from Download "
                 "whose names contain 'invoice' and '{year}' into it.",
                 "File my {year} invoices: every PDF in Download named with 'invoice' and "
                 "'{year}' goes into a new folder '{folder_name}' inside Documents.")
    difficulty = 3
    max_steps = 40
    objective = "operate"
    apps = ("files",)
    tags = ("typing", "selection", "long_press", "picker", "multi_step", "scroll")
    start = FILES_HOME

    @dataclass(frozen=True)
    class Params:
        year: int
        folder_name: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        year = int(_pick(rng, [2024, 2025]))
        return cls.Params(year, _pick(rng, [f"Invoices {year}", "Invoices", f"Bills {year}",
                                            "Paid invoices"]))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if params.year not in (2024, 2025):
            raise ValueError(f"year must be 2024 or 2025, got {params.year}")
        if not params.folder_name or "/" in params.folder_name or device.kernel.files.exists(
                f"{ROOT}/Documents/{params.folder_name}"):
            raise ValueError(f"bad or taken folder name {params.folder_name!r}")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        folder = f"{ROOT}/Documents/{self.params.folder_name}"
        out = [C.created("os.files", key=folder, where={"is_dir": True})]
        for name in _invoices(initial["os"]["files"], self.params.year):
            out += _moved(initial, f"{ROOT}/Download/{name}", f"{folder}/{name}")
        return out

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from browse(device, "Documents")
        yield O.tap(device, id="new_folder")
        yield from O.type_into(device, self.params.folder_name, id="new_folder_field")
        yield O.tap(device, id="new_folder_create")
        yield A.back()  # up to Internal storage
        row = yield from O.scroll_to(device, id="dir:Download")
        yield O.tap(device, row)
        yield from select_matching(device, lambda name: _is_invoice(name, self.params.year))
        yield O.tap(device, id="sel_more")
        yield O.tap(device, id="sel_move")
        yield from pick_destination(device, f"Documents/{self.params.folder_name}")


# ----- query
class CountPdfs(Task):
    """Count the PDF files directly in a folder (scrolling; sub-folders and other types
    don't count)."""

    suite = "files"
    name = "count_pdfs"
    template = "How many PDF files are in {where}? Answer with a number."
    phrasings = ("Count the PDFs directly in {where} and give me the number.",
                 "What is the number of PDF files in {where}? Just the number.")
    difficulty = 2
    objective = "query"
    apps = ("files",)
    tags = ("counting", "scroll", "navigation")
    start = FILES_HOME
    POOL = ("scan_0412.pdf", "warranty_dishwasher.pdf", "passport_copy.pdf", "w2_2025.pdf",
            "meeting_minutes.pdf", "floor_plan_v2.pdf")

    @dataclass(frozen=True)
    class Params:
        folder: str
        added: tuple[str, ...] = ()

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        folder = _pick(rng, ["Download", "Documents", "Documents/Work"])
        n = int(rng.integers(0, 4)) if folder == "Download" else int(rng.integers(1, 5))
        picks = rng.choice(len(cls.POOL), size=n, replace=False)
        return cls.Params(folder, tuple(cls.POOL[int(i)] for i in sorted(picks)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _need_folder(device, params.folder)
        if not all(n.endswith(".pdf") and "/" not in n for n in params.added):
            raise ValueError(f"added files must be PDF names, got {params.added}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        for i, name in enumerate(self.params.added):
            path = posixpath.join(_abs(self.params.folder), name)
            if not device.kernel.files.exists(path):
                device.kernel.files.write_text(
                    path, f"%PDF-1.7 placeholder: {name}",
                    mtime_ms=device.kernel.clock.now_ms() - (i + 1) * 3_600_000)

    def template_values(self) -> dict[str, Any]:
        return {"where": WHERE[self.params.folder]}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        found = _entries(initial["os"]["files"], self.params.folder)
        return [C.answer_number(sum(e["mime"] == "application/pdf" for e in found.values()))]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from browse(device, self.params.folder)
        seen: set[str] = set()
        for _ in range(12):  # count while scrolling down the folder
            seen |= {n["id"] for n in O.find_all(device, where=lambda n: (
                n["id"] or "").startswith("file:") and n["id"].lower().endswith(".pdf"))}
            before = [n["id"] for n in device.ui_tree()]
            yield O.scroll_down()
            if [n["id"] for n in device.ui_tree()] == before:
                break
        yield A.answer(str(len(seen)))


class LargestFile(Task):
    """Name the largest file in a folder (sorting by size finds it)."""

    suite = "files"
    name = "largest_file"
    template = "Which file in {where} is the largest? Answer with its name."
    phrasings = ("What is the name of the biggest file in {where}?",
                 "Find the largest file in {where} and tell me its file name.")
    difficulty = 2
    objective = "query"
    apps = ("files",)
    tags = ("navigation", "menu")
    start = FILES_HOME
    FOLDERS = ("Download", "Documents", "Music", "Movies", "DCIM/Camera", "Pictures/Yosemite")

    @dataclass(frozen=True)
    class Params:
        folder: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, list(cls.FOLDERS)))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _need_folder(device, params.folder)

    def template_values(self) -> dict[str, Any]:
        return {"where": WHERE[self.params.folder]}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        found = _entries(initial["os"]["files"], self.params.folder)
        biggest = max(found, key=lambda n: found[n]["size"])
        # every other file's name (and its stem) is a rival, in this folder or another
        others = [posixpath.basename(p) for p, e in initial["os"]["files"].items()
                  if not e["is_dir"] and posixpath.basename(p) != biggest]
        return [C.answer_text([biggest, _stem(biggest)],
                              rivals=[*others, *(_stem(n) for n in others)])]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from browse(device, self.params.folder)
        yield from _sort_by(device, "size_desc")
        first = O.find_all(device, where=lambda n: (n["id"] or "").startswith("file:"))
        yield A.answer(first[0]["id"].removeprefix("file:"))


class ReadTextFile(Task):
    """Answer a question from what a text file in Documents says."""

    suite = "files"
    name = "read_text_file"
    template = "Open {file_name} in {where}: {question}"
    phrasings = ("Look in {file_name} ({where}) and tell me: {question}",
                 "The answer is in {file_name} in {where}. {question}")
    difficulty = 2
    objective = "query"
    apps = ("files",)
    tags = ("navigation",)
    start = FILES_HOME
    # (folder, file, question, the answer as the file says it, its number if it is one)
    FACTS: tuple[tuple[str, str, str, str, float | None], ...] = (
        ("Documents", "wifi_password.txt", "what is the password of the Maple-5G network?",
         "blue-heron-2291", None),
        ("Documents", "book_club.md", "which book is the book club reading?",
         "The Remains of the Day", None),
        ("Documents", "car_service.txt", "at how many miles is the next oil change due?",
         "48,000", 48000),
        ("Documents/Work", "team_offsite.txt", "where is the team offsite?", "Sausalito",
         None),
        ("Documents/Recipes", "banana_bread.txt", "for how many minutes does the banana bread "
         "bake?", "60", 60),
        ("Documents", "budget_2026.csv", "what is the monthly budget for groceries, in "
         "dollars?", "520", 520),
        ("Documents/Recipes", "pancakes.txt", "how many pancakes does the recipe make?", "8", 8),
    )
    # the file's other values, which an answer must not give as well
    RIVALS = {"wifi_password.txt": ("welcome2026", "Maple-5G", "Maple-Guest"),
              "book_club.md": ("Laura", "Thursday, March 12 at 7 pm"),
              "team_offsite.txt": ("April 8", "laptop", "jacket")}

    @dataclass(frozen=True)
    class Params:
        folder: str
        file_name: str

    @classmethod
    def _fact(cls, file_name: str) -> tuple[str, str, str, str, float | None]:
        return next(f for f in cls.FACTS if f[1] == file_name)

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        folder, name, *_ = cls.FACTS[int(rng.integers(len(cls.FACTS)))]
        return cls.Params(folder, name)

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if (params.folder, params.file_name) not in [f[:2] for f in cls.FACTS]:
            raise ValueError(f"{params.folder}/{params.file_name} is not one of the files asked "
                             f"about: {[f'{f[0]}/{f[1]}' for f in cls.FACTS]}")
        folder, name, _, shown, _ = cls._fact(params.file_name)
        _need_file(device, folder, name)
        if shown not in device.kernel.files.read_text(posixpath.join(_abs(folder), name)):
            raise ValueError(f"{name} does not say {shown!r}")

    def template_values(self) -> dict[str, Any]:
        _, name, question, _, _ = self._fact(self.params.file_name)
        return {"file_name": name, "question": question, "where": WHERE[self.params.folder]}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        _, name, _, shown, number = self._fact(self.params.file_name)
        # the file's other values, and the other files' answers
        rivals = [*self.RIVALS.get(name, ()), *(f[3] for f in self.FACTS if f[3] != shown)]
        return [C.answer_text(shown, rivals=rivals) if number is None
                else C.answer_number(number, rivals=rivals)]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        folder, name = self.params.folder, self.params.file_name
        _, _, _, shown, _ = self._fact(name)  # what the question asks for, as the file says it
        yield from browse(device, folder)
        row = yield from O.scroll_to(device, id=f"file:{name}")
        yield O.tap(device, row)
        if shown not in O.node(device, id="file_content")["text"]:
            raise O.OracleError(f"{name} does not show {shown!r}")
        yield A.answer(shown)


class ModifiedDate(_OneFile):
    """Say on which date a file was last modified (the list or the file's info shows it)."""

    name = "modified_date"
    template = "On what date was {file_name} in {where} last modified?"
    phrasings = ("When was {file_name} in {where} last changed? Give the date.",
                 "What is the last-modified date of {file_name} in {where}?")
    difficulty = 2
    objective = "query"
    tags = ("navigation", "scroll")
    start = Start()  # from the home screen: open Files first

    def _when(self, files: dict[str, Any], tz_minutes: int) -> datetime.datetime:
        ms = files[posixpath.join(_abs(self.params.folder), self.params.file_name)]["mtime_ms"]
        return datetime.datetime(1970, 1, 1) + datetime.timedelta(milliseconds=ms,
                                                                  minutes=tz_minutes)

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        when = self._when(initial["os"]["files"], initial["os"]["time"]["tz_offset_minutes"])
        return [C.answer_date(when.year, when.month, when.day)]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from O.open_app(device, "files")
        yield from browse(device, self.params.folder)
        yield from item_menu(device, self.params.file_name, "item_info")
        yield A.answer(O.node(device, id="info_modified")["text"].rsplit(",", 1)[0])


class LocateFile(Task):
    """Find which folder holds a file (Files' search shows it)."""

    suite = "files"
    name = "locate_file"
    template = "Which folder is the file {file_name} in? Answer with the folder's name."
    phrasings = ("Where on my phone is {file_name}? Tell me the name of its folder.",
                 "In which folder did {file_name} end up? Just the folder's name.")
    difficulty = 1
    max_steps = 14
    objective = "query"
    apps = ("files",)
    tags = ("search", "typing")
    start = Start()  # from the home screen

    @dataclass(frozen=True)
    class Params:
        file_name: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        """A folder first (so that answers spread over folders), then a file of it whose name
        no other file has."""
        files = _device_files(device)
        names = [posixpath.basename(p) for p, e in files.items() if not e["is_dir"]]
        by_folder: dict[str, list[str]] = {}
        for p, e in sorted(files.items()):
            if not e["is_dir"] and names.count(posixpath.basename(p)) == 1:
                by_folder.setdefault(posixpath.basename(posixpath.dirname(p)), []).append(
                    posixpath.basename(p))
        return cls.Params(_pick(rng, by_folder[_pick(rng, sorted(by_folder))]))

    @classmethod
    def _where(cls, files: dict[str, Any], name: str) -> list[str]:
        return [posixpath.dirname(p) for p, e in files.items()
                if posixpath.basename(p) == name and not e["is_dir"]]

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        if len(cls._where(_device_files(device), params.file_name)) != 1:
            raise ValueError(f"{params.file_name!r} must exist exactly once")

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        folder = self._where(initial["os"]["files"], self.params.file_name)[0]
        # every other folder's name is a rival; its path names the folders above it
        # ("Documents/Work"), on their own they are rivals too ("Work or Documents")
        folders = [posixpath.basename(p) for p, e in initial["os"]["files"].items()
                   if e["is_dir"]]
        rel = posixpath.relpath(folder, ROOT)
        return [C.answer_text([posixpath.basename(folder), rel, folder], rivals=folders)]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from O.open_app(device, "files")
        yield O.tap(device, id="search")
        yield from O.type_into(device, self.params.file_name, id="search_field")
        hit = O.node(device, where=lambda n: (n["id"] or "").startswith("result:")
                     and n["id"].endswith("/" + self.params.file_name))
        yield A.answer(posixpath.basename(posixpath.dirname(hit["id"].removeprefix("result:"))))


# ----- hybrid
class DeleteLargest(Task):
    """Find the largest file in a folder and delete it."""

    suite = "files"
    name = "delete_largest"
    template = "Free up space: delete the largest file in {where}."
    phrasings = ("Delete the biggest file in {where}.",
                 "My storage is full. Find the largest file in {where} and delete it.")
    difficulty = 3
    objective = "hybrid"
    apps = ("files",)
    tags = ("menu", "dialog", "navigation")
    start = FILES_HOME

    @dataclass(frozen=True)
    class Params:
        folder: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, ["Download", "Documents", "Music", "Movies"]))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _need_folder(device, params.folder)

    def template_values(self) -> dict[str, Any]:
        return {"where": WHERE[self.params.folder]}

    def _largest(self, files: dict[str, Any]) -> str:
        found = _entries(files, self.params.folder)
        return max(found, key=lambda n: found[n]["size"])

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        name = self._largest(initial["os"]["files"])
        return [C.deleted("os.files", key=posixpath.join(_abs(self.params.folder), name))]

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from browse(device, self.params.folder)
        yield from _sort_by(device, "size_desc")
        first = O.find_all(device, where=lambda n: (n["id"] or "").startswith("file:"))[0]
        yield from item_menu(device, first["id"].removeprefix("file:"), "item_delete")
        yield O.tap(device, id="delete_confirm")


class MoveNewest(Task):
    """Move the most recently modified file in Download into another folder."""

    suite = "files"
    name = "move_newest"
    template = "Move the most recently downloaded file in the Download folder to {dest}."
    phrasings = ("Take the newest file in Download and move it to {dest}.",
                 "Whatever I downloaded last: move it from the Download folder into {dest}.")
    difficulty = 3
    objective = "hybrid"
    apps = ("files",)
    tags = ("menu", "picker", "navigation")
    start = FILES_HOME

    @dataclass(frozen=True)
    class Params:
        newest: str
        minutes_ago: int
        dest: str

    @classmethod
    def sample_params(cls, rng: np.random.Generator, device: Device) -> Params:
        return cls.Params(_pick(rng, _plain(_device_files(device), "Download")),
                          int(rng.integers(5, 600)),
                          _pick(rng, ["Documents", "Documents/Work", "Music", "Movies"]))

    @classmethod
    def validate_params(cls, params: Params, device: Device) -> None:
        _need_folder(device, params.dest)
        if _is_media(_need_file(device, "Download", params.newest)):
            raise ValueError("pick a document: pictures also live in the media provider")
        if not 1 <= params.minutes_ago <= 24 * 60:
            raise ValueError(f"minutes_ago must be 1..1440, got {params.minutes_ago}")

    def initialize(self, device: Device, rng: np.random.Generator) -> None:
        device.kernel.files.touch(f"{ROOT}/Download/{self.params.newest}",
                                  device.kernel.clock.now_ms() - self.params.minutes_ago * 60_000)

    def template_values(self) -> dict[str, Any]:
        return {"dest": WHERE[self.params.dest]}

    def checks(self, initial: dict[str, Any]) -> list[Expectation]:
        found = _entries(initial["os"]["files"], "Download")
        newest = max(found, key=lambda n: found[n]["mtime_ms"])
        return _moved(initial, f"{ROOT}/Download/{newest}",
                      posixpath.join(_abs(self.params.dest), newest))

    def oracle(self, device: Device) -> Iterator[dict[str, Any]]:
        yield from browse(device, "Download")
        yield from _sort_by(device, "date_desc")
        first = O.find_all(device, where=lambda n: (n["id"] or "").startswith("file:"))[0]
        yield from item_menu(device, first["id"].removeprefix("file:"), "item_move")
        yield from pick_destination(device, self.params.dest)
