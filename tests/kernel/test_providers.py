import json
import pickle

import pytest

from mobilegym_env.kernel.filesystem import FileSystem
from mobilegym_env.kernel.kernel import DEFAULT_START_MS
from mobilegym_env.kernel.providers import (
    OWN_NUMBER,
    ContactsProvider,
    ContentProvider,
    ContentResolver,
    MediaProvider,
    SmsProvider,
    default_providers,
    valid_birthday,
)


@pytest.fixture
def resolver():
    return ContentResolver(default_providers())


def test_defaults_shape():
    contacts = ContactsProvider().state()
    assert len(contacts) == 30
    assert contacts[0] == {
        "id": 1, "name": "Alice Johnson", "phone": "+1 415-555-0132", "phone_type": "mobile",
        "phone2": "+1 415-555-0232", "phone2_type": "work",
        "email": "alice.johnson@example.com", "starred": True, "company": "Northwind Traders",
        "job_title": "Account Manager", "address": "742 Valencia St, San Francisco, CA 94110",
        "birthday": "1990-04-12", "labels": ["Friends"], "note": None,
    }  # fmt: skip
    assert all(c["phone"].startswith("+1 ") for c in contacts)
    numbers = [c[k] for c in contacts for k in ("phone", "phone2") if c[k]]
    assert len(set(numbers)) == len(numbers)  # a number names one contact (Messages relies on it)
    assert [c["name"] for c in contacts[:8]] == [
        "Alice Johnson", "Benjamin Carter", "Chloe Martinez", "Daniel Kim", "Emily Davis",
        "Frank Wilson", "Grace Lee", "Henry Thompson"]  # fmt: skip
    sms = SmsProvider().state()
    assert len(sms) == 41 and len({m["thread_address"] for m in sms}) == 12
    assert all(m["address"] == OWN_NUMBER for m in sms if m["type"] == "sent")


def test_default_sms_are_a_believable_history():
    sms = SmsProvider().state()
    # ids follow time, as rows inserted on arrival do, and all predate the clock's start
    stamps = [m["timestamp_ms"] for m in sms]
    assert stamps == sorted(stamps) and stamps[-1] < DEFAULT_START_MS
    contacts = {c["phone"] for c in ContactsProvider().state()}
    threads = {m["thread_address"] for m in sms}
    assert {"72345", "26789", "33210", "+1 312-555-0186"} == threads - contacts
    assert all(m["address"] == m["thread_address"] for m in sms if m["type"] == "inbox")
    unread = {m["thread_address"] for m in sms if not m["read"]}
    assert len(unread) == 6 and all(m["type"] == "inbox" for m in sms if not m["read"])


def test_query(resolver):
    starred = resolver.query("content://contacts", where={"starred": True})
    assert [c["name"] for c in starred] == ["Alice Johnson", "Chloe Martinez", "Grace Lee",
                                            "Jack Nguyen", "Maya Singh"]
    by_name = resolver.query("content://contacts", order_by="name", desc=True, limit=2)
    assert [c["id"] for c in by_name] == [30, 29]
    ids_in = resolver.query("content://contacts", where={"id": [2, 4, 99]})
    assert [c["name"] for c in ids_in] == ["Benjamin Carter", "Daniel Kim"]
    assert resolver.query("content://contacts/3")[0]["name"] == "Chloe Martinez"
    assert resolver.query("content://contacts/3", where={"starred": False}) == []
    assert resolver.query("content://contacts/999") == []
    # None sorts first; ties keep id order.
    companies = resolver.query("content://contacts", order_by="company")
    assert [c["id"] for c in companies][:4] == [2, 5, 8, 12]
    threads = resolver.query("content://sms", where={"thread_address": "+1 650-555-0110"},
                             order_by="timestamp_ms")  # fmt: skip
    assert [m["id"] for m in threads] == [9, 10, 11, 33, 34, 35]


def test_query_returns_copies(resolver):
    row = resolver.query("content://contacts/1")[0]
    row["name"] = "Mallory"
    assert resolver.query("content://contacts/1")[0]["name"] == "Alice Johnson"
    st = resolver.state()
    st["contacts"].clear()
    assert len(resolver.state()["contacts"]) == 30


