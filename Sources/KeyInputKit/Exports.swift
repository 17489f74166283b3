// KeyInputKit's API takes and returns XKB's keymaps, keycodes and keysyms, so one import is enough.
@_exported import XKB
