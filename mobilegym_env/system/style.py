"""Colours of the system surfaces (shade, heads-up, dialogs, sheets, Recents, keyboard).

The Pixel system UI uses the same tonal roles as apps; these names say which role each surface
takes, so the theme decides their values (and the dark theme maps them) in one place.
"""

from __future__ import annotations

from ..ui import theme as T

SHADE_BG = T.SURFACE_CONTAINER  # the opaque shade
CARD_BG = T.SURFACE_CONTAINER_LOWEST  # notifications and the heads-up
CARD_BORDER = T.OUTLINE_VARIANT  # the heads-up floats over the app: a hairline edge
TILE_ON = T.PRIMARY  # an active quick-settings tile and the brightness level
TILE_ON_FG = T.ON_PRIMARY
TILE_OFF = T.SURFACE_CONTAINER_HIGHEST  # an inactive tile and the brightness track
TILE_OFF_FG = T.ON_SURFACE
CHIP_BG = T.SURFACE_CONTAINER_HIGH  # round buttons on a card (the expand chevron)
DIALOG_BG = T.SURFACE_CONTAINER_HIGH  # system dialogs and sheets
TONAL_BG = T.SECONDARY_CONTAINER  # tonal buttons
TONAL_FG = T.ON_SECONDARY_CONTAINER
KEYBOARD_BG = T.SURFACE_CONTAINER_HIGH
KEY_BG = T.SURFACE_CONTAINER_LOWEST
SPECIAL_KEY_BG = T.SURFACE_DIM  # shift, delete, ?123
ENTER_BG = T.PRIMARY_CONTAINER  # Gboard's accent-tinted Enter
SHIFT_ON_BG = T.SECONDARY_CONTAINER
SELECT_OUTLINE = T.PRIMARY  # Recents' Select mode outlines texts
AVATAR_COLORS = ("#1A73E8", "#188038", "#C5221F", "#E37400", "#8430CE", "#007B83")
UNKNOWN_AVATAR = T.OUTLINE