def test_crud_exact_rows(resolver):
    new_id = resolver.insert("content://contacts", {"name": "Ivy Chen", "phone": "+1 415-555-0199"})
    assert new_id == 31
    assert resolver.query("content://contacts/31") == [{
        "id": 31, "name": "Ivy Chen", "phone": "+1 415-555-0199", "phone_type": "mobile",
        "phone2": None, "phone2_type": "work", "email": None, "starred": False,
        "company": None, "job_title": None, "address": None, "birthday": None, "labels": [],
        "note": None,
    }]  # fmt: skip
    assert resolver.update("content://contacts/31", {"starred": True}) == 1
    assert resolver.update("content://contacts/999", {"starred": True}) == 0
    assert resolver.update("content://sms", {"read": True}, where={"read": False}) == 7
    assert all(m["read"] for m in resolver.state()["sms"])
    assert resolver.delete("content://contacts/31") == 1
    assert resolver.delete("content://contacts/31") == 0
    assert resolver.insert("content://contacts", {"name": "Jack"}) == 32  # ids not reused
    assert resolver.delete("content://sms", where={"thread_address": "72345"}) == 2
    assert [m["id"] for m in resolver.state()["sms"]] == [i for i in range(1, 42)
                                                         if i not in (15, 40)]


def test_provider_direct_api():
    p = ContactsProvider()
    assert p.get(2)["name"] == "Benjamin Carter"
    assert p.get(42) is None
    assert p.update(2, {"note": "Neighbor"}) is True
    assert p.update_where({"company": None}, {"company": "—"}) == 11
    assert p.delete_where({"starred": True}) == 5
    assert [r["id"] for r in p.state()][:6] == [2, 4, 5, 6, 8, 9] and len(p.state()) == 25
    assert p.delete(4) is True and p.delete(4) is False
    # a labels list in an insert is the row's own copy
    labels = ["Work"]
    rid = p.insert({"name": "Kay", "labels": labels})
    labels.append("Family")
    assert p.get(rid)["labels"] == ["Work"]
    assert p.insert({"name": "Lee"}) and p.get(rid + 1)["labels"] == []


def test_bad_input_no_change(resolver):
    before = resolver.state()
    bad_calls = [
        lambda: resolver.insert("content://contacts", {"nickname": "x"}),
        lambda: resolver.insert("content://contacts", {"starred": "yes"}),
        lambda: resolver.insert("content://contacts", {"id": 1, "name": "dup"}),
        lambda: resolver.insert("content://contacts", {"phone_type": "pager"}),
        lambda: resolver.insert("content://contacts", {"birthday": "1990-02-30"}),
        lambda: resolver.insert("content://contacts", {"birthday": "April 12"}),
        lambda: resolver.insert("content://contacts", {"birthday": "13-01"}),
        lambda: resolver.insert("content://contacts", {"labels": "Work"}),
        lambda: resolver.insert("content://contacts", {"labels": ["Work", "Work"]}),
        lambda: resolver.insert("content://contacts", {"labels": ["", "Work"]}),
        lambda: resolver.update("content://contacts/1", {"birthday": "2024-2-3"}),
        lambda: resolver.update("content://contacts/1", {"labels": [1]}),
        lambda: resolver.insert("content://sms", {"type": "draft"}),
        lambda: resolver.insert("content://media", {"width": True}),
        lambda: resolver.insert("content://contacts/3", {"name": "x"}),
        lambda: resolver.update("content://contacts/1", {"id": 5}),
        lambda: resolver.update("content://contacts", {"note": "x"}),
        lambda: resolver.update("content://contacts", {"nope": 1}, where={}),
        lambda: resolver.delete("content://contacts"),
        lambda: resolver.delete("content://contacts", where={"nope": 1}),
        lambda: resolver.query("content://contacts", order_by="nope"),
        lambda: resolver.query("content://contacts", limit=-1),
        lambda: resolver.query("contacts"),
    ]
    for call in bad_calls:
        with pytest.raises(ValueError):
            call()
    with pytest.raises(KeyError, match="calendar"):
        resolver.query("content://calendar")
    assert resolver.state() == before


def test_birthdays_with_and_without_year():
    assert valid_birthday("1990-04-12") and valid_birthday("07-23")
    assert valid_birthday("02-29")  # a yearless Feb 29 is a real birthday
    assert not valid_birthday("2023-02-29") and not valid_birthday("0000-01-01")
    p = ContactsProvider()
    assert p.update(2, {"birthday": "2000-02-29"}) and p.get(2)["birthday"] == "2000-02-29"
    assert p.update(2, {"birthday": None}) and p.get(2)["birthday"] is None


