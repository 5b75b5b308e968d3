"""The judge: record-level diffs, check builders and their verdicts on hand-built states."""

from __future__ import annotations

import copy

import pytest

from mobilegym_env import checks as C
from mobilegym_env.judge import Rec, diff, get, render, steps_of, verdict
from mobilegym_env.kernel.managers import set_preference
from mobilegym_env.kernel.os_state import OsState, default_os_state

NOTES = {"notes": [{"id": 1, "title": "Groceries", "pinned": True, "updated_ms": 0},
                   {"id": 2, "title": "Trip", "pinned": False, "updated_ms": 0},
                   {"id": 3, "title": "Books", "pinned": False, "updated_ms": 0}],
         "next_id": 4}


def state(**apps) -> dict:
    os_data = default_os_state()  # settings and hardware as a factory device has them
    os_data["settings"]["global"]["bluetooth_on"] = True
    os_data["hardware"]["bluetooth"]["connected"] = "4C:87:5D:12:A0:3F"
    os_data.update(time={"now_ms": 0}, tasks={"tasks": []},
                   files={"/sdcard/a.txt": {"is_dir": False, "size": 3, "sha1": "x"}})
    return {"os": os_data, "apps": {"notes": copy.deepcopy(NOTES), **apps}}


def notes(s: dict) -> list[dict]:
    return s["apps"]["notes"]["notes"]


# ----- paths and diffs
@pytest.mark.parametrize("path", ['apps.notes.notes[id=3].title', 'os.files["/sdcard/a.txt"]',
                                  'x[id="ab"].y', "os.settings.global.wifi_on"])
def test_paths_round_trip(path):
    assert render(steps_of(path)) == path


@pytest.mark.parametrize("bad", ["", "a..b", "a[id=]", "a[3]", ".a"])
def test_malformed_paths_raise(bad):
    with pytest.raises(ValueError):
        steps_of(bad)


def test_diff_names_records_and_fields():
    before, after = state(), state()
    notes(after)[1]["pinned"] = True
    notes(after).append({"id": 4, "title": "New", "pinned": False, "updated_ms": 5})
    del notes(after)[0]
    after["apps"]["notes"]["next_id"] = 5
    after["os"]["time"]["now_ms"] = 99  # runtime: never reported
    changes = {str(c) for c in diff(before, after)}
    assert changes == {"apps.notes.notes[id=1] (deleted)", "apps.notes.notes[id=2].pinned: "
                       "false -> true", "apps.notes.notes[id=4] (created)",
                       "apps.notes.next_id: 4 -> 5"}


def test_diff_reports_reordered_records_and_keyed_dicts():
    before, after = state(), state()
    notes(after).reverse()
    after["os"]["files"]["/sdcard/b.pdf"] = {"is_dir": False, "size": 1, "sha1": "y"}
    after["os"]["files"]["/sdcard/a.txt"]["size"] = 4
    assert [str(c) for c in diff(before, after)] == [
        "apps.notes.notes (reordered)", 'os.files["/sdcard/a.txt"].size: 3 -> 4',
        'os.files["/sdcard/b.pdf"] (created)']


def test_lists_that_are_not_records_compare_whole():
    changes = diff({"a": [1, 2]}, {"a": [2, 1]})
    assert [(c.path, c.kind) for c in changes] == [("a", "modified")]
    assert diff({"a": [{"id": 1}, {"id": 1}]}, {"a": [{"id": 1}]})[0].path == "a"


def test_get_reads_records_by_id():
    s = state()
    assert get(s, "apps.notes.notes[id=2].title") == "Trip"
    assert get(s, (*steps_of("apps.notes.notes"), Rec(9))) is None


# ----- record builders
def test_modified_passes_only_with_the_asked_field_and_nothing_else():
    expect = [C.modified("apps.notes.notes", id=2, fields={"pinned": True})]
    before, good = state(), state()
    notes(good)[1].update(pinned=True, updated_ms=77)  # the stamp is bookkeeping
    v = verdict(expect, before, good)
    assert v.success and v.clean and v.progress == 1.0
    collateral = copy.deepcopy(good)
    notes(collateral)[2]["title"] = "Films"
    v = verdict(expect, before, collateral)
    assert not v.success and not v.clean and v.checks[0].passed
    assert [str(c) for c in v.unexpected_changes] == [
        'apps.notes.notes[id=3].title: "Books" -> "Films"']
    wrong_field = state()
    notes(wrong_field)[1]["title"] = "Trip!"
    v = verdict(expect, before, wrong_field)
    assert not v.checks[0].passed and "expected true, found false" in v.checks[0].detail
    assert not verdict(expect, before, before).success


