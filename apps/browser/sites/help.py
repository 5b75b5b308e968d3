"""help.local: the Riverside Help Center: opening hours, phone numbers, FAQ, returns."""

from __future__ import annotations

from typing import NamedTuple

from .page import Page

HOST = "help.local"
NAME = "Riverside Help Center"
EMAIL = "support@riverside-help.local"
ADDRESS = "48 Harbor Road, Riverside"


class Desk(NamedTuple):
    name: str
    phone: str
    hours: str  # weekday opening hours, as the page shows them
    saturday: str


DESKS: tuple[Desk, ...] = (
    Desk("Help desk", "+1 415-555-0147", "08:30 - 17:30", "10:00 - 14:00"),
    Desk("Lost and found", "+1 415-555-0193", "09:00 - 16:00", "Closed"),
    Desk("Billing", "+1 415-555-0168", "09:00 - 17:00", "Closed"),
    Desk("Parking permits", "+1 415-555-0124", "08:00 - 15:30", "09:00 - 12:00"),
    Desk("Recycling center", "+1 415-555-0181", "07:00 - 19:00", "08:00 - 18:00"),
)

FAQ: tuple[tuple[str, str], ...] = (
    ("How do I renew a parking permit?", "Renew online or at the Parking permits desk with "
     "your old permit and an ID. Renewals cost $35 a year."),
    ("Where do I report a broken street light?", "Call the Help desk or write to "
     f"{EMAIL} with the nearest house number."),
    ("Can I pay a bill by card?", "Yes: the Billing desk takes cards and cash. Online "
     "payments take two working days."),
    ("What can I bring to the recycling center?", "Glass, paper, metal, electronics and "
     "garden waste. Paint and batteries go in the hazardous corner."),
)


def pages() -> dict[str, Page]:
    """The site's pages by path."""
    home = Page(f"{NAME} - Home", (
        ("h1", NAME),
        ("p", "Answers, opening hours and phone numbers for every city service desk."),
        ("img", "city_hall_downtown.jpg"),
        ("link", "Opening hours", f"https://{HOST}/hours"),
        ("link", "Contact us", f"https://{HOST}/contact"),
        ("link", "Frequently asked questions", f"https://{HOST}/faq"),
        ("link", "Returns and delivery (Gadget Corner)", f"https://{HOST}/returns"),
    ))
    hours = Page(f"Opening hours - {NAME}", (
        ("h1", "Opening hours"),
        ("p", "All desks are closed on Sundays and public holidays."),
        *[block for d in DESKS for block in (
            ("h2", d.name), ("kv", "Monday - Friday", d.hours), ("kv", "Saturday", d.saturday))],
        ("download", "Download opening hours (PDF)", "opening-hours.pdf",
         "\n".join(f"{d.name}: Mon-Fri {d.hours}, Sat {d.saturday}" for d in DESKS)),
        ("link", "Contact us", f"https://{HOST}/contact"),
    ))
    contact = Page(f"Contact us - {NAME}", (
        ("h1", "Contact us"),
        ("p", f"Visit us at {ADDRESS}, or call the desk you need."),
        *[("kv", d.name, d.phone) for d in DESKS],
        ("kv", "Email", EMAIL),
        ("kv", "Address", ADDRESS),
        ("link", "Opening hours", f"https://{HOST}/hours"),
    ))
    faq = Page(f"FAQ - {NAME}", (
        ("h1", "Frequently asked questions"),
        *[block for q, a in FAQ for block in (("h2", q), ("p", a))],
        ("link", "Contact us", f"https://{HOST}/contact"),
    ))
    returns = Page(f"Returns and delivery - {NAME}", (
        ("h1", "Returns and delivery"),
        ("p", "Gadget Corner orders can be returned within 30 days, unused and in the box."),
        ("li", "Standard delivery: 3-5 business days, free over $50."),
        ("li", "Express delivery: next business day, $9.99."),
        ("li", "Refunds reach your card within 5 business days."),
        ("link", "Shop at Gadget Corner", "https://shop.local/"),
    ))
    return {"/": home, "/hours": hours, "/contact": contact, "/faq": faq, "/returns": returns}