def test_generic_provider():
    p = ContentProvider("notes", [{"id": 1, "text": "a"}, {"id": 2, "text": "b"}])
    assert set(p.columns) == {"id", "text"}
    assert p.insert({"text": "c"}) == 3
    with pytest.raises(ValueError, match="unknown column"):
        p.insert({"title": "x"})
    with pytest.raises(ValueError, match="duplicated"):
        ContentProvider("x", [{"id": 1}, {"id": 1}])


def test_json_pickle(resolver):
    resolver.insert("content://media", {"path": "/sdcard/Pictures/new.png", "mime": "image/png"})
    json.dumps(resolver.state())
    assert pickle.loads(pickle.dumps(resolver)).state() == resolver.state()


# --------------------------------------------------------------------------- media
def test_media_defaults_match_the_files():
    media = MediaProvider().state()
    fs = FileSystem()
    for row in media:
        entry = fs.stat(row["path"])
        assert (entry.size, entry.mime, entry.mtime_ms) == (row["size"], row["mime"],
                                                            row["taken_ms"])
        assert row["album"] == row["path"].split("/")[-2]
        assert row["title"] == row["path"].rsplit("/", 1)[1].rsplit(".", 1)[0]
    assert media[0]["title"] == "IMG_20251218_093015"
    albums: dict[str, int] = {}
    for row in media:
        albums[row["album"]] = albums.get(row["album"], 0) + 1
    assert albums == {"Camera": 11, "Yosemite": 5, "Screenshots": 4, "Birthday party": 3,
                      "Download": 2, "Pictures": 1}
    portrait = [r["title"] for r in media if r["height"] > r["width"]]
    assert len(portrait) == 10 and "cake" in portrait
    # the image files in the file system are exactly the media rows
    images = {p for p, e in fs.state().items() if (e["mime"] or "").startswith("image/")}
    assert images == {r["path"] for r in media}


def test_media_scan_moved_keeps_ids_and_follows_the_folder():
    p = MediaProvider()
    before = {r["id"]: r for r in p.state()}
    assert p.scan_moved("/sdcard/Pictures/Yosemite", "/sdcard/DCIM/Yosemite 2025") == [
        17, 18, 19, 20, 21]
    row = p.get(17)
    assert row["path"] == "/sdcard/DCIM/Yosemite 2025/half_dome.jpg"
    assert (row["album"], row["title"]) == ("Yosemite 2025", "half_dome")
    assert p.scan_moved("/sdcard/Download/floor_plan.jpg", "/sdcard/plan.jpg") == [26]
    assert (p.get(26)["album"], p.get(26)["title"]) == ("Internal storage", "plan")
    for rid, old in before.items():  # nothing else changed; ids and pixels kept
        if rid not in (17, 18, 19, 20, 21, 26):
            assert p.get(rid) == old
        assert {k: p.get(rid)[k] for k in ("width", "height", "taken_ms", "size")} == {
            k: old[k] for k in ("width", "height", "taken_ms", "size")}
    assert p.scan_moved("/sdcard/Pictures/Yo", "/sdcard/X") == []  # a prefix is not a folder


def test_media_scan_copied_adds_rows_and_deleted_drops_them():
    p = MediaProvider()
    n = len(p.state())
    assert p.scan_copied("/sdcard/Pictures/Birthday party", "/sdcard/Download/party") == [
        27, 28, 29]
    copy = p.get(27)
    assert copy["path"] == "/sdcard/Download/party/cake.jpg" and copy["album"] == "party"
    assert {k: copy[k] for k in ("width", "height", "taken_ms", "size", "mime")} == {
        k: p.get(22)[k] for k in ("width", "height", "taken_ms", "size", "mime")}
    assert p.scan_deleted("/sdcard/Pictures/Birthday party") == [22, 23, 24]
    assert p.scan_deleted("/sdcard/DCIM/Camera/IMG_20251218_093015.jpg") == [1]
    assert p.scan_deleted("/sdcard/Music") == []
    assert len(p.state()) == n - 1
    assert p.insert({"path": "/sdcard/x.png"}) == 30  # ids are never reused


def test_first_returns_a_copy_of_the_first_matching_row_only():
    from mobilegym_env.kernel.providers import ContentProvider

    p = ContentProvider("t", [{"id": 2, "n": "b"}, {"id": 1, "n": "a"}, {"id": 3, "n": "a"}])
    row = p.first(lambda r: r["n"] == "a")
    assert row == {"id": 1, "n": "a"}
    row["n"] = "changed"
    assert p.get(1) == {"id": 1, "n": "a"}  # a copy: the table is untouched
    assert p.first(lambda r: r["n"] == "z") is None