def test_created_counts_matching_records_and_covers_counters():
    expect = [C.created("apps.notes.notes", where={"title": C.text_like("call mom")})]
    before, after = state(), state()
    notes(after).append({"id": 4, "title": "Call Mom!", "pinned": False, "updated_ms": 1})
    after["apps"]["notes"]["next_id"] = 5
    assert verdict(expect, before, after).success
    twice = copy.deepcopy(after)
    notes(twice).append({"id": 5, "title": "call mom", "pinned": False, "updated_ms": 1})
    v = verdict(expect, before, twice)
    assert not v.success and "found 2 such" in v.checks[0].detail
    other = state()
    notes(other).append({"id": 4, "title": "Call dad", "pinned": False, "updated_ms": 1})
    v = verdict(expect, before, other)
    assert not v.success and not v.clean and "found 0 such among 1 new" in v.checks[0].detail


def test_deleted_the_right_record_and_another_is_unclean():
    expect = [C.deleted("apps.notes.notes", id=2)]
    before, after = state(), state()
    del notes(after)[1]
    assert verdict(expect, before, after).success
    del notes(after)[0]
    v = verdict(expect, before, after)
    assert v.checks[0].passed and not v.clean
    assert [str(c) for c in v.unexpected_changes] == ["apps.notes.notes[id=1] (deleted)"]
    assert not verdict(expect, before, before).success


def test_keyed_dicts_use_keys():
    before = state()
    after = state()
    after["os"]["files"]["/sdcard/Work"] = {"is_dir": True, "size": 0, "sha1": None}
    assert verdict([C.created("os.files", key="/sdcard/Work", where={"is_dir": True})],
                   before, after).success
    assert not verdict([C.created("os.files", key="/sdcard/Play")], before, after).success
    gone = state()
    del gone["os"]["files"]["/sdcard/a.txt"]
    assert verdict([C.deleted("os.files", key="/sdcard/a.txt")], before, gone).success
    edited = state()
    edited["os"]["files"]["/sdcard/a.txt"].update(size=9, sha1="z", mtime_ms=5)
    assert verdict([C.modified("os.files", key="/sdcard/a.txt", fields={"sha1": "z",
                                                                        "size": 9})],
                   before, edited).success


def test_nested_record_paths():
    before = state()
    before["apps"]["notes"]["notes"][0]["items"] = [{"id": 1, "text": "milk", "checked": False},
                                                    {"id": 2, "text": "eggs", "checked": False}]
    after = copy.deepcopy(before)
    after["apps"]["notes"]["notes"][0]["items"][1]["checked"] = True
    expect = [C.modified("apps.notes.notes[id=1].items", id=2, fields={"checked": True})]
    assert verdict(expect, before, after).success
    after["apps"]["notes"]["notes"][0]["items"][0]["checked"] = True
    assert not verdict(expect, before, after).clean


# ----- settings, equals, allowances, custom checks
def test_setting_declares_the_managers_cascade():
    before = state()
    after = copy.deepcopy(before)
    probe = OsState(copy.deepcopy({k: before["os"][k] for k in ("settings", "hardware",
                                                                  "permissions", "preferences")}))
    set_preference(probe, "airplane_mode", True)  # what Settings would store
    after["os"].update(probe.state())
    assert after["os"]["settings"]["global"]["wifi_on"] is False  # the cascade
    v = verdict([C.setting("airplane_mode", True)], before, after)
    assert v.success, v.explain()
    half = copy.deepcopy(before)
    half["os"]["settings"]["global"]["airplane_mode"] = True
    v = verdict([C.setting("airplane_mode", True)], before, half)
    assert not v.success and "wifi_on: expected false, found true" in v.checks[0].detail
    already = verdict([C.setting("wifi", True)], before, before)
    assert not already.success and "already" in already.checks[0].detail


