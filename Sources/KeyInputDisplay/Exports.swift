@_exported import KeyInputKit
