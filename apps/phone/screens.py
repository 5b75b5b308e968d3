"""Phone's routes: the four tabs (Favourites, Recents, Contacts, Voicemail), the keypad, the
call screens, call details, blocked numbers, a contact's page and "Create contact"."""

from __future__ import annotations

from .calls import in_call, incoming
from .dialer import keypad
from .people import add_contact, add_favourite, contacts_tab, favourites, person
from .recents import blocked, details, recents
from .voicemail import voicemail, voicemails

ROUTES = {
    "/": favourites,
    "/recents": recents,
    "/contacts": contacts_tab,
    "/voicemail": voicemails,
    "/voicemail/{id}": voicemail,
    "/dial": keypad,
    "/call": in_call,
    "/incoming": incoming,
    "/log/{id}": details,
    "/blocked": blocked,
    "/contact/{id}": person,
    "/favourites/add": add_favourite,
    "/add": add_contact,
}