def test_setting_rejects_unknown_keys_and_bad_values_early():
    with pytest.raises(KeyError):
        C.setting("wifi_speed", 3)
    with pytest.raises(ValueError):
        C.setting("wifi", "on")


def test_equals_may_change_and_holds():
    before, after = state(), state()
    after["os"]["settings"]["system"]["dark_mode"] = True
    notes(after)[0]["pinned"] = False
    expect = [C.equals("os.settings.system.dark_mode", True),
              C.may_change("apps.notes.notes[id=*].pinned")]
    v = verdict(expect, before, after)
    assert v.success and len(v.checks) == 1  # an allowance is not a check
    custom = C.holds("two notes pinned", lambda j: (sum(n["pinned"] for n in notes(j.final))
                                                    == 2, "count"),
                     allows=["apps.notes.notes[id=*].pinned"])
    assert not verdict([custom], before, after).success


def test_verdict_without_checks_never_succeeds_and_names_are_unique():
    assert not verdict([C.may_change("apps")], state(), state()).success
    expect = [C.unchanged("apps.notes"), C.unchanged("apps.notes")]
    v = verdict(expect, state(), state())
    assert [c.name for c in v.checks] == ["apps.notes unchanged", "apps.notes unchanged (2)"]
    assert set(v.info()["checks"]) == {"apps.notes unchanged", "apps.notes unchanged (2)"}


# ----- answers
def judge_answer(expectation, answer):
    return verdict([expectation], state(), state(), answer).success


@pytest.mark.parametrize("answer", ["3", "3.0", "three", "3 photos", "There are three.",
                                    " 3 "])
def test_number_answers_in_accepted_forms(answer):
    assert judge_answer(C.answer_number(3), answer)


@pytest.mark.parametrize("answer", ["4", "3 or 4", "", None, "a few", "33"])
def test_number_near_misses_fail(answer):
    assert not judge_answer(C.answer_number(3), answer)


def test_number_tolerance_and_words():
    assert judge_answer(C.answer_number(46.3, tolerance=0.1), "46.3 GB")
    assert judge_answer(C.answer_number(21), "twenty-one")
    assert judge_answer(C.answer_number(1024), "1,024")
    assert judge_answer(C.answer_number(0), "none")
    assert not judge_answer(C.answer_number(46.3, tolerance=0.1), "46.5 GB")


def test_text_answers():
    exact = C.answer_text("Golden Gate")
    assert judge_answer(exact, "golden gate.")
    assert judge_answer(exact, "  Golden   GATE ")
    assert not judge_answer(exact, "The Golden Gate bridge")
    contains = C.answer_text("Luigi's", contains=True)
    assert judge_answer(contains, "At Luigi's, I think")
    assert judge_answer(contains, "at luigi")  # a possessive 's is dropped
    assert not judge_answer(contains, "At Luigino's")
    assert judge_answer(C.answer_text("don't know"), "Dont know")
    assert judge_answer(C.answer_text(["Wi-Fi", "wifi"]), "WiFi")


@pytest.mark.parametrize("answer", ["7:30 PM", "19:30", "7.30pm", "at 7:30 p.m."])
def test_time_answers(answer):
    assert judge_answer(C.answer_time(19, 30), answer)


def test_time_near_misses_and_tolerance():
    assert not judge_answer(C.answer_time(19, 30), "7:30 AM")
    assert not judge_answer(C.answer_time(19, 30), "between 7:30 PM and 8 PM")
    assert judge_answer(C.answer_time(19, 30, within_minutes=5), "7:33 pm")
    assert judge_answer(C.answer_time(12, 0), "noon")


@pytest.mark.parametrize("answer", ["2026-03-05", "March 5", "Mar 5, 2026", "5 March 2026",
                                    "3/5/2026", "Thursday, March 5th"])
def test_date_answers(answer):
    assert judge_answer(C.answer_date(2026, 3, 5), answer)


def test_date_near_misses():
    assert not judge_answer(C.answer_date(2026, 3, 5), "March 6")
    assert not judge_answer(C.answer_date(2026, 3, 5), "2025-03-05")
    assert not judge_answer(C.answer_date(2026, 3, 5, require_year=True), "March 5")


