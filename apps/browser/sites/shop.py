"""shop.local: Gadget Corner, an electronics store: a catalogue and ten product pages."""

from __future__ import annotations

from typing import NamedTuple

from .page import Page, slug

HOST = "shop.local"
NAME = "Gadget Corner"


class Product(NamedTuple):
    name: str
    kind: str  # a category, plural as the catalogue names it
    price: float
    rating: float
    reviews: int
    picture: str
    specs: tuple[tuple[str, str], ...]

    @property
    def path(self) -> str:
        return f"/product/{slug(self.name)}"

    @property
    def price_text(self) -> str:
        return f"${self.price:,.2f}"

    @property
    def manual_file(self) -> str:
        return f"{slug(self.name)}-manual.pdf"


PRODUCTS: tuple[Product, ...] = (
    Product("Aurora Wireless Headphones", "headphones", 129.99, 4.5, 812,
            "aurora_headphones_blue_product.jpg",
            (("Battery", "30 hours"), ("Noise cancelling", "Yes"), ("Weight", "250 g"),
             ("Colour", "Midnight blue"))),
    Product("Pulse Sport Earbuds", "headphones", 59.99, 4.1, 1_304, "sport_earbuds_black_product.jpg",
            (("Battery", "8 hours (+24 h case)"), ("Water resistance", "IPX5"),
             ("Weight", "5 g per earbud"), ("Colour", "Black"))),
    Product("Studio Pro Headphones", "headphones", 89.50, 4.3, 377, "studio_headphones_black_product.jpg",
            (("Battery", "Wired"), ("Noise cancelling", "No"), ("Weight", "280 g"),
             ("Cable", "3 m coiled"))),
    Product("Orbit Smartwatch 2", "smartwatches", 199.00, 4.4, 954, "orbit_smartwatch_silver_product.jpg",
            (("Display", "1.4 in AMOLED"), ("Battery", "3 days"), ("GPS", "Yes"),
             ("Water resistance", "5 ATM"))),
    Product("Orbit Fit Band", "smartwatches", 49.95, 3.9, 2_087, "fit_band_green_product.jpg",
            (("Display", "1.1 in LCD"), ("Battery", "10 days"), ("GPS", "No"),
             ("Water resistance", "5 ATM"))),
    Product("Boom Mini Speaker", "speakers", 39.99, 4.2, 1_655, "mini_speaker_red_product.jpg",
            (("Battery", "12 hours"), ("Output", "5 W"), ("Water resistance", "IP67"),
             ("Weight", "320 g"))),
    Product("Boom Max Speaker", "speakers", 149.00, 4.6, 603, "max_speaker_black_product.jpg",
            (("Battery", "24 hours"), ("Output", "40 W"), ("Water resistance", "IP67"),
             ("Weight", "2.1 kg"))),
    Product("VoltPack 10000 Power Bank", "power banks", 24.99, 4.0, 3_210,
            "power_bank_white_product.jpg",
            (("Capacity", "10,000 mAh"), ("Ports", "USB-C, USB-A"), ("Fast charging", "18 W"),
             ("Weight", "210 g"))),
    Product("VoltPack 20000 Power Bank", "power banks", 39.49, 4.3, 1_876,
            "power_bank_large_grey_product.jpg",
            (("Capacity", "20,000 mAh"), ("Ports", "2x USB-C, USB-A"), ("Fast charging", "30 W"),
             ("Weight", "390 g"))),
    Product("KeyLite Mechanical Keyboard", "keyboards", 74.90, 4.7, 488,
            "mechanical_keyboard_grey_product.jpg",
            (("Switches", "Brown tactile"), ("Layout", "75%"), ("Connection", "Bluetooth, USB-C"),
             ("Battery", "4 weeks"))),
)
KINDS: tuple[str, ...] = tuple(dict.fromkeys(p.kind for p in PRODUCTS))


def _stars(p: Product) -> str:
    return f"{p.rating:.1f} out of 5 ({p.reviews:,} reviews)"


def manual_text(p: Product) -> str:
    return "\n".join([f"{p.name} - User manual", "", *[f"{k}: {v}" for k, v in p.specs], "",
                      "Charge fully before first use. Keep away from water unless rated."])


def pages() -> dict[str, Page]:
    """The site's pages by path (the catalogue lists products in a fixed, unsorted order)."""
    order = sorted(PRODUCTS, key=lambda p: (p.reviews % 7, p.name))  # a shop's "featured" mix
    catalogue = Page(f"{NAME} - Electronics and gadgets", (
        ("h1", NAME),
        ("p", "Free delivery on orders over $50. 30-day returns."),
        ("img", "gadget_corner_products.jpg"),
        ("h2", "Featured products"),
        *[("card", p.name, f"{p.price_text} · rated {p.rating:.1f}", f"https://{HOST}{p.path}",
           p.picture) for p in order],
        ("link", "Returns and delivery help", "https://help.local/returns"),
    ))
    out = {"/": catalogue}
    for p in PRODUCTS:
        out[p.path] = Page(f"{p.name} - {NAME}", (
            ("meta", p.kind.capitalize()),
            ("h1", p.name),
            ("img", p.picture),
            ("kv", "Price", p.price_text),
            ("kv", "Rating", _stars(p)),
            ("h2", "Specifications"),
            *[("kv", k, v) for k, v in p.specs],
            ("p", "In stock. Ships within 2 business days."),
            ("download", "Download user manual (PDF)", p.manual_file, manual_text(p)),
            ("link", f"Back to {NAME}", f"https://{HOST}/"),
        ))
    return out
