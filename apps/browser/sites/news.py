"""news.local: The Daily Ledger, a local newspaper: a front page and seven articles."""

from __future__ import annotations

from typing import NamedTuple

from .page import Page

HOST = "news.local"
NAME = "The Daily Ledger"


class Article(NamedTuple):
    path: str
    title: str
    author: str
    date: str  # ISO date
    section: str
    picture: str
    paragraphs: tuple[str, ...]


ARTICLES: tuple[Article, ...] = (
    Article("/bike-lanes-approved", "City council approves 12 km of new bike lanes",
            "Maria Okafor", "2026-02-26", "City", "city_street_downtown.jpg", (
                "The city council voted 7 to 2 on Wednesday night to build 12 kilometres of "
                "protected bike lanes along Harbor Road, Elm Street and the river path.",
                "Construction starts in May and should finish before the end of October. "
                "The plan costs 4.8 million dollars, most of it from a regional transport "
                "grant.",
                "Shop owners on Elm Street asked for loading zones to stay; the final plan "
                "keeps six of them.",
            )),
    Article("/bus-lanes-vote-delayed", "City council delays vote on new bus lanes",
            "Mario Okafor", "2026-02-19", "City", "city_skyline_night.jpg", (
                "A vote on dedicated bus lanes for Route 9 was pushed back to March after a "
                "three-hour public hearing.",
                "Transit riders asked for faster trips; drivers worried about parking.",
            )),
    Article("/harbor-bridge-repairs", "Harbor Bridge repairs will close two lanes until April",
            "Daniel Reyes", "2026-02-27", "Traffic", "river_bridge_view.jpg", (
                "Two of the four lanes on Harbor Bridge close from Monday for deck repairs. "
                "The work runs until April 17, weekdays from 7 pm to 5 am.",
                "Drivers are asked to use the North Tunnel. Buses keep their stops on the "
                "bridge.",
            )),
    Article("/library-ends-late-fees", "Public library ends late fees for good",
            "Priya Natarajan", "2026-02-28", "Community", "library_reading_room.jpg", (
                "The Riverside Public Library no longer charges late fees on books, films or "
                "games. Old fines have been cleared.",
                "Items more than 30 days late still block new loans until they come back.",
                "The library is open Monday to Saturday from 9:00 to 20:00.",
            )),
    Article("/comet-visible", "Comet visible to the naked eye next week", "Tom Becker",
            "2026-03-01", "Science", "mountain_peak_night_sky.jpg", (
                "Comet C/2025 K1 will be brightest between March 6 and March 9. Look low in "
                "the west about an hour after sunset.",
                "The observatory on Ridge Hill opens its telescopes to the public on March 7 "
                "from 19:30.",
            )),
    Article("/bakery-bread-award", "Corner bakery wins regional bread award", "Elena Rossi",
            "2026-02-24", "Food", "bakery_bread_food.jpg", (
                "Crumb & Crust on Maple Avenue won gold for its rye sourdough at the regional "
                "bakers' fair.",
                "Owner Sam Whitaker bakes 300 loaves a day, starting at 4 am.",
            )),
    Article("/marathon-record", "Spring marathon draws a record 9,400 runners", "Kevin Park",
            "2026-02-25", "Sports", "marathon_group_friends.jpg", (
                "Registration for the Riverside Spring Marathon closed with 9,400 runners, "
                "1,100 more than last year.",
                "The race is on Sunday, April 12, starting at 7:30 at City Park. Roads along "
                "the river close from 6:00 to 14:00.",
            )),
)


def _date_words(iso: str) -> str:
    months = ("January", "February", "March", "April", "May", "June", "July", "August",
              "September", "October", "November", "December")
    year, month, day = (int(p) for p in iso.split("-"))
    return f"{months[month - 1]} {day}, {year}"


def byline(a: Article) -> str:
    return f"By {a.author} · {_date_words(a.date)}"


def pages() -> dict[str, Page]:
    """The site's pages by path."""
    newest = sorted(ARTICLES, key=lambda a: a.date, reverse=True)
    front = Page(NAME, (
        ("h1", NAME),
        ("meta", "Local news for Riverside · Monday, March 2, 2026"),
        ("img", "city_skyline_morning.jpg"),
        ("h2", "Top stories"),
        *[("card", a.title, f"{a.section} · {byline(a)}", f"https://{HOST}{a.path}", a.picture)
          for a in newest],
        ("p", "The Daily Ledger has covered Riverside since 1921."),
        ("link", "Search the Ledger", "https://search.local/"),
    ))
    out = {"/": front}
    for a in ARTICLES:
        out[a.path] = Page(f"{a.title} - {NAME}", (
            ("meta", a.section.upper()),
            ("h1", a.title),
            ("meta", byline(a)),
            ("img", a.picture),
            *[("p", p) for p in a.paragraphs],
            ("link", f"More from {NAME}", f"https://{HOST}/"),
        ))
    return out