def test_item_and_phone_answers():
    items = C.answer_items(["milk", "eggs", ("coffee beans", "coffee")])
    assert judge_answer(items, "Eggs, coffee and milk")
    assert not judge_answer(items, "eggs, milk")
    assert not judge_answer(items, "eggs, milk, coffee, bread")
    phone = C.answer_phone("+1 415-555-0132")
    assert judge_answer(phone, "(415) 555-0132")
    assert judge_answer(phone, "It's 4155550132.")
    assert not judge_answer(phone, "+1 415-555-0133")


def test_checks_carry_details_into_info():
    v = verdict([C.answer_number(3)], state(), state(), "4")
    info = v.info()["checks"]["answer"]
    assert info == {"passed": False, "detail": "expected the number 3; answer '4' (read 4)"}


def test_text_readings_work_on_state_texts_too():
    before, after = state(), state()
    after["apps"]["notes"]["notes"].append({"id": 4, "title": "Battery", "pinned": False,
                                            "body": "At 78% now. Call (415) 555-0132 on "
                                                    "March 5 at 7:30 pm", "updated_ms": 0})
    good = C.created("apps.notes.notes", {"body": C.text_contains("Call")})
    assert verdict([good], before, after).success
    assert C.phone_like("+1 415-555-0132")("Call (415) 555-0132 now")
    assert not C.phone_like("+1 415-555-0132")("415-555-0132 or 415-555-0133")
    assert C.number_like(78)("78%") and not C.number_like(78)("78 or 79")
    assert C.items_like(["milk", "eggs"])("Eggs and milk")
    assert C.time_like(19, 30)("dinner at 7:30 pm") and C.date_like(2026, 3, 5)("on March 5")
    assert C.number_like(3).describe() == "the number 3"
    assert not C.number_like(3)(3)  # a reading applies to texts only


# ----- answers judged against their rivals
EVENTS = [{"id": 1, "title": "Gym", "location": "CoreFit Gym", "guests": ["Ana"]},
          {"id": 2, "title": "Dentist", "location": "Bayview Dental", "guests": ["Bo", "Cy"]},
          {"id": 3, "title": "Dentist follow-up", "location": "Bayview Dental", "guests": []}]


def with_events() -> dict:
    return state(calendar={"events": copy.deepcopy(EVENTS)})


def judge_on(expectation, answer, initial=None):
    initial = initial or with_events()
    return verdict([expectation], initial, initial, answer).success


def test_values_at_reads_patterns():
    s = with_events()
    assert C.values_at(s, "apps.calendar.events[*].location") == [
        "CoreFit Gym", "Bayview Dental", "Bayview Dental"]
    assert C.values_at(s, "apps.calendar.events[*].guests") == ["Ana", "Bo", "Cy"]
    assert C.values_at(s, "apps.calendar.events[id=2].title") == ["Dentist"]
    assert C.values_at(s, "apps.*.events[*].title")[:1] == ["Gym"]
    assert C.values_at(s, "apps.nothing[*].x") == []
    with pytest.raises(ValueError):
        C.values_at(s, "apps..x")


def test_a_text_answer_passes_naming_the_target_and_no_rival():
    where = C.answer_text("CoreFit Gym", rivals="apps.calendar.events[*].location")
    for good in ("CoreFit Gym", "It's at CoreFit Gym.", "corefit gym, I think"):
        assert judge_on(where, good), good
    for bad in ("CoreFit Gym or Bayview Dental", "Bayview Dental", "Gym",
                "CoreFit Gym, Bayview Dental, CoreFit Gym"):
        assert not judge_on(where, bad), bad
    v = verdict([where], with_events(), with_events(), "CoreFit Gym or Bayview Dental")
    assert "names ['Bayview Dental'] too" in v.checks[0].detail


def test_a_rival_that_contains_the_target_is_named_not_the_target():
    title = C.answer_text("Dentist", rivals=[C.at("apps.calendar.events[*].title")])
    assert judge_on(title, "The dentist")
    assert not judge_on(title, "Dentist follow-up")
    longer = C.answer_text("Dentist follow-up", rivals="apps.calendar.events[*].title")
    assert judge_on(longer, "my dentist follow-up")
    assert not judge_on(longer, "Dentist")


