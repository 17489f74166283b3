// The window tester lives in KeyInputScripting, which the demo's scripted sessions use too;
// tests import this module and get it, with KeyInputKit and XKB.
@_exported import KeyInputKit
@_exported import KeyInputScripting
