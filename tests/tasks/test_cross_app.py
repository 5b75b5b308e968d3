"""Cross-app judges on hand-built states: a phone after the task's setup, then a clone of it
changed through the kernel the way an agent's actions would (a sent text, a saved contact, a
new note, a joined network, an open screen) into the right end state, a near miss, or the
right one plus collateral damage."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from mobilegym_env.apps.contacts.detail import share_text
from mobilegym_env.apps.files.common import dir_route, file_route
from mobilegym_env.apps.messages import inbox
from mobilegym_env.apps.notes import model
from mobilegym_env.device import Device
from mobilegym_env.kernel.managers import ConnectivityManager
from mobilegym_env.task import Task, registry
from mobilegym_env.tasks.cross_app import TOPICS

URI = "content://contacts"
ALICE, BEN_ID, CHLOE_ID, ALICE_T = 1, 2, 3, 10  # Alice Johnston looks like Alice Johnson
BEN, CHLOE, DANIEL = "+1 628-555-0147", "+1 415-555-0178", "+1 650-555-0110"
Change = Callable[[Device], Any]


class Case:
    """A task after its setup on a fresh phone, and the verdicts on changed clones of it."""

    def __init__(self, task: str, /, seed: int = 0, **params: Any) -> None:
        self.device = Device()
        cls = registry()[f"cross_app.{task}"]
        rng = np.random.default_rng(seed)
        self.task: Task = cls(params or cls.sample_params(rng, self.device))
        cls.validate_params(self.task.params, self.device)
        self.task.initialize(self.device, rng)
        self.initial = self.device.state()

    @property
    def p(self) -> Any:
        return self.task.params

    def after(self, *changes: Change) -> dict[str, Any]:
        d = self.device.clone()
        for change in changes:
            change(d)
        return d.state()

    def verdict(self, *changes: Change, answer: str | None = None) -> Any:
        return self.task.judge(self.initial, self.after(*changes), answer)

    def passes(self, *changes: Change, answer: str | None = None) -> bool:
        return self.verdict(*changes, answer=answer).success

    def unclean(self, *changes: Change) -> list[str]:
        """The unexplained changes, for a state whose checks all pass."""
        v = self.verdict(*changes)
        assert all(c.passed for c in v.checks), v.explain()
        return [str(c) for c in v.unexpected_changes]


# --------------------------------------------------------------------------- changes
def send(address: str, body: str) -> Change:
    return lambda d: inbox.send_sms(d.kernel, address, body)


def read(address: str) -> Change:
    return lambda d: inbox.mark_read(d.kernel, address)


def add_contact(name: str, phone: str) -> Change:
    return lambda d: d.kernel.providers.insert(URI, {"name": name, "phone": phone})


def edit_contact(contact_id: int, **fields: Any) -> Change:
    return lambda d: d.kernel.providers.update(f"{URI}/{contact_id}", fields)


def delete_contact(contact_id: int) -> Change:
    return lambda d: d.kernel.providers.delete(f"{URI}/{contact_id}")


def add_note(title: str, body: str) -> Change:
    return lambda d: model.create_note(d.kernel.app_state("notes"), d.kernel.clock.now_ms(),
                                       title, body)


def show(app_id: str, route: str) -> Change:
    def change(d: Device) -> None:
        d.kernel.launch_app(app_id)
        d.kernel.tasks.top_activity.push(route)
    return change



def sms_from(case: Case, address: str) -> list[str]:
    return [m["body"] for m in case.initial["os"]["providers"]["sms"]
            if m["thread_address"] == address and m["type"] == "inbox"]


# --------------------------------------------------------------------------- Messages -> Contacts
def test_save_sender_needs_the_topic_senders_number_under_that_name():
    c = Case("save_sender_as_contact", topic="the carpool", number="+1 510-555-0488",
             name="Gemma Whitaker")
    assert c.task.instruction == ("Save the number that texted you about the carpool as a new "
                                  "contact named Gemma Whitaker.")
    strangers = {m["thread_address"] for m in c.initial["os"]["providers"]["sms"]
                 if m["body"] in TOPICS.values()}
    [decoy] = strangers - {"+1 510-555-0488"}
    assert not c.passes()
    assert c.passes(read("+1 510-555-0488"), add_contact("gemma whitaker", "(510) 555-0488"))
    assert not c.passes(add_contact("Gemma Whitaker", decoy))  # the other topic's number
    assert not c.passes(add_contact("Gemma Whitaker", "+1 510-555-0489"))
    assert c.unclean(add_contact("Gemma Whitaker", "+1 510-555-0488"),
                     delete_contact(ALICE_T)) == ["os.providers.contacts[id=10] (deleted)"]


def test_email_from_message_goes_on_the_senders_contact_only():
    c = Case("email_from_message", contact_id=BEN_ID, name="Benjamin Carter",
             email="ben.c@fastmail.com")
    assert any("ben.c@fastmail.com" in b for b in sms_from(c, BEN))
    assert not c.passes()
    assert c.passes(read(BEN), edit_contact(BEN_ID, email="Ben.C@fastmail.com"))
    assert not c.passes(edit_contact(BEN_ID, email="ben.carter@example.com"))
    assert not c.passes(edit_contact(CHLOE_ID, email="ben.c@fastmail.com"))
    assert c.unclean(edit_contact(BEN_ID, email="ben.c@fastmail.com", phone="+1 628-555-0999")) \
        == ['os.providers.contacts[id=2].phone: "+1 628-555-0147" -> "+1 628-555-0999"']


def test_email_of_sender_answers_the_topic_senders_address():
    c = Case("email_of_sender", topic="the garden party", contact_id=ALICE,
             name="Alice Johnson")
    assert "garden party" in sms_from(c, "+1 415-555-0132")[-1]
    assert not c.passes()
    assert c.passes(read("+1 415-555-0132"), answer="alice.johnson@example.com")
    assert c.passes(answer="Alice.Johnson@example.com.")  # case and a full stop
    assert not c.passes(answer="alice.johnston@example.com")  # the look-alike's
    assert not c.passes(answer="Alice Johnson")


def test_unread_from_label_counts_members_conversations_only():
    c = Case("unread_from_label", label="Friends", unread_ids=(ALICE, CHLOE_ID))
    unread = {m["thread_address"] for m in c.initial["os"]["providers"]["sms"]
              if not m["read"]}
    assert {"+1 415-555-0132", CHLOE} < unread  # outsiders have unread texts too
    assert not c.passes()
    assert c.passes(answer="2")
    assert c.passes(read(CHLOE), read(BEN), answer="two conversations")
    assert not c.passes(answer=str(len(unread)))  # every unread one, not the label's
    assert not c.passes(answer="3")
    v = c.verdict(lambda d: inbox.delete_thread(d.kernel, CHLOE), answer="2")
    assert not v.success and not v.clean


# --------------------------------------------------------------------------- Contacts -> Messages
def test_text_contact_number_sends_that_number_not_the_look_alikes():
    c = Case("text_contact_number", contact_id=4, name="Daniel Kim", recipient_id=CHLOE_ID,
             recipient="Chloe Martinez")
    assert "Chloe Martinez" in c.task.instruction and "Daniel Kim" in c.task.instruction
    relative = c.initial["os"]["providers"]["contacts"][-1]
    assert relative["name"].endswith(" Kim") and relative["id"] > 30
    assert not c.passes()
    assert c.passes(send(CHLOE, "+1 650-555-0110"))
    assert c.passes(send(CHLOE, "Daniel's number is (650) 555-0110"))
    assert not c.passes(send(CHLOE, relative["phone"]))
    assert not c.passes(send(BEN, "+1 650-555-0110"))  # the wrong recipient
    assert not c.passes(send(CHLOE, "650-555-0110 or 650-555-0117"))  # two numbers
    assert c.unclean(send(CHLOE, "+1 650-555-0110"), delete_contact(relative["id"])) \
        == [f"os.providers.contacts[id={relative['id']}] (deleted)"]


def test_share_contact_by_message_needs_name_and_number_in_the_text():
    c = Case("share_contact_by_message", contact_id=ALICE, name="Alice Johnson",
             recipient_id=BEN_ID, recipient="Benjamin Carter")
    card = share_text(c.initial["os"]["providers"]["contacts"][0])
    assert not c.passes()
    assert c.passes(send(BEN, card))
    assert c.passes(send(BEN, "Alice Johnson 4155550132"))
    assert not c.passes(send(BEN, "Alice Johnson"))
    assert not c.passes(send(BEN, "Alice Johnston\nMobile: +1 707-555-0119"))
    assert not c.passes(send(CHLOE, card))
    assert c.unclean(send(BEN, card), lambda d: inbox.archive(d.kernel, CHLOE)) \
        == ['apps.messages.archived: [] -> ["+1 415-555-0178"]']


# --------------------------------------------------------------------------- Notes <-> others
def test_message_to_note_keeps_the_last_message_received():
    c = Case("message_to_note", contact_id=CHLOE_ID, name="Chloe Martinez", title="Vet advice",
             message="Give Milo half a tablet twice a day with food for ten days.")
    *_, older, last = sms_from(c, CHLOE)
    assert last == c.p.message and older != last
    assert not c.passes()
    assert c.passes(read(CHLOE), add_note("vet advice", last.lower()))
    assert not c.passes(add_note("Vet advice", older))
    assert not c.passes(add_note("Vet", last))
    assert c.unclean(add_note("Vet advice", last), lambda d: d.kernel.app_state("notes")
                     ["notes"].pop(0)) == ["apps.notes.notes[id=1] (deleted)"]


def test_checklist_to_message_lists_exactly_the_unchecked_items():
    c = Case("checklist_to_message", seed=3)
    left = c.task.left()
    done = [t for t, checked in zip(c.p.items, c.p.checked, strict=True) if checked]
    assert left and done
    assert not c.passes()
    assert c.passes(send(c.p.phone, " and ".join(reversed(left))))
    assert c.passes(send(c.p.phone, "\n".join(x.lower() for x in left)))
    assert not c.passes(send(c.p.phone, ", ".join(left[:-1])))
    assert not c.passes(send(c.p.phone, ", ".join([*left, done[0]])))
    assert not c.passes(send(CHLOE if c.p.phone != CHLOE else BEN, ", ".join(left)))


def test_note_number_to_contact_takes_that_notes_person():
    c = Case("note_number_to_contact", title="Home repairs", trade="plumber",
             person="Marco Bianchi", number="+1 510-555-0799")
    notes = {n["title"]: n["body"] for n in c.initial["apps"]["notes"]["notes"]}
    assert "Marco Bianchi (plumber): +1 510-555-0799" in notes["Home repairs"].split("\n")
    [other] = [b for t, b in notes.items() if t != "Home repairs" and "(plumber)" in b]
    other_person, other_number = other.split("\n")[0].split(" (plumber): ")
    assert not c.passes()
    assert c.passes(add_contact("Marco Bianchi", "510-555-0799"))
    assert not c.passes(add_contact(other_person, other_number))  # the other note's plumber
    assert not c.passes(add_contact("Marco", "+1 510-555-0799"))
    twice = add_contact("Marco Bianchi", "+1 510-555-0799")
    assert not c.passes(twice, twice)  # one new contact, not two
    assert c.unclean(twice, edit_contact(ALICE, starred=False)) \
        == ["os.providers.contacts[id=1].starred: true -> false"]


def test_wifi_password_from_note_joins_that_network_only():
    c = Case("wifi_password_from_note", ssid="TP-Link_3C8A", title="Router info")
    [note] = [n for n in c.initial["apps"]["notes"]["notes"] if n["title"] == "Router info"]
    assert "TP-Link_3C8A: marble-owl-17" in note["body"].split("\n")

    def join(ssid: str, password: str) -> Change:
        return lambda d: ConnectivityManager(d.kernel.os_state).connect_wifi(ssid, password)
    assert not c.passes()
    assert c.passes(join("TP-Link_3C8A", "marble-owl-17"))
    assert not c.passes(join("TP-Link_3C8A_5G", "marble-owl-17"))  # the look-alike
    assert not c.passes(join("TP-Link_3C8A", "marble-owl-71"))  # a typo changes nothing
    v = c.verdict(join("TP-Link_3C8A", "marble-owl-17"),
                  lambda d: d.kernel.set_preference("bluetooth", True))
    assert [str(x) for x in v.unexpected_changes] == ["os.settings.global.bluetooth_on: false "
                                                      "-> true"]


# --------------------------------------------------------------------------- other pairs
def test_text_battery_level_needs_the_level_set_at_the_start():
    c = Case("text_battery_level", contact_id=CHLOE_ID, name="Chloe Martinez", level=42)
    assert c.initial["os"]["hardware"]["battery"]["level"] == 42
    assert not c.passes()
    assert c.passes(send(CHLOE, "My battery is at 42%"))
    assert c.passes(send(CHLOE, "forty-two percent"))
    assert not c.passes(send(CHLOE, "78%"))  # the factory level
    assert not c.passes(send(CHLOE, "42% now, 40% soon"))
    assert not c.passes(send(BEN, "42%"))


def test_send_newest_photo_sends_the_photo_taken_last():
    c = Case("send_newest_photo", contact_id=BEN_ID, name="Benjamin Carter", minutes_ago=12)
    rows = sorted(c.initial["os"]["providers"]["media"], key=lambda r: -r["taken_ms"])
    newest, second = (r["path"].rsplit("/", 1)[1] for r in rows[:2])
    assert newest.startswith("IMG_") and second.startswith("Screenshot_")
    assert c.initial["os"]["files"][rows[0]["path"]]["mime"] == "image/jpeg"
    assert not c.passes()
    assert c.passes(send(BEN, f"[Image: {newest}]"))
    assert c.passes(send(BEN, f"Look!\n[Image: {newest}]"))
    assert not c.passes(send(BEN, f"[Image: {second}]"))
    assert not c.passes(send(CHLOE, f"[Image: {newest}]"))


def test_open_file_from_message_needs_files_showing_that_file():
    c = Case("open_file_from_message", contact_id=CHLOE_ID, name="Chloe Martinez",
             path="Documents/Work/team_offsite.txt")
    assert sms_from(c, CHLOE)[-1].endswith("it's team_offsite.txt in Documents/Work.")
    target = "/sdcard/Documents/Work/team_offsite.txt"
    assert not c.passes()
    assert c.passes(read(CHLOE), show("files", file_route(target)))
    assert c.passes(show("files", file_route(target) + "&dialog=info"))  # its info open
    assert not c.passes(show("files", dir_route("/sdcard/Documents/Work")))
    assert not c.passes(show("files", file_route("/sdcard/Documents/Work/q1_goals.md")))
    assert not c.passes(show("files", file_route(target)), lambda d: d.kernel.go_home())
    v = c.verdict(show("files", file_route(target)),
                  lambda d: d.kernel.files.delete("/sdcard/Documents/notes_old.txt"))
    assert not v.success and not v.clean


@pytest.mark.parametrize("name", sorted(t.removeprefix("cross_app.") for t in registry()
                                        if t.startswith("cross_app.")))
def test_every_template_fails_on_the_start_state_for_several_seeds(name):
    for seed in range(3):
        c = Case(name, seed=seed)
        assert not c.task.judge(c.initial, c.initial).success
        assert not c.task.judge(c.initial, c.initial, "").success
