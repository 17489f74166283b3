// An app that opens the display's host builds its window with KeyInputKit: one import serves both.
@_exported import KeyInputKit
