"""recipes.local: Home Kitchen, a recipe site: an index and seven recipes with their cards."""

from __future__ import annotations

from typing import NamedTuple

from .page import Page, slug

HOST = "recipes.local"
NAME = "Home Kitchen"


class Recipe(NamedTuple):
    title: str
    servings: int
    prep_min: int
    cook_min: int
    picture: str
    ingredients: tuple[str, ...]
    steps: tuple[str, ...]

    @property
    def path(self) -> str:
        return f"/{slug(self.title)}"

    @property
    def card_file(self) -> str:
        """The name its printable card downloads as."""
        return f"{slug(self.title)}-recipe.pdf"


RECIPES: tuple[Recipe, ...] = (
    Recipe("Lemon Garlic Pasta", 2, 10, 15, "pasta_dinner_food.jpg",
           ("200 g spaghetti", "3 cloves garlic", "1 lemon", "3 tbsp olive oil",
            "40 g parmesan", "A handful of parsley"),
           ("Cook the spaghetti in salted water.", "Fry the sliced garlic in the oil until "
            "golden.", "Toss the pasta with garlic, lemon zest and juice, parmesan and "
            "parsley.")),
    Recipe("Chicken Tikka Masala", 4, 20, 35, "curry_dinner_food.jpg",
           ("600 g chicken thighs", "150 g plain yogurt", "2 tbsp tikka paste", "1 onion",
            "400 g crushed tomatoes", "150 ml cream", "Fresh coriander"),
           ("Marinate the chicken in yogurt and paste for 20 minutes.", "Grill the chicken "
            "until charred.", "Simmer onion, tomatoes and cream, then add the chicken.")),
    Recipe("Red Lentil Soup", 6, 15, 40, "lentil_soup_lunch_food.jpg",
           ("300 g red lentils", "1 onion", "2 carrots", "2 tsp cumin", "1.5 l vegetable stock",
            "1 lemon"),
           ("Soften the onion and carrots.", "Add lentils, cumin and stock; simmer 35 minutes.",
            "Blend half and finish with lemon juice.")),
    Recipe("Banana Pancakes", 3, 10, 12, "pancakes_breakfast_food.jpg",
           ("2 ripe bananas", "2 eggs", "120 g flour", "200 ml milk", "1 tsp baking powder",
            "Butter for the pan"),
           ("Mash the bananas and whisk in eggs and milk.", "Stir in flour and baking powder.",
            "Cook small pancakes in butter, 2 minutes a side.")),
    Recipe("Greek Salad", 4, 15, 0, "greek_salad_lunch_food.jpg",
           ("4 tomatoes", "1 cucumber", "1 red onion", "200 g feta", "80 g kalamata olives",
            "Dried oregano", "4 tbsp olive oil"),
           ("Cut the vegetables into chunks.", "Top with feta and olives.",
            "Dress with oil and oregano.")),
    Recipe("Slow Beef Chili", 6, 20, 90, "chili_dinner_food.jpg",
           ("800 g minced beef", "2 onions", "2 tins kidney beans", "2 tins chopped tomatoes",
            "2 tbsp chili powder", "1 tbsp cocoa powder"),
           ("Brown the beef and onions.", "Add everything else and simmer 90 minutes.",
            "Season and serve with rice.")),
    Recipe("Lemon Drizzle Cake", 8, 20, 45, "lemon_cake_food.jpg",
           ("225 g butter", "225 g sugar", "4 eggs", "225 g self-raising flour", "2 lemons",
            "85 g icing sugar"),
           ("Beat butter and sugar, add eggs and flour.", "Bake 45 minutes at 180 °C.",
            "Pour the lemon and icing sugar over the warm cake.")),
)


def _minutes(n: int) -> str:
    if n < 60:
        return f"{n} min"
    return f"{n // 60} h {n % 60} min" if n % 60 else f"{n // 60} h"


def card_text(r: Recipe) -> str:
    """The printable recipe card's content (what its download saves)."""
    return "\n".join([f"{r.title} ({NAME})", f"Serves {r.servings}",
                      f"Prep {_minutes(r.prep_min)}, cook {_minutes(r.cook_min)}", "",
                      "Ingredients:", *[f"- {i}" for i in r.ingredients], "", "Method:",
                      *[f"{n}. {s}" for n, s in enumerate(r.steps, 1)]])


def pages() -> dict[str, Page]:
    """The site's pages by path."""
    index = Page(f"{NAME} - Easy recipes", (
        ("h1", NAME),
        ("p", "Simple food for every day. New recipes every week."),
        ("img", "kitchen_food_table.jpg"),
        ("h2", "All recipes"),
        *[("card", r.title, f"Serves {r.servings} · {_minutes(r.prep_min + r.cook_min)} total",
           f"https://{HOST}{r.path}", r.picture) for r in RECIPES],
    ))
    out = {"/": index}
    for r in RECIPES:
        out[r.path] = Page(f"{r.title} - {NAME}", (
            ("h1", r.title),
            ("img", r.picture),
            ("kv", "Servings", str(r.servings)),
            ("kv", "Prep time", _minutes(r.prep_min)),
            ("kv", "Cook time", _minutes(r.cook_min) if r.cook_min else "No cooking"),
            ("h2", "Ingredients"),
            *[("li", i) for i in r.ingredients],
            ("h2", "Method"),
            *[("p", f"{n}. {s}") for n, s in enumerate(r.steps, 1)],
            ("download", "Download recipe card (PDF)", r.card_file, card_text(r)),
            ("link", f"All recipes on {NAME}", f"https://{HOST}/"),
        ))
    return out
