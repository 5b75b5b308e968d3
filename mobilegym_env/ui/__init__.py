"""The UI toolkit: declarative view builders, layout, painting, hit-testing and the UI tree.

Apps import everything they need from here::

    from mobilegym_env.ui import col, row, text, button, list_item, top_app_bar, scaffold
"""

from . import theme
from .components import (
    avatar,
    bar_action,
    bottom_sheet,
    card,
    chip,
    dialog,
    empty_state,
    fab,
    large_top_app_bar,
    list_item,
    popup_menu,
    progress_bar,
    raised,
    scaffold,
    scrim,
    section_header,
    selection_bar,
    snackbar,
    tab_bar,
    text_button,
    top_app_bar,
)
from .context import Router, ScreenContext, split_route, with_query
from .pickers import date_picker, time_picker
from .retain import Call, retained
from .view import (
    FILL,
    View,
    box,
    button,
    checkbox,
    col,
    divider,
    editable_field,
    hscroll,
    icon,
    icon_button,
    image,
    outlined,
    radio,
    row,
    scroll,
    slider,
    spacer,
    stack,
    switch,
    text,
    text_field,
)

__all__ = [
    "avatar", "bar_action", "bottom_sheet", "Call", "box", "button", "card", "checkbox", "chip", "col",
    "date_picker", "dialog", "divider", "editable_field", "empty_state", "fab", "FILL",
    "hscroll", "icon", "icon_button", "image", "large_top_app_bar", "list_item", "outlined",
    "popup_menu", "progress_bar", "radio", "raised", "retained", "Router", "row", "scaffold",
    "ScreenContext", "scrim", "scroll", "section_header", "selection_bar", "slider", "snackbar",
    "spacer", "split_route", "stack", "switch", "tab_bar", "text", "text_button", "text_field",
    "theme", "time_picker", "top_app_bar", "View", "with_query",
]