def test_rivals_as_values_or_a_function():
    listed = C.answer_text("Ana", rivals=["Bo", "Cy"])
    assert judge_on(listed, "Ana") and not judge_on(listed, "Ana or Bo")
    computed = C.answer_text("Ana", rivals=lambda s: [e["title"] for e in
                                                      s["apps"]["calendar"]["events"]])
    assert judge_on(computed, "Ana") and not judge_on(computed, "Ana (at the Gym)")
    # an exact answer without rivals stays exact
    assert not judge_on(C.answer_text("Ana"), "It's Ana")


def test_a_reading_with_state_rivals_must_be_bound_first():
    reading = C.text_naming("Ana", rivals="apps.calendar.events[*].guests")
    with pytest.raises(ValueError, match="bind"):
        reading("Ana")
    bound = reading.bind(with_events())
    assert bound("Ana") and not bound("Ana and Bo")
    assert bound.rival_values() == ["Ana", "Bo", "Cy"]


def test_state_rivals_work_in_record_checks_too():
    before = with_events()
    after = copy.deepcopy(before)
    after["apps"]["notes"]["notes"].append({"id": 4, "title": "Where", "pinned": False,
                                            "body": "", "updated_ms": 0})
    expect = C.created("apps.notes.notes", {"title": C.text_naming(
        "Where", rivals="apps.calendar.events[*].title")})
    assert verdict([expect], before, after).success
    after["apps"]["notes"]["notes"][-1]["title"] = "Where: Gym"
    v = verdict([expect], before, after)
    assert not v.success and not v.clean  # the new note is neither expected nor explained


def test_items_need_exactly_the_wanted_items_and_take_a_lead_in():
    guests = C.answer_items(["Bo", "Cy"], rivals="apps.calendar.events[*].guests")
    for good in ("Bo and Cy", "Cy, Bo", "The guests are Bo and Cy.", "Still need: Bo, Cy"):
        assert judge_on(guests, good), good
    for bad in ("Bo", "Bo, Cy, Ana", "Bo and Cy or Ana", "Ana: Bo, Cy", "Bo, Cy, and more"):
        assert not judge_on(guests, bad), bad


def test_numbers_with_units_of_another_kind_are_incidental():
    battery = C.number_like(52, unit="%")
    assert battery("Battery is at 52% (about 15 hr left)")
    assert battery("52 percent") and battery("52")
    assert not battery("52 or 53%") and not battery("52%, 53%")
    assert not battery("Battery 52%, 3 apps open")  # a bare number counts
    high = C.number_like(12, unit="°C")
    assert high("Tokyo high today: 12°C (54°F)")
    assert high("12 degrees C") and high("It'll be 12°")
    assert not high("High 12°, low 4°")
    assert high("54°F") and not high("57°F")  # the same value in the other scale, rounded
    assert C.number_like(54, unit="°F")("54°F (12°C)")
    assert C.number_like(4.5, unit="$")("$4.50 (save 10%)")
    # without a unit every number counts, but those of a time or a date
    assert C.number_like(3)("3 missed calls since 7:30 AM on March 2")
    assert not C.number_like(3)("3 or 4")
    assert not C.number_like(3)("3,4") and not C.number_like(3)("3-4")
    assert C.number_like(1024)("1,024 files")
    assert C.number_like(12.3)("12.30")
    assert C.number_like([7, 8])("8") and not C.number_like([7, 8])("7 or 8")
    with pytest.raises(ValueError, match="unknown unit"):
        C.number_like(3, unit="parsecs")


def test_parse_quantities_reads_units():
    found = C.parse_quantities("52% at 12°C, $4.50, 15 hr, 3 photos, 46.3 GB")
    assert [(q.value, q.kind, q.scale) for q in found] == [
        (52, "percent", None), (12, "temperature", "C"), (4.5, "money", None),
        (15, "duration", None), (3, None, None), (46.3, "size", None)]


def test_codes_of_a_shape():
    ip = C.answer_code("192.168.4.21", r"\d{1,3}(?:\.\d{1,3}){3}")
    assert judge_on(ip, "It's 192.168.4.21.")
    assert not judge_on(ip, "192.168.4.21 or 192.168.0.1")
    assert not judge_on(ip, "192.168.4.2")
    with pytest.raises(ValueError):
        C.code_like("E234", r"[A-Z]\d{2}")


