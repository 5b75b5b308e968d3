"""System chrome: status bar, launcher, recents, shade, keyboard, sheets, toasts.

These are drawn by the OS around and over the foreground activity; ``compose.screen`` stacks
them into the one view tree a frame is made of.
"""
