#!/usr/bin/python3
"""Prints every key the registry offers to listeners, as JSON lines, until SIGTERM;
prints "ready" on standard error once listening (what any process on the accessibility
bus can see of the keys typed in an application).

Usage: keys.py
Each line: type (press or release), keysym (id), keycode (hw_code), modifiers, text (event_string), is_text.
Listens for keys with no modifier held.
"""
import json
import signal
import sys

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402


def record(event):
    print(json.dumps({
        "type": "press" if event.type == Atspi.EventType.KEY_PRESSED_EVENT else "release",
        "keysym": event.id,
        "keycode": event.hw_code,
        "modifiers": event.modifiers,
        "text": event.event_string,
        "is_text": bool(event.is_text),
    }), flush=True)
    return False


def main():
    listener = Atspi.DeviceListener.new(record)
    types = (1 << Atspi.EventType.KEY_PRESSED_EVENT) | (1 << Atspi.EventType.KEY_RELEASED_EVENT)
    # The registry adds the listener, then answers whether it could also grab the keys on the X server:
    # at-spi2-core 2.46 answers false for every key (no grab), and offers the keys all the same.
    Atspi.register_keystroke_listener(listener, None, 0, types, Atspi.KeyListenerSyncType.SYNCHRONOUS)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, lambda: Atspi.event_quit() or False)
    GLib.idle_add(lambda: print("ready", file=sys.stderr, flush=True) or False)
    Atspi.event_main()
    return 0


if __name__ == "__main__":
    sys.exit(main())