@pytest.mark.parametrize("reading, answer", [
    (C.answer_date(2026, 3, 5), "March 5"), (C.answer_time(19, 30), "7:30 PM"),
    (C.answer_number(3), "3"), (C.answer_text("CoreFit Gym", rivals=["Bayview Dental"]),
                                "CoreFit Gym")])
def test_an_answer_is_a_reply_not_a_dump(reading, answer):
    assert judge_on(reading, f"I looked it up: {answer}.")
    filler = " ".join(["Back", "Edit", "Delete", "More options", "Personal"] * 4)
    v = verdict([reading], with_events(), with_events(), f"{filler} {answer}")
    assert not v.success and "not the screen" in v.checks[0].detail


# ----- allowances with a direction
def sms_state(read: list[bool]) -> dict:
    s = state()
    s["os"]["providers"] = {"sms": [{"id": i + 1, "read": r} for i, r in enumerate(read)]}
    return s


def test_may_change_to_a_value_explains_one_direction_only():
    allow = C.may_change("os.providers.sms[id=*].read", to=True)
    expect = [C.equals("os.settings.system.dark_mode", True), allow]
    before, after = sms_state([False, True]), sms_state([True, True])
    after["os"]["settings"]["system"]["dark_mode"] = True
    assert verdict(expect, before, after).success  # unread -> read: looking
    reversed_ = sms_state([False, False])
    reversed_["os"]["settings"]["system"]["dark_mode"] = True
    v = verdict(expect, before, reversed_)
    assert not v.clean and [str(c) for c in v.unexpected_changes] == [
        "os.providers.sms[id=2].read: true -> false"]
    assert verdict([*expect[:1], C.may_change("os.providers.sms[id=*].read")], before,
                   reversed_).clean  # without a direction: either way


def test_may_change_increasing_and_predicates():
    expect = [C.equals("os.settings.system.dark_mode", True),
              C.may_change("apps.notes.next_id", increasing=True)]
    for next_id, clean in ((5, True), (3, False)):
        after = state()
        after["os"]["settings"]["system"]["dark_mode"] = True
        after["apps"]["notes"]["next_id"] = next_id
        assert verdict(expect, state(), after).clean is clean
    added_only = C.may_change("apps.notes.notes[id=*]", to=lambda v: isinstance(v, dict))
    after = state()
    notes(after).append({"id": 9, "title": "x", "pinned": False, "updated_ms": 0})
    assert verdict([C.unchanged("os.settings"), added_only], state(), after).clean
    after = state()
    notes(after)[0]["title"] = "Renamed"
    assert not verdict([C.unchanged("os.settings"), added_only], state(), after).clean
    with pytest.raises(ValueError):
        C.may_change("a", to=True, increasing=True)


def test_a_check_can_refer_to_the_record_the_agent_created():
    """"Move the note into a new folder": whatever id the new folder got."""
    def judge(folders, moved_to):
        before = state()
        before["apps"]["notes"]["folders"] = [{"id": 1, "name": "Work"}]
        after = copy.deepcopy(before)
        after["apps"]["notes"]["folders"] += folders
        notes(after)[1]["folder_id"] = moved_to
        notes(before)[1]["folder_id"] = None
        folder = C.created("apps.notes.folders", where={"name": "Trips"})
        return verdict([folder, C.modified("apps.notes.notes", id=2,
                                           fields={"folder_id": C.created_field(folder)})],
                       before, after)

    assert judge([{"id": 7, "name": "Trips"}], 7).success
    wrong = judge([{"id": 7, "name": "Trips"}], 1)  # into the folder that was there
    assert not wrong.success
    detail = next(c.detail for c in wrong.checks if c.name.startswith("modified"))
    assert "expected the id of the record created in apps.notes.folders (7), found 1" in detail
    assert not judge([{"id": 7, "name": "Camping"}, {"id": 8, "name": "Trips"}], 7).success
    assert not judge([], 1).success  # no folder made: nothing to be in
    with pytest.raises(TypeError, match="created_field"):
        C.created_field(C.deleted("apps.notes.notes", id=1))


def test_a_calculators_minus_sign_reads_as_negative():
    assert C.parse_numbers("\u221222.7777777778") == [-22.7777777778]
    assert C.number_like(-22.78, tolerance=0.01)("= \u221222.7777777778")
    assert not C.number_like(22.78, tolerance=0.01)("\u221222.7777777778")
